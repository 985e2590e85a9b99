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
	// As WordPress writes them: the post's classes, then its tags.
	var sb strings.Builder
	sb.WriteString("hentry")
	for k := range 3000 {
		fmt.Fprintf(&sb, " tag-t%d", k)
	}
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

// TestNamesReadBounded: a class value is read for the names of a part up
// to maxNameBytes, cut at a space; a name past them is not read, so a
// parent of sixty thousand class names asked once for each of its
// children costs each child a few kilobytes.
func TestNamesReadBounded(t *testing.T) {
	long := strings.Repeat("wide-name ", maxNameBytes/10+10)
	for _, tc := range []struct {
		class string
		want  bool
	}{
		{"sidebar", true},
		{"wide-name sidebar", true},
		{long + "sidebar", false},
	} {
		body, _ := parseBody(t, `<div class="`+tc.class+`"><p>Text</p></div>`)
		div := findFirst(body, func(n *html.Node) bool { return n.Data == "div" })
		if got := nameHas(div, weakWords); got != tc.want {
			t.Errorf("nameHas(%.30q...) = %v, want %v", tc.class, got, tc.want)
		}
		if got := namedBy(div, weakWords); got != tc.want {
			t.Errorf("namedBy(%.30q...) = %v, want %v", tc.class, got, tc.want)
		}
	}
	if got := namesRead(long + "x"); len(got) > maxNameBytes || strings.HasSuffix(got, " ") || !strings.HasSuffix(got, "wide-name") {
		t.Errorf("namesRead cut at %d bytes, ending %q", len(got), got[max(0, len(got)-12):])
	}
}
