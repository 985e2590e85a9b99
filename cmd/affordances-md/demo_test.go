package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/llms"
)

// curlLine is one curl command the demo printed.
type curlLine struct {
	line    string
	headers http.Header
	url     *url.URL
}

// parseCurl reads "curl [-i] [-N] [-H 'K: V']... URL".
func parseCurl(t *testing.T, line string) curlLine {
	t.Helper()
	w := testutil.ShellWords(line)
	if len(w) < 2 || w[0] != "curl" {
		t.Fatalf("not a curl line: %q", line)
	}
	c := curlLine{line: line, headers: http.Header{}}
	for i := 1; i < len(w); i++ {
		switch {
		case w[i] == "-i" || w[i] == "-N":
		case w[i] == "-H" && i+1 < len(w):
			k, v, _ := strings.Cut(w[i+1], ":")
			c.headers.Add(k, strings.TrimSpace(v))
			i++
		case strings.HasPrefix(w[i], "http://") && c.url == nil:
			u, err := url.Parse(w[i])
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			c.url = u
		default:
			t.Fatalf("%q: unexpected %q", line, w[i])
		}
	}
	if c.url == nil {
		t.Fatalf("%q: no URL", line)
	}
	return c
}

// startDemo runs "affordances-md demo" on a free port until the test ends
// and returns what it printed.
func startDemo(t *testing.T) (base string, printed []string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"demo", "--listen", "127.0.0.1:0"}, stdout, io.Discard)
		stdout.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("demo: %v", err)
		}
	})
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		printed = append(printed, sc.Text())
		if strings.Contains(sc.Text(), "Ctrl-C") {
			break
		}
	}
	go io.Copy(io.Discard, out)
	if len(printed) == 0 {
		t.Fatal("the demo printed nothing")
	}
	m := regexp.MustCompile(`is at (http://127\.0\.0\.1:\d+)/$`).FindStringSubmatch(printed[0])
	if m == nil {
		t.Fatalf("the first line does not say where the demo is: %q", printed[0])
	}
	return m[1], printed
}

type demoReply struct {
	status int
	header http.Header
	body   string
}

func fetchCurl(t *testing.T, c curlLine) demoReply {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.url.String(), nil)
	req.Header = c.headers.Clone()
	client := &http.Client{
		Timeout:       30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, // curl does not follow either
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", c.line, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s: %v", c.line, err)
	}
	return demoReply{resp.StatusCode, resp.Header, string(b)}
}

