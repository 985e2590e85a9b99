// Command cachecheck checks affordances-md serve behind a real shared cache
// (nginx with proxy_cache, set up by scripts/nginx-cache.sh): a public
// page's Markdown is cached, Vary: Accept keeps a page's HTML and its
// Markdown apart at the same URL, and a private page's Markdown (asked for
// with a cookie or a bearer token, or a page that is private or sets a
// cookie) is never served from the cache to another client, nor Markdown
// whose links a forged Host or X-Forwarded-Proto chose.
//
//	cachecheck origin -listen 127.0.0.1:0   # the site: prints its URL
//	cachecheck check -url http://127.0.0.1:8081
//
// Only loopback addresses are used.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
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
		fmt.Fprintln(os.Stderr, "cachecheck:", err)
		os.Exit(1)
	}
}

func command(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 2 && args[0] == "origin" {
		return serveOrigin(ctx, args[1], stdout)
	}
	if len(args) == 2 && args[0] == "check" {
		failed := check(args[1], stdout)
		if failed > 0 {
			return fmt.Errorf("%d checks failed", failed)
		}
		return nil
	}
	if len(args) == 1 && args[0] == "freeport" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		defer ln.Close()
		fmt.Fprintln(stdout, ln.Addr().(*net.TCPAddr).Port)
		return nil
	}
	return errors.New("usage: cachecheck origin ADDR | check URL | freeport")
}

func serveOrigin(ctx context.Context, addr string, stdout io.Writer) error {
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("origin %q: want a loopback ip:port", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "origin listening on http://%s\n", ln.Addr())
	srv := &http.Server{Handler: newSite(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
