// Command extractbench measures how well md.Convert finds the main content
// of real pages: word-level F1 against each page's reference text, and the
// share of must-have snippets found and of must-not-have snippets leaked,
// overall and per page type, next to the same figures for the reference
// rule alone (main markers, else <main>, else the body minus chrome).
//
//	go run ./internal/cmd/extractbench [-shared DIR] [-corpus NAME,...] [-worst N]
//
// The corpora are the shared folder's corpora/*.tgz (wcxb-dev-sample,
// readability, defuddle). See the package extracteval for the definitions.
// The bench module (bench/) runs the same measure with go-readability and
// go-trafilatura beside them.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/affordances/affordances-md/internal/extracteval"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "extractbench: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("extractbench", flag.ContinueOnError)
	shared := fs.String("shared", os.Getenv("AFFORDANCES_SHARED"), "the shared folder, with corpora/*.tgz (default: $AFFORDANCES_SHARED, else ../shared)")
	corpora := fs.String("corpus", "wcxb-dev-sample,readability,defuddle", "corpora to run, comma-separated")
	worst := fs.Int("worst", 0, "also list the N pages with the lowest F1")
	dump := fs.String("dump", "", "write each extractor's text of each page to DIR/CORPUS/PAGE.EXTRACTOR.txt")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return Bench(os.Stdout, Config{Shared: *shared, Corpora: strings.Split(*corpora, ","), Worst: *worst, Dump: *dump}, Extractors())
}

// Extractors are the extractors of the main module: md.Convert in auto mode
// and the reference rule alone.
func Extractors() []extracteval.Extractor {
	return []extracteval.Extractor{
		{Name: "auto", Text: extracteval.Markdown(nil)},
		{Name: "reference", Text: extracteval.Markdown(extracteval.ReferenceRule)},
	}
}

// Config says what Bench runs.
type Config struct {
	Shared  string   // the shared folder; "" for ../shared
	Corpora []string // names of corpora/*.tgz
	Worst   int      // list the pages with the lowest F1, so many
	Dump    string   // write the extracted texts under this folder
}

// Bench loads each corpus and writes its table (and its worst pages).
func Bench(w io.Writer, cfg Config, extractors []extracteval.Extractor) error {
	shared := cfg.Shared
	if shared == "" {
		shared = filepath.Join("..", "shared")
	}
	names := make([]string, len(extractors))
	for i, ex := range extractors {
		names[i] = ex.Name
	}
	for _, c := range cfg.Corpora {
		pages, err := extracteval.Load(filepath.Join(shared, "corpora", c+".tgz"))
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("corpus %s not found under %s (set -shared)", c, shared)
		}
		if err != nil {
			return err
		}
		scores := extracteval.Measure(pages, extractors)
		title := fmt.Sprintf("%s: %d pages", c, len(pages))
		if err := extracteval.WriteTable(w, title, names, scores); err != nil {
			return err
		}
		if cfg.Worst > 0 {
			fmt.Fprintln(w)
			if err := extracteval.WriteWorst(w, cfg.Worst, names, scores); err != nil {
				return err
			}
		}
		if cfg.Dump != "" {
			if err := dump(filepath.Join(cfg.Dump, c), names, scores); err != nil {
				return err
			}
		}
		fmt.Fprintln(w)
	}
	return nil
}

// dump writes each extracted text to dir/PAGE.EXTRACTOR.txt.
func dump(dir string, names []string, all [][]extracteval.Score) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, scores := range all {
		for _, s := range scores {
			name := filepath.Join(dir, s.Page.ID+"."+names[i]+".txt")
			if err := os.WriteFile(name, []byte(s.Text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
