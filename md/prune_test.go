package md

import "testing"

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
