package markers

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// parseFirst parses src as body content and returns its first element.
func parseFirst(t *testing.T, src string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader("<body>" + src))
	if err != nil {
		t.Fatal(err)
	}
	var find func(*html.Node) *html.Node
	find = func(n *html.Node) *html.Node {
		if n.Type == html.ElementNode && n.Data != "html" && n.Data != "head" && n.Data != "body" {
			return n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if f := find(c); f != nil {
				return f
			}
		}
		return nil
	}
	n := find(doc)
	if n == nil {
		t.Fatalf("no element in %q", src)
	}
	return n
}

func TestOf(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Marker
		ok   bool
	}{
		{"element main", `<affordances-md mode="main">x</affordances-md>`, Marker{Mode: ModeMain}, true},
		{"element skip", `<affordances-md mode="skip"></affordances-md>`, Marker{Mode: ModeSkip}, true},
		{"element only", `<affordances-md mode="only" hidden></affordances-md>`, Marker{Mode: ModeOnly}, true},
		{"element text inline", `<affordances-md mode="text" md="*a*"></affordances-md>`, Marker{Mode: ModeText, MD: "*a*"}, true},
		{"element text block", `<affordances-md mode="text" md="a" block></affordances-md>`, Marker{Mode: ModeText, MD: "a", Block: true}, true},
		{"text without md", `<affordances-md mode="text"></affordances-md>`, Marker{Mode: ModeText}, true},
		{"md only read on text", `<affordances-md mode="main" md="x" block></affordances-md>`, Marker{Mode: ModeMain}, true},
		{"attribute", `<div data-affordances-md="skip"></div>`, Marker{Mode: ModeSkip}, true},
		{"attribute text", `<li data-affordances-md="text" md="S, M"></li>`, Marker{Mode: ModeText, MD: "S, M"}, true},
		{"case and spaces", `<div data-affordances-md=" MAIN "></div>`, Marker{Mode: ModeMain}, true},
		{"element with attribute only", `<affordances-md data-affordances-md="skip"></affordances-md>`, Marker{Mode: ModeSkip}, true},
		{"mode wins over attribute", `<affordances-md mode="main" data-affordances-md="skip"></affordances-md>`, Marker{Mode: ModeMain}, true},
		{"unknown mode wins and is ignored", `<affordances-md mode="bogus" data-affordances-md="skip"></affordances-md>`, Marker{}, false},
		{"unknown mode", `<div data-affordances-md="hide"></div>`, Marker{}, false},
		{"empty mode", `<div data-affordances-md=""></div>`, Marker{}, false},
		{"mode attribute on another element", `<div mode="main"></div>`, Marker{}, false},
		{"no marker", `<affordances-md></affordances-md>`, Marker{}, false},
		{"unicode case folding is not ASCII", `<div data-affordances-md="s` + "\u212A" + `ip"></div>`, Marker{}, false},
		{"foreign element", `<svg><affordances-md mode="main"></affordances-md></svg>`, Marker{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := parseFirst(t, tt.src)
			if n.Data == "svg" {
				n = n.FirstChild
			}
			got, ok := Of(n)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Of(%s) = %+v, %v; want %+v, %v", tt.src, got, ok, tt.want, tt.ok)
			}
		})
	}
	if _, ok := Of(nil); ok {
		t.Error("Of(nil) reported a marker")
	}
}

func TestHelpers(t *testing.T) {
	tests := []struct {
		got  template.HTML
		want string
	}{
		{Main("<p>x</p>"), `<affordances-md mode="main" style="display:contents"><p>x</p></affordances-md>`},
		{Skip("<nav></nav>"), `<affordances-md mode="skip" style="display:contents"><nav></nav></affordances-md>`},
		// No display style on only: it would override hidden and show it.
		{Only("<p>x</p>"), `<affordances-md mode="only" hidden><p>x</p></affordances-md>`},
		{Text("S, M", "<i></i>"), `<affordances-md mode="text" md="S, M" style="display:contents"><i></i></affordances-md>`},
		{TextBlock("- a\n- b", ""), "<affordances-md mode=\"text\" md=\"- a\n- b\" block style=\"display:contents\"></affordances-md>"},
		{Text(`"><script>x</script>&'`, ""), `<affordances-md mode="text" md="&#34;&gt;&lt;script&gt;x&lt;/script&gt;&amp;&#39;" style="display:contents"></affordances-md>`},
		{Marker{Mode: `x"><b>`}.Start(), `<affordances-md mode="x&#34;&gt;&lt;b&gt;" style="display:contents">`},
	}
	for _, tt := range tests {
		if string(tt.got) != tt.want {
			t.Errorf("got  %s\nwant %s", tt.got, tt.want)
		}
	}
}

