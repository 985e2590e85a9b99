package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
)

// The faults a proxy meets in front of a real origin, one subtest each:
// every one is answered with its documented status, before the configured
// timeout unless slowness is the fault, and leaves no goroutine and no
// heap behind. Each subtest runs alone (no t.Parallel) so that it can count
// the process's goroutines.

// leakCheck notes the process's goroutines and live heap now and, when the
// test ends (after the cleanups registered after it: the servers and
// clients), waits for both to come back, polling as goleak does. heapSlack
// is how much more live heap is tolerated: the faults here handle pages of
// 6 MB and more, so a page kept alive would show.
func leakCheck(t *testing.T) {
	t.Helper()
	const heapSlack = 2 << 20
	goroutines, heap := settledCounts()
	t.Cleanup(func() {
		var g int
		var h uint64
		for wait := time.Millisecond; ; wait *= 2 {
			if g, h = settledCounts(); g <= goroutines && h <= heap+heapSlack {
				return
			}
			if wait > 5*time.Second {
				break
			}
			time.Sleep(wait)
		}
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Errorf("after the test: %d goroutines (before: %d), live heap %d KB (before: %d KB)\n%s",
			g, goroutines, h>>10, heap>>10, buf)
	})
}

// settledCounts collects garbage (twice: sync.Pools keep a victim cache
// for one cycle) and returns the number of goroutines and the live heap.
func settledCounts() (int, uint64) {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return runtime.NumGoroutine(), ms.HeapAlloc
}

// rawOrigin serves every connection on a loopback listener with serve,
// below HTTP, and returns the origin's URL. The listener and every
// connection are closed, and serve's goroutines waited for, when the test
// ends.
func rawOrigin(t *testing.T, serve func(c net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				serve(c)
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	return "http://" + ln.Addr().String()
}

// readHead reads a request's head from c, and reports whether it could.
func readHead(c net.Conn) (*http.Request, bool) {
	req, err := http.ReadRequest(bufio.NewReader(c))
	return req, err == nil
}

// guardTransport is the proxy's transport in these tests: it sends
// requests to the origin only, and records and refuses any other, so that
// a test can show a host was never contacted without contacting it.
type guardTransport struct {
	host string // the origin's host:port
	next *http.Transport
	mu   sync.Mutex
	seen []string // every URL asked for
}

func (g *guardTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	g.mu.Lock()
	g.seen = append(g.seen, req.URL.String())
	g.mu.Unlock()
	if req.URL.Host != g.host {
		return nil, fmt.Errorf("guard: request to %s refused", req.URL.Host)
	}
	return g.next.RoundTrip(req)
}

func (g *guardTransport) urls() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.seen...)
}

// faultProxy serves a proxy in front of origin and returns the handler,
// its transport and the URL of the server in front.
func faultProxy(t *testing.T, origin string, opts Options) (*Handler, *guardTransport, string) {
	t.Helper()
	u, err := url.Parse(origin)
	if err != nil {
		t.Fatal(err)
	}
	gt := &guardTransport{host: u.Host, next: &http.Transport{}}
	t.Cleanup(gt.next.CloseIdleConnections)
	opts.Transport = gt
	h, err := NewProxy(origin, quiet(opts))
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(h)
	t.Cleanup(front.Close)
	return h, gt, front.URL
}

// get sends one GET of url through a client of its own (closed when the
// test ends) and returns the answer, its body and how long it took.
func get(t *testing.T, url string) (*http.Response, string, time.Duration) {
	t.Helper()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	c := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	// Far beyond any timeout the tests configure: only a hang reaches it.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b), time.Since(start)
}

// closeMidBody answers with a head promising more than it sends, then
// closes the connection.
func closeMidBody(head string) func(c net.Conn) {
	return func(c net.Conn) {
		if _, ok := readHead(c); !ok {
			return
		}
		io.WriteString(c, head+"<!DOCTYPE html><html><body><p>"+strings.Repeat("Half a page. ", 80))
	}
}

