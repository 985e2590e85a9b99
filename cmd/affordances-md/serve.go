package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
	"github.com/affordances/affordances-md/server"
)

// shutdownGrace is how long serve waits, after the timeout of the slowest
// page, for requests in flight to finish when it is told to stop.
const shutdownGrace = 5 * time.Second

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", "--origin URL [flags]", stderr)
	origin := fs.String("origin", "", "the site to serve, scheme://host[:port] (default $"+server.OriginEnv+"; without either, each request's own origin, which needs --allowed-hosts)")
	listen := fs.String("listen", ":8080", "the address to listen on")
	timeout := fs.Duration("timeout", server.DefaultTimeout, "how long a page may take before the answer is 504")
	maxBytes := byteSize(server.DefaultMaxBytes)
	fs.Var(&maxBytes, "max-bytes", "the largest page converted, counted decompressed, such as 6MB or 512KB (1 MB = 2^20 bytes); larger pages answer 413")
	appendMD := fs.String("append", "", "Markdown added after every page's, such as a summary of the site's actions")
	basePath := fs.String("base-path", "", "a path prefix under which every request is a Markdown request for the rest of the path, such as /api/affordances/md")
	allowedHosts := fs.String("allowed-hosts", "", "comma-separated hosts to answer Markdown requests for (host[:port] or *.domain); needed without an origin")
	extract := extractFlag(fs)
	ignoreFiles := fs.Bool("ignore-md-files", false, "render every page without first asking the origin for a real .md file")
	logJSON := fs.Bool("log-json", false, "log JSON lines instead of text")
	noLLMs := fs.Bool("no-llms", false, "pass /llms.txt and /llms-full.txt on to the site instead of building them")
	siteURL := fs.String("url", "", "the site's public origin, for the links in /llms.txt and /llms-full.txt (default: the origin each request was addressed to)")
	name := fs.String("name", "", "the /llms.txt heading (default: the site index's name, else the host)")
	summary := fs.String("summary", "", "the /llms.txt summary, one line")
	sitemap := fs.String("sitemap", "", "list the pages of /llms.txt from this sitemap (a path or URL on the site) instead of the site index and robots.txt")
	concurrency := fs.Int("concurrency", llms.DefaultConcurrency, "pages rendered at once for /llms-full.txt")
	tokens := fs.String("tokens", "", "count X-Affordances-Tokens exactly with this encoding: o200k_base or cl100k_base (default: the estimate, characters / 4)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError(fs, "unexpected argument %q: serve takes flags only, the site as --origin URL", fs.Arg(0))
	}
	if u, err := url.Parse(*siteURL); *siteURL != "" && (err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || strings.Trim(u.Path, "/") != "") {
		return fmt.Errorf("serve: --url %q: want the site's public origin, such as https://acme.store", *siteURL)
	}
	mode, err := extract()
	if err != nil {
		return err
	}
	convert := md.Options{Extract: mode}
	if *tokens != "" {
		if convert.Tokens, err = md.NewTokenCounter(*tokens); err != nil {
			return err
		}
	}

	var logger *slog.Logger
	if *logJSON {
		logger = slog.New(slog.NewJSONHandler(stderr, nil))
	} else {
		logger = slog.New(slog.NewTextHandler(stderr, nil))
	}
	opts := server.Options{
		AllowedHosts:        splitList(*allowedHosts),
		Timeout:             *timeout,
		MaxBytes:            int64(maxBytes),
		Append:              *appendMD,
		BasePath:            *basePath,
		Convert:             convert,
		Logger:              logger,
		IgnoreMarkdownFiles: *ignoreFiles,
	}
	if !*noLLMs {
		opts.LLMs = &llms.Builder{URL: *siteURL, Name: *name, Summary: *summary, Sitemap: *sitemap, Concurrency: *concurrency, Logger: logger}
	}
	h, err := server.NewProxy(*origin, opts)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	from := *origin
	if from == "" {
		from = "(" + server.OriginEnv + ", else each request's own origin)"
	}
	logger.Info("serving", "listen", ln.Addr().String(), "origin", from)

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}

	// Stop accepting, let requests in flight finish, then return.
	logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), *timeout+shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	logger.Info("stopped")
	return nil
}

// splitList reads a comma-separated list, leaving out empty items.
func splitList(s string) []string {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// byteSize is a flag for a number of bytes: "6MB", "512 KB", "1GiB",
// "1048576". KB, MB and GB are powers of 1024, as KiB, MiB and GiB are.
type byteSize int64

func (b *byteSize) String() string {
	n := int64(*b)
	for _, u := range []struct {
		name  string
		shift uint
	}{{"GB", 30}, {"MB", 20}, {"KB", 10}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Set(s string) error {
	t := strings.ToUpper(strings.TrimSpace(s))
	shift := uint(0)
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"GIB", 30}, {"MIB", 20}, {"KIB", 10}, {"GB", 30}, {"MB", 20}, {"KB", 10}, {"G", 30}, {"M", 20}, {"K", 10}, {"B", 0}} {
		if strings.HasSuffix(t, u.suffix) {
			t, shift = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)>>shift {
		return fmt.Errorf("%q is not a size such as 6MB, 512KB or 1048576", s)
	}
	*b = byteSize(n << shift)
	return nil
}