// TestHelpersReadBack checks that every helper writes a marker that Of
// reads back as the same marker, md byte for byte.
func TestHelpersReadBack(t *testing.T) {
	hostile := "a \"quoted\" <b>tag</b> & 'apos'\n| x | y |\n`code` \\ *em*"
	for _, m := range []Marker{
		{Mode: ModeMain}, {Mode: ModeSkip}, {Mode: ModeOnly},
		{Mode: ModeText, MD: hostile}, {Mode: ModeText, MD: hostile, Block: true}, {Mode: ModeText},
	} {
		n := parseFirst(t, string(m.Wrap("<p>content</p>")))
		got, ok := Of(n)
		if !ok || got != m {
			t.Errorf("Of(%s) = %+v, %v; want %+v", m.Wrap(""), got, ok, m)
		}
		if n.FirstChild == nil || n.FirstChild.Data != "p" || n.NextSibling != nil {
			t.Errorf("%s does not hold exactly its content", m.Wrap("<p>content</p>"))
		}
		if _, hidden := attr(n, "hidden"); hidden != (m.Mode == ModeOnly) {
			t.Errorf("%s: hidden is %v", m.Start(), hidden)
		}
	}
}

func TestFuncs(t *testing.T) {
	const page = `<head>{{mdAlternate .Path}}</head>` +
		`{{agentStart "main"}}<h1>{{.Name}}</h1>` +
		`{{agentStart "skip"}}<button>Share</button>{{agentEnd}}` +
		`{{agentStart "text" .Colours}}<i class="swatch"></i>{{agentEnd}}` +
		`{{agentStart "text" .Colours "block"}}{{agentEnd}}` +
		`{{agentStart "only"}}<p>For agents</p>{{agentEnd}}` +
		`{{agentEnd}}{{agentSkip .Footer}}{{agentMain .Footer}}{{agentOnly .Footer}}` +
		`{{agentText "x" .Footer}}{{agentTextBlock "y" .Footer}}`
	tmpl := template.Must(template.New("page").Funcs(Funcs()).Parse(page))
	var buf bytes.Buffer
	err := tmpl.Execute(&buf, map[string]any{
		"Path": "/products/tee", "Name": "Tee <b>", "Colours": `black & "bone"`,
		"Footer": template.HTML("<p>f</p>"),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `<head><link rel="alternate" type="text/markdown" href="/products/tee.md"></head>` +
		`<affordances-md mode="main" style="display:contents"><h1>Tee &lt;b&gt;</h1>` +
		`<affordances-md mode="skip" style="display:contents"><button>Share</button></affordances-md>` +
		`<affordances-md mode="text" md="black &amp; &#34;bone&#34;" style="display:contents"><i class="swatch"></i></affordances-md>` +
		`<affordances-md mode="text" md="black &amp; &#34;bone&#34;" block style="display:contents"></affordances-md>` +
		`<affordances-md mode="only" hidden><p>For agents</p></affordances-md>` +
		`</affordances-md>` +
		`<affordances-md mode="skip" style="display:contents"><p>f</p></affordances-md>` +
		`<affordances-md mode="main" style="display:contents"><p>f</p></affordances-md>` +
		`<affordances-md mode="only" hidden><p>f</p></affordances-md>` +
		`<affordances-md mode="text" md="x" style="display:contents"><p>f</p></affordances-md>` +
		`<affordances-md mode="text" md="y" block style="display:contents"><p>f</p></affordances-md>`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestFuncsErrors(t *testing.T) {
	for _, src := range []string{
		`{{agentStart "hide"}}`,
		`{{agentStart "text"}}`,
		`{{agentStart "main" "x"}}`,
		`{{agentStart "text" "x" "inline"}}`,
		`{{agentStart "text" "x" "block" "more"}}`,
		`{{agentMain .}}`, // a string value is not trusted HTML
	} {
		tmpl := template.Must(template.New("t").Funcs(Funcs()).Parse(src))
		if err := tmpl.Execute(&bytes.Buffer{}, "<p>untrusted</p>"); err == nil {
			t.Errorf("%s: executed without error", src)
		}
	}
}

func TestMarkdownPath(t *testing.T) {
	tests := []struct{ path, want string }{
		{"/", "/index.md"},
		{"", "/index.md"},
		{"/blog/post", "/blog/post.md"},
		{"blog/post", "/blog/post.md"},
		{"/blog/", "/blog/index.md"},
		{"/notes.md", "/notes.md"},
		{"/NOTES.MD", "/NOTES.MD"},
		{"/search?q=tee&page=2", "/search.md?q=tee&page=2"},
		{"/?ref=x", "/index.md?ref=x"},
		{"/post?", "/post.md"},
		{"/post#comments", "/post.md"},
		{"/post?x=1#frag", "/post.md?x=1"},
		{"/a b/c\"d<e>", "/a%20b/c%22d%3Ce%3E.md"},
		{"/caf\u00e9", "/caf%C3%A9.md"},
		{"/already%20escaped", "/already%20escaped.md"},
		{"/100%", "/100%25.md"},
		{"/100%zz", "/100%25zz.md"},
		{"/q?a=<b>&c=\"d\"", "/q.md?a=%3Cb%3E&c=%22d%22"},
		// Never another host.
		{"//evil.example/x", "/evil.example/x.md"},
		{"///evil.example", "/evil.example.md"},
		{"/\\evil.example/x", "/evil.example/x.md"},
		{"/a\\b", "/a%5Cb.md"},
		{"\\\\evil.example", "/evil.example.md"},
		{"https://evil.example/x", "/https://evil.example/x.md"},
		{"javascript:alert(1)", "/javascript:alert(1).md"},
		{"/\t/evil.example", "/%09/evil.example.md"},
		{"/x\r\ny", "/x%0D%0Ay.md"},
	}
	for _, tt := range tests {
		if got := MarkdownPath(tt.path); got != tt.want {
			t.Errorf("MarkdownPath(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestAlternate(t *testing.T) {
	tests := []struct{ path, want string }{
		{"/", `<link rel="alternate" type="text/markdown" href="/index.md">`},
		{"/blog/post", `<link rel="alternate" type="text/markdown" href="/blog/post.md">`},
		{"/s?a=1&b='2'", `<link rel="alternate" type="text/markdown" href="/s.md?a=1&amp;b=&#39;2&#39;">`},
		{`/"><script>alert(1)</script>`, `<link rel="alternate" type="text/markdown" href="/%22%3E%3Cscript%3Ealert(1)%3C/script%3E.md">`},
	}
	for _, tt := range tests {
		if got := Alternate(tt.path); string(got) != tt.want {
			t.Errorf("Alternate(%q) = %s, want %s", tt.path, got, tt.want)
		}
	}
}

// FuzzMarkdownPath checks that no path gives a link that leaves the site,
// or one that needs escaping.
func FuzzMarkdownPath(f *testing.F) {
	for _, s := range []string{"/", "/a/b?c=d#e", "//x", "/\\x", "https://x/y", "%", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got := MarkdownPath(p)
		if !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") {
			t.Fatalf("MarkdownPath(%q) = %q: not a path on the site", p, got)
		}
		for i := 0; i < len(got); i++ {
			if c := got[i]; c != '%' && c != '?' && !urlSafe(c) {
				t.Fatalf("MarkdownPath(%q) = %q: unescaped %q", p, got, c)
			}
		}
		if strings.Contains(got, "#") {
			t.Fatalf("MarkdownPath(%q) = %q: kept a fragment", p, got)
		}
	})
}