// TestDemo starts the demo as the command does, then runs every curl line
// it prints and checks each answer: both Markdown forms of every page (the
// same Markdown either way), the llms files and the files describing the
// site.
func TestDemo(t *testing.T) {
	base, printed := startDemo(t)

	// The checkout form's token, to make sure no Markdown carries it.
	resp, err := http.Get(base + "/checkout")
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	csrf := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(html)
	if csrf == nil {
		t.Fatalf("no CSRF token in the checkout page:\n%s", html)
	}
	token := string(csrf[1])

	type check struct {
		status      int
		contains    []string
		notContains []string
		header      map[string]string // "" means absent
	}
	md := func(c check) check {
		if c.status == 0 {
			c.status = http.StatusOK
		}
		if c.header == nil {
			c.header = map[string]string{}
		}
		c.header["Content-Type"] = "text/markdown; charset=utf-8"
		c.header["Vary"] = "Accept, Host, X-Forwarded-Proto" // links on the request's origin
		return c
	}
	checks := map[string]check{
		"/": md(check{
			contains:    []string{"# Acme Store\n", "Heavyweight Tee](" + base + "/products/heavyweight-tee), $48", "(sold out)"},
			notContains: []string{"Subscribe", "Get a line", "[Tee]", "©"}, // the skipped form, the navigation, the footer
			header:      map[string]string{"Cache-Control": "public, max-age=60"},
		}),
		"/products/heavyweight-tee": md(check{
			contains:    []string{"# Heavyweight Tee\n", "Colours: black, bone\n", "In stock: S, M. Sold out: L.\n", "![The Heavyweight Tee in black, laid flat](" + base + "/static/tee.svg)"},
			notContains: []string{"Share", "By email", "Bluesky", "Copy the link"},
		}),
		"/streamed": md(check{
			contains: []string{"# Next streaming fixture\n", "## Section A\n\nA content after 200ms.\n", "### Nested B\n\nB content after 500ms.\n",
				"Loading C (will error)...\n"}, // a boundary that failed on the server keeps its fallback
			notContains: []string{"Loading A...", "Loading nested B...", "__next_f", "Site nav", "Site footer"},
			header:      map[string]string{"Cache-Control": "private, no-store"}, // next start's page is private
		}),
		"/checkout": md(check{
			contains: []string{
				"- Email (email, required)\n",
				"- Shipping: Standard (free) (selected), Express ($12), Pick up at the studio (unavailable)\n",
				"- Country (required): Portugal (selected), Spain, France\n",
				"- Card number (required)\n",
				"Your card was declined.",
			},
			notContains: []string{token, "csrf", "jane@example.com", "1234 1234", "Anything we should know", "Choose a country", "Pay $48"},
		}),
		"/docs/orders-api": md(check{contains: []string{
			"| Method | Path | What it does | Rate limit |\n| --- | --- | --- | ---: |\n",
			"```sh title=\"place-order.sh\"\ncurl -X POST",
			"**What if I go over the rate limit?**\n\nThe answer is `429 Too Many Requests`",
			"**pending**: Received, waiting for payment.\n",
			"```json\n{\"@context\":\"https://schema.org\",\"@type\":\"TechArticle\"",
		}}),
		"/account": md(check{
			contains: []string{"# Your account\n"},
			header:   map[string]string{"Cache-Control": "private, no-store", "Set-Cookie": ""},
		}),
		"/tee": md(check{
			status: http.StatusMovedPermanently,
			header: map[string]string{"Location": "/products/heavyweight-tee.md"},
		}),
		"/llms.txt": {
			status:      http.StatusOK,
			contains:    []string{"# Acme Store\n", "](" + base + "/streamed.md): A page streamed by Next.js 16", "](" + base + "/products/stoneware-mug.md)"},
			notContains: []string{"/account.md", "/tee.md"},
			header:      map[string]string{"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, s-maxage=3600"},
		},
		"/llms-full.txt": {
			status: http.StatusOK,
			contains: []string{"# Next streaming fixture (" + base + "/streamed)\n", "A content after 200ms.", "B content after 500ms.",
				"# Checkout (" + base + "/checkout)\n", "- Email (email, required)\n"},
			notContains: []string{"Loading A...", "Loading nested B...", token, "jane@example.com", "1234 1234", "Your account"},
			header:      map[string]string{"Content-Type": "text/plain; charset=utf-8"},
		},
		llms.IndexPath: {
			status:   http.StatusOK,
			contains: []string{`"v": "0"`, `"route": "/products/[slug]"`},
			header:   map[string]string{"Content-Type": "application/json"},
		},
		"/sitemap.xml": {
			status:   http.StatusOK,
			contains: []string{"<loc>" + base + "/products/stoneware-mug</loc>"},
		},
	}

	// Every curl line, grouped by the page or file it asks for.
	asked := map[string][]curlLine{}
	for _, line := range printed {
		if !strings.HasPrefix(strings.TrimSpace(line), "curl ") {
			continue
		}
		c := parseCurl(t, strings.TrimSpace(line))
		if got := c.url.Scheme + "://" + c.url.Host; got != base {
			t.Errorf("%q: not the demo's address %s", line, base)
		}
		path := c.url.Path
		if c.headers.Get("Accept") == "" {
			if p, ok := strings.CutSuffix(path, ".md"); ok {
				path = strings.TrimSuffix(p, "/index")
				if path == "" {
					path = "/"
				}
			}
		}
		asked[path] = append(asked[path], c)
	}
	for path := range checks {
		if asked[path] == nil {
			t.Errorf("the demo prints no curl line for %s", path)
		}
	}

	for path, lines := range asked {
		c, ok := checks[path]
		if !ok {
			t.Errorf("the demo prints %q, which this test does not check", lines[0].line)
			continue
		}
		var bodies []string
		for _, line := range lines {
			r := fetchCurl(t, line)
			bodies = append(bodies, r.body)
			if r.status != c.status {
				t.Errorf("%s: status %d, want %d\n%s", line.line, r.status, c.status, r.body)
			}
			for k, want := range c.header {
				if got := strings.Join(r.header.Values(k), ", "); got != want {
					t.Errorf("%s: %s %q, want %q", line.line, k, got, want)
				}
			}
			for _, want := range c.contains {
				if !strings.Contains(r.body, want) {
					t.Errorf("%s lacks %q:\n%s", line.line, want, r.body)
				}
			}
			for _, unwanted := range c.notContains {
				if strings.Contains(r.body, unwanted) {
					t.Errorf("%s has %q:\n%s", line.line, unwanted, r.body)
				}
			}
			if r.header.Get("Content-Type") == "text/markdown; charset=utf-8" && r.header.Get("X-Affordances-Tokens") == "" {
				t.Errorf("%s: no X-Affordances-Tokens", line.line)
			}
			switch path {
			case "/llms.txt":
				if _, problems := llms.Parse([]byte(r.body)); len(problems) > 0 {
					t.Errorf("%s: llms.Parse reports %v", line.line, problems)
				}
			case llms.IndexPath:
				var index struct {
					Routes []struct{ Route, Description string }
				}
				if err := json.Unmarshal([]byte(r.body), &index); err != nil || len(index.Routes) == 0 {
					t.Errorf("%s: %v, %d routes", line.line, err, len(index.Routes))
				}
			case "/sitemap.xml":
				var set struct {
					URL []struct{ Loc string } `xml:"url"`
				}
				if err := xml.Unmarshal([]byte(r.body), &set); err != nil || len(set.URL) == 0 {
					t.Errorf("%s: %v, %d URLs", line.line, err, len(set.URL))
				}
			}
		}
		if checks[path].header["Content-Type"] == "text/markdown; charset=utf-8" {
			if len(lines) != 2 {
				t.Errorf("%s: %d curl lines, want both Markdown forms", path, len(lines))
			}
			for _, b := range bodies[1:] {
				if b != bodies[0] {
					t.Errorf("%s: the two Markdown forms differ:\n%s\n---\n%s", path, bodies[0], b)
				}
			}
		}
	}
}

