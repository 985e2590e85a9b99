// Package server gives every page of a website a Markdown twin at the
// page's own URL, as a reverse proxy in front of any site (NewProxy) or as
// middleware around a Go site's handler (Middleware).
//
// Both return a *Handler. For each request it decides whether it is a
// Markdown request (GET or HEAD of /path.md, /index.md for "/", of a page
// whose Accept header names text/markdown with q > 0, or of any path under
// Options.BasePath); fetches the page as a browser would, with the caller's
// Cookie, Authorization and Accept-Language and nothing else of theirs;
// converts it with md.Convert; and writes the Markdown with the page's
// status and caching rules. Every other request goes to the site untouched.
//
// # Responses
//
// A converted page is sent as text/markdown; charset=utf-8 with Vary:
// Accept, Host, X-Forwarded-Proto (the links are on the request's origin;
// Accept alone for a pinned Middleware; the HTML at a page's URL names the
// same, and whatever the page itself varies on), X-Affordances-Tokens
// (the Markdown's length in tokens), Link: <url>; rel="canonical" (the
// page's canonical URL, else its own), and for a 200 an ETag, answering
// If-None-Match with 304. Cache-Control is "private, no-store" when the
// request carries a cookie or credentials, or the page is private, no-store
// or sets a cookie; otherwise it is the page's own, and absent when the
// page has none. The status is the page's. A redirect to the site itself
// becomes a redirect to the target's .md, with the same status; one to
// another origin is passed on as it is and never followed. A page that is
// text/plain or text/markdown is passed through. Failures are answered with
// one Markdown sentence and Cache-Control: no-store: 504 for a page slower
// than Options.Timeout, 413 for one larger than Options.MaxBytes
// (decompressed), 502 when the origin cannot be reached, 406 for a page
// that is neither HTML nor text, 503 with Retry-After when too many pages
// are being fetched and converted (256 MB / MaxBytes requests at once, at
// least 4 per core), or for a page that could not start converting before
// the timeout (pages convert as many at a time as there are CPU cores, at
// least 2).
//
// The proxy merges identical anonymous Markdown requests (same page, Host,
// X-Forwarded-Proto and Accept-Language; no Cookie or Authorization): one
// fetch and conversion answers all that arrive while it runs, unless its
// answer is private, when each fetches its own.
//
// # Where pages come from
//
// The origin is the argument of NewProxy, else Options.Origin, else the
// environment variable AFFORDANCES_MD_ORIGIN, else the request's own
// origin: request-origin mode. The handler builds every URL it fetches from
// the origin's scheme and host and the request's path, never by reading
// the request's target as a URL, and answers 400 to paths a browser or the
// origin could read as another host or directory: empty segments ("//host"),
// backslashes, "." and ".." segments, control characters, and slashes,
// backslashes or dots sent percent-encoded. In request-origin
// mode the Host header names the site to fetch from, so NewProxy requires
// Options.AllowedHosts there: without a list no request could be trusted
// to name the site, and the constructor fails instead of fetching whatever
// a Host header names. Middleware fetches nothing over the network, so it
// needs no list: there the request's origin only sets the base of the
// page's links.
//
// A request-origin proxy expects a router in front of it to send it only
// Markdown requests (as a site's rewrites do with BasePath), and the llms
// files when Options.LLMs is set; it answers anything else 421 rather than
// proxying to a host a request names.
//
// # Real .md files
//
// In proxy mode a real .md file on the origin wins over the rendered page:
// for each Markdown request the proxy first asks the origin for the page's
// .md path, with RenderHeader, and serves that response when it is a 2xx
// text/markdown or text/plain one; anything else (usually a 404) is
// discarded and the page is rendered. That costs one origin request per
// Markdown request, most often a cheap 404; Options.IgnoreMarkdownFiles
// saves it. Middleware does not look for files: a Go site serves its own
// .md files by routing them before the middleware.
package server

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
	"golang.org/x/sync/singleflight"
)

// Defaults of Options.
const (
	DefaultTimeout  = 10 * time.Second
	DefaultMaxBytes = 6 << 20
)

// OriginEnv is the environment variable that names the origin when neither
// the constructor's argument nor Options.Origin does.
const OriginEnv = "AFFORDANCES_MD_ORIGIN"

