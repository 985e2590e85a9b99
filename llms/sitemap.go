package llms

import (
	"bufio"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxLoc is the longest sitemap URL read; the protocol allows 2,048
// characters.
const maxLoc = 4096

// maxRobots is the most of robots.txt read, as search engines do (Google
// reads 500 KiB).
const maxRobots = 512 << 10

// robotsSitemaps reads the Sitemap lines of the site's robots.txt and
// returns those on the site, as paths. A missing robots.txt gives none.
func robotsSitemaps(ctx context.Context, f *fetcher, public *url.URL, log *slog.Logger) ([]string, error) {
	body, err := f.openMax(ctx, "/robots.txt", "text/plain", min(f.limits.MaxBytes, maxRobots))
	if errors.Is(err, errNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("robots.txt: %w", err)
	}
	defer body.Close()
	var paths []string
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		key, val, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(key), "sitemap") {
			continue
		}
		val = strings.TrimSpace(val)
		if p, ok := sitePath(val, public, f.origin); ok {
			paths = append(paths, p)
		} else {
			log.Warn("llms: robots.txt names a sitemap that is not on the site; it is not fetched", "sitemap", val)
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, errTooLarge):
		// As search engines do: what is past the limit is ignored.
		log.Warn("llms: robots.txt is larger than the limit; the rest is ignored", "err", err)
	case err != nil:
		return nil, fmt.Errorf("robots.txt: %w", err)
	}
	return paths, nil
}

// sitemapWalk reads sitemaps and the sitemap indexes above them, each at
// most once, within the limits.
type sitemapWalk struct {
	f      *fetcher
	public *url.URL
	log    *slog.Logger

	seen    map[string]bool // sitemaps fetched or queued, by path
	fetched int

	// Sitemaps not read, counted to warn once each: a hostile index may
	// list millions.
	overLimit, tooDeep, elsewhere skipped

	pages    []string
	pageSeen map[string]bool
	dropped  int // pages past MaxPages
	foreign  int // pages on other origins
}

// readSitemaps reads the sitemaps at roots (paths on the site) and returns
// the pages they list, in order, once each. A sitemap that fails is
// logged and skipped; the error is returned only when none could be read.
func readSitemaps(ctx context.Context, f *fetcher, public *url.URL, roots []string, log *slog.Logger) ([]string, error) {
	w := &sitemapWalk{f: f, public: public, log: log, seen: map[string]bool{}, pageSeen: map[string]bool{}}
	var errs []error
	read := 0
	for _, root := range roots {
		if w.seen[root] {
			continue
		}
		w.seen[root] = true
		err := w.read(ctx, root, 1)
		if err == nil {
			read++
			continue
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		errs = append(errs, err)
		if len(roots) > 1 {
			log.Warn("llms: sitemap skipped", "err", err)
		}
	}
	if read == 0 && len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if w.dropped > 0 {
		log.Warn("llms: the sitemaps list more pages than the page limit; the rest are left out", "kept", len(w.pages), "dropped", w.dropped)
	}
	if w.foreign > 0 {
		log.Warn("llms: sitemap pages on other origins, or with paths that leave the site, left out", "count", w.foreign)
	}
	if w.overLimit.count > 0 {
		log.Warn("llms: sitemap limit reached; the rest are not read", "limit", f.limits.MaxSitemaps, "count", w.overLimit.count, "first", w.overLimit.first)
	}
	if w.tooDeep.count > 0 {
		log.Warn("llms: sitemap indexes nest deeper than the limit; those sitemaps are not read", "depth", f.limits.MaxDepth, "count", w.tooDeep.count, "first", w.tooDeep.first)
	}
	if w.elsewhere.count > 0 {
		log.Warn("llms: sitemap indexes list sitemaps that are not on the site; they are not fetched", "count", w.elsewhere.count, "first", w.elsewhere.first)
	}
	return w.pages, nil
}

// skipped counts sitemaps not read for one reason, and names the first.
type skipped struct {
	count int
	first string
}

func (s *skipped) add(sitemap string) {
	if s.count == 0 {
		s.first = sitemap
	}
	s.count++
}

// read fetches one sitemap (depth 1 for a root) and, for an index, the
// sitemaps it lists.
func (w *sitemapWalk) read(ctx context.Context, path string, depth int) error {
	if w.fetched >= w.f.limits.MaxSitemaps {
		w.overLimit.add(path)
		return nil
	}
	w.fetched++
	body, err := w.f.open(ctx, path, "application/xml,text/xml;q=0.9,*/*;q=0.1")
	if err != nil {
		return fmt.Errorf("sitemap %s: %w", path, err)
	}
	var children []string
	var pages []string
	isIndex, err := parseSitemap(body, func(index bool, loc string) {
		p, ok := sitePath(loc, w.public, w.f.origin)
		switch {
		case !ok && index:
			w.elsewhere.add(loc)
		case !ok:
			w.foreign++
		case index:
			children = append(children, p)
		default:
			pages = append(pages, p)
		}
	})
	body.Close()
	if err != nil {
		// A sitemap cut short is not trusted in part: it may be a page
		// that happens to start with XML.
		return fmt.Errorf("sitemap %s: %w", path, err)
	}
	for _, p := range pages {
		w.addPage(p)
	}
	if !isIndex {
		return nil
	}
	for _, child := range children {
		if w.seen[child] {
			continue // an index listing itself, or a sitemap twice
		}
		w.seen[child] = true
		if depth >= w.f.limits.MaxDepth {
			w.tooDeep.add(child)
			continue
		}
		if len(w.pages) >= w.f.limits.MaxPages {
			break
		}
		if err := w.read(ctx, child, depth+1); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			w.log.Warn("llms: sitemap skipped", "err", err)
		}
	}
	return nil
}

