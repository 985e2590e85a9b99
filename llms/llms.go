// Package llms builds a site's llms.txt and llms-full.txt, and checks
// llms.txt files.
//
// A Builder lists a site's pages (Discover), from, in order of preference:
// sections the operator gives, the site's Affordances index at
// /.well-known/affordances.json (every route without a [param] segment),
// or its sitemap (robots.txt's Sitemap lines, else /sitemap.xml), grouped
// into sections by first path segment. It then renders each page through a
// Renderer, the same one that serves /page.md, and writes:
//
//	llms.txt       WriteTxt: "# Name", "> summary", the lines on reading the
//	               site as Markdown, then "## Section" lists of
//	               "- [Title](https://site/page.md): description"
//	llms-full.txt  WriteFull: every page's Markdown in order, frontmatter
//	               stripped, each headed "# Title (url)"
//
// Pages are rendered concurrently and written in order as a stream: at most
// Concurrency rendered pages are held at once, however many the site has. A
// page that fails to render is left out and logged; it never fails the file.
//
// Only the site's own origin is ever fetched: the index, robots.txt and
// sitemaps from Builder.Origin, and pages through the Renderer by path. A
// sitemap entry on another origin is dropped.
//
// Parse reads an llms.txt with the rules of the reference parser
// (AnswerDotAI's llms_txt miniparse) and checks it against a CommonMark
// reading, reporting each problem with its line.
package llms

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/affordances/affordances-md/md"
)

// Renderer renders one page of the site as Markdown, exactly as /page.md
// serves it, without any caller's cookies or authorization. path is the
// page's path on the site, with its query if it has one ("/docs/intro",
// "/" for the home page). The error says why a page failed: its status, a
// timeout, a page too large, or one that is not HTML.
type Renderer interface {
	Render(ctx context.Context, path string) (md.Result, error)
}

// Page is one page of a section.
//
// URL is a path on the site ("/cart") or an absolute URL. A page without a
// Title is rendered to read its title and meta description; a page with a
// Title is listed in llms.txt as given, without rendering (llms-full.txt
// still renders it). Description, when set, is written instead of the meta
// description: the site index's route descriptions arrive this way.
//
// A page on another origin is never fetched: it is listed in llms.txt only
// when it has a Title, linked as given, and left out of llms-full.txt.
type Page struct {
	// URL is the page's path on the site, or an absolute URL.
	URL string
	// Title is the title to list the page with; empty to read the page's.
	Title string
	// Description is the text after the link; empty for the page's meta
	// description.
	Description string
}

// Section is a "## Title" list of pages.
type Section struct {
	// Title is the section's "## Title".
	Title string
	// Pages are its pages, in order.
	Pages []Page
}

// Site is a site's page list, as Discover found it.
type Site struct {
	// Name is the site index's name, or "".
	Name string
	// Index reports whether the site has an Affordances index: llms.txt
	// then tells agents they can ask pages for their graph.
	Index bool
	// Sections are the pages, in order.
	Sections []Section
}

// Limits bound what a Builder reads. A zero field takes its default.
type Limits struct {
	// MaxPages is the most pages listed; the rest of a longer index or
	// sitemap is dropped, with a warning. Default 50,000 (the most one
	// sitemap may list).
	MaxPages int
	// MaxBytes is the most bytes read of the site index, robots.txt or one
	// sitemap, counted after decompression. Default 50 MB (the sitemap
	// protocol's limit).
	MaxBytes int64
	// MaxSitemaps is the most sitemap files fetched, sitemap indexes
	// included. Default 100.
	MaxSitemaps int
	// MaxDepth is how deep sitemap indexes may nest: 1 reads only the
	// sitemaps the index lists. Default 3.
	MaxDepth int
	// FetchTimeout bounds each fetch of the index, robots.txt or a sitemap,
	// body included. Default 10 s.
	FetchTimeout time.Duration
	// PageTimeout bounds each page's rendering, a safety net behind the
	// Renderer's own timeout. Default 30 s.
	PageTimeout time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.MaxPages <= 0 {
		l.MaxPages = 50_000
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = 50 << 20
	}
	if l.MaxSitemaps <= 0 {
		l.MaxSitemaps = 100
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = 3
	}
	if l.FetchTimeout <= 0 {
		l.FetchTimeout = 10 * time.Second
	}
	if l.PageTimeout <= 0 {
		l.PageTimeout = 30 * time.Second
	}
	return l
}

