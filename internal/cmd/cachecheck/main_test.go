package main

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/affordances/affordances-md/server"
)

// naiveCache is a shared cache done wrong: it keys on the URL alone, and
// stores every 200, whatever its Vary and Cache-Control say.
type naiveCache struct {
	next  http.Handler
	mu    sync.Mutex
	store map[string]*httptest.ResponseRecorder
}

func (c *naiveCache) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	rec, hit := c.store[r.URL.String()]
	c.mu.Unlock()
	status := "HIT"
	if !hit {
		status = "MISS"
		rec = httptest.NewRecorder()
		c.next.ServeHTTP(rec, r)
		if rec.Code == http.StatusOK {
			c.mu.Lock()
			c.store[r.URL.String()] = rec
			c.mu.Unlock()
		}
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Set("X-Cache-Status", status)
	w.WriteHeader(rec.Code)
	w.Write(rec.Body.Bytes())
}

// TestCheckCatchesABadCache: the checks fail a cache that ignores Vary and
// privacy, at the checks that say why.
func TestCheckCatchesABadCache(t *testing.T) {
	site := httptest.NewServer(newSite())
	defer site.Close()
	proxy, err := server.NewProxy(site.URL, server.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	cache := httptest.NewServer(&naiveCache{next: proxy, store: map[string]*httptest.ResponseRecorder{}})
	defer cache.Close()
	var out bytes.Buffer
	if failed := check(cache.URL, &out); failed == 0 {
		t.Fatalf("no check failed:\n%s", out.String())
	}
	for _, want := range []string{
		"FAIL: /public for HTML: HTML",          // got the cached Markdown
		"FAIL: /public2 for Markdown: Markdown", // got the cached HTML
		"FAIL: the .md path, after a session cookie: an anonymous client got alice's account",
		"FAIL: /private.md []: the second client got a page of its own",
		"FAIL: /session.md []: the second visitor does not see the first one's number",
		"FAIL: /links.md [] after a request with Host: evil.example: links on",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}
