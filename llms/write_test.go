package llms

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
)

const public = "https://acme.store"

// storeSite is a small store behind a test origin, served publicly at
// https://acme.store: pages with and without their own level-1 heading, a
// page that fails, one too slow, one that is not HTML.
func storeSite(t *testing.T) *testSite {
	s := newTestSite(t)
	s.setPage("/", pageHTML("Acme Store", "Studio goods in small runs.",
		`<h1>Acme Store</h1><p>Every product, its price and whether it is in stock.</p>`))
	s.setPage("/cart", pageHTML("Cart | Acme", "Your cart: items and subtotal",
		`<p>Home › Cart</p><h1>Your cart</h1><p>Two items, <strong>$40</strong>.</p>`))
	s.setPage("/about", pageHTML("About us", "",
		`<p>We make things in small runs.</p><h2>Team</h2><p>Three people.</p>`))
	s.setPage("/docs/intro", pageHTML("Intro [beta] *new*", "How to start: snake_case names & <tags>",
		`<h1>Introduction to <em>Acme</em></h1><p>Read this first.</p><pre><code class="language-sh"># a comment, not a heading
curl https://acme.store/index.md</code></pre>`))
	s.setPage("/docs/", pageHTML("Docs", "All the docs", `<h1>Docs</h1><p>Start with the intro.</p>`))
	s.setReply("/broken", reply{status: 500, ctype: "text/html", body: []byte("<h1>Internal error</h1>")})
	s.setReply("/slow", reply{delay: 10 * time.Second, ctype: "text/html", body: []byte("<h1>Slow</h1>")})
	s.setReply("/file.pdf", reply{ctype: "application/pdf", body: []byte("%PDF-1.7")})
	return s
}

// storeBuilder builds for the store through its origin.
func storeBuilder(s *testSite) *Builder {
	return &Builder{
		Renderer: fetchRenderer{origin: s.URL, public: public},
		URL:      public,
		Origin:   s.URL,
		Summary:  "Studio goods in small runs.",
		Limits:   Limits{PageTimeout: 200 * time.Millisecond},
		Logger:   quietLogger(),
	}
}

// sourceKinds sets the store up for each way of listing its pages.
var sourceKinds = []struct {
	name  string
	setup func(*testSite, *Builder)
}{
	{"index", func(s *testSite, b *Builder) {
		s.set(IndexPath, "application/json", `{"v":"0","name":"Acme Store","routes":[
			{"route":"/","description":"Every product: its lowest in-stock price, options, and whether it is in stock"},
			{"route":"/products/[slug]","description":"One product"},
			{"route":"/cart","description":"The cart: items, quantities and subtotal"},
			{"route":"/about"},
			{"route":"/broken","description":"Fails"},
			{"route":"/cart"}
		],"auth":["cookie"]}`)
	}},
	{"sitemap", func(s *testSite, b *Builder) {
		b.Name = "Acme Store"
		s.set("/robots.txt", "text/plain", "Sitemap: "+public+"/sitemap.xml\n")
		s.set("/sitemap.xml", "application/xml", `<urlset>
			<url><loc>`+public+`/</loc></url>
			<url><loc>`+public+`/about</loc></url>
			<url><loc>`+public+`/cart</loc></url>
			<url><loc>`+public+`/docs/</loc></url>
			<url><loc>`+public+`/docs/intro</loc></url>
			<url><loc>`+public+`/broken</loc></url>
			<url><loc>`+public+`/slow</loc></url>
			<url><loc>`+public+`/file.pdf</loc></url>
			<url><loc>https://elsewhere.example/page</loc></url>
			<url><loc>`+public+`/cart</loc></url>
		</urlset>`)
	}},
	{"sections", func(s *testSite, b *Builder) {
		b.Name = "Acme Store"
		b.Intro = "Prices are in US dollars.\n\n- Orders ship in two days."
		b.Sections = func(ctx context.Context, routes []Page) ([]Section, error) {
			return []Section{
				{Title: "Pages", Pages: []Page{{URL: "/"}, {URL: "/cart"}, {URL: public + "/about"}}},
				{Title: "Docs", Pages: []Page{
					{URL: "/docs/intro", Title: "Introduction", Description: "Read this first"},
					{URL: "/docs/intro"},
				}},
				{Title: "Elsewhere", Pages: []Page{
					{URL: "https://github.com/acme/store", Title: "Source code (GitHub)", Description: "The store's own code"},
					{URL: "https://elsewhere.example/untitled"},
				}},
				{Title: "Pages", Pages: []Page{{URL: "/cart"}, {URL: "/broken"}}},
			}, nil
		}
	}},
	{"no-full", func(s *testSite, b *Builder) {
		b.Name, b.Summary, b.NoFull = "Acme Store", "", true
		b.Sections = func(ctx context.Context, routes []Page) ([]Section, error) {
			return []Section{{Title: "Pages", Pages: []Page{{URL: "/"}, {URL: "/about"}}}}, nil
		}
	}},
}

