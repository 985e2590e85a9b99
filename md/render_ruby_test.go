package md_test

import "testing"

// TestRubyReadings checks that each base of a ruby is followed by its
// reading in parentheses, as a browser without ruby support shows it
// (with the page's <rp>s, or "(" and ")"), not glued onto the base. Each
// Markdown, rendered by goldmark and converted again, gives itself back.
func TestRubyReadings(t *testing.T) {
	gm := idempotentGoldmark()
	for _, tc := range []struct{ name, html, want string }{
		{"rp", "<p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rp>(</rp><rt>ji</rt><rp>)</rp></ruby></p>", "漢(kan)字(ji)\n"},
		{"rp once", "<p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rt>ji</rt></ruby></p>", "漢(kan)字(ji)\n"},
		{"no rp", "<p>a <ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby> b</p>", "a 漢(kan)字(ji) b\n"},
		{"full width rp", "<p><ruby>東京<rp>（</rp><rt>とうきょう</rt><rp>）</rp></ruby>に</p>", "東京（とうきょう）に\n"},
		{"rb pairs", "<p><ruby><rb>漢</rb><rb>字</rb><rt>kan</rt><rt>ji</rt></ruby></p>", "漢(kan)字(ji)\n"},
		{"one reading for several bases", "<p><ruby><rb>東</rb><rb>京</rb><rt>tōkyō</rt></ruby></p>", "東京(tōkyō)\n"},
		{"rtc of readings", "<p><ruby><rb>漢</rb><rb>字</rb><rtc><rt>kan</rt><rt>ji</rt></rtc></ruby></p>", "漢(kan)字(ji)\n"},
		{"rtc after readings", "<p><ruby><rb>旧</rb><rb>金</rb><rb>山</rb><rt>jiù</rt><rt>jīn</rt><rt>shān</rt><rtc>San Francisco</rtc></ruby></p>",
			"旧(jiù)金(jīn)山(shān)(San Francisco)\n"},
		{"empty rt", "<p><ruby>漢<rt></rt>字<rt> </rt></ruby>です</p>", "漢字です\n"},
		{"no reading", "<p><ruby>漢字</ruby></p>", "漢字\n"},
		{"whitespace between parts", "<p>a <ruby>\n  漢 <rp> ( </rp> <rt> kan </rt> <rp>)</rp>\n  字 <rt>ji</rt>\n</ruby> b</p>", "a 漢(kan)字(ji) b\n"},
		{"inline markup", "<p><ruby><b>漢</b><rt><i>kan</i></rt></ruby></p>", "**漢**(*kan*)\n"},
		{"base of several elements", "<p><ruby><b>東</b> <i>京</i><rt>tōkyō</rt></ruby></p>", "**東** *京*(tōkyō)\n"},
		{"in a link", "<p><a href=u><ruby>漢<rt>kan</rt></ruby></a></p>", "[漢(kan)](u)\n"},
		{"link in the base", "<p><ruby><a href=u>漢</a><rt>kan</rt></ruby></p>", "[漢](u)(kan)\n"},
		{"in a heading", "<h2><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby> title</h2>", "## 漢(kan) title\n"},
		{"in a table cell", "<table><tr><th>w</th></tr><tr><td><ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby></td></tr></table>",
			"| w |\n| --- |\n| 漢(kan)字(ji) |\n"},
		{"stray rp and rt", "<p>a<rp>(</rp> <rt>b</rt></p>", "a b\n"},
		{"no link of base and reading", "<p><ruby>[a]<rt>u</rt></ruby></p>", "\\[a](u)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWrittenBack(t, gm, idempotentOptions(), tc.html, tc.want)
		})
	}
}
