package server

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/affordances/affordances-md/md"
)

// reply is the answer to a Markdown request, before it is written.
type reply struct {
	status int
	header http.Header
	body   []byte
	tokens int
	result md.Result     // the page, for Render
	next   *url.URL      // a redirect to another page of the site
	took   time.Duration // fetching the page
	shared bool          // made for another, identical request
}

// markdown fetches the page t names and makes its Markdown reply. Errors
// are the package's: the fetch's own are classified here, in one place.
func (h *Handler) markdown(ctx context.Context, t *target) (*reply, error) {
	ctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	start := time.Now()
	resp, err := h.load(ctx, t)
	if err != nil {
		return nil, h.fetchError(ctx, err)
	}
	defer resp.Body.Close()

	if isRedirect(resp) {
		rep, err := h.redirect(t, resp)
		if rep != nil {
			rep.took = time.Since(start)
		}
		return rep, err
	}
	ct := resp.Header.Get("Content-Type")
	kind := contentKind(ct)
	if kind == kindOther {
		return nil, fmt.Errorf("%w: %s", ErrNotHTML, ct)
	}
	// Every line of Content-Encoding: a second coding on its own line must
	// not pass for the identity.
	coding := strings.Join(resp.Header.Values("Content-Encoding"), ",")
	body, err := readBody(resp.Body, coding, resp.ContentLength, h.maxBytes)
	if err != nil {
		return nil, h.fetchError(ctx, err)
	}
	took := time.Since(start)
	if kind == kindUnknown {
		ct = http.DetectContentType(body)
		if kind = contentKind(ct); kind == kindOther {
			return nil, fmt.Errorf("%w: %s (sniffed)", ErrNotHTML, ct)
		}
	}
	var rep *reply
	if kind == kindHTML {
		rep, err = h.convertPage(ctx, t, resp, ct, body)
	} else {
		rep = h.textPage(t, resp, ct, body)
	}
	if rep != nil {
		rep.took = took
	}
	return rep, err
}

// fetchError tells what a fetch's error means: the page was too slow, the
// caller went away, or the origin failed.
func (h *Handler) fetchError(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, ErrTooLarge), errors.Is(err, errEncoding), errors.Is(err, errSite):
		return err
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w: more than %v", ErrTimeout, h.timeout)
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, ErrUnreachable):
		return err
	}
	return fmt.Errorf("%w: %w", ErrUnreachable, err)
}

// load fetches the page: its real .md file when the proxy looks for one
// and the origin has it, else the page itself.
func (h *Handler) load(ctx context.Context, t *target) (*http.Response, error) {
	if h.probe {
		resp, err := h.get(ctx, t, mdPath(t.page))
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, err // slow for the file, slow for the page
		case err == nil && markdownFile(resp):
			return resp, nil
		case err == nil:
			// Read a little, so a small 404 leaves its connection reusable.
			io.CopyN(io.Discard, resp.Body, 4<<10)
			resp.Body.Close()
		}
	}
	return h.get(ctx, t, t.page)
}

// get fetches path from t's origin, with t's headers.
func (h *Handler) get(ctx context.Context, t *target, path string) (*http.Response, error) {
	u := pageURL(t.origin, path, t.query)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errBadPath, err)
	}
	req.URL, req.Host = u, u.Host // exactly the URL built, not its text re-read
	req.Header = t.header.Clone()
	req.RemoteAddr, req.TLS = t.remoteAddr, t.tls
	return h.fetcher.fetch(req)
}

// markdownFile reports whether the origin's answer for a .md path is a
// real Markdown file rather than, say, its 404 page.
func markdownFile(resp *http.Response) bool {
	return resp.StatusCode/100 == 2 && contentKind(resp.Header.Get("Content-Type")) == kindText
}

func isRedirect(resp *http.Response) bool {
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return resp.Header.Get("Location") != ""
	}
	return false
}

