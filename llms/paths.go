package llms

import (
	"errors"
	"net/url"
	"path"
	"strings"
)

// sitePath reads ref, a path or an absolute URL, as a page of the site
// whose origins are public and fetch. It returns the page's path (escaped,
// with its query) and true, or "" and false for a URL on another origin or
// a path that could leave the site ("//host", backslashes, control
// characters, "." or ".." segments). The fragment is dropped.
func sitePath(ref string, public, fetch *url.URL) (string, bool) {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.ContainsAny(ref, "\\") || hasControl(ref) {
		return "", false
	}
	u, err := url.Parse(ref)
	if err != nil || u.User != nil || u.Opaque != "" {
		return "", false
	}
	if u.Scheme != "" || u.Host != "" {
		if !sameOrigin(u, public) && !sameOrigin(u, fetch) {
			return "", false
		}
	} else if !strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, "//") {
		return "", false
	}
	p := u.Path
	if p == "" {
		p = "/"
	}
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "." || seg == ".." {
			return "", false
		}
	}
	if strings.Contains(p, "//") {
		return "", false
	}
	out := (&url.URL{Path: p, RawPath: u.RawPath}).EscapedPath()
	if u.RawQuery != "" {
		out += "?" + u.RawQuery
	}
	return out, true
}

func sameOrigin(u, origin *url.URL) bool {
	if origin == nil {
		return false
	}
	return strings.EqualFold(u.Scheme, origin.Scheme) && strings.EqualFold(hostPort(u), hostPort(origin))
}

// hostPort is u's host with the scheme's default port made explicit, so
// "https://a" and "https://a:443" compare equal.
func hostPort(u *url.URL) string {
	if u.Port() != "" {
		return strings.ToLower(u.Host)
	}
	switch strings.ToLower(u.Scheme) {
	case "http":
		return strings.ToLower(u.Host) + ":80"
	case "https":
		return strings.ToLower(u.Host) + ":443"
	}
	return strings.ToLower(u.Host)
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return true
		}
	}
	return false
}

// mdPath is the path of a page's Markdown twin: "/" is "/index.md", a
// trailing slash is dropped, ".md" is appended unless the path has it, and
// the query stays.
func mdPath(p string) string {
	q := ""
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p, q = p[:i], p[i:]
	}
	p = strings.TrimRight(p, "/")
	switch {
	case p == "":
		p = "/index.md"
	case !strings.HasSuffix(p, ".md"):
		p += ".md"
	}
	return p + q
}

// errNoFile is returned by mdFile for a page that has no file of its own.
var errNoFile = errors.New("page has a query string: no file mirrors it")

// mdFile is the file, relative to the publishing directory, that holds a
// page's Markdown: its .md path, unescaped, without the leading slash.
func mdFile(p string) (string, error) {
	if strings.Contains(p, "?") {
		return "", errNoFile
	}
	u, err := url.Parse(mdPath(p))
	if err != nil {
		return "", err
	}
	name := strings.TrimPrefix(u.Path, "/")
	// The escaped path was checked, but %2F, %00 or "%2E%2E" decode here.
	if name == "" || hasControl(name) || strings.Contains(name, "\\") || path.Clean("/"+name) != "/"+name {
		return "", errors.New("page path does not map to a file name")
	}
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", errors.New("page path does not map to a file name")
		}
	}
	return name, nil
}

// absolute joins a path of the site with its public origin.
func absolute(origin *url.URL, p string) string {
	return origin.Scheme + "://" + origin.Host + p
}
