package llms

import (
	"context"
	"errors"
	"fmt"
)

// ErrNoPages is returned by Discover for a site with neither an index nor
// a sitemap, when no sections were given.
var ErrNoPages = errors.New("no page list: the site has no Affordances index and no sitemap; give sections or a sitemap")

// Discover lists the site's pages. Its sources, in order of preference:
// Builder.Sections; Builder.Sitemap; the routes of the site index at
// /.well-known/affordances.json that need no params, in one "Pages"
// section; the sitemaps robots.txt names, else /sitemap.xml, grouped by
// first path segment. An index whose every route has params still makes
// the Affordances line; its pages then come from the sitemap.
//
// The index is fetched whenever Builder.URL or Builder.Origin is set. A
// site index that is not JSON or not version "0" is an error, and so is a
// sitemap that cannot be read when it is the only source. Lists longer
// than Limits.MaxPages are cut, with a warning.
func (b *Builder) Discover(ctx context.Context) (*Site, error) {
	public, fetch, err := b.origins()
	if err != nil {
		return nil, err
	}
	limits := b.Limits.withDefaults()
	log := b.logger()
	site := &Site{}

	var f *fetcher
	var routes []Page
	if fetch != nil {
		f = newFetcher(b.Client, fetch, limits)
		idx, err := readIndex(ctx, f, log)
		if err != nil {
			return nil, err
		}
		if idx != nil {
			site.Index = true
			site.Name = idx.name
			routes = idx.routes
		}
	}

	switch {
	case b.Sections != nil:
		sections, err := b.Sections(ctx, routes)
		if err != nil {
			return nil, fmt.Errorf("sections: %w", err)
		}
		site.Sections = capPages(sections, limits.MaxPages)
		if n, kept := countPages(sections), countPages(site.Sections); kept < n {
			log.Warn("llms: the sections list more pages than the page limit; the rest are left out", "kept", kept, "dropped", n-kept)
		}
		return site, nil
	case f == nil:
		return nil, errors.New("no origin to read the site index or sitemap from: set the site URL or origin, or give sections")
	case b.Sitemap != "":
		p, ok := sitePath(b.Sitemap, public, fetch)
		if !ok {
			return nil, fmt.Errorf("sitemap %q is not on the site", b.Sitemap)
		}
		pages, err := readSitemaps(ctx, f, public, []string{p}, log)
		if err != nil {
			return nil, err
		}
		site.Sections = groupSections(pages)
		return site, nil
	case len(routes) > 0:
		site.Sections = []Section{{Title: "Pages", Pages: routes}}
		return site, nil
	}

	roots, err := robotsSitemaps(ctx, f, public, log)
	if err != nil {
		log.Warn("llms: robots.txt not read", "err", err)
	}
	if len(roots) == 0 {
		roots = []string{"/sitemap.xml"}
	}
	pages, err := readSitemaps(ctx, f, public, roots, log)
	switch {
	case err == nil:
		site.Sections = groupSections(pages)
		return site, nil
	case site.Index:
		// An index with only dynamic routes and no sitemap: an llms.txt
		// with no pages, but still the Affordances line.
		log.Warn("llms: the site index has no route without params, and the sitemap could not be read", "err", err)
		return site, nil
	case errors.Is(err, errNotFound) && len(roots) == 1 && roots[0] == "/sitemap.xml":
		return nil, ErrNoPages
	}
	return nil, err
}

func countPages(sections []Section) int {
	n := 0
	for _, s := range sections {
		n += len(s.Pages)
	}
	return n
}

// capPages keeps the first max pages of the sections, leaving the caller's
// slices as they are.
func capPages(sections []Section, max int) []Section {
	out := make([]Section, 0, len(sections))
	n := 0
	for _, s := range sections {
		if n+len(s.Pages) > max {
			s.Pages = s.Pages[:max-n]
			return append(out, s)
		}
		n += len(s.Pages)
		out = append(out, s)
	}
	return out
}