// redirect answers a page's redirect: to the site itself, with a redirect
// to the target's .md (or to the target itself when it is not a page, such
// as a file); to another origin, with the page's own Location.
func (h *Handler) redirect(t *target, resp *http.Response) (*reply, error) {
	loc := resp.Header.Get("Location")
	u, err := resp.Request.URL.Parse(loc)
	if err != nil {
		return nil, fmt.Errorf("%w: Location %q: %w", errRedirect, loc, err)
	}
	rep := &reply{status: resp.StatusCode, header: h.pageHeaders(t, resp.Header)}
	if sameOrigin(u, t.origin) || sameOrigin(u, t.site) {
		if !safePath(u.Path, u.EscapedPath()) {
			return nil, fmt.Errorf("%w: Location %q", errRedirect, loc)
		}
		to := &url.URL{Path: u.Path, RawPath: u.RawPath, RawQuery: u.RawQuery, Fragment: u.Fragment}
		if negotiable(u.Path) {
			rep.next = &url.URL{Path: u.Path, RawQuery: u.RawQuery}
			to.Path, to.RawPath = mdPath(u.Path), ""
		}
		loc = to.String()
	}
	rep.header.Set("Location", loc)
	rep.header.Set("Content-Type", "text/markdown; charset=utf-8")
	rep.body = []byte("This page moved to [" + escapeLinkText(loc) + "](<" + escapeDest(loc) + ">).\n")
	rep.tokens = h.countTokens(string(rep.body))
	return rep, nil
}

// convertPage converts an HTML page, when a conversion slot frees up
// before ctx is done.
func (h *Handler) convertPage(ctx context.Context, t *target, resp *http.Response, ct string, body []byte) (*reply, error) {
	select {
	case h.converting <- struct{}{}:
		defer func() { <-h.converting }()
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, errBusy
		}
		return nil, ctx.Err()
	}
	opts := h.convert
	opts.URL = pageURL(t.site, t.page, t.query).String()
	if _, params, err := mime.ParseMediaType(ct); err == nil {
		opts.Charset = params["charset"]
	}
	res, err := md.Convert(body, opts)
	switch {
	case errors.Is(err, md.ErrNotHTML):
		return nil, fmt.Errorf("%w: %w", ErrNotHTML, err)
	case err != nil:
		return nil, fmt.Errorf("%w: %w", errConvert, err)
	}
	if h.append != "" {
		added := h.append + "\n"
		if res.Markdown != "" {
			added = "\n" + added
			if !strings.HasSuffix(res.Markdown, "\n") {
				added = "\n" + added
			}
		}
		res.Markdown += added
		res.Tokens = h.countTokens(res.Markdown)
	}
	rep := &reply{status: resp.StatusCode, header: h.pageHeaders(t, resp.Header), body: []byte(res.Markdown), tokens: res.Tokens, result: res}
	rep.header.Set("Content-Type", "text/markdown; charset=utf-8")
	if link := headerURL(res.URL); link != "" {
		rep.header.Set("Link", "<"+link+">; rel=\"canonical\"")
	}
	return rep, nil
}

// textPage passes a text/plain or text/markdown page through.
func (h *Handler) textPage(t *target, resp *http.Response, ct string, body []byte) *reply {
	s := string(body)
	res := md.Result{Markdown: s, URL: pageURL(t.site, t.page, t.query).String(), Tokens: h.countTokens(s)}
	rep := &reply{status: resp.StatusCode, header: h.pageHeaders(t, resp.Header), body: body, tokens: res.Tokens, result: res}
	rep.header.Set("Content-Type", ct)
	return rep
}

// pageHeaders are the caching headers of a reply made from a page: Vary
// with the handler's fields added to the page's, and Cache-Control by the
// privacy rules.
func (h *Handler) pageHeaders(t *target, page http.Header) http.Header {
	hd := make(http.Header, 6)
	hd.Set("Vary", vary(page.Values("Vary"), h.varies()...))
	if cc := cacheControl(t.private, page); cc != "" {
		hd.Set("Cache-Control", cc)
	}
	return hd
}