// DefaultConcurrency is how many pages are rendered at once by default,
// and MaxConcurrency the most a Builder uses whatever it is given.
const (
	DefaultConcurrency = 8
	MaxConcurrency     = 256
)

// A Builder lists a site's pages and writes its llms.txt and llms-full.txt.
// Its methods do not modify it: one Builder may serve concurrent requests.
type Builder struct {
	// Renderer renders each page; it is required to write either file.
	Renderer Renderer

	// URL is the site's public origin ("https://acme.store"): links in
	// both files are absolute on it. The handlers default it to the
	// request's own scheme and host.
	URL string
	// Origin is where the site index, robots.txt and sitemaps are fetched
	// from (for example "http://127.0.0.1:3000" behind a proxy). Default
	// URL. Absolute URLs in sitemaps may name either.
	Origin string
	// Client fetches the index, robots.txt and sitemaps (default
	// http.DefaultClient). Its redirects are followed only within Origin.
	Client *http.Client

	// Name is llms.txt's "# heading". Default the index's name, else the
	// site's host.
	Name string
	// Summary is the "> summary" under it, on one line.
	Summary string
	// Intro is more Markdown before the page lists. It may not contain
	// headings: llms.txt readers take "##" lines for sections.
	Intro string
	// Full is where llms-full.txt is, to link it from llms.txt: a path or
	// an absolute URL. Default "/llms-full.txt".
	Full string
	// NoFull leaves the link to llms-full.txt out of llms.txt. The line
	// saying every page is also Markdown stays: it holds either way.
	NoFull bool

	// Sections, when set, lists the pages instead of the index or the
	// sitemap. It is given the index's routes that need no params (nil
	// without an index), each a Page with the route's description.
	Sections func(ctx context.Context, routes []Page) ([]Section, error)
	// Sitemap is a sitemap to read (a path or a URL on the site) instead
	// of the index's routes and the sitemaps robots.txt names.
	Sitemap string

	// Concurrency is how many pages are rendered at once (default
	// DefaultConcurrency, at most MaxConcurrency); it also bounds how many
	// rendered pages are held in memory while writing.
	Concurrency int
	// Limits bound the page sources.
	Limits Limits
	// Logger receives a warning for each page left out and each source
	// skipped. Default slog.Default().
	Logger *slog.Logger
	// Progress, when set, is called after each page is done, in order.
	Progress func(Progress)

	// requestURL is the request's own origin, set by the handlers when URL
	// is empty: links use it, fetches never do.
	requestURL string
}

// Progress reports one page done.
type Progress struct {
	// Done counts the pages done so far, this one included, of Total.
	Done, Total int
	// URL is the page's path on the site, or its URL when elsewhere.
	URL string
	// Err is why the page was left out, or nil.
	Err error
}

func (b *Builder) logger() *slog.Logger {
	if b.Logger != nil {
		return b.Logger
	}
	return slog.Default()
}

func (b *Builder) concurrency() int {
	if b.Concurrency > 0 {
		return min(b.Concurrency, MaxConcurrency)
	}
	return DefaultConcurrency
}

// origins returns the public origin links are made on and the origin the
// index and sitemaps are fetched from; either may be nil when unknown.
func (b *Builder) origins() (public, fetch *url.URL, err error) {
	if b.Origin != "" {
		if fetch, err = parseOrigin(b.Origin); err != nil {
			return nil, nil, fmt.Errorf("origin: %w", err)
		}
	}
	if b.URL != "" {
		if public, err = parseOrigin(b.URL); err != nil {
			return nil, nil, fmt.Errorf("site URL: %w", err)
		}
		if fetch == nil {
			fetch = public
		}
	} else if b.requestURL != "" {
		if public, err = parseOrigin(b.requestURL); err != nil {
			return nil, nil, fmt.Errorf("request's origin: %w", err)
		}
	}
	if public == nil {
		public = fetch
	}
	return public, fetch, nil
}

// parseOrigin reads an http(s) origin: a scheme and a host, with no path
// beyond "/", no query and no user info.
func parseOrigin(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("%q is not an http(s) origin", s)
	}
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("%q is not an origin: give only the scheme and host", s)
	}
	return &url.URL{Scheme: u.Scheme, Host: strings.ToLower(u.Host)}, nil
}

// errWriter writes to w until the first error, which it keeps.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) str(s string) {
	if e.err == nil {
		_, e.err = io.WriteString(e.w, s)
	}
}
