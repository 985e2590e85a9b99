package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
)

const productPath = "/products/heavyweight-tee"

func TestNegotiation(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html("/", "<title>Home</title><main><h1>Welcome</h1></main>")
		site.html("/docs/", "<title>Docs</title><main><h1>Docs index</h1></main>")
		site.html("/page", "<title>Page</title><main><h1>A page</h1><p>Text.</p></main>")
		site.page("/api/data", "application/json", `{"ok":true}`)
		site.page("/_next/static/app", "text/html", "<p>chunk</p>")
		site.page("/logo.png", "image/png", "\x89PNG\r\n\x1a\n")
		_, base := f.start(t, site, Options{})

		tests := []struct {
			method, path string
			header       []string
			markdown     string // "" when the request must reach the site untouched
		}{
			{"GET", "/page.md", nil, "# A page"},
			{"GET", "/page", []string{"Accept", "text/markdown"}, "# A page"},
			{"GET", "/page", []string{"Accept", "text/html, text/markdown;q=0.1"}, "# A page"},
			{"GET", "/index.md", nil, "# Welcome"},
			{"GET", "/", []string{"Accept", "text/markdown"}, "# Welcome"},
			{"GET", "/docs/index.md", nil, "# Docs index"},
			{"GET", "/page.md", []string{"Accept", "text/markdown;q=0"}, "# A page"}, // the URL asks for it
			{"GET", "/page", []string{"Accept", "text/markdown;q=0"}, ""},
			{"GET", "/page", []string{"Accept", "*/*"}, ""},
			{"GET", "/page", []string{"Accept", "text/*"}, ""},
			{"GET", "/page", nil, ""},
			{"GET", "/api/data", []string{"Accept", "text/markdown"}, ""},
			{"GET", "/api/data.md", nil, ""},
			{"GET", "/_next/static/app", []string{"Accept", "text/markdown"}, ""},
			{"GET", "/logo.png", []string{"Accept", "text/markdown"}, ""},
			{"POST", "/page.md", nil, ""},
			{"GET", "/page.md", []string{RenderHeader, "1"}, ""}, // loop guard
			{"GET", "/page", []string{"Accept", "text/markdown", RenderHeader, "1"}, ""},
		}
		for _, tt := range tests {
			before := len(site.requests(tt.path))
			resp, body := do(t, tt.method, base+tt.path, tt.header...)
			name := fmt.Sprintf("%s %s %q", tt.method, tt.path, tt.header)
			if tt.markdown != "" {
				if !isMarkdown(resp) || !strings.Contains(body, tt.markdown) {
					t.Errorf("%s: got %s %q %q, want Markdown with %q", name, resp.Status, resp.Header.Get("Content-Type"), body, tt.markdown)
				}
				continue
			}
			if isMarkdown(resp) {
				t.Errorf("%s: converted, want it passed on", name)
			}
			if after := len(site.requests(tt.path)); after != before+1 {
				t.Errorf("%s: the site got %d requests for %s, want the caller's own", name, after-before, tt.path)
			}
		}
	})
}

func TestHEAD(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html(productPath, productPage(t))
		_, base := f.start(t, site, Options{})
		get, getBody := do(t, "GET", base+productPath+".md")
		head, headBody := do(t, "HEAD", base+productPath+".md")
		if head.StatusCode != 200 || headBody != "" {
			t.Fatalf("HEAD: %s with %d bytes of body", head.Status, len(headBody))
		}
		for _, k := range []string{"Content-Type", "Content-Length", "ETag", "X-Affordances-Tokens", "Link", "Vary"} {
			if head.Header.Get(k) != get.Header.Get(k) {
				t.Errorf("HEAD %s = %q, GET's = %q", k, head.Header.Get(k), get.Header.Get(k))
			}
		}
		if n, _ := strconv.Atoi(head.Header.Get("Content-Length")); n != len(getBody) {
			t.Errorf("HEAD Content-Length %d, GET body %d bytes", n, len(getBody))
		}
	})
}

