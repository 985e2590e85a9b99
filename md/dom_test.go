package md

import (
	"strings"
	"testing"
	"unicode"

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

// TestRawPartTextWords checks the words and last character of a text
// node, counted up to maxWords+1 and then looked for from the end,
// against a count over every character.
func TestRawPartTextWords(t *testing.T) {
	long := strings.Repeat("word ", 20)
	for _, s := range append(domTexts, long, long+"end  ", long+"\u00e9t\u00e9\u2003", long+"x\xff", long+"\xe2\x82", "  "+long+"\t\n", "a b c d e f g h i") {
		words, last, space := 0, rune(0), true
		for _, r := range s {
			if unicode.IsSpace(r) {
				space = true
				continue
			}
			if space && words <= maxWords {
				words++
			}
			space = false
			last = r
		}
		if got := rawPartText(s); got.words != words || got.last != last {
			t.Errorf("rawPartText(%q): %d words, last %q; want %d, %q", s, got.words, got.last, words, last)
		}
	}
}

// TestContainsFoldASCII checks the case-blind search namesCredit starts
// with.
func TestContainsFoldASCII(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"image-credit", true}, {"CaptionCredit", true}, {"CREDITS", true}, {"cred", false}, {"", false}, {"crédit", false},
	} {
		if got := containsFoldASCII(c.s, "credit"); got != c.want {
			t.Errorf("containsFoldASCII(%q) = %v", c.s, got)
		}
	}
}

// TestPrefixSuffixFoldASCII checks the case-blind prefix and suffix tests
// isCopyrightLine reads a line's first and last text with: what
// strings.ToLower would find, without a copy.
func TestPrefixSuffixFoldASCII(t *testing.T) {
	for _, c := range []struct {
		s              string
		prefix, suffix bool
	}{
		{"Copyright 2024 Acme", true, false},
		{"COPYRIGHT", true, false},
		{"Copy", false, false},
		{"© Acme. All Rights Reserved", false, true},
		{"ALL RIGHTS RESERVED", false, true},
		{"All rights reservéd", false, false},
		{"", false, false},
	} {
		if got := hasPrefixFoldASCII(c.s, "copyright"); got != c.prefix {
			t.Errorf("hasPrefixFoldASCII(%q) = %v", c.s, got)
		}
		if got := hasSuffixFoldASCII(c.s, "all rights reserved"); got != c.suffix {
			t.Errorf("hasSuffixFoldASCII(%q) = %v", c.s, got)
		}
		if got, want := hasPrefixFoldASCII(c.s, "copyright"), strings.HasPrefix(strings.ToLower(c.s), "copyright"); got != want {
			t.Errorf("hasPrefixFoldASCII(%q) = %v, strings.ToLower says %v", c.s, got, want)
		}
	}
}
