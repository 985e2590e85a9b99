package md

import "testing"

// TestIsPrice: a price is a number with a currency sign or code and at
// most a word or two; a sentence with a price in it is no price.
func TestIsPrice(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"$8.03", true},
		{" US $394.99 ", true},
		{"EUR 20.99", true},
		{"99 USD", true},
		{"From: $39.00", true},
		{"€ 129,00", true},
		{"Sale price $179", true},
		{"+ $23.51 delivery", true},
		{"2024", false},
		{"12 items", false},
		{"£", false},
		{"Free shipping on orders over $75", false},
		{"Regular price and sale price $1", false},
	}
	for _, tt := range tests {
		if got := isPrice(tt.text); got != tt.want {
			t.Errorf("isPrice(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