func TestFaults(t *testing.T) {
	const slow = time.Second // the timeout where slowness is the fault
	tests := []struct {
		name    string
		origin  func(t *testing.T) string
		timeout time.Duration // 0: the default, 10 s
		status  int
	}{
		{"origin down", func(t *testing.T) string {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ln.Close() // nothing listens on the port any more
			return "http://" + ln.Addr().String()
		}, 0, http.StatusBadGateway},
		{"origin refusing connections", func(t *testing.T) string {
			return rawOrigin(t, func(c net.Conn) {
				c.(*net.TCPConn).SetLinger(0) // close with a reset
			})
		}, 0, http.StatusBadGateway},
		{"origin accepting and never answering", func(t *testing.T) string {
			return rawOrigin(t, func(c net.Conn) {
				io.Copy(io.Discard, c) // until the proxy hangs up
			})
		}, slow, http.StatusGatewayTimeout},
		{"origin closing the connection mid-body (Content-Length)", func(t *testing.T) string {
			return rawOrigin(t, closeMidBody("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n"))
		}, 0, http.StatusBadGateway},
		{"origin closing the connection mid-body (chunked)", func(t *testing.T) string {
			return rawOrigin(t, func(c net.Conn) {
				if _, ok := readHead(c); !ok {
					return
				}
				io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n")
				io.WriteString(c, "20\r\n<html><body><p>Half a page.   \r\n") // and no last chunk
			})
		}, 0, http.StatusBadGateway},
		{"origin trickling its body one byte a second", func(t *testing.T) string {
			return trickler(t, true)
		}, slow, http.StatusGatewayTimeout},
		{"origin trickling its head one byte a second", func(t *testing.T) string {
			return trickler(t, false)
		}, slow, http.StatusGatewayTimeout},
		{"origin answering garbage", func(t *testing.T) string {
			return rawOrigin(t, func(c net.Conn) {
				if _, ok := readHead(c); !ok {
					return
				}
				io.WriteString(c, "SSH-2.0-OpenSSH_9.6\r\n\x00\xff\xfe garbage \x1b[2J\r\n\r\n")
			})
		}, 0, http.StatusBadGateway},
		{"origin answering a 7 MB page with its length", func(t *testing.T) string {
			return bigPage(t, true)
		}, 0, http.StatusRequestEntityTooLarge},
		{"origin streaming a 7 MB page", func(t *testing.T) string {
			return bigPage(t, false)
		}, 0, http.StatusRequestEntityTooLarge},
		{"origin answering a gzip bomb", func(t *testing.T) string {
			return httpOrigin(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.Header().Set("Content-Encoding", "gzip")
				w.Write(gzipBomb(t))
			}))
		}, 0, http.StatusRequestEntityTooLarge},
	}
	gzipBomb(t) // made once, before any baseline
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			leakCheck(t)
			timeout := tt.timeout
			if timeout == 0 {
				timeout = DefaultTimeout
			}
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			_, gt, base := faultProxy(t, tt.origin(t), Options{Timeout: timeout})
			resp, body, took := get(t, base+"/page.md")
			if resp.StatusCode != tt.status {
				t.Fatalf("got %s %q, want %d", resp.Status, body, tt.status)
			}
			oneSentence(t, body)
			if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q, want no-store", cc)
			}
			if tt.status == http.StatusGatewayTimeout {
				if took < timeout {
					t.Errorf("504 after %v, before the timeout of %v", took, timeout)
				}
			} else if took >= timeout {
				t.Errorf("answered after %v, not before the timeout of %v", took, timeout)
			}
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			// Decoding the whole bomb would allocate its 64 MB at least;
			// stopping at the 6 MB limit takes about 16 (33 with -race).
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc >= bombSize {
				t.Errorf("%d MB allocated to answer", alloc>>20)
			}
			for _, u := range gt.urls() {
				if !strings.HasPrefix(u, "http://"+gt.host+"/") {
					t.Errorf("the proxy asked for %s", u)
				}
			}
		})
	}
}