func TestMarkdownResponse(t *testing.T) {
	page := productPage(t)
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html(productPath, page, "Cache-Control", "public, max-age=300")
		_, base := f.start(t, site, Options{})
		resp, body := do(t, "GET", base+productPath+".md")

		want, err := md.Convert([]byte(page), md.Options{URL: base + productPath})
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 || body != want.Markdown {
			t.Fatalf("got %s\n%s\nwant md.Convert's\n%s", resp.Status, body, want.Markdown)
		}
		for k, v := range map[string]string{
			"Content-Type":           "text/markdown; charset=utf-8",
			"X-Content-Type-Options": "nosniff",
			"Vary":                   "Accept, Host, X-Forwarded-Proto",
			"X-Affordances-Tokens":   strconv.Itoa(want.Tokens),
			"Link":                   `<https://acme.example/products/heavyweight-tee>; rel="canonical"`,
			"Cache-Control":          "public, max-age=300",
			"Content-Length":         strconv.Itoa(len(want.Markdown)),
		} {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("%s = %q, want %q", k, got, v)
			}
		}
		etag := resp.Header.Get("ETag")
		if etag == "" {
			t.Fatal("no ETag")
		}
		for _, inm := range []string{etag, "W/" + etag, `"stale", ` + etag, "*"} {
			resp, body := do(t, "GET", base+productPath+".md", "If-None-Match", inm)
			if resp.StatusCode != http.StatusNotModified || body != "" || resp.Header.Get("ETag") != etag {
				t.Errorf("If-None-Match %s: %s %q ETag %q, want 304 with the ETag", inm, resp.Status, body, resp.Header.Get("ETag"))
			}
			if resp.Header.Get("Cache-Control") != "public, max-age=300" || resp.Header.Get("Vary") != "Accept, Host, X-Forwarded-Proto" {
				t.Errorf("304 lost Cache-Control or Vary: %v", resp.Header)
			}
		}
		if resp, _ := do(t, "GET", base+productPath+".md", "If-None-Match", `"stale"`); resp.StatusCode != 200 {
			t.Errorf("a stale If-None-Match got %s", resp.Status)
		}

		// Negotiated by Accept, the page is the same Markdown.
		resp2, body2 := do(t, "GET", base+productPath, "Accept", "text/markdown")
		if body2 != body || resp2.Header.Get("ETag") != etag {
			t.Errorf("Accept: text/markdown gives another answer than .md")
		}
	})
}

// onHost is the Vary of the answers at a page's URL when the Markdown's
// links are on the request's origin.
const onHost = "Accept, Host, X-Forwarded-Proto"

// TestVaryOnRequestHost: a page's Markdown, whose links are on the host
// and scheme the request named, varies on Host and X-Forwarded-Proto, so a
// shared cache keyed on something else (nginx's default key names the
// upstream) cannot give another host's links to every later reader. Every
// answer at a negotiable URL names the same fields, HTML and text
// included: nginx keeps a URL's variants apart only then. A middleware
// pinned to its public origin does not depend on them.
func TestVaryOnRequestHost(t *testing.T) {
	site := newSite()
	site.html("/page", "<title>T</title><main><p>See <a href=\"/other\">the other page</a>, it has more.</p></main>", "Cache-Control", "public, max-age=60")
	site.page("/notes", "text/plain", "Notes.", "Cache-Control", "public, max-age=60")
	site.mux.Handle("/old", http.RedirectHandler("/page", http.StatusFound))
	origin := httptest.NewServer(site)
	defer origin.Close()
	proxy, err := NewProxy(origin.URL, quiet(Options{IgnoreMarkdownFiles: true}))
	if err != nil {
		t.Fatal(err)
	}
	pinned, err := Middleware(site, quiet(Options{Origin: "https://shop.example"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, path string
		h          http.Handler
		vary       string
	}{
		{"proxy, page", "/page.md", proxy, onHost},
		{"proxy, page's HTML", "/page", proxy, onHost},
		{"proxy, redirect", "/old.md", proxy, onHost},
		{"proxy, text", "/notes.md", proxy, onHost},
		{"pinned middleware, page", "/page.md", pinned, "Accept"},
		{"pinned middleware, page's HTML", "/page", pinned, "Accept"},
	} {
		req := httptest.NewRequest(http.MethodGet, "http://evil.example"+tt.path, nil)
		req.Header.Set("X-Forwarded-Proto", "https")
		rec := httptest.NewRecorder()
		tt.h.ServeHTTP(rec, req)
		if got := strings.Join(rec.Header().Values("Vary"), ", "); got != tt.vary {
			t.Errorf("%s: %d, Vary %q, want %q", tt.name, rec.Code, got, tt.vary)
		}
	}
}

// TestResponseGolden records one whole answer, headers and body, for review.
func TestResponseGolden(t *testing.T) {
	site := newSite()
	site.html(productPath, productPage(t), "Cache-Control", "public, max-age=300", "Vary", "Accept-Language")
	_, base := forms[0].start(t, site, Options{Append: "## Actions\n\n- Add to cart: `POST /cart`"})
	resp, body := do(t, "GET", base+productPath+".md")
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", resp.Proto, resp.Status)
	var keys []string
	for k := range resp.Header {
		if k != "Date" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := strings.Join(resp.Header[k], ", ")
		if k == "Etag" || k == "Content-Length" {
			v = "(depends on the test server's port)"
		}
		fmt.Fprintf(&b, "%s: %s\n", k, v)
	}
	b.WriteString("\n" + body)
	testutil.Golden(t, "testdata/product.md.http", []byte(strings.ReplaceAll(b.String(), base, "http://front")))
}

func TestPrivacy(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		body := "<title>T</title><main><p>Hello.</p></main>"
		site.html("/public", body, "Cache-Control", "public, max-age=60")
		site.html("/private", body, "Cache-Control", "private, max-age=60")
		site.html("/nostore", body, "Cache-Control", "no-store")
		site.html("/cookie", body, "Cache-Control", "public, max-age=60", "Set-Cookie", "session=abc; HttpOnly")
		site.html("/none", body)
		_, base := f.start(t, site, Options{})
		const private = "private, no-store"
		tests := []struct {
			name, path string
			header     []string
			want       string
		}{
			{"public page", "/public", nil, "public, max-age=60"},
			{"cookie on the request", "/public", []string{"Cookie", "session=1"}, private},
			{"bearer token on the request", "/public", []string{"Authorization", "Bearer t0ken"}, private},
			{"basic credentials on the request", "/public", []string{"Authorization", "Basic dTpw"}, private},
			// Every line of the header is forwarded, so every line counts.
			{"cookie after an empty Cookie line", "/public", []string{"Cookie", "", "Cookie", "session=1"}, private},
			{"token after an empty Authorization line", "/public", []string{"Authorization", "", "Authorization", "Bearer t0ken"}, private},
			{"page private", "/private", nil, private},
			{"page no-store", "/nostore", nil, private},
			{"page sets a cookie", "/cookie", nil, private},
			{"page without Cache-Control", "/none", nil, ""},
			{"cookie, page without Cache-Control", "/none", []string{"Cookie", "a=b"}, private},
		}
		for _, tt := range tests {
			resp, body := do(t, "GET", base+tt.path+".md", tt.header...)
			if resp.StatusCode != 200 || !strings.Contains(body, "Hello.") {
				t.Fatalf("%s: %s %q", tt.name, resp.Status, body)
			}
			if got := resp.Header.Get("Cache-Control"); got != tt.want {
				t.Errorf("%s: Cache-Control %q, want %q", tt.name, got, tt.want)
			}
			if c := resp.Header.Values("Set-Cookie"); c != nil {
				t.Errorf("%s: the page's cookie reached the caller: %q", tt.name, c)
			}
		}
	})
}

