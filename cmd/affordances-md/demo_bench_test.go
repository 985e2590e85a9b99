package main

import (
	"bufio"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// BenchmarkDemoStart times the built command from its start to the demo's
// first answer: the process starts, the demo listens and prints its tour,
// and the home page's Markdown is served.
//
//	go test ./cmd/affordances-md -run '^$' -bench DemoStart -benchtime 20x
func BenchmarkDemoStart(b *testing.B) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go command to build affordances-md with")
	}
	bin := filepath.Join(b.TempDir(), "affordances-md")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	where := regexp.MustCompile(`is at (http://\S+)/$`)
	b.ResetTimer()
	for b.Loop() {
		cmd := exec.Command(bin, "demo", "--listen", "127.0.0.1:0")
		out, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		if !sc.Scan() {
			b.Fatal("the demo printed nothing")
		}
		m := where.FindStringSubmatch(sc.Text())
		if m == nil {
			b.Fatalf("first line %q", sc.Text())
		}
		resp, err := http.Get(m[1] + "/index.md")
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("/index.md: %v %v", resp, err)
		}
		resp.Body.Close()
		cmd.Process.Kill()
		cmd.Wait()
	}
}
