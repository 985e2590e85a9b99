package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/internal/demo"
	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
	"github.com/affordances/affordances-md/server"
)

// A README code block is always preceded by a line
//
//	<!-- example: KIND [PATH] -->
//
// that says which test runs it. The kinds, and the tests:
var readmeKinds = map[string]string{
	"start":           "TestREADMEStart: the demo command, which TestDemo runs, and the test command",
	"try":             "TestREADMETry: the demo prints these lines, and TestDemo runs them",
	"transcript":      "TestREADMETranscripts runs each $ line and compares its output",
	"file":            "the block is the file PATH verbatim (TestREADMEBlocks); the file's own test runs it",
	"output":          "the example program at PATH prints this (its own test)",
	"excerpt":         "the block is part of PATH verbatim (TestREADMEBlocks); the tests of PATH's package run it",
	"markers input":   "md's TestReadmeExamples converts it",
	"markers output":  "md's TestReadmeExamples",
	"forms input":     "md's TestReadmeExamples converts it",
	"forms output":    "md's TestReadmeExamples",
	"template input":  "md's TestReadmeTemplateExample runs it",
	"template output": "md's TestReadmeTemplateExample",
}

type readmeBlock struct {
	line       int    // of the opening fence
	kind, path string // from the comment before it
	lang, body string
}

var exampleComment = regexp.MustCompile(`^<!-- example: (.+?) -->$`)

// readmeBlocks returns the README's fenced code blocks.
func readmeBlocks(t *testing.T) (string, []readmeBlock) {
	t.Helper()
	root := testutil.RepoRoot(t)
	src, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	var blocks []readmeBlock
	for i := 0; i < len(lines); i++ {
		fence, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		b := readmeBlock{line: i + 1, lang: fence}
		if i > 0 {
			if m := exampleComment.FindStringSubmatch(lines[i-1]); m != nil {
				b.kind = m[1]
				for _, k := range []string{"file ", "output ", "excerpt "} {
					if p, ok := strings.CutPrefix(m[1], k); ok {
						b.kind, b.path = strings.TrimSpace(k), p
					}
				}
			}
		}
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("README.md:%d: the block is never closed", b.line)
		}
		b.body = strings.Join(body, "\n") + "\n"
		blocks = append(blocks, b)
	}
	return root, blocks
}

// TestREADMEBlocks: every code block of the README says which test runs
// it, and the blocks that show a file show it as it is.
func TestREADMEBlocks(t *testing.T) {
	root, blocks := readmeBlocks(t)
	if len(blocks) == 0 {
		t.Fatal("no code block in README.md")
	}
	for _, b := range blocks {
		if _, ok := readmeKinds[b.kind]; !ok {
			t.Errorf("README.md:%d: a block without <!-- example: KIND --> (or of an unknown kind %q): which test runs it?", b.line, b.kind)
			continue
		}
		if b.path == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(b.path)))
		switch {
		case b.kind == "output":
			if st, err := os.Stat(filepath.Join(root, b.path, "main_test.go")); err != nil || st.IsDir() {
				t.Errorf("README.md:%d: %s has no main_test.go to run it", b.line, b.path)
			}
		case err != nil:
			t.Errorf("README.md:%d: %v", b.line, err)
		case b.kind == "file" && string(src) != b.body:
			t.Errorf("README.md:%d: the block is not %s as it is", b.line, b.path)
		case b.kind == "excerpt" && !strings.Contains(string(src), b.body):
			t.Errorf("README.md:%d: the block is not part of %s", b.line, b.path)
		}
	}
}

