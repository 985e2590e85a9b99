package md_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/affordances/affordances-md/md"
	"github.com/yuin/goldmark"
	gmast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// fuzzDeadline bounds one conversion of a fuzzed input (at most a few
// hundred kilobytes): far above what any takes, it only catches hangs.
const fuzzDeadline = 20 * time.Second

// FuzzConvert converts arbitrary input with every combination of options,
// custom extraction functions and handler overrides among them.
// Invariants: no panic, no hang, output valid UTF-8 that goldmark renders,
// and a token count that matches the output.
//
//	go test ./md -run '^$' -fuzz FuzzConvert -fuzztime 10m
func FuzzConvert(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "testdata", "golden", "*.html"))
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(0))
		f.Add(b, uint8(7))
		f.Add(b, uint8(1<<5))
		f.Add(b, uint8(3<<5|2))
	}
	for _, s := range []string{
		"", "<", "<!--", "<table><td colspan=0 rowspan=0>", "<ul><li><ol><li>", "*_`[]!<&|#>-+=~\\",
		"<pre><code>```</code></pre>", "<a href='javascript:x'>y</a><a href=\"\">z</a>",
		"<math><annotation encoding='application/x-tex'>$</annotation></math>",
		"<affordances-md mode=text md='**x**' block>y</affordances-md>",
	} {
		f.Add([]byte(s), uint8(0))
	}
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	f.Fuzz(func(t *testing.T, src []byte, flags uint8) {
		opts := md.Options{
			URL: "https://example.com/a/b?c#d",
			// Bits 0 and 7 choose the mode, bits 5 to 7 the hooks below.
			Extract:       []md.ExtractMode{md.ExtractAuto, md.ExtractNone, md.ExtractScore, md.ExtractAuto}[flags&1|flags>>6&2],
			NoFrontmatter: flags&2 != 0,
			NoJSONLD:      flags&4 != 0,
		}
		if flags&8 != 0 {
			opts.URL = ""
		}
		if flags&16 != 0 {
			opts.Charset = "windows-1252"
		}
		switch flags >> 5 {
		case 1: // a custom extraction: every paragraph and the document itself
			opts.ExtractFunc = func(doc *html.Node) []*html.Node {
				var nodes []*html.Node
				var visit func(*html.Node)
				visit = func(n *html.Node) {
					if n.DataAtom == atom.P {
						nodes = append(nodes, n)
					}
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						visit(c)
					}
				}
				visit(doc)
				return append(nodes, doc, &html.Node{Type: html.TextNode, Data: "not in the page"})
			}
		case 2: // a custom extraction that finds nothing
			opts.ExtractFunc = func(*html.Node) []*html.Node { return nil }
		case 3, 4: // overrides: one that wraps its children, one that declines, one raw
			opts.Handlers = map[string]converter.HandleRenderFunc{
				"div": func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
					var inner bytes.Buffer
					ctx.RenderChildNodes(ctx, &inner, n)
					w.WriteString("\n\n> " + strings.ReplaceAll(inner.String(), "\n", "\n> ") + "\n\n")
					return converter.RenderSuccess
				},
				"span": func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
					return converter.RenderTryNext
				},
				"table": func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
					w.WriteString("\n\n```\ntable\n```\n\n")
					ctx.RenderChildNodes(ctx, w, n)
					return converter.RenderSuccess
				},
			}
		}
		done := make(chan struct{})
		var res md.Result
		var err error
		go func() {
			defer close(done)
			res, err = md.Convert(src, opts)
		}()
		select {
		case <-done:
		case <-time.After(fuzzDeadline):
			t.Fatalf("conversion of %d bytes still running after %v", len(src), fuzzDeadline)
		}
		if err != nil {
			if err != md.ErrNotHTML {
				t.Fatalf("unexpected error: %v", err)
			}
			return
		}
		if !utf8.ValidString(res.Markdown) {
			t.Fatalf("output is not valid UTF-8: %q", res.Markdown)
		}
		if want := (utf8.RuneCountInString(res.Markdown) + 3) / 4; res.Tokens != want {
			t.Fatalf("tokens = %d, want %d", res.Tokens, want)
		}
		var buf bytes.Buffer
		if err := gm.Convert([]byte(res.Markdown), &buf); err != nil {
			t.Fatalf("goldmark cannot render the output: %v", err)
		}
	})
}

// idempotentGoldmark is the reader FuzzIdempotent renders the Markdown
// with: GFM without its autolinks, raw HTML rendered (see FuzzIdempotent),
// and math read as a reader of math reads it.
func idempotentGoldmark() goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList),
		goldmark.WithParserOptions(parser.WithInlineParsers(util.Prioritized(texParser{}, 100))),
		goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
}

// texParser reads math as the Markdown writes it, TeX between $ (inline)
// or $$ (display) with no space inside either end, every $ in it escaped
// and no digit after it (Pandoc's rules), and gives it back as TeX text between \( \) or \[ \], which
// the converter reads as math again. Without it goldmark reads the TeX as
// Markdown, taking the backslash off every \{ or \, in it, and no such
// math could come back the same.
type texParser struct{}

func (texParser) Trigger() []byte { return []byte{'$'} }

