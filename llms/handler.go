package llms

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"

	"github.com/affordances/affordances-md/internal/requrl"
)

// TxtHandler returns a handler that serves llms.txt (see WriteTxt), and
// FullHandler one that serves llms-full.txt (see WriteFull). Each request
// lists the site's pages (Discover) and renders them; the response is
// streamed, with
//
//	Content-Type: text/plain; charset=utf-8
//	Cache-Control: public, s-maxage=3600
//
// so a shared cache answers for an hour (with Vary: Host,
// X-Forwarded-Proto when the links are on the request's origin). Pages are
// rendered through the Renderer by path only: the request's cookies,
// authorization and other headers never reach them, so both files are the
// public site.
//
// Without Builder.URL, links are made absolute on the request's own
// scheme (X-Forwarded-Proto's, behind a TLS-terminating proxy) and host; the index and sitemaps are still fetched only from
// Builder.Origin, never from the request's host. Each handler builds one
// file at a time: a request arriving during a build is answered 503 with
// Retry-After, so a burst of requests cannot multiply the site's load.
// GET and HEAD only; HEAD answers the headers without building.
func (b *Builder) TxtHandler() http.Handler {
	return &handler{b: b, name: "llms.txt", write: (*Builder).WriteTxt, busy: make(chan struct{}, 1)}
}

// FullHandler returns a handler that serves llms-full.txt: see
// TxtHandler.
func (b *Builder) FullHandler() http.Handler {
	return &handler{b: b, name: "llms-full.txt", write: (*Builder).WriteFull, busy: make(chan struct{}, 1)}
}

type handler struct {
	b     *Builder
	name  string
	write func(*Builder, context.Context, io.Writer, *Site) error
	busy  chan struct{} // holds a token while a build runs
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		plain(w, http.StatusMethodNotAllowed, h.name+" answers GET and HEAD only.")
		return
	}
	if r.Method == http.MethodHead {
		h.headers(w)
		w.WriteHeader(http.StatusOK)
		return
	}
	select {
	case h.busy <- struct{}{}:
		defer func() { <-h.busy }()
	default:
		w.Header().Set("Retry-After", "30")
		plain(w, http.StatusServiceUnavailable, h.name+" is being built for another request: retry in a moment.")
		return
	}

	b := *h.b // a copy per request: the Builder is shared
	if b.URL == "" {
		b.requestURL = requestOrigin(r)
	}
	log := b.logger()
	site, err := b.Discover(r.Context())
	switch {
	case errors.Is(err, ErrNoPages):
		plain(w, http.StatusNotFound, "This site has no "+h.name+": it has no page list (no Affordances index, no sitemap).")
		return
	case err != nil:
		log.Error("llms: page list not read", "file", h.name, "err", err)
		plain(w, http.StatusBadGateway, h.name+" could not be built: the site's page list could not be read.")
		return
	}
	h.headers(w)
	w.WriteHeader(http.StatusOK)
	if err := h.write(&b, r.Context(), w, site); err != nil && r.Context().Err() == nil {
		// Headers are sent: all that is left is to end the body early.
		log.Error("llms: file cut short", "file", h.name, "err", err)
	}
}

func (h *handler) headers(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, s-maxage=3600")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if h.b.URL == "" {
		// The links are on the request's host and scheme: a shared cache
		// keyed on something else (nginx's default key names the
		// upstream) must not keep one request's links for every reader.
		w.Header().Add("Vary", "Host, X-Forwarded-Proto")
	}
}

// plain writes a short error answer that no cache keeps.
func plain(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	io.WriteString(w, msg+"\n")
}

// requestOrigin is the scheme and host the request was made to: the
// scheme a TLS-terminating proxy names in X-Forwarded-Proto, as the
// server's pages take it, so that llms.txt links as they do.
func requestOrigin(r *http.Request) string {
	return (&url.URL{Scheme: requrl.Scheme(r), Host: r.Host}).String()
}
