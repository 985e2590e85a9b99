package llms

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// paths lists a site's pages as section: paths, for comparing.
func paths(site *Site) []string {
	var out []string
	for _, s := range site.Sections {
		var ps []string
		for _, p := range s.Pages {
			ps = append(ps, p.URL)
		}
		out = append(out, s.Title+": "+strings.Join(ps, " "))
	}
	return out
}

func TestDiscoverIndex(t *testing.T) {
	s := newTestSite(t)
	s.set(IndexPath, "application/json", `{
		"v": "0",
		"name": "Acme Store",
		"routes": [
			{"route": "/", "description": "Every product", "actions": [{"name": "add", "input": {}}]},
			{"route": "/products/[slug]", "description": "One product", "actions": []},
			{"route": "/cart", "description": "The cart", "actions": []},
			{"route": "/docs/[[...slug]]", "actions": []},
			{"route": "//evil.example/x", "actions": []},
			{"route": "/about", "actions": []}
		],
		"auth": ["cookie"],
		"mcp": "/mcp"
	}`)
	s.set("/sitemap.xml", "application/xml", `<urlset><url><loc>`+s.URL+`/never</loc></url></urlset>`)
	b := &Builder{URL: s.URL, Logger: quietLogger()}
	site, err := b.Discover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !site.Index || site.Name != "Acme Store" {
		t.Errorf("Index, Name = %v, %q; want true, Acme Store", site.Index, site.Name)
	}
	want := []Section{{Title: "Pages", Pages: []Page{
		{URL: "/", Description: "Every product"},
		{URL: "/cart", Description: "The cart"},
		{URL: "//evil.example/x"}, // kept here, refused when resolved (TestEntries)
		{URL: "/about"},
	}}}
	if !reflect.DeepEqual(site.Sections, want) {
		t.Errorf("sections:\n got %+v\nwant %+v", site.Sections, want)
	}
	if s.requested("/sitemap.xml") {
		t.Error("the sitemap was read although the index lists pages")
	}
}

