package server

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// heldOrigin is an origin whose every fetch of a page is numbered, and
// answered "Visitor N." in the page: two clients given the same number got
// one fetch's answer. While hold is set, fetches wait for release; with
// barrier > 0 they wait until that many are waiting at once instead.
type heldOrigin struct {
	hold     atomic.Bool
	release  chan struct{}
	once     sync.Once
	barrier  int64
	all      chan struct{} // closed when barrier fetches are waiting at once
	timedOut atomic.Bool   // some fetch gave up waiting for the others
	fetches  atomic.Int64
	header   []string // name, value pairs the page is answered with
}

// free lets every held fetch go on.
func (o *heldOrigin) free() { o.once.Do(func() { close(o.release) }) }

func newHeldOrigin(header ...string) *heldOrigin {
	return &heldOrigin{release: make(chan struct{}), all: make(chan struct{}), header: header}
}

func (o *heldOrigin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := o.fetches.Add(1)
	switch {
	case o.barrier > 0:
		if n == o.barrier {
			close(o.all)
		}
		select {
		case <-o.all:
		case <-time.After(10 * time.Second): // only a failing test gets here
			o.timedOut.Store(true)
		}
	case o.hold.Load():
		<-o.release
	}
	for i := 0; i+1 < len(o.header); i += 2 {
		w.Header().Add(o.header[i], o.header[i+1])
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<title>Page</title><main><h1>Page</h1><p>Visitor %d.</p><p><a href="/next">Next</a></p></main>`, n)
}

// visitor is the number of the fetch an answer was made from.
func visitor(body string) int {
	_, rest, ok := strings.Cut(body, "Visitor ")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(strings.SplitN(rest, ".", 2)[0], "."))
	return n
}

// heldProxy serves a proxy in front of o, counting the requests that have
// joined a flight.
func heldProxy(t *testing.T, o *heldOrigin, opts ...Options) (*Handler, string, *atomic.Int64) {
	t.Helper()
	var opt Options
	if len(opts) > 0 {
		opt = opts[0]
	}
	opt.IgnoreMarkdownFiles = true
	h, _, base := faultProxy(t, httpOrigin(t, o), opt)
	t.Cleanup(o.free) // before the servers close: they wait for the fetches
	joined := new(atomic.Int64)
	h.joined = func() { joined.Add(1) }
	return h, base, joined
}

// waitUntil polls cond until it holds, failing the test if it never does.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

type answer struct {
	status int
	header http.Header
	body   string
	err    error
}

// sendAll sends the requests at once and returns their answers in order.
func sendAll(reqs []*http.Request) []answer {
	out := make([]answer, len(reqs))
	tr := &http.Transport{MaxIdleConnsPerHost: len(reqs)}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr}
	var wg sync.WaitGroup
	for i, req := range reqs {
		wg.Go(func() {
			resp, err := c.Do(req)
			if err != nil {
				out[i].err = err
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			out[i] = answer{resp.StatusCode, resp.Header, string(b), err}
		})
	}
	wg.Wait()
	return out
}

// sendJoined sends reqs at once, waits until each has joined the flight
// that joined counts, lets the flight go on with free, and returns the
// answers.
func sendJoined(t *testing.T, reqs []*http.Request, joined *atomic.Int64, free func()) []answer {
	t.Helper()
	var answers []answer
	done := make(chan struct{})
	go func() { answers = sendAll(reqs); close(done) }()
	waitUntil(t, "every request joins the fetch", func() bool { return joined.Load() == int64(len(reqs)) })
	free()
	<-done
	return answers
}

// TestMergeIdenticalRequests: identical anonymous requests for a page that
// arrive while it is being fetched wait for that fetch and share its
// Markdown: one origin fetch for all of them. Each is still answered for
// itself: HEAD without a body, If-None-Match with 304 or not by its own
// validator.
func TestMergeIdenticalRequests(t *testing.T) {
	leakCheck(t)
	o := newHeldOrigin("Cache-Control", "public, max-age=60")
	_, base, joined := heldProxy(t, o)
	first, want := do(t, "GET", base+"/page.md")
	etag := first.Header.Get("ETag")
	if first.StatusCode != 200 || etag == "" || visitor(want) != 1 {
		t.Fatalf("%s, ETag %q\n%s", first.Status, etag, want)
	}
	// The next fetch is visitor 1 again: the same page, the same ETag.
	o.fetches.Store(0)
	o.hold.Store(true)
	joined.Store(0)

	const n = 40
	reqs := make([]*http.Request, n)
	for i := range reqs {
		method, url, inm := "GET", base+"/page.md", ""
		switch i % 5 {
		case 1:
			method = "HEAD"
		case 2:
			url = base + "/page" // negotiated: the same page
		case 3:
			inm = etag // a client that has the page
		case 4:
			inm = `"older"` // one that has another version
		}
		reqs[i], _ = http.NewRequest(method, url, nil)
		reqs[i].Header.Set("Accept", "text/markdown")
		if inm != "" {
			reqs[i].Header.Set("If-None-Match", inm)
		}
	}
	answers := sendJoined(t, reqs, joined, o.free)

	if got := o.fetches.Load(); got != 1 {
		t.Errorf("%d origin fetches for %d identical requests at once, want 1", got, n)
	}
	for i, a := range answers {
		if a.err != nil {
			t.Fatalf("request %d: %v", i, a.err)
		}
		wantStatus, wantBody := 200, want
		switch i % 5 {
		case 1:
			wantBody = ""
		case 3:
			wantStatus, wantBody = http.StatusNotModified, ""
		}
		if a.status != wantStatus || a.body != wantBody || a.header.Get("ETag") != etag {
			t.Errorf("request %d (%s, If-None-Match %q): %d, ETag %q\n%s", i, reqs[i].Method, reqs[i].Header.Get("If-None-Match"), a.status, a.header.Get("ETag"), a.body)
		}
		if a.header.Get("X-Content-Type-Options") != "nosniff" || a.header.Get("Vary") != "Accept, Host, X-Forwarded-Proto" {
			t.Errorf("request %d: headers %v", i, a.header)
		}
		if wantStatus == 200 && a.header.Get("Cache-Control") != "public, max-age=60" {
			t.Errorf("request %d: Cache-Control %q", i, a.header.Get("Cache-Control"))
		}
	}
}

// TestMergeNever: requests that differ in what the page is fetched or
// linked with are never merged, nor requests with a Cookie or
// Authorization line (even an empty one, and even when the page's answer
// is public): all of them are at the origin at once, and each client gets
// the page of its own fetch.
func TestMergeNever(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		header func(i int) []string
	}{
		{"cookies", 8, func(i int) []string { return []string{"Cookie", fmt.Sprintf("id=%d", i)} }},
		{"the same cookie", 8, func(int) []string { return []string{"Cookie", "id=1"} }},
		{"empty Cookie lines", 8, func(int) []string { return []string{"Cookie", ""} }},
		{"credentials", 8, func(i int) []string { return []string{"Authorization", fmt.Sprintf("Bearer t%d", i)} }},
		{"the same credentials", 8, func(int) []string { return []string{"Authorization", "Bearer t"} }},
		{"hosts", 8, func(i int) []string { return []string{"Host", fmt.Sprintf("site%d.example", i)} }},
		{"a forged host beside the real one", 2, func(i int) []string { return []string{"Host", []string{"evil.example", "real.example"}[i]} }},
		{"schemes", 2, func(i int) []string { return []string{"X-Forwarded-Proto", []string{"http", "https"}[i]} }},
		{"languages", 8, func(i int) []string { return []string{"Accept-Language", fmt.Sprintf("l%d", i)} }},
		{"a language and none", 2, func(i int) []string { return []string{"Accept-Language", []string{"", "de"}[i]} }},
		{"queries", 8, func(int) []string { return nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := newHeldOrigin("Cache-Control", "public, max-age=60")
			o.barrier = int64(tt.n)
			_, base, _ := heldProxy(t, o)
			reqs := make([]*http.Request, tt.n)
			for i := range reqs {
				url := base + "/page.md"
				if tt.name == "queries" {
					url += fmt.Sprintf("?p=%d", i)
				}
				reqs[i], _ = http.NewRequest("GET", url, nil)
				header := tt.header(i)
				for j := 0; j+1 < len(header); j += 2 {
					if header[j] == "Host" {
						reqs[i].Host = header[j+1]
					} else if header[j+1] != "" || header[j] == "Cookie" {
						reqs[i].Header.Add(header[j], header[j+1])
					}
				}
			}
			seen := map[int]bool{}
			for i, a := range sendAll(reqs) {
				if a.err != nil || a.status != 200 {
					t.Fatalf("request %d: %d %v\n%s", i, a.status, a.err, a.body)
				}
				seen[visitor(a.body)] = true
			}
			if o.timedOut.Load() || len(seen) != tt.n || o.fetches.Load() != int64(tt.n) {
				t.Errorf("%d requests: %d fetches, %d pages, all at once: %v", tt.n, o.fetches.Load(), len(seen), !o.timedOut.Load())
			}
		})
	}
}

// TestMergeNeverSharesPrivate: a page answered for one anonymous request
// that is private (it set a cookie, said private or no-store, or varies
// on everything) is never given to the requests that waited for it: each
// fetches its own, and every visitor gets their own number.
func TestMergeNeverSharesPrivate(t *testing.T) {
	tests := []struct {
		name   string
		header []string
		cc     string // the Cache-Control each answer must have
	}{
		{"the page sets a cookie", []string{"Set-Cookie", "visitor=1; HttpOnly", "Cache-Control", "public, max-age=60"}, "private, no-store"},
		{"the page is private", []string{"Cache-Control", "private, max-age=60"}, "private, no-store"},
		{"the page is no-store", []string{"Cache-Control", "no-store"}, "private, no-store"},
		{"private on its own line", []string{"Cache-Control", "max-age=60", "Cache-Control", "private"}, "private, no-store"},
		{"the page varies on everything", []string{"Vary", "*"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			leakCheck(t)
			o := newHeldOrigin(tt.header...)
			o.hold.Store(true)
			_, base, joined := heldProxy(t, o)
			const n = 10
			reqs := make([]*http.Request, n)
			for i := range reqs {
				reqs[i], _ = http.NewRequest("GET", base+"/page.md", nil)
			}
			answers := sendJoined(t, reqs, joined, o.free)
			seen := map[int]bool{}
			for i, a := range answers {
				if a.err != nil || a.status != 200 || a.header.Get("Cache-Control") != tt.cc || a.header.Get("Set-Cookie") != "" {
					t.Fatalf("request %d: %d %v %v\n%s", i, a.status, a.err, a.header, a.body)
				}
				seen[visitor(a.body)] = true
			}
			if len(seen) != n || o.fetches.Load() != n {
				t.Errorf("%d clients got %d pages from %d fetches: a private page was shared", n, len(seen), o.fetches.Load())
			}
		})
	}
}