func TestForwardedHeaders(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html("/page", "<main><p>Hi.</p></main>")
		_, base := f.start(t, site, Options{})
		do(t, "GET", base+"/page.md",
			"Cookie", "session=1", "Authorization", "Bearer x", "Accept-Language", "pt-PT",
			"X-Secret", "s", "Referer", "https://elsewhere.example/", "X-Forwarded-For", "10.0.0.1",
			"User-Agent", "agent/1", "If-None-Match", `"x"`, "Accept", "text/markdown")
		got := site.requests("/page")
		if len(got) != 1 {
			t.Fatalf("the site got %d requests for /page", len(got))
		}
		h := got[0].header
		allowed := []string{"Cookie", "Authorization", "Accept-Language", RenderHeader, "Accept", "User-Agent", "Accept-Encoding"}
		for k := range h {
			if !slices.Contains(allowed, k) {
				t.Errorf("the page was fetched with %s: %q", k, h[k])
			}
		}
		for k, v := range map[string]string{
			"Cookie": "session=1", "Authorization": "Bearer x", "Accept-Language": "pt-PT",
			RenderHeader: "1", "User-Agent": "affordances-md",
		} {
			if h.Get(k) != v {
				t.Errorf("fetched with %s %q, want %q", k, h.Get(k), v)
			}
		}
		if !strings.HasPrefix(h.Get("Accept"), "text/html") {
			t.Errorf("fetched with Accept %q, want a browser's", h.Get("Accept"))
		}
	})
}

func TestStatusPassthrough(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.mux.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusGone)
			io.WriteString(w, "<title>Gone</title><main><h1>This product is gone</h1></main>")
		})
		site.mux.HandleFunc("/boom", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusInternalServerError)
			io.WriteString(w, "<main><p>Something broke.</p></main>")
		})
		_, base := f.start(t, site, Options{})
		for path, want := range map[string]int{"/gone": 410, "/boom": 500} {
			resp, body := do(t, "GET", base+path+".md")
			if resp.StatusCode != want || !isMarkdown(resp) || body == "" {
				t.Errorf("%s: %s %q, want %d with the page's Markdown", path, resp.Status, body, want)
			}
			if resp.Header.Get("ETag") != "" {
				t.Errorf("%s: an ETag on a %d", path, want)
			}
		}
	})
}

