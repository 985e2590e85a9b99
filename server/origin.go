package server

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/affordances/affordances-md/internal/requrl"
)

// parseOrigin reads an origin: an http or https URL with a host and
// nothing after it (a trailing "/" is allowed).
func parseOrigin(s string) (*url.URL, error) {
	// One message for every refusal: url.Parse's own ("first path segment
	// in URL cannot contain colon", for 127.0.0.1:3000 without a scheme)
	// does not say what to write instead.
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || !validHost(u.Host) {
		return nil, fmt.Errorf("origin %q: want scheme://host[:port], such as http://127.0.0.1:3000", s)
	}
	return &url.URL{Scheme: u.Scheme, Host: strings.ToLower(u.Host)}, nil
}

// sameOrigin reports whether u is on the origin o: same scheme, host and
// port (a default port written out or not).
func sameOrigin(u, o *url.URL) bool {
	if u == nil || o == nil || !strings.EqualFold(u.Scheme, o.Scheme) {
		return false
	}
	return strings.EqualFold(hostPort(u), hostPort(o))
}

// hostPort is u's host with its port, the scheme's default one if absent.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// validHost reports whether h is a host[:port] and nothing else: letters,
// digits, dots, hyphens, underscores, and a bracketed IPv6 address, with an
// optional numeric port. No user info, path or whitespace can hide in it.
func validHost(h string) bool {
	if h == "" {
		return false
	}
	name, port := h, ""
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.HasSuffix(h, "]") {
		name, port = h[:i], h[i+1:]
		if port == "" {
			return false
		}
		for _, c := range port {
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	if strings.HasPrefix(name, "[") && strings.HasSuffix(name, "]") {
		ip := net.ParseIP(name[1 : len(name)-1])
		return ip != nil && strings.Contains(name, ":")
	}
	if name == "" {
		return false
	}
	for _, c := range name {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// hostList is the allowed hosts: exact host[:port] entries, and "*.domain"
// entries for any subdomain of domain. An entry without a port names its
// host on any port where the host only sets the base of links, and only on
// the web's ports (none given, 80, 443) where it also says what a
// request-origin proxy fetches: there a Host header must not point the
// proxy at another service of an allowed host ("example.com:6379").
type hostList []string

func parseHostList(hosts []string) (hostList, error) {
	var l hostList
	for _, h := range hosts {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue
		}
		wild, ok := strings.CutPrefix(h, "*.")
		if !validHost(wild) || (ok && strings.ContainsAny(wild, ":[]")) {
			return nil, fmt.Errorf("allowed host %q: want host[:port] or *.domain", h)
		}
		l = append(l, h)
	}
	return l, nil
}

// allows reports whether the list names host (a validated host[:port]); an
// entry without a port allows any port when anyPort is true, else only
// none, 80 and 443.
func (l hostList) allows(host string, anyPort bool) bool {
	host = strings.ToLower(host)
	name, port := host, ""
	if h, p, err := net.SplitHostPort(host); err == nil {
		name, port = strings.Trim(h, "[]"), p
	}
	webPort := anyPort || port == "" || port == "80" || port == "443"
	for _, e := range l {
		switch {
		case e == host:
			return true
		case (e == name || strings.Trim(e, "[]") == name) && webPort:
			return true
		case strings.HasPrefix(e, "*.") && strings.HasSuffix(name, e[1:]) && webPort:
			return true
		}
	}
	return false
}

// requestSite is the origin a request was addressed to, as the caller sees
// it: the scheme from X-Forwarded-Proto (set by a TLS-terminating proxy in
// front), else from the connection; the host from the Host header (or the
// host of an absolute-form request URI, which net/http puts there).
func requestSite(r *http.Request) (*url.URL, bool) {
	if !validHost(r.Host) {
		return nil, false
	}
	return &url.URL{Scheme: requrl.Scheme(r), Host: strings.ToLower(r.Host)}, true
}
