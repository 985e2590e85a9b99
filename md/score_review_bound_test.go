package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestCopyrightLineHeadingBounded: a copyright line's part is read for a
// heading up to copyrightReads nodes; a part spread over more is no
// copyright line, so that the nested parts around one line, each asked
// in turn, do not read a hundred thousand empty elements each.
func TestCopyrightLineHeadingBounded(t *testing.T) {
	line := "<span>© 2024 Maker Ltd. All rights reserved</span>"
	for _, tt := range []struct {
		name, part string
		want       bool
	}{
		{"a line", "<div>" + line + "</div>", true},
		{"a few empty elements", "<div>" + line + strings.Repeat("<i></i>", 100) + "</div>", true},
		{"a heading", "<div>" + line + strings.Repeat("<i></i>", 100) + "<h2></h2></div>", false},
		{"a far heading", "<div>" + line + strings.Repeat("<i></i>", 100_000) + "<h2></h2></div>", false},
		{"too many elements", "<div>" + line + strings.Repeat("<i></i>", 100_000) + "</div>", false},
	} {
		body, s := parseBody(t, tt.part)
		div := findFirst(body, func(n *html.Node) bool { return n.Data == "div" })
		if got := isCopyrightLine(div, s.get(div)); got != tt.want {
			t.Errorf("%s: isCopyrightLine = %v, want %v", tt.name, got, tt.want)
		}
	}
}
