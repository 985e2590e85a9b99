package server

import (
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// testSite is a site the tests put pages on. It records every request it
// gets, before routing, so tests see exactly what the handler asked for.
type testSite struct {
	mux  *http.ServeMux
	mu   sync.Mutex
	seen []seenRequest
}

type seenRequest struct {
	uri    string // the request URI as it arrived
	host   string
	header http.Header
}

func newSite() *testSite {
	return &testSite{mux: http.NewServeMux()}
}

func (s *testSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.seen = append(s.seen, seenRequest{uri: r.RequestURI, host: r.Host, header: r.Header.Clone()})
	s.mu.Unlock()
	s.mux.ServeHTTP(w, r)
}

// page serves html at the exact path, with header given as name, value pairs.
func (s *testSite) page(path, contentType, body string, header ...string) {
	pattern := path
	if path == "/" {
		pattern = "/{$}"
	}
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Add(header[i], header[i+1])
		}
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		io.WriteString(w, body)
	})
}

// html serves an HTML page.
func (s *testSite) html(path, body string, header ...string) {
	s.page(path, "text/html; charset=utf-8", body, header...)
}

// requests returns the requests the site got for a request URI.
func (s *testSite) requests(uri string) []seenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []seenRequest
	for _, r := range s.seen {
		if r.uri == uri {
			out = append(out, r)
		}
	}
	return out
}

// uris returns every request URI the site got, in order.
func (s *testSite) uris() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, r := range s.seen {
		out = append(out, r.uri)
	}
	return out
}

// form is one way of serving a site's Markdown: the proxy in front of it,
// or the middleware around its handler.
type form struct {
	name  string
	proxy bool
	// start serves site through the form and returns the handler and the
	// URL of the server in front.
	start func(t *testing.T, site http.Handler, opts Options) (*Handler, string)
}

var forms = []form{
	{"proxy", true, func(t *testing.T, site http.Handler, opts Options) (*Handler, string) {
		t.Helper()
		origin := httptest.NewServer(site)
		t.Cleanup(origin.Close)
		h, err := NewProxy(origin.URL, quiet(opts))
		if err != nil {
			t.Fatal(err)
		}
		front := httptest.NewServer(h)
		t.Cleanup(front.Close)
		return h, front.URL
	}},
	{"middleware", false, func(t *testing.T, site http.Handler, opts Options) (*Handler, string) {
		t.Helper()
		h, err := Middleware(site, quiet(opts))
		if err != nil {
			t.Fatal(err)
		}
		front := httptest.NewServer(h)
		t.Cleanup(front.Close)
		return h, front.URL
	}},
}

// eachForm runs fn for both forms.
func eachForm(t *testing.T, fn func(t *testing.T, f form)) {
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) { fn(t, f) })
	}
}

func quiet(opts Options) Options {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return opts
}

// client never follows redirects: the tests look at them.
var client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// do sends a request with header given as name, value pairs, and returns
// the response and its body.
func do(t *testing.T, method, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if strings.EqualFold(header[i], "Host") {
			req.Host = header[i+1]
			continue
		}
		req.Header.Add(header[i], header[i+1])
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// productPage is the sample product page of the repository's testdata.
func productPage(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "pages", "product.html"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// isMarkdown reports whether a response is one of the handler's Markdown
// answers.
func isMarkdown(resp *http.Response) bool {
	return resp.Header.Get("Content-Type") == "text/markdown; charset=utf-8" && resp.Header.Get("X-Affordances-Tokens") != ""
}

// oneSentence checks an error body: one Markdown sentence, nothing of the
// machinery behind it.
func oneSentence(t *testing.T, body string) {
	t.Helper()
	line := strings.TrimSuffix(body, "\n")
	if line == "" || strings.Contains(line, "\n") || !strings.HasSuffix(line, ".") {
		t.Errorf("error body %q is not one sentence", body)
	}
	for _, leak := range []string{"127.0.0.1", "localhost", "dial", "tcp", "panic", "goroutine", ".go:", "context"} {
		if strings.Contains(body, leak) {
			t.Errorf("error body %q shows %q", body, leak)
		}
	}
}

func gzipWriter(w io.Writer) (*gzip.Writer, error) {
	return gzip.NewWriterLevel(w, gzip.DefaultCompression)
}
