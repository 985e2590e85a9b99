package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
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

func TestLLMsNotInRequestOriginMode(t *testing.T) {
	h, err := server.NewProxy("", server.Options{AllowedHosts: []string{"acme.example"}, LLMs: &llms.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "http://evil.example/llms.txt", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code == http.StatusOK {
		t.Errorf("a request-origin proxy served /llms.txt for %s: %d", req.Host, rec.Code)
	}
}
