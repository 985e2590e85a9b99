package main

import (
	"net/http"
	"strconv"
	"strings"
)

// origin serves page as HTML at every path, as a site of many pages built
// from one template would, with a public Cache-Control. It has no real .md
// files: those paths answer 404, as most sites do, so serve renders.
func origin(page []byte) http.Handler {
	length := strconv.Itoa(len(page))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".md") {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Length", length)
		h.Set("Cache-Control", "public, max-age=60")
		w.Write(page)
	})
}
