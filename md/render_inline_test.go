package md_test

import "testing"

// TestScriptsAfterWords checks which superscripts and subscripts right
// after a word keep their tags: those whose letters or digits would join
// the word, and not a symbol ("Brand®") nor an ordinal's suffix ("11th").
// Each Markdown, rendered by goldmark and converted again, gives itself
// back.
func TestScriptsAfterWords(t *testing.T) {
	gm := idempotentGoldmark()
	for _, tc := range []struct{ name, html, want string }{
		{"trademark", "<p>Blue Distinction<sup>&reg;</sup> care</p>", "Blue Distinction® care\n"},
		{"dagger", "<p>a note<sup>&dagger;</sup> here</p>", "a note† here\n"},
		{"charge", "<p>Na<sup>+</sup> ions</p>", "Na+ ions\n"},
		{"ordinal", "<p>the 11<sup>th</sup> and 1<sup>ST</sup></p>", "the 11th and 1ST\n"},
		{"star", "<p>a<sup>*</sup> b*c</p>", "a* b*c\n"},
		// Letters or digits keep the tags: bare, they would join the word.
		{"power", "<p>10<sup>6</sup> and x<sup>-1</sup></p>", "10<sup>6</sup> and x<sup>-1</sup>\n"},
		{"formula", "<p>H<sub>2</sub>O</p>", "H<sub>2</sub>O\n"},
		{"cents", "<p>$19<sup>00</sup></p>", "$19<sup>00</sup>\n"},
		{"suffix after a letter", "<p>e<sup>st</sup></p>", "e<sup>st</sup>\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWrittenBack(t, gm, idempotentOptions(), tc.html, tc.want)
		})
	}
}