func TestDiscoverIndexBad(t *testing.T) {
	huge := func() string {
		var b strings.Builder
		b.WriteString(`{"v":"0","routes":[`)
		for i := range 100_000 {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"route":"/p/%d","description":"Page %d","actions":[]}`, i, i)
		}
		b.WriteString(`],"auth":[]}`)
		return b.String()
	}()
	tests := []struct {
		name    string
		body    string
		limits  Limits
		wantErr string // "" for a bounded result
		pages   int
	}{
		{name: "not JSON", body: `Not found`, wantErr: "not valid JSON"},
		{name: "truncated", body: `{"v":"0","routes":[{"route":"/a"`, wantErr: "not valid JSON: unexpected end"},
		{name: "array", body: `[1,2]`, wantErr: "not a site index"},
		{name: "wrong version", body: `{"v":"1","routes":[]}`, wantErr: `version "1"`},
		{name: "numeric version", body: `{"v":0,"routes":[]}`, wantErr: `version 0`},
		{name: "no version", body: `{"routes":[{"route":"/"}]}`, wantErr: "no version"},
		{name: "routes not a list", body: `{"v":"0","routes":{}}`, wantErr: "routes"},
		{name: "larger than the limit", body: huge, limits: Limits{MaxBytes: 1 << 20}, wantErr: "more than 1048576 bytes"},
		{name: "100,000 routes", body: huge, pages: 50_000},
		{name: "100,000 routes, limit 10", body: huge, limits: Limits{MaxPages: 10}, pages: 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestSite(t)
			s.set(IndexPath, "application/json", tt.body)
			b := &Builder{URL: s.URL, Limits: tt.limits, Logger: quietLogger()}
			site, err := b.Discover(context.Background())
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), IndexPath) {
					t.Fatalf("err = %v, want one about %s saying %q", err, IndexPath, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			pages := site.Sections[0].Pages
			if len(pages) != tt.pages || pages[0].URL != "/p/0" || pages[len(pages)-1].URL != fmt.Sprintf("/p/%d", tt.pages-1) {
				t.Errorf("got %d pages (%v ... %v), want the first %d", len(pages), pages[0], pages[len(pages)-1], tt.pages)
			}
		})
	}
}

// TestDiscoverIndexIsAPage: a host that answers every unknown path with
// the app's index.html has no site index; its sitemap lists the pages.
func TestDiscoverIndexIsAPage(t *testing.T) {
	s := newTestSite(t)
	s.set(IndexPath, "text/html", "\n  <!doctype html><html><body><div id=root></div></body></html>")
	s.set("/sitemap.xml", "application/xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>`+s.URL+`/about</loc></url></urlset>`)
	site, err := (&Builder{URL: s.URL, Logger: quietLogger()}).Discover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if site.Index || len(site.Sections) != 1 || len(site.Sections[0].Pages) != 1 || site.Sections[0].Pages[0].URL != "/about" {
		t.Errorf("got %+v, want /about from the sitemap and no index", site)
	}
}

func TestDiscoverSitemap(t *testing.T) {
	s := newTestSite(t)
	other := "https://other.example"
	s.set("/robots.txt", "text/plain", "User-agent: *\nDisallow: /admin\n\nsitemap: "+other+"/sitemap.xml\nSitemap: "+s.URL+"/sitemap-index.xml\n")
	s.set("/sitemap-index.xml", "application/xml", `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>`+s.URL+`/sitemap-index.xml</loc></sitemap>
  <sitemap><loc>`+s.URL+`/sitemap-pages.xml</loc></sitemap>
  <sitemap><loc>`+other+`/sitemap-evil.xml</loc></sitemap>
  <sitemap><loc>`+s.URL+`/sitemap-docs.xml.gz</loc></sitemap>
  <sitemap><loc>`+s.URL+`/sitemap-blog.xml</loc></sitemap>
</sitemapindex>`)
	s.set("/sitemap-pages.xml", "application/xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>`+s.URL+`/</loc><lastmod>2025-01-01</lastmod></url>
  <url><loc>`+s.URL+`/about</loc></url>
  <url><loc>`+other+`/phish</loc></url>
  <url><loc>`+s.URL+`/docs</loc></url>
  <url><loc>`+s.URL+`/about/</loc></url>
  <url><loc> `+s.URL+`/search?q=a&amp;b=c </loc></url>
</urlset>`)
	s.setReply("/sitemap-docs.xml.gz", reply{ctype: "application/gzip", body: gzipped(t, []byte(`<urlset>
  <url><loc>`+s.URL+`/docs/getting-started</loc></url>
  <url><loc>`+s.URL+`/docs/api/</loc></url>
</urlset>`))})
	// Sent gzipped on the wire: the transport undoes it.
	s.setReply("/sitemap-blog.xml", reply{ctype: "application/xml", encoding: "gzip", body: gzipped(t, []byte(`<urlset>
  <url><loc>`+s.URL+`/blog/first-post</loc></url>
  <url><loc>`+s.URL+`/docs/getting-started</loc></url>
</urlset>`))})
	var l logs
	b := &Builder{URL: s.URL, Logger: l.logger()}
	site, err := b.Discover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Pages: / /about /search?q=a&b=c",
		"Docs: /docs /docs/getting-started /docs/api/",
		"Blog: /blog/first-post",
	}
	if got := paths(site); !reflect.DeepEqual(got, want) {
		t.Errorf("sections:\n got %q\nwant %q", got, want)
	}
	if site.Index {
		t.Error("Index is true without a site index")
	}
	count := 0
	for _, r := range s.requests() {
		if r.URL.Path == "/sitemap-index.xml" {
			count++
		}
	}
	if count != 1 {
		t.Errorf("the index listing itself was fetched %d times, want 1", count)
	}
	for _, w := range []string{"other.example/sitemap.xml", "other.example/sitemap-evil.xml", "other origins, or with paths that leave the site, left out"} {
		if !strings.Contains(l.String(), w) {
			t.Errorf("no warning about %s in:\n%s", w, l.String())
		}
	}
}

func TestDiscoverSitemapBad(t *testing.T) {
	bomb := gzipped(t, []byte("<urlset>"+strings.Repeat(" ", 8<<20)+"</urlset>"))
	tests := []struct {
		name    string
		files   map[string]reply
		limits  Limits
		wantErr string
		want    []string
		warn    string
	}{
		{
			name:    "malformed",
			files:   map[string]reply{"/sitemap.xml": {body: []byte(`<urlset><url><loc>/a</loc></url><url><loc>/b</url></urlset>`)}},
			wantErr: "sitemap /sitemap.xml: XML syntax error on line 1",
		},
		{
			name:    "an HTML page",
			files:   map[string]reply{"/sitemap.xml": {ctype: "text/html", body: []byte(`<!doctype html><html><body>Welcome</body></html>`)}},
			wantErr: "not a sitemap: root element <html>",
		},
		{
			name:    "empty",
			files:   map[string]reply{"/sitemap.xml": {}},
			wantErr: "sitemap /sitemap.xml: empty",
		},
		{
			name:    "not UTF-8",
			files:   map[string]reply{"/sitemap.xml": {body: []byte(`<?xml version="1.0" encoding="ISO-8859-1"?><urlset></urlset>`)}},
			wantErr: `encoding "ISO-8859-1"`,
		},
		{
			name:    "gzip bomb",
			files:   map[string]reply{"/sitemap.xml": {ctype: "application/gzip", body: bomb}},
			limits:  Limits{MaxBytes: 1 << 20},
			wantErr: "too large: more than 1048576 bytes",
		},
		{
			name:    "server error",
			files:   map[string]reply{"/sitemap.xml": {status: 500}},
			wantErr: "sitemap /sitemap.xml: status 500",
		},
		{
			name: "text sitemap",
			files: map[string]reply{"/sitemap.xml": {ctype: "text/plain", body: []byte(
				"\uFEFF/relative-is-not-allowed\n")}},
			wantErr: "a text sitemap lists one URL a line",
		},
		{
			name: "index listing itself only",
			files: map[string]reply{"/sitemap.xml": {body: []byte(
				`<sitemapindex><sitemap><loc>{{site}}/sitemap.xml</loc></sitemap></sitemapindex>`)}},
			want: nil,
		},
		{
			name: "two indexes listing each other",
			files: map[string]reply{
				"/sitemap.xml": {body: []byte(`<sitemapindex><sitemap><loc>{{site}}/b.xml</loc></sitemap></sitemapindex>`)},
				"/b.xml":       {body: []byte(`<sitemapindex><sitemap><loc>{{site}}/sitemap.xml</loc></sitemap><sitemap><loc>{{site}}/pages.xml</loc></sitemap></sitemapindex>`)},
				"/pages.xml":   {body: []byte(`<urlset><url><loc>{{site}}/a</loc></url></urlset>`)},
			},
			want: []string{"Pages: /a"},
		},
		{
			name: "nested deeper than the limit",
			files: map[string]reply{
				"/sitemap.xml": {body: []byte(`<sitemapindex><sitemap><loc>{{site}}/1.xml</loc></sitemap><sitemap><loc>{{site}}/p1.xml</loc></sitemap></sitemapindex>`)},
				"/1.xml":       {body: []byte(`<sitemapindex><sitemap><loc>{{site}}/2.xml</loc></sitemap></sitemapindex>`)},
				"/2.xml":       {body: []byte(`<urlset><url><loc>{{site}}/deep</loc></url></urlset>`)},
				"/p1.xml":      {body: []byte(`<urlset><url><loc>{{site}}/shallow</loc></url></urlset>`)},
			},
			limits: Limits{MaxDepth: 2},
			want:   []string{"Pages: /shallow"},
			warn:   "nest deeper than the limit",
		},
		{
			name: "more sitemaps than the limit",
			files: map[string]reply{
				"/sitemap.xml": {body: []byte(`<sitemapindex><sitemap><loc>{{site}}/1.xml</loc></sitemap><sitemap><loc>{{site}}/2.xml</loc></sitemap></sitemapindex>`)},
				"/1.xml":       {body: []byte(`<urlset><url><loc>{{site}}/one</loc></url></urlset>`)},
				"/2.xml":       {body: []byte(`<urlset><url><loc>{{site}}/two</loc></url></urlset>`)},
			},
			limits: Limits{MaxSitemaps: 2},
			want:   []string{"Pages: /one"},
			warn:   "sitemap limit reached",
		},
		{
			name: "a broken child is skipped",
			files: map[string]reply{
				"/sitemap.xml": {body: []byte(`<sitemapindex><sitemap><loc>{{site}}/1.xml</loc></sitemap><sitemap><loc>{{site}}/2.xml</loc></sitemap></sitemapindex>`)},
				"/1.xml":       {body: []byte(`<urlset><url><loc>{{site}}/one</loc>`)},
				"/2.xml":       {body: []byte(`<urlset><url><loc>{{site}}/two</loc></url></urlset>`)},
			},
			want: []string{"Pages: /two"},
			warn: "sitemap /1.xml: XML syntax error",
		},
		{
			name: "only other origins",
			files: map[string]reply{"/sitemap.xml": {body: []byte(
				`<urlset><url><loc>https://other.example/a</loc></url><url><loc>http://{{host}}:1/b</loc></url></urlset>`)}},
			want: nil,
			warn: "other origins, or with paths that leave the site, left out",
		},
		{
			name:   "more pages than the limit",
			files:  map[string]reply{"/sitemap.xml": {body: []byte(`<urlset><url><loc>{{site}}/a</loc></url><url><loc>{{site}}/b</loc></url><url><loc>{{site}}/c</loc></url></urlset>`)}},
			limits: Limits{MaxPages: 2},
			want:   []string{"Pages: /a /b"},
			warn:   "more pages than the page limit",
		},
		{
			name: "robots.txt larger than search engines read",
			files: map[string]reply{
				"/robots.txt": {body: []byte("Sitemap: {{site}}/first.xml\n" + strings.Repeat("# padding\n", 60_000) + "Sitemap: {{site}}/second.xml\n")},
				"/first.xml":  {body: []byte(`<urlset><url><loc>{{site}}/a</loc></url></urlset>`)},
				"/second.xml": {body: []byte(`<urlset><url><loc>{{site}}/b</loc></url></urlset>`)},
			},
			want: []string{"Pages: /a"},
			warn: "robots.txt is larger than the limit; the rest is ignored",
		},
		{
			name: "text sitemap",
			files: map[string]reply{"/sitemap.xml": {ctype: "text/plain", body: []byte(
				"{{site}}/a\n\n{{site}}/docs/b\r\n")}},
			want: []string{"Pages: /a", "Docs: /docs/b"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestSite(t)
			host := strings.TrimPrefix(s.URL, "http://")
			host = host[:strings.IndexByte(host, ':')]
			for path, r := range tt.files {
				r.body = []byte(strings.NewReplacer("{{site}}", s.URL, "{{host}}", host).Replace(string(r.body)))
				s.setReply(path, r)
			}
			var l logs
			b := &Builder{URL: s.URL, Limits: tt.limits, Logger: l.logger()}
			site, err := b.Discover(context.Background())
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := paths(site); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("sections:\n got %q\nwant %q", got, tt.want)
			}
			if !strings.Contains(l.String(), tt.warn) {
				t.Errorf("no warning %q in:\n%s", tt.warn, l.String())
			}
		})
	}
}

