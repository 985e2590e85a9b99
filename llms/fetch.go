package llms

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// fetcher gets the site's own files (index, robots.txt, sitemaps) from its
// origin, within the limits.
type fetcher struct {
	client *http.Client
	origin *url.URL
	limits Limits
}

// errNotFound is a 404 or 410: the file does not exist.
var errNotFound = errors.New("not found")

// errTooLarge is returned when a body passes Limits.MaxBytes.
var errTooLarge = errors.New("too large")

func newFetcher(client *http.Client, origin *url.URL, limits Limits) *fetcher {
	if client == nil {
		client = http.DefaultClient
	}
	c := *client
	// Follow redirects only within the origin: a sitemap must not be able
	// to send us to another host.
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return errors.New("too many redirects")
		}
		if !sameOrigin(req.URL, origin) {
			return fmt.Errorf("redirected to another origin (%s)", req.URL.Redacted())
		}
		return nil
	}
	return &fetcher{client: &c, origin: origin, limits: limits}
}

// open fetches path (with its query) from the origin. The body it returns
// is gunzipped when it is gzip data (a .gz sitemap) and fails with
// errTooLarge past Limits.MaxBytes, counted after decompression; the fetch
// times out after Limits.FetchTimeout, body included. Close it.
func (f *fetcher) open(ctx context.Context, path, accept string) (io.ReadCloser, error) {
	return f.openMax(ctx, path, accept, f.limits.MaxBytes)
}

// openMax is open with a size limit of its own.
func (f *fetcher) openMax(ctx context.Context, path, accept string, maxBytes int64) (io.ReadCloser, error) {
	ctx, cancel := context.WithTimeout(ctx, f.limits.FetchTimeout)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, absolute(f.origin, path), nil)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set("Accept", accept)
	resp, err := f.client.Do(req)
	if err != nil {
		cancel()
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err // the URL is already in the caller's message
		}
		return nil, err
	}
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		resp.Body.Close()
		cancel()
		return nil, errNotFound
	case resp.StatusCode != http.StatusOK:
		resp.Body.Close()
		cancel()
		return nil, fmt.Errorf("status %s", resp.Status)
	}
	// The transport already undid a gzip Content-Encoding; a .gz file
	// served as is is still gzip data: look at its first bytes.
	raw := &limitReader{r: resp.Body, n: maxBytes, max: maxBytes}
	br := bufio.NewReader(raw)
	var body io.Reader = br
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			resp.Body.Close()
			cancel()
			return nil, fmt.Errorf("gzip: %w", err)
		}
		body = &limitReader{r: zr, n: maxBytes, max: maxBytes}
	}
	return &fetchBody{Reader: body, close: func() error { cancel(); return resp.Body.Close() }}, nil
}

type fetchBody struct {
	io.Reader
	close func() error
}

func (b *fetchBody) Close() error { return b.close() }

// limitReader reads at most max bytes of r and fails with errTooLarge when
// r has more.
type limitReader struct {
	r   io.Reader
	n   int64 // bytes left
	max int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, l.tooLarge()
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n - int(-l.n), l.tooLarge()
	}
	return n, err
}

func (l *limitReader) tooLarge() error {
	return fmt.Errorf("%w: more than %d bytes", errTooLarge, l.max)
}
