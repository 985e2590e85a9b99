// Package nextjs_test runs the README's example of affordances-md serve in
// front of a Next.js app. The app is played by a stand-in that serves a
// page the way next start does (App Router markup, React Server Components
// payload scripts, static chunks); everything affordances-md does in the
// example runs for real: the command is built, started with the script's
// flags, asked for the script's URLs, and stopped with SIGTERM.
package nextjs_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
)

// nextPage is a blog post as a Next.js App Router app sends it.
const nextPage = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><link rel="stylesheet" href="/_next/static/css/app.css" data-precedence="next"/><script src="/_next/static/chunks/webpack.js" async=""></script><title>Hello, agents · Blog</title><meta name="description" content="Why every page here has a Markdown twin."/><link rel="canonical" href="https://blog.example/blog/hello"/><link rel="alternate" type="text/markdown" href="/blog/hello.md"/></head><body><header><nav><a href="/">Blog</a><a href="/about">About</a></nav></header><main><article><h1>Hello, agents</h1><p>Every page of this blog has a <a href="/blog/markdown">Markdown twin</a>.</p><h2>Why</h2><ul><li>Fewer tokens</li><li>No scripts to run</li></ul></article></main><footer>© Blog</footer><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"1:I[\"app/page\",[],\"\"]\n0:{\"P\":null}\n"])</script></body></html>`

func standIn() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /blog/hello", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "s-maxage=31536000")
		w.Header().Set("Vary", "RSC, Next-Router-State-Tree, Next-Router-Prefetch")
		io.WriteString(w, nextPage)
	})
	mux.HandleFunc("GET /_next/static/chunks/webpack.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/javascript")
		io.WriteString(w, "self.webpackChunk=[];")
	})
	return mux
}

func TestServeScript(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build affordances-md with")
	}
	script, err := os.ReadFile("serve.sh")
	if err != nil {
		t.Fatal(err)
	}
	app := httptest.NewServer(standIn())
	defer app.Close()

	bin := filepath.Join(t.TempDir(), "affordances-md")
	if out, err := exec.Command(gobin, "build", "-o", bin, "../../cmd/affordances-md").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	var serve *exec.Cmd
	var base string
	var curls [][]string
	for line := range strings.SplitSeq(string(script), "\n") {
		line = strings.TrimSuffix(strings.TrimSpace(line), " &")
		w := testutil.ShellWords(line)
		switch {
		case len(w) > 1 && w[0] == "affordances-md" && w[1] == "serve":
			if serve != nil {
				t.Fatal("the script starts affordances-md twice")
			}
			args := w[1:]
			for i, a := range args {
				switch a {
				case "http://127.0.0.1:3000":
					args[i] = app.URL // the stand-in app's address
				case ":8080":
					args[i] = "127.0.0.1:0" // a free port
				}
			}
			serve = exec.Command(bin, args...)
			stderr, err := serve.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := serve.Start(); err != nil {
				t.Fatal(err)
			}
			defer serve.Process.Kill()
			base = "http://" + testutil.WaitForLine(t, stderr, listening)
		case len(w) > 0 && w[0] == "curl":
			curls = append(curls, w[1:])
		}
	}
	if serve == nil || len(curls) != 2 {
		t.Fatalf("the script should start affordances-md serve and curl two URLs; it has %d curls", len(curls))
	}

	var bodies []string
	for _, args := range curls {
		req, _ := http.NewRequest("GET", "", nil)
		for i := 0; i < len(args); i++ {
			if args[i] == "-H" && i+1 < len(args) {
				k, v, _ := strings.Cut(args[i+1], ":")
				req.Header.Set(k, strings.TrimSpace(v))
				i++
				continue
			}
			req.URL, _ = req.URL.Parse(strings.Replace(args[i], "http://localhost:8080", base, 1))
		}
		req.Host = req.URL.Host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/markdown; charset=utf-8" {
			t.Fatalf("curl %q: %s %q", args, resp.Status, resp.Header.Get("Content-Type"))
		}
		if got := resp.Header.Get("Cache-Control"); got != "s-maxage=31536000" {
			t.Errorf("curl %q: Cache-Control %q, want the page's", args, got)
		}
		bodies = append(bodies, string(b))
	}
	want := "# Hello, agents\n\nEvery page of this blog has a [Markdown twin](" + base + "/blog/markdown).\n\n## Why\n\n- Fewer tokens\n- No scripts to run\n"
	if !strings.Contains(bodies[0], want) || !strings.Contains(bodies[0], `url: "https://blog.example/blog/hello"`) {
		t.Errorf("the post's Markdown:\n%s\nwant it to contain\n%s", bodies[0], want)
	}
	if strings.Contains(bodies[0], "__next_f") || strings.Contains(bodies[0], "About") {
		t.Errorf("scripts or navigation in the Markdown:\n%s", bodies[0])
	}
	if bodies[1] != bodies[0] {
		t.Errorf("Accept: text/markdown gives\n%s\nnot the .md's\n%s", bodies[1], bodies[0])
	}

	// The HTML page and the app's files pass through.
	resp, err := http.Get(base + "/blog/hello")
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(html) != nextPage || resp.Header.Get("Link") != `</blog/hello.md>; rel="alternate"; type="text/markdown"` {
		t.Errorf("the HTML page: Link %q, body changed: %v", resp.Header.Get("Link"), string(html) != nextPage)
	}
	if resp, err := http.Get(base + "/_next/static/chunks/webpack.js"); err != nil || resp.StatusCode != 200 || resp.Header.Get("Link") != "" {
		t.Errorf("a static chunk: %v %v", resp, err)
	}

	// SIGTERM stops it cleanly.
	serve.Process.Signal(syscall.SIGTERM)
	exited := make(chan error, 1)
	go func() { exited <- serve.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("affordances-md serve exited with %v on SIGTERM", err)
		}
	case <-time.After(30 * time.Second):
		t.Error("affordances-md serve did not stop on SIGTERM")
	}
}

var listening = regexp.MustCompile(`msg=serving listen=(\S+)`)

// TestREADMEShowsTheScript: the README's Next.js example is serve.sh,
// verbatim.
func TestREADMEShowsTheScript(t *testing.T) {
	testutil.READMEShows(t, "sh", "serve.sh")
}