// TestWriteTxt writes llms.txt from each source kind (golden files) and
// checks that each passes Parse with no problem and reads as written.
func TestWriteTxt(t *testing.T) {
	for _, kind := range sourceKinds {
		t.Run(kind.name, func(t *testing.T) {
			s := storeSite(t)
			b := storeBuilder(s)
			kind.setup(s, b)
			site, err := b.Discover(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := b.WriteTxt(context.Background(), &out, site); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", "txt-"+kind.name+".txt"), out.Bytes())

			f, problems := Parse(out.Bytes())
			for _, p := range problems {
				t.Errorf("the validator refuses what WriteTxt wrote: %s", p)
			}
			if f.Title != "Acme Store" {
				t.Errorf("title %q", f.Title)
			}
			if want := b.Summary; f.Summary != want {
				t.Errorf("summary %q, want %q", f.Summary, want)
			}
			seen := map[string]bool{}
			for _, sec := range f.Sections {
				for _, l := range sec.Links {
					if seen[l.URL] {
						t.Errorf("%s listed twice", l.URL)
					}
					seen[l.URL] = true
					if strings.HasPrefix(l.URL, public) && !strings.HasSuffix(l.URL, ".md") {
						t.Errorf("%s does not link a .md twin", l.URL)
					}
				}
			}
		})
	}
}

// TestWriteFull writes llms-full.txt from the sitemap (golden file): pages
// in order, failures left out, headings replaced, no frontmatter.
func TestWriteFull(t *testing.T) {
	s := storeSite(t)
	b := storeBuilder(s)
	sourceKinds[1].setup(s, b)
	var l logs
	b.Logger = l.logger()
	site, err := b.Discover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := b.WriteFull(context.Background(), &out, site); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "full-sitemap.txt"), out.Bytes())

	got := out.String()
	var heads []string
	for line := range strings.SplitSeq(got, "\n") {
		if strings.HasPrefix(line, "# ") && strings.HasSuffix(line, ")") {
			heads = append(heads, line)
		}
	}
	want := []string{
		"# Acme Store (https://acme.store/)",
		"# About us (https://acme.store/about)",
		"# Your cart (https://acme.store/cart)",
		"# Docs (https://acme.store/docs/)",
		"# Introduction to *Acme* (https://acme.store/docs/intro)",
	}
	if strings.Join(heads, "\n") != strings.Join(want, "\n") {
		t.Errorf("page headings:\n%s\nwant:\n%s", strings.Join(heads, "\n"), strings.Join(want, "\n"))
	}
	for _, bad := range []string{"---", "title:", "Internal error", "Slow", "PDF", "# Your cart\n"} {
		if strings.Contains(got, bad) {
			t.Errorf("llms-full.txt has %q", bad)
		}
	}
	for _, p := range []string{"/broken", "/slow", "/file.pdf"} {
		if !strings.Contains(l.String(), `page left out" page=`+p+" ") {
			t.Errorf("no warning for %s in:\n%s", p, l.String())
		}
	}
}

