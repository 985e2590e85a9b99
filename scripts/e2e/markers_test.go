package e2e

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"html/template"
	"image"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/affordances/affordances-md/internal/demo"
	"github.com/affordances/affordances-md/markers"
	"github.com/affordances/affordances-md/server"
)

// productPage is a shop's product page written with the markers template
// helpers, in both their forms: main, skip, only and text (inline and
// block) as <affordances-md> elements, and skip and only as
// data-affordances-md attributes.
const productPage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Trail Tee · Example Shop</title>
<meta name="description" content="A light merino tee for long days on the trail.">
{{mdAlternate "/tee"}}
<style>
body { font-family: sans-serif; margin: 0; color: #222; }
header { display: flex; justify-content: space-between; padding: 12px 24px; background: #234; }
header a { color: #fff; margin-left: 12px; }
article { max-width: 640px; margin: 24px auto; line-height: 1.5; }
.stars { color: #c80; letter-spacing: 2px; }
.chart { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; margin: 16px 0; }
.chart div { background: #eee; padding: 6px; text-align: center; }
.newsletter { background: #f4f4f4; padding: 12px; }
aside { border: 1px solid #ccc; padding: 12px; margin-top: 24px; }
footer { text-align: center; color: #777; padding: 24px; }
</style>
</head>
<body>
<header><a href="/">Example Shop</a><nav><a href="/tees">Tees</a><a href="/cart">Cart (2)</a></nav></header>
{{agentStart "main"}}
<article>
<h1>Trail Tee</h1>
<p>{{agentText "Rated 4 out of 5 by 120 buyers." .Stars}} <a href="#reviews">120 reviews</a></p>
<p>A light merino tee for long days on the trail. <strong>€45</strong></p>
{{agentStart "text" .SizeChart "block"}}<div class="chart"><div>S</div><div>M</div><div>L</div><div>92 cm</div><div>100 cm</div><div>108 cm</div></div>{{agentEnd}}
{{agentOnly .Stock}}
<p data-affordances-md="only" hidden>Ships within 2 working days from Lyon.</p>
<h2 id="reviews">Reviews</h2>
<ul>
<li>“Wore it for a week in the Alps.” <span data-affordances-md="skip">Helpful? 12</span></li>
<li>“Runs small.” <span data-affordances-md="skip">Helpful? 3</span></li>
</ul>
{{agentStart "skip"}}<form class="newsletter"><label>Get our newsletter <input type="email" name="email"></label></form>{{agentEnd}}
<aside data-affordances-md="skip"><h2>Recently viewed</h2><p>Ridge Cap, Summit Socks</p></aside>
</article>
{{agentEnd}}
<footer>© Example Shop</footer>
</body>
</html>
`

// pageData fills productPage.
var pageData = struct {
	Stars, Stock template.HTML
	SizeChart    string
}{
	Stars:     `<span class="stars" aria-label="4 of 5">★★★★☆</span>`,
	Stock:     `<p>In stock: sizes S and M. Size L is sold out.</p>`,
	SizeChart: "| Size | Chest |\n| --- | --- |\n| S | 92 cm |\n| M | 100 cm |\n| L | 108 cm |",
}

// markedPage renders productPage with its markers, through the same
// parser and serialiser as plainPage, so the two differ only in them.
// (To check another site's page, such as the demo's, render its HTML here.)
func markedPage(t *testing.T) []byte {
	t.Helper()
	tmpl := template.Must(template.New("page").Funcs(markers.Funcs()).Parse(productPage))
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, pageData); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return render(t, doc)
}

// plainPage is page without its markers: the page as its site would write
// it without affordances-md. Marker elements give way to their children,
// marker attributes are removed, and what only markers hold (for agents
// alone) is not there at all.
func plainPage(t *testing.T, page []byte) []byte {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var strip func(n *html.Node)
	strip = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			m, ok := markers.Of(c)
			switch {
			case !ok:
				strip(c)
			case m.Mode == markers.ModeOnly:
				n.RemoveChild(c)
			case c.Data == markers.Element:
				strip(c)
				for c.FirstChild != nil {
					gc := c.FirstChild
					c.RemoveChild(gc)
					n.InsertBefore(gc, c)
				}
				n.RemoveChild(c)
			default:
				c.Attr = without(c.Attr, markers.Attr, "md", "block")
				strip(c)
			}
			c = next
		}
	}
	strip(doc)
	return render(t, doc)
}

func without(attrs []html.Attribute, names ...string) []html.Attribute {
	var out []html.Attribute
	for _, a := range attrs {
		if a.Namespace != "" || !slices.Contains(names, a.Key) {
			out = append(out, a)
		}
	}
	return out
}

func render(t *testing.T, doc *html.Node) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := html.Render(&buf, doc); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestMarkersInChromium shows the product page to headless Chromium with
// and without its markers: a person must see the same page (the same
// text and the same pixels), and nothing an only marker holds, while the
// page's Markdown follows every marker.
func TestMarkersInChromium(t *testing.T) {
	b := startBrowser(t)
	t.Logf("browser: %s", b.Version())
	marked := markedPage(t)
	plain := plainPage(t, marked)
	if bytes.Equal(marked, plain) {
		t.Fatal("the page has no markers to strip")
	}
	site := http.NewServeMux()
	site.HandleFunc("GET /tee", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(marked)
	})
	site.HandleFunc("GET /plain/tee", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(plain)
	})
	h, err := server.Middleware(site, server.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	withMarkers := look(b, "markers-with", srv.URL+"/tee")
	without := look(b, "markers-without", srv.URL+"/plain/tee")
	t.Logf("the page a person sees, with markers:\n%s", withMarkers.text)
	if withMarkers.markers != 9 || withMarkers.only != 2 {
		t.Errorf("markers in the DOM: %d, of which %d only; want 9 and 2", withMarkers.markers, withMarkers.only)
	}
	sameToAPerson(t, withMarkers, without)
	for _, s := range []string{"In stock", "Ships within"} {
		if strings.Contains(withMarkers.text, s) {
			t.Errorf("only content %q is on the page a person sees", s)
		}
	}
	for _, s := range []string{"★★★★☆", "92 cm", "Helpful? 12", "Get our newsletter", "Recently viewed", "Example Shop"} {
		if !strings.Contains(withMarkers.text, s) {
			t.Errorf("%q is not on the page a person sees:\n%s", s, withMarkers.text)
		}
	}

	// What the markers say: the Markdown of the same page.
	resp, err := http.Get(srv.URL + "/tee.md")
	if err != nil {
		t.Fatal(err)
	}
	mdBody, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	md := string(mdBody)
	for _, s := range []string{
		"# Trail Tee",
		"Rated 4 out of 5 by 120 buyers.",
		pageData.SizeChart,
		"In stock: sizes S and M. Size L is sold out.",
		"Ships within 2 working days from Lyon.",
		"- “Wore it for a week in the Alps.”",
	} {
		if !strings.Contains(md, s) {
			t.Errorf("%q is not in the Markdown:\n%s", s, md)
		}
	}
	_, body, _ := strings.Cut(strings.TrimPrefix(md, "---\n"), "\n---\n") // after the frontmatter
	for _, s := range []string{"★", "Helpful?", "newsletter", "Recently viewed", "Example Shop", "Cart"} {
		if strings.Contains(body, s) {
			t.Errorf("%q is in the Markdown:\n%s", s, md)
		}
	}
}

// view is what a person is shown of a page, and its markers.
type view struct {
	text                  string // document.body.innerText, once settled
	markers, only, hidden int    // markers in the DOM; only markers; only markers not shown
	width, height         int    // the document's scroll size
	shot                  image.Image
}

// look loads url in the browser and takes its view.
func look(b *browser, name, url string) view {
	b.Open(url)
	var v view
	v.text = b.Settled()
	var counts []int
	// Every marker in the DOM; those holding only content must take no
	// room on the page and be invisible.
	b.Eval(&counts, `
		const all = document.querySelectorAll('affordances-md, [data-affordances-md]');
		const only = document.querySelectorAll('affordances-md[mode=only], [data-affordances-md=only]');
		let shown = 0;
		for (const el of only) {
			if (el.checkVisibility() || el.getClientRects().length > 0) shown++;
		}
		const d = document.documentElement;
		return [all.length, only.length, only.length - shown, d.scrollWidth, d.scrollHeight];`)
	v.markers, v.only, v.hidden, v.width, v.height = counts[0], counts[1], counts[2], counts[3], counts[4]
	v.shot = b.Screenshot(name)
	return v
}

// sameToAPerson checks that a page with markers and the same page without
// them look the same: the same text, size and pixels, no marker left in
// the plain one, and every only marker invisible.
func sameToAPerson(t *testing.T, withMarkers, without view) {
	t.Helper()
	if withMarkers.markers == 0 || without.markers != 0 {
		t.Errorf("markers in the DOM: %d with, %d without", withMarkers.markers, without.markers)
	}
	if withMarkers.hidden != withMarkers.only {
		t.Errorf("%d of the %d only markers are invisible", withMarkers.hidden, withMarkers.only)
	}
	if withMarkers.text != without.text {
		t.Errorf("the markers change what a person reads:\n%s\n--- without them:\n%s", withMarkers.text, without.text)
	}
	if withMarkers.width != without.width || withMarkers.height != without.height {
		t.Errorf("the markers change the page's size: %dx%d, %dx%d without", withMarkers.width, withMarkers.height, without.width, without.height)
	}
	if n, same := diffPixels(withMarkers.shot, without.shot); !same || n > 0 {
		t.Errorf("the markers change the page's pixels: %d differ (same size: %v)", n, same)
	}
}

// TestDemoMarkersInChromium does the same on the demo site
// (internal/demo, what `affordances-md demo` serves): each page of its
// sitemap that has markers is shown to Chromium as the store writes it
// and with its markers stripped, and a person must see the same page.
func TestDemoMarkersInChromium(t *testing.T) {
	b := startBrowser(t)
	store, err := demo.Store(demo.Options{
		Logger: slog.New(slog.DiscardHandler),
		Wait:   func(context.Context, time.Duration) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	// A page asked for with ?v=marked or ?v=plain is the store's HTML as
	// it was read, or without its markers; everything else (styles,
	// images) is the store's.
	versions := map[string][2][]byte{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, ok := versions[r.URL.Path]
		if !ok || (r.URL.RawQuery != "v=marked" && r.URL.RawQuery != "v=plain") {
			store.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.RawQuery == "v=plain" {
			w.Write(v[1])
			return
		}
		w.Write(v[0])
	}))
	defer srv.Close()

	var sitemap struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(get(t, srv.URL+"/sitemap.xml"), &sitemap); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, u := range sitemap.URLs {
		loc, err := url.Parse(u.Loc)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(bytes.NewReader(get(t, srv.URL+loc.Path)))
		if err != nil {
			t.Fatal(err)
		}
		marked := render(t, doc)
		plain := plainPage(t, marked)
		if bytes.Equal(marked, plain) {
			continue
		}
		versions[loc.Path] = [2][]byte{marked, plain}
		paths = append(paths, loc.Path)
	}
	if len(paths) < 3 {
		t.Fatalf("%d pages of the demo have markers (%v); want the home page and the products", len(paths), paths)
	}
	for i, p := range paths {
		name := strings.TrimPrefix(p, "/")
		if name == "" {
			name = "home"
		}
		t.Run(name, func(t *testing.T) {
			withMarkers := look(b, fmt.Sprintf("demo-%d-with", i), srv.URL+p+"?v=marked")
			without := look(b, fmt.Sprintf("demo-%d-without", i), srv.URL+p+"?v=plain")
			t.Logf("%s: %d markers (%d only), %dx%d", p, withMarkers.markers, withMarkers.only, withMarkers.width, withMarkers.height)
			sameToAPerson(t, withMarkers, without)
		})
	}
}

// get returns the body of a 200 answer to GET url.
func get(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d, %v", url, resp.StatusCode, err)
	}
	return body
}
