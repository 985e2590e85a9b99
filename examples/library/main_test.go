package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
)

// TestREADMEShowsTheExample: the README's library example is this
// program, verbatim, followed by what it prints.
func TestREADMEShowsTheExample(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the example with")
	}
	testutil.READMEShows(t, "go", "main.go")

	bin := filepath.Join(t.TempDir(), "library")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	_, shown, ok := strings.Cut(testutil.README(t), "<!-- example: output examples/library -->\n```md\n")
	shown, _, closed := strings.Cut(shown, "```\n")
	if !ok || !closed {
		t.Fatal("README.md shows no output of examples/library")
	}
	if string(out) != shown {
		t.Errorf("the example prints\n%s\nbut the README shows\n%s", out, shown)
	}
}
