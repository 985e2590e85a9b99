// Command loadtest puts affordances-md serve under load on this machine:
// an origin that serves one page at every path, and a generator that asks
// for the Markdown of that page from many clients at once for a bounded
// time, then reports throughput, latency percentiles, errors and the peak
// memory of the serve process. It only talks to loopback addresses.
//
//	loadtest origin -listen 127.0.0.1:3000 -page testdata/suspense/19.2.9.stream.html
//	loadtest run -url http://127.0.0.1:8080 -clients 64 -duration 30s -pid $(pgrep -n affordances-md)
//
// scripts/load.sh builds both and runs the whole thing.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := command(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

var errUsage = errors.New("usage: loadtest origin|run [flags] (-h for the flags)")

func command(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errUsage
	}
	switch args[0] {
	case "origin":
		return runOrigin(ctx, args[1:], stdout)
	case "run":
		return runLoad(ctx, args[1:], stdout)
	}
	return errUsage
}

func runOrigin(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("origin", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:0", "the loopback address to listen on")
	pageFile := fs.String("page", "", "the HTML page to serve at every path (default: a built-in documentation page of about 80 KB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	page := docsPage()
	if *pageFile != "" {
		var err error
		if page, err = os.ReadFile(*pageFile); err != nil {
			return err
		}
	}
	ln, err := listenLoopback(*listen)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "origin listening on http://%s\n", ln.Addr())
	srv := &http.Server{Handler: origin(page), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func runLoad(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	var cfg config
	fs.StringVar(&cfg.base, "url", "", "the loopback URL serve listens on (required)")
	fs.IntVar(&cfg.clients, "clients", 64, "clients sending requests at once")
	fs.DurationVar(&cfg.duration, "duration", 30*time.Second, "how long to send requests (at most 10m)")
	fs.IntVar(&cfg.pages, "pages", 1000, "distinct page paths to ask for, in turn")
	fs.StringVar(&cfg.expect, "expect", "", "text every answer must contain (default: the built-in page's, in Markdown or HTML)")
	fs.StringVar(&cfg.mode, "mode", modeMD, "what to ask for: md (the page's .md path), accept (the page with Accept: text/markdown) or html (the page's HTML, passed through: the baseline)")
	pid := fs.Int("pid", 0, "the serve process, to report its peak memory (VmHWM)")
	maxRSS := fs.Int64("max-rss-mb", 0, "fail when the serve process's peak memory is above this many MB (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if cfg.expect == "" {
		cfg.expect = docsExpect
		if cfg.mode == modeHTML {
			cfg.expect = docsExpectHTML
		}
	}
	if err := cfg.check(); err != nil {
		return err
	}
	rep, err := run(ctx, cfg)
	if err != nil {
		return err
	}
	if *pid != 0 {
		if rep.mem, err = readMemory(*pid); err != nil {
			return err
		}
	}
	fmt.Fprint(stdout, rep)
	switch {
	case rep.errors > 0:
		return fmt.Errorf("%d errors", rep.errors)
	case rep.requests == 0:
		return errors.New("no request completed")
	case *maxRSS > 0 && rep.mem.peak > *maxRSS<<20:
		return fmt.Errorf("serve's peak memory %d MB is above %d MB", rep.mem.peak>>20, *maxRSS)
	}
	return nil
}