// varies is what every answer at a negotiable URL varies on: Accept, and,
// where the Markdown's links are on the request's origin, Host and
// X-Forwarded-Proto, so that a cache keyed on something else (nginx's
// default key names the upstream, not the Host) cannot give the links one
// request named to every reader. The HTML and the Markdown at one URL name
// the same fields: nginx keeps a URL's variants apart only then.
func (h *Handler) varies() []string {
	if h.pinned {
		return []string{"Accept"}
	}
	return []string{"Accept", "Host", "X-Forwarded-Proto"}
}

// cacheControl is a reply's Cache-Control: "private, no-store" when the
// caller sent a cookie or credentials, or the page is private, no-store or
// sets a cookie; else the page's own (empty when it has none).
func cacheControl(private bool, page http.Header) string {
	cc := strings.Join(page.Values("Cache-Control"), ", ")
	if private || len(page.Values("Set-Cookie")) > 0 || hasDirective(cc, "private") || hasDirective(cc, "no-store") {
		return "private, no-store"
	}
	return cc
}

// hasDirective reports whether a Cache-Control value has the directive
// name, with or without a value (private="Set-Cookie" is private).
func hasDirective(cc, name string) bool {
	for d := range strings.SplitSeq(cc, ",") {
		d, _, _ = strings.Cut(d, "=")
		if strings.EqualFold(strings.TrimSpace(d), name) {
			return true
		}
	}
	return false
}

// vary is the page's Vary list with fields added.
func vary(page []string, add ...string) string {
	var fields []string
	seen := map[string]bool{}
	for _, v := range page {
		for f := range strings.SplitSeq(v, ",") {
			f = http.CanonicalHeaderKey(strings.TrimSpace(f))
			if f == "*" {
				return "*"
			}
			if f != "" && !seen[f] {
				seen[f] = true
				fields = append(fields, f)
			}
		}
	}
	for _, f := range add {
		if !seen[f] {
			seen[f] = true
			fields = append(fields, f)
		}
	}
	return strings.Join(fields, ", ")
}

// failReply is the answer to a failed Markdown request: a status and one
// Markdown sentence, never the error's text.
func (h *Handler) failReply(err error) *reply {
	status, msg := failure(err, h.timeout, h.maxBytes)
	body := msg + "\n"
	rep := &reply{
		status: status,
		header: http.Header{
			"Content-Type":  {"text/markdown; charset=utf-8"},
			"Cache-Control": {"no-store"},
			"Vary":          {"Accept"},
		},
		body:   []byte(body),
		tokens: h.countTokens(body),
	}
	if status == http.StatusServiceUnavailable {
		rep.header.Set("Retry-After", "5")
	}
	return rep
}

// write sends a reply: 304 when it is a 200 the caller already has, no
// body for HEAD. It returns the bytes of body written.
func (h *Handler) write(w http.ResponseWriter, r *http.Request, rep *reply) int {
	hd := w.Header()
	for k, v := range rep.header {
		if k == "Vary" {
			hd[k] = append(hd[k], v...) // an outer handler's Vary still holds
			continue
		}
		hd[k] = v
	}
	hd.Set("X-Affordances-Tokens", strconv.Itoa(rep.tokens))
	// The Markdown holds the page's text as written, "<script>" a comment
	// quoted included: no browser may read it as HTML on the site's origin.
	hd.Set("X-Content-Type-Options", "nosniff")
	if rep.status == http.StatusOK {
		etag := etagOf(rep.body)
		hd.Set("ETag", etag)
		if noneMatch(r.Header.Values("If-None-Match"), etag) {
			hd.Del("Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return 0
		}
	}
	hd.Set("Content-Length", strconv.Itoa(len(rep.body)))
	w.WriteHeader(rep.status)
	if r.Method == http.MethodHead {
		return 0
	}
	n, _ := w.Write(rep.body)
	return n
}

// etagOf is a strong validator of a body: its bytes' SHA-256, shortened.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
}

