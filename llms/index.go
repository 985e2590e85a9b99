package llms

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
)

// IndexPath is where a site serves its Affordances index.
const IndexPath = "/.well-known/affordances.json"

// siteIndex is what llms needs of an Affordances site index
// ({v: "0", name?, routes: [{route, description?, actions}], auth, mcp?}).
type siteIndex struct {
	name   string
	routes []Page // routes that need no params, in order, at most MaxPages
}

// readIndex fetches and reads the site index. It returns nil, nil when the
// site has none: 404 or 410, or a page of markup where the index would be
// (many hosts answer every unknown path of a single-page app with its
// index.html).
func readIndex(ctx context.Context, f *fetcher, log *slog.Logger) (*siteIndex, error) {
	body, err := f.open(ctx, IndexPath, "application/json")
	if errors.Is(err, errNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("site index %s: %w", IndexPath, err)
	}
	defer body.Close()
	br := bufio.NewReader(body)
	if markup(br) {
		log.Warn("llms: the site index answers markup, not JSON: read as no index", "path", IndexPath)
		return nil, nil
	}
	idx, err := decodeIndex(br, f.limits.MaxPages, log)
	if err != nil {
		return nil, fmt.Errorf("site index %s: %w", IndexPath, err)
	}
	return idx, nil
}

// markup reports whether r's first byte after white space is "<": an HTML
// or XML document, where a JSON one starts with "{".
func markup(r *bufio.Reader) bool {
	for {
		b, err := r.Peek(1)
		if err != nil {
			return false
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			r.ReadByte()
		case 0xEF: // a byte order mark
			bom, _ := r.Peek(3)
			if string(bom) != "\uFEFF" {
				return false
			}
			r.Discard(3)
		default:
			return b[0] == '<'
		}
	}
}

// decodeIndex reads a site index from r, keeping at most maxPages routes
// without params. It reads the routes one at a time, so an index of any
// length holds only what it keeps.
func decodeIndex(r io.Reader, maxPages int, log *slog.Logger) (*siteIndex, error) {
	dec := json.NewDecoder(r)
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	idx := &siteIndex{}
	var version json.RawMessage
	dropped := 0
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, notJSON(err)
		}
		key, _ := tok.(string)
		switch key {
		case "v":
			if err := dec.Decode(&version); err != nil {
				return nil, notJSON(err)
			}
		case "name":
			if err := dec.Decode(&idx.name); err != nil {
				return nil, fmt.Errorf("name: %w", notJSON(err))
			}
		case "routes":
			if err := expectDelim(dec, '['); err != nil {
				return nil, fmt.Errorf("routes: %w", err)
			}
			for dec.More() {
				var rt struct {
					Route       string `json:"route"`
					Description string `json:"description"`
				}
				if err := dec.Decode(&rt); err != nil {
					return nil, fmt.Errorf("routes: %w", notJSON(err))
				}
				if !staticRoute(rt.Route) {
					continue
				}
				if len(idx.routes) >= maxPages {
					dropped++
					continue
				}
				idx.routes = append(idx.routes, Page{URL: rt.Route, Description: rt.Description})
			}
			if _, err := dec.Token(); err != nil {
				return nil, notJSON(err)
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, notJSON(err)
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, notJSON(err)
	}
	switch string(version) {
	case `"0"`:
	case "":
		return nil, errors.New(`no version: want "v": "0"`)
	default:
		return nil, fmt.Errorf(`version %s: this reader knows "0"`, version)
	}
	if dropped > 0 {
		log.Warn("llms: site index has more routes than the page limit; the rest are left out", "kept", len(idx.routes), "dropped", dropped)
	}
	return idx, nil
}

// staticRoute reports whether a route pattern names one page: a path with
// no [param], [...catchAll] or [[...optional]] segment.
func staticRoute(route string) bool {
	return strings.HasPrefix(route, "/") && !strings.Contains(route, "[")
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return notJSON(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("not a site index: want %q, got %v", want, tok)
	}
	return nil
}

// notJSON says a decoding error is about JSON, keeping the size limit's
// error as it is.
func notJSON(err error) error {
	if errors.Is(err, errTooLarge) {
		return err
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("not valid JSON: unexpected end")
	}
	return fmt.Errorf("not valid JSON: %w", err)
}
