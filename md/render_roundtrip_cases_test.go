package md_test

import (
	"testing"

	"github.com/affordances/affordances-md/md"
	"github.com/yuin/goldmark"
)

// TestWrittenBackTheSame holds inputs FuzzIdempotent once failed on, each
// with the Markdown it must give: the Markdown rendered to HTML by
// goldmark and converted again must give that Markdown again.
func TestWrittenBackTheSame(t *testing.T) {
	gm := idempotentGoldmark()
	for _, tc := range []struct{ name, html, want string }{
		// goldmark strips no space from a code span that is all
		// whitespace, tabs included (CommonMark only from one that is
		// not all spaces): a span of blanks is written unpadded.
		{"code span of blanks with a tab", "<tt> \t ", "` \t `\n"},
		// A form feed shows nothing: it is left out.
		{"code span of blanks with a form feed", "<tt> \f ", "`  `\n"},
		{"code span of spaces", "<code>  </code>", "`  `\n"},
		{"code span with spaces around", "<code> a </code>", "`  a  `\n"},
		// Emphasis kept from a cluster too large to search is written as
		// the same pairs alone are: canonically, outer pairs * first.
		// (Nested <strong>s, each a pair: a <b> inside one is no pair.)
		{"few pairs kept of many nested", "<em><strong>0<A>0<em><strong><em><strong>0<strong>0<A>0", "*__00000__*\n"},
		// Links side by side get a space between them, also when emphasis
		// around one of them is left out, or read back without.
		{"link after a link closing emphasis", "a.0<b>*<a href=u> <code>x</code></b>* ", "a.0* [`x`](u) [*](u)\n"},
		{"citations in superscript after a link", "<p><a href=u>a</a><sup><a href=v>[1]</a></sup><sup><a href=w>[2]</a></sup></p>", "[a](u) [[1]](v) [[2]](w)\n"},
		{"link in emphasis after a link", "<a href=u>a</a><b><a href=v>b</a></b>", "[a](u) **[b](v)**\n"},
		{"link after emphasis ending in a link", "<b><a href=u>a</a></b><a href=v>b</a>", "**[a](u)** [b](v)\n"},
		// Code spans side by side get a space between them, also when
		// the emphasis delimiters between them are left out.
		{"code spans apart by emphasis left out", "<del><code>x</code><del><code>x</code>", "~~`x` `x`~~\n"},
		{"code spans apart by emphasis kept", "<code>x</code><b>a<code>x</code></b>", "`x`**a`x`**\n"},
		// Stray <li>s side by side are one list, tight or loose as the
		// same items in a <ul>: goldmark renders them as one.
		{"stray items of rules", "<li><hr><b><li><hr>", "- ***\n- ***\n"},
		{"stray items of text and heading", "<li>0<li>0<h1>0", "- 0\n- 0\n  # 0\n"},
		{"stray items, one loose", "<li>0<li><p>a<p>b", "- 0\n\n- a\n\n  b\n"},
		{"text after stray items, the last empty", "<li>0#<li> </li>x", "- 0#\n\nx\n"},
		{"stray items in a stray item", "<li>0<blockquote><li>a<li><p>b<p>c</blockquote><li>1", "- 0\n  > - a\n  >\n  > - b\n  >\n  >   c\n- 1\n"},
		// goldmark reads a task box at the start of a heading that starts
		// a list item, as at the start of its paragraph.
		{"link of x in a heading starting an item", "<ul><h2><a href=u>x", "- ## [&#120;](u)\n"},
		{"box text in a heading starting an item", "<ul><li><h2>[ ] a</h2>", "- ## \\[ ] a\n"},
		{"box text in a heading later in an item", "<ul><li>b<h2>[ ] a</h2>", "- b\n  ## [ ] a\n"},
		// goldmark reads a line of blanks in a list item as a blank line,
		// inside a fence too.
		{"code of a space in an item", "<li><pre> ", "- ```\n  ```\n"},
		{"blank code line in an item", "<ol><li><pre>x\n \t\ny</pre>", "1. ```\n   x\n\n   y\n   ```\n"},
		{"blank code line in a quote", "<blockquote><pre>x\n \ny</pre>", "> ```\n> x\n>  \n> y\n> ```\n"},
		// An empty <p> is no paragraph to make its item loose.
		{"empty paragraph in an item", "<li><hr><p></p><blockquote>", "- ***\n  >\n"},
		// Math comes back the same, backslashes and all; page text
		// between dollar signs does not read as math.
		{"display math holding a $", "\\[$\\]", "$$\\$$$\n"},
		{"math with escaped braces", "\\(\\{a\\}\\)", "$\\{a\\}$\n"},
		{"TeX delimiters around a line break", "\\[\\\\]", "\\\\[\\\\\\\\]\n"},
		{"TeX ending in a line break", "\\[a\\\\\\]", "$$a\\\\$$\n"},
		{"dollars in text", "<p>a $x$ b $$y$$ costs $5 or $ 6</p>", "a \\$x$ b \\$\\$y\\$$ costs $5 or $ 6\n"},
		{"prices", "<p><b>$48</b> <del>$60</del></p>", "**$48** ~~$60~~\n"},
		{"dollar before math", "<p>5$\\(x\\)</p>", "5\\$$x$\n"},
		// An empty item taken back gives back the markers its line wrote.
		{"empty items in a quote in an item", "x<ol><li><blockquote><ul><li></ul></blockquote></ol>", "x\n\n1. >\n"},
		// A list standing for an item in a list is that item's content:
		// its items' paragraphs are theirs, not the outer item's.
		{"list as an item", "`</ul><b><ol><ul>><p>- </ul><li>", "`\n\n1. - \\>\n   - \\-\n2.\n"},
		{"wrapper as an item", "<ul><div><p>a</p><p>b</p></div></ul>", "- a\n\n  b\n"},
		// A link is inline: a heading inside it does not end the list
		// before it, and the link after a nested list needs the blank
		// line that keeps it out of the list's last item.
		{"link holding a heading after a nested list", "<ul><li><ul><li>a</li></ul><a href=u><h4>b</h4></a></li><li>c</li></ul>", "- - a\n\n  [b](u)\n\n- c\n"},
		{"image after a nested list", "<ul><li>a<ul><li>b</li></ul><div><img alt=c src=d></div></li><li>e</li></ul>", "- a\n\n  - b\n\n  ![c](d)\n\n- e\n"},
		// A loose list in a tight item keeps its own blank lines between
		// its items: without them it reads tight, its <p>s lost.
		{"loose list in a tight item", "<ul><li>a<ul><li><p>b</p></li><li><p>d</p></li></ul></li><li>e</li></ul>", "- a\n  - b\n\n  - d\n- e\n"},
		{"loose item in a list in a tight item", "<ul><li>a<ul><li><p>b</p><p>c</p></li><li>d</li></ul></li><li>e</li></ul>", "- a\n  - b\n\n    c\n\n  - d\n- e\n"},
		// <div>s holding only a heading and a list write no paragraph to
		// keep apart: the item stays tight.
		{"item of a heading and a list in divs", "<ul><li><div><h3>a</h3></div><div><ul><li>b</li><li>c</li></ul></div></li><li><div><h3>d</h3></div><div><ul><li>e</li></ul></div></li></ul>", "- ### a\n  - b\n  - c\n- ### d\n  - e\n"},
		{"item of a heading and text in divs", "<ul><li><div><h3>a</h3></div><div>b</div></li><li>c</li></ul>", "- ### a\n  b\n- c\n"},
		{"item of text then a list in divs", "<ul><li><div>a</div><div><ul><li>b</li></ul></div><div>c</div></li></ul>", "- a\n\n  - b\n\n  c\n"},
		{"destination holding a character reference", "<a href='/a?b=1&amp;amp;c=2'>x</a>", "[x](/a?b=1&amp;amp;c=2)\n"},
		{"empty destination with a title", "<a href title=0>1</a>", "[1](<> \"0\")\n"},
		// A link title is one line in a heading, whose line a break would
		// end; in a paragraph its lines stay, none blank, and none starting
		// a block.
		{"link title of lines in a heading", "<h4><a href=u title='a\n\nb'>x</a></h4>", "#### [x](u \"a b\")\n"},
		{"link title with a line like a heading", "<p><a href=u title='a\n # b\n \n- c\n<div>'>x</a></p>", "[x](u \"a\n\\# b\n\\- c\n\\<div>\")\n"},
		// Hashes that start what a heading writes are no closing sequence.
		{"heading of a no-break space and a hash", "<h1>\u00a0#", "# \\#\n"},
		// A <br> at the end of a link's text goes after the link, and the
		// source's line break after it is no space at the next line's start.
		{"break ending a link", "<a href=u>.0!<br></a>0", "[.0!](u)  \n0\n"},
		{"break and space ending a link", "<a href=u>.0!<br>\n</a>0", "[.0!](u)  \n0\n"},
		// A table cell holds inline content only: what would start a
		// block at the start of a line (a rank "1.", a "#", a ">") is
		// text there, and needs no backslash.
		{"cells starting like blocks", "<table><tr><th>#</th><th>- a</th></tr><tr><td>1.</td><td>> b</td></tr><tr><td>***</td><td>[x] c</td></tr></table>", "| # | - a |\n| --- | --- |\n| 1. | > b |\n| *** | [x] c |\n"},
		// An invisible space trimmed from a paragraph's start is not
		// written: the delimiter after it starts the line.
		{"opener after a trimmed invisible space", "<p>\u200b*(a) b*</p>", "\\*(a) b\\*\n"},
		// Paragraphs side by side in a tight item are one Markdown
		// paragraph, a hard break between them: text in one pairs with
		// syntax or text in the other, so they are escaped together.
		{"emphasis across paragraphs of a tight item", "<ul><li><div>*x</div><a href=u><b>1.</b></a></li></ul>", "- \\*x  \n  [**1.**](u)\n"},
		{"link across paragraphs of a tight item", "<ul><li><div>[a</div>b](u)</li></ul>", "- \\[a  \n  b](u)\n"},
		{"link across paragraphs apart by an empty heading", "<ul><li><div><div>[a</div><h3></h3><div>b](u)</div></div></li></ul>", "- \\[a  \n  b](u)\n"},
		{"emphasis across paragraphs apart by an empty list", "<ul><li>*x<ul><li></li></ul><a href=u><b>1.</b></a></li></ul>", "- \\*x  \n  [**1.**](u)\n"},
		{"link across paragraphs apart by an empty definition list", "<ul><li>[a<dl></dl>b](u)</li></ul>", "- \\[a  \n  b](u)\n"},
		// Control characters but tab and line breaks show nothing: they
		// are left out of code as of text (a <pre> then a control byte
		// would make the HTML of the Markdown sniff as binary).
		{"control character in a code block", "<tABle><pre>\x10", "```\n```\n"},
		{"control characters in code", "<pre>a&#16;b&#1;\tc&#127;\r\nd&#27;</pre><code>e&#11;f</code>", "```\nab\tc\nd\n```\n\n`ef`\n"},
		{"control characters in text", "<p>a&#16;b&#127;c</p>", "abc\n"},
		{"TeX delimiters around a control character", "\\[\x7f\\]", "\\\\[\\\\]\n"},
		{"math of a control character", "a<math><annotation encoding='application/x-tex'>&#16;</annotation></math>b", "ab\n"},
		{"control characters in a link title and math", "<a href=u title='a&#16;b'>x</a> <math><annotation encoding='application/x-tex'>c&#16;d</annotation></math>", "[x](u \"ab\") $cd$\n"},
		{"emphasis across a double break in a tight item", "<ul><li>*a<br><br>b*</li></ul>", "- \\*a  \n  b\\*\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWrittenBack(t, gm, idempotentOptions(), tc.html, tc.want)
		})
	}
}

// checkWrittenBack converts page with opts, wants the Markdown want, and
// wants that Markdown, rendered by gm and converted again, to give itself.
func checkWrittenBack(t *testing.T, gm goldmark.Markdown, opts md.Options, page, want string) {
	t.Helper()
	first, err := md.Convert([]byte(page), opts)
	if err != nil {
		t.Fatal(err)
	}
	if first.Markdown != want {
		t.Errorf("got %q, want %q", first.Markdown, want)
	}
	if html, second := writtenBack(t, gm, first.Markdown); second != first.Markdown {
		t.Errorf("not written back the same:\nfirst:  %q\nhtml:   %q\nsecond: %q", first.Markdown, html, second)
	}
}
