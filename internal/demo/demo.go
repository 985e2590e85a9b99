// Package demo is the site that "affordances-md demo" serves: Acme Store,
// a small Go site (html/template, every file embedded) with a page for each
// thing affordances-md does, behind server.Middleware.
//
// The pages:
//
//	/                    the catalogue, in main markers; a newsletter form skipped
//	/products/{slug}     main markers, a skipped share menu, a text marker for the
//	                     colour swatches, an only marker for the stock
//	/streamed            a real Next.js 16 response replayed with its timing: Suspense
//	                     fallbacks first, the content later in the same response
//	/checkout            a form: labels, a radio group, a select, a hidden CSRF input,
//	                     an error message, a prefilled email
//	/docs/orders-api     a table, code with a title, <details>, a definition list, JSON-LD
//	/account             private: sets a session cookie
//	/tee                 a redirect to /products/heavyweight-tee
//
// and the files that describe the site: /.well-known/affordances.json (the
// site index), /sitemap.xml and /robots.txt. The middleware adds every
// page's Markdown twin and /llms.txt and /llms-full.txt.
package demo

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/server"
)

// Name and Summary head the store's llms.txt.
const (
	Name    = "Acme Store"
	Summary = "Studio goods made in small runs in Lisbon: a demo of affordances-md."
)

// Options configures the demo. The zero value is usable.
type Options struct {
	// Logger gets the middleware's line for each Markdown request
	// (slog.Default() when nil).
	Logger *slog.Logger

	// Wait pauses between two chunks of the streamed page for d, or until
	// ctx is done (returning its error). The default waits for real; a
	// test may hold the stream at a chunk with its own.
	Wait func(ctx context.Context, d time.Duration) error
}

// Store returns the store alone, as it is without affordances-md: its
// HTML pages and the files that describe it.
func Store(opts Options) (http.Handler, error) {
	return newStore(opts)
}

// New returns the demo: the store behind server.Middleware, so that each
// page has its Markdown twin (/page.md, or Accept: text/markdown), and
// /llms.txt and /llms-full.txt list the store.
func New(opts Options) (http.Handler, error) {
	st, err := newStore(opts)
	if err != nil {
		return nil, err
	}
	return server.Middleware(st, server.Options{
		Logger: opts.Logger,
		LLMs: &llms.Builder{
			Name:     Name,
			Summary:  Summary,
			Sections: sections,
			Logger:   opts.Logger,
		},
	})
}

// sections lists the pages of the llms files: the site index's routes
// that need no params, except private ones (a page that needs a session
// says nothing useful without one), then every product, which the index
// only knows as /products/[slug].
func sections(ctx context.Context, routes []llms.Page) ([]llms.Section, error) {
	private := map[string]bool{}
	for _, r := range siteRoutes() {
		private[r.Pattern] = r.Private
	}
	var pages []llms.Page
	for _, r := range routes {
		if !private[r.URL] {
			pages = append(pages, r)
		}
	}
	var products []llms.Page
	for _, p := range catalogue() {
		products = append(products, llms.Page{URL: "/products/" + p.Slug})
	}
	return []llms.Section{{Title: "Pages", Pages: pages}, {Title: "Products", Pages: products}}, nil
}

// A Stop is one thing to try on the demo, in the order the demo command
// prints them.
type Stop struct {
	// Path is the page's path, or the file's.
	Path string
	// Note says, for people, what to look at.
	Note string
	// Page reports whether Path is a page, with a Markdown twin; else it
	// is a file to fetch as it is.
	Page bool
	// Headers reports whether the response's headers are the point (its
	// status, Location or Cache-Control): show them with the body.
	Headers bool
}

// Tour lists what to try on the demo: every page, then the files for
// agents and those that describe the site.
func Tour() []Stop {
	return []Stop{
		{Path: "/", Page: true, Note: "The home page: main markers choose the catalogue; the newsletter form is skipped"},
		{Path: "/products/heavyweight-tee", Page: true, Note: "A product: the share menu skipped, the colour swatches written as text, the stock (hidden from people) included"},
		{Path: "/streamed", Page: true, Note: "A real Next.js 16 response replayed with its timing: the Markdown has the streamed Suspense content, not the fallbacks sent first (add -N to curl the HTML to watch it arrive)"},
		{Path: "/checkout", Page: true, Note: "A form becomes the list of what it asks for: no value, placeholder or CSRF token"},
		{Path: "/docs/orders-api", Page: true, Note: "A table, code with a title, <details>, a definition list and JSON-LD"},
		{Path: "/account", Page: true, Headers: true, Note: "A private page that sets a cookie: its Markdown is Cache-Control: private, no-store"},
		{Path: "/tee", Page: true, Headers: true, Note: "A redirect: its Markdown is a redirect to the target's .md"},
		{Path: "/llms.txt", Note: "The index for agents: every page's Markdown, with the site index's descriptions"},
		{Path: "/llms-full.txt", Note: "Every page's Markdown in one file"},
		{Path: llms.IndexPath, Note: "The site index the llms files are built from"},
		{Path: "/sitemap.xml", Note: "The sitemap, for crawlers (and for llms files, on sites with no index)"},
	}
}
