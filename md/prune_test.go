package md

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestInlineDisplay: the display an inline style sets is its last
// declaration's, unless an earlier one is !important.
func TestInlineDisplay(t *testing.T) {
	for _, tt := range []struct {
		style, want string
	}{
		{"", ""},
		{"color: red", ""},
		{"display:none", "none"},
		{"DISPLAY: None ;", "none"},
		{"display:none;display:block", "block"},
		{"display:block; display: none", "none"},
		{"display:none !important; display:block", "none"},
		{"display:none!important;display:flex !IMPORTANT", "flex"},
		{"display: none ! important", "none"},
	} {
		if got := inlineDisplay(tt.style); got != tt.want {
			t.Errorf("inlineDisplay(%q) = %q, want %q", tt.style, got, tt.want)
		}
		if got, want := displayNone(tt.style), tt.want == "none"; got != want {
			t.Errorf("displayNone(%q) = %v, want %v", tt.style, got, want)
		}
	}
}

// TestUnshownPriceBounded: the other form of a price is looked for past
// blank text and a comment, not past any number of them: isHidden reads
// a bounded number of an element's siblings, as it is asked of an
// element once for each text under it.
func TestUnshownPriceBounded(t *testing.T) {
	for _, tt := range []struct {
		name, between string
		want          bool
	}{
		{"adjacent", "", true},
		{"blank text and a comment", " <!-- sale --> ", true},
		{"text between", " or ", false},
		{"many comments", strings.Repeat("<!---->", 100_000), false},
	} {
		doc, err := html.Parse(strings.NewReader(`<div class="price"><div class="price__regular">$19.99</div>` +
			tt.between + `<div class="price__sale">$9.99</div></div>`))
		if err != nil {
			t.Fatal(err)
		}
		// Not on sale: the sale form is the one hidden.
		sale := findFirst(doc, func(n *html.Node) bool { return hasToken(getAttr(n, "class"), priceSale) })
		if got := isUnshownPrice(sale, getAttr(sale, "class")); got != tt.want {
			t.Errorf("%s: isUnshownPrice = %v, want %v", tt.name, got, tt.want)
		}
	}
}
