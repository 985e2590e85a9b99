package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testOrigin serves a small site with an Affordances index.
func testOrigin(t *testing.T, broken bool) *httptest.Server {
	pages := map[string]string{
		"/.well-known/affordances.json": `{"v":"0","name":"Acme Store","routes":[
			{"route":"/","description":"Every product"},{"route":"/cart","description":"The cart"},
			{"route":"/products/[slug]"},{"route":"/gone"}]}`,
		"/":     `<title>Acme Store</title><main><h1>Acme Store</h1><p>Tees and mugs.</p></main><footer>Acme footer</footer>`,
		"/cart": `<title>Cart</title><main><h1>Your cart</h1><p>Empty.</p></main>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.Path]
		if !ok || (broken && r.URL.Path != "/.well-known/affordances.json") {
			http.NotFound(w, r)
			return
		}
		if r.Header.Get("Cookie") != "" {
			t.Errorf("a cookie reached the origin")
		}
		if strings.HasSuffix(r.URL.Path, ".json") {
			w.Header().Set("Content-Type", "application/json")
		} else {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestLLMsCommand(t *testing.T) {
	srv := testOrigin(t, false)
	dir := filepath.Join(t.TempDir(), "out")

	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"llms", "--origin", srv.URL, "--url", "https://acme.store", "--out", dir, "--summary", "Studio goods."}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	for _, f := range []string{"llms.txt", "llms-full.txt", "index.md", "cart.md"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	txt, _ := os.ReadFile(filepath.Join(dir, "llms.txt"))
	for _, want := range []string{"# Acme Store\n", "> Studio goods.\n", "- [Cart](https://acme.store/cart.md): The cart\n", "Affordances-enabled"} {
		if !strings.Contains(string(txt), want) {
			t.Errorf("llms.txt lacks %q:\n%s", want, txt)
		}
	}
	// Progress as plain lines (stderr is not a terminal), then the summary.
	for _, want := range []string{"llms: 1/3 /\n", "llms: 3/3 /gone (left out)\n", "llms: 2 pages written to " + dir, "1 page left out:\n  /gone: page did not answer 2xx: 404 Not Found"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}

	// Without --out: llms.txt on stdout.
	stdout.Reset()
	stderr.Reset()
	if err := run(context.Background(), []string{"llms", "--origin", srv.URL, "--name", "Acme"}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "# Acme\n") || !strings.Contains(stdout.String(), "("+srv.URL+"/index.md)") {
		t.Errorf("stdout:\n%s", stdout.String())
	}

	// The validator accepts it.
	path := filepath.Join(t.TempDir(), "llms.txt")
	os.WriteFile(path, stdout.Bytes(), 0o644)
	stdout.Reset()
	if err := run(context.Background(), []string{"check", path}, &stdout, &stderr); err != nil {
		t.Errorf("check refuses what llms wrote: %v\n%s", err, stdout.String())
	}
}

// TestLLMsExtract: --extract chooses each page's content as it does for
// convert: none keeps the footer auto leaves out, an unknown mode is an
// error that names it.
func TestLLMsExtract(t *testing.T) {
	srv := testOrigin(t, false)
	full := func(mode string) string {
		t.Helper()
		dir := t.TempDir()
		var stderr bytes.Buffer
		if err := run(context.Background(), []string{"llms", "--origin", srv.URL, "--out", dir, "--extract", mode}, io.Discard, &stderr); err != nil {
			t.Fatalf("--extract %s: %v\n%s", mode, err, stderr.String())
		}
		b, err := os.ReadFile(filepath.Join(dir, "llms-full.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if auto, none := full("auto"), full("none"); strings.Contains(auto, "Acme footer") || !strings.Contains(none, "Acme footer") {
		t.Errorf("auto keeps the footer or none drops it:\nauto:\n%s\nnone:\n%s", auto, none)
	}
	err := run(context.Background(), []string{"llms", "--origin", srv.URL, "--extract", "some"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `unknown extract mode "some"`) {
		t.Errorf("--extract some: %v", err)
	}
}

func TestLLMsCommandFails(t *testing.T) {
	var stdout, stderr bytes.Buffer
	srv := testOrigin(t, true)
	err := run(context.Background(), []string{"llms", "--origin", srv.URL}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "no page could be rendered") {
		t.Errorf("every page failing: err = %v", err)
	}
	if err := run(context.Background(), []string{"llms"}, &stdout, &stderr); err != errUsage {
		t.Errorf("no --origin: err = %v, want a usage error", err)
	}
	empty := httptest.NewServer(http.NotFoundHandler())
	defer empty.Close()
	if err := run(context.Background(), []string{"llms", "--origin", empty.URL}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "no Affordances index and no sitemap") {
		t.Errorf("a site with nothing to list: err = %v", err)
	}
}

func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("# Acme\n\n> Goods.\n\nInfo.\n\n## Pages\n\n- [Home](https://acme.store/index.md): Home\n"), 0o644)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("# Acme\n\n> Goods.\n\nInfo.\n\n## Pages\n\n- [Home](https://acme.store/index.md) home\n### More\n"), 0o644)

	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"check", good}, &stdout, &stderr); err != nil {
		t.Errorf("good file: %v", err)
	}
	if want := good + `: ok: "Acme", 1 section, 1 link` + "\n"; stdout.String() != want {
		t.Errorf("stdout %q, want %q", stdout.String(), want)
	}

	stdout.Reset()
	err := run(context.Background(), []string{"check", bad}, &stdout, &stderr)
	if err == nil || err.Error() != bad+": 2 problems" {
		t.Errorf("bad file: err = %v", err)
	}
	want := bad + ":9: text after the link must follow a colon, `: notes`: the reference parser drops \"home\"\n" +
		bad + ":10: a level-3 heading: the reference parser starts a section at every line beginning with `##`\n"
	if stdout.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want)
	}

	// A URL.
	var accept string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		accept = r.Header.Get("Accept")
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "#Acme\n\nInfo\n")
	}))
	defer srv.Close()
	stdout.Reset()
	if err := run(context.Background(), []string{"check", srv.URL + "/llms.txt"}, &stdout, &stderr); err == nil || !strings.Contains(stdout.String(), srv.URL+"/llms.txt:1: CommonMark does not read `#Acme`") {
		t.Errorf("URL: err %v, stdout %q", err, stdout.String())
	}
	if !strings.HasPrefix(accept, "text/plain") {
		t.Errorf("check asked for %q: a site that negotiates would answer HTML", accept)
	}

	if err := run(context.Background(), []string{"check"}, &stdout, &stderr); err != errUsage {
		t.Errorf("no argument: err = %v", err)
	}
	stderr.Reset()
	if err := run(context.Background(), []string{"check", "-h"}, &stdout, &stderr); err != errHelp || stderr.String() != "Usage: affordances-md check FILE|URL|-\n" {
		t.Errorf("check -h: err = %v, stderr %q: want the usage line alone, check has no flags", err, stderr.String())
	}
	if err := run(context.Background(), []string{"check", filepath.Join(dir, "missing.txt")}, &stdout, &stderr); err == nil {
		t.Error("a missing file: no error")
	}
}
