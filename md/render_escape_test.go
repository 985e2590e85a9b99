package md_test

import "testing"

// TestNoNeedlessEscapes holds page text that reads as text without a
// backslash: each is written bare, and the Markdown, rendered by goldmark
// and converted again, gives itself back.
func TestNoNeedlessEscapes(t *testing.T) {
	gm := idempotentGoldmark()
	for _, tc := range []struct{ name, html, want string }{
		// A run of delimiters cannot pair with itself.
		{"masked name", "<p>a***a (421) left feedback</p>", "a***a (421) left feedback\n"},
		{"line of stars", "<p>******</p>", "\\******\n"},
		{"stars after a star", "<p>rated 5* by ****</p>", "rated 5* by ****\n"},
		// Only a list numbered from 1 interrupts a paragraph: numbered
		// lines after a break continue it.
		{"numbered lines", "<p>1. Norway<br>2. Australia<br>10) Canada</p>", "1\\. Norway  \n2. Australia  \n10) Canada\n"},
		{"numbered lines in an item", "<ul><li>1. a<br>2. b</li></ul>", "- 1\\. a  \n  2. b\n"},
		{"number alone after a break", "<p>a<br>1.</p>", "a  \n1.\n"},
		// A backtick run alone in its paragraph opens no code span.
		{"lone backtick", "<p>the Spiral Model`s pros</p>", "the Spiral Model`s pros\n"},
		{"lone TeX quote", "<p>a ``solution'' to it</p>", "a ``solution'' to it\n"},
		{"lone fence at a line start", "<p>a<br>```</p>", "a  \n\\```\n"},
		// Only an email autolink starts "<" then other than a letter,
		// "/", "!" or "?".
		{"angle brackets", "<p>Product &lt;&gt; Market, &lt;[a]&gt; and &lt;3&gt;</p>", "Product <> Market, <[a]> and <3>\n"},
		{"email autolink", "<p>&lt;1@b.c&gt;</p>", "\\<1@b.c>\n"},
		// Runs that pair are still escaped.
		{"backticks around a word", "<p>a `value` prop</p>", "a \\`value\\` prop\n"},
		{"backtick before code", "<p>it`s <code>x</code></p>", "it\\`s `x`\n"},
		// An escaped backtick still closes a code span: every run is
		// escaped when there are several.
		{"backtick runs of several lengths", "<p>a`b``c<br>```</p>", "a\\`b\\`\\`c  \n\\`\\`\\`\n"},
		{"two runs", "<p>a*b*c</p>", "a\\*b\\*c\n"},
		{"a line numbered 1 after a break", "<p>a<br>1. b<br>01) c</p>", "a  \n1\\. b  \n01\\) c\n"},
		{"runs beside emphasis", "<p>**a** and <b>b</b></p>", "\\*\\*a\\*\\* and **b**\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWrittenBack(t, gm, idempotentOptions(), tc.html, tc.want)
		})
	}
}
