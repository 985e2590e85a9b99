package md

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestPostClassesReadOnce: a class list is read for a post's classes once,
// however many of its taxonomy names ask; the names are still skipped.
func TestPostClassesReadOnce(t *testing.T) {
	var sb strings.Builder
	for k := range 3000 {
		fmt.Fprintf(&sb, "tag-t%d ", k)
	}
	sb.WriteString("hentry")
	p := postClasses{classes: sb.String()}
	if !p.is() {
		t.Fatal("a post's class list not read as one")
	}
	p.classes = "" // read already: not read again
	if !p.is() {
		t.Error("the class list was read again")
	}
	body, _ := parseBody(t, `<div class="`+sb.String()+` tag-share-buttons"><p>Text</p></div>`)
	div := findFirst(body, func(n *html.Node) bool { return n.Data == "div" })
	if anyPartName(div, func(name string) bool { return strings.HasPrefix(name, "tag-") }) {
		t.Error("a post's taxonomy classes were read as names of its part")
	}
}
