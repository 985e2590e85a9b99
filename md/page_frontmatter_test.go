package md

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPlainFrontmatter checks that the frontmatter written without the
// YAML encoder is the encoder's, on values built from the characters
// it writes as they are and those it escapes.
func TestPlainFrontmatter(t *testing.T) {
	pieces := []string{"a", "Z", " ", "  ", ":", "#", "'", "\"", "\\", "-", "?", "&", "*", "!", "|", ">", "%", "@", "`", "{", "[", ",",
		"é", "–", "’", "\u00a0", "\u0085", "\u2028", "\ufeff", "\ufffd", "\uffff", "😀", "\xff", "\t", "\n", "\x7f", "true", "1", "null", "~",
		"\u0301", "\u200b", "\u202e", "\u00ad", "\u009f", "\u2029", "\ue000", "\ud7ff", "\ufffe", "\U0010ffff", "\u3000", "\u1680", "ǅ", "Ⅻ", "٣",
		strings.Repeat("lorem ipsum dolor sit amet, ", 8), strings.Repeat("x", 300)}
	rng := rand.New(rand.NewPCG(5, 6))
	plain := 0
	for range 50000 {
		var fields []struct{ key, val string }
		for _, k := range []string{"title", "description", "url", "image", "lang"} {
			v := ""
			for range rng.IntN(5) {
				v += pieces[rng.IntN(len(pieces))]
			}
			fields = append(fields, struct{ key, val string }{k, v})
		}
		if got, ok := plainFrontmatter(fields); ok {
			plain++
			if want := yamlFrontmatter(fields); !bytes.Equal(got, want) {
				t.Fatalf("%q:\ngot  %q\nwant %q", fields, got, want)
			}
		}
	}
	if plain < 1000 {
		t.Fatalf("only %d of the cases were written without the encoder", plain)
	}
}
