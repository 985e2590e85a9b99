package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/server"
)

// llmsSite is a small site with an Affordances index; it records whether a
// page was ever asked for with the caller's cookie.
func llmsSite(t *testing.T, sawCookie *bool) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/affordances.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"v":"0","name":"Acme Store","routes":[
			{"route":"/","description":"Every product","actions":[]},
			{"route":"/about","actions":[]},
			{"route":"/products/[slug]","actions":[]}],"auth":["cookie"]}`)
	})
	page := func(title, body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Cookie") != "" {
				*sawCookie = true
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, `<html><head><title>`+title+`</title><meta name="description" content="About us"></head><body><main><h1>`+title+`</h1>`+body+`</main></body></html>`)
		}
	}
	mux.HandleFunc("/{$}", page("Home", `<p>See <a href="/about">about</a>.</p>`))
	mux.HandleFunc("/about", page("About", `<p>We make tees.</p>`))
	return mux
}

func TestLLMsFiles(t *testing.T) {
	var sawCookie bool
	site := llmsSite(t, &sawCookie)
	origin := httptest.NewServer(site)
	defer origin.Close()

	proxy, err := server.NewProxy(origin.URL, server.Options{IgnoreMarkdownFiles: true, LLMs: &llms.Builder{Summary: "Studio goods."}})
	if err != nil {
		t.Fatal(err)
	}
	mw, err := server.Middleware(site, server.Options{LLMs: &llms.Builder{Summary: "Studio goods."}})
	if err != nil {
		t.Fatal(err)
	}
	for name, h := range map[string]http.Handler{"proxy": proxy, "middleware": mw} {
		t.Run(name, func(t *testing.T) {
			front := httptest.NewServer(h)
			defer front.Close()
			get := func(path string) (*http.Response, string) {
				req, _ := http.NewRequest(http.MethodGet, front.URL+path, nil)
				req.Header.Set("Cookie", "session=secret")
				req.Header.Set("Authorization", "Bearer secret")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp, string(b)
			}

			resp, txt := get("/llms.txt")
			if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/plain; charset=utf-8" ||
				resp.Header.Get("Cache-Control") != "public, s-maxage=3600" {
				t.Fatalf("llms.txt: %d %v", resp.StatusCode, resp.Header)
			}
			for _, want := range []string{"# Acme Store\n", "> Studio goods.", "(" + front.URL + "/llms-full.txt)",
				"- [Home](" + front.URL + "/index.md): Every product\n", "- [About](" + front.URL + "/about.md): About us\n"} {
				if !strings.Contains(txt, want) {
					t.Errorf("llms.txt lacks %q:\n%s", want, txt)
				}
			}
			if _, problems := llms.Parse([]byte(txt)); len(problems) > 0 {
				t.Errorf("llms.txt does not validate: %v", problems)
			}

			resp, full := get("/llms-full.txt")
			if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, s-maxage=3600" {
				t.Fatalf("llms-full.txt: %d %v", resp.StatusCode, resp.Header)
			}
			for _, want := range []string{"# Home (" + front.URL + "/)", "See [about](" + front.URL + "/about).", "# About (" + front.URL + "/about)", "We make tees."} {
				if !strings.Contains(full, want) {
					t.Errorf("llms-full.txt lacks %q:\n%s", want, full)
				}
			}
			if strings.Contains(full, "title:") {
				t.Error("llms-full.txt keeps frontmatter")
			}
		})
	}
	if sawCookie {
		t.Error("a page was rendered with the caller's cookie for the llms files")
	}
}

// TestLLMsInRequestOriginMode: a request-origin proxy lists the site each
// request names, once its host is allowed, and nothing for another host.
func TestLLMsInRequestOriginMode(t *testing.T) {
	var sawCookie bool
	origin := httptest.NewServer(llmsSite(t, &sawCookie))
	defer origin.Close()
	host := strings.TrimPrefix(origin.URL, "http://")
	h, err := server.NewProxy("", server.Options{AllowedHosts: []string{host}, BasePath: "/api/md", IgnoreMarkdownFiles: true, LLMs: &llms.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	get := func(url string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, url, nil))
		return rec
	}

	for _, path := range []string{"/llms.txt", "/llms-full.txt"} {
		if rec := get("http://evil.example" + path); rec.Code != http.StatusMisdirectedRequest {
			t.Errorf("%s for a host not allowed: %d, want 421", path, rec.Code)
		}
	}

	rec := get(origin.URL + "/llms.txt")
	txt := rec.Body.String()
	if rec.Code != http.StatusOK {
		t.Fatalf("llms.txt for an allowed host: %d\n%s", rec.Code, txt)
	}
	for _, want := range []string{"# Acme Store\n", "- [Home](" + origin.URL + "/index.md): Every product\n", "- [About](" + origin.URL + "/about.md): About us\n"} {
		if !strings.Contains(txt, want) {
			t.Errorf("llms.txt lacks %q:\n%s", want, txt)
		}
	}
	if rec := get(origin.URL + "/api/md/llms.txt"); rec.Body.String() != txt {
		t.Errorf("llms.txt under the base path:\n%s\nwant\n%s", rec.Body, txt)
	}
	rec = get(origin.URL + "/llms-full.txt")
	if full := rec.Body.String(); rec.Code != http.StatusOK || !strings.Contains(full, "# About ("+origin.URL+"/about)") || !strings.Contains(full, "We make tees.") {
		t.Errorf("llms-full.txt for an allowed host: %d\n%s", rec.Code, full)
	}
}

// TestLLMsInRequestOriginModeOneBuildAtATime: while one site's file is
// being built, a request for it gets 503, whatever host it names.
func TestLLMsInRequestOriginModeOneBuildAtATime(t *testing.T) {
	var sawCookie bool
	site := llmsSite(t, &sawCookie)
	reached, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/about" {
			once.Do(func() { close(reached) })
			<-release
		}
		site.ServeHTTP(w, r)
	}))
	defer origin.Close()
	defer close(release)
	host := strings.TrimPrefix(origin.URL, "http://")
	h, err := server.NewProxy("", server.Options{AllowedHosts: []string{host}, IgnoreMarkdownFiles: true, LLMs: &llms.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	go h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, origin.URL+"/llms-full.txt", nil))
	<-reached
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, origin.URL+"/llms-full.txt", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a second build while one runs: %d %v, want 503 with Retry-After", rec.Code, rec.Header())
	}
}

// TestLLMsPublicURL: with Builder.URL set, both files speak of the site at
// that origin, the pages' own links included, whatever host the request
// for the file was addressed to (a router in front may not keep it).
func TestLLMsPublicURL(t *testing.T) {
	var sawCookie bool
	site := llmsSite(t, &sawCookie)
	origin := httptest.NewServer(site)
	defer origin.Close()
	const public = "https://shop.example"

	proxy, err := server.NewProxy(origin.URL, server.Options{IgnoreMarkdownFiles: true, LLMs: &llms.Builder{URL: public}})
	if err != nil {
		t.Fatal(err)
	}
	mw, err := server.Middleware(site, server.Options{LLMs: &llms.Builder{URL: public}})
	if err != nil {
		t.Fatal(err)
	}
	for name, h := range map[string]http.Handler{"proxy": proxy, "middleware": mw} {
		t.Run(name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://internal:8080/llms-full.txt", nil))
			full := rec.Body.String()
			if rec.Code != http.StatusOK {
				t.Fatalf("llms-full.txt: %d\n%s", rec.Code, full)
			}
			for _, want := range []string{"# Home (" + public + "/)", "See [about](" + public + "/about).", "# About (" + public + "/about)"} {
				if !strings.Contains(full, want) {
					t.Errorf("llms-full.txt lacks %q:\n%s", want, full)
				}
			}
			if strings.Contains(full, "internal:8080") {
				t.Errorf("llms-full.txt names the host the request came in on:\n%s", full)
			}
		})
	}
}

// TestLLMsWithoutRequestContext: a user an outer middleware put in the
// request's context never reaches the pages of the public llms files.
func TestLLMsWithoutRequestContext(t *testing.T) {
	type userKey struct{}
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/sitemap.xml":
			w.Header().Set("Content-Type", "application/xml")
			io.WriteString(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://site.invalid/</loc></url></urlset>`)
		case "/":
			user, _ := r.Context().Value(userKey{}).(string)
			if user == "" {
				user = "guest"
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, `<html><head><title>Home</title></head><body><main><h1>Home</h1><p>Hello, `+user+`.</p></main></body></html>`)
		default:
			http.NotFound(w, r)
		}
	})
	mw, err := server.Middleware(site, server.Options{LLMs: &llms.Builder{Sitemap: "/sitemap.xml"}})
	if err != nil {
		t.Fatal(err)
	}
	signedIn := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mw.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey{}, "alice")))
	})
	rec := httptest.NewRecorder()
	signedIn.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://shop.example/llms-full.txt", nil))
	full := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(full, "Hello, guest.") || strings.Contains(full, "alice") {
		t.Errorf("llms-full.txt: %d\n%s", rec.Code, full)
	}
	// The page's own Markdown is the page as the site shows it to this
	// request, context included, as its HTML is.
	rec = httptest.NewRecorder()
	signedIn.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://shop.example/index.md", nil))
	if !strings.Contains(rec.Body.String(), "Hello, alice.") {
		t.Errorf("/index.md: %d\n%s", rec.Code, rec.Body)
	}
}