func TestRedirects(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		other := newSite()
		other.html("/x", "<p>elsewhere</p>")
		otherSrv := httptest.NewServer(other)
		defer otherSrv.Close()

		site := newSite()
		redirect := func(path, to string, code int) {
			site.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Location", strings.ReplaceAll(to, "SELF", "http://"+r.Host))
				w.Header().Set("Cache-Control", "public, max-age=60")
				w.WriteHeader(code)
			})
		}
		redirect("/old", "/new", 301)
		redirect("/old-abs", "SELF/new?x=1", 302)
		redirect("/see", "/new", 303)
		redirect("/temp", "new", 307) // relative to /temp
		redirect("/home", "/", 308)
		redirect("/dir", "/dir/", 301)
		redirect("/file", "/files/manual.pdf", 302)
		redirect("/away", otherSrv.URL+"/x", 302)
		redirect("/sneaky", "/\\evil.example/x", 302)
		redirect("/sneaky2", "SELF//evil.example/x", 302)
		site.html("/new", "<main><h1>New</h1></main>")
		_, base := f.start(t, site, Options{})

		tests := []struct {
			path     string
			status   int
			location string
		}{
			{"/old", 301, "/new.md"},
			{"/old-abs", 302, "/new.md?x=1"},
			{"/see", 303, "/new.md"},
			{"/temp", 307, "/new.md"},
			{"/home", 308, "/index.md"},
			{"/dir", 301, "/dir/index.md"},
			{"/file", 302, "/files/manual.pdf"},
			{"/away", 302, otherSrv.URL + "/x"},
			{"/sneaky", 502, ""},
			{"/sneaky2", 502, ""},
		}
		for _, tt := range tests {
			resp, body := do(t, "GET", base+tt.path+".md")
			if resp.StatusCode != tt.status || resp.Header.Get("Location") != tt.location {
				t.Errorf("%s.md: %s Location %q, want %d %q", tt.path, resp.Status, resp.Header.Get("Location"), tt.status, tt.location)
			}
			if tt.status == 502 {
				oneSentence(t, body)
				continue
			}
			if !strings.Contains(body, tt.location) || resp.Header.Get("Cache-Control") != "public, max-age=60" {
				t.Errorf("%s.md: body %q, Cache-Control %q", tt.path, body, resp.Header.Get("Cache-Control"))
			}
		}
		if len(other.uris()) != 0 {
			t.Errorf("a cross-origin redirect was followed: %q", other.uris())
		}
		if got := site.requests("/new"); len(got) != 0 {
			t.Errorf("a same-origin redirect was followed by the handler, not the caller")
		}
	})
}

func TestSlowOriginTimesOut(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		cancelled := make(chan struct{})
		finished := make(chan struct{})
		site := newSite()
		site.mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html><body>")
			w.(http.Flusher).Flush()
			for range 400 { // 20 s
				select {
				case <-r.Context().Done():
					close(cancelled)
					return
				case <-time.After(50 * time.Millisecond):
				}
				io.WriteString(w, "<p>more</p>")
				w.(http.Flusher).Flush()
			}
			close(finished)
		})
		// No look for a .md file first: on a loaded machine it could use up
		// the timeout before /slow is asked for.
		opts := quiet(Options{Timeout: 300 * time.Millisecond, IgnoreMarkdownFiles: true})

		var base string
		closed := make(chan struct{}) // proxy: the origin's connection was closed
		if f.proxy {
			origin := httptest.NewUnstartedServer(site)
			var once sync.Once
			origin.Config.ConnState = func(c net.Conn, s http.ConnState) {
				if s == http.StateClosed {
					once.Do(func() { close(closed) })
				}
			}
			origin.Start()
			defer origin.Close()
			h, err := NewProxy(origin.URL, opts)
			if err != nil {
				t.Fatal(err)
			}
			front := httptest.NewServer(h)
			defer front.Close()
			base = front.URL
		} else {
			close(closed) // in-process: no connection, only the request's context
			_, base = f.start(t, site, opts)
		}

		resp, body := do(t, "GET", base+"/slow.md")
		if resp.StatusCode != http.StatusGatewayTimeout || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("got %s (%q), want 504", resp.Status, resp.Header.Get("Cache-Control"))
		}
		oneSentence(t, body)
		if !strings.Contains(body, "300ms") {
			t.Errorf("body %q does not say the timeout", body)
		}
		for _, ch := range []chan struct{}{cancelled, closed} {
			select {
			case <-ch:
			case <-finished:
				t.Fatal("the origin streamed to the end: its request was left open")
			case <-time.After(15 * time.Second):
				t.Fatal("the origin's request (or its connection) was not closed")
			}
		}
	})
}

// TestMiddlewareAbandonsAStuckHandler: a site handler that ignores its
// context does not hold the answer past the timeout.
func TestMiddlewareAbandonsAStuckHandler(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	site := newSite()
	site.mux.HandleFunc("/stuck", func(w http.ResponseWriter, r *http.Request) {
		<-release
	})
	_, base := forms[1].start(t, site, Options{Timeout: 100 * time.Millisecond})
	resp, body := do(t, "GET", base+"/stuck.md")
	if resp.StatusCode != http.StatusGatewayTimeout {
		t.Fatalf("got %s %q, want 504", resp.Status, body)
	}
}