// TestWriteFullOrder renders pages that finish in scrambled order and
// checks they are written in the site's order, with at most Concurrency
// renders at once.
func TestWriteFullOrder(t *testing.T) {
	const n = 60
	r := &countingRenderer{delay: func(i int) time.Duration { return time.Duration((i*7)%5) * time.Millisecond }}
	var pages []Page
	for i := range n {
		pages = append(pages, Page{URL: fmt.Sprintf("/p/%d", i)})
	}
	site := &Site{Sections: []Section{{Title: "Pages", Pages: pages}}}
	for _, c := range []int{1, 3, 8, 1 << 40} {
		r.reset()
		b := &Builder{Renderer: r, URL: public, Concurrency: c, Logger: quietLogger()}
		var out bytes.Buffer
		if err := b.WriteFull(context.Background(), &out, site); err != nil {
			t.Fatal(err)
		}
		last := -1
		for line := range strings.SplitSeq(out.String(), "\n") {
			var i int
			if _, err := fmt.Sscanf(line, "# Page %d", &i); err == nil {
				if i != last+1 {
					t.Fatalf("concurrency %d: page %d after page %d", c, i, last)
				}
				last = i
			}
		}
		if last != n-1 {
			t.Errorf("concurrency %d: last page %d, want %d", c, last, n-1)
		}
		if r.max > min(c, MaxConcurrency) {
			t.Errorf("concurrency %d: %d renders at once", c, r.max)
		}
		if c > 1 && r.max < 2 {
			t.Errorf("concurrency %d: pages were rendered one at a time", c)
		}
	}
}

// TestWriteFullStreams holds the last page's rendering until the first
// page has reached the writer.
func TestWriteFullStreams(t *testing.T) {
	const n = 50
	firstWritten := make(chan struct{})
	r := &countingRenderer{wait: func(i int) <-chan struct{} {
		if i == n-1 {
			return firstWritten
		}
		return nil
	}}
	var pages []Page
	for i := range n {
		pages = append(pages, Page{URL: fmt.Sprintf("/p/%d", i)})
	}
	w := &signalWriter{signal: firstWritten}
	b := &Builder{Renderer: r, URL: public, Logger: quietLogger()}
	done := make(chan error, 1)
	go func() { done <- b.WriteFull(context.Background(), w, &Site{Sections: []Section{{Pages: pages}}}) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the last page waited for the first to be written, and it never was: the output is not streamed")
	}
}

// signalWriter closes signal on its first write.
type signalWriter struct {
	signal chan struct{}
	once   bool
	buf    bytes.Buffer
}

func (w *signalWriter) Write(p []byte) (int, error) {
	if !w.once {
		w.once = true
		close(w.signal)
	}
	return w.buf.Write(p)
}

// TestWriteStopsOnCancel cancels a build halfway: it returns the
// context's error, and no render goroutine is left running.
func TestWriteStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &countingRenderer{onRender: func(i int) {
		if i == 20 {
			cancel()
		}
	}}
	var pages []Page
	for i := range 1000 {
		pages = append(pages, Page{URL: fmt.Sprintf("/p/%d", i)})
	}
	b := &Builder{Renderer: r, URL: public, Logger: quietLogger()}
	err := b.WriteFull(ctx, &bytes.Buffer{}, &Site{Sections: []Section{{Pages: pages}}})
	if err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if r.active() != 0 {
		t.Errorf("%d renders still running after WriteFull returned", r.active())
	}
	if r.total() > 20+2*DefaultConcurrency {
		t.Errorf("%d pages rendered after cancelling at page 20", r.total())
	}
}

