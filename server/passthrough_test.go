package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestPassthroughKeepsContentCoding: a request passed on reaches the site
// with the client's Accept-Encoding, or none, and its answer comes back
// coded as the site coded it, Content-Length and all. (An http.Transport
// left to itself asks for gzip on a request without Accept-Encoding and
// decodes the answer, dropping its Content-Length: seen in front of
// next start, which compresses whenever asked.)
func TestPassthroughKeepsContentCoding(t *testing.T) {
	site := newSite()
	page := "<title>P</title><main><p>Hi.</p></main>"
	site.mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Vary", "Accept-Encoding")
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Length", strconv.Itoa(len(page)))
			io.WriteString(w, page)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		zw, _ := gzipWriter(w)
		io.WriteString(zw, page)
		zw.Close()
	})
	_, base := forms[0].start(t, site, Options{})
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	defer raw.CloseIdleConnections()
	for _, accept := range []string{"", "gzip, deflate, br, zstd"} {
		req, _ := http.NewRequest("GET", base+"/page", nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		resp, err := raw.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		seen := site.requests("/page")
		if got := seen[len(seen)-1].header.Get("Accept-Encoding"); got != accept {
			t.Errorf("Accept-Encoding %q: the site got %q", accept, got)
		}
		if accept == "" {
			if string(body) != page || resp.ContentLength != int64(len(page)) || resp.Header.Get("Content-Encoding") != "" {
				t.Errorf("no Accept-Encoding: %q, Content-Length %d, Content-Encoding %q; want the page as the site sent it",
					body, resp.ContentLength, resp.Header.Get("Content-Encoding"))
			}
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil || resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("Accept-Encoding %q: Content-Encoding %q, %v; want the site's gzip", accept, resp.Header.Get("Content-Encoding"), err)
		}
		if got, _ := io.ReadAll(zr); string(got) != page {
			t.Errorf("Accept-Encoding %q: the page decodes to %q", accept, got)
		}
	}
}
