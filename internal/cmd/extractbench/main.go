// Command extractbench measures how well md.Convert finds the main content
// of real pages: word-level F1 against each page's reference text, and the
// share of must-have snippets found and of must-not-have snippets leaked,
// overall, per page type and per extraction rule, for md.Convert's auto and
// score modes next to the reference rule alone (main markers, else <main>,
// else the body minus chrome), the whole body (extract mode none) and, with
// -oracle, the best single subtree of each page (see extracteval.Oracle)
// and, with -blocks, the blocks a greedy reading of the reference keeps
// (extracteval.BlockOracle).
//
//	go run ./internal/cmd/extractbench [-shared DIR] [-corpus NAME,...] [-worst N] [-dump DIR] [-oracle] [-blocks]
//
// The corpora are the shared folder's corpora/*.tgz (wcxb-dev-sample,
// readability, defuddle). The definitions are those of the package
// extracteval. The module in bench/ runs the same measure with
// go-readability and go-trafilatura beside them.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/affordances/affordances-md/internal/extracteval"
)

func main() {
	fs := flag.NewFlagSet("extractbench", flag.ExitOnError)
	cfg := Flags(fs)
	oracle := fs.Bool("oracle", false, "also run the oracle: the best single subtree of each page, chosen by reading its reference text")
	blocks := fs.Bool("blocks", false, "also run the block oracle: the blocks of each page a greedy reading of its reference text chooses")
	fs.Parse(os.Args[1:])
	extractors := extracteval.Extractors()
	if *oracle {
		extractors = append(extractors, extracteval.Oracle())
	}
	if *blocks {
		extractors = append(extractors, extracteval.BlockOracle())
	}
	if err := extracteval.Run(os.Stdout, *cfg(), extractors); err != nil {
		fmt.Fprintf(os.Stderr, "extractbench: %v\n", err)
		os.Exit(1)
	}
}

// Flags defines the command's flags on fs and returns the function that
// reads them, once parsed, as a Config.
func Flags(fs *flag.FlagSet) func() *extracteval.Config {
	shared := fs.String("shared", "", "the shared folder, with corpora/*.tgz (default: $AFFORDANCES_SHARED, else ../shared)")
	corpora := fs.String("corpus", "wcxb-dev-sample,readability,defuddle", "corpora to run, comma-separated")
	worst := fs.Int("worst", 0, "also list the N pages with the lowest F1")
	by := fs.String("by", "", "the extractor whose F1 orders the -worst list and whose P, R and snippets it shows (default: the first, auto)")
	dump := fs.String("dump", "", "write each extractor's text of each page to DIR/CORPUS/PAGE.EXTRACTOR.txt")
	return func() *extracteval.Config {
		dir := *shared
		if dir == "" {
			dir = os.Getenv("AFFORDANCES_SHARED")
		}
		if dir == "" {
			dir = filepath.Join("..", "shared")
		}
		return &extracteval.Config{Shared: dir, Corpora: strings.Split(*corpora, ","), Worst: *worst, By: *by, Dump: *dump}
	}
}