// maxRedirects bounds the same-origin redirects Render follows.
const maxRedirects = 10

// Options configures a Handler. The zero value is usable.
type Options struct {
	// Origin is the site's origin, scheme://host[:port]. For NewProxy it is
	// where pages are fetched from when the origin argument is empty. For
	// Middleware it is the site's public origin: the base of the pages'
	// links and what counts as a redirect to the site itself, instead of
	// the origin each request was addressed to.
	Origin string

	// AllowedHosts lists the hosts (host[:port], or *.domain for its
	// subdomains) the handler answers Markdown requests for; a request
	// naming another host in its Host header (or request URI) gets 421.
	// Required by NewProxy in request-origin mode, where an entry without
	// a port allows only the web's ports (none given, 80, 443); elsewhere
	// it pins the hosts the pages' links may be resolved against, on any
	// port.
	AllowedHosts []string

	// Timeout bounds fetching a page (DefaultTimeout when zero).
	Timeout time.Duration

	// MaxBytes bounds a page's body, counted after decompression
	// (DefaultMaxBytes when zero).
	MaxBytes int64

	// Append is more Markdown written after each converted page's, such as
	// a summary of what the site lets an agent do.
	Append string

	// BasePath is a path prefix, such as "/api/affordances/md", under which
	// every GET or HEAD is a Markdown request for the page at the rest of
	// the path ("/api/affordances/md/blog/post" for "/blog/post"), for
	// sites that rewrite Markdown requests to it.
	BasePath string

	// Convert is how pages are converted. Its URL is set to each page's.
	Convert md.Options

	// Logger gets one line per Markdown request (slog.Default() when nil).
	Logger *slog.Logger

	// Transport is the round tripper NewProxy fetches pages and passes
	// requests on with (a clone of http.DefaultTransport with
	// DisableCompression when nil). It should leave redirects and
	// decompression to the handler, as an http.Transport with
	// DisableCompression does.
	Transport http.RoundTripper

	// IgnoreMarkdownFiles makes NewProxy render every page without first
	// asking the origin for a real .md file.
	IgnoreMarkdownFiles bool

	// LLMs, when set, answers /llms.txt and /llms-full.txt with this
	// Builder's files. Its Renderer defaults to the handler itself (each
	// page is what /page.md serves, without the caller's cookies), and its
	// index and sitemaps are fetched from the site (in-process for the
	// middleware; for a request-origin proxy, from the allowed host each
	// request names).
	LLMs *llms.Builder
}

// Handler answers Markdown requests for a site's pages and passes every
// other request on to the site. It is safe for concurrent use.
type Handler struct {
	origin   *url.URL // where pages come from; nil in request-origin mode
	pinned   bool     // origin is also the public origin (Middleware with Options.Origin)
	fetcher  fetcher
	next     http.Handler // where other requests go; nil: nowhere (request-origin proxy)
	vary     bool         // add Vary (varies) before calling next (middleware)
	probe    bool         // look for a real .md file first
	hosts    hostList
	basePath string
	timeout  time.Duration
	maxBytes int64
	append   string
	convert  md.Options
	log      *slog.Logger
	routes   atomic.Pointer[map[string]http.Handler]
	// converting holds a token per conversion running: converting a page
	// takes some 30 times its size in memory, and many requests for one
	// large page at once would take it all.
	converting chan struct{}
	// inFlight holds a token per Markdown request fetching, waiting to
	// convert or converting (not per one waiting for another's reply): each
	// holds its page's body, and thousands at once for a large page would
	// take gigabytes. Its size is inFlightCap's.
	inFlight  chan struct{}
	queueWait time.Duration      // queueWait, shorter in tests
	flights   singleflight.Group // identical anonymous requests being answered
	joined    func()             // tests: called when a request has joined its flight
}