func TestSizeLimits(t *testing.T) {
	const limit = 1 << 20
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		fill := func(n int) string { return "<p>" + strings.Repeat("a", n-7) + "</p>" }
		site.html("/fits", fill(limit))
		site.html("/big", fill(limit+1))
		site.mux.HandleFunc("/bomb", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipBomb(t))
		})
		site.mux.HandleFunc("/zipped", func(w http.ResponseWriter, r *http.Request) {
			var buf bytes.Buffer
			zw, _ := gzipWriter(&buf)
			io.WriteString(zw, "<main><p>Compressed page.</p></main>")
			zw.Close()
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(buf.Bytes())
		})
		site.mux.HandleFunc("/brotli", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Encoding", "br")
			w.Write([]byte{0x1b, 0x03, 0x00})
		})
		site.mux.HandleFunc("/gzip-then-br", func(w http.ResponseWriter, r *http.Request) {
			// Two codings on two header lines: gzip undone leaves brotli.
			var buf bytes.Buffer
			zw, _ := gzipWriter(&buf)
			zw.Write([]byte{0x1b, 0x03, 0x00})
			zw.Close()
			w.Header().Set("Content-Type", "text/html")
			w.Header()["Content-Encoding"] = []string{"gzip", "br"}
			w.Write(buf.Bytes())
		})
		_, base := f.start(t, site, Options{MaxBytes: limit})

		if resp, _ := do(t, "GET", base+"/fits.md"); resp.StatusCode != 200 {
			t.Errorf("a page of exactly the limit: %s", resp.Status)
		}
		for _, path := range []string{"/big", "/bomb"} {
			resp, body := do(t, "GET", base+path+".md")
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("%s: %s, want 413", path, resp.Status)
			}
			oneSentence(t, body)
			if !strings.Contains(body, "1 MB") {
				t.Errorf("%s: body %q does not say the limit", path, body)
			}
		}
		if resp, body := do(t, "GET", base+"/zipped.md"); resp.StatusCode != 200 || !strings.Contains(body, "Compressed page.") {
			t.Errorf("a gzipped page: %s %q", resp.Status, body)
		}
		for _, path := range []string{"/brotli", "/gzip-then-br"} {
			if resp, body := do(t, "GET", base+path+".md"); resp.StatusCode != http.StatusBadGateway {
				t.Errorf("%s: an unreadable encoding: %s %q, want 502", path, resp.Status, body)
			}
		}
	})
}

func TestUnreachableOrigin(t *testing.T) {
	origin := httptest.NewServer(http.NotFoundHandler())
	url := origin.URL
	origin.Close()
	h, err := NewProxy(url, quiet(Options{}))
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(h)
	defer front.Close()
	resp, body := do(t, "GET", front.URL+"/page.md")
	if resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("got %s, want 502", resp.Status)
	}
	oneSentence(t, body)
	resp, body = do(t, "GET", front.URL+"/page")
	if resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("passing on: got %s, want 502", resp.Status)
	}
	oneSentence(t, body)
}

func TestNonHTML(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.page("/notes", "text/plain; charset=utf-8", "plain notes\n", "Cache-Control", "public, max-age=5")
		site.page("/readme", "text/markdown", "# Readme\n")
		site.page("/photo", "image/png", "\x89PNG\r\n\x1a\nrest")
		site.page("/feed", "application/json", `{"a":1}`)
		site.page("/liar", "text/html", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
		site.page("/unlabelled", "", "<!DOCTYPE html><main><p>Sniffed.</p></main>")
		_, base := f.start(t, site, Options{})
		tests := []struct {
			path, contentType string
			status            int
			body              string
		}{
			{"/notes", "text/plain; charset=utf-8", 200, "plain notes\n"},
			{"/readme", "text/markdown", 200, "# Readme\n"},
			{"/photo", "", 406, ""},
			{"/feed", "", 406, ""},
			{"/liar", "", 406, ""},
			{"/unlabelled", "text/markdown; charset=utf-8", 200, ""},
		}
		for _, tt := range tests {
			resp, body := do(t, "GET", base+tt.path+".md")
			if resp.StatusCode != tt.status {
				t.Errorf("%s: %s, want %d", tt.path, resp.Status, tt.status)
				continue
			}
			// A text page passed through is still never read as HTML.
			if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("%s: X-Content-Type-Options %q", tt.path, got)
			}
			switch {
			case tt.status == 406:
				oneSentence(t, body)
			case tt.body != "" && (body != tt.body || resp.Header.Get("Content-Type") != tt.contentType):
				t.Errorf("%s: %q %q, want passed through", tt.path, resp.Header.Get("Content-Type"), body)
			case tt.body == "" && !strings.Contains(body, "Sniffed."):
				t.Errorf("%s: %q", tt.path, body)
			}
		}
		if resp, _ := do(t, "GET", base+"/notes.md"); resp.Header.Get("Cache-Control") != "public, max-age=5" || resp.Header.Get("Vary") != onHost {
			t.Errorf("a text page lost its caching rules: %v", resp.Header)
		}
	})
}

func TestAppend(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html("/page", "<main><h1>Page</h1><p>Body.</p></main>")
		_, plainBase := f.start(t, site, Options{})
		_, base := f.start(t, site, Options{Append: "\n## Actions\n\n- Buy: `POST /cart`\n\n"})
		plain, plainBody := do(t, "GET", plainBase+"/page.md")
		resp, body := do(t, "GET", base+"/page.md")
		plainBody = strings.ReplaceAll(plainBody, plainBase, base)
		if want := plainBody + "\n## Actions\n\n- Buy: `POST /cart`\n"; body != want {
			t.Fatalf("got\n%q\nwant\n%q", body, want)
		}
		pt, _ := strconv.Atoi(plain.Header.Get("X-Affordances-Tokens"))
		at, _ := strconv.Atoi(resp.Header.Get("X-Affordances-Tokens"))
		if at <= pt {
			t.Errorf("tokens %d with the appended text, %d without", at, pt)
		}
	})
}

