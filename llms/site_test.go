package llms

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"html"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
)

// testSite is an origin for the tests: fixed files (the index, robots.txt,
// sitemaps), pages, and a record of every request it got.
type testSite struct {
	*httptest.Server
	mu    sync.Mutex
	files map[string]reply
	page  func(path string) (reply, bool) // pages beyond files
	reqs  []*http.Request
}

// reply is one response of the test site.
type reply struct {
	status   int
	ctype    string
	body     []byte
	delay    time.Duration
	encoding string // "gzip": sent with Content-Encoding: gzip
	location string // a Location header
}

func newTestSite(t testing.TB) *testSite {
	s := &testSite{files: map[string]reply{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *testSite) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.reqs = append(s.reqs, r.Clone(context.Background()))
	rep, ok := s.files[r.URL.RequestURI()]
	page := s.page
	s.mu.Unlock()
	if !ok && page != nil {
		rep, ok = page(r.URL.RequestURI())
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	if rep.delay > 0 {
		select {
		case <-time.After(rep.delay):
		case <-r.Context().Done():
			return
		}
	}
	if rep.ctype != "" {
		w.Header().Set("Content-Type", rep.ctype)
	}
	if rep.location != "" {
		w.Header().Set("Location", rep.location)
	}
	if rep.encoding != "" {
		w.Header().Set("Content-Encoding", rep.encoding)
	}
	w.WriteHeader(cmp.Or(rep.status, http.StatusOK))
	w.Write(rep.body)
}

// set serves body at path with a content type.
func (s *testSite) set(path, ctype string, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[path] = reply{ctype: ctype, body: []byte(body)}
}

func (s *testSite) setReply(path string, r reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[path] = r
}

// setPage serves an HTML page.
func (s *testSite) setPage(path, htmlDoc string) {
	s.set(path, "text/html; charset=utf-8", htmlDoc)
}

// requests returns the paths requested, in order.
func (s *testSite) requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.reqs...)
}

func (s *testSite) requested(path string) bool {
	for _, r := range s.requests() {
		if r.URL.RequestURI() == path {
			return true
		}
	}
	return false
}

// pageHTML is a small page with a title, a description and a main.
func pageHTML(title, desc, main string) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html lang=en><head>")
	if title != "" {
		fmt.Fprintf(&b, "<title>%s</title>", html.EscapeString(title))
	}
	if desc != "" {
		fmt.Fprintf(&b, `<meta name="description" content="%s">`, html.EscapeString(desc))
	}
	fmt.Fprintf(&b, "</head><body><nav><a href=/>Home</a></nav><main>%s</main><footer>© Acme</footer></body></html>", main)
	return b.String()
}

func gzipped(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fetchRenderer renders a page by fetching it from an origin and
// converting it with md.Convert, as the server's handler does.
type fetchRenderer struct {
	origin string // where pages are fetched
	public string // the site's public origin, the pages' URLs
	client *http.Client
}

func (r fetchRenderer) Render(ctx context.Context, path string) (md.Result, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.origin+path, nil)
	if err != nil {
		return md.Result{}, err
	}
	client := r.client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return md.Result{}, fmt.Errorf("fetch %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return md.Result{}, fmt.Errorf("fetch %s: %s", path, resp.Status)
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "text/html" {
		return md.Result{}, fmt.Errorf("fetch %s: %s is not HTML", path, mt)
	}
	src, err := io.ReadAll(io.LimitReader(resp.Body, 6<<20))
	if err != nil {
		return md.Result{}, fmt.Errorf("fetch %s: %w", path, err)
	}
	public := r.public
	if public == "" {
		public = r.origin
	}
	return md.Convert(src, md.Options{URL: public + path})
}

// quietLogger drops the warnings the tests provoke on purpose; logs
// collects them when a test looks at them.
func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

type logs struct{ testutil.SyncBuffer }

func (l *logs) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// countingRenderer renders "/p/N" as a small generated page, counting the
// renders running at once.
type countingRenderer struct {
	delay    func(i int) time.Duration
	wait     func(i int) <-chan struct{}
	onRender func(i int)
	body     string // the text of every page

	mu       sync.Mutex
	cur, max int
	n        int
}

func (r *countingRenderer) Render(ctx context.Context, path string) (md.Result, error) {
	var i int
	if _, err := fmt.Sscanf(path, "/p/%d", &i); err != nil {
		return md.Result{}, fmt.Errorf("no page %s", path)
	}
	r.mu.Lock()
	r.cur++
	r.n++
	r.max = max(r.max, r.cur)
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.cur--
		r.mu.Unlock()
	}()
	if r.onRender != nil {
		r.onRender(i)
	}
	if r.delay != nil {
		select {
		case <-time.After(r.delay(i)):
		case <-ctx.Done():
			return md.Result{}, ctx.Err()
		}
	}
	if r.wait != nil {
		if ch := r.wait(i); ch != nil {
			select {
			case <-ch:
			case <-ctx.Done():
				return md.Result{}, ctx.Err()
			}
		}
	}
	title := fmt.Sprintf("Page %d", i)
	return md.Result{
		Markdown: fmt.Sprintf("---\ntitle: %q\n---\n\n# %s\n\n%s\n", title, title, r.body),
		Title:    title,
	}, nil
}

func (r *countingRenderer) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cur, r.max, r.n = 0, 0, 0
}

func (r *countingRenderer) active() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cur
}

func (r *countingRenderer) total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

func mdResult(markdown, title string) md.Result {
	return md.Result{Markdown: markdown, Title: title}
}
