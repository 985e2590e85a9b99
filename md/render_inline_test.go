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

// TestUnseenCharactersLeftOut checks that the characters a browser shows
// as nothing, a zero width space, a word joiner, a byte order mark and a
// soft hyphen, are left out of the text: kept, they cut the words they
// sit in. The joiners that shape words and emoji stay.
func TestUnseenCharactersLeftOut(t *testing.T) {
	gm := idempotentGoldmark()
	for _, tc := range []struct{ name, html, want string }{
		{"byte order mark in a word", "<p>The B\ufeffest</p>", "The Best\n"},
		{"soft hyphens", "<p>Donau&shy;dampf&shy;schiff</p>", "Donaudampfschiff\n"},
		{"zero width spaces after a no-break space", "<p>CEO:&nbsp;&#8203;&#8203;Arvind</p>", "CEO:\u00a0Arvind\n"},
		{"zero width spaces before a full stop", "<p>the market\u200b\u200b. Next</p>", "the market. Next\n"},
		{"word joiner", "<p>a\u2060b</p>", "ab\n"},
		{"alone between words", "<p>a \u200b b</p>", "a b\n"},
		{"in a heading and an alt text", "<h2>Ti&shy;tle</h2><p><img src=u alt='pho&shy;to'></p>", "## Title\n\n![photo](u)\n"},
		{"joiners kept", "<p>zw\u200dj fa\u200cx</p>", "zw\u200dj fa\u200cx\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWrittenBack(t, gm, idempotentOptions(), tc.html, tc.want)
		})
	}
}

// TestSameEmphasisInside checks that an emphasis inside one of the same
// kind is written once when it shows nothing more: a <b> in a <strong>, a
// <strong> in a <b> or in a term or summary (written bold), an <i> in an
// <em>, a <del> in an <s>. A <strong> in a <strong> and an <em> in an <em>
// keep theirs: HTML gives them a higher level of importance or stress.
func TestSameEmphasisInside(t *testing.T) {
	gm := idempotentGoldmark()
	for _, tc := range []struct{ name, html, want string }{
		{"strong in b", "<p><b><strong>Supervised</strong></b>: labeled data</p>", "**Supervised**: labeled data\n"},
		{"b in strong", "<p><strong>a <b>b</b> c</strong></p>", "**a b c**\n"},
		{"i in em", "<p><em>x <i>y</i> z</em></p>", "*x y z*\n"},
		{"em in i in a link", "<p><i><a href=u><em>L</em></a></i></p>", "*[L](u)*\n"},
		{"del in s", "<p><s>a <del>b</del></s></p>", "~~a b~~\n"},
		{"strong in a term", "<dl><dt><strong>Term</strong></dt><dd>def</dd></dl>", "**Term**: def\n"},
		{"b in a summary", "<details><summary>More <b>info</b></summary><p>x</p></details>", "**More info**\n\nx\n"},
		{"strong in strong", "<p><strong>a <strong>b</strong></strong></p>", "**a __b__**\n"},
		{"em in em", "<p><em>a <em>b</em></em></p>", "*a _b_*\n"},
		{"strong in em", "<p><em>a <b>b</b></em></p>", "*a __b__*\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWrittenBack(t, gm, idempotentOptions(), tc.html, tc.want)
		})
	}
}
