package md_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/internal/tiktokenref"
	"github.com/affordances/affordances-md/md"
)

func ExampleNewTokenCounter() {
	counter, err := md.NewTokenCounter("o200k_base")
	if err != nil {
		log.Fatal(err)
	}
	page := []byte(`<title>Hello</title><main><h1>Hello</h1><p>Hello, world!</p></main>`)
	res, err := md.Convert(page, md.Options{NoFrontmatter: true, Tokens: counter})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q: %d tokens\n", res.Markdown, res.Tokens)
	// Output: "# Hello\n\nHello, world!\n": 7 tokens
}

var encodings = []string{"o200k_base", "cl100k_base"}

// countFunc adapts a function to md.TokenCounter.
type countFunc func(string) int

func (f countFunc) CountTokens(s string) int { return f(s) }

func TestTokensOption(t *testing.T) {
	page, err := os.ReadFile("../testdata/pages/product.html")
	if err != nil {
		t.Fatal(err)
	}
	res, err := md.Convert(page, md.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := (len([]rune(res.Markdown)) + 3) / 4; res.Tokens != want {
		t.Errorf("without a counter: %d tokens, want the estimate %d", res.Tokens, want)
	}

	var counted string
	stub := countFunc(func(s string) int { counted = s; return 42 })
	res, err = md.Convert(page, md.Options{Tokens: stub})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tokens != 42 || counted != res.Markdown {
		t.Errorf("with a counter: %d tokens of %q, want 42 of the Markdown", res.Tokens, counted)
	}

	for _, name := range encodings {
		counter, err := md.NewTokenCounter(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := md.Convert(page, md.Options{Tokens: counter})
		if err != nil {
			t.Fatal(err)
		}
		if want := tiktokenref.Count(t, name, res.Markdown); res.Tokens != want {
			t.Errorf("%s: %d tokens, tiktoken-go counts %d", name, res.Tokens, want)
		}
	}
}

func TestNewTokenCounterUnknown(t *testing.T) {
	for _, name := range []string{"", "gpt-4o", "p50k_base", "o200k"} {
		_, err := md.NewTokenCounter(name)
		if err == nil || !strings.Contains(err.Error(), "o200k_base") || !strings.Contains(err.Error(), "cl100k_base") {
			t.Errorf("NewTokenCounter(%q): error %v, want one listing the encodings", name, err)
		}
	}
}

// TestTokenCountsCorpus proves the counts identical to tiktoken-go's on the
// shared corpora: the Markdown of every page, its expected main text or
// Markdown where the corpus has one, and the HTML itself of the small
// defuddle corpus (scripts, styles, entities, stray bytes).
func TestTokenCountsCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("compares with tiktoken-go at its speed: skipped with -short")
	}
	counters := map[string]md.TokenCounter{}
	for _, name := range encodings {
		c, err := md.NewTokenCounter(name)
		if err != nil {
			t.Fatal(err)
		}
		counters[name] = c
	}
	for _, corpus := range []string{"wcxb-dev-sample", "readability", "defuddle"} {
		t.Run(corpus, func(t *testing.T) {
			pages := corpusPages(t, corpus)
			var checked atomic.Int64
			forEach(len(pages), func(i int) {
				texts := map[string]string{"markdown": pages[i].markdown}
				dir := filepath.Dir(pages[i].path)
				for _, f := range []string{"expected.txt", "expected.md"} {
					if b, err := os.ReadFile(filepath.Join(dir, f)); err == nil {
						texts[f] = string(b)
					}
				}
				if corpus == "defuddle" {
					texts["source.html"] = string(pages[i].html)
				}
				for what, s := range texts {
					for _, name := range encodings {
						got, want := counters[name].CountTokens(s), tiktokenref.Count(t, name, s)
						if got != want {
							t.Errorf("%s: %s of %s: %d tokens, tiktoken-go counts %d", name, what, dir, got, want)
						}
						checked.Add(int64(len(s)))
					}
				}
			})
			t.Logf("%d pages, %.1f MB of text compared in each encoding", len(pages), float64(checked.Load())/2e6)
		})
	}
}

// page is a page of a corpus and its Markdown.
type page struct {
	path     string
	html     []byte
	markdown string
}

