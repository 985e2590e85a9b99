package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/affordances/affordances-md/md"
	"github.com/affordances/affordances-md/server"
)

// TestExactTokens: with a token counter, X-Affordances-Tokens is the exact
// count of the body sent, appended Markdown included.
func TestExactTokens(t *testing.T) {
	counter, err := md.NewTokenCounter("o200k_base")
	if err != nil {
		t.Fatal(err)
	}
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<title>Tokens</title><main><h1>Tokens</h1><p>Counting the tokens of a page, exactly.</p></main>")
	})
	for _, appendMD := range []string{"", "## Actions\n\n- addToCart(sku)"} {
		h, err := server.Middleware(site, server.Options{Append: appendMD, Convert: md.Options{Tokens: counter}})
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://site.example/page.md", nil))
		body := rec.Body.String()
		got, _ := strconv.Atoi(rec.Header().Get("X-Affordances-Tokens"))
		if want := counter.CountTokens(body); got != want || got == 0 {
			t.Errorf("append %q: X-Affordances-Tokens = %d, want %d (the count of %q)", appendMD, got, want, body)
		}
	}
}