func TestDiscoverExplicitSitemapAndSections(t *testing.T) {
	s := newTestSite(t)
	s.set(IndexPath, "application/json", `{"v":"0","routes":[{"route":"/","description":"Home page"},{"route":"/p/[id]"}]}`)
	s.set("/maps/pages.xml", "application/xml", `<urlset><url><loc>/relative</loc></url><url><loc>`+s.URL+`/x</loc></url></urlset>`)

	b := &Builder{URL: s.URL, Sitemap: "/maps/pages.xml", Logger: quietLogger()}
	site, err := b.Discover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := paths(site), []string{"Pages: /relative /x"}; !reflect.DeepEqual(got, want) || !site.Index {
		t.Errorf("with a sitemap: %q (index %v), want %q (index true)", got, site.Index, want)
	}

	var gotRoutes []Page
	b = &Builder{URL: s.URL, Logger: quietLogger(), Sections: func(ctx context.Context, routes []Page) ([]Section, error) {
		gotRoutes = routes
		return []Section{{Title: "Pages", Pages: routes}, {Title: "Products", Pages: []Page{{URL: "/p/1"}, {URL: "/p/2"}}}}, nil
	}}
	site, err = b.Discover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := []Page{{URL: "/", Description: "Home page"}}; !reflect.DeepEqual(gotRoutes, want) {
		t.Errorf("Sections got routes %v, want %v", gotRoutes, want)
	}
	if got, want := paths(site), []string{"Pages: /", "Products: /p/1 /p/2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("with sections: %q, want %q", got, want)
	}

	b.Sections = func(context.Context, []Page) ([]Section, error) { return nil, errors.New("database down") }
	if _, err := b.Discover(context.Background()); err == nil || !strings.Contains(err.Error(), "database down") {
		t.Errorf("err = %v, want the Sections error", err)
	}
	b.Sitemap = "https://other.example/sitemap.xml"
	b.Sections = nil
	if _, err := b.Discover(context.Background()); err == nil || !strings.Contains(err.Error(), "not on the site") {
		t.Errorf("err = %v, want a sitemap on another site refused", err)
	}
}

