package main

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/affordances/affordances-md/server"
)

// TestRun is the load test's short form, for CI: the generator against the
// proxy in front of the origin, in this process, for a second. Every
// answer must be the page's whole Markdown.
func TestRun(t *testing.T) {
	origin := httptest.NewServer(origin(docsPage()))
	defer origin.Close()
	h, err := server.NewProxy(origin.URL, server.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(h)
	defer front.Close()
	for _, mode := range []string{modeMD, modeAccept, modeHTML} {
		expect := docsExpect
		if mode == modeHTML {
			expect = docsExpectHTML
		}
		cfg := config{base: front.URL, clients: 8, duration: time.Second, pages: 100, expect: expect, mode: mode}
		if err := cfg.check(); err != nil {
			t.Fatal(err)
		}
		rep, err := run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.errors != 0 || rep.requests < cfg.clients || len(rep.latencies) != rep.requests {
			t.Fatalf("%s: %s", mode, rep)
		}
		if rep.percentile(0.5) > rep.percentile(0.99) || rep.percentile(0.99) > rep.percentile(1) || rep.percentile(0.5) <= 0 {
			t.Errorf("percentiles out of order: %s", rep)
		}
		if s := rep.String(); !strings.Contains(s, "clients 8") || !strings.Contains(s, " 0 errors") || !strings.Contains(s, "p99") {
			t.Errorf("report:\n%s", s)
		}
	}
}

// TestRunCountsErrors: answers that are not the page's Markdown are errors.
func TestRunCountsErrors(t *testing.T) {
	var n atomic.Int64
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) % 4 {
		case 0:
			http.Error(w, "down", http.StatusBadGateway)
		case 1:
			w.Header().Set("Content-Type", "text/html")
		case 2:
			w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
			w.Write([]byte("# Something else"))
		case 3:
			w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
			w.Write([]byte(docsExpect))
		}
	}))
	defer front.Close()
	rep, err := run(context.Background(), config{base: front.URL, clients: 2, duration: 200 * time.Millisecond, pages: 1, expect: docsExpect, mode: modeMD})
	if err != nil {
		t.Fatal(err)
	}
	if rep.requests < 4 || rep.errors < rep.requests/2 || rep.errors == rep.requests || len(rep.firstErrs) == 0 {
		t.Errorf("%d requests, %d errors: %s", rep.requests, rep.errors, rep)
	}
}

func TestConfigCheck(t *testing.T) {
	ok := config{base: "http://127.0.0.1:8080", clients: 64, duration: 30 * time.Second, pages: 1, mode: modeMD}
	if err := ok.check(); err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{"http://localhost:1", "http://[::1]:1", "http://127.0.0.2:1"} {
		c := ok
		c.base = base
		if err := c.check(); err != nil {
			t.Errorf("%s: %v", base, err)
		}
	}
	for name, change := range map[string]func(*config){
		"a private address": func(c *config) { c.base = "http://10.0.0.1:8080" },
		"a public host":     func(c *config) { c.base = "http://example.com" },
		"a name":            func(c *config) { c.base = "http://localhost.example.com" },
		"https":             func(c *config) { c.base = "https://127.0.0.1" },
		"no clients":        func(c *config) { c.clients = 0 },
		"too many clients":  func(c *config) { c.clients = 5000 },
		"no time":           func(c *config) { c.duration = 0 },
		"too long":          func(c *config) { c.duration = time.Hour },
		"no pages":          func(c *config) { c.pages = 0 },
	} {
		c := ok
		change(&c)
		if err := c.check(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := listenLoopback("0.0.0.0:0"); err == nil {
		t.Error("listened on every interface")
	}
}

func TestParseStatus(t *testing.T) {
	status := "Name:\taffordances-md\nVmPeak:\t 1300000 kB\nVmHWM:\t   51200 kB\nVmRSS:\t   40960 kB\nThreads:\t9\n"
	m, err := parseStatus(strings.NewReader(status))
	if err != nil || m.peak != 50<<20 || m.now != 40<<20 {
		t.Errorf("got %+v, %v", m, err)
	}
	if _, err := parseStatus(strings.NewReader("Name:\tx\n")); err == nil {
		t.Error("no VmHWM: no error")
	}
}

func TestPercentile(t *testing.T) {
	r := &report{}
	for i := 1; i <= 100; i++ {
		r.latencies = append(r.latencies, time.Duration(i)*time.Millisecond)
	}
	for p, want := range map[float64]time.Duration{0.5: 50 * time.Millisecond, 0.99: 99 * time.Millisecond, 1: 100 * time.Millisecond, 0: time.Millisecond} {
		if got := r.percentile(p); got != want {
			t.Errorf("p%v = %v, want %v", p*100, got, want)
		}
	}
}
