package llms

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/affordances/affordances-md/md"
)

// entry is one page of the files, resolved against the site.
type entry struct {
	section     string // its section's title
	path        string // its path on the site, or "" for a page elsewhere
	url         string // its absolute URL
	link        string // what llms.txt links: the .md twin, or url for a page elsewhere
	title       string // as given: the page is not rendered for llms.txt
	description string // as given
}

// entries resolves the site's sections into the pages to write, in order:
// sections with the same title are merged into the first, each page is
// listed once (by its link), and pages elsewhere without a title are
// dropped (they cannot be rendered to read one).
func (b *Builder) entries(site *Site, public, fetch *url.URL) []entry {
	log := b.logger()
	var order []string
	bySection := map[string][]Page{}
	for _, s := range site.Sections {
		title := oneLine(s.Title)
		if title == "" {
			title = "Pages"
		}
		if _, ok := bySection[title]; !ok {
			order = append(order, title)
		}
		bySection[title] = append(bySection[title], s.Pages...)
	}
	seen := map[string]bool{}
	var out []entry
	for _, title := range order {
		for _, p := range bySection[title] {
			e := entry{section: title, title: oneLine(p.Title), description: oneLine(p.Description)}
			if path, ok := sitePath(p.URL, public, fetch); ok {
				e.path = path
				e.url = absolute(public, path)
				e.link = absolute(public, mdPath(path))
			} else {
				u, err := url.Parse(strings.TrimSpace(p.URL))
				if err != nil || !u.IsAbs() || (u.Scheme != "http" && u.Scheme != "https") || e.title == "" {
					log.Warn("llms: page left out: not on the site, and no title given", "page", p.URL)
					continue
				}
				e.url = u.String()
				e.link = e.url
			}
			if seen[e.link] {
				continue
			}
			seen[e.link] = true
			out = append(out, e)
		}
	}
	return out
}

// rendered is an entry with its rendering, when it was rendered.
type rendered struct {
	entry
	res md.Result
	err error // why rendering failed
	ok  bool  // rendered without error
}

// renderInOrder renders the entries for which need is true, at most
// Concurrency at once, and calls emit with every entry in order. It holds
// at most Concurrency entries (rendered or being rendered) at a time: a
// slow page holds back the ones after it rather than letting them pile up.
// A page that fails is logged and passed to emit with its error.
func (b *Builder) renderInOrder(ctx context.Context, entries []entry, need func(entry) bool, emit func(*rendered) error) error {
	if b.Renderer == nil {
		return errors.New("llms: no Renderer")
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	limits := b.Limits.withDefaults()
	log := b.logger()

	type slot struct {
		done chan struct{}
		r    rendered
	}
	// The consumer holds one slot and the queue the rest: n in all.
	queue := make(chan *slot, b.concurrency()-1)
	var wg sync.WaitGroup
	go func() {
		defer close(queue)
		for _, e := range entries {
			s := &slot{done: make(chan struct{}), r: rendered{entry: e}}
			select {
			case queue <- s:
			case <-ctx.Done():
				return
			}
			if !need(e) {
				close(s.done)
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer close(s.done)
				s.r.res, s.r.err = b.render(ctx, e.path, limits)
				s.r.ok = s.r.err == nil
			}()
		}
	}()
	stop := func() {
		cancel()
		for range queue {
		}
		wg.Wait()
	}

	done := 0
	for s := range queue {
		<-s.done
		if err := parent.Err(); err != nil {
			stop()
			return err
		}
		if s.r.err != nil {
			log.Warn("llms: page left out", "page", s.r.path, "err", s.r.err)
		}
		if err := emit(&s.r); err != nil {
			stop()
			return err
		}
		done++
		if b.Progress != nil {
			b.Progress(Progress{Done: done, Total: len(entries), URL: cmp.Or(s.r.path, s.r.url), Err: s.r.err})
		}
	}
	wg.Wait()
	return parent.Err()
}

// render renders one page within Limits.PageTimeout. A panicking Renderer
// fails the page, not the file.
func (b *Builder) render(ctx context.Context, path string, limits Limits) (res md.Result, err error) {
	ctx, cancel := context.WithTimeout(ctx, limits.PageTimeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("render %s: panic: %v", path, p)
		}
	}()
	return b.Renderer.Render(ctx, path)
}

// oneLine collapses white space, line breaks included, to single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(cleanText(s)), " ")
}

// cleanText makes text safe to write into llms.txt: valid UTF-8, line
// breaks as "\n", and no other control characters (they show nothing, and
// a reader of the file would take them for what they are not).
func cleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\n' || r == '\t':
			return r
		case r < 0x20 || r == 0x7f:
			return -1
		}
		return r
	}, s)
}
