package md

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestElementKinds checks that elementKinds, which counts the elements of
// a part once, says what reading the part for each element would: whether
// another element there has its tag and class.
func TestElementKinds(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<div class="post"><div class="byline">By Ann</div></div><div class="post"><div class="byline">By Bo</div></div>`)
	for i := range 50 {
		fmt.Fprintf(&sb, `<div class="byline b%d">By writer %d</div><p>Text <span>%d</span></p><my-byline>x</my-byline>`, i, i, i)
	}
	doc, err := html.Parse(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	root := findFirst(doc, func(n *html.Node) bool { return n.Data == "body" })
	kinds := elementKinds{root: root}
	walk(root, func(n *html.Node) bool {
		if n.Type != html.ElementNode {
			return true
		}
		want := findFirst(root, func(c *html.Node) bool { return c != n && sameElement(c, n) }) == nil
		if got := kinds.onlyOfItsKind(n); got != want {
			t.Errorf("<%s class=%q>: onlyOfItsKind %v, want %v", n.Data, getAttr(n, "class"), got, want)
		}
		return true
	})
}
