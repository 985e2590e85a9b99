package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/server"
)

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{
		"6MB": 6 << 20, "6 mb": 6 << 20, "6MiB": 6 << 20, "6M": 6 << 20, "512KB": 512 << 10,
		"1GB": 1 << 30, "1048576": 1 << 20, "100B": 100,
	} {
		var b byteSize
		if err := b.Set(in); err != nil || int64(b) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, b, err, want)
		}
	}
	for _, bad := range []string{"", "MB", "-1MB", "0", "1.5MB", "6 TB", "99999999999GB"} {
		var b byteSize
		if err := b.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted it: %d", bad, b)
		}
	}
	for n, want := range map[int64]string{6 << 20: "6MB", 512 << 10: "512KB", 1000: "1000", 1 << 30: "1GB"} {
		b := byteSize(n)
		if got := b.String(); got != want {
			t.Errorf("String(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestServeArguments(t *testing.T) {
	t.Setenv(server.OriginEnv, "")
	tests := []struct {
		args []string
		err  error // nil: any error but a usage one
	}{
		{[]string{"--no-such-flag"}, errUsage},
		{[]string{"--origin", "http://127.0.0.1:1", "extra"}, errUsage},
		{[]string{"--origin", "http://127.0.0.1:1", "--max-bytes", "lots"}, errUsage},
		{[]string{"--origin", "http://127.0.0.1:1", "--timeout", "soon"}, errUsage},
		{[]string{"-h"}, errHelp},
		{[]string{}, nil},                             // no origin, no allowed hosts
		{[]string{"--origin", "127.0.0.1:3000"}, nil}, // not a URL
		{[]string{"--origin", "http://x", "--extract", "some"}, nil},
		{[]string{"--origin", "http://x", "--listen", "256.0.0.1:-1"}, nil},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		err := runServe(context.Background(), tt.args, io.Discard, &stderr)
		switch {
		case err == nil:
			t.Errorf("serve %q: no error", tt.args)
		case tt.err != nil && !errors.Is(err, tt.err):
			t.Errorf("serve %q: %v, want %v", tt.args, err, tt.err)
		case tt.err == nil && (errors.Is(err, errUsage) || errors.Is(err, errHelp)):
			t.Errorf("serve %q: a usage error, want a reason: %v", tt.args, err)
		}
	}
}

var listenRe = regexp.MustCompile(`msg=serving listen=(\S+)`)

// startServe runs serve with args in-process and returns its address, its
// log, and a channel with its result.
func startServe(t *testing.T, ctx context.Context, args ...string) (string, *testutil.SyncBuffer, <-chan error) {
	t.Helper()
	logs := &testutil.SyncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "--listen", "127.0.0.1:0"}, args...), io.Discard, logs)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := listenRe.FindStringSubmatch(logs.String()); m != nil {
			return "http://" + m[1], logs, done
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, logs.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start:\n%s", logs.String())
	return "", nil, nil
}

func TestServe(t *testing.T) {
	release, arrived := make(chan struct{}), make(chan struct{})
	var once sync.Once
	site := http.NewServeMux()
	site.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<title>Page</title><main><h1>Page</h1><p>Served.</p></main>")
	})
	site.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(arrived) })
		<-release
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<main><h1>Slow page</h1></main>")
	})
	origin := httptest.NewServer(site)
	defer origin.Close()

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	base, logs, done := startServe(t, ctx, "--origin", origin.URL, "--append", "## Actions", "--base-path", "/api/md", "--max-bytes", "1MB", "--timeout", "5s")

	resp, err := http.Get(base + "/page.md")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "# Page\n\nServed.") || !strings.HasSuffix(string(body), "## Actions\n") {
		t.Fatalf("/page.md: %s %q", resp.Status, body)
	}
	if resp, err := http.Get(base + "/api/md/page"); err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/markdown; charset=utf-8" {
		t.Fatalf("--base-path: %v %v", resp, err)
	}
	resp, err = http.Get(base + "/page")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Link") != `</page.md>; rel="alternate"; type="text/markdown"` {
		t.Errorf("the HTML page passed on has Link %q", resp.Header.Get("Link"))
	}
	if !strings.Contains(logs.String(), "msg=markdown method=GET path=/page.md status=200") {
		t.Errorf("no log line for the Markdown request:\n%s", logs.String())
	}

	// A request in flight when serve is told to stop still gets its answer.
	slow := make(chan string, 1)
	go func() {
		resp, err := http.Get(base + "/slow.md")
		if err != nil {
			slow <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		slow <- resp.Status + " " + string(b)
	}()
	<-arrived
	stop()
	// Shutdown closes the listener at once, then waits for the request.
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(logs.String(), "shutting down") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	close(release)
	if got := <-slow; !strings.HasPrefix(got, "200 OK") || !strings.Contains(got, "# Slow page") {
		t.Errorf("the request in flight got %q", got)
	}
	if err := <-done; err != nil {
		t.Errorf("serve returned %v after its context was cancelled", err)
	}
	if _, err := http.Get(base + "/page.md"); err == nil {
		t.Error("serve still answers after stopping")
	}
}

func TestServeRefusesABadURL(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // were it to start, it would stop at once
	for _, u := range []string{"ftp://acme.store", "acme.store", "https://", "https://acme.store/shop"} {
		err := runServe(ctx, []string{"--origin", "http://127.0.0.1:1", "--listen", "127.0.0.1:0", "--url", u}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "--url") {
			t.Errorf("--url %s: %v, want an error about it", u, err)
		}
	}
}
