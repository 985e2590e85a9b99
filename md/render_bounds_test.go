package md_test

import (
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// TestOutputGrowsWithInput converts pages built to make the Markdown far
// larger than the HTML, and checks that it stays within a small multiple
// of it, plus what the page's allowances may add once (spanned table cells
// cost up to 9 bytes each, and links resolved against the base up to 4 MB
// in all): a hostile page must not turn a few kilobytes into gigabytes.
func TestOutputGrowsWithInput(t *testing.T) {
	const allowed = 9*100_000 + 4<<20
	for _, tc := range []struct {
		name   string
		html   string
		factor int // the Markdown may be at most this many times the HTML, plus allowed
	}{
		{
			// One wide row, then many rows of one cell each.
			name:   "table with one wide row",
			html:   "<table><tr>" + strings.Repeat("<td>", 2000) + strings.Repeat("<tr><td>x", 2000) + "</table>",
			factor: 4,
		},
		{
			// Each table spans a thousand columns in its header.
			name:   "many tables with wide spans",
			html:   strings.Repeat("<table><tr><td colspan=1000>a<td>b</table>", 2000),
			factor: 4,
		},
		{
			// Each table spans a thousand columns over a hundred rows, and
			// every row has a cell beyond them.
			name:   "many tables with wide and tall spans",
			html:   strings.Repeat("<table><tr><td colspan=1000 rowspan=100>a"+strings.Repeat("<tr><td>b", 99)+"</table>", 20),
			factor: 4,
		},
		{
			// Every line of a quote 400 deep starts with 400 "> ".
			name:   "short paragraphs in deep blockquotes",
			html:   strings.Repeat("<blockquote>", 400) + strings.Repeat("<p>x", 5000),
			factor: 40,
		},
		{
			// Every line of a list item 250 deep starts with its
			// indentation, 11 spaces a level for nine-digit numbers.
			name:   "short items in deep ordered lists",
			html:   strings.Repeat("<ol start=999999999><li>", 250) + strings.Repeat("<li>x", 5000),
			factor: 40,
		},
		{
			name:   "lines in deep list items",
			html:   strings.Repeat("<ul><li>", 250) + strings.Repeat("x<br>", 5000),
			factor: 40,
		},
		{
			// Each short relative link resolves to the whole long base.
			name:   "many relative links under a long base",
			html:   `<base href="http://x/` + strings.Repeat("a", 50_000) + `/">` + strings.Repeat(`<a href=y>z</a><img src=y alt=z><a href="">z</a>`, 300),
			factor: 4,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := md.Convert([]byte(tc.html), md.Options{Extract: md.ExtractNone, NoFrontmatter: true, URL: "https://example.com/"})
			if err != nil {
				t.Fatal(err)
			}
			if got, limit := len(res.Markdown), tc.factor*len(tc.html)+allowed; got > limit {
				t.Errorf("%d bytes of HTML gave %d bytes of Markdown, more than %d", len(tc.html), got, limit)
			}
		})
	}
}

// TestDeepInlineNesting converts emphasis and quotations nested hundreds
// of levels deep: each level gathers its content apart, so below the
// eighth the text is written alone, rather than copied and held once per
// level (gigabytes for megabytes of text) and checked for emphasis once
// per enclosing pair.
func TestDeepInlineNesting(t *testing.T) {
	quotes := "<p>" + strings.Repeat("<q>", 400) + strings.Repeat("word ", 400_000) + strings.Repeat("</q>", 400) + "</p>"
	res, err := md.Convert([]byte(quotes), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Repeat(`"`, 8) + "word word"; !strings.HasPrefix(res.Markdown, want) || strings.Count(res.Markdown, `"`) != 16 {
		t.Errorf("want 8 levels of quotes around the text, got %.100q ... %q", res.Markdown, res.Markdown[max(0, len(res.Markdown)-100):])
	}
	nested := strings.Repeat("<p>"+strings.Repeat("<b><i>", 250)+"word"+strings.Repeat("</i></b>", 250)+"</p>", 200)
	res, err = md.Convert([]byte(nested), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	// Eight levels at most, and as many as read once the page's
	// emphasis search is spent.
	paras := strings.Split(strings.TrimSpace(res.Markdown), "\n\n")
	for _, p := range paras {
		if strings.Trim(p, "*_") != "word" || len(p) > len("word")+2*8*2 {
			t.Fatalf("got %q in %.200q", p, res.Markdown)
		}
	}
	if len(paras) != 200 {
		t.Errorf("%d paragraphs, want 200", len(paras))
	}
}

// TestInlineAroundBlock converts emphasis and code nested 400 deep around
// many spans and then a block: each level asks whether a block is inside
// it, and must not read the spans again to answer.
func TestInlineAroundBlock(t *testing.T) {
	for _, tag := range []string{"b", "code", "sup"} {
		page := "<div>" + strings.Repeat("<"+tag+">", 400) + strings.Repeat("<span>x</span>", 300_000) + "<div>y</div>" + strings.Repeat("</"+tag+">", 400) + "</div>"
		res, err := md.Convert([]byte(page), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.Repeat("x", 300_000) + "\n\ny\n"; res.Markdown != want {
			t.Errorf("<%s>: got %.100q ... %q", tag, res.Markdown, res.Markdown[max(0, len(res.Markdown)-100):])
		}
	}
}

// TestTightItemOfManyBlocks converts list items of many blocks, which a
// tight item writes as one Markdown paragraph (see endPara): each block
// ending must cost what it trims, not the length gathered so far, and the
// paragraph must be escaped once.
func TestTightItemOfManyBlocks(t *testing.T) {
	const n = 100_000
	for _, tc := range []struct{ name, html, has string }{
		{
			// Each block adds runs of text and syntax (the link, the
			// emphasis) and ends with invisible spaces to trim.
			name: "blocks of text, links and spacers",
			html: "<ul><li><div>" + strings.Repeat("<div>*x&nbsp;</div><div>&nbsp;</div><a href=u><b>1.</b></a>", n) + "</div></ul>",
			has:  "\\*x  \n  [**1.**](u)  \n",
		},
		{
			// Invisible spaces at the start of what is gathered must not
			// be walked at each block's end.
			name: "blocks after many invisible spaces",
			html: "<ul><li><div>" + strings.Repeat("&nbsp;", n/3) + "a" + strings.Repeat("<div>b</div>", n/3) + "</div></ul>",
			has:  "a  \n  b  \n  b",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := md.Convert([]byte(tc.html), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Markdown, tc.has) {
				t.Errorf("no %q in %.300q", tc.has, res.Markdown)
			}
		})
	}
}
