package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestKickerNodesBounded: a line of links is read up to kickerNodes
// nodes outside its links; a short text spread over more is no line,
// wherever the links are in it, and the nodes inside a link are not
// counted.
func TestKickerNodesBounded(t *testing.T) {
	links := `<a href="/a">Health</a> <a href="/b">Fitness</a>`
	for _, tt := range []struct {
		name, line string
		want       bool
	}{
		{"few nodes", "<div>" + links + strings.Repeat("<i></i>", 100) + "</div>", true},
		{"nodes after", "<div>" + links + strings.Repeat("<i></i>", 100_000) + "</div>", false},
		{"nodes before", "<div>" + strings.Repeat("<i></i>", 100_000) + links + "</div>", false},
		{"nodes in a link", `<div><a href="/a">Health` + strings.Repeat("<i></i>", 100_000) + "</a></div>", true},
		{"too many links", "<div>" + strings.Repeat(`<a href="/a">A</a>`, kickerLinks+1) + "</div>", false},
	} {
		body, s := parseBody(t, tt.line)
		div := findFirst(body, func(n *html.Node) bool { return n.Data == "div" })
		if got := isKicker(div, s.get(div)); got != tt.want {
			t.Errorf("%s: isKicker = %v, want %v", tt.name, got, tt.want)
		}
	}
}
