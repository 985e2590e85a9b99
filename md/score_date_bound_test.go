package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestDateLineReadsTextFirst: whether an element is a date line is read
// from its text first, its parent's names only for a date: reading them
// first made a parent of thousands of classes split them again for each
// of its thousands of children. The order changes no answer (neither
// reading allocates, so this guards the answers, not the order).
func TestDateLineReadsTextFirst(t *testing.T) {
	var sb strings.Builder
	for i := range 5000 {
		sb.WriteString("event-" + strings.Repeat("x", i%7) + " ")
	}
	body, _ := parseBody(t, `<div class="`+sb.String()+`"><p>Some words of the text.</p><p><time>May 4, 2020</time></p></div>`)
	var ps []*html.Node
	walk(body, func(n *html.Node) bool {
		if n.Data == "p" {
			ps = append(ps, n)
		}
		return true
	})
	if isDateLine(ps[0], "some words of the text.") {
		t.Error("a line saying no date is a date line")
	}
	if isDateLine(ps[1], "may 4, 2020") {
		t.Error("a date in a part named for an event is a date line")
	}
}