// NewProxy returns a reverse proxy in front of the site at origin
// (scheme://host[:port]): Markdown requests are answered from its pages,
// every other request is passed on by an httputil.ReverseProxy, and the
// HTML pages passed on gain a Link to their Markdown twin and the Vary of
// their Markdown.
// An empty origin means Options.Origin, else $AFFORDANCES_MD_ORIGIN, else
// request-origin mode, which requires Options.AllowedHosts.
func NewProxy(origin string, opts Options) (*Handler, error) {
	if origin == "" {
		origin = opts.Origin
	}
	h, err := newHandler(origin, opts)
	if err != nil {
		return nil, err
	}
	if h.origin == nil && len(h.hosts) == 0 {
		return nil, errors.New("server: no origin: give one (or set " + OriginEnv + "), or list the allowed hosts for request-origin mode")
	}
	tr := opts.Transport
	if tr == nil {
		tr = defaultTransport()
	}
	h.fetcher = originFetcher{client: &http.Client{
		Transport:     tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	h.probe = !opts.IgnoreMarkdownFiles
	if h.origin != nil {
		h.next = h.reverseProxy(tr)
	}
	if opts.LLMs != nil {
		h.serveLLMs(*opts.LLMs)
	}
	return h, nil
}

// Middleware returns a handler that answers Markdown requests by calling
// next in-process for the page, and passes every other request to next.
// Other requests that could be negotiated gain the Vary of their Markdown.
func Middleware(next http.Handler, opts Options) (*Handler, error) {
	if next == nil {
		return nil, errors.New("server: Middleware needs the site's handler")
	}
	h, err := newHandler(opts.Origin, opts)
	if err != nil {
		return nil, err
	}
	h.pinned = h.origin != nil
	h.fetcher = handlerFetcher{next: next, maxBytes: h.maxBytes}
	h.next = next
	h.vary = true
	if opts.LLMs != nil {
		h.serveLLMs(*opts.LLMs)
	}
	return h, nil
}

func newHandler(origin string, opts Options) (*Handler, error) {
	h := &Handler{
		// Converting is CPU-bound: more at once than cores finishes none
		// sooner, and holds more pages in memory.
		converting: make(chan struct{}, max(2, runtime.GOMAXPROCS(0))),
		queueWait:  queueWait,
		timeout:    opts.Timeout,
		maxBytes:   opts.MaxBytes,
		append:     strings.TrimSpace(opts.Append),
		convert:    opts.Convert,
		log:        opts.Logger,
	}
	if origin == "" {
		origin = os.Getenv(OriginEnv)
	}
	if origin != "" {
		u, err := parseOrigin(origin)
		if err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
		h.origin = u
	}
	hosts, err := parseHostList(opts.AllowedHosts)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	h.hosts = hosts
	if bp := strings.TrimRight(opts.BasePath, "/"); bp != "" {
		if !strings.HasPrefix(bp, "/") || !safePath(bp, bp) {
			return nil, fmt.Errorf("server: base path %q: want a path such as /api/affordances/md", opts.BasePath)
		}
		h.basePath = bp
	}
	switch {
	case h.timeout < 0 || h.maxBytes < 0:
		return nil, errors.New("server: negative timeout or size limit")
	case h.timeout == 0:
		h.timeout = DefaultTimeout
	}
	if h.maxBytes == 0 {
		h.maxBytes = DefaultMaxBytes
	}
	h.inFlight = make(chan struct{}, inFlightCap(h.maxBytes, cap(h.converting)))
	if h.log == nil {
		h.log = slog.Default()
	}
	return h, nil
}

// Handle answers requests for exactly path with handler, before any other
// rule: the place for the routes served beside the pages' Markdown, such
// as /llms.txt and /llms-full.txt. It may be called at any time.
func (h *Handler) Handle(path string, handler http.Handler) {
	for {
		old := h.routes.Load()
		routes := map[string]http.Handler{path: handler}
		if old != nil {
			for p, rh := range *old {
				if p != path {
					routes[p] = rh
				}
			}
		}
		if h.routes.CompareAndSwap(old, &routes) {
			return
		}
	}
}

// ServeHTTP answers a Markdown request, or passes the request on.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if routes := h.routes.Load(); routes != nil {
		if rh, ok := (*routes)[r.URL.Path]; ok {
			rh.ServeHTTP(w, r)
			return
		}
	}
	mr, ok, err := h.markdownRequest(r)
	if !ok {
		h.passOn(w, r)
		return
	}
	start := time.Now()
	var rep *reply
	if err == nil {
		var t *target
		if t, err = h.requestTarget(r, mr); err == nil {
			rep, err = h.answer(r.Context(), t)
		}
	}
	if err != nil {
		rep = h.failReply(err)
	}
	n := 0
	if !errors.Is(err, context.Canceled) {
		n = h.write(w, r, rep)
	}
	h.logRequest(r, rep, n, err, time.Since(start))
}