func TestBasePath(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html("/", "<main><h1>Home</h1></main>")
		site.html("/blog/post", "<main><h1>Post</h1></main>")
		_, base := f.start(t, site, Options{BasePath: "/api/affordances/md/"})
		tests := []struct {
			path   string
			status int
			want   string
		}{
			{"/api/affordances/md/blog/post", 200, "# Post"},
			{"/api/affordances/md/blog/post.md", 200, "# Post"},
			{"/api/affordances/md", 200, "# Home"},
			{"/api/affordances/md/", 200, "# Home"},
			{"/api/affordances/md/index.md", 200, "# Home"},
			{"/blog/post.md", 200, "# Post"},
			{"/api/affordances/md/logo.png", 404, ""},
			{"/api/affordances/md/api/secret", 404, ""},
			{"/api/affordances/md/..%2f..%2fetc", 400, ""},
		}
		for _, tt := range tests {
			resp, body := do(t, "GET", base+tt.path)
			if resp.StatusCode != tt.status || !isMarkdown(resp) || !strings.Contains(body, tt.want) {
				t.Errorf("%s: %s %q, want %d with %q", tt.path, resp.Status, body, tt.status, tt.want)
			}
		}
		if resp, _ := do(t, "GET", base+"/api/affordances/mdx"); isMarkdown(resp) {
			t.Errorf("a path that only starts like the base path was converted")
		}
	})
}

func TestPassthroughAdvertisesTheTwin(t *testing.T) {
	site := newSite()
	page := "<title>P</title><main><p>Hi.</p></main>"
	site.html("/page", page, "Link", "</style.css>; rel=preload")
	site.html("/", page)
	site.html("/docs/", page, "Vary", "Accept-Encoding")
	site.page("/api/data", "application/json", `{}`)
	site.page("/style.css", "text/css", "body{}")
	site.page("/data", "application/json", `{}`)
	_, base := forms[0].start(t, site, Options{})
	tests := []struct {
		path, link, vary string
	}{
		{"/page", `</page.md>; rel="alternate"; type="text/markdown"`, onHost},
		{"/page?tab=2", `</page.md?tab=2>; rel="alternate"; type="text/markdown"`, onHost},
		{"/", `</index.md>; rel="alternate"; type="text/markdown"`, onHost},
		{"/docs/", `</docs/index.md>; rel="alternate"; type="text/markdown"`, "Accept-Encoding, " + onHost},
		{"/data", "", onHost}, // the answer depends on Accept, but it is no page
		{"/api/data", "", ""},
		{"/style.css", "", ""},
	}
	for _, tt := range tests {
		resp, body := do(t, "GET", base+tt.path)
		if resp.StatusCode != 200 || isMarkdown(resp) {
			t.Fatalf("%s: %s %q", tt.path, resp.Status, resp.Header.Get("Content-Type"))
		}
		if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") && body != page {
			t.Errorf("%s: the page changed on its way: %q", tt.path, body)
		}
		links := resp.Header.Values("Link")
		if tt.link != "" && !slices.Contains(links, tt.link) {
			t.Errorf("%s: Link %q, want %q among them", tt.path, links, tt.link)
		}
		if tt.link == "" && slices.ContainsFunc(links, func(l string) bool { return strings.Contains(l, "text/markdown") }) {
			t.Errorf("%s: Link %q advertises a twin", tt.path, links)
		}
		if got := strings.Join(resp.Header.Values("Vary"), ", "); got != tt.vary {
			t.Errorf("%s: Vary %q, want %q", tt.path, got, tt.vary)
		}
	}
	if resp, _ := do(t, "GET", base+"/page"); !slices.Contains(resp.Header.Values("Link"), "</style.css>; rel=preload") {
		t.Errorf("the page's own Link was lost: %q", resp.Header.Values("Link"))
	}

	// The middleware adds Vary only: the site writes its own <link>.
	_, mbase := forms[1].start(t, site, Options{})
	resp, _ := do(t, "GET", mbase+"/page")
	if resp.Header.Get("Vary") != onHost || len(resp.Header.Values("Link")) != 1 {
		t.Errorf("middleware: Vary %q, Link %q", resp.Header.Values("Vary"), resp.Header.Values("Link"))
	}
}

