package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/affordances/affordances-md/internal/demo"
	"github.com/affordances/affordances-md/markers"
)

// demoListen is where the demo listens by default; when that port is
// taken, it takes a free one.
const demoListen = "127.0.0.1:8080"

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("demo", "[--listen ADDR]", stderr)
	listen := fs.String("listen", "", "the address to listen on (default "+demoListen+", else a free port)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError(fs, "unexpected argument %q: the address is given as --listen ADDR", fs.Arg(0))
	}

	logger := slog.New(slog.NewTextHandler(stderr, nil))
	h, err := demo.New(demo.Options{Logger: logger})
	if err != nil {
		return err
	}
	ln, err := demoListener(*listen)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	printTour(stdout, "http://"+ln.Addr().String())

	select {
	case err := <-served:
		return fmt.Errorf("demo: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("demo: shutdown: %w", err)
	}
	return nil
}

// demoListener listens on addr, or when addr is empty on demoListen,
// else on a free port of the loopback interface.
func demoListener(addr string) (net.Listener, error) {
	if addr != "" {
		return net.Listen("tcp", addr)
	}
	ln, err := net.Listen("tcp", demoListen)
	if errors.Is(err, syscall.EADDRINUSE) {
		return net.Listen("tcp", "127.0.0.1:0")
	}
	return ln, err
}

// printTour prints where the demo is and the curl lines to try: both
// Markdown forms of every page, then the files.
func printTour(w io.Writer, base string) {
	fmt.Fprintf(w, "%s, the affordances-md demo, is at %s/\n", demo.Name, base)
	fmt.Fprintf(w, "It is a small Go site behind server.Middleware: every page has a Markdown twin at\n")
	fmt.Fprintf(w, "its own URL, as /page.md or with Accept: text/markdown.\n")
	for _, s := range demo.Tour() {
		flags := ""
		if s.Headers {
			flags = "-i "
		}
		fmt.Fprintf(w, "\n%s\n", s.Note)
		if !s.Page {
			fmt.Fprintf(w, "  curl %s%s%s\n", flags, base, s.Path)
			continue
		}
		fmt.Fprintf(w, "  curl %s%s%s\n", flags, base, markers.MarkdownPath(s.Path))
		fmt.Fprintf(w, "  curl %s-H 'Accept: text/markdown' %s%s\n", flags, base, s.Path)
	}
	fmt.Fprintf(w, "\nOpen %s/ in a browser to see the pages as people do. Stop the demo with Ctrl-C.\n", base)
}