func (texParser) Parse(_ gmast.Node, block text.Reader, _ parser.Context) gmast.Node {
	line, _ := block.PeekLine()
	n := 1
	if len(line) > 1 && line[1] == '$' {
		n = 2
	}
	for i := n; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '$':
			if i+n < len(line) && line[i+n] >= '0' && line[i+n] <= '9' {
				continue // no closer before a digit: "$5 or $10" is text
			}
			tex := line[n:i]
			if len(tex) == 0 || n == 2 && (i+1 >= len(line) || line[i+1] != '$') ||
				isBlankByte(tex[0]) || isBlankByte(tex[len(tex)-1]) {
				return nil
			}
			block.Advance(i + n)
			open, close := `\(`, `\)`
			if n == 2 {
				open, close = `\[`, `\]`
			}
			s := gmast.NewString([]byte(open + string(tex) + close))
			s.SetRaw(true) // HTML-escaped, its backslashes kept
			return s
		}
	}
	return nil
}

func isBlankByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// FuzzIdempotent checks the escaping: the Markdown of a page, rendered to
// HTML by goldmark and converted again, must give the same Markdown. A
// character escaped too little changes meaning on the way and breaks this.
//
//	go test ./md -run '^$' -fuzz FuzzIdempotent -fuzztime 10m
func FuzzIdempotent(f *testing.F) {
	for _, s := range []string{
		"<p>*a* _b_ 2*3 [x](y) ![i](j) <b>c</b> `d` &amp;amp; # e</p>",
		"<h2>a # b #</h2><ol start=3><li>x</li></ol><ul><li>[ ] y</li></ul>",
		"<p>1. a<br>- b<br>&gt; c<br>===</p><table><tr><th>a|b</th></tr></table>",
		"<em>a <em>b</em></em><strong><em>c</em></strong>d<del>e</del>",
		// goldmark reads "[x](" at an item's start as a task box.
		// ASCII that CommonMark renderers percent-encode in an address.
		"<a href=0\">0</a><a href=/a`b>b</a><a href=0%>c</a><a href=%2>d</a><a href=%41>e</a><a href=/a[0]^{|}>f</a>",
		// One cell beside an empty row: a table of one cell once written.
		"<table><th>0<tr><td>",
		"<a href>0<a>[[]()]",
		"<p>[<a href=/e>edit</a>] [<a href=/a>a</a>](b) [<a href=/c>c]d</a>] [x<a href=/d>[y</a>]z] [<a href=/f>f</a>[g](h)</p>",
		"<p><a href=/a>[1]</a> [x] <a href=/b>a [b] c</a> [a](b) <a href=/c>[d][e]</a>[f]</p>",
		"<table><tr><th>a</th></tr><tr><td><pre>x\n  y |z\n\n `w` </pre></td></tr></table>",
		// Backslashes in addresses.
		"<a href=a\\b>0</a><a href=/p\\(q>1</a><a href=\\\\x>2</a>",
		// Addresses with characters other than ASCII, raw and encoded.
		"<a href=\x94>0</a><a href=/caf%C3%A9>1</a><a href=/caf\u00e9>2</a><a href=/x\u00a0y>3</a><a href=/%EF%BF%BD>4</a>",
		"<ul><li><a href=/a>X</a></li><li><a href=/b>x</a> b</li><li><a href=/c>&nbsp;</a>c</li></ul><ol><li><a href=/d>x</a></li></ol>",
		// No-break spaces encoded twice and three times, and a run of "Â".
		"<p>a\u00c2\u00a0b \u00c3\u0082\u00c2\u00a0c \u00c2\u00c2\u00c2\u00a0d</p>",
	} {
		f.Add(s)
	}
	// GFM without its autolinks: a URL or an email address in the page's
	// text stays as it is (escaping it would garble it for an agent who
	// copies it), and a GFM renderer is free to make it a link.
	// Raw HTML is rendered: the Markdown holds some by design, the <br>
	// between the lines of a table cell (GFM has no other way), and text
	// escaped too little still shows, as markup that converts differently.
	gm := idempotentGoldmark()
	f.Fuzz(func(t *testing.T, src string) {
		first, err := md.Convert([]byte(src), idempotentOptions())
		if err != nil {
			return
		}
		if html, second := writtenBack(t, gm, first.Markdown); second != first.Markdown {
			t.Fatalf("not idempotent:\nfirst:  %q\nhtml:   %q\nsecond: %q", first.Markdown, html, second)
		}
	})
}

// idempotentOptions convert the page, and the HTML of its Markdown, alike:
// all of it, without the frontmatter that the HTML would not carry.
func idempotentOptions() md.Options {
	return md.Options{Extract: md.ExtractNone, NoFrontmatter: true, NoJSONLD: true}
}

// writtenBack renders markdown to HTML with gm and converts that HTML
// again, returning the HTML and the Markdown it gave.
func writtenBack(t *testing.T, gm goldmark.Markdown, markdown string) (html, second string) {
	t.Helper()
	var b bytes.Buffer
	if err := gm.Convert([]byte(markdown), &b); err != nil {
		t.Fatal(err)
	}
	// An image the Markdown writes without alt text, ![](cover.jpg), is
	// one whose words the text beside it says (an echoed or a stock alt
	// text): the picture is kept, its words said once. goldmark writes it
	// alt="", which a page means as decoration and the converter drops;
	// the HTML it stands for marks it as the converter marks such images.
	page := bytes.ReplaceAll(b.Bytes(), []byte(` alt="">`), []byte(` alt="" data-affordances-md-stock-alt>`))
	res, err := md.Convert(page, idempotentOptions())
	if err != nil {
		t.Fatal(err)
	}
	return string(page), res.Markdown
}