func TestRealMarkdownFileWins(t *testing.T) {
	site := newSite()
	site.html("/notes", "<main><h1>Rendered notes</h1></main>")
	site.page("/notes.md", "text/markdown; charset=utf-8", "# Notes, as written\n")
	site.html("/page", "<main><h1>Rendered page</h1></main>")
	site.html("/spa", "<main><h1>Rendered app page</h1></main>")
	site.html("/spa.md", "<main><h1>The app's catch-all shell</h1></main>")
	site.html("/", "<main><h1>Rendered home</h1></main>")
	site.page("/index.md", "text/plain; charset=utf-8", "Home, as written\n")
	opts := Options{Convert: md.Options{NoFrontmatter: true}}
	_, base := forms[0].start(t, site, opts)
	tests := []struct{ path, accept, want string }{
		{"/notes.md", "", "# Notes, as written\n"},
		{"/notes", "text/markdown", "# Notes, as written\n"},
		{"/index.md", "", "Home, as written\n"},
		{"/page.md", "", "# Rendered page\n"},
		{"/spa.md", "", "# Rendered app page\n"},
	}
	for _, tt := range tests {
		resp, body := do(t, "GET", base+tt.path, "Accept", tt.accept)
		if resp.StatusCode != 200 || body != tt.want {
			t.Errorf("%s: %s %q, want %q", tt.path, resp.Status, body, tt.want)
		}
	}
	for _, r := range site.requests("/notes.md") {
		if r.header.Get(RenderHeader) != "1" {
			t.Errorf("the look for a .md file was sent without %s", RenderHeader)
		}
	}

	opts.IgnoreMarkdownFiles = true
	_, ibase := forms[0].start(t, site, opts)
	before := len(site.requests("/notes.md"))
	if _, body := do(t, "GET", ibase+"/notes.md"); body != "# Rendered notes\n" {
		t.Errorf("IgnoreMarkdownFiles: %q", body)
	}
	if len(site.requests("/notes.md")) != before {
		t.Errorf("IgnoreMarkdownFiles still asked the origin for the file")
	}
}

func TestMiddlewarePanickingSite(t *testing.T) {
	var logs bytes.Buffer
	site := newSite()
	site.mux.HandleFunc("/panics", func(w http.ResponseWriter, r *http.Request) {
		panic("secret database password in a panic")
	})
	_, base := forms[1].start(t, site, Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	resp, body := do(t, "GET", base+"/panics.md")
	if resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("got %s, want 500", resp.Status)
	}
	oneSentence(t, body)
	if strings.Contains(body, "secret") {
		t.Errorf("the panic reached the caller: %q", body)
	}
	if !strings.Contains(logs.String(), "secret database password") {
		t.Errorf("the panic was not logged: %s", logs.String())
	}
}

func TestMiddlewareInvalidStatus(t *testing.T) {
	site := newSite()
	site.mux.HandleFunc("/odd", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(42)
		io.WriteString(w, "<p>odd</p>")
	})
	_, base := forms[1].start(t, site, Options{Logger: slog.New(slog.DiscardHandler)})
	resp, body := do(t, "GET", base+"/odd.md")
	if resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("a site writing status 42: got %s %q, want 500", resp.Status, body)
	}
	oneSentence(t, body)
}

func TestLogLines(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		var logs testutil.SyncBuffer
		site := newSite()
		site.html("/page", "<main><h1>Page</h1></main>")
		_, base := f.start(t, site, Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
		do(t, "GET", base+"/page.md")
		do(t, "GET", base+"/page")           // passed on: no line
		do(t, "GET", base+"/missing/x.md")   // the site's 404 (text): a line
		do(t, "GET", base+"/..%2fsecret.md") // refused: a line
		lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
		if len(lines) != 3 {
			t.Fatalf("%d log lines, want 3:\n%s", len(lines), logs.String())
		}
		var first map[string]any
		if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"path", "status", "bytes", "tokens", "duration", "origin"} {
			if _, ok := first[k]; !ok {
				t.Errorf("log line has no %s: %s", k, lines[0])
			}
		}
		if first["msg"] != "markdown" || first["path"] != "/page.md" || first["status"] != float64(200) || first["bytes"].(float64) == 0 {
			t.Errorf("log line %s", lines[0])
		}
		if !strings.Contains(lines[2], `"status":400`) || !strings.Contains(lines[2], `"error"`) {
			t.Errorf("refused request logged as %s", lines[2])
		}
	})
}

func TestHandleRoutes(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html("/page", "<main><h1>Page</h1></main>")
		h, base := f.start(t, site, Options{})
		h.Handle("/llms.txt", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "# Site\n")
		}))
		if _, body := do(t, "GET", base+"/llms.txt"); body != "# Site\n" {
			t.Errorf("/llms.txt: %q", body)
		}
		if len(site.requests("/llms.txt")) != 0 {
			t.Errorf("a mounted route reached the site")
		}
		if resp, _ := do(t, "GET", base+"/page.md"); !isMarkdown(resp) {
			t.Errorf("pages stopped working")
		}
	})
}

