package llms

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// BenchmarkWriteFullSlowOrigin builds llms-full.txt for 1,000 pages from
// an origin that answers each page after 20 ms, through HTTP and
// md.Convert, and reports the time against the ideal, pages × delay /
// concurrency ("ideal-s"; "efficiency" is ideal / actual):
//
//	go test ./llms -run '^$' -bench WriteFullSlowOrigin -benchtime 3x
func BenchmarkWriteFullSlowOrigin(b *testing.B) {
	const (
		pages = 1000
		delay = 20 * time.Millisecond
	)
	s := newTestSite(b)
	s.page = func(path string) (reply, bool) {
		var i int
		if _, err := fmt.Sscanf(path, "/p/%d", &i); err != nil {
			return reply{}, false
		}
		return reply{delay: delay, ctype: "text/html; charset=utf-8", body: []byte(pageHTML(
			fmt.Sprintf("Page %d", i), "A generated page",
			fmt.Sprintf("<h1>Page %d</h1>%s", i, strings.Repeat("<p>Some text of the page, with a <a href=/p/1>link</a>.</p>", 20))))}, true
	}
	ps := make([]Page, pages)
	for i := range ps {
		ps[i] = Page{URL: fmt.Sprintf("/p/%d", i)}
	}
	site := &Site{Sections: []Section{{Pages: ps}}}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

	for _, c := range []int{8, 32} {
		b.Run(fmt.Sprintf("concurrency=%d", c), func(b *testing.B) {
			builder := &Builder{
				Renderer:    fetchRenderer{origin: s.URL, public: public, client: client},
				URL:         public,
				Concurrency: c,
				Logger:      quietLogger(),
			}
			var w countWriter
			start := time.Now()
			for b.Loop() {
				if err := builder.WriteFull(context.Background(), &w, site); err != nil {
					b.Fatal(err)
				}
			}
			perOp := time.Since(start).Seconds() / float64(b.N)
			ideal := (pages * delay / time.Duration(c)).Seconds()
			b.ReportMetric(ideal, "ideal-s")
			b.ReportMetric(perOp, "s/op")
			b.ReportMetric(ideal/perOp, "efficiency")
			if w.pages != pages*b.N {
				b.Fatalf("wrote %d pages, want %d", w.pages, pages*b.N)
			}
		})
	}
}

type countWriter struct{ pages int }

func (w *countWriter) Write(p []byte) (int, error) {
	if strings.HasPrefix(string(p), "# Page ") {
		w.pages++
	}
	return len(p), nil
}

var _ io.Writer = (*countWriter)(nil)
