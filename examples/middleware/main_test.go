package main

import (
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
)

// TestExample builds the example, runs it, and asks it for its pages.
func TestExample(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the example with")
	}
	bin := filepath.Join(t.TempDir(), "middleware")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-listen", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	base := testutil.WaitForLine(t, stderr, listening)

	get := func(path string, header ...string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", base+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}

	resp, tee := get("/products/tee.md")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/markdown; charset=utf-8" {
		t.Fatalf("/products/tee.md: %s %q", resp.Status, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{`title: "Heavyweight Tee · Acme"`, "# Heavyweight Tee\n\nA 300 gsm cotton tee, cut boxy. $48.\n"} {
		if !strings.Contains(tee, want) {
			t.Errorf("/products/tee.md lacks %q:\n%s", want, tee)
		}
	}
	for _, unwanted := range []string{"Share", "[Acme]"} {
		if strings.Contains(tee, unwanted) {
			t.Errorf("/products/tee.md has %q (navigation or a skipped block):\n%s", unwanted, tee)
		}
	}
	if _, negotiated := get("/products/tee", "Accept", "text/markdown"); negotiated != tee {
		t.Errorf("Accept: text/markdown gives\n%s\nnot the .md's\n%s", negotiated, tee)
	}
	if _, home := get("/index.md"); !strings.Contains(home, "# Acme\n\nClothes made in small runs.\n") {
		t.Errorf("/index.md:\n%s", home)
	}
	resp, txt := get("/llms.txt")
	if resp.StatusCode != 200 || !strings.Contains(txt, "# Acme\n\n> Clothes made in small runs.\n") ||
		!strings.Contains(txt, "- [Heavyweight Tee · Acme]("+base+"/products/tee.md)\n") {
		t.Errorf("/llms.txt: %s\n%s", resp.Status, txt)
	}
	if _, full := get("/llms-full.txt"); !strings.Contains(full, "# Heavyweight Tee ("+base+"/products/tee)\n\nA 300 gsm cotton tee, cut boxy. $48.\n") {
		t.Errorf("/llms-full.txt:\n%s", full)
	}
	resp, html := get("/products/tee")
	if !strings.Contains(html, `<link rel="alternate" type="text/markdown" href="/products/tee.md">`) || resp.Header.Get("Vary") != "Accept, Host, X-Forwarded-Proto" {
		t.Errorf("the HTML page: Vary %q\n%s", resp.Header.Get("Vary"), html)
	}
}

var listening = regexp.MustCompile(`listening on (http://\S+)`)

// TestREADMEShowsTheExample: the README's middleware example is this
// program, verbatim.
func TestREADMEShowsTheExample(t *testing.T) {
	testutil.READMEShows(t, "go", "main.go")
}