func TestConcurrentMarkdownRequests(t *testing.T) {
	site := newSite()
	site.html(productPath, productPage(t))
	// A generous timeout: this test is about answers under concurrency (run
	// it with -race), not about time, and -race on a loaded machine is slow.
	_, base := forms[0].start(t, site, Options{Timeout: 2 * time.Minute})
	_, want := do(t, "GET", base+productPath+".md")
	const n = 200
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			url := base + productPath + ".md"
			req, _ := http.NewRequest("GET", url, nil)
			if i%2 == 1 {
				req, _ = http.NewRequest("GET", base+productPath, nil)
				req.Header.Set("Accept", "text/markdown")
			}
			resp, err := client.Do(req)
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			if err != nil || resp.StatusCode != 200 || string(b) != want {
				errs <- fmt.Errorf("request %d: %s %v", i, resp.Status, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// Render is what the llms package renders pages through.
var _ interface {
	Render(ctx context.Context, path string) (md.Result, error)
} = (*Handler)(nil)

func TestRender(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		site := newSite()
		site.html(productPath, productPage(t))
		site.mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, productPath, http.StatusMovedPermanently)
		})
		site.mux.HandleFunc("/away", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "https://elsewhere.example/", http.StatusFound)
		})
		site.mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/loop", http.StatusFound)
		})
		site.mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		})
		site.page("/photo", "image/png", "\x89PNG\r\n\x1a\n")
		site.html("/big", strings.Repeat("x", 5000))
		h, base := f.start(t, site, Options{MaxBytes: 4000})
		hasty, _ := f.start(t, site, Options{Timeout: 200 * time.Millisecond})

		_, served := do(t, "GET", base+productPath+".md", "Cookie", "session=1")
		for _, p := range []string{base + productPath, base + productPath + ".md", base + "/moved"} {
			res, err := h.Render(context.Background(), p)
			if err != nil {
				t.Fatalf("Render(%s): %v", p, err)
			}
			if res.Markdown != served || res.Title == "" || res.Tokens == 0 {
				t.Errorf("Render(%s) differs from what /page.md serves:\n%s\n---\n%s", p, res.Markdown, served)
			}
		}
		for _, r := range site.requests(productPath)[1:] {
			if r.header.Get("Cookie") != "" || r.header.Get("Authorization") != "" {
				t.Errorf("Render fetched with the caller's credentials: %v", r.header)
			}
		}

		tests := []struct {
			path   string
			err    error
			status int
		}{
			{base + "/missing", ErrStatus, 404},
			{base + "/away", ErrStatus, 302},
			{base + "/loop", ErrStatus, 302},
			{base + "/slow", ErrTimeout, 504},
			{base + "/big", ErrTooLarge, 413},
			{base + "/photo", ErrNotHTML, 406},
			{base + "/../etc/passwd", errBadPath, 400},
			{"ftp://x/y", errBadPath, 400},
			{"//evil.example/x", errBadPath, 400},
		}
		for _, tt := range tests {
			r := h
			if tt.err == ErrTimeout {
				r = hasty
			}
			_, err := r.Render(context.Background(), tt.path)
			var pe *PageError
			if !errors.As(err, &pe) || !errors.Is(err, tt.err) || pe.Status != tt.status {
				t.Errorf("Render(%s) = %v, want a %d PageError wrapping %v", tt.path, err, tt.status, tt.err)
			}
		}
		// A plain path needs to know the site's origin.
		_, err := h.Render(context.Background(), productPath)
		if f.proxy != (err == nil) {
			t.Errorf("Render(%s) without an absolute URL: %v", productPath, err)
		}
	})
}

func TestRenderPathWithOrigin(t *testing.T) {
	site := newSite()
	site.html("/page", `<main><h1>Page</h1><p><a href="/other">Other</a></p></main>`)
	h, err := Middleware(site, quiet(Options{Origin: "https://shop.example"}))
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Render(context.Background(), "/page")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Markdown, "(https://shop.example/other)") || res.URL != "https://shop.example/page" {
		t.Errorf("links are not resolved against the site's origin: %s (url %s)", res.Markdown, res.URL)
	}
	if r := site.requests("/page"); len(r) != 1 || r[0].host != "shop.example" {
		t.Errorf("the in-process request had host %v", r)
	}
}

func TestOptionsValidation(t *testing.T) {
	t.Setenv(OriginEnv, "")
	site := http.NotFoundHandler()
	bad := []Options{
		{Origin: "localhost:3000"},
		{Origin: "http://x/base"},
		{Timeout: -1},
		{MaxBytes: -1},
		{BasePath: "api/md"},
		{BasePath: "/api/../md"},
		{AllowedHosts: []string{"a/b"}},
	}
	for _, o := range bad {
		if _, err := NewProxy("", o); err == nil {
			t.Errorf("NewProxy accepted %+v", o)
		}
		if _, err := Middleware(site, o); err == nil {
			t.Errorf("Middleware accepted %+v", o)
		}
	}
	if _, err := Middleware(nil, Options{}); err == nil {
		t.Error("Middleware accepted a nil handler")
	}
	if _, err := NewProxy("", Options{}); err == nil {
		t.Error("NewProxy with no origin and no allowed hosts: no error")
	}
	if _, err := Middleware(site, Options{}); err != nil {
		t.Errorf("Middleware needs no origin: %v", err)
	}
}

// TestMiddlewareRequestHasABody: the middleware's in-process request is a
// server request, whose Body net/http promises is never nil; a site handler
// that closes or reads it, as many GET handlers do, must not panic.
func TestMiddlewareRequestHasABody(t *testing.T) {
	site := newSite()
	site.mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		defer r.Body.Close()
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<main><h1>Read the body</h1></main>")
	})
	h, base := forms[1].start(t, site, Options{})
	resp, body := do(t, "GET", base+"/page.md")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "# Read the body") {
		t.Errorf("Markdown request: %s %q", resp.Status, body)
	}
	if _, err := h.Render(context.Background(), base+"/page"); err != nil {
		t.Errorf("Render: %v", err)
	}
}
