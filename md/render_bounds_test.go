package md_test

import (
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// TestOutputGrowsWithInput converts pages built to make the Markdown far
// larger than the HTML, and checks that it stays within a small multiple
// of it: a hostile page must not turn a few kilobytes into gigabytes.
func TestOutputGrowsWithInput(t *testing.T) {
	for _, tc := range []struct {
		name   string
		html   string
		factor int // the Markdown may be at most this many times the HTML
	}{
		{
			// One wide row, then many rows of one cell each.
			name:   "table with one wide row",
			html:   "<table><tr>" + strings.Repeat("<td>", 2000) + strings.Repeat("<tr><td>x", 2000) + "</table>",
			factor: 4,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := md.Convert([]byte(tc.html), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			if got, limit := len(res.Markdown), tc.factor*len(tc.html); got > limit {
				t.Errorf("%d bytes of HTML gave %d bytes of Markdown, more than %d", len(tc.html), got, limit)
			}
		})
	}
}
