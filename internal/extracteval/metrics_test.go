package extracteval

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Hello, World!", []string{"hello", "world"}},
		{"snake_case and CamelCase", []string{"snake_case", "and", "camelcase"}},
		{"café 3.5 €", []string{"café", "3", "5"}},
		{"  ", nil},
		{"東京 タワー", []string{"東京", "タワー"}},
	}
	for _, tt := range tests {
		if got := Words(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWordF1(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	tests := []struct {
		got, want string
		prf       PRF
	}{
		{"a b c", "a b c", PRF{1, 1, 1}},
		{"", "", PRF{1, 1, 1}},
		{"", "a", PRF{}},
		{"a", "", PRF{}},
		{"x y", "a b", PRF{}},
		// Bags: "a" twice in got but once in want counts once.
		{"a a b", "a b c d", PRF{2.0 / 3, 2.0 / 4, 2 * (2.0 / 3) * 0.5 / (2.0/3 + 0.5)}},
	}
	for _, tt := range tests {
		got := WordF1(tt.got, tt.want)
		if !near(got.Precision, tt.prf.Precision) || !near(got.Recall, tt.prf.Recall) || !near(got.F1, tt.prf.F1) {
			t.Errorf("WordF1(%q, %q) = %+v, want %+v", tt.got, tt.want, got, tt.prf)
		}
	}
}

func TestSnippets(t *testing.T) {
	text := "Welcome to the homepage.\n\n- Fresh bread, baked daily\n- Coffee | Tea"
	tests := []struct {
		snippet string
		found   bool
	}{
		{"Fresh bread, baked daily", true},
		{"fresh   BREAD baked", true},    // case, space and punctuation do not matter
		{"Fresh bread, baked dai", true}, // the last word may be cut short
		{"resh bread", false},            // the first may not
		{"Home", false},                  // a word, not a part of one
		{"the homepage", true},
		{"bread, coffee", false},
		{"daily Coffee Tea", true}, // layout between blocks does not matter
		{"...", false},             // no words: never found
	}
	for _, tt := range tests {
		if got := Snippets(text, []string{tt.snippet})[0]; got != tt.found {
			t.Errorf("Snippets(%q) = %v, want %v", tt.snippet, got, tt.found)
		}
	}
}

func TestPlainText(t *testing.T) {
	md := "---\n\n# Title\n\nSome *emphasis*, a [link](https://example.com/path) and ![alt text](/img.png).\n\n" +
		"| a | b |\n| --- | --- |\n| cell\\_one | two |\n\n```go\nfunc main() {}\n```\n\n<div>raw <b>html</b></div>\n"
	got := Words(PlainText(md))
	want := Words("Title Some emphasis a link and alt text a b cell_one two func main raw html")
	if !slices.Equal(got, want) {
		t.Errorf("PlainText words = %q, want %q", got, want)
	}
	if strings.Contains(PlainText(md), "example.com") {
		t.Error("link target kept")
	}
	if got, want := Words(PlainText("Rated![checkmark](c.svg)75%")), []string{"rated", "checkmark", "75"}; !slices.Equal(got, want) {
		t.Errorf("alt text beside words: %q, want %q", got, want)
	}
}

func TestHTMLText(t *testing.T) {
	got := HTMLText(`<div><p>One</p><p>Two<br>Three</p><span>Fo</span><b>ur</b><script>x()</script></div>`)
	if want := []string{"one", "two", "three", "four"}; !slices.Equal(Words(got), want) {
		t.Errorf("HTMLText words = %q, want %q", Words(got), want)
	}
}

func TestSummarize(t *testing.T) {
	p1 := &Page{Source: []byte("12345"), With: []string{"a", "b"}, Without: []string{"x"}}
	p2 := &Page{Source: []byte("123")}
	scores := []Score{
		{Page: p1, Text: "a", PRF: PRF{1, 0.5, 2.0 / 3}, Found: []bool{true, false}, Leaked: []bool{true}},
		{Page: p2, Text: "", PRF: PRF{}},
	}
	s := Summarize(scores)
	if s.Pages != 2 || s.Empty != 1 || s.Bytes != 8 {
		t.Errorf("Summarize counts = %+v", s)
	}
	if s.F1 != 1.0/3 || s.Found != 0.5 || s.Leaked != 1 {
		t.Errorf("Summarize figures = %+v (pages without snippets must not count for found and leaked)", s)
	}
}

// TestWriteWorst: the worst pages are ordered by, and show the snippets
// of, the extractor asked for.
func TestWriteWorst(t *testing.T) {
	p1 := &Page{ID: "p1", With: []string{"kept", "lost"}}
	p2 := &Page{ID: "p2", With: []string{"kept", "lost"}}
	all := [][]Score{
		{{Page: p1, PRF: PRF{F1: 0.2}, Found: []bool{true, false}}, {Page: p2, PRF: PRF{F1: 0.9}, Found: []bool{true, true}}},
		{{Page: p1, PRF: PRF{F1: 0.8}, Found: []bool{true, true}}, {Page: p2, PRF: PRF{F1: 0.1}, Found: []bool{false, true}}},
	}
	var buf strings.Builder
	if err := WriteWorst(&buf, 1, 1, []string{"auto", "score"}, all); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "score missed") || !strings.HasPrefix(lines[1], "p2") || !strings.Contains(lines[1], `"kept"`) || strings.Contains(lines[1], `"lost"`) {
		t.Errorf("worst by score:\n%s", buf.String())
	}
}

func TestOracle(t *testing.T) {
	page := &Page{
		Source: []byte(`<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<div id="wrap"><article><h1>Tides</h1><p>The moon pulls the sea twice a day.</p><p>Spring tides are the strongest.</p></article>
<aside><p>Buy our tide tables and the moon calendar.</p></aside></div></body>`),
		Want: "Tides. The moon pulls the sea twice a day. Spring tides are the strongest.",
	}
	text, _, err := Oracle().Text(page)
	if err != nil {
		t.Fatal(err)
	}
	if got := WordF1(text, page.Want); got.F1 != 1 {
		t.Errorf("oracle chose %q: F1 %.3f, want the article (1)", text, got.F1)
	}
	page.Want = ""
	if text, _, _ := Oracle().Text(page); text != "" {
		t.Errorf("oracle with an empty reference chose %q, want nothing", text)
	}
}

func TestBlockOracle(t *testing.T) {
	// The product's description and its specs are apart, with other
	// products between and a share bar inside the description's part: no
	// one subtree holds them without those, and the blocks do.
	page := &Page{
		Source: []byte(`<body><div id="page"><div class="desc"><h1>Oak stool</h1><p>A stool of solid oak, oiled by hand.</p>
<div class="share">Share on Twitter Share on Facebook</div></div>
<ul class="more"><li>Pine bench</li><li>Ash table</li></ul>
<table><tr><td>Height</td><td>45 cm<br>seat</td></tr></table></div></body>`),
		Want: "Oak stool. A stool of solid oak, oiled by hand. Height 45 cm seat",
	}
	text, _, err := BlockOracle().Text(page)
	if err != nil {
		t.Fatal(err)
	}
	if got := WordF1(text, page.Want); got.F1 != 1 {
		t.Errorf("block oracle chose %q: F1 %.3f, want 1", text, got.F1)
	}
	single, _, err := Oracle().Text(page)
	if err != nil {
		t.Fatal(err)
	}
	if got := WordF1(single, page.Want); got.F1 >= 1 {
		t.Errorf("oracle chose %q: F1 %.3f, want below the block oracle's", single, got.F1)
	}
	page.Want = ""
	if text, _, _ := BlockOracle().Text(page); text != "" {
		t.Errorf("block oracle with an empty reference chose %q, want nothing", text)
	}
}