// passOn sends a request that is not a Markdown request to the site.
func (h *Handler) passOn(w http.ResponseWriter, r *http.Request) {
	if h.next == nil {
		h.write(w, r, h.failReply(errMarkdownOnly))
		return
	}
	if h.vary && negotiated(r) {
		h.addVary(w.Header())
	}
	h.next.ServeHTTP(w, r)
}

// negotiated reports whether r's answer depends on its Accept header: a
// GET or HEAD of a path that is answered in Markdown when asked for.
func negotiated(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && negotiable(r.URL.Path)
}

// Render renders a page of the site as its Markdown request would be
// answered, without any caller's cookies or credentials, and returns the
// result. path is the page's path ("/", "/docs/intro", "/docs/intro.md"
// all work; a query is kept), or an absolute URL whose scheme and host are
// the site's public origin, used as the base of the page's links (in
// request-origin mode it is also where the page is fetched from, so its
// host must be allowed). A plain path needs the handler's origin.
//
// Redirects to the site itself are followed, at most 10. Every error is a
// *PageError: a page that does not end in a 2xx answer wraps ErrStatus; a
// page that fails wraps ErrTimeout, ErrTooLarge, ErrNotHTML or
// ErrUnreachable; a path that is not a safe page path, or names a host not
// allowed, wraps an error of its own (Status 400, 404 or 421).
func (h *Handler) Render(ctx context.Context, path string) (md.Result, error) {
	fail := func(err error) (md.Result, error) {
		status, _ := failure(err, h.timeout, h.maxBytes)
		return md.Result{}, &PageError{Path: path, Status: status, Err: err}
	}
	t, err := h.renderTarget(path)
	if err != nil {
		return fail(err)
	}
	ctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	for hops := 0; ; hops++ {
		// Render waits for a place in flight up to its timeout, not
		// briefly: a page it fails is left out of the llms files for as
		// long as they are cached.
		rep, err := h.admitted(ctx, t, h.timeout)
		switch {
		case err != nil:
			return fail(err)
		case rep.next != nil && hops < maxRedirects:
			t.page, t.query = rep.next.Path, rep.next.RawQuery
			continue
		case rep.status/100 != 2:
			err := fmt.Errorf("%w: %d %s", ErrStatus, rep.status, http.StatusText(rep.status))
			if loc := rep.header.Get("Location"); loc != "" {
				err = fmt.Errorf("%w, to %s", err, loc)
			}
			return md.Result{}, &PageError{Path: path, Status: rep.status, Err: err}
		}
		return rep.result, nil
	}
}

// hostPicksOrigin reports whether a request's host says where its page is
// fetched from: a proxy in request-origin mode.
func (h *Handler) hostPicksOrigin() bool {
	_, proxy := h.fetcher.(originFetcher)
	return proxy && h.origin == nil
}

// target is a page to render and how.
type target struct {
	page, query string
	site        *url.URL    // where the page is public: its links, its canonical URL
	origin      *url.URL    // where it is fetched from
	header      http.Header // what it is fetched with
	private     bool        // the caller sent a cookie or credentials
	remoteAddr  string      // the caller's, for the in-process request
	tls         *tls.ConnectionState
}

// requestTarget is the page a Markdown request asks for, and whom for.
//
// The links are on the request's origin, unless a pinned middleware fixes
// it. A request without a Host header (HTTP/1.0 sent straight to the
// handler: every browser and cache sends one) or with one that is no host
// name names no origin, and the handler's own origin is no answer: a
// proxy's is the site's internal address (http://127.0.0.1:3000), which
// the links would give away and a cache would keep under the page's public
// Cache-Control. Such a request is refused, 400 without a Host and 421 for
// one that is no host, as the llms files refuse it.
func (h *Handler) requestTarget(r *http.Request, mr mdRequest) (*target, error) {
	site, ok := requestSite(r)
	switch {
	case !ok && r.Host == "" && !h.pinned:
		return nil, errNoHost
	case len(h.hosts) > 0 && (!ok || !h.hosts.allows(site.Host, !h.hostPicksOrigin())):
		return nil, fmt.Errorf("%w: %q", errHost, r.Host)
	case !ok && !h.pinned:
		return nil, fmt.Errorf("%w: %q", errHost, r.Host)
	case h.pinned:
		site = h.origin
	}
	origin := h.origin
	if origin == nil {
		origin = site
	}
	return &target{
		page: mr.page, query: mr.query,
		site: site, origin: origin,
		header:     pageHeader(r.Header),
		private:    credentialed(r.Header),
		remoteAddr: r.RemoteAddr,
		tls:        r.TLS,
	}, nil
}

