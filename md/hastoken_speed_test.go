package md

import "testing"

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