// httpOrigin serves h on loopback until the test ends.
func httpOrigin(t *testing.T, h http.Handler) string {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL
}

// trickler is an origin that sends a page one byte a second, for a minute:
// its body after a head sent at once, or its whole answer. It fails the
// test if the proxy does not hang up before the end.
func trickler(t *testing.T, headFirst bool) string {
	const page = "<!DOCTYPE html><html><body><p>" + "Slowly, one byte a second, for a minute of this ......"
	return rawOrigin(t, func(c net.Conn) {
		if _, ok := readHead(c); !ok {
			return
		}
		head := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " + fmt.Sprint(len(page)) + "\r\n\r\n"
		rest := head + page
		if headFirst {
			if _, err := io.WriteString(c, head); err != nil {
				return
			}
			rest = page
		}
		// Reads tell when the proxy hangs up: it sends nothing more.
		gone := make(chan struct{})
		go func() {
			io.Copy(io.Discard, c)
			close(gone)
		}()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for i := range len(rest) {
			if _, err := c.Write([]byte{rest[i]}); err != nil {
				return
			}
			select {
			case <-gone:
				return
			case <-tick.C:
			}
		}
		t.Errorf("the proxy read the whole trickle")
	})
}

// bigPage is an origin whose every page is 7 MB of HTML, sent with its
// length or streamed in chunks of 64 KB. A proxy that stops reading makes
// its writes fail, and it returns.
func bigPage(t *testing.T, withLength bool) string {
	const size = 7 << 20
	chunk := "<p>" + strings.Repeat("x", 64<<10-7) + "</p>"
	return httpOrigin(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if withLength {
			w.Header().Set("Content-Length", fmt.Sprint(size))
		}
		for n := 0; n < size; n += len(chunk) {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
			w.(http.Flusher).Flush()
		}
	}))
}

// TestFaultNestedPage: a page of 100,000 nested elements is converted
// (x/net/html nests no deeper than 512: the converter flattens the rest)
// before the timeout, and nothing stays behind.
func TestFaultNestedPage(t *testing.T) {
	leakCheck(t)
	const depth = 100_000
	page := "<!DOCTYPE html><html><body>" + strings.Repeat("<div>", depth) + "<p>At the bottom.</p>" + strings.Repeat("</div>", depth)
	origin := httpOrigin(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/deep" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, page)
	}))
	_, _, base := faultProxy(t, origin, Options{})
	resp, body, took := get(t, base+"/deep.md")
	if resp.StatusCode != http.StatusOK || !isMarkdown(resp) || !strings.Contains(body, "At the bottom.") {
		t.Fatalf("got %s %q", resp.Status, body)
	}
	if took >= DefaultTimeout {
		t.Errorf("answered after %v, not before the timeout of %v", took, DefaultTimeout)
	}
}

