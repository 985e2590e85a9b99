package md_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
)

// corpusPages loads every source page of the shared corpora: the WCXB
// sample, Readability's and Defuddle's test pages.
func corpusPages(b *testing.B) (pages [][]byte, size int64) {
	b.Helper()
	for _, c := range []struct{ archive, glob string }{
		{"wcxb-dev-sample", "wcxb/*/source.html"},
		{"readability", "readability/*/source.html"},
		{"defuddle", "defuddle/*/source.html"},
	} {
		files, err := filepath.Glob(filepath.Join(testutil.Corpus(b, c.archive), c.glob))
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range files {
			p, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			pages = append(pages, p)
			size += int64(len(p))
		}
	}
	return pages, size
}

// BenchmarkCorpus converts every page of the corpora, side by side with
// plain html-to-markdown v2 (its commonmark, table and strikethrough
// plugins) and with golang.org/x/net/html's parser alone, the floor of any
// converter that builds a tree. MB/s is of input HTML. Run on one core:
//
//	go test ./md -run '^$' -bench Corpus -cpu 1 -benchtime 3x
func BenchmarkCorpus(b *testing.B) {
	pages, size := corpusPages(b)
	b.Run("affordances-md", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				if _, err := md.Convert(p, md.Options{URL: "https://example.com/page"}); err != nil && err != md.ErrNotHTML {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("html-to-markdown", func(b *testing.B) {
		conv := htmltomarkdown.NewConverter(htmltomarkdown.WithPlugins(
			base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(), table.NewTablePlugin(), strikethrough.NewStrikethroughPlugin()))
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				if _, err := conv.ConvertReader(bytes.NewReader(p), htmltomarkdown.WithDomain("https://example.com/page")); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("html.Parse", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				if _, err := html.Parse(bytes.NewReader(p)); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
