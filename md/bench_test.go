package md_test

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
)

// corpusSources loads every source page of the shared corpora: the WCXB
// sample, Readability's and Defuddle's test pages.
func corpusSources(b *testing.B) (pages [][]byte, size int64) {
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
	pages, size := corpusSources(b)
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

// BenchmarkCorpusParallel converts the corpus's pages from GOMAXPROCS
// goroutines at once: run with -cpu 1,2 to see the throughput scale with
// cores (each conversion owns its state; nothing is shared or locked).
//
//	go test ./md -run '^$' -bench CorpusParallel -cpu 1,2 -benchtime 3x
func BenchmarkCorpusParallel(b *testing.B) {
	pages, size := corpusSources(b)
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		next := make(chan []byte)
		done := make(chan struct{})
		for range runtime.GOMAXPROCS(0) {
			go func() {
				for p := range next {
					md.Convert(p, md.Options{URL: "https://example.com/page"})
				}
				done <- struct{}{}
			}()
		}
		for _, p := range pages {
			next <- p
		}
		close(next)
		for range runtime.GOMAXPROCS(0) {
			<-done
		}
	}
}

// BenchmarkLargePage converts one real page grown to 6 MB (the server's
// default limit) by repeating its body, and reports the heap's peak above
// what was live before, as a multiple of the page's size.
//
//	go test ./md -run '^$' -bench LargePage -benchtime 3x
func BenchmarkLargePage(b *testing.B) {
	pages, _ := corpusSources(b)
	var page []byte
	for _, p := range pages {
		if len(p) > len(page) && len(p) < 2<<20 {
			page = p
		}
	}
	head, body, ok := bytes.Cut(page, []byte("<body"))
	if !ok {
		b.Skip("no <body> in the largest page")
	}
	big := append([]byte{}, head...)
	for len(big)+len(body)+4 <= 6<<20 {
		big = append(big, "<div"...)
		big = append(big, body...)
	}
	b.SetBytes(int64(len(big)))
	b.ReportAllocs()
	var peak uint64
	for b.Loop() {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		stop := make(chan struct{})
		sampled := make(chan uint64)
		go func() {
			var m runtime.MemStats
			var top uint64
			for {
				runtime.ReadMemStats(&m)
				top = max(top, m.HeapAlloc)
				select {
				case <-stop:
					sampled <- top
					return
				case <-time.After(time.Millisecond):
				}
			}
		}()
		if _, err := md.Convert(big, md.Options{URL: "https://example.com/page"}); err != nil {
			b.Fatal(err)
		}
		close(stop)
		peak = max(peak, <-sampled-before.HeapAlloc)
	}
	b.ReportMetric(float64(peak)/float64(len(big)), "peak-heap/input")
	b.ReportMetric(float64(len(big))/1e6, "MB-input")
}