// TestDemoStreamsHTML: the streamed page, asked for as HTML, sends its
// shell, fallbacks and all, before the content: the first bytes hold the
// fallback and not the content (the demo replays the capture's 140 ms
// pause between the two).
func TestDemoStreamsHTML(t *testing.T) {
	base, _ := startDemo(t)
	resp, err := http.Get(base + "/streamed")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.ContentLength != -1 {
		t.Errorf("Content-Length %d: the page is not streamed", resp.ContentLength)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	fallback, content := bytes.Index(body, []byte("<p>Loading A...</p>")), bytes.Index(body, []byte("<p>A content after 200ms.</p>"))
	if fallback < 0 || content < fallback {
		t.Errorf("fallback at %d, content at %d: want the fallback first", fallback, content)
	}
}

// TestDemoArguments: the flags the demo takes.
func TestDemoArguments(t *testing.T) {
	for _, tt := range []struct {
		args []string
		err  error
	}{
		{[]string{"extra"}, errUsage},
		{[]string{"--port", "1"}, errUsage},
		{[]string{"-h"}, errHelp},
	} {
		if err := run(context.Background(), append([]string{"demo"}, tt.args...), io.Discard, io.Discard); err != tt.err {
			t.Errorf("demo %q: %v, want %v", tt.args, err, tt.err)
		}
	}
	if err := run(context.Background(), []string{"demo", "--listen", "256.0.0.1:-1"}, io.Discard, io.Discard); err == nil {
		t.Error("an address that cannot be listened on: no error")
	}
}

// TestREADMETry: the curl lines on the README's first screen are among
// those the demo prints, so TestDemo runs them.
func TestREADMETry(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "<!-- example: try -->\n```sh\n")
	block, _, closed := strings.Cut(block, "```\n")
	if !ok || !closed {
		t.Fatal("README.md has no sh block after <!-- example: try -->")
	}
	var printed bytes.Buffer
	printTour(&printed, "http://127.0.0.1:8080")
	lines := strings.Split(printed.String(), "\n")
	n := 0
	for line := range strings.SplitSeq(strings.TrimSpace(block), "\n") {
		cmd, _, _ := strings.Cut(line, "#")
		cmd = strings.TrimSpace(cmd)
		if cmd == "" {
			continue
		}
		n++
		if !slices.Contains(lines, "  "+cmd) {
			t.Errorf("the README's %q is not a line the demo prints", cmd)
		}
	}
	if n == 0 {
		t.Error("the README's try block has no command")
	}
}
