package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// domTexts are texts whose spaces, capitals and bytes the shortcuts of
// collapse and lowerIn must read as the collapser does.
var domTexts = []string{
	"", " ", "\t\n", "a", "A", "a b", "a  b", " a", "a ", "a\tb", "a\u00a0b",
	"Add to Cart", "add to cart", "\n  Add\n\tto  cart ", "ÉTÉ été", "\u212a", "\u0130",
	"x\xffy", "\xff", "caf\u00e9", "Slide", "slide", "ſ", "two  spaces\u2003em",
}

// TestCollapse checks that collapse, which returns most strings as they
// are, gives what the collapser writes.
func TestCollapse(t *testing.T) {
	for _, s := range domTexts {
		for _, lower := range []bool{false, true} {
			c := collapser{lower: lower}
			c.write(s)
			if got, want := collapse(s, lower), c.sb.String(); got != want {
				t.Errorf("collapse(%q, %v) = %q, want %q", s, lower, got, want)
			}
		}
	}
}

// TestLowerTextUpTo checks the text read into a buffer for a lookup
// against the strings it stands for, blocks and limits included.
func TestLowerTextUpTo(t *testing.T) {
	for _, src := range []string{
		"<a> Add <b>to</b>\n Cart </a>",
		"<a>Add<div>to</div>CART</a>",
		"<a>ÉTÉ \u212a</a>",
		"<a>" + strings.Repeat("word ", 30) + "</a>",
		"<a><span></span><span> x </span></a>",
	} {
		doc, err := html.Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		a := findFirst(doc, func(n *html.Node) bool { return n.Data == "a" })
		for _, limit := range []int{4, 16, 64} {
			text, whole := textUpTo(a, limit)
			var buf [8]byte
			got, gotWhole := lowerTextUpTo(buf[:0], a, limit)
			if want := strings.ToLower(collapseSpace(text)); string(got) != want || gotWhole != whole {
				t.Errorf("%s, limit %d: %q %v, want %q %v", src, limit, got, gotWhole, want, whole)
			}
		}
	}
}

// TestLowerIn checks the lookup of a lowered word against the string
// lowered.
func TestLowerIn(t *testing.T) {
	for _, s := range append(domTexts, strings.Repeat("A", 70)) {
		set := map[string]bool{strings.ToLower(s): true}
		if !lowerIn(s, set) {
			t.Errorf("lowerIn(%q) = false", s)
		}
		if lowerIn(s+"x", set) {
			t.Errorf("lowerIn(%q) = true", s+"x")
		}
	}
}
