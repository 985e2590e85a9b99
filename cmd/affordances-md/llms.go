package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
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
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *origin == "" || fs.NArg() > 0 || *concurrency < 1 {
		fs.Usage()
		return errUsage
	}
	public := *siteURL
	if public == "" {
		public = *origin
	}

	prog := newProgress(stderr)
	b := &llms.Builder{
		Renderer:    &httpRenderer{origin: strings.TrimRight(*origin, "/"), public: strings.TrimRight(public, "/")},
		URL:         public,
		Origin:      *origin,
		Name:        *name,
		Summary:     *summary,
		Sitemap:     *sitemap,
		Concurrency: *concurrency,
		Logger:      slog.New(slog.NewTextHandler(prog, &slog.HandlerOptions{Level: slog.LevelWarn})),
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
			fmt.Fprintf(stderr, "  %s: %v\n", f.URL, f.Err)
		}
	}
	if ok == 0 {
		return errors.New("no page could be rendered")
	}
	return nil
}

// httpRenderer renders a page by fetching its HTML from the origin and
// converting it with md.Convert.
//
// TODO(server): replace with the server package's handler (its Render
// method), which applies every rule of /page.md (redirects, status, size
// and content-type limits, append, the configured md.Options). Until it
// lands, this adapter keeps the same limits: 10 s, 6 MB, HTML only, no
// redirects followed, no cookies.
type httpRenderer struct {
	origin, public string
}

var renderClient = &http.Client{
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

func (r *httpRenderer) Render(ctx context.Context, path string) (md.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.origin+path, nil)
	if err != nil {
		return md.Result{}, err
	}
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
	req.Header.Set("X-Affordances-Md-Render", "1")
	resp, err := renderClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return md.Result{}, fmt.Errorf("timed out after %s", fetchTimeout)
		}
		return md.Result{}, errors.Unwrap(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		return md.Result{}, fmt.Errorf("%s to %s", resp.Status, resp.Header.Get("Location"))
	case resp.StatusCode != http.StatusOK:
		return md.Result{}, errors.New(resp.Status)
	}
	mt, params, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if mt != "text/html" && mt != "application/xhtml+xml" {
		return md.Result{}, fmt.Errorf("not HTML (%s)", cmpOr(mt, "no Content-Type"))
	}
	src, err := io.ReadAll(io.LimitReader(resp.Body, fetchMaxBytes+1))
	if err != nil {
		return md.Result{}, err
	}
	if len(src) > fetchMaxBytes {
		return md.Result{}, fmt.Errorf("larger than %d MB", fetchMaxBytes>>20)
	}
	return md.Convert(src, md.Options{URL: r.public + path, Charset: params["charset"]})
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
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
