package markers

import (
	"html/template"
	"strings"

	"golang.org/x/net/html"
)

// Alternate returns the link that tells agents where a page's Markdown is,
// for the page's <head>:
//
//	<link rel="alternate" type="text/markdown" href="/blog/post.md">
//
// path is the page's path as MarkdownPath takes it.
func Alternate(path string) template.HTML {
	return template.HTML(`<link rel="alternate" type="text/markdown" href="` +
		html.EscapeString(MarkdownPath(path)) + `">`)
}

// MarkdownPath returns the address of the Markdown of the page at path:
//
//	/                   /index.md
//	/blog/post          /blog/post.md
//	/blog/              /blog/index.md  (a directory's page, as / is)
//	/search?q=tee       /search.md?q=tee
//	/notes.md           /notes.md       (already Markdown)
//
// path is the page's path with an optional query, as in a request's
// URL.Path or URL.RequestURI; a fragment is dropped (it names a part of
// the HTML page). The result is always a path on the page's own site, safe
// to write in a URL: characters that may not appear there are
// percent-encoded (a "%" already followed by two hex digits is kept as an
// escape), a backslash is encoded (browsers read it as a slash), and
// leading slashes collapse to one, so that "//evil.example/x" or
// "/\evil.example" cannot become a link to another host. path is never
// read as an absolute URL: "https://x.test/a" gives "/https://x.test/a.md".
func MarkdownPath(path string) string {
	path, _, _ = strings.Cut(path, "#")
	path, query, _ := strings.Cut(path, "?")
	path = "/" + strings.TrimLeft(path, "/\\")
	switch {
	case strings.HasSuffix(path, "/"):
		path += "index.md"
	case !hasSuffixFold(path, ".md"):
		path += ".md"
	}
	out := escapeURL(path)
	if query != "" {
		out += "?" + escapeURL(query)
	}
	return out
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// escapeURL percent-encodes every byte of s that may not stand in a URL's
// path or query as itself, keeping escapes already there.
func escapeURL(s string) string {
	const hex = "0123456789ABCDEF"
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			sb.WriteByte(c)
		case urlSafe(c):
			sb.WriteByte(c)
		default:
			sb.WriteByte('%')
			sb.WriteByte(hex[c>>4])
			sb.WriteByte(hex[c&15])
		}
	}
	return sb.String()
}

// urlSafe reports whether c may stand in a URL path or query as itself:
// the unreserved characters, the sub-delimiters, ":", "@", "/" and "?".
func urlSafe(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=:@/?", c) >= 0
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
