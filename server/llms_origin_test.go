package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/server"
)

// TestLLMsOnTheMiddlewaresOrigin: a middleware given Options.Origin links
// its pages on that public origin, whatever host a request names; its llms
// files must list and head the pages with the same URLs.
func TestLLMsOnTheMiddlewaresOrigin(t *testing.T) {
	var sawCookie bool
	mw, err := server.Middleware(llmsSite(t, &sawCookie), server.Options{Origin: "https://acme.store", LLMs: &llms.Builder{}})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) string {
		rec := httptest.NewRecorder()
		mw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://127.0.0.1:8080"+path, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d\n%s", path, rec.Code, rec.Body.String())
		}
		return rec.Body.String()
	}
	if page := get("/about.md"); !strings.Contains(page, `url: "https://acme.store/about"`) {
		t.Fatalf("/about.md is not on the origin:\n%s", page)
	}
	if txt := get("/llms.txt"); !strings.Contains(txt, "- [About](https://acme.store/about.md)") {
		t.Errorf("llms.txt does not link the origin's pages:\n%s", txt)
	}
	if full := get("/llms-full.txt"); !strings.Contains(full, "# About (https://acme.store/about)") {
		t.Errorf("llms-full.txt does not head the origin's pages:\n%s", full)
	}
}
