package server

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
)

// A fetcher gets a page of the site: the proxy's over HTTP from the
// origin, the middleware's by calling the site's handler in-process. It
// returns the page's response with its body not yet read, and stops when
// the request's context is done.
type fetcher interface {
	fetch(req *http.Request) (*http.Response, error)
}

// originFetcher fetches pages over HTTP. Its client follows no redirect:
// the handler decides what a redirect becomes.
type originFetcher struct {
	client *http.Client
}

func (f originFetcher) fetch(req *http.Request) (*http.Response, error) {
	// Asked for explicitly, gzip is not decoded by the transport but by
	// readBody, which counts decoded bytes against the limit.
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnreachable, err)
	}
	return resp, nil
}

// handlerFetcher fetches pages by calling the site's handler in-process,
// with the same limits as over HTTP: the time through the request's
// context (the handler runs in its own goroutine, so one that ignores its
// context is abandoned at the timeout rather than waited for), the size
// through a capture that refuses to hold more than maxBytes.
type handlerFetcher struct {
	next     http.Handler
	maxBytes int64
}

func (f handlerFetcher) fetch(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(req.Context())
	defer cancel() // tells a handler still running that nobody waits for it
	req = req.WithContext(ctx)
	req.RequestURI = req.URL.RequestURI()
	if req.Body == nil {
		req.Body = http.NoBody // a server request's Body is never nil
	}

	c := &capture{header: make(http.Header), max: f.maxBytes, overflow: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("%w: panic: %v\n%s", errSite, p, debug.Stack())
				return
			}
			done <- nil
		}()
		f.next.ServeHTTP(c, req)
	}()

	select {
	case err := <-done:
		if err != nil {
			return nil, err
		}
	case <-c.overflow:
		c.abandon()
		return nil, ErrTooLarge
	case <-ctx.Done():
		c.abandon()
		return nil, ctx.Err()
	}
	return c.response(req)
}

// capture is the ResponseWriter the site's handler writes the page to.
type capture struct {
	mu       sync.Mutex
	header   http.Header // the handler's, until it writes the header
	sent     http.Header // a copy taken when it does
	status   int
	body     bytes.Buffer
	max      int64
	over     bool
	overflow chan struct{} // closed when the body outgrows max
	gone     bool          // nobody reads what is written any more
}

func (c *capture) Header() http.Header { return c.header }

func (c *capture) WriteHeader(code int) {
	if code < 100 || code > 999 {
		// As net/http does: the handler's panic becomes a 500 here
		// rather than a status no response can carry.
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writeHeader(code)
}

func (c *capture) writeHeader(code int) {
	if c.status != 0 || (code >= 100 && code < 200) {
		return // informational, or already written
	}
	c.status = code
	c.sent = c.header.Clone()
	if n, err := strconv.ParseInt(c.sent.Get("Content-Length"), 10, 64); err == nil && n > c.max {
		c.fail()
	}
}

func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writeHeader(http.StatusOK)
	switch {
	case c.gone:
		return 0, http.ErrHandlerTimeout
	case c.over:
		return 0, ErrTooLarge
	case int64(c.body.Len())+int64(len(p)) > c.max:
		c.fail()
		return 0, ErrTooLarge
	}
	return c.body.Write(p)
}

// Flush lets streaming handlers flush as they would on a connection.
func (c *capture) Flush() {}

func (c *capture) fail() {
	if !c.over {
		c.over = true
		close(c.overflow)
	}
}

// abandon makes every later write fail: the fetch is over.
func (c *capture) abandon() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gone = true
}

// response is what the handler wrote, once it has returned.
func (c *capture) response(req *http.Request) (*http.Response, error) {
	if c.over {
		return nil, ErrTooLarge
	}
	status, header := c.status, c.sent
	if status == 0 {
		status, header = http.StatusOK, c.header
	}
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", status, http.StatusText(status)),
		StatusCode:    status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        header,
		Body:          io.NopCloser(bytes.NewReader(c.body.Bytes())),
		ContentLength: int64(c.body.Len()),
		Request:       req,
	}, nil
}

// readBody reads a page's body, decoding a gzip Content-Encoding, and
// fails with ErrTooLarge as soon as more than max bytes come out: a
// compressed bomb is decoded no further than the limit. length is the
// Content-Length (-1 when unknown): a larger one fails before reading.
func readBody(body io.Reader, encoding string, length, max int64) ([]byte, error) {
	var buf bytes.Buffer
	r := body
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "", "identity":
		if length > max {
			return nil, ErrTooLarge
		}
		if length > 0 {
			buf.Grow(int(length))
		}
	case "gzip", "x-gzip":
		// Compressed, incompressible data is a little larger than itself:
		// deflate's stored blocks add 5 bytes per 64 KB, gzip 18 in all.
		zr, err := gzip.NewReader(&limitReader{r: body, n: max + max>>10 + 1024})
		if err == io.EOF {
			return nil, nil // an empty body, whatever it claims
		}
		if err != nil {
			return nil, gzipError(err)
		}
		defer zr.Close()
		r = zr
	default:
		return nil, fmt.Errorf("%w %q", errEncoding, encoding)
	}
	if _, err := buf.ReadFrom(&limitReader{r: r, n: max}); err != nil {
		return nil, gzipError(err)
	}
	return buf.Bytes(), nil
}

// gzipError tells corrupt compressed data from other read errors.
func gzipError(err error) error {
	var corrupt flate.CorruptInputError
	if errors.Is(err, gzip.ErrHeader) || errors.Is(err, gzip.ErrChecksum) || errors.As(err, &corrupt) {
		return fmt.Errorf("%w: %w", errEncoding, err)
	}
	return err
}

// limitReader reads at most n bytes from r, then fails with ErrTooLarge if
// there is more.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, ErrTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	if l.n -= int64(n); l.n < 0 {
		return n, ErrTooLarge
	}
	return n, err
}
