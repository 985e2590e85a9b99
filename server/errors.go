package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Why a page has no Markdown. Errors from Handler.Render wrap one of these
// in a *PageError; a Markdown request that fails gets the status each one
// names and one Markdown sentence, never the error's text.
var (
	// ErrTimeout: the page took longer than Options.Timeout (504).
	ErrTimeout = errors.New("page took too long")
	// ErrTooLarge: the page's body, decompressed, is larger than
	// Options.MaxBytes (413).
	ErrTooLarge = errors.New("page too large")
	// ErrNotHTML: the page is neither HTML nor text (406).
	ErrNotHTML = errors.New("page is not HTML")
	// ErrUnreachable: the origin could not be reached, or broke off (502).
	ErrUnreachable = errors.New("site unreachable")
	// ErrStatus: the page answered with a status other than 2xx (Render
	// only: a Markdown request gets the page's status and its Markdown).
	// PageError.Status is the page's status.
	ErrStatus = errors.New("page did not answer 2xx")
)

// Errors only the handler itself meets.
var (
	errBadPath      = errors.New("path is not a safe page path")
	errNotPage      = errors.New("no page at this path")
	errHost         = errors.New("host not allowed")
	errNoHost       = errors.New("request without a Host header")
	errMarkdownOnly = errors.New("request-origin mode serves only Markdown requests")
	errEncoding     = errors.New("unsupported content encoding")
	errRedirect     = errors.New("redirect that cannot be followed")
	errSite         = errors.New("site handler failed")
	errConvert      = errors.New("conversion failed")
	errBusy         = errors.New("too many pages being fetched or converted")
	errNoOrigin     = errors.New("no origin to render a path from: set Options.Origin, or pass an absolute URL")
)

// PageError is why a page could not be rendered.
type PageError struct {
	// Path is the page's path, as given to Render.
	Path string
	// Status is the status a Markdown request for the page is answered
	// with: the page's own for ErrStatus, else the one the cause names.
	Status int
	// Err is the cause: one of the Err values of this package, possibly
	// wrapped with details.
	Err error
}

// Error says which page failed and why: "render /path: cause".
func (e *PageError) Error() string {
	return fmt.Sprintf("render %s: %v", e.Path, e.Err)
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *PageError) Unwrap() error { return e.Err }

// failure is how a failed Markdown request is answered: its status and the
// sentence of its body, which names the handler's own timeout and size.
func failure(err error, timeout time.Duration, maxBytes int64) (int, string) {
	switch {
	case errors.Is(err, errBadPath):
		return http.StatusBadRequest, "This address is not a valid page path."
	case errors.Is(err, errNotPage):
		return http.StatusNotFound, "There is no page with a Markdown version at this address."
	case errors.Is(err, errHost):
		return http.StatusMisdirectedRequest, "This host is not served here."
	case errors.Is(err, errNoHost):
		return http.StatusBadRequest, "This request has no Host header, which its links need."
	case errors.Is(err, errMarkdownOnly):
		return http.StatusMisdirectedRequest, "This server answers only Markdown requests; ask the site itself for this address."
	case errors.Is(err, errBusy):
		return http.StatusServiceUnavailable, "The server is working on too many pages at once; retry in a moment."
	case errors.Is(err, ErrTimeout):
		return http.StatusGatewayTimeout, fmt.Sprintf("The page took longer than %v to load.", timeout)
	case errors.Is(err, ErrTooLarge):
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("The page is larger than %s, the most this server converts.", formatBytes(maxBytes))
	case errors.Is(err, ErrNotHTML):
		return http.StatusNotAcceptable, "This page is not HTML, so it has no Markdown version."
	case errors.Is(err, errEncoding):
		return http.StatusBadGateway, "The site sent the page in an encoding this server cannot read."
	case errors.Is(err, errRedirect):
		return http.StatusBadGateway, "The page redirected to an address that cannot be served as Markdown."
	case errors.Is(err, ErrUnreachable):
		return http.StatusBadGateway, "The site could not be reached."
	case errors.Is(err, errSite):
		return http.StatusInternalServerError, "The site failed to render the page."
	case errors.Is(err, context.Canceled):
		return 499, "The request was canceled." // nginx's "client closed request": never seen by a client
	}
	return http.StatusInternalServerError, "The page could not be converted to Markdown."
}

// formatBytes writes a size the way people say it: "6 MB", "512 KB",
// "1000 bytes" (1 MB is 2^20 bytes).
func formatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
