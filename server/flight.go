package server

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// pageBudget is the memory the pages' bodies held by the Markdown requests
// in flight may take: a request holds its page's body (up to MaxBytes)
// from its fetch, through its wait for a conversion slot, to the end of
// its conversion.
const pageBudget = 256 << 20

// inFlightCap is how many Markdown requests may fetch and convert at once:
// pageBudget / maxBytes, so that their bodies hold some 256 MB at most (42
// requests at the default 6 MB; a body read without a Content-Length may
// take twice its size while its buffer grows), but at least 4 per
// conversion slot, so the converter does not wait for fetches of small
// pages, and at most 1024 connections to the origin.
func inFlightCap(maxBytes int64, converting int) int {
	return int(min(max(pageBudget/maxBytes, int64(4*converting)), 1024))
}

// queueWait is how long a Markdown request waits for a place in flight
// before it is answered 503. Waiting holds no page, but a request that
// waits longer than a burst lasts only adds to an overload: better a quick
// 503 with Retry-After.
const queueWait = time.Second

// admit takes a place among the Markdown requests in flight, waiting at
// most wait (and no longer than ctx). The place must be released.
func (h *Handler) admit(ctx context.Context, wait time.Duration) (release func(), err error) {
	release = func() { <-h.inFlight }
	select {
	case h.inFlight <- struct{}{}:
		return release, nil
	default:
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case h.inFlight <- struct{}{}:
		return release, nil
	case <-timer.C:
		return nil, errBusy
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, errBusy
		}
		return nil, ctx.Err()
	}
}

// admitted is markdown once t has a place in flight.
func (h *Handler) admitted(ctx context.Context, t *target, wait time.Duration) (*reply, error) {
	release, err := h.admit(ctx, wait)
	if err != nil {
		return nil, err
	}
	defer release()
	return h.markdown(ctx, t)
}

// flight is the outcome of one fetch and conversion, and whom it was for.
type flight struct {
	rep    *reply
	err    error
	leader *target
}

// answer is the reply to a Markdown request. Identical anonymous requests
// (see flightKey) that arrive while a page is being fetched and converted
// wait for that work instead of repeating it, and get its reply unless it
// is private: a page that set a cookie, or said private or no-store, was
// made for its leader alone, and each follower then fetches its own. A
// follower of a failed leader gets the same failure: fetching again at
// once would multiply the load on an origin that is failing, which is
// what merging is for.
func (h *Handler) answer(ctx context.Context, t *target) (*reply, error) {
	key, ok := h.flightKey(t)
	if !ok {
		return h.admitted(ctx, t, h.queueWait)
	}
	ch := h.flights.DoChan(key, func() (v any, err error) {
		f := flight{leader: t}
		defer func() {
			// DoChan re-panics in a goroutine of its own, where no
			// server recovers: a panic must end here, as an error.
			if p := recover(); p != nil {
				f.rep, f.err = nil, fmt.Errorf("%w: panic: %v\n%s", errConvert, p, debug.Stack())
				v = f
			}
		}()
		// Others wait for this work: the leader's client leaving must not
		// cancel it. It ends on its own: the wait for a place and the
		// fetch are bounded, and conversion ends.
		f.rep, f.err = h.admitted(context.WithoutCancel(ctx), t, h.queueWait)
		return f, nil
	})
	if h.joined != nil {
		h.joined()
	}
	var f flight
	select {
	case res := <-ch:
		f = res.Val.(flight)
	case <-ctx.Done():
		return nil, h.fetchError(ctx, ctx.Err())
	}
	switch {
	case f.leader == t:
		return f.rep, f.err
	case errors.Is(f.err, context.Canceled):
		// Not this request's cancellation, and the work is never
		// canceled: should a fetch still report it, try again.
		return h.admitted(ctx, t, h.queueWait)
	case f.err != nil:
		return nil, f.err
	case !shareable(f.rep):
		return h.admitted(ctx, t, h.queueWait)
	}
	rep := *f.rep
	rep.header = f.rep.header.Clone() // each writer may add to its own
	rep.shared = true
	return &rep, nil
}

// flightKey is what makes two Markdown requests identical, and whether t's
// may be merged at all: only the proxy's, whose fetch is an HTTP request
// made of the page's URL and the forwarded headers alone (the middleware's
// site sees each request's context, address and TLS state, which no key
// can hold), and only without a Cookie or Authorization line, even an
// empty one. The key holds where the page is fetched from, the site its
// links are on (the Host and X-Forwarded-Proto the request came with), the
// path and query, and the Accept-Language the page is fetched with.
// GET and HEAD share a key: their reply is the same, and each is written
// for its own request (HEAD without a body, If-None-Match against its own
// header).
func (h *Handler) flightKey(t *target) (string, bool) {
	if _, proxy := h.fetcher.(originFetcher); !proxy {
		return "", false
	}
	if _, ok := t.header["Cookie"]; ok {
		return "", false
	}
	if _, ok := t.header["Authorization"]; ok {
		return "", false
	}
	parts := []string{t.origin.String(), t.site.String(), t.page, t.query}
	parts = append(parts, t.header.Values("Accept-Language")...)
	for i, p := range parts {
		parts[i] = strconv.Quote(p) // no value can pass for two
	}
	return strings.Join(parts, " "), true
}

// shareable reports whether a reply made for one anonymous caller may be
// given to another: not when the privacy rules made it private (the page
// set a cookie, or is private or no-store), nor when the page says it
// varies on anything at all.
func shareable(rep *reply) bool {
	cc := rep.header.Get("Cache-Control")
	return !hasDirective(cc, "private") && !hasDirective(cc, "no-store") && !hasVary(rep.header.Values("Vary"), "*")
}
