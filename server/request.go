package server

import (
	"net/http"
	"net/url"
	"strings"
)

// RenderHeader marks the handler's own request for a page. A request that
// carries it is never converted: it is passed on as it is, so a handler
// that ends up fetching from itself cannot loop.
const RenderHeader = "X-Affordances-Md-Render"

// mdRequest is a Markdown request: the page it asks for.
type mdRequest struct {
	page  string // the page's path on the site: "/", "/docs/", "/blog/post"
	query string // the raw query, passed on to the page
}

// markdownRequest reports whether r asks for a page's Markdown, and for
// which page. A Markdown request is a GET or HEAD without RenderHeader of
// BasePath/..., of /path.md, or of a page path with an Accept header that
// names text/markdown. The error is non-nil when r is a Markdown request
// whose path cannot be served: errBadPath for a path that is not safe to
// fetch, errNotPage for one under BasePath that names no page.
func (h *Handler) markdownRequest(r *http.Request) (mdRequest, bool, error) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return mdRequest{}, false, nil
	}
	if _, loop := r.Header[RenderHeader]; loop {
		return mdRequest{}, false, nil
	}
	p, raw := r.URL.Path, r.URL.EscapedPath()
	mr := mdRequest{query: r.URL.RawQuery}

	if bp := h.basePath; bp != "" && (p == bp || strings.HasPrefix(p, bp+"/")) {
		rest := strings.TrimPrefix(p, bp)
		if rest == "" {
			rest = "/"
		}
		page, ok := pagePath(rest)
		if !safePath(page, raw) {
			return mr, true, errBadPath
		}
		if !ok {
			return mr, true, errNotPage
		}
		mr.page = page
		return mr, true, nil
	}

	if strings.HasSuffix(p, ".md") {
		page, ok := pagePath(p)
		if !ok {
			return mdRequest{}, false, nil
		}
		if !safePath(page, raw) {
			return mr, true, errBadPath
		}
		mr.page = page
		return mr, true, nil
	}

	if !negotiable(p) || !acceptsMarkdown(r.Header.Values("Accept")) {
		return mdRequest{}, false, nil
	}
	if !safePath(p, raw) {
		return mr, true, errBadPath
	}
	mr.page = p
	return mr, true, nil
}

// pagePath maps the path of a Markdown request to the page's path:
// "/index.md" to "/", "/docs/index.md" to "/docs/", "/blog/post.md" to
// "/blog/post". A path without ".md" names the page itself, and must be
// negotiable. ok is false when the path names no page: under /api/ or
// /_next/, an empty name before ".md", or a file other than .md.
func pagePath(p string) (page string, ok bool) {
	if !strings.HasSuffix(p, ".md") {
		return p, negotiable(p)
	}
	page = strings.TrimSuffix(p, ".md")
	if strings.HasSuffix(page, "/") || page == "" || reserved(page) {
		return "", false
	}
	if strings.HasSuffix(page, "/index") {
		page = strings.TrimSuffix(page, "index")
	}
	return page, true
}

// mdPath is the inverse of pagePath: the path of a page's Markdown twin.
func mdPath(page string) string {
	if strings.HasSuffix(page, "/") {
		return page + "index.md"
	}
	return page + ".md"
}

// negotiable reports whether a page path may be answered in Markdown when
// the Accept header asks for it: not under /api/ or /_next/ (the site's
// own machinery), and without a file extension (the URL names a file, not
// a page).
func negotiable(p string) bool {
	if reserved(p) {
		return false
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	dot := strings.LastIndexByte(last, '.')
	if dot <= 0 || dot == len(last)-1 {
		return true // no dot, a leading dot (".well-known"), or a trailing one
	}
	for _, c := range last[dot+1:] {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return true // "v1.2-beta": a name with a dot, not an extension
		}
	}
	return false
}

// reserved reports whether p is under /api/ or /_next/.
func reserved(p string) bool {
	for _, prefix := range []string{"/api", "/_next"} {
		if p == prefix || strings.HasPrefix(p, prefix+"/") {
			return true
		}
	}
	return false
}

// safePath reports whether a page path can be fetched from the origin and
// used in a redirect as it is. p is the decoded path, raw its escaped form
// as it came in. The handler builds the URL it fetches from the origin's
// scheme and host and this path, never by parsing text, so a path cannot
// name another host; it must still be one a browser and the origin read
// the same way. Refused: a path that does not start with "/"; empty
// segments ("//host/x" is another host to a browser); backslashes (a
// browser reads them as slashes); "." and ".." segments; control
// characters; and slashes, backslashes or dots sent percent-encoded, which
// no page path needs and which servers decode differently. "@" is allowed:
// "/@user" is a common page path, and in a path it names no host.
func safePath(p, raw string) bool {
	if !strings.HasPrefix(p, "/") || strings.Contains(p, "//") || strings.ContainsRune(p, '\\') {
		return false
	}
	for _, c := range []byte(p) {
		if c < 0x20 || c == 0x7f {
			return false
		}
	}
	for seg := range strings.SplitSeq(p[1:], "/") {
		if seg == "." || seg == ".." {
			return false
		}
	}
	lower := strings.ToLower(raw)
	for _, enc := range []string{"%2f", "%5c", "%2e"} {
		if strings.Contains(lower, enc) {
			return false
		}
	}
	return true
}

// forwarded are the only headers of the caller the page is fetched with:
// the page is the one this caller would see, in their language.
var forwarded = []string{"Cookie", "Authorization", "Accept-Language"}

// pageHeader returns the headers to fetch a page with for a caller whose
// request headers are in: the forwarded ones, RenderHeader, and what a
// browser asks for a page with.
func pageHeader(in http.Header) http.Header {
	h := make(http.Header, len(forwarded)+3)
	for _, k := range forwarded {
		if v := in.Values(k); len(v) > 0 {
			h[k] = append([]string(nil), v...)
		}
	}
	h.Set(RenderHeader, "1")
	h.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
	h.Set("User-Agent", "affordances-md")
	return h
}

// credentialed reports whether a request carries a cookie or credentials:
// the Markdown made for it is then that caller's alone. Every line of the
// headers counts, as every line is forwarded.
func credentialed(h http.Header) bool {
	for _, k := range []string{"Cookie", "Authorization"} {
		for _, v := range h.Values(k) {
			if strings.TrimSpace(v) != "" {
				return true
			}
		}
	}
	return false
}

// pageURL is the address of a page path on a site.
func pageURL(site *url.URL, page, query string) *url.URL {
	return &url.URL{Scheme: site.Scheme, Host: site.Host, Path: page, RawQuery: query}
}
