package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const samplePage = "../../testdata/pages/product.html"

func runCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestConvertFile(t *testing.T) {
	out, _, err := runCLI(t, "convert", "--url", "https://acme.example/products/heavyweight-tee", samplePage)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"title: \"Heavyweight Tee · Acme Store\"",
		"# Heavyweight Tee",
		"| M | 110 | 71 |",
		"Colours: black, bone, olive",
		"![](https://acme.example/img/tee-black.jpg)",
		"```json",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, unwanted := range []string{"Share", "Cart (2)", "window.analytics", "© Acme Store"} {
		if strings.Contains(out, unwanted) {
			t.Errorf("output has %q, which is not content", unwanted)
		}
	}
}

func TestConvertFlags(t *testing.T) {
	out, _, err := runCLI(t, "convert", "--no-frontmatter", "--no-json-ld", "--extract", "none", samplePage)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(out, "---") || strings.Contains(out, "```json") {
		t.Errorf("frontmatter or JSON-LD left in: %.200q", out)
	}
	if !strings.Contains(out, "© Acme Store") {
		t.Error("--extract none dropped the footer")
	}
}

// TestConvertExtractScore: --extract score drops the boilerplate a page
// keeps inside its <main>, which auto takes as it is.
func TestConvertExtractScore(t *testing.T) {
	const page = "../../testdata/extract/dev-2740/source.html" // an article whose <main> holds a newsletter box
	const article, newsletter = "solves a problem I didn't know I had", "Get AppAddict via Newsletter"
	auto, _, err := runCLI(t, "convert", page)
	if err != nil {
		t.Fatal(err)
	}
	score, _, err := runCLI(t, "convert", "--extract", "score", page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(auto, article) || !strings.Contains(auto, newsletter) {
		t.Errorf("auto: want the article and, inside <main>, the newsletter box:\n%s", auto)
	}
	if !strings.Contains(score, article) || strings.Contains(score, newsletter) {
		t.Errorf("score: want the article without the newsletter box:\n%s", score)
	}
}

func TestConvertJSON(t *testing.T) {
	out, _, err := runCLI(t, "convert", "--json", "--url", "https://acme.example/p", samplePage)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Markdown, Title, URL string
		Tokens               int
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Title != "Heavyweight Tee · Acme Store" || res.URL != "https://acme.example/products/heavyweight-tee" ||
		res.Tokens != (len([]rune(res.Markdown))+3)/4 || !strings.Contains(res.Markdown, "# Heavyweight Tee") {
		t.Errorf("unexpected result: %+v", res)
	}
}

func TestConvertStdin(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = saved }()
	go func() {
		w.WriteString("<h1>From stdin</h1><p>text</p>")
		w.Close()
	}()
	out, _, err := runCLI(t, "convert", "-")
	if err != nil {
		t.Fatal(err)
	}
	if out != "# From stdin\n\ntext\n" {
		t.Errorf("got %q", out)
	}
}