// TestLLMsHostNotAllowed: the llms files, which a shared cache keeps for an
// hour, are not built for a host the allowed hosts do not name, nor for a
// Host header that is no host: their links would be on it (or, for the
// pages, on the origin's internal address).
func TestLLMsHostNotAllowed(t *testing.T) {
	var sawCookie bool
	site := llmsSite(t, &sawCookie)
	origin := httptest.NewServer(site)
	defer origin.Close()
	allowed := []string{"shop.example"}
	proxy, err := server.NewProxy(origin.URL, server.Options{AllowedHosts: allowed, IgnoreMarkdownFiles: true, LLMs: &llms.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	mw, err := server.Middleware(site, server.Options{AllowedHosts: allowed, LLMs: &llms.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	open, err := server.NewProxy(origin.URL, server.Options{IgnoreMarkdownFiles: true, LLMs: &llms.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		h      http.Handler
		host   string
		status int
	}{
		{"proxy, allowed host", proxy, "shop.example", 200},
		{"proxy, other host", proxy, "evil.example", 421},
		{"middleware, allowed host", mw, "shop.example", 200},
		{"middleware, other host", mw, "evil.example", 421},
		{"proxy without a list, any host", open, "evil.example", 200},
		{"proxy without a list, no host", open, "evil.example!", 421},
	} {
		for _, path := range []string{"/llms.txt", "/llms-full.txt"} {
			req := httptest.NewRequest(http.MethodGet, "http://x"+path, nil)
			req.Host = tt.host
			rec := httptest.NewRecorder()
			tt.h.ServeHTTP(rec, req)
			body := rec.Body.String()
			if rec.Code != tt.status {
				t.Errorf("%s: %s: %d, want %d\n%s", tt.name, path, rec.Code, tt.status, body)
			}
			if tt.status != 200 && (strings.Contains(body, tt.host) || strings.Contains(body, origin.URL) || rec.Header().Get("Cache-Control") != "no-store") {
				t.Errorf("%s: %s: refusal names a host, or may be cached: %v\n%s", tt.name, path, rec.Header(), body)
			}
		}
	}
}