// noneMatch reports whether If-None-Match values name etag, or "*"
// (compared weakly, as RFC 9110 says for If-None-Match).
func noneMatch(values []string, etag string) bool {
	for _, v := range values {
		for tag := range strings.SplitSeq(v, ",") {
			tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
			if tag == "*" || tag == etag {
				return true
			}
		}
	}
	return false
}

// advertise is the proxy's ModifyResponse: the answer to a request that
// could have been negotiated varies as its Markdown would, and an HTML
// page links to its Markdown twin.
func (h *Handler) advertise(resp *http.Response) error {
	req := resp.Request
	if !negotiated(req) || !safePath(req.URL.Path, req.URL.EscapedPath()) {
		return nil
	}
	h.addVary(resp.Header)
	if resp.StatusCode/100 == 2 && contentKind(resp.Header.Get("Content-Type")) == kindHTML {
		twin := &url.URL{Path: mdPath(req.URL.Path), RawQuery: req.URL.RawQuery}
		resp.Header.Add("Link", "<"+headerURL(twin.String())+`>; rel="alternate"; type="text/markdown"`)
	}
	return nil
}

// addVary adds to hd's Vary the fields of varies it does not name.
func (h *Handler) addVary(hd http.Header) {
	var add []string
	for _, f := range h.varies() {
		if !hasVary(hd.Values("Vary"), f) {
			add = append(add, f)
		}
	}
	if len(add) > 0 {
		hd.Add("Vary", strings.Join(add, ", "))
	}
}

// hasVary reports whether Vary values list name (or "*").
func hasVary(values []string, name string) bool {
	for _, v := range values {
		for f := range strings.SplitSeq(v, ",") {
			if f = strings.TrimSpace(f); f == "*" || strings.EqualFold(f, name) {
				return true
			}
		}
	}
	return false
}

// The kinds of page content.
const (
	kindUnknown = iota // no Content-Type: sniffed from the body
	kindHTML
	kindText  // text/plain, text/markdown: passed through
	kindOther // anything else: 406
)

func contentKind(ct string) int {
	if strings.TrimSpace(ct) == "" {
		return kindUnknown
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		mt, _, _ = strings.Cut(strings.ToLower(ct), ";")
		mt = strings.TrimSpace(mt)
	}
	switch mt {
	case "text/html", "application/xhtml+xml":
		return kindHTML
	case "text/plain", "text/markdown", "text/x-markdown":
		return kindText
	}
	return kindOther
}

// headerURL makes a URL safe inside a header's <...>: an absolute http(s)
// URL or an absolute path, with the characters that would end it escaped.
// It returns "" for anything else.
func headerURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || (u.IsAbs() && u.Scheme != "http" && u.Scheme != "https") || (!u.IsAbs() && !strings.HasPrefix(u.Path, "/")) {
		return ""
	}
	return headerEscaper.Replace(u.String())
}

var headerEscaper = strings.NewReplacer("<", "%3C", ">", "%3E", `"`, "%22", " ", "%20", "\r", "", "\n", "")

// escapeLinkText and escapeDest make a URL safe as a Markdown link's text
// and as its <destination>.
func escapeLinkText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "*", `\*`, "_", `\_`, "`", "\\`", "<", `\<`).Replace(s)
}

func escapeDest(s string) string {
	return strings.NewReplacer("<", "%3C", ">", "%3E", "\n", "", "\r", "").Replace(s)
}

// countTokens counts s as the converter counts a page: with the counter of
// Options.Convert.Tokens, else the estimate (characters / 4, rounded up).
func (h *Handler) countTokens(s string) int {
	if c := h.convert.Tokens; c != nil {
		return c.CountTokens(s)
	}
	return (utf8.RuneCountInString(s) + 3) / 4
}
