package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

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
