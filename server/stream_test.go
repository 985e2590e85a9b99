package server

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
)

// TestStreamedNextPages replays pages captured from next start, chunk by
// chunk at their captured times, and checks the proxy converts the whole
// stream: what arrives last (resolved Suspense boundaries) is converted
// with the rest.
func TestStreamedNextPages(t *testing.T) {
	dir := filepath.Join(testutil.SharedDir(t), "fixtures", "suspense")
	files, _ := filepath.Glob(filepath.Join(dir, "next-*.chunks.json"))
	if len(files) == 0 {
		t.Skip("no captured Next.js pages")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".chunks.json")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var chunks []struct {
				T int    `json:"t"`
				S string `json:"s"`
			}
			if err := json.Unmarshal(b, &chunks); err != nil {
				t.Fatal(err)
			}
			var whole strings.Builder
			for _, c := range chunks {
				whole.WriteString(c.S)
			}
			sent := make(chan struct{})
			site := newSite()
			site.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/" {
					http.NotFound(w, r)
					return
				}
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				start := time.Now()
				for _, c := range chunks {
					time.Sleep(time.Until(start.Add(time.Duration(c.T) * time.Millisecond)))
					io.WriteString(w, c.S)
					w.(http.Flusher).Flush()
				}
				close(sent)
			})
			_, base := forms[0].start(t, site, Options{})
			resp, body := do(t, "GET", base+"/", "Accept", "text/markdown")
			select {
			case <-sent:
			default:
				t.Fatal("the Markdown was sent before the page's last chunk")
			}
			want, err := md.Convert([]byte(whole.String()), md.Options{URL: base + "/"})
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != 200 || body != want.Markdown {
				t.Errorf("%s: got\n%s\nwant the whole stream converted:\n%s", resp.Status, body, want.Markdown)
			}
		})
	}
}
