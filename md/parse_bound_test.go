package md

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestAttributesCapped: an element keeps its first maxAttributes
// attributes, so that the rules reading a parent's class for each of its
// children read a bounded list; an element of fewer keeps them all.
func TestAttributesCapped(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<div id="wide" class="share"`)
	for i := range 20_000 {
		fmt.Fprintf(&sb, " d%d=x", i)
	}
	sb.WriteString(`><p class="a" id="b" title="c">x</p></div>`)
	doc := parse([]byte(sb.String()))
	div := findFirst(doc, func(n *html.Node) bool { return n.Data == "div" })
	if got := len(div.Attr); got != maxAttributes {
		t.Errorf("the wide element keeps %d attributes, want %d", got, maxAttributes)
	}
	if getAttr(div, "id") != "wide" || getAttr(div, "class") != "share" {
		t.Errorf("the first attributes are lost: %v", div.Attr[:2])
	}
	p := findFirst(doc, func(n *html.Node) bool { return n.Data == "p" })
	if got := len(p.Attr); got != 3 {
		t.Errorf("a narrow element keeps %d attributes, want 3", got)
	}
}