// TestFaultRedirectLoop: a Markdown request for a page that redirects in a
// loop is answered with the one redirect, to the target's .md, after one
// fetch of the page: the loop is the client's to notice, as a browser
// would. Render, which follows same-origin redirects, gives up after
// maxRedirects.
func TestFaultRedirectLoop(t *testing.T) {
	leakCheck(t)
	site := newSite()
	for from, to := range map[string]string{"/loop": "/loop", "/a": "/b", "/b": "/a"} {
		site.mux.HandleFunc(from, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, to, http.StatusFound)
		})
	}
	h, _, base := faultProxy(t, httpOrigin(t, site), Options{})
	for _, tt := range []struct{ path, location string }{{"/loop", "/loop.md"}, {"/a", "/b.md"}, {"/b", "/a.md"}} {
		before := len(site.requests(tt.path))
		resp, body, took := get(t, base+tt.path+".md")
		if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != tt.location {
			t.Errorf("%s.md: %s Location %q %q, want 302 to %s", tt.path, resp.Status, resp.Header.Get("Location"), body, tt.location)
		}
		if n := len(site.requests(tt.path)) - before; n != 1 {
			t.Errorf("%s.md: the origin was asked for %s %d times, want once", tt.path, tt.path, n)
		}
		if took >= DefaultTimeout {
			t.Errorf("%s.md: answered after %v", tt.path, took)
		}
	}

	// A client that follows redirects stops after its own limit; each
	// answer along the way was the proxy's one redirect.
	before := len(site.uris())
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	_, err := (&http.Client{Transport: tr}).Get(base + "/a.md")
	if err == nil || !strings.Contains(err.Error(), "stopped after 10 redirects") {
		t.Errorf("a following client: err = %v", err)
	}
	pages := 0
	for _, u := range site.uris()[before:] {
		if !strings.HasSuffix(u, ".md") { // the proxy's look for a real .md file
			pages++
		}
	}
	if pages != 10 { // the first request and 9 redirects followed
		t.Errorf("the origin served %d pages for the client's 10 requests", pages)
	}

	before = len(site.uris())
	_, err = h.Render(context.Background(), "/a")
	var pe *PageError
	if !errors.As(err, &pe) {
		t.Fatalf("Render of a loop: err = %v", err)
	}
	if n := len(site.uris()) - before; n > 2*(maxRedirects+1) {
		t.Errorf("Render of a loop asked the origin %d times", n)
	}
}

// TestFaultRedirectToAnotherHost: a page that redirects to a private
// address on another host (the cloud metadata address, a private network,
// another loopback host, another port) has that redirect passed on as it
// is, and the proxy never asks the other host for anything: neither for a
// Markdown request nor for Render. The proxy's transport refuses any host
// but the origin's, so a failure here sends nothing to those addresses.
func TestFaultRedirectToAnotherHost(t *testing.T) {
	leakCheck(t)
	contacted := make(chan string, 16)
	other := func(addr string) string {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Skipf("cannot listen on %s: %v", addr, err)
		}
		t.Cleanup(func() { ln.Close() })
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				contacted <- addr
				c.Close()
			}
		}()
		return ln.Addr().String()
	}
	loopback2 := other("127.0.0.2:0")
	otherPort := other("127.0.0.1:0")
	_, port, _ := net.SplitHostPort(otherPort)
	targets := []string{
		"http://169.254.169.254/latest/meta-data/",
		"http://10.0.0.1/admin",
		"http://192.168.1.1/",
		"http://" + loopback2 + "/secret",
		"http://localhost:" + port + "/secret",
		"http://" + otherPort + "/secret",
	}
	site := newSite()
	for i, to := range targets {
		site.mux.HandleFunc(fmt.Sprintf("/r%d", i), func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", to)
			w.WriteHeader(http.StatusFound)
		})
	}
	h, gt, base := faultProxy(t, httpOrigin(t, site), Options{})
	for i, to := range targets {
		path := fmt.Sprintf("/r%d", i)
		resp, _, took := get(t, base+path+".md")
		if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != to {
			t.Errorf("%s.md: %s Location %q, want the redirect to %s passed on", path, resp.Status, resp.Header.Get("Location"), to)
		}
		if took >= DefaultTimeout {
			t.Errorf("%s.md: answered after %v", path, took)
		}
		if _, err := h.Render(context.Background(), path); err == nil {
			t.Errorf("Render %s: no error for a redirect to %s", path, to)
		}
	}
	for _, u := range gt.urls() {
		if !strings.HasPrefix(u, "http://"+gt.host+"/") {
			t.Errorf("the proxy asked for %s", u)
		}
	}
	select {
	case addr := <-contacted:
		t.Errorf("%s was contacted", addr)
	default:
	}
}

