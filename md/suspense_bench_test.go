package md

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
)

// BenchmarkSuspense measures resolveSuspense alone, the tree being parsed
// outside the timer, beside the parse it follows (its floor and its scale),
// on streamed fixtures, a page of 10,000 boundaries, a 1 MB page without
// boundaries and, with the shared corpus, its largest pages (one streamed,
// one not).
//
//	go test ./md -run '^$' -bench Suspense -benchmem -benchtime 100x
func BenchmarkSuspense(b *testing.B) {
	type page struct {
		name string
		src  []byte
	}
	pages := []page{
		{"fixture-18.3.1", readBenchPage(b, filepath.Join(suspenseDir, "18.3.1.stream.html"))},
		{"fixture-19.2.9", readBenchPage(b, filepath.Join(suspenseDir, "19.2.9.stream.html"))},
		{"fixture-extrt", readBenchPage(b, filepath.Join(suspenseDir, "experimental.extrt.stream.html"))},
		{"fixture-next-16.4.6", readBenchPage(b, filepath.Join(suspenseDir, "next-16.4.6.stream.html"))},
		{"10k-boundaries", manyBoundaries(10000)},
		{"1MB-no-boundaries", plainArticlePage(1 << 20)},
	}
	if !testing.Short() {
		if dir := suspenseCorpusDir(b); dir != "" {
			for _, name := range []string{"dev-0602", "dev-0587"} {
				pages = append(pages, page{"corpus-" + name, readBenchPage(b, filepath.Join(dir, "wcxb", name, "source.html"))})
			}
		}
	}
	for _, p := range pages {
		b.Run(p.name+"/parse", func(b *testing.B) {
			b.SetBytes(int64(len(p.src)))
			b.ReportAllocs()
			for b.Loop() {
				parse(p.src)
			}
		})
		b.Run(p.name+"/resolve", func(b *testing.B) {
			b.SetBytes(int64(len(p.src)))
			b.ReportAllocs()
			if len(findInstructions(parse(p.src))) == 0 {
				// Nothing to resolve: the tree stays as it is (see
				// TestResolveSuspenseNoInstructions), so one parse serves.
				doc := parse(p.src)
				for b.Loop() {
					resolveSuspense(doc)
				}
				return
			}
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				doc := parse(p.src)
				b.StartTimer()
				resolveSuspense(doc)
			}
		})
	}
}

func readBenchPage(b *testing.B, path string) []byte {
	b.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// suspenseCorpusDir is the unpacked extraction corpus, or "" without the shared
// folder (the benchmarks that need it are left out, not skipped whole).
func suspenseCorpusDir(b *testing.B) string {
	var dir string
	b.Run("corpus", func(b *testing.B) {
		dir = testutil.Corpus(b, "wcxb-dev-sample")
		b.SkipNow()
	})
	return dir
}

// manyBoundaries is a streamed page of n boundaries, completed in order.
func manyBoundaries(n int) []byte {
	var sb strings.Builder
	sb.WriteString("<!DOCTYPE html><html><head><title>many</title></head><body>")
	for i := range n {
		fmt.Fprintf(&sb, `<!--$?--><template id="B:%x"></template><p>Loading %d</p><!--/$-->`, i, i)
	}
	for i := range n {
		fmt.Fprintf(&sb, `<div hidden id="S:%x"><p>Done %d</p></div><script>$RC("B:%x","S:%x")</script>`, i, i, i, i)
	}
	sb.WriteString("</body></html>")
	return []byte(sb.String())
}

// plainArticlePage is a page of about size bytes without any boundary: a
// header, navigation, sections of paragraphs with links and lists, inline
// scripts and a footer.
func plainArticlePage(size int) []byte {
	var sb strings.Builder
	sb.WriteString(`<!DOCTYPE html><html lang="en"><head><title>Article</title><script>window.dataLayer=[];function g(){dataLayer.push(arguments)}</script></head><body>`)
	sb.WriteString(`<header><nav><ul><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li></ul></nav></header><main><article>`)
	for i := 0; sb.Len() < size; i++ {
		fmt.Fprintf(&sb, `<section id="s%d"><h2>Section %d</h2>`, i, i)
		for j := range 5 {
			fmt.Fprintf(&sb, `<p>Paragraph %d.%d with <a href="/p/%d">a link</a>, <em>emphasis</em> and some ordinary text that runs on for a while.</p>`, i, j, j)
		}
		sb.WriteString(`<ul><li>one</li><li>two <strong>three</strong></li></ul><script>g("event","view")</script></section>`)
	}
	sb.WriteString(`</article></main><footer><p>Footer</p></footer></body></html>`)
	return []byte(sb.String())
}
