package md_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/affordances/affordances-md/md"
)

func TestEmptyInput(t *testing.T) {
	for _, src := range []string{"", "   \n\t", "<html></html>", "<!doctype html>"} {
		res, err := md.Convert([]byte(src), md.Options{})
		if err != nil {
			t.Errorf("Convert(%q): %v", src, err)
		}
		if res.Markdown != "" || res.Tokens != 0 {
			t.Errorf("Convert(%q) = %q (%d tokens), want empty", src, res.Markdown, res.Tokens)
		}
	}
}

func TestBinaryInputIsNotHTML(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.White)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{
		"png":   buf.Bytes(),
		"gzip":  {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00},
		"pdf":   []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"),
		"zeros": make([]byte, 64),
		"bmp":   []byte("BM\x46\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00"),
		"mp3":   []byte("ID3\x04\x00\x00\x00\x00\x01\x76TIT2"),
		"otf":   []byte("OTTO\x00\x0b\x00\x80\x00\x03\x00\x30CFF "),
	}
	for name, src := range inputs {
		_, err := md.Convert(src, md.Options{})
		if !errors.Is(err, md.ErrNotHTML) {
			t.Errorf("%s: err = %v, want md.ErrNotHTML", name, err)
		}
	}
}

// TestTextStartingLikeBinary: text that starts with the letters of a
// binary signature ("BM" of a bitmap, "ID3" of an MP3, "OTTO" of a font),
// with no binary bytes after them, is a page.
func TestTextStartingLikeBinary(t *testing.T) {
	for _, src := range []string{"BMW cars<p>The 3 series.</p>", "OTTO GmbH<br>Hamburg", "ID3 tags explained<p>Title, artist.</p>"} {
		res, err := md.Convert([]byte(src), md.Options{NoFrontmatter: true})
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if !strings.HasPrefix(res.Markdown, src[:2]) {
			t.Errorf("%q: converted to %q", src, res.Markdown)
		}
	}
}

func TestInvalidUTF8IsRepaired(t *testing.T) {
	src := []byte("<meta charset=utf-8><p>a\xffb\xc3</p><p title=\"\xfe\">c</p><img alt=\"\xff\" src=x>")
	res, err := md.Convert(src, md.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.ValidString(res.Markdown) {
		t.Errorf("output is not valid UTF-8: %q", res.Markdown)
	}
	if !strings.Contains(res.Markdown, "a\uFFFDb\uFFFD") {
		t.Errorf("invalid bytes not replaced by U+FFFD: %q", res.Markdown)
	}
}

// boundedConvert converts src and fails the test if the conversion
// allocates more than limit bytes in all.
func boundedConvert(t *testing.T, src []byte, limit uint64) md.Result {
	t.Helper()
	return boundedConvertOptions(t, src, limit, md.Options{})
}

// boundedConvertOptions is boundedConvert with options (its URL is set).
func boundedConvertOptions(t *testing.T, src []byte, limit uint64, opts md.Options) md.Result {
	t.Helper()
	opts.URL = "https://example.com/"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := md.Convert(src, opts)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > limit {
		t.Errorf("allocated %d MB converting %d MB, more than the bound of %d MB", got>>20, len(src)>>20, limit>>20)
	}
	if !utf8.ValidString(res.Markdown) {
		t.Error("output is not valid UTF-8")
	}
	return res
}

func TestDeepNesting(t *testing.T) {
	for _, tag := range []string{"div", "span", "b", "ul><li", "table><tr><td", "blockquote"} {
		t.Run(strings.Split(tag, ">")[0], func(t *testing.T) {
			const depth = 100_000
			src := strings.Repeat("<"+tag+">", depth) + "deep text" + strings.Repeat("</"+strings.Split(tag, ">")[0]+">", depth)
			res := boundedConvert(t, []byte(src), 400<<20)
			if !strings.Contains(res.Markdown, "deep text") {
				t.Errorf("the text of a deeply nested page was lost: %.200q", res.Markdown)
			}
		})
	}
}

func TestHugeTextNode(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB input")
	}
	word := "lorem ipsum dolor sit amet "
	text := strings.Repeat(word, 50<<20/len(word))
	src := "<html><body><p>" + text + "</p></body></html>"
	res := boundedConvert(t, []byte(src), 20*uint64(len(src)))
	if len(res.Markdown) < len(text)*9/10 {
		t.Errorf("output has %d bytes of a %d-byte text", len(res.Markdown), len(text))
	}
}

