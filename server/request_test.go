package server

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

func TestAcceptsMarkdown(t *testing.T) {
	tests := []struct {
		accept []string
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"text/markdown"}, true},
		{[]string{"Text/Markdown"}, true},
		{[]string{"text/markdown; charset=utf-8"}, true},
		{[]string{"text/html, text/markdown;q=0.1"}, true},
		{[]string{"text/html", "text/markdown;q=0.5"}, true}, // several header lines
		{[]string{"text/markdown;q=0"}, false},
		{[]string{"text/markdown;q=0.000"}, false},
		{[]string{"text/markdown; Q=0"}, false},
		{[]string{"text/markdown;q=0.001"}, true},
		{[]string{"text/markdown;q=1.000"}, true},
		{[]string{"text/markdown;q=0, text/markdown;q=1"}, false}, // a refusal wins
		{[]string{"*/*"}, false},
		{[]string{"text/*"}, false},
		{[]string{"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}, false},
		{[]string{"text/markdownx"}, false},
		{[]string{"text/x-markdown"}, false},
		{[]string{"text/markdown;q=2"}, false},    // invalid qvalue: range ignored
		{[]string{"text/markdown;q=0.5x"}, false}, // invalid qvalue
		{[]string{"text/markdown;q="}, false},
		{[]string{"text/markdown;q=0.1234"}, false},
		{[]string{`text/html;foo="a, text/markdown", */*`}, false}, // the comma is quoted
		{[]string{`text/html;foo="a\", b", text/markdown`}, true},
		{[]string{",,text/markdown,,"}, true},
		{[]string{" \ttext/markdown \t; q=0.5 "}, true},
		{[]string{"text/mar\u212Adown"}, false},         // a Kelvin sign is no k
		{[]string{"\u00a0text/markdown"}, false},        // nor is a no-break space a space
		{[]string{"text/markdown;\u212A=1;q=0"}, false}, // q is q
	}
	for _, tt := range tests {
		if got := acceptsMarkdown(tt.accept); got != tt.want {
			t.Errorf("acceptsMarkdown(%q) = %v, want %v", tt.accept, got, tt.want)
		}
	}
}

func TestPagePath(t *testing.T) {
	tests := []struct {
		in   string
		page string
		ok   bool
	}{
		{"/index.md", "/", true},
		{"/docs/index.md", "/docs/", true},
		{"/blog/post.md", "/blog/post", true},
		{"/@user.md", "/@user", true},
		{"/v1.2.md", "/v1.2", true},
		{"/logo.png.md", "/logo.png", true},
		{"/.md", "", false},
		{"/docs/.md", "", false},
		{"/api.md", "", false},
		{"/api/x.md", "", false},
		{"/_next/x.md", "", false},
		{"/apiary.md", "/apiary", true},
		{"/", "/", true},
		{"/blog/post", "/blog/post", true},
		{"/logo.png", "/logo.png", false},
		{"/api/x", "/api/x", false},
	}
	for _, tt := range tests {
		page, ok := pagePath(tt.in)
		if ok != tt.ok || (ok && page != tt.page) {
			t.Errorf("pagePath(%q) = %q, %v; want %q, %v", tt.in, page, ok, tt.page, tt.ok)
		}
		if ok && strings.HasSuffix(tt.in, ".md") && tt.in != "/logo.png.md" {
			if back := mdPath(page); back != tt.in && !(tt.in == "/index.md" && back == "/index.md") {
				t.Errorf("mdPath(%q) = %q, want %q", page, back, tt.in)
			}
		}
	}
}