func TestDiscoverNothing(t *testing.T) {
	s := newTestSite(t)
	b := &Builder{URL: s.URL, Logger: quietLogger()}
	if _, err := b.Discover(context.Background()); !errors.Is(err, ErrNoPages) {
		t.Errorf("err = %v, want ErrNoPages", err)
	}
	if _, err := (&Builder{}).Discover(context.Background()); err == nil || !strings.Contains(err.Error(), "no origin") {
		t.Errorf("without an origin: err = %v", err)
	}
	site, err := (&Builder{Sections: func(context.Context, []Page) ([]Section, error) {
		return []Section{{Title: "A", Pages: []Page{{URL: "/a"}}}}, nil
	}}).Discover(context.Background())
	if err != nil || len(site.Sections) != 1 || site.Index {
		t.Errorf("sections alone, without an origin: %+v, %v", site, err)
	}
	// An index whose every route has params, and no sitemap: no pages,
	// but the site is still Affordances-enabled.
	s.set(IndexPath, "application/json", `{"v":"0","routes":[{"route":"/p/[id]"}]}`)
	site, err = b.Discover(context.Background())
	if err != nil || !site.Index || len(site.Sections) != 0 {
		t.Errorf("dynamic routes only: %+v, %v", site, err)
	}
}

func TestRedirectsStayOnTheOrigin(t *testing.T) {
	s := newTestSite(t)
	evil := newTestSite(t)
	evil.set("/sitemap.xml", "application/xml", `<urlset><url><loc>`+s.URL+`/a</loc></url></urlset>`)
	s.setReply("/sitemap.xml", reply{status: http.StatusFound, location: evil.URL + "/sitemap.xml"})
	s.setReply("/moved.xml", reply{status: http.StatusMovedPermanently, location: "/sitemap-here.xml"})
	s.set("/sitemap-here.xml", "application/xml", `<urlset><url><loc>`+s.URL+`/here</loc></url></urlset>`)
	b := &Builder{URL: s.URL, Logger: quietLogger()}
	_, err := b.Discover(context.Background())
	if err == nil || !strings.Contains(err.Error(), "redirected to another origin") {
		t.Errorf("err = %v, want a refused redirect", err)
	}
	if len(evil.requests()) != 0 {
		t.Errorf("the other origin was fetched: %v", evil.requests()[0].URL)
	}
	// A redirect within the origin is followed.
	b.Sitemap = "/moved.xml"
	site, err := b.Discover(context.Background())
	if err != nil || !reflect.DeepEqual(paths(site), []string{"Pages: /here"}) {
		t.Errorf("same-origin redirect: %v, %v", paths(site), err)
	}
}