func TestWideTable(t *testing.T) {
	const cols = 10_000
	var sb strings.Builder
	sb.WriteString("<table><tr>")
	for i := range cols {
		fmt.Fprintf(&sb, "<th>h%d</th>", i)
	}
	sb.WriteString("</tr><tr>")
	for i := range cols {
		fmt.Fprintf(&sb, "<td>c%d</td>", i)
	}
	sb.WriteString("</tr><tr><td colspan=1000>wide</td><td rowspan=65534 colspan=1000>spans</td></tr></table>")
	res := boundedConvert(t, []byte(sb.String()), 200<<20)
	if !strings.Contains(res.Markdown, "| h9999 |") || !strings.Contains(res.Markdown, "| c9999 |") {
		t.Error("the last column of a 10,000-column table is missing")
	}
}

func TestHugeSpans(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("<table>")
	for range 2000 {
		sb.WriteString("<tr><td colspan=1000 rowspan=65534>x</td></tr>")
	}
	sb.WriteString("</table>")
	res := boundedConvert(t, []byte(sb.String()), 300<<20)
	if len(res.Markdown) > 50<<20 {
		t.Errorf("spans blew a small table up to %d MB of Markdown", len(res.Markdown)>>20)
	}
}

func TestHugeAttribute(t *testing.T) {
	big := strings.Repeat("a", 10<<20)
	src := `<html><head><title>` + big[:100] + `</title><meta name="description" content="` + big + `"></head><body>` +
		`<p class="` + big + `">text</p><a href="/` + big + `">link</a><img src="/x" alt="` + big + `"></body></html>`
	res := boundedConvert(t, []byte(src), 40*uint64(len(src)))
	if !strings.Contains(res.Markdown, "text") {
		t.Error("content next to a 10 MB attribute was lost")
	}
}

// TestNestedNoscript: <noscript> elements nested 250 deep around a long
// text are each content; deciding so reads only the start of each one's
// text, not all of it once per level.
func TestNestedNoscript(t *testing.T) {
	text := strings.Repeat("<p>Some words in a paragraph.</p>", 10000)
	src := strings.Repeat("<div><noscript>", 250) + text
	for _, explain := range []bool{false, true} {
		res := boundedConvertOptions(t, []byte(src), 40*uint64(len(src)), md.Options{Explain: explain})
		if strings.Count(res.Markdown, "Some words in a paragraph.") != 10000 {
			t.Errorf("explain %v: the text inside the noscripts was lost", explain)
		}
	}
}

// TestEmptyPreInFlatContext: a <pre> with no text where blocks become one
// line (a table cell, a link) writes nothing, and does not
// panic; one of spaces is a code span of spaces, as CommonMark reads it.
func TestEmptyPreInFlatContext(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"<table><tr><td>a<pre></pre></td><td>x</td></tr></table>", "| a | x |"},
		{"<table><tr><td><pre>\n\n</pre></td><td>x</td></tr><tr><td>1</td><td>2</td></tr></table>", "|  | x |"},
		{`<a href="/x">go<pre></pre></a>`, "[go](/x)"},
		{"<table><tr><td><pre> </pre></td><td>x</td></tr></table>", "| ` ` | x |"},
	} {
		res, err := md.Convert([]byte(tc.src), md.Options{NoFrontmatter: true, Extract: md.ExtractNone})
		if err != nil {
			t.Errorf("Convert(%q): %v", tc.src, err)
			continue
		}
		if !strings.Contains(res.Markdown, tc.want) {
			t.Errorf("Convert(%q) =\n%s\nwant it to hold %q", tc.src, res.Markdown, tc.want)
		}
	}
}
