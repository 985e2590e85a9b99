package md_test

import (
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// TestScriptBaseIsIgnored checks that a <base href> with a javascript: or
// data: URL is ignored, as browsers ignore it: otherwise every relative
// link of the page would become a script link.
func TestScriptBaseIsIgnored(t *testing.T) {
	for _, base := range []string{"javascript:alert(1)//", " JavaScript:alert(1)", "data:text/html,x/", "java\tscript:alert(1)", "VBScript:x"} {
		t.Run(base, func(t *testing.T) {
			page := `<html><head><base href="` + base + `"><link rel=canonical href="c"><meta property="og:image" content="i.png"></head>` +
				`<body><p><a href="x">link</a> <img src="y.png" alt="image"> <a href="">self</a></p></body></html>`
			res, err := md.Convert([]byte(page), md.Options{URL: "https://example.com/a/b", Extract: md.ExtractNone})
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{
				"[link](https://example.com/a/x)",
				"![image](https://example.com/a/y.png)",
				"[self](https://example.com/a/b)",
				`url: "https://example.com/a/c"`,
				`image: "https://example.com/a/i.png"`,
			} {
				if !strings.Contains(res.Markdown, want) {
					t.Errorf("missing %s in:\n%s", want, res.Markdown)
				}
			}
		})
	}
}

// TestControlCharactersMakeNoScriptLink checks that control characters in
// an href cannot hide a script link: browsers ignore them before the
// scheme, and inside one they must not vanish and join "java" to "script:".
func TestControlCharactersMakeNoScriptLink(t *testing.T) {
	for _, tc := range []struct{ html, want string }{
		{`<a href="&#1;javascript:alert(1)">a</a>`, "a"},
		{"<a href=\"\x02 javascript:alert(1)\">a</a>", "a"},
		{`<a href="&#x1F;data:text/html,x">a</a>`, "a"},
		{`<img src="&#1;javascript:x" alt="i">`, ""},
		{`<a href="java&#1;script:alert(1)">a</a>`, "[a](java%01script:alert(1))"},
		{`<a href="&#127;javascript:alert(1)">a</a>`, "[a](%7Fjavascript:alert(1))"},
		{`<a href="&#1;https://example.com/x&#1;">a</a>`, "[a](https://example.com/x)"},
	} {
		res, err := md.Convert([]byte("<p>"+tc.html+"</p>"), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(res.Markdown); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.html, got, tc.want)
		}
	}
}

// TestTitleKeepsItsAmpersands checks that a title holding what reads as a
// character reference ("Types &amp; Best", where the page escaped its
// ampersand twice) keeps it: CommonMark decodes references in titles.
func TestTitleKeepsItsAmpersands(t *testing.T) {
	for _, tc := range []struct{ html, want string }{
		{`<a href="/x" title="Types &amp;amp; Best">a</a>`, `[a](/x "Types \&amp; Best")`},
		{`<a href="/x" title="&amp;#38; and &amp;#x26;">a</a>`, `[a](/x "\&#38; and \&#x26;")`},
		{`<a href="/x" title="AT&amp;T &amp; co">a</a>`, `[a](/x "AT&T & co")`},
		{`<img src="/i.png" alt="i" title="&amp;copy; 2024">`, `![i](/i.png "\&copy; 2024")`},
	} {
		res, err := md.Convert([]byte("<p>"+tc.html+"</p>"), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(res.Markdown); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.html, got, tc.want)
		}
	}
}

// TestLazyImageShowsItsPicture checks that a lazy-loaded image is written
// with the picture its script puts in place, not the placeholder file its
// src names, and that a placeholder is kept when the page names nothing
// else.
func TestLazyImageShowsItsPicture(t *testing.T) {
	for _, tc := range []struct{ html, want string }{
		{`<img src="/assets/placeholder.svg" data-src="/covers/dune.jpg" alt="Dune">`, `![Dune](/covers/dune.jpg)`},
		{`<img src="/i/lazy-image-placeholder.jpg?v=2" data-lazy-src="/i/door.jpg" alt="Door">`, `![Door](/i/door.jpg)`},
		{`<img src="/blank.gif" srcset="/a-400.jpg 400w, /a-800.jpg 800w" alt="A">`, `![A](/a-400.jpg)`},
		{`<img src="/spacer.png" alt="Map">`, `![Map](/spacer.png)`},
		// Words inside a name are not placeholder words: "blanket".
		{`<img src="/blanket.jpg" data-src="/blanket-large.jpg" alt="Blanket">`, `![Blanket](/blanket.jpg)`},
	} {
		res, err := md.Convert([]byte("<p>"+tc.html+"</p>"), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(res.Markdown); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.html, got, tc.want)
		}
	}
}

