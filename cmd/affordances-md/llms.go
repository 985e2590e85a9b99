package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
	"github.com/affordances/affordances-md/server"
)

func runLLMs(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("llms", "--origin URL [flags]", stderr)
	origin := fs.String("origin", "", "the site: where its pages, its index and its sitemaps are fetched (required)")
	siteURL := fs.String("url", "", "the site's public origin, for the links, when the site is fetched from elsewhere (default: --origin)")
	out := fs.String("out", "", "write llms.txt, llms-full.txt and one .md per page under this directory (default: print llms.txt)")
	concurrency := fs.Int("concurrency", llms.DefaultConcurrency, "pages rendered at once")
	sitemap := fs.String("sitemap", "", "read this sitemap (a path or URL on the site) instead of the site index and robots.txt")
	name := fs.String("name", "", "the llms.txt heading (default: the site index's name, else the host)")
	summary := fs.String("summary", "", "the llms.txt summary, one line")
	extract := extractFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usageError(fs, "unexpected argument %q: llms takes flags only, the site as --origin URL", fs.Arg(0))
	case *origin == "":
		return usageError(fs, "--origin is required: the site to list, such as --origin http://127.0.0.1:3000")
	case *concurrency < 1:
		return usageError(fs, "--concurrency %d: want 1 or more pages at once", *concurrency)
	}
	public := *siteURL
	if public == "" {
		public = *origin
	}
	mode, err := extract()
	if err != nil {
		return err
	}

	prog := newProgress(stderr)
	logger := slog.New(slog.NewTextHandler(prog, &slog.HandlerOptions{Level: slog.LevelWarn}))
	h, err := server.NewProxy(*origin, server.Options{IgnoreMarkdownFiles: true, Logger: logger, Convert: md.Options{Extract: mode}})
	if err != nil {
		return err
	}
	b := &llms.Builder{
		Renderer:    publicRenderer{h: h, public: strings.TrimRight(public, "/")},
		URL:         public,
		Origin:      *origin,
		Name:        *name,
		Summary:     *summary,
		Sitemap:     *sitemap,
		Concurrency: *concurrency,
		Logger:      logger,
		Progress:    prog.update,
	}
	site, err := b.Discover(ctx)
	if err != nil {
		return err
	}

	if *out == "" {
		w := bufio.NewWriter(stdout)
		err = b.WriteTxt(ctx, w, site)
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
	} else {
		_, err = b.Publish(ctx, *out, site)
	}
	prog.finish()
	if err != nil {
		return err
	}
	ok, failed := prog.counts()
	if *out != "" {
		fmt.Fprintf(stderr, "llms: %d %s written to %s\n", ok, plural(ok, "page"), *out)
	}
	if len(failed) > 0 {
		fmt.Fprintf(stderr, "llms: %d %s left out:\n", len(failed), plural(len(failed), "page"))
		for _, f := range failed {
			err := f.Err
			if pe, ok := errors.AsType[*server.PageError](err); ok {
				err = pe.Err // the path is on the line already
			}
			fmt.Fprintf(stderr, "  %s: %v\n", f.URL, err)
		}
	}
	if ok == 0 {
		return errors.New("no page could be rendered")
	}
	return nil
}

// publicRenderer renders the site's pages through the server's handler,
// exactly as /page.md serves them, with links on the site's public origin.
type publicRenderer struct {
	h      *server.Handler
	public string
}

func (r publicRenderer) Render(ctx context.Context, path string) (md.Result, error) {
	return r.h.Render(ctx, r.public+path)
}

// progress reports pages as they are done on stderr: a bar redrawn in
// place on a terminal, a line a page otherwise. Log lines written through
// it clear the bar first.
type progress struct {
	mu     sync.Mutex
	w      io.Writer
	tty    bool
	bar    bool // a bar is on screen
	ok     int
	failed []llms.Progress
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w}
	if f, ok := w.(*os.File); ok && os.Getenv("TERM") != "dumb" {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

func (p *progress) update(u llms.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u.Err != nil {
		p.failed = append(p.failed, u)
	} else {
		p.ok++
	}
	if !p.tty {
		status := ""
		if u.Err != nil {
			status = " (left out)"
		}
		fmt.Fprintf(p.w, "llms: %d/%d %s%s\n", u.Done, u.Total, u.URL, status)
		return
	}
	const width = 30
	filled := width * u.Done / max(u.Total, 1)
	line := fmt.Sprintf("[%s%s] %d/%d %s", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), u.Done, u.Total, u.URL)
	if len(line) > 79 {
		cut := 78
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		line = line[:cut] + "…"
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	p.bar = true
}

// Write writes a log line, above the bar.
func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar {
		io.WriteString(p.w, "\r\x1b[K")
		p.bar = false
	}
	return p.w.Write(b)
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar {
		io.WriteString(p.w, "\n")
		p.bar = false
	}
}

func (p *progress) counts() (ok int, failed []llms.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ok, p.failed
}