func (w *sitemapWalk) addPage(p string) {
	key := mdPath(p)
	if w.pageSeen[key] {
		return
	}
	if len(w.pages) >= w.f.limits.MaxPages {
		w.dropped++
		return
	}
	w.pageSeen[key] = true
	w.pages = append(w.pages, p)
}

// parseSitemap reads a sitemap (<urlset>), a sitemap index
// (<sitemapindex>) or a text sitemap (one URL a line) from r, calling fn
// with each URL in order, and reports whether it was an index. XML must be
// well formed and UTF-8, as the protocol asks.
func parseSitemap(r io.Reader, fn func(index bool, loc string)) (index bool, err error) {
	br := bufio.NewReader(r)
	first, err := firstByte(br)
	if err == io.EOF {
		return false, errors.New("empty")
	}
	if err != nil {
		return false, err
	}
	if first != '<' {
		return false, parseTextSitemap(br, fn)
	}
	dec := xml.NewDecoder(br)
	depth := 0
	var inLoc bool
	var loc strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return false, errors.New("not a sitemap: no root element")
		}
		if err != nil {
			return false, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case depth == 1:
				switch t.Name.Local {
				case "urlset":
				case "sitemapindex":
					index = true
				default:
					return false, fmt.Errorf("not a sitemap: root element <%s>", t.Name.Local)
				}
			case depth == 3 && t.Name.Local == "loc":
				inLoc = true
				loc.Reset()
			}
		case xml.CharData:
			if inLoc && loc.Len() <= maxLoc {
				loc.Write(t)
			}
		case xml.EndElement:
			if inLoc && depth == 3 {
				inLoc = false
				if s := strings.TrimSpace(loc.String()); s != "" && len(s) <= maxLoc {
					fn(index, s)
				}
			}
			depth--
			if depth == 0 {
				return index, nil
			}
		}
	}
}

// parseTextSitemap reads a text sitemap: one absolute URL a line.
func parseTextSitemap(r io.Reader, fn func(bool, string)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLoc)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "http://") && !strings.HasPrefix(line, "https://") {
			return fmt.Errorf("not a sitemap: a text sitemap lists one URL a line, got %q", truncate(line, 40))
		}
		fn(false, line)
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("not a sitemap: a line longer than %d bytes", maxLoc)
	}
	return sc.Err()
}

// firstByte returns the first byte that is not white space or a byte
// order mark, without consuming it.
func firstByte(br *bufio.Reader) (byte, error) {
	for {
		r, size, err := br.ReadRune()
		if err != nil {
			return 0, err
		}
		if r == '\uFEFF' || unicode.IsSpace(r) {
			continue
		}
		if err := br.UnreadRune(); err != nil {
			return 0, err
		}
		if size == 1 {
			return byte(r), nil
		}
		return utf8.RuneSelf, nil
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// groupSections puts sitemap pages into sections by first path segment, in
// the order the sitemap first reaches each. Pages one segment deep (and
// "/") go to "Pages", unless deeper pages share their segment: /docs then
// heads the "Docs" section.
func groupSections(paths []string) []Section {
	deep := map[string]bool{}
	for _, p := range paths {
		if seg, rest := firstSegment(p); rest {
			deep[seg] = true
		}
	}
	var sections []Section
	at := map[string]int{}
	for _, p := range paths {
		seg, _ := firstSegment(p)
		title := "Pages"
		if deep[seg] {
			title = segmentTitle(seg)
		}
		i, ok := at[title]
		if !ok {
			i = len(sections)
			at[title] = i
			sections = append(sections, Section{Title: title})
		}
		sections[i].Pages = append(sections[i].Pages, Page{URL: p})
	}
	return sections
}

// firstSegment returns a path's first segment and whether more segments
// follow it ("/docs/intro" has "docs" and more; "/docs/" has none).
func firstSegment(p string) (seg string, more bool) {
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	p = strings.Trim(p, "/")
	seg, rest, _ := strings.Cut(p, "/")
	return seg, rest != ""
}

// segmentTitle makes a section title of a path segment: "getting-started"
// is "Getting started".
func segmentTitle(seg string) string {
	if s, err := url.PathUnescape(seg); err == nil {
		seg = s
	}
	seg = strings.Join(strings.FieldsFunc(seg, func(r rune) bool { return r == '-' || r == '_' || unicode.IsSpace(r) }), " ")
	r, size := utf8.DecodeRuneInString(seg)
	if size == 0 {
		return "Pages"
	}
	return string(unicode.ToUpper(r)) + seg[size:]
}