// TestSitemapLimitsWarnOnce checks that a sitemap index listing many
// sitemaps it cannot follow (past the sitemap limit, nested too deep, on
// other origins) logs one warning for each reason, not one per sitemap:
// a hostile index must not flood the log.
func TestSitemapLimitsWarnOnce(t *testing.T) {
	const n = 1000
	index := func(loc string) string {
		var b strings.Builder
		b.WriteString("<sitemapindex>")
		for i := range n {
			fmt.Fprintf(&b, "<sitemap><loc>"+loc+"</loc></sitemap>", i)
		}
		b.WriteString("</sitemapindex>")
		return b.String()
	}
	tests := []struct {
		name   string
		root   string
		limits Limits
		warn   string
	}{
		{"past the sitemap limit", index("/s%d.xml"), Limits{MaxSitemaps: 3}, "sitemap limit reached"},
		{"nested too deep", index("/s%d.xml"), Limits{MaxDepth: 1}, "nest deeper than the limit"},
		{"on other origins", index("https://other.example/s%d.xml"), Limits{}, "not on the site"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestSite(t)
			s.set("/sitemap.xml", "application/xml", tt.root)
			for i := range n {
				s.set(fmt.Sprintf("/s%d.xml", i), "application/xml", fmt.Sprintf(`<urlset><url><loc>/p%d</loc></url></urlset>`, i))
			}
			var l logs
			b := &Builder{URL: s.URL, Limits: tt.limits, Logger: l.logger()}
			if _, err := b.Discover(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(l.String(), tt.warn); got != 1 {
				t.Errorf("%d warnings %q, want 1:\n%.2000s", got, tt.warn, l.String())
			}
		})
	}
}
