package md

import (
	"strings"
	"testing"
)

// TestSaidIndex checks that saidIndex answers alike whether it scans the
// text (few pieces) or indexes it (many): a piece is said above a
// quotation when its first occurrence ends by the quotation's start, and
// text past the last quotation is not read.
func TestSaidIndex(t *testing.T) {
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
		said := newSaidIndex(text, last, pieces, map[string]int{})
		if said.scan != (pieces == 1) {
			t.Fatalf("pieces %d: scan %v", pieces, said.scan)
		}
		for _, c := range cases {
			if got := said.above(c.piece, c.before); got != c.want {
				t.Errorf("pieces %d: %q before %d: %v, want %v", pieces, c.piece, c.before, got, c.want)
			}
		}
	}
	// A node's whole text is found where it ends, without a search.
	said := newSaidIndex("one two three\nfour five six\n", 28, 1, map[string]int{"one two three": 13})
	if !said.above("one two three", 13) || !said.above("four five", 23) || said.above("four five", 22) || said.above("seven", 28) {
		t.Error("pieces not found where they end")
	}
}

// TestSaidIndexBound checks that looking up the pieces of quotations that
// are runs of one letter, each a little longer, reads a bounded number of
// places in the index: each run is found at nearly every place of the
// text, and reading them all would be cubic in the number of runs.
func TestSaidIndexBound(t *testing.T) {
	var sb strings.Builder
	var pieces []string
	for k := quotePieceRunes; k < quotePieceRunes+400; k++ {
		p := strings.Repeat("a", k)
		pieces = append(pieces, p)
		sb.WriteString(p)
		sb.WriteByte('\n')
	}
	text := sb.String()
	x := newSaidIndex(text, len(text), len(pieces), map[string]int{})
	if x.scan {
		t.Fatal("400 pieces of a 90 KB text are scanned, not indexed")
	}
	for _, p := range pieces {
		x.above(p, len(text))
	}
	if limit := quoteReads*len(text) + 1; x.read > limit+1 {
		t.Errorf("read %d places, want at most %d", x.read, limit+1)
	}
}