// renderTarget is the page Render is asked for.
func (h *Handler) renderTarget(path string) (*target, error) {
	u, err := url.Parse(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errBadPath, err)
	}
	site := h.origin
	switch {
	case u.IsAbs():
		if (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || !validHost(u.Host) {
			return nil, fmt.Errorf("%w: %q is not an http(s) URL", errBadPath, path)
		}
		site = &url.URL{Scheme: u.Scheme, Host: strings.ToLower(u.Host)}
		if len(h.hosts) > 0 && !h.hosts.allows(site.Host, !h.hostPicksOrigin()) && !sameOrigin(site, h.origin) {
			return nil, fmt.Errorf("%w: %q", errHost, u.Host)
		}
		if u.Path == "" {
			u.Path = "/"
		}
	case u.Host != "" || u.Opaque != "":
		return nil, fmt.Errorf("%w: %q", errBadPath, path)
	case site == nil:
		return nil, errNoOrigin
	}
	page, ok := pagePath(u.Path)
	if !safePath(page, u.EscapedPath()) {
		return nil, fmt.Errorf("%w: %q", errBadPath, path)
	}
	if !ok {
		return nil, fmt.Errorf("%w: %q", errNotPage, path)
	}
	origin := h.origin
	if origin == nil {
		origin = site
	}
	return &target{page: page, query: u.RawQuery, site: site, origin: origin, header: pageHeader(nil)}, nil
}

// reverseProxy is the proxy's way of passing requests on: unchanged, but
// for the X-Forwarded-For hop and the headers ReverseProxy always manages
// (hop-by-hop ones), as httputil.ReverseProxy does by default.
func (h *Handler) reverseProxy(tr http.RoundTripper) *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(h.origin)
			in := pr.In.Header
			pr.Out.Header["X-Forwarded-For"] = in["X-Forwarded-For"]
			pr.SetXForwarded()
			// Kept as they came, so a TLS-terminating proxy in front still
			// speaks for the client.
			for _, k := range []string{"X-Forwarded-Host", "X-Forwarded-Proto"} {
				if v := in.Values(k); len(v) > 0 {
					pr.Out.Header[k] = v
				}
			}
		},
		Transport:      tr,
		ModifyResponse: h.advertise,
		ErrorHandler:   h.proxyError,
		ErrorLog:       slog.NewLogLogger(h.log.Handler(), slog.LevelWarn),
	}
}

// proxyError answers a request the proxy could not pass on.
func (h *Handler) proxyError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) {
		return
	}
	h.log.LogAttrs(r.Context(), slog.LevelWarn, "proxy", slog.String("path", r.URL.Path), slog.String("error", err.Error()))
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusBadGateway)
	fmt.Fprintln(w, "The site could not be reached.")
}

// defaultTransport is http.DefaultTransport with room for the idle
// connections a busy proxy to one origin needs. It never asks for gzip
// itself: a request passed on keeps the client's Accept-Encoding (or its
// lack of one), and the answer its coding and Content-Length; page fetches
// ask for gzip explicitly and decode it under the size limit.
func defaultTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 64
	t.DisableCompression = true
	return t
}

// logRequest writes the line of one Markdown request.
func (h *Handler) logRequest(r *http.Request, rep *reply, n int, err error, d time.Duration) {
	level := slog.LevelInfo
	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("path", r.URL.Path),
		slog.Int("status", rep.status),
		slog.Int("bytes", n),
		slog.Int("tokens", rep.tokens),
		slog.Duration("duration", d),
		slog.Duration("origin", rep.took),
	}
	if rep.shared {
		attrs = append(attrs, slog.Bool("shared", true))
	}
	if err != nil {
		if rep.status >= 500 {
			level = slog.LevelWarn
		}
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	h.log.LogAttrs(r.Context(), level, "markdown", attrs...)
}