// slowCounter counts tokens slowly, recording how many conversions run at
// once (the counter runs inside md.Convert).
type slowCounter struct {
	mu        sync.Mutex
	now, most int
}

func (c *slowCounter) CountTokens(s string) int {
	c.mu.Lock()
	c.now++
	c.most = max(c.most, c.now)
	c.mu.Unlock()
	time.Sleep(20 * time.Millisecond)
	c.mu.Lock()
	c.now--
	c.mu.Unlock()
	return len(s) / 4
}

// TestFaultManyConversionsAtOnce: many requests at once for a page's
// Markdown convert a few at a time (converting a page takes some 30 times
// its size in memory: 20 requests for one 5 MB page took 3 GB), and a
// request that cannot start converting before its timeout gets 503 with
// Retry-After, not a wait without end.
func TestFaultManyConversionsAtOnce(t *testing.T) {
	leakCheck(t)
	origin := httpOrigin(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<main><h1>Page</h1><p>Some text.</p></main>")
	}))
	counter := &slowCounter{}
	h, _, base := faultProxy(t, origin, Options{IgnoreMarkdownFiles: true, Convert: md.Options{Tokens: counter}})
	var wg sync.WaitGroup
	for i := range 24 {
		wg.Go(func() {
			// Distinct pages: identical requests would share one conversion.
			if resp, body, _ := get(t, fmt.Sprintf("%s/page.md?n=%d", base, i)); resp.StatusCode != http.StatusOK {
				t.Errorf("%s %q", resp.Status, body)
			}
		})
	}
	wg.Wait()
	if slots := cap(h.converting); counter.most > slots || slots > max(2, runtime.GOMAXPROCS(0)) {
		t.Errorf("%d conversions at once, %d slots", counter.most, slots)
	}

	// Every slot taken: the request waits until its timeout, then gets 503.
	h, _, base = faultProxy(t, origin, Options{IgnoreMarkdownFiles: true, Timeout: 200 * time.Millisecond})
	for range cap(h.converting) {
		h.converting <- struct{}{}
	}
	resp, body, took := get(t, base+"/page.md")
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || resp.Header.Get("Cache-Control") != "no-store" || took > 2*time.Second {
		t.Errorf("all slots taken: %s %v after %v\n%s", resp.Status, resp.Header, took, body)
	}
	oneSentence(t, body)
	<-h.converting
	if resp, body, _ := get(t, base+"/page.md"); resp.StatusCode != http.StatusOK {
		t.Errorf("a slot free: %s %q", resp.Status, body)
	}
	for range cap(h.converting) - 1 {
		<-h.converting
	}
}

// TestFaultLeaderLeaves: the client whose request started a page's fetch
// hangs up; the identical requests waiting for that fetch still get the
// page, from that one fetch, and nothing is left running after.
func TestFaultLeaderLeaves(t *testing.T) {
	leakCheck(t)
	o := newHeldOrigin()
	o.hold.Store(true)
	var logs testutil.SyncBuffer
	_, base, joined := heldProxy(t, o, Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})

	ctx, hangUp := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/page.md", nil)
	left := make(chan error, 1)
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	go func() {
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err == nil {
			resp.Body.Close()
		}
		left <- err
	}()
	waitUntil(t, "the leader's fetch starts", func() bool { return o.fetches.Load() == 1 && joined.Load() == 1 })

	const n = 10
	reqs := make([]*http.Request, n)
	for i := range reqs {
		reqs[i], _ = http.NewRequest("GET", base+"/page.md", nil)
	}
	var answers []answer
	done := make(chan struct{})
	go func() { answers = sendAll(reqs); close(done) }()
	waitUntil(t, "every request joins the fetch", func() bool { return joined.Load() == n+1 })
	hangUp()
	if err := <-left; !errors.Is(err, context.Canceled) {
		t.Fatalf("the leader's request: %v, want it canceled", err)
	}
	// The handler has seen its client go (499, nginx's "client closed
	// request"), and with it the request's context canceled.
	waitUntil(t, "the handler sees the leader leave", func() bool { return strings.Contains(logs.String(), "status=499") })
	o.free()
	<-done
	for i, a := range answers {
		if a.err != nil || a.status != 200 || visitor(a.body) != 1 {
			t.Errorf("request %d: %d %v\n%s", i, a.status, a.err, a.body)
		}
	}
	if got := o.fetches.Load(); got != 1 {
		t.Errorf("%d fetches, want 1", got)
	}
}

