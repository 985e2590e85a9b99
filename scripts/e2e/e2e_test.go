// Package e2e tests affordances-md against real software it meets in use:
// a Next.js app served by next start, with affordances-md serve in front of
// it, and headless Chromium showing pages to a person.
//
// The tests need programs that go test does not provide, so each skips
// unless the environment names them; scripts/nextjs.sh installs them,
// builds and starts the app, and runs these tests:
//
//	AFFORDANCES_E2E_NEXT          the origin of a running next start of
//	                              scripts/nextapp, http://127.0.0.1:PORT
//	AFFORDANCES_E2E_CHROMEDRIVER  a chromedriver, for the browser tests
//	AFFORDANCES_E2E_CHROMIUM      the Chromium it drives
//	AFFORDANCES_E2E_SHOTS         a directory to save the browser tests'
//	                              screenshots in (optional)
package e2e

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
)

const (
	envNext         = "AFFORDANCES_E2E_NEXT"
	envChromedriver = "AFFORDANCES_E2E_CHROMEDRIVER"
	envChromium     = "AFFORDANCES_E2E_CHROMIUM"
	envShots        = "AFFORDANCES_E2E_SHOTS"
)

// need returns the value of the environment variable name, or skips the
// test when it is unset.
func need(t *testing.T, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Skipf("%s is not set: scripts/nextjs.sh sets it up and runs this test", name)
	}
	return v
}

// buildCLI builds cmd/affordances-md into the test's temporary directory.
func buildCLI(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build affordances-md with")
	}
	bin := filepath.Join(t.TempDir(), "affordances-md")
	cmd := exec.Command(gobin, "build", "-o", bin, "./cmd/affordances-md")
	cmd.Dir = testutil.RepoRoot(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startServe runs affordances-md serve with args on a free loopback port
// and returns its base URL. The process is stopped with SIGTERM when the
// test ends, and the test fails if it does not exit cleanly.
func startServe(t *testing.T, bin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--listen", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	base := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				base <- "http://" + m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("affordances-md serve exited with %v on SIGTERM", err)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Error("affordances-md serve did not stop on SIGTERM")
		}
	})
	select {
	case b := <-base:
		return b
	case err := <-exited:
		t.Fatalf("affordances-md serve exited before listening: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("affordances-md serve did not start listening")
	}
	return ""
}

var listening = regexp.MustCompile(`msg=serving listen=(\S+)`)

// freePort returns a loopback port nobody listened on a moment ago, for a
// program that cannot be told to pick its own and say which.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// fetched is one response, its body read whole, with when its first and
// last bytes arrived after the request was sent.
type fetched struct {
	status      int
	header      http.Header
	body        []byte
	first, last time.Duration
}

// fetch GETs url with header (and no transparent decompression, so the
// body is the bytes that were sent).
func fetch(t *testing.T, url string, header http.Header) fetched {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	client := &http.Client{
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer client.CloseIdleConnections()
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	f := fetched{status: resp.StatusCode, header: resp.Header}
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			if f.body == nil {
				f.first = time.Since(start)
			}
			f.body = append(f.body, buf[:n]...)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("GET %s: body: %v", url, err)
		}
	}
	f.last = time.Since(start)
	return f
}
