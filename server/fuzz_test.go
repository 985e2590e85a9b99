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

func FuzzAcceptsMarkdown(f *testing.F) {
	for _, s := range []string{"text/markdown", "text/markdown;q=0", `a/b;x="\"", text/markdown;q=0.5`, ";;,", `"`, "text/markdown;q=1.", "text/markdown;q=."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := acceptsMarkdown([]string{s})
		if got && !strings.Contains(strings.ToLower(s), "text/markdown") {
			t.Fatalf("%q accepted without naming text/markdown", s)
		}
	})
}