func TestPageHeading(t *testing.T) {
	tests := []struct {
		name, markdown, title, want string
	}{
		{"own heading first", "---\ntitle: \"T\"\n---\n\n# Hello *there*\n\nText.\n", "T",
			"# Hello *there* (https://acme.store/p)\n\nText.\n"},
		{"heading after a breadcrumb", "---\ntitle: \"T\"\n---\n\nHome › Docs\n\n# Guide\n\nText.\n\n# Second\n", "T",
			"# Guide (https://acme.store/p)\n\nHome › Docs\n\nText.\n\n# Second\n"},
		{"setext heading", "Guide\n=====\n\nText.\n", "T",
			"# Guide (https://acme.store/p)\n\nText.\n"},
		{"closing hashes", "# Guide ##\n\nText.\n", "T",
			"# Guide (https://acme.store/p)\n\nText.\n"},
		{"no level-1 heading", "## Part\n\nText.\n", "A [title]",
			"# A \\[title\\] (https://acme.store/p)\n\n## Part\n\nText.\n"},
		{"heading in a code block is not the page's", "```\n# not a heading\n```\n", "",
			"# /p (https://acme.store/p)\n\n```\n# not a heading\n```\n"},
		{"heading in a quote is not the page's", "> # quoted\n", "Q",
			"# Q (https://acme.store/p)\n\n> # quoted\n"},
		{"empty page", "", "Empty", "# Empty (https://acme.store/p)\n"},
		{"a rule, not frontmatter", "---\n\nText\n\n---\n", "R", "# R (https://acme.store/p)\n\n---\n\nText\n\n---\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			ew := &errWriter{w: &out}
			writeFullPage(ew, public+"/p", "/p", mdResult(tt.markdown, tt.title))
			if out.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", out.String(), tt.want)
			}
		})
	}
}

// TestTitleFromHeading checks the llms.txt title read from a page's first
// heading, for a page with no title of its own, is the heading's text:
// Markdown's escapes and entities undone, code spans and autolinks kept.
func TestTitleFromHeading(t *testing.T) {
	tests := []struct{ markdown, want string }{
		{"# Using \\*args in Python\n", "Using *args in Python"},
		{"# snake\\_case \\[beta\\]\n", "snake_case [beta]"},
		{"# Fish &amp; chips &#169; &copy;\n", "Fish & chips © ©"},
		{"# Literal \\&amp; and \\\\ backslash\n", "Literal &amp; and \\ backslash"},
		{"# Code `a\\*b &amp;` here\n", "Code a\\*b &amp; here"},
		{"# See <https://acme.store/x> *now*\n", "See https://acme.store/x now"},
	}
	for _, tt := range tests {
		r := &rendered{entry: entry{path: "/p"}, ok: true, res: mdResult(tt.markdown, "")}
		if title, _, _ := txtItem(r); title != tt.want {
			t.Errorf("%q: title %q, want %q", tt.markdown, title, tt.want)
		}
	}
}

func TestWritersNeedASiteURL(t *testing.T) {
	b := &Builder{Renderer: &countingRenderer{}}
	site := &Site{Sections: []Section{{Pages: []Page{{URL: "/"}}}}}
	if err := b.WriteTxt(context.Background(), &bytes.Buffer{}, site); err == nil {
		t.Error("WriteTxt without a URL: no error")
	}
	if err := b.WriteFull(context.Background(), &bytes.Buffer{}, site); err == nil {
		t.Error("WriteFull without a URL: no error")
	}
	b.URL = public
	b.Intro = "Text\n\n## Not a section"
	if err := b.WriteTxt(context.Background(), &bytes.Buffer{}, site); err == nil || !strings.Contains(err.Error(), "intro line 3") {
		t.Errorf("an intro with a heading: err = %v", err)
	}
	b.Intro = "Text\n\nTitle\n-----"
	if err := b.WriteTxt(context.Background(), &bytes.Buffer{}, site); err == nil || !strings.Contains(err.Error(), "intro line 3") {
		t.Errorf("an intro with a setext heading: err = %v", err)
	}
}
