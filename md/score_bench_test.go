package md

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
)

// BenchmarkExtractCorpus measures, over the WCXB sample (499 real pages),
// for the auto and score extract modes, the whole conversion and, apart,
// the extraction (markers, <main> in auto, then the scoring stage) on trees
// already decoded, parsed and pruned: the share of the conversion the
// extraction costs is the ratio of their ns/op. Each also reports the
// process's CPU time per run (cpu-ns/op, where the system tells it), whose
// ratio a shared machine's load disturbs less than the wall clock's.
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
			var cpu time.Duration
			for b.Loop() {
				start := testutil.ProcessCPU()
				for _, src := range pages {
					if _, err := Convert(src, Options{Extract: mode}); err != nil {
						b.Fatal(err)
					}
				}
				cpu += testutil.ProcessCPU() - start
			}
			reportCPU(b, cpu)
		})
		b.Run("extract-"+string(mode), func(b *testing.B) {
			b.SetBytes(int64(size))
			var cpu time.Duration
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
					start := testutil.ProcessCPU()
					extractScored(doc, nil, mode, marked, pageFacts{})
					cpu += testutil.ProcessCPU() - start
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU reports cpu, the process's CPU time over the benchmark's runs,
// per run, unless the system does not tell it.
func reportCPU(b *testing.B, cpu time.Duration) {
	if cpu > 0 && b.N > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
