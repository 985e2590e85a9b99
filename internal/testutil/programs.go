package testutil

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// ShellWords splits a line of a shell example into its words, honouring
// single quotes (the only quoting the README's examples use).
func ShellWords(line string) []string {
	var out []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, c := range line {
		switch {
		case c == '\'':
			quoted, inWord = !quoted, true
		case c == ' ' && !quoted:
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
			}
			inWord = false
		default:
			cur.WriteRune(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// WaitForLine reads a program's output until a line matches re, and returns
// the match's first group; the rest of the output is drained, so that the
// program never blocks on it. It fails the test after 30 seconds.
func WaitForLine(tb testing.TB, r io.Reader, re *regexp.Regexp) string {
	tb.Helper()
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		io.Copy(io.Discard, r)
	}()
	select {
	case s := <-found:
		return s
	case <-time.After(30 * time.Second):
		tb.Fatalf("no line of the program's output matched %s", re)
	}
	return ""
}

// READMEShows checks that the README shows the file at path (relative to
// the test's package directory) verbatim, in a fenced block of the given
// language.
func READMEShows(tb testing.TB, lang, path string) {
	tb.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if !strings.Contains(README(tb), "```"+lang+"\n"+string(src)+"```\n") {
		dir, _ := os.Getwd()
		tb.Errorf("README.md does not show %s verbatim in a %s block", filepath.Join(filepath.Base(dir), path), lang)
	}
}

// README returns the repository's README.md.
func README(tb testing.TB) string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(RepoRoot(tb), "README.md"))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// SyncBuffer is a buffer that a server may log to while the test reads it.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what has been written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
