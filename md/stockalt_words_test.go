package md

import (
	"maps"
	"math/rand/v2"
	"testing"
)

// TestTextWordSet checks textWordSet against wordSet(textWords(s)).
func TestTextWordSet(t *testing.T) {
	pieces := []string{"a", "B", "z", "Z", "0", "9", " ", "-", "'", "_", "\n", "é", "É", "\xff", "ǅ", "@", "[", "`", "{"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		s := ""
		for range rng.IntN(12) {
			s += pieces[rng.IntN(len(pieces))]
		}
		if got, want := textWordSet(s), wordSet(textWords(s)); !maps.Equal(got, want) {
			t.Fatalf("%q: got %v, want %v", s, got, want)
		}
	}
}
