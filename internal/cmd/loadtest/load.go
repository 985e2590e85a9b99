package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// config is one load run.
type config struct {
	base     string        // serve's URL: loopback only
	clients  int           // concurrent clients
	duration time.Duration // how long requests are started
	pages    int           // distinct paths, asked for in turn
	expect   string        // text every answer must contain
	mode     string        // what to ask for: modeMD, modeAccept or modeHTML
}

// The ways of asking for a page.
const (
	modeMD     = "md"     // its Markdown, at /page.md
	modeAccept = "accept" // its Markdown, at /page with Accept: text/markdown
	modeHTML   = "html"   // its HTML, passed through: the peer to compare with
)

// maxDuration bounds a run: this is a test, not a soak.
const maxDuration = 10 * time.Minute

func (c config) check() error {
	u, err := url.Parse(c.base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("-url %q: want http://host:port", c.base)
	}
	if !loopback(u.Hostname()) {
		return fmt.Errorf("-url %q: only loopback addresses are load-tested", c.base)
	}
	switch {
	case c.clients < 1 || c.clients > 1024:
		return fmt.Errorf("-clients %d: want 1 to 1024", c.clients)
	case c.duration <= 0 || c.duration > maxDuration:
		return fmt.Errorf("-duration %v: want more than 0, at most %v", c.duration, maxDuration)
	case c.pages < 1:
		return fmt.Errorf("-pages %d: want at least 1", c.pages)
	case c.mode != modeMD && c.mode != modeAccept && c.mode != modeHTML:
		return fmt.Errorf("-mode %q: want md, accept or html", c.mode)
	}
	return nil
}

// loopback reports whether host names this machine's loopback interface.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// listenLoopback listens on addr, which must be a loopback address.
func listenLoopback(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || !loopback(host) {
		return nil, fmt.Errorf("listen %q: want a loopback host:port", addr)
	}
	return net.Listen("tcp", addr)
}

// report is what a run measured.
type report struct {
	mode      string
	clients   int
	elapsed   time.Duration // from the first request to the last answer
	requests  int           // answers received
	errors    int
	bytes     int64 // of Markdown received
	latencies []time.Duration
	firstErrs []string // the first few errors, as examples
	mem       memory   // the serve process's, when known
}

// percentile is the latency below which p of the answers came (nearest
// rank), from sorted latencies.
func (r *report) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	i := int(p*float64(len(r.latencies))+0.5) - 1
	return r.latencies[min(max(i, 0), len(r.latencies)-1)]
}

func (r *report) String() string {
	var b strings.Builder
	secs := r.elapsed.Seconds()
	what := "Markdown"
	if r.mode == modeHTML {
		what = "HTML"
	}
	fmt.Fprintf(&b, "%s (%s): clients %d, %.1f s: %d requests, %d errors, %.0f requests/s, %.1f MB/s of %s\n",
		what, r.mode, r.clients, secs, r.requests, r.errors, float64(r.requests)/secs, float64(r.bytes)/secs/(1<<20), what)
	fmt.Fprintf(&b, "latency: p50 %v, p90 %v, p99 %v, max %v\n",
		round(r.percentile(0.50)), round(r.percentile(0.90)), round(r.percentile(0.99)), round(r.percentile(1)))
	if r.mem.peak > 0 {
		fmt.Fprintf(&b, "serve memory: peak (VmHWM) %d MB, at the end (VmRSS) %d MB\n", r.mem.peak>>20, r.mem.now>>20)
	}
	for _, e := range r.firstErrs {
		fmt.Fprintf(&b, "error: %s\n", e)
	}
	return b.String()
}

func round(d time.Duration) time.Duration {
	if d > 10*time.Millisecond {
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// run sends Markdown requests from cfg.clients clients for cfg.duration
// and measures the answers. Requests in flight when the time is up are
// waited for and counted.
func run(ctx context.Context, cfg config) (*report, error) {
	tr := &http.Transport{
		MaxIdleConns:        cfg.clients,
		MaxIdleConnsPerHost: cfg.clients, // one kept-alive connection per client
		DisableCompression:  true,
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{
		Transport: tr,
		Timeout:   time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return errors.New("redirected")
		},
	}
	// Every client sends requests until the time is up (or ctx ends).
	stop, cancel := context.WithTimeout(ctx, cfg.duration)
	defer cancel()

	rep := &report{mode: cfg.mode, clients: cfg.clients}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for c := range cfg.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lat []time.Duration
			var n, errs int
			var bytes int64
			var examples []string
			for i := c; stop.Err() == nil; i += cfg.clients {
				t0 := time.Now()
				size, err := fetch(client, cfg, i%cfg.pages)
				lat = append(lat, time.Since(t0))
				n++
				bytes += size
				if err != nil {
					errs++
					if len(examples) < 3 {
						examples = append(examples, err.Error())
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			rep.latencies = append(rep.latencies, lat...)
			rep.requests += n
			rep.errors += errs
			rep.bytes += bytes
			if len(rep.firstErrs) < 5 {
				rep.firstErrs = append(rep.firstErrs, examples...)
			}
		}()
	}
	wg.Wait()
	rep.elapsed = time.Since(start)
	slices.Sort(rep.latencies)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return rep, nil
}

// fetch asks for page i as cfg.mode says and checks the answer: the
// page's Markdown (or HTML), containing cfg.expect.
func fetch(client *http.Client, cfg config, i int) (int64, error) {
	path := fmt.Sprintf("/docs/page-%d", i)
	target, accept, ctype := cfg.base+path, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "text/html; charset=utf-8"
	switch cfg.mode {
	case modeMD:
		target, accept, ctype = target+".md", "*/*", "text/markdown; charset=utf-8"
	case modeAccept:
		accept, ctype = "text/markdown", "text/markdown; charset=utf-8"
	}
	req, err := http.NewRequest(http.MethodGet, target, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept", accept)
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return int64(len(body)), fmt.Errorf("%s: reading the body: %w", path, err)
	}
	switch {
	case resp.StatusCode != http.StatusOK:
		return int64(len(body)), fmt.Errorf("%s: %s: %.200s", path, resp.Status, body)
	case resp.Header.Get("Content-Type") != ctype:
		return int64(len(body)), fmt.Errorf("%s: Content-Type %q, want %q", path, resp.Header.Get("Content-Type"), ctype)
	case len(body) == 0 || !strings.Contains(string(body), cfg.expect):
		return int64(len(body)), fmt.Errorf("%s: the answer lacks %q", path, cfg.expect)
	}
	return int64(len(body)), nil
}
