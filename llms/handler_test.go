package llms

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/affordances/affordances-md/md"
)

func TestHandlers(t *testing.T) {
	s := storeSite(t)
	b := storeBuilder(s)
	sourceKinds[0].setup(s, b) // the site index
	srv := httptest.NewServer(http.NewServeMux())
	t.Cleanup(srv.Close)
	mux := srv.Config.Handler.(*http.ServeMux)
	mux.Handle("/llms.txt", b.TxtHandler())
	mux.Handle("/llms-full.txt", b.FullHandler())

	for _, file := range []string{"/llms.txt", "/llms-full.txt"} {
		t.Run(file, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+file, nil)
			req.Header.Set("Cookie", "session=secret")
			req.Header.Set("Authorization", "Bearer secret")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("status %d: %s", resp.StatusCode, body)
			}
			for k, v := range map[string]string{"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, s-maxage=3600", "Vary": ""} {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			want := "# Acme Store\n"
			if file == "/llms-full.txt" {
				want = "# Acme Store (https://acme.store/)\n"
			}
			if !strings.HasPrefix(string(body), want) {
				t.Errorf("body starts %q, want %q", truncate(string(body), 60), want)
			}
			if file == "/llms.txt" {
				if _, problems := Parse(body); len(problems) > 0 {
					t.Errorf("served llms.txt has problems: %v", problems)
				}
			}
			for _, r := range s.requests() {
				if r.Header.Get("Cookie") != "" || r.Header.Get("Authorization") != "" {
					t.Errorf("the caller's credentials reached the origin for %s", r.URL)
				}
			}
		})
	}

	t.Run("HEAD", func(t *testing.T) {
		before := len(s.requests())
		resp, err := http.Head(srv.URL + "/llms-full.txt")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, s-maxage=3600" {
			t.Errorf("HEAD: %d %v", resp.StatusCode, resp.Header)
		}
		if n := len(s.requests()) - before; n != 0 {
			t.Errorf("HEAD fetched %d things from the origin", n)
		}
	})
	t.Run("POST", func(t *testing.T) {
		resp, err := http.Post(srv.URL+"/llms.txt", "text/plain", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("POST: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
		}
	})
}

// TestHandlerLinksOnTheRequestHost serves without a configured URL: links
// use the request's host, but the index is still fetched from the origin
// and never from the host the request names.
func TestHandlerLinksOnTheRequestHost(t *testing.T) {
	s := storeSite(t)
	s.set(IndexPath, "application/json", `{"v":"0","name":"Acme","routes":[{"route":"/about"}]}`)
	other := newTestSite(t)
	b := &Builder{Renderer: fetchRenderer{origin: s.URL}, Origin: s.URL, Logger: quietLogger()}
	h := b.TxtHandler()

	for _, host := range []string{"acme.store", strings.TrimPrefix(other.URL, "http://")} {
		req := httptest.NewRequest(http.MethodGet, "/llms.txt", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "(http://"+host+"/about.md)") {
			t.Errorf("Host %s: %d\n%s", host, rec.Code, rec.Body.String())
		}
		// A shared cache must key the file on what its links are made of.
		if got := rec.Header().Get("Vary"); got != "Host, X-Forwarded-Proto" {
			t.Errorf("Host %s: Vary %q, want Host, X-Forwarded-Proto", host, got)
		}
	}
	if n := len(other.requests()); n != 0 {
		t.Errorf("the host named by the request was fetched %d times", n)
	}

	// Behind a TLS-terminating proxy, links are https, as the pages' own
	// links are.
	for proto, want := range map[string]string{"https": "https", "HTTPS, http": "https", "http": "http", "gopher": "http"} {
		req := httptest.NewRequest(http.MethodGet, "/llms.txt", nil)
		req.Host = "acme.store"
		req.Header.Set("X-Forwarded-Proto", proto)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "("+want+"://acme.store/about.md)") {
			t.Errorf("X-Forwarded-Proto %s: %d, want %s links\n%s", proto, rec.Code, want, rec.Body.String())
		}
	}

	// With neither URL nor Origin, only given sections can be served, and
	// nothing is fetched from the request's host.
	b = &Builder{Renderer: fetchRenderer{origin: s.URL}, Logger: quietLogger()}
	req := httptest.NewRequest(http.MethodGet, "/llms.txt", nil)
	req.Host = strings.TrimPrefix(other.URL, "http://")
	rec := httptest.NewRecorder()
	b.TxtHandler().ServeHTTP(rec, req)
	if rec.Code != http.StatusBadGateway || len(other.requests()) != 0 {
		t.Errorf("no origin: %d, %d requests to the host", rec.Code, len(other.requests()))
	}
}

func TestHandlerErrors(t *testing.T) {
	empty := newTestSite(t)
	rec := httptest.NewRecorder()
	(&Builder{Renderer: fetchRenderer{origin: empty.URL}, URL: empty.URL, Logger: quietLogger()}).TxtHandler().
		ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/llms.txt", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("a site with no index and no sitemap: %d, want 404", rec.Code)
	}

	s := newTestSite(t)
	s.set(IndexPath, "application/json", `{"v":"2"}`)
	b := &Builder{Renderer: fetchRenderer{origin: s.URL}, URL: s.URL, Logger: quietLogger()}
	rec = httptest.NewRecorder()
	b.FullHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/llms-full.txt", nil))
	if rec.Code != http.StatusBadGateway || rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("bad index: %d, Cache-Control %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	if body := rec.Body.String(); strings.Contains(body, s.URL) || strings.Contains(body, "version") {
		t.Errorf("the error tells internals: %q", body)
	}
}

// TestHandlerOneBuildAtATime sends a second request while a build runs.
func TestHandlerOneBuildAtATime(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	r := rendererFunc(func(ctx context.Context, path string) (md.Result, error) {
		select {
		case started <- struct{}{}:
		default:
		}
		<-release
		return md.Result{Markdown: "# A\n", Title: "A"}, nil
	})
	origin := newTestSite(t) // no index: Discover only looks
	b := &Builder{Renderer: r, URL: public, Origin: origin.URL, Logger: quietLogger(), Sections: func(context.Context, []Page) ([]Section, error) {
		return []Section{{Pages: []Page{{URL: "/a"}}}}, nil
	}}
	h := b.FullHandler()
	first := make(chan *httptest.ResponseRecorder)
	go func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/llms-full.txt", nil))
		first <- rec
	}()
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the first build never started")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/llms-full.txt", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("second request during a build: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	close(release)
	if rec := <-first; rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "# A (https://acme.store/a)") {
		t.Errorf("first request: %d %q", rec.Code, rec.Body.String())
	}
	// Free again.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/llms-full.txt", nil))
	if rec.Code != 200 {
		t.Errorf("after the build: %d", rec.Code)
	}
}

type rendererFunc func(ctx context.Context, path string) (md.Result, error)

func (f rendererFunc) Render(ctx context.Context, path string) (md.Result, error) {
	return f(ctx, path)
}
