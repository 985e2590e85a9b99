package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
)

// llmsFileBytes bounds an index or sitemap fetched in-process by the
// middleware's llms files, as llms.Limits bounds them over HTTP.
const llmsFileBytes = 50 << 20

// serveLLMs answers /llms.txt and /llms-full.txt with b's files. The pages
// are rendered by h, exactly as /page.md serves them, without the caller's
// cookies, with links on the public origin the request for the file was
// addressed to (or b.URL). The index and sitemaps come from the site: over
// HTTP from the origin for the proxy, in-process for the middleware, and,
// for a request-origin proxy, from the allowed host each request names.
func (h *Handler) serveLLMs(b llms.Builder) {
	if b.Renderer == nil {
		b.Renderer = siteRenderer{h}
	}
	if b.URL == "" && h.pinned {
		// The pages link on the pinned public origin: so do the files.
		b.URL = h.origin.String()
	}
	perSite := false
	switch f := h.fetcher.(type) {
	case handlerFetcher:
		// The site is called in-process, whatever host the URL names: a
		// placeholder origin stands for it, and the site sees the host
		// the request for the file was addressed to.
		f.maxBytes = llmsFileBytes
		if b.Client == nil {
			b.Client = &http.Client{Transport: fetcherTransport{f}}
		}
		if b.Origin == "" {
			b.Origin = inProcessOrigin
		}
	case originFetcher:
		if b.Client == nil {
			b.Client = f.client
		}
		if b.Origin == "" && h.origin != nil {
			b.Origin = h.origin.String()
		}
		perSite = b.Origin == ""
	}
	// The pages' links are on b.URL when it is set, as the files' own are.
	// A request-origin proxy fetches each page from the host the request
	// names, so there the request's host stays the pages' site.
	var public *url.URL
	if b.URL != "" && !perSite {
		public, _ = parseOrigin(b.URL) // a bad URL fails the build, in llms
	}
	for path, handler := range map[string]func(*llms.Builder) http.Handler{
		"/llms.txt":      (*llms.Builder).TxtHandler,
		"/llms-full.txt": (*llms.Builder).FullHandler,
	} {
		file := handler(&b)
		busy := make(chan struct{}, 1)
		serve := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			site := h.publicSite(r)
			// The files are cached for an hour by a shared cache: not for a
			// host the allowed hosts do not name, nor for a Host header that
			// is no host (the llms handlers would link on it as it came).
			if site == nil && (public == nil || len(h.hosts) > 0) {
				// 400 without a Host header, as /page.md answers it.
				err := fmt.Errorf("%w: %q", errHost, r.Host)
				if r.Host == "" {
					err = errNoHost
				}
				h.write(w, r, h.failReply(err))
				return
			}
			if public != nil {
				site = public
			}
			// The files are public: what the request's context carries (a
			// user an outer middleware signed in, say) must not reach the
			// pages, as its cookies do not. Only its cancellation is kept.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			defer context.AfterFunc(r.Context(), cancel)()
			ctx = context.WithValue(ctx, siteKey{}, site)
			r = r.WithContext(ctx)
			if !perSite {
				file.ServeHTTP(w, r)
				return
			}
			// A request-origin proxy lists the site the request names,
			// once its host is allowed, one build at a time across sites
			// as the llms handlers do for one.
			if r.Method == http.MethodGet {
				select {
				case busy <- struct{}{}:
					defer func() { <-busy }()
				default:
					w.Header().Set("Retry-After", "30")
					w.Header().Set("Cache-Control", "no-store")
					http.Error(w, strings.TrimPrefix(path, "/")+" is being built for another request: retry in a moment.", http.StatusServiceUnavailable)
					return
				}
			}
			sb := b
			sb.Origin = site.String()
			handler(&sb).ServeHTTP(w, r)
		})
		h.Handle(path, serve)
		if h.basePath != "" {
			// A router that rewrites Markdown requests under the base
			// path may send the llms files there too.
			h.Handle(h.basePath+path, serve)
		}
	}
}

// publicSite is the public origin of the site a request was addressed to,
// as /page.md uses it for links; nil when the request cannot say.
func (h *Handler) publicSite(r *http.Request) *url.URL {
	if h.pinned {
		return h.origin
	}
	site, ok := requestSite(r)
	if !ok || (len(h.hosts) > 0 && !h.hosts.allows(site.Host, !h.hostPicksOrigin())) {
		return nil
	}
	return site
}

type siteKey struct{}

// siteRenderer renders a page of the site for the llms files: with the
// public origin of the request that asked for the file, when there is one.
type siteRenderer struct{ h *Handler }

func (s siteRenderer) Render(ctx context.Context, path string) (md.Result, error) {
	if site, ok := ctx.Value(siteKey{}).(*url.URL); ok && strings.HasPrefix(path, "/") {
		path = site.String() + path
	}
	return s.h.Render(ctx, path)
}

// inProcessOrigin names the site a middleware calls in-process (.invalid
// is reserved: it can never be a real host).
const inProcessOrigin = "http://site.invalid"

// fetcherTransport lets an http.Client fetch from the site in-process. The
// site sees the public host of the request the fetch is made for.
type fetcherTransport struct{ f fetcher }

func (t fetcherTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	if site, ok := req.Context().Value(siteKey{}).(*url.URL); ok {
		req.Host = site.Host
	}
	return t.f.fetch(req)
}
