// Package requrl reads what a request says of the address it was made
// to, as both the server's pages and the llms files take it.
package requrl

import (
	"net/http"
	"strings"
)

// Scheme is the scheme a request was made with: the first value of
// X-Forwarded-Proto (set by a TLS-terminating proxy in front) when it is
// http or https, else that of the connection.
func Scheme(r *http.Request) string {
	if p, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ","); p != "" {
		if p = strings.ToLower(strings.TrimSpace(p)); p == "http" || p == "https" {
			return p
		}
	}
	if r.TLS != nil {
		return "https"
	}
	return "http"
}
