package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/affordances/affordances-md/md"
)

// Limits of convert's own fetch of a URL.
const (
	fetchTimeout  = 10 * time.Second
	fetchMaxBytes = 6 << 20
)

func runConvert(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("convert", "[flags] [FILE|URL|-]", stderr)
	pageURL := fs.String("url", "", "the page's URL: base for relative links and the fallback canonical URL (default: the URL converted)")
	extract := extractFlag(fs)
	noFrontmatter := fs.Bool("no-frontmatter", false, "leave out the YAML frontmatter")
	noJSONLD := fs.Bool("no-json-ld", false, "leave out the page's JSON-LD blocks")
	asJSON := fs.Bool("json", false, "print a JSON object with markdown, title, url, tokens and the rest of the result")
	tokens := fs.String("tokens", "", "count tokens exactly in this encoding, o200k_base or cl100k_base (default: estimate, characters/4)")
	explain := fs.Bool("explain", false, "print to standard error each part of the page the extraction chose or dropped, and why")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageError(fs, "one page at a time, got %d arguments: a FILE, a URL or - for standard input", fs.NArg())
	}
	mode, err := extract()
	if err != nil {
		return err
	}
	opts := md.Options{URL: *pageURL, Extract: mode, NoFrontmatter: *noFrontmatter, NoJSONLD: *noJSONLD, Explain: *explain}
	if *tokens != "" {
		if opts.Tokens, err = md.NewTokenCounter(*tokens); err != nil {
			return err
		}
	}

	src, source, err := readInput(ctx, fs.Arg(0), &opts)
	if err != nil {
		return err
	}
	res, err := md.Convert(src, opts)
	if err != nil {
		return fmt.Errorf("convert %s: %w", source, err)
	}
	for _, d := range res.Explanation {
		fmt.Fprintln(stderr, d)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(jsonResult(res))
	}
	_, err = io.WriteString(stdout, res.Markdown)
	return err
}

// readInput reads the input named by arg: standard input for "" or "-", a
// URL for http(s), else a file. opts is nil for a file that is not a page
// (an llms.txt), read whatever its Content-Type. For a page, a URL must
// answer HTML, and it fills in opts.URL and the charset.
func readInput(ctx context.Context, arg string, opts *md.Options) ([]byte, string, error) {
	switch {
	case arg == "" || arg == "-":
		b, err := io.ReadAll(os.Stdin)
		if err != nil {
			return nil, "standard input", fmt.Errorf("read standard input: %w", err)
		}
		return b, "standard input", nil
	case strings.HasPrefix(arg, "http://") || strings.HasPrefix(arg, "https://"):
		accept := "text/plain,text/markdown;q=0.9,*/*;q=0.8"
		if opts != nil {
			accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
		}
		b, ctype, err := fetch(ctx, arg, accept)
		if err != nil {
			return nil, arg, err
		}
		if opts == nil {
			return b, arg, nil
		}
		// A browser shows JSON or Markdown as it is: only HTML is a page.
		// Without a Content-Type, md.Convert sniffs the bytes.
		mt, params, err := mime.ParseMediaType(ctype)
		if err == nil && mt != "text/html" && mt != "application/xhtml+xml" {
			return nil, arg, fmt.Errorf("fetch %s: %s is not HTML", arg, mt)
		}
		if opts.URL == "" {
			opts.URL = arg
		}
		opts.Charset = params["charset"]
		return b, arg, nil
	default:
		b, err := os.ReadFile(arg)
		if errors.Is(err, fs.ErrNotExist) && strings.Contains(arg, "://") {
			return nil, arg, fmt.Errorf("%s: no such file, and only http:// and https:// URLs are fetched", arg)
		}
		if err != nil {
			return nil, arg, fmt.Errorf("read %s: %w", arg, errors.Unwrap(err))
		}
		return b, arg, nil
	}
}

// fetch gets a URL as a browser would ask for it with accept, within a time
// and a size limit, and returns its body and Content-Type.
func fetch(ctx context.Context, url, accept string) ([]byte, string, error) {
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, "", fmt.Errorf("fetch %s: %w", url, err)
	}
	req.Header.Set("Accept", accept)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, "", fetchError(url, errors.Unwrap(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return nil, "", fmt.Errorf("fetch %s: %s", url, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, fetchMaxBytes+1))
	if err != nil {
		return nil, "", fetchError(url, err)
	}
	if len(b) > fetchMaxBytes {
		return nil, "", fmt.Errorf("fetch %s: page larger than %d MB", url, fetchMaxBytes>>20)
	}
	return b, resp.Header.Get("Content-Type"), nil
}

// fetchError says why fetching url failed, in words for a timeout.
func fetchError(url string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("fetch %s: no complete answer within %s", url, fetchTimeout)
	}
	return fmt.Errorf("fetch %s: %w", url, err)
}

// jsonResult is the --json form of a result.
func jsonResult(r md.Result) any {
	return struct {
		Markdown    string `json:"markdown"`
		Title       string `json:"title,omitempty"`
		URL         string `json:"url,omitempty"`
		Description string `json:"description,omitempty"`
		Image       string `json:"image,omitempty"`
		Lang        string `json:"lang,omitempty"`
		Tokens      int    `json:"tokens"`
	}{r.Markdown, r.Title, r.URL, r.Description, r.Image, r.Lang, r.Tokens}
}