// TestFaultLeaderFails: the identical requests waiting for a fetch that
// fails get the same failure rather than each trying again at once, which
// would multiply the load on an origin already failing.
func TestFaultLeaderFails(t *testing.T) {
	leakCheck(t)
	var fetches atomic.Int64
	release := make(chan struct{})
	origin := rawOrigin(t, func(c net.Conn) {
		if _, ok := readHead(c); !ok {
			return
		}
		fetches.Add(1)
		<-release
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<p>Cut")
	})
	h, _, base := faultProxy(t, origin, Options{IgnoreMarkdownFiles: true})
	var joined atomic.Int64
	h.joined = func() { joined.Add(1) }
	const n = 10
	reqs := make([]*http.Request, n)
	for i := range reqs {
		reqs[i], _ = http.NewRequest("GET", base+"/page.md", nil)
	}
	answers := sendJoined(t, reqs, &joined, func() { close(release) })
	for i, a := range answers {
		if a.err != nil || a.status != http.StatusBadGateway || a.header.Get("Cache-Control") != "no-store" {
			t.Errorf("request %d: %d %v %v", i, a.status, a.err, a.header)
		}
		oneSentence(t, a.body)
	}
	if got := fetches.Load(); got != 1 {
		t.Errorf("%d fetches of a failing page, want 1", got)
	}
}

// TestFaultTooManyInFlight: past the cap on Markdown requests in flight
// (each holds its page's body), a request waits briefly, then gets 503
// with Retry-After and no-store; an identical request joins the fetch in
// flight instead, taking no place; once the fetches end, requests are
// answered again.
func TestFaultTooManyInFlight(t *testing.T) {
	leakCheck(t)
	o := newHeldOrigin()
	o.hold.Store(true)
	h, base, joined := heldProxy(t, o)
	const places = 3
	h.inFlight = make(chan struct{}, places)
	h.queueWait = 10 * time.Millisecond

	reqs := make([]*http.Request, places)
	for i := range reqs {
		reqs[i], _ = http.NewRequest("GET", fmt.Sprintf("%s/page.md?p=%d", base, i), nil)
	}
	var answers []answer
	done := make(chan struct{})
	go func() { answers = sendAll(reqs); close(done) }()
	waitUntil(t, "the fetches fill every place", func() bool { return o.fetches.Load() == places })

	resp, body, _ := get(t, base+"/page.md?p=other")
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("past the cap: %s %v\n%s", resp.Status, resp.Header, body)
	}
	oneSentence(t, body)

	follower := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest("GET", base+"/page.md?p=0", nil)
		follower <- sendAll([]*http.Request{req})[0]
	}()
	waitUntil(t, "the identical request joins", func() bool { return joined.Load() == places+2 })
	o.free()
	<-done
	for i, a := range answers {
		if a.err != nil || a.status != 200 {
			t.Errorf("request %d: %d %v", i, a.status, a.err)
		}
	}
	if a := <-follower; a.err != nil || a.status != 200 || visitor(a.body) != visitor(answers[0].body) {
		t.Errorf("the identical request: %d %v\n%s", a.status, a.err, a.body)
	}
	if resp, body, _ := get(t, base+"/page.md?p=other"); resp.StatusCode != 200 {
		t.Errorf("after the fetches: %s %q", resp.Status, body)
	}
	if len(h.inFlight) != 0 {
		t.Errorf("%d places still taken", len(h.inFlight))
	}
}