// TestREADMETranscripts runs the README's console transcripts: each "$ "
// line in a shell, with this package's affordances-md first on the PATH,
// in a directory that has the repository's testdata and examples, and
// compares what it prints (standard output and error) with the lines that
// follow it. http://127.0.0.1:8080 is the demo, started for the test on a
// free port.
func TestREADMETranscripts(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run the transcripts with")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build affordances-md with")
	}
	root, blocks := readmeBlocks(t)
	bin := t.TempDir()
	if out, err := exec.Command(gobin, "build", "-o", filepath.Join(bin, "affordances-md"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	h, err := demo.New(demo.Options{Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(h)
	defer site.Close()
	const shown = "http://127.0.0.1:8080"

	n := 0
	for _, b := range blocks {
		if b.kind != "transcript" {
			continue
		}
		n++
		dir := t.TempDir()
		for _, d := range []string{"testdata", "examples"} {
			if err := os.Symlink(filepath.Join(root, d), filepath.Join(dir, d)); err != nil {
				t.Fatal(err)
			}
		}
		type step struct{ cmd, want string }
		var steps []step
		for line := range strings.SplitSeq(strings.TrimSuffix(b.body, "\n"), "\n") {
			if cmd, ok := strings.CutPrefix(line, "$ "); ok {
				steps = append(steps, step{cmd: cmd})
				continue
			}
			if len(steps) == 0 {
				t.Fatalf("README.md:%d: the transcript does not start with a $ line", b.line)
			}
			steps[len(steps)-1].want += line + "\n"
		}
		for _, s := range steps {
			cmd := exec.Command(sh, "-c", strings.ReplaceAll(s.cmd, shown, site.URL))
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Fatalf("README.md:%d: $ %s: %v", b.line, s.cmd, err)
			}
			if got := strings.ReplaceAll(string(out), site.URL, shown); got != s.want {
				t.Errorf("README.md:%d: $ %s\nprints\n%s\nbut the README shows\n%s", b.line, s.cmd, got, s.want)
			}
		}
	}
	if n == 0 {
		t.Error("README.md has no transcript")
	}
}

// TestREADMEFlags: the README's reference lists every flag of every
// command, and no flag a command does not have.
func TestREADMEFlags(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `--([a-z-]+)")
	flagLine := regexp.MustCompile(`^  -([a-z-]+)`)
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			_, section, ok := strings.Cut(string(src), "\n### `affordances-md "+c.name+"`\n")
			if !ok {
				t.Fatalf("README.md has no reference section ### `affordances-md %s`", c.name)
			}
			if end := strings.Index(section, "\n#"); end >= 0 {
				section = section[:end]
			}
			var documented []string
			for line := range strings.SplitSeq(section, "\n") {
				if m := row.FindStringSubmatch(line); m != nil {
					documented = append(documented, m[1])
				}
			}
			var usage bytes.Buffer
			if err := run(context.Background(), []string{c.name, "-h"}, &usage, &usage); !errors.Is(err, errHelp) {
				t.Fatalf("%s -h: %v", c.name, err)
			}
			var real []string
			for line := range strings.SplitSeq(usage.String(), "\n") {
				if m := flagLine.FindStringSubmatch(line); m != nil {
					real = append(real, m[1])
				}
			}
			slices.Sort(documented)
			if !slices.Equal(documented, real) {
				t.Errorf("the README documents %q; the command has %q", documented, real)
			}
		})
	}
}

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// TestREADMEStart: the README's first commands are the demo, run through
// this command's "demo" (which TestDemo runs), and the tests.
func TestREADMEStart(t *testing.T) {
	_, blocks := readmeBlocks(t)
	var start []string
	for _, b := range blocks {
		if b.kind != "start" {
			continue
		}
		for line := range strings.SplitSeq(strings.TrimSpace(b.body), "\n") {
			cmd, _, _ := strings.Cut(line, "#")
			start = append(start, strings.Join(strings.Fields(cmd), " "))
		}
	}
	if want := []string{"go run ./cmd/affordances-md demo", "go test ./..."}; !slices.Equal(start, want) {
		t.Errorf("the README starts with %q, want %q", start, want)
	}
	if !slices.ContainsFunc(commands(), func(c command) bool { return c.name == "demo" }) {
		t.Error("affordances-md has no demo command")
	}
}

// TestREADMEOptions: the README's tables of Go options list every exported
// field of each options type, and no other.
func TestREADMEOptions(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([A-Za-z]+)` \\|")
	for name, v := range map[string]any{"md.Options": md.Options{}, "server.Options": server.Options{}, "llms.Builder": llms.Builder{}} {
		_, section, ok := strings.Cut(string(src), "\n#### `"+name+"`\n")
		if !ok {
			t.Errorf("README.md has no section #### `%s`", name)
			continue
		}
		if end := strings.Index(section, "\n#"); end >= 0 {
			section = section[:end]
		}
		var documented, fields []string
		for line := range strings.SplitSeq(section, "\n") {
			if m := row.FindStringSubmatch(line); m != nil {
				documented = append(documented, m[1])
			}
		}
		for f := range reflect.TypeOf(v).Fields() {
			if f.IsExported() {
				fields = append(fields, f.Name)
			}
		}
		if !slices.Equal(documented, fields) {
			t.Errorf("%s: the README lists %q; the type has %q, in that order", name, documented, fields)
		}
	}
}