func TestConvertURL(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html; charset=iso-8859-1")
			w.Write([]byte("<title>Caf\xe9</title><main><p><a href=\"/other\">link</a></p></main>"))
		case "/big":
			w.Write(bytes.Repeat([]byte("<p>x</p>"), fetchMaxBytes/8+10))
		case "/data.json":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"a": "<b>x</b>"}`))
		case "/notes.md":
			w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
			w.Write([]byte("# Notes\n\nSome *text*.\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer site.Close()

	out, _, err := runCLI(t, "convert", site.URL+"/page")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "# Café") || !strings.Contains(out, "[link]("+site.URL+"/other)") {
		t.Errorf("charset or base URL not taken from the fetch: %q", out)
	}
	for path, want := range map[string]string{
		"/missing":   "404",
		"/big":       "larger than 6 MB",
		"/data.json": "application/json is not HTML",
		"/notes.md":  "text/markdown is not HTML",
	} {
		_, _, err := runCLI(t, "convert", site.URL+path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want one mentioning %q", path, err, want)
		}
	}
}

func TestConvertFailures(t *testing.T) {
	png := filepath.Join(t.TempDir(), "image.png")
	os.WriteFile(png, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"convert", "no-such-file.html"}, "read no-such-file.html: no such file or directory"},
		{[]string{"convert", "ftp://example.com/page"}, "ftp://example.com/page: no such file, and only http:// and https:// URLs are fetched"},
		{[]string{"check", "file:///no/such/llms.txt"}, "file:///no/such/llms.txt: no such file, and only http:// and https:// URLs are fetched"},
		{[]string{"convert", png}, "input is not HTML"},
		{[]string{"convert", "--extract", "some", samplePage}, `unknown extract mode "some"`},
	}
	for _, c := range cases {
		_, _, err := runCLI(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: err = %v, want one line with %q", c.args, err, c.want)
		}
	}
	if _, _, err := runCLI(t, "convert", "--bogus"); !errors.Is(err, errUsage) {
		t.Errorf("unknown flag: err = %v, want the usage error", err)
	}
	if _, _, err := runCLI(t, "convert", "-h"); !errors.Is(err, errHelp) {
		t.Errorf("-h: err = %v, want errHelp", err)
	}
}

// TestUnknownCommand checks a command name that does not exist is a
// mistake in the arguments (status 2), said in one line after the usage.
func TestUnknownCommand(t *testing.T) {
	_, stderr, err := runCLI(t, "conver", "page.html")
	if !errors.Is(err, errUsage) {
		t.Errorf("err = %v, want the usage error (status 2)", err)
	}
	if !strings.HasSuffix(stderr, "affordances-md: unknown command \"conver\"\n") || !strings.Contains(stderr, "Commands:") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestUsageErrorsSayWhy: a missing, extra or refused argument is a
// mistake in the arguments (status 2), and the line after the usage says
// which, not the usage alone.
func TestUsageErrorsSayWhy(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"convert", "a.html", "b.html"}, "affordances-md convert: one page at a time, got 2 arguments"},
		{[]string{"serve", "http://127.0.0.1:3000"}, `affordances-md serve: unexpected argument "http://127.0.0.1:3000": serve takes flags only, the site as --origin URL`},
		{[]string{"llms"}, "affordances-md llms: --origin is required"},
		{[]string{"llms", "http://127.0.0.1:3000"}, `affordances-md llms: unexpected argument "http://127.0.0.1:3000"`},
		{[]string{"llms", "--origin", "http://127.0.0.1:3000", "--concurrency", "0"}, "affordances-md llms: --concurrency 0: want 1 or more"},
		{[]string{"check"}, "affordances-md check: which llms.txt? Give a FILE, a URL, or - for standard input"},
		{[]string{"check", "a.txt", "b.txt"}, "affordances-md check: one llms.txt at a time, got 2 arguments"},
		{[]string{"demo", "9000"}, `affordances-md demo: unexpected argument "9000": the address is given as --listen ADDR`},
	} {
		_, stderr, err := runCLI(t, tt.args...)
		if err != errUsage {
			t.Errorf("%q: err = %v, want the usage error (status 2)", tt.args, err)
		}
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if last := lines[len(lines)-1]; !strings.Contains(stderr, "Usage: affordances-md "+tt.args[0]) || !strings.HasPrefix(last, tt.want) {
			t.Errorf("%q: the last line of stderr is %q, want the usage, then %q", tt.args, last, tt.want)
		}
	}
}

func TestFetchErrorTimeout(t *testing.T) {
	err := fetchError("https://slow.example/", fmt.Errorf("read: %w", context.DeadlineExceeded))
	if want := "fetch https://slow.example/: no complete answer within 10s"; err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
	if err := fetchError("https://x.example/", io.ErrUnexpectedEOF); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("other errors are wrapped: %v", err)
	}
}
