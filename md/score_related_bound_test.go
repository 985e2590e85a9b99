package md

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// parseBody parses page and measures its body.
func parseBody(t *testing.T, page string) (*html.Node, *scorer) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	body := findFirst(doc, func(n *html.Node) bool { return n.Data == "body" })
	return body, measure(body)
}

// TestRunesAfterBounded: the text after a block is counted only past the
// limit asked, the next block's at most: a run of thousands of bios or
// labels does not read the rest of the run for each.
func TestRunesAfterBounded(t *testing.T) {
	var sb strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&sb, "<p>Paragraph number %04d.</p>", i)
	}
	body, s := parseBody(t, sb.String())
	first := findFirst(body, func(n *html.Node) bool { return n.Data == "p" })
	block := s.get(first).runes
	if got := runesAfter(first, body, s, 50); got <= 50 || got > 50+block {
		t.Errorf("runesAfter up to 50 = %d, want over 50 and at most %d", got, 50+block)
	}
	if got, want := runesAfter(first, body, s, 1<<30), 999*block; got != want {
		t.Errorf("runesAfter unbounded = %d, want %d", got, want)
	}
}

// TestRelatedPartBounded: a label leading elsewhere heads at most
// relatedPartBlocks blocks: over a run of more, it heads no band of
// other pages, and is not read to the end of the run.
func TestRelatedPartBounded(t *testing.T) {
	page := func(blocks int) string {
		var sb strings.Builder
		sb.WriteString("<div>" + strings.Repeat("<p>"+strings.Repeat("Words of the article itself. ", 40)+"</p>", 40))
		sb.WriteString("<p>You might also like:</p>")
		for i := range blocks {
			fmt.Fprintf(&sb, `<div><a href="/a%d">Another post</a> <a href="/b%d">Other one</a></div>`, i, i)
		}
		sb.WriteString("</div>")
		return sb.String()
	}
	for _, tt := range []struct {
		blocks int
		want   bool
	}{{8, true}, {relatedPartBlocks, true}, {relatedPartBlocks + 1, false}, {5000, false}} {
		body, s := parseBody(t, page(tt.blocks))
		root := findFirst(body, func(n *html.Node) bool { return n.Data == "div" })
		label := findFirst(root, func(n *html.Node) bool { return n.Data == "p" && strings.HasPrefix(textContent(n), "You might") })
		if !isRelatedHeading(label, s) {
			t.Fatalf("%d blocks: the label is no related heading", tt.blocks)
		}
		if got := relatedPart(label, root, s) != nil; got != tt.want {
			t.Errorf("%d blocks: a part %v, want %v", tt.blocks, got, tt.want)
		}
	}
}

// TestCountLinksBounded: links are counted up to what is asked.
func TestCountLinksBounded(t *testing.T) {
	body, _ := parseBody(t, strings.Repeat(`<a href="/x">x</a>`, 500))
	if got := countLinks([]*html.Node{body}, relatedLinks); got != relatedLinks {
		t.Errorf("countLinks = %d, want %d", got, relatedLinks)
	}
}
