package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestHasTokenASCIIPath checks the byte scan of hasToken against the
// Unicode one it stands in for.
func TestHasTokenASCIIPath(t *testing.T) {
	lists := []string{"", " ", "a", "A b", "price price--on-sale", "\tsr-only\v x", "K k", "\u212a x", "x\u00a0y", "ab  abc\r\nABC", "ſ s"}
	toks := []string{"", "a", "abc", "k", "s", "price", "sr-only", "x y", "\u212a"}
	for _, s := range lists {
		for _, tok := range toks {
			if got, want := hasToken(s, tok), hasTokenFolded(s, tok); got != want {
				t.Errorf("hasToken(%q, %q) = %v, want %v", s, tok, got, want)
			}
		}
	}
}

// spokenClassRef is spokenClass without maySpeak.
func spokenClassRef(class string) bool {
	for c := range strings.FieldsSeq(strings.ToLower(class)) {
		switch {
		case spokenWords[c], strings.HasSuffix(c, "-sr-only"),
			strings.Contains(c, "visually-hidden"), strings.Contains(c, "visuallyhidden"),
			strings.Contains(c, "screen-reader"):
			return true
		}
	}
	return false
}

// TestMaySpeak checks spokenClass, which asks maySpeak first, against
// the reading without it.
func TestMaySpeak(t *testing.T) {
	for _, c := range []string{"sr-only", "SR-Only", "h-sr-only", "Visually-Hidden x", "u-visuallyhidden", "screen-reader-text", "Clipped", "vİsually-hidden", "a b c"} {
		n := &html.Node{Type: html.ElementNode, Attr: []html.Attribute{{Key: "class", Val: c}}}
		if got, want := spokenClass(n), spokenClassRef(c); got != want {
			t.Errorf("spokenClass(%q) = %v, want %v", c, got, want)
		}
	}
}
