package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// FuzzRequestTarget: whatever the request target and Host, a Markdown
// request is fetched from the origin's host, at a path that reads the same
// to the origin and to a browser; and nothing panics.
func FuzzRequestTarget(f *testing.F) {
	for _, seed := range []struct{ target, host, accept string }{
		{"/x.md", "shop.example", ""},
		{"/x", "shop.example", "text/markdown"},
		{"http://evil.example/x.md", "evil.example", ""},
		{"//evil.example/x.md", "shop.example", ""},
		{`/\evil.example/x.md`, "shop.example", ""},
		{"/%5Cevil.example/x.md", "shop.example", ""},
		{"/%2F%2Fevil.example/x.md", "shop.example", ""},
		{"/..%2F..%2Fetc/passwd.md", "shop.example", ""},
		{"/%2e%2e/x.md", "shop.example", ""},
		{"/@evil.example/x.md", "shop.example", ""},
		{"/a/../../x.md", "shop.example", ""},
		{"/api/md/x", "shop.example", ""},
		{"/x.md?u=http://evil.example", "user@evil.example", ""},
		{"/caf%C3%A9.md", "shop.example:8080", "text/markdown;q=0"},
		{"/index.md", "[::1]:80", ""},
	} {
		f.Add(seed.target, seed.host, seed.accept)
	}
	origin, _ := parseOrigin("http://127.0.0.1:3000")
	h := &Handler{origin: origin, basePath: "/api/md", timeout: DefaultTimeout, maxBytes: DefaultMaxBytes}
	f.Fuzz(func(t *testing.T, target, host, accept string) {
		u, err := url.ParseRequestURI(target)
		if err != nil {
			return // net/http answers 400 before any handler runs
		}
		r := &http.Request{Method: "GET", URL: u, Host: host, Header: http.Header{"Accept": {accept}}, RequestURI: target}
		mr, ok, err := h.markdownRequest(r)
		if !ok || err != nil {
			return
		}
		tg, err := h.requestTarget(r, mr)
		if err != nil {
			return
		}
		fetched := pageURL(tg.origin, tg.page, tg.query)
		if fetched.Host != "127.0.0.1:3000" || fetched.Scheme != "http" {
			t.Fatalf("%q (Host %q) fetches %s", target, host, fetched)
		}
		// The URL as sent reads back as the same host and path.
		back, err := url.Parse(fetched.String())
		if err != nil || back.Host != fetched.Host || back.Path != tg.page {
			t.Fatalf("%q: fetched URL %s reads back as %v (%v)", target, fetched, back, err)
		}
		if strings.Contains(tg.page, "//") || strings.Contains(tg.page, `\`) || strings.Contains("/"+tg.page+"/", "/../") {
			t.Fatalf("%q: page path %q", target, tg.page)
		}
		// A redirect to the page's twin stays on the site.
		loc, err := url.Parse(mdPath(tg.page))
		if err != nil || loc.Host != "" || loc.Scheme != "" {
			t.Fatalf("%q: twin %q is not a path", target, mdPath(tg.page))
		}
	})
}

// FuzzAcceptsMarkdown: whatever the Accept header, it is read without a
// panic; it asks for Markdown only when it names text/markdown (in ASCII,
// as media types are written); a text/markdown;q=0 on another line of the
// header refuses; and a header line is read alike on its own and beside
// other lines that name no text/markdown.
//
//	go test ./server -run '^$' -fuzz FuzzAcceptsMarkdown -fuzztime 10m
func FuzzAcceptsMarkdown(f *testing.F) {
	for _, s := range []string{
		"text/markdown", "text/markdown;q=0", `a/b;x="\"", text/markdown;q=0.5`, ";;,", `"`, "text/markdown;q=1.", "text/markdown;q=.",
		"text/mar\u212Adown", "\u00a0text/markdown", "TEXT/MARKDOWN;Q=0.001", `text/html;a="x,text/markdown`, "text/markdown;q=0.5;q=0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := acceptsMarkdown([]string{s})
		if got && !strings.Contains(asciiLower(s), "text/markdown") {
			t.Fatalf("%q accepted without naming text/markdown", s)
		}
		if acceptsMarkdown([]string{s, "text/markdown;q=0"}) {
			t.Fatalf("%q accepted beside a refusal", s)
		}
		if acceptsMarkdown([]string{"text/html", s, "*/*;q=0.8"}) != got {
			t.Fatalf("%q read otherwise beside other lines", s)
		}
	})
}

// asciiLower lowers ASCII letters only: what a media type may be written in.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// FuzzPagePath: the path of a Markdown twin maps to a page and back to
// the same path; a page path names a page exactly when it is negotiable;
// and neither is ever under /api/ or /_next/.
//
//	go test ./server -run '^$' -fuzz FuzzPagePath -fuzztime 10m
func FuzzPagePath(f *testing.F) {
	for _, s := range []string{"/index.md", "/docs/index.md", "/a.md", "/.md", "/a/.md", "/api/x.md", "/_next.md", "/api.md",
		"/index.md.md", "index.md", "/v1.2-beta", "/logo.png", "/.well-known/x", "/a.", "/", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		page, ok := pagePath(p)
		if !ok {
			return
		}
		if reserved(page) {
			t.Fatalf("%q maps to %q, under a reserved prefix", p, page)
		}
		if !strings.HasSuffix(p, ".md") {
			if page != p || !negotiable(p) {
				t.Fatalf("%q maps to %q (negotiable %v)", p, page, negotiable(p))
			}
			return
		}
		if back := mdPath(page); back != p {
			t.Fatalf("%q maps to page %q, whose twin is %q", p, page, back)
		}
	})
}
