// Command extractpeers runs the extraction benchmark of
// internal/cmd/extractbench with two peers beside md.Convert and the
// reference rule, on the same pages in the same run: go-readability (a port
// of Mozilla's Readability.js) and go-trafilatura (a port of trafilatura).
// It lives in its own module so that the peers are not dependencies of
// affordances-md.
//
//	cd bench && go run ./extractpeers [-shared DIR] [-corpus NAME,...] [-worst N] [-dump DIR] [-oracle] [-blocks]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/affordances/affordances-md/internal/extracteval"
	readability "github.com/go-shiori/go-readability"
	"github.com/markusmobius/go-trafilatura"
)

func main() {
	fs := flag.NewFlagSet("extractpeers", flag.ExitOnError)
	shared := fs.String("shared", "", "the shared folder, with corpora/*.tgz (default: $AFFORDANCES_SHARED, else ../../shared)")
	corpora := fs.String("corpus", "wcxb-dev-sample,readability,defuddle", "corpora to run, comma-separated")
	worst := fs.Int("worst", 0, "also list the N pages with the lowest F1")
	by := fs.String("by", "", "the extractor whose F1 orders the -worst list and whose P, R and snippets it shows (default: the first, auto)")
	dump := fs.String("dump", "", "write each extractor's text of each page to DIR/CORPUS/PAGE.EXTRACTOR.txt")
	oracle := fs.Bool("oracle", false, "also run the oracle: the best single subtree of each page, chosen by reading its reference text")
	blocks := fs.Bool("blocks", false, "also run the block oracle: the blocks of each page a greedy reading of its reference text chooses")
	fs.Parse(os.Args[1:])
	dir := *shared
	if dir == "" {
		dir = os.Getenv("AFFORDANCES_SHARED")
	}
	if dir == "" {
		dir = filepath.Join("..", "..", "shared")
	}
	cfg := extracteval.Config{Shared: dir, Corpora: strings.Split(*corpora, ","), Worst: *worst, By: *by, Dump: *dump}
	extractors := append(extracteval.Extractors(),
		extracteval.Extractor{Name: "go-readability", Text: readabilityText},
		extracteval.Extractor{Name: "go-trafilatura", Text: trafilaturaText},
	)
	if *oracle {
		extractors = append(extractors, extracteval.Oracle())
	}
	if *blocks {
		extractors = append(extractors, extracteval.BlockOracle())
	}
	if err := extracteval.Run(os.Stdout, cfg, extractors); err != nil {
		fmt.Fprintf(os.Stderr, "extractpeers: %v\n", err)
		os.Exit(1)
	}
}

func pageURL(p *extracteval.Page) *url.URL {
	u, err := url.Parse(p.URL)
	if err != nil || p.URL == "" {
		u, _ = url.Parse("http://example.com/")
	}
	return u
}

// readabilityText is go-readability's article text. A page it cannot
// parse, or finds no article in, gives an empty text (as for any extractor
// that fails).
func readabilityText(p *extracteval.Page) (string, string, error) {
	article, err := readability.FromReader(bytes.NewReader(p.Source), pageURL(p))
	if err != nil {
		return "", "", nil
	}
	return article.TextContent, "", nil
}

// trafilaturaText is go-trafilatura's main content, with its fallbacks to
// readability and dom-distiller on, as its documentation recommends for
// accuracy, and without comments.
func trafilaturaText(p *extracteval.Page) (string, string, error) {
	res, err := trafilatura.Extract(bytes.NewReader(p.Source), trafilatura.Options{
		OriginalURL:     pageURL(p),
		EnableFallback:  true,
		ExcludeComments: true,
	})
	if err != nil {
		return "", "", nil
	}
	return res.ContentText, "", nil
}