func TestNegotiable(t *testing.T) {
	tests := map[string]bool{
		"/":                    true,
		"/blog/post":           true,
		"/blog/":               true,
		"/releases/v1.2-beta":  true, // a dot in a name, not an extension
		"/.well-known/x":       true,
		"/name.":               true,
		"/logo.png":            false,
		"/feed.xml":            false,
		"/post.md":             false,
		"/api":                 false,
		"/api/users":           false,
		"/_next/static/app.js": false,
		"/_next":               false,
		"/apiary":              true,
		"/docs/api":            true,
	}
	for p, want := range tests {
		if got := negotiable(p); got != want {
			t.Errorf("negotiable(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestSafePath(t *testing.T) {
	tests := []struct {
		p, raw string
		want   bool
	}{
		{"/blog/post", "/blog/post", true},
		{"/@evil.example/x", "/@evil.example/x", true},
		{"/caf\u00e9", "/caf%C3%A9", true},
		{"/a b", "/a%20b", true},
		{"/100%", "/100%25", true},
		{"", "", false},
		{"blog", "blog", false},
		{"//evil.example/x", "//evil.example/x", false},
		{"/a//b", "/a//b", false},
		{`/\evil.example/x`, `/\evil.example/x`, false},
		{`/\evil.example/x`, `/%5Cevil.example/x`, false},
		{"//evil.example/x", "/%2F%2Fevil.example/x", false},
		{"/a/b", "/a%2fb", false},
		{"/../x", "/../x", false},
		{"/a/../x", "/a/../x", false},
		{"/a/./x", "/a/./x", false},
		{"/../x", "/%2e%2e/x", false},
		{"/a.b", "/a%2Eb", false},
		{"/a\x00b", "/a%00b", false},
		{"/a\nb", "/a%0Ab", false},
		{"/a\x7fb", "/a%7Fb", false},
		{"/http://evil.example/x", "/http://evil.example/x", false},
	}
	for _, tt := range tests {
		if got := safePath(tt.p, tt.raw); got != tt.want {
			t.Errorf("safePath(%q, %q) = %v, want %v", tt.p, tt.raw, got, tt.want)
		}
	}
}

func TestHostList(t *testing.T) {
	l, err := parseHostList([]string{"Example.com", "shop.example:8443", "*.cdn.example", "[::1]", ""})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		host             string
		anyPort, webPort bool // allowed with anyPort, and without
	}{
		{"example.com", true, true},
		{"EXAMPLE.COM:8080", true, false}, // no port in the entry: any port only where the host fetches nothing
		{"example.com:443", true, true},
		{"example.com:80", true, true},
		{"example.com:6379", true, false},
		{"shop.example:8443", true, true},
		{"shop.example", false, false},
		{"shop.example:443", false, false},
		{"a.cdn.example", true, true},
		{"a.b.cdn.example:9000", true, false},
		{"cdn.example", false, false},
		{"evilcdn.example", false, false},
		{"example.com.evil", false, false},
		{"[::1]:8080", true, false},
		{"[::1]", true, true},
		{"evil.example", false, false},
	}
	for _, tt := range tests {
		if got := l.allows(tt.host, true); got != tt.anyPort {
			t.Errorf("allows(%q, any port) = %v, want %v", tt.host, got, tt.anyPort)
		}
		if got := l.allows(tt.host, false); got != tt.webPort {
			t.Errorf("allows(%q, web ports) = %v, want %v", tt.host, got, tt.webPort)
		}
	}
	for _, bad := range []string{"a/b", "user@host", "*.x:80", "host:", "a b", "*."} {
		if _, err := parseHostList([]string{bad}); err == nil {
			t.Errorf("parseHostList(%q) accepted it", bad)
		}
	}
}

func TestValidHost(t *testing.T) {
	for h, want := range map[string]bool{
		"example.com": true, "example.com:8080": true, "127.0.0.1:80": true, "[::1]:8080": true, "[::1]": true,
		"": false, "a@b": false, "a/b": false, "a b": false, "a:": false, "a:b": false, "[zz]": false, "evil.com\\x": false,
	} {
		if got := validHost(h); got != want {
			t.Errorf("validHost(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestParseOrigin(t *testing.T) {
	for _, ok := range []string{"http://127.0.0.1:3000", "https://Example.com/", "http://[::1]:8080"} {
		if _, err := parseOrigin(ok); err != nil {
			t.Errorf("parseOrigin(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "127.0.0.1:3000", "ftp://x", "http://", "http://u:p@x", "http://x/base", "http://x?q", "http://x#f", "javascript:alert(1)"} {
		_, err := parseOrigin(bad)
		if err == nil {
			t.Errorf("parseOrigin(%q) accepted it", bad)
		} else if !strings.HasSuffix(err.Error(), ": want scheme://host[:port], such as http://127.0.0.1:3000") {
			// What to write instead, whatever the mistake: url.Parse's
			// own message for 127.0.0.1:3000 says nothing of a scheme.
			t.Errorf("parseOrigin(%q): %v, want it to say what an origin looks like", bad, err)
		}
	}
}

// gzipBomb is 64 MB of zeros in about 64 KB: 64 gzip members of 1 MB of
// zeros each, which a gzip reader reads as one stream.
var (
	bombOnce sync.Once
	bomb     []byte
)

const bombSize = 64 << 20

func gzipBomb(t testing.TB) []byte {
	bombOnce.Do(func() {
		var member bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
		zw.Write(make([]byte, 1<<20))
		zw.Close()
		bomb = bytes.Repeat(member.Bytes(), bombSize>>20)
	})
	return bomb
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestReadBodyStopsDecodingAtTheLimit(t *testing.T) {
	b := gzipBomb(t)
	const limit = 1 << 20
	cr := &countingReader{r: bytes.NewReader(b)}
	_, err := readBody(cr, "gzip", int64(len(b)), limit)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	// 1 MB of zeros is about 1 KB compressed; the decoder reads ahead by a
	// buffer of a few KB. Decoding the whole 64 MB would read all of it.
	if cr.n > 32<<10 {
		t.Errorf("read %d of %d compressed bytes to find a %d-byte limit exceeded", cr.n, len(b), limit)
	}
}

func TestReadBody(t *testing.T) {
	gz := func(s string) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		io.WriteString(zw, s)
		zw.Close()
		return buf.Bytes()
	}
	tests := []struct {
		name     string
		body     []byte
		encoding string
		length   int64
		max      int64
		want     string
		err      error
	}{
		{"identity", []byte("hello"), "", 5, 5, "hello", nil},
		{"identity over", []byte("hello!"), "", -1, 5, "", ErrTooLarge},
		{"content-length over", []byte("hi"), "identity", 6, 5, "", ErrTooLarge},
		{"gzip", gz("hello"), "gzip", -1, 5, "hello", nil},
		{"x-gzip", gz("hello"), "X-Gzip", -1, 5, "hello", nil},
		{"gzip over", gz("hello!"), "gzip", -1, 5, "", ErrTooLarge},
		{"gzip empty", nil, "gzip", 0, 5, "", nil},
		{"gzip corrupt", []byte("not gzip at all"), "gzip", -1, 100, "", errEncoding},
		{"gzip truncated", gz("hello world")[:12], "gzip", -1, 100, "", io.ErrUnexpectedEOF},
		{"brotli", []byte{1, 2, 3}, "br", -1, 100, "", errEncoding},
		{"two codings", gz("x"), "gzip, br", -1, 100, "", errEncoding},
	}
	for _, tt := range tests {
		got, err := readBody(bytes.NewReader(tt.body), tt.encoding, tt.length, tt.max)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s: err = %v, want %v", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestCacheControl(t *testing.T) {
	tests := []struct {
		private bool
		header  http.Header
		want    string
	}{
		{false, http.Header{}, ""},
		{false, http.Header{"Cache-Control": {"public, max-age=60"}}, "public, max-age=60"},
		{false, http.Header{"Cache-Control": {"public", "max-age=60"}}, "public, max-age=60"},
		{true, http.Header{"Cache-Control": {"public, max-age=60"}}, "private, no-store"},
		{false, http.Header{"Cache-Control": {"private, max-age=60"}}, "private, no-store"},
		{false, http.Header{"Cache-Control": {`private="Set-Cookie", max-age=60`}}, "private, no-store"},
		{false, http.Header{"Cache-Control": {"No-Store"}}, "private, no-store"},
		{false, http.Header{"Cache-Control": {"max-age=60"}, "Set-Cookie": {"a=1"}}, "private, no-store"},
		{false, http.Header{"Cache-Control": {"s-maxage=60, no-transform"}}, "s-maxage=60, no-transform"},
	}
	for _, tt := range tests {
		if got := cacheControl(tt.private, tt.header); got != tt.want {
			t.Errorf("cacheControl(%v, %v) = %q, want %q", tt.private, tt.header, got, tt.want)
		}
	}
}

func TestVaryAndETags(t *testing.T) {
	for _, tt := range []struct {
		page []string
		add  []string
		want string
	}{
		{nil, []string{"Accept"}, "Accept"},
		{[]string{"accept-language"}, []string{"Accept"}, "Accept-Language, Accept"},
		{[]string{"Accept, Cookie", "cookie"}, []string{"Accept"}, "Accept, Cookie"},
		{[]string{"*"}, []string{"Accept"}, "*"},
		{[]string{"host"}, []string{"Accept", "Host", "X-Forwarded-Proto"}, "Host, Accept, X-Forwarded-Proto"},
	} {
		if got := vary(tt.page, tt.add...); got != tt.want {
			t.Errorf("vary(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
	etag := etagOf([]byte("# Page\n"))
	if etag == etagOf([]byte("# Page!\n")) || !strings.HasPrefix(etag, `"`) {
		t.Fatalf("etagOf gives %s for two bodies", etag)
	}
	for _, tt := range []struct {
		values []string
		want   bool
	}{
		{nil, false},
		{[]string{etag}, true},
		{[]string{"W/" + etag}, true},
		{[]string{`"other", ` + etag}, true},
		{[]string{`"other"`}, false},
		{[]string{"*"}, true},
	} {
		if got := noneMatch(tt.values, etag); got != tt.want {
			t.Errorf("noneMatch(%q) = %v, want %v", tt.values, got, tt.want)
		}
	}
}

func TestCaptureLimits(t *testing.T) {
	c := &capture{header: make(http.Header), max: 10, overflow: make(chan struct{})}
	c.Header().Set("Content-Type", "text/html")
	if n, err := c.Write([]byte("0123456789")); n != 10 || err != nil {
		t.Fatalf("write up to the limit: %d, %v", n, err)
	}
	c.Header().Set("X-Late", "ignored") // after the header was sent
	if _, err := c.Write([]byte("x")); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("write past the limit: %v", err)
	}
	select {
	case <-c.overflow:
	default:
		t.Fatal("overflow not signalled")
	}
	if _, err := c.response(httptest.NewRequest("GET", "/", nil)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("response of an overflowing capture: %v", err)
	}

	c = &capture{header: make(http.Header), max: 10, overflow: make(chan struct{})}
	c.WriteHeader(http.StatusEarlyHints) // informational: not the status
	c.Header().Set("Content-Type", "text/plain")
	c.WriteHeader(http.StatusTeapot)
	c.Header().Set("Content-Type", "text/html") // too late
	c.Write([]byte("hi"))
	resp, err := c.response(httptest.NewRequest("GET", "/", nil))
	if err != nil || resp.StatusCode != http.StatusTeapot || resp.Header.Get("Content-Type") != "text/plain" {
		t.Fatalf("response = %v, %v", resp, err)
	}
	c.abandon()
	if _, err := c.Write([]byte("x")); !errors.Is(err, http.ErrHandlerTimeout) {
		t.Fatalf("write after abandon: %v", err)
	}

	c = &capture{header: make(http.Header), max: 10, overflow: make(chan struct{})}
	c.Header().Set("Content-Length", "11")
	c.WriteHeader(http.StatusOK)
	select {
	case <-c.overflow:
	default:
		t.Fatal("a Content-Length over the limit does not overflow")
	}
}

func TestFailureSentences(t *testing.T) {
	for _, err := range []error{errBadPath, errNotPage, errHost, errNoHost, errMarkdownOnly, ErrTimeout, ErrTooLarge, ErrNotHTML,
		errEncoding, errRedirect, ErrUnreachable, errSite, errConvert, errors.New("anything")} {
		status, msg := failure(err, DefaultTimeout, DefaultMaxBytes)
		if status < 400 || strings.Count(msg, ".") < 1 || !strings.HasSuffix(msg, ".") || strings.Contains(msg, "\n") {
			t.Errorf("failure(%v) = %d %q: want an error status and one sentence", err, status, msg)
		}
	}
	if _, msg := failure(ErrTimeout, DefaultTimeout, DefaultMaxBytes); !strings.Contains(msg, "10s") {
		t.Errorf("timeout sentence %q does not say the timeout", msg)
	}
	if _, msg := failure(ErrTooLarge, DefaultTimeout, DefaultMaxBytes); !strings.Contains(msg, "6 MB") {
		t.Errorf("size sentence %q does not say the limit", msg)
	}
	for n, want := range map[int64]string{6 << 20: "6 MB", 1536 << 10: "1.5 MB", 512 << 10: "512 KB", 1000: "1000 bytes"} {
		if got := formatBytes(n); got != want {
			t.Errorf("formatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
