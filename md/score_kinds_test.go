package md

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
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

// TestOutermostByKind checks that the elements onlyBylineOfItsKind reads
// for a kind, listed for every kind in one reading, are those a reading of
// the part for that kind alone would meet: of the kind, not inside another
// of it.
func TestOutermostByKind(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<div class="meta"><div class="meta">By Ann <span class="meta">May 3, 2017</span></div></div><p>x</p><div class="meta">By Bo</div>`)
	for i := range 30 {
		fmt.Fprintf(&sb, `<div class="byline b%d">By writer</div><div class="byline b%d"><div class="byline b%d">By writer</div></div>`, i, i, i)
	}
	doc, err := html.Parse(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	root := findFirst(doc, func(n *html.Node) bool { return n.Data == "body" })
	got := outermostByKind(root)
	walk(root, func(n *html.Node) bool {
		if n.Type != html.ElementNode {
			return true
		}
		kind := kindOf(n)
		var want []*html.Node
		walk(root, func(c *html.Node) bool {
			if c.Type == html.ElementNode && kindOf(c) == kind {
				want = append(want, c)
				return false
			}
			return true
		})
		if !slices.Equal(got[kind], want) {
			t.Errorf("<%s class=%q>: %d outermost, want %d", n.Data, getAttr(n, "class"), len(got[kind]), len(want))
		}
		return true
	})
	if n := len(got[elementKind{atom.Div, "div", "byline b0"}]); n != 2 {
		t.Errorf("byline b0: %d outermost, want 2", n)
	}
}
