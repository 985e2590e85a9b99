package md

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
)

// BenchmarkExtractCorpus measures, over the WCXB sample (499 real pages),
// for the auto and score extract modes, the whole conversion and, apart,
// the extraction (markers, <main> in auto, then the scoring stage) on trees
// already decoded, parsed and pruned: the share of the conversion the
// extraction costs is the ratio of their ns/op.
//
//	go test ./md -run '^$' -bench ExtractCorpus -benchtime 3x
func BenchmarkExtractCorpus(b *testing.B) {
	dir := testutil.Corpus(b, "wcxb-dev-sample")
	files, err := filepath.Glob(filepath.Join(dir, "wcxb", "dev-*", "source.html"))
	if err != nil || len(files) == 0 {
		b.Skipf("no pages in %s", dir)
	}
	var pages [][]byte
	size := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, src)
		size += len(src)
	}
	for _, mode := range []ExtractMode{ExtractAuto, ExtractScore} {
		b.Run("convert-"+string(mode), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, src := range pages {
					if _, err := Convert(src, Options{Extract: mode}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("extract-"+string(mode), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, src := range pages {
					b.StopTimer()
					text, err := decode(src, "")
					if err != nil {
						b.Fatal(err)
					}
					doc := parse(text)
					resolveSuspense(doc)
					marked := prune(doc)
					rewriteForms(doc)
					b.StartTimer()
					extractScored(doc, nil, mode, marked, false, nil)
				}
			}
		})
	}
}
