package demo

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// nextChunks is a real response of next start, chunk by chunk, with each
// chunk's arrival time: see nextjs/SOURCE.md.
//
//go:embed nextjs/next-16.4.6.chunks.json
var nextChunks []byte

// A chunk is one piece of a captured response: its text, and when it
// arrived (ms after the request).
type chunk struct {
	T int    `json:"t"`
	S string `json:"s"`
}

func nextCapture() ([]chunk, error) {
	var chunks []chunk
	if err := json.Unmarshal(nextChunks, &chunks); err != nil {
		return nil, fmt.Errorf("demo: the Next.js capture: %w", err)
	}
	if len(chunks) == 0 {
		return nil, errors.New("demo: the Next.js capture is empty")
	}
	return chunks, nil
}

type waitFunc func(ctx context.Context, d time.Duration) error

// sleep waits for d, or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// streamed replays the captured Next.js page as next start sent it: each
// chunk written and flushed, with the capture's gap before the next. The
// Suspense fallbacks are on the wire, in the shell, before the content
// that replaces them.
func (st *store) streamed(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate") // next start's, for a dynamic page
	rc := http.NewResponseController(w)
	for i, c := range st.next {
		if i > 0 && c.T > st.next[i-1].T {
			if err := st.wait(r.Context(), time.Duration(c.T-st.next[i-1].T)*time.Millisecond); err != nil {
				return // the client left
			}
		}
		if _, err := io.WriteString(w, c.S); err != nil {
			return
		}
		rc.Flush()
	}
}
