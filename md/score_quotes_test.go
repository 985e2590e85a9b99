package md

import (
	"strings"
	"testing"
)

// TestQuoteFinder checks that quoteFinder answers alike whether it scans
// the text (few pieces) or indexes it (many): a piece is said above a
// quotation when its first occurrence ends by the quotation's start, and
// text past the last quotation is not read.
func TestQuoteFinder(t *testing.T) {
	text := "the first post says hello\nthe second post says hello again\n" +
		"a reply quoting: the second post says hello again\nlater text only\n"
	last := strings.Index(text, "a reply")
	cases := []struct {
		piece  string
		before int
		want   bool
	}{
		{"the second post says hello again", last, true},
		{"the second post says hello again", 10, false},
		{"the first post says hello", len("the first post says hello"), true},
		{"the first post says hello", len("the first post says hello") - 1, false},
		{"later text only", last, false}, // past the last quotation
		{"never said anywhere", last, false},
	}
	for _, pieces := range []int{1, quoteScanBytes} { // scanned, indexed
		said := quoteFinder(text, last, pieces)
		for _, c := range cases {
			if got := said(c.piece, c.before); got != c.want {
				t.Errorf("pieces %d: %q before %d: %v, want %v", pieces, c.piece, c.before, got, c.want)
			}
		}
	}
}
