// Package testutil holds what the project's tests share: golden files, and
// the corpora and fixtures of the team's shared folder, which tests use
// when present and skip cleanly without.
package testutil

import (
	"archive/tar"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites golden files instead of comparing with them:
// go test ./... -update
var update = flag.Bool("update", false, "rewrite golden files in testdata")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Golden compares got with the golden file at path (relative to the test's
// package directory), or rewrites the file with -update.
func Golden(tb testing.TB, path string, got []byte) {
	tb.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if string(want) != string(got) {
		tb.Errorf("%s differs from the output:\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// RepoRoot returns the repository's root: the directory with go.mod above
// the working directory.
func RepoRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// SharedDir returns the team's shared folder: $AFFORDANCES_SHARED, else
// "shared" beside the repository. It skips the test when there is none.
func SharedDir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("AFFORDANCES_SHARED")
	if dir == "" {
		dir = filepath.Join(filepath.Dir(RepoRoot(tb)), "shared")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Skipf("shared folder not found at %s (set AFFORDANCES_SHARED): skipping", dir)
	}
	return dir
}

// Corpus unpacks an archive of the shared folder's corpora (name
// "wcxb-dev-sample" for corpora/wcxb-dev-sample.tgz) once into the system's
// temporary directory and returns that directory; the archive's own top
// folder (such as "wcxb") is inside it. It skips the
// test when the shared folder or the corpus is absent.
func Corpus(tb testing.TB, name string) string {
	tb.Helper()
	tgz := filepath.Join(SharedDir(tb), "corpora", name+".tgz")
	st, err := os.Stat(tgz)
	if err != nil {
		tb.Skipf("corpus %s not found: skipping", tgz)
	}
	dir := filepath.Join(os.TempDir(), "affordances-md-corpora", fmt.Sprintf("%s-%d", name, st.Size()))
	done := filepath.Join(dir, ".unpacked")
	if _, err := os.Stat(done); err == nil {
		return dir
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), name+"-*")
	if err != nil {
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			tb.Fatal(err)
		}
		if tmp, err = os.MkdirTemp(filepath.Dir(dir), name+"-*"); err != nil {
			tb.Fatal(err)
		}
	}
	if err := untar(tgz, tmp); err != nil {
		os.RemoveAll(tmp)
		tb.Fatalf("unpack %s: %v", tgz, err)
	}
	if err := os.WriteFile(filepath.Join(tmp, ".unpacked"), nil, 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another test binary unpacked it first.
		os.RemoveAll(tmp)
		if _, err := os.Stat(done); err != nil {
			tb.Fatalf("unpack %s: %v", tgz, err)
		}
	}
	return dir
}

// untar unpacks a .tgz into dir, refusing paths that leave it.
func untar(tgz, dir string) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean(h.Name)
		if strings.HasPrefix(name, "..") || filepath.IsAbs(name) {
			return fmt.Errorf("bad path %q in archive", h.Name)
		}
		target := filepath.Join(dir, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			out, err := os.Create(target)
			if err != nil {
				return err
			}
			_, err = io.Copy(out, tr)
			out.Close()
			if err != nil {
				return err
			}
		}
	}
}