// TestLinkOfItsAddress checks that a link whose text is its address is
// written once, as an autolink, and read back the same; a link whose
// text differs, holds markup, or whose address an autolink would read
// otherwise keeps the long form.
func TestLinkOfItsAddress(t *testing.T) {
	gm := idempotentGoldmark()
	for _, tc := range []struct{ name, html, want string }{
		{"address", `<p>See <a href="https://example.com/a_b_(c)">https://example.com/a_b_(c)</a>.</p>`, "See <https://example.com/a_b_(c)>.\n"},
		{"mail", `<p><a href="mailto:a@b.c">mailto:a@b.c</a></p>`, "<mailto:a@b.c>\n"},
		{"resolved", `<p><a href="/x">https://example.com/x</a></p>`, "<https://example.com/x>\n"},
		{"another address", `<p><a href="/x">https://example.com/y</a></p>`, "[https://example.com/y](https://example.com/x)\n"},
		{"with a title", `<p><a href="https://example.com/" title="Home">https://example.com/</a></p>`, "[https://example.com/](https://example.com/ \"Home\")\n"},
		{"other text", `<p><a href="https://example.com/">example.com</a></p>`, "[example.com](https://example.com/)\n"},
		{"emphasis", `<p><a href="https://example.com/"><b>https://example.com/</b></a></p>`, "[**https://example.com/**](https://example.com/)\n"},
		{"reference", `<p><a href="https://example.com/?a&amp;amp;b">https://example.com/?a&amp;amp;b</a></p>`, "[https://example.com/?a\\&amp;b](https://example.com/?a&amp;amp;b)\n"},
		{"side by side", `<p><a href="https://a.com/">https://a.com/</a><a href="https://b.com/">https://b.com/</a></p>`, "<https://a.com/> <https://b.com/>\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := idempotentOptions()
			opts.URL = "https://example.com/"
			checkWrittenBack(t, gm, opts, tc.html, tc.want)
		})
	}
}

// TestPermalinkSymbolsDropped checks that a permalink widget, a link of a
// lone symbol in a heading or to the page's own part beside a definition,
// is left out, and that such a symbol linking elsewhere outside headings
// stays.
func TestPermalinkSymbolsDropped(t *testing.T) {
	for _, tc := range []struct{ name, html, want string }{
		{"heading link to a search", `<h2>Variables <span><a href="find/?name=variables" title="Permalink">🔗</a></span></h2>`, "## Variables\n"},
		{"heading pilcrow elsewhere", `<h3>Setup <a href="/docs/setup">¶</a></h3>`, "### Setup\n"},
		{"definition pilcrow", `<dl><dt><code>partial(func)</code><a class="headerlink" href="https://example.com/doc#partial" title="Link to this definition">¶</a></dt><dd>Return a new object.</dd></dl>`, "**`partial(func)`**: Return a new object.\n"},
		{"pilcrow to another page", `<p>See <a href="https://example.com/other">¶</a></p>`, "See [¶](https://example.com/other)\n"},
		{"section sign to a part", `<p>Under <a href="#s5">§</a> 5</p>`, "Under [§](https://example.com/doc#s5) 5\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := md.Convert([]byte(tc.html), md.Options{URL: "https://example.com/doc", Extract: md.ExtractNone, NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Markdown != tc.want {
				t.Errorf("got %q, want %q", res.Markdown, tc.want)
			}
		})
	}
}

// TestLinkEndBreakGoesAfter checks that a <br> ending a link's text
// ("<a>Learn more<br></a>", a card's link) is written after the link:
// inside it, it left "](url)" alone at the start of the next line.
func TestLinkEndBreakGoesAfter(t *testing.T) {
	for _, tc := range []struct{ html, want string }{
		{`<p><a href="/x">Learn more<br></a></p>`, "[Learn more](https://example.com/x)"},
		{`<p><a href="/x">A<br></a>then</p>`, "[A](https://example.com/x)  \nthen"},
		{`<p><a href="/x"><span>Title</span><br><span>Sub</span><br></a></p>`, "[Title  \nSub](https://example.com/x)"},
		{`<p>x <a href="https://a.b/">https://a.b/<br></a> y</p>`, "x <https://a.b/>  \ny"},
		{`<p><a href="/x"><br></a>x</p>`, "x"},
		{`<ul><li><a href="/x">Item<br></a></li><li>b</li></ul>`, "- [Item](https://example.com/x)\n- b"},
	} {
		res, err := md.Convert([]byte(tc.html), md.Options{URL: "https://example.com/", Extract: md.ExtractNone, NoFrontmatter: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(res.Markdown); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.html, got, tc.want)
		}
	}
}