// corpusPages converts every page of a shared corpus; it skips when the
// corpus is absent.
func corpusPages(tb testing.TB, corpus string) []page {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(testutil.Corpus(tb, corpus), "*", "*", "source.html"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no pages in corpus %s: %v", corpus, err)
	}
	pages := make([]page, len(files))
	forEach(len(files), func(i int) {
		src, err := os.ReadFile(files[i])
		if err != nil {
			tb.Error(err)
			return
		}
		res, err := md.Convert(src, md.Options{})
		if err != nil {
			tb.Errorf("convert %s: %v", files[i], err)
		}
		pages[i] = page{path: files[i], html: src, markdown: res.Markdown}
	})
	return pages
}

// forEach calls f(0) to f(n-1) from GOMAXPROCS goroutines.
func forEach(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
}

// BenchmarkTokens counts the tokens of the Markdown of every page of the
// shared corpora with NewTokenCounter's counters (bpe) and with tiktoken-go,
// converts the same pages for reference (convert), and converts them with
// exact counts (ENCODING/convert). An op is the whole set, spread over
// GOMAXPROCS goroutines; ns/page compares the cost of counting a page with
// that of converting it. To see the scaling, run with a fixed number of
// iterations, as in
//
//	go test ./md -run '^$' -bench Tokens -cpu 1,2 -benchtime 3x
//
// since a benchmark whose first iteration outlasts -benchtime is reported
// from that iteration, which runs at the default GOMAXPROCS whatever -cpu
// says (golang.org/issue/49980).
func BenchmarkTokens(b *testing.B) {
	var pages []page
	for _, corpus := range []string{"wcxb-dev-sample", "readability", "defuddle"} {
		if _, err := os.Stat(filepath.Join(testutil.SharedDir(b), "corpora", corpus+".tgz")); err == nil {
			pages = append(pages, corpusPages(b, corpus)...)
		}
	}
	if len(pages) == 0 {
		b.Skip("no corpus in the shared folder")
	}
	var htmlBytes, mdBytes int64
	for _, p := range pages {
		htmlBytes += int64(len(p.html))
		mdBytes += int64(len(p.markdown))
	}
	// perPage reports the wall and CPU time per page of the loop that
	// follows the call, CPU time (all threads, GC included) only where the
	// system tells it.
	perPage := func(b *testing.B) func() {
		cpu := testutil.ProcessCPU()
		return func() {
			n := float64(b.N * len(pages))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/page")
			if cpu > 0 {
				b.ReportMetric(float64((testutil.ProcessCPU()-cpu).Nanoseconds())/n, "cpu-ns/page")
			}
		}
	}

	b.Run("convert", func(b *testing.B) {
		b.SetBytes(htmlBytes)
		report := perPage(b)
		for range b.N {
			forEach(len(pages), func(i int) {
				if _, err := md.Convert(pages[i].html, md.Options{}); err != nil {
					b.Error(err)
				}
			})
		}
		report()
	})
	for _, name := range encodings {
		counter, err := md.NewTokenCounter(name)
		if err != nil {
			b.Fatal(err)
		}
		counter.CountTokens("") // build the tables before the clock starts
		ref := tiktokenref.Encoder(b, name)
		b.Run(name+"/bpe", func(b *testing.B) {
			b.SetBytes(mdBytes)
			report := perPage(b)
			for range b.N {
				forEach(len(pages), func(i int) { counter.CountTokens(pages[i].markdown) })
			}
			report()
		})
		b.Run(name+"/tiktoken-go", func(b *testing.B) {
			b.SetBytes(mdBytes)
			report := perPage(b)
			for range b.N {
				forEach(len(pages), func(i int) { ref.Encode(pages[i].markdown, nil, nil) })
			}
			report()
		})
		// Counting inside the conversion, as a server does: what exact
		// counts add to a conversion is this minus convert.
		b.Run(name+"/convert", func(b *testing.B) {
			b.SetBytes(htmlBytes)
			report := perPage(b)
			for range b.N {
				forEach(len(pages), func(i int) {
					if _, err := md.Convert(pages[i].html, md.Options{Tokens: counter}); err != nil {
						b.Error(err)
					}
				})
			}
			report()
		})
	}
}
