package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSelectorPathTail: of a deep path only the last pathTail elements
// are named, and only they are read (the remover explains each of
// thousands of pictures deep in a page); a path outside the body is
// named whole.
func TestSelectorPathTail(t *testing.T) {
	huge := strings.Repeat("c ", 10_000)
	page := strings.Repeat(`<div class="`+huge+`">`, 100) + `<img src="a.png">`
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	img := findFirst(doc, func(n *html.Node) bool { return n.Data == "img" })
	want := "body > … > div.c.c > div.c.c > div.c.c > div.c.c > img"
	if got := selectorPath(img); got != want {
		t.Errorf("selectorPath = %q, want %q", got, want)
	}
	// Naming an element allocates a few strings: a path of 100 elements
	// allocates for the five it names, not for all 100.
	if allocs := testing.AllocsPerRun(10, func() { selectorPath(img) }); allocs > 10*pathTail {
		t.Errorf("selectorPath allocates %.0f times for a path of 100 elements", allocs)
	}
	leaf := &html.Node{Type: html.ElementNode, Data: "div"}
	div := leaf
	for range 8 {
		p := &html.Node{Type: html.ElementNode, Data: "section"}
		p.AppendChild(div)
		div = p
	}
	if got := selectorPath(leaf); got != strings.Repeat("section > ", 8)+"div" {
		t.Errorf("selectorPath outside the body = %q", got)
	}
}
