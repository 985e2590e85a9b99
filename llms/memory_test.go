package llms

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// generatedSite renders "/p/N" as a generated page of about 8 KB of
// Markdown, with frontmatter and a level-1 heading as md.Convert writes
// them. (Converting 10,000 pages of HTML would time md, not llms.)
type generatedSite struct{}

func (generatedSite) Render(ctx context.Context, path string) (md.Result, error) {
	var i int
	if _, err := fmt.Sscanf(path, "/p/%d", &i); err != nil {
		return md.Result{}, fmt.Errorf("no page %s", path)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: \"Page %d\"\ndescription: \"Generated page %d\"\n---\n\n# Page %d\n", i, i, i)
	for j := range 16 {
		fmt.Fprintf(&b, "\n## Part %d\n\nParagraph %d of page %d, with a [link](https://acme.store/p/%d) and some *emphasis*. ", j, j, i, (i+j)%10_000)
		b.WriteString(strings.Repeat("More words to give the page some weight. ", 10))
		b.WriteString("\n")
	}
	return md.Result{Markdown: b.String(), Title: fmt.Sprintf("Page %d", i), Description: fmt.Sprintf("Generated page %d", i)}, nil
}

// heapWriter counts what is written and samples the live heap (after a
// collection) every sampleEvery pages.
type heapWriter struct {
	written     int64
	pages       int
	sampleEvery int
	peak        uint64
}

func (w *heapWriter) Write(p []byte) (int, error) {
	w.written += int64(len(p))
	if strings.HasPrefix(string(p), "# Page ") {
		w.pages++
		if w.pages%w.sampleEvery == 0 {
			w.peak = max(w.peak, liveHeap())
		}
	}
	return len(p), nil
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestWriteFullMemory builds llms-full.txt for a generated site of 10,000
// pages and checks that the live heap stays flat: what is held while
// writing is bounded by the concurrency window, not by the site.
func TestWriteFullMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("converts 10,000 pages")
	}
	const pages = 10_000
	ps := make([]Page, pages)
	for i := range ps {
		ps[i] = Page{URL: fmt.Sprintf("/p/%d", i)}
	}
	site := &Site{Sections: []Section{{Title: "Pages", Pages: ps}}}
	b := &Builder{Renderer: generatedSite{}, URL: public, Logger: quietLogger()}

	base := liveHeap()
	w := &heapWriter{sampleEvery: 500}
	if err := b.WriteFull(context.Background(), w, site); err != nil {
		t.Fatal(err)
	}
	if w.pages != pages {
		t.Fatalf("wrote %d pages, want %d", w.pages, pages)
	}
	grew := int64(w.peak) - int64(base)
	t.Logf("%d pages, %.1f MB written; live heap %.1f MB before, peak %.1f MB while writing (+%.1f MB)",
		pages, float64(w.written)/1e6, float64(base)/1e6, float64(w.peak)/1e6, float64(grew)/1e6)
	// The page list itself (10,000 entries) and 8 pages in flight are a
	// few MB; holding the output would be the whole of it.
	const bound = 16 << 20
	if w.written < 4*bound {
		t.Fatalf("only %d bytes written: the pages are too small for the bound to mean anything", w.written)
	}
	if grew > bound {
		t.Errorf("live heap grew by %d MB while writing %d MB: memory is not flat", grew>>20, w.written>>20)
	}
}
