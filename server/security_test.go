package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/affordances/affordances-md/llms"
)

// raw sends a request written out by hand, so that request targets no
// client would produce reach the server as they are. A Host header given
// as "" is left out.
func raw(t *testing.T, base, requestLine string, header ...string) (*http.Response, string) {
	t.Helper()
	addr := strings.TrimPrefix(base, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	host := addr
	var extra strings.Builder
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			host = header[i+1]
			continue
		}
		extra.WriteString(header[i] + ": " + header[i+1] + "\r\n")
	}
	if host != "" {
		host = "Host: " + host + "\r\n"
	}
	io.WriteString(conn, requestLine+"\r\n"+host+extra.String()+"Connection: close\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s: %v", requestLine, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestPathSafety: no request makes the handler fetch anything but the
// origin, or a path the origin and a browser would read differently.
func TestPathSafety(t *testing.T) {
	eachForm(t, func(t *testing.T, f form) {
		evil := newSite()
		evilSrv := httptest.NewServer(evil)
		defer evilSrv.Close()
		EVIL := strings.TrimPrefix(evilSrv.URL, "http://")

		site := newSite()
		site.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, ".md") {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<main><h1>Origin page</h1></main>")
		})
		_, base := f.start(t, site, Options{})

		tests := []struct {
			name, line string
			header     []string
			status     int
			fetched    string // the page the site must have been asked for
		}{
			{"absolute-form URI", "GET http://" + EVIL + "/x.md HTTP/1.1", []string{"Host", EVIL}, 200, "/x"},
			{"absolute-form URI with user info", "GET http://user@" + EVIL + "/x.md HTTP/1.1", nil, 200, "/x"},
			{"Host header naming another site", "GET /x.md HTTP/1.1", []string{"Host", EVIL}, 200, "/x"},
			{"scheme-relative path", "GET //" + EVIL + "/x.md HTTP/1.1", nil, 400, ""},
			{"scheme-relative path, negotiated", "GET //" + EVIL + "/x HTTP/1.1", []string{"Accept", "text/markdown"}, 400, ""},
			{"backslash", `GET /\` + EVIL + `/x.md HTTP/1.1`, nil, 400, ""},
			{"encoded backslash", "GET /%5C" + EVIL + "/x.md HTTP/1.1", nil, 400, ""},
			{"encoded slashes", "GET /%2F%2F" + EVIL + "/x.md HTTP/1.1", nil, 400, ""},
			{"encoded slash", "GET /a%2fb.md HTTP/1.1", nil, 400, ""},
			{"dot-dot", "GET /a/../x.md HTTP/1.1", nil, 400, ""},
			{"dot", "GET /./x.md HTTP/1.1", nil, 400, ""},
			{"encoded dot-dot", "GET /%2e%2e/x.md HTTP/1.1", nil, 400, ""},
			{"dot-dot, encoded slash", "GET /..%2Fx.md HTTP/1.1", nil, 400, ""},
			{"encoded dot in a name", "GET /x%2Ehtml.md HTTP/1.1", nil, 400, ""},
			{"NUL", "GET /x%00.md HTTP/1.1", nil, 400, ""},
			{"@ in the path", "GET /@" + EVIL + "/x.md HTTP/1.1", nil, 200, "/@" + EVIL + "/x"},
			{"@ instead of the path", "GET @" + EVIL + "/x.md HTTP/1.1", nil, 400, ""},
			{"URL in the query", "GET /x.md?next=http://" + EVIL + "/ HTTP/1.1", nil, 200, "/x?next=http://" + EVIL + "/"},
		}
		for _, tt := range tests {
			before := len(site.requests(tt.fetched))
			resp, body := raw(t, base, tt.line, tt.header...)
			if resp.StatusCode != tt.status {
				t.Errorf("%s: %s %q, want %d", tt.name, resp.Status, body, tt.status)
			}
			if tt.status == 200 {
				if !strings.Contains(body, "# Origin page") {
					t.Errorf("%s: body %q", tt.name, body)
				}
				if len(site.requests(tt.fetched)) != before+1 {
					t.Errorf("%s: the site was not asked for %s; it got %q", tt.name, tt.fetched, site.uris())
				}
			}
			if got := evil.uris(); len(got) > 0 {
				t.Fatalf("%s: the other site was fetched: %q", tt.name, got)
			}
		}
		for _, uri := range site.uris() {
			uri, _, _ = strings.Cut(uri, "?")
			if strings.Contains(uri, "..") || strings.Contains(uri, "//") || strings.Contains(uri, `\`) || strings.Contains(strings.ToLower(uri), "%2") || strings.Contains(uri, "%5") {
				t.Errorf("the site was asked for %q", uri)
			}
		}
	})
}

func TestRequestOriginMode(t *testing.T) {
	t.Setenv(OriginEnv, "")
	site := newSite()
	site.html("/page", "<main><h1>Allowed site</h1></main>")
	siteSrv := httptest.NewServer(site)
	defer siteSrv.Close()
	SITE := strings.TrimPrefix(siteSrv.URL, "http://")

	evil := newSite()
	evil.html("/page", "<main><h1>Evil site</h1></main>")
	evilSrv := httptest.NewServer(evil)
	defer evilSrv.Close()
	EVIL := strings.TrimPrefix(evilSrv.URL, "http://")

	if _, err := NewProxy("", quiet(Options{})); err == nil {
		t.Fatal("request-origin mode without allowed hosts: no error")
	}
	h, err := NewProxy("", quiet(Options{AllowedHosts: []string{SITE}}))
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(h)
	defer front.Close()

	tests := []struct {
		name, line string
		header     []string
		status     int
	}{
		{"allowed host", "GET /page.md HTTP/1.1", []string{"Host", SITE}, 200},
		{"another host", "GET /page.md HTTP/1.1", []string{"Host", EVIL}, 421},
		{"absolute-form naming another host", "GET http://" + EVIL + "/page.md HTTP/1.1", []string{"Host", SITE}, 421},
		{"user info in the Host", "GET /page.md HTTP/1.1", []string{"Host", SITE + "@" + EVIL}, 421},
		{"the proxy's own address", "GET /page.md HTTP/1.1", nil, 421},
		{"not a Markdown request", "GET /page HTTP/1.1", []string{"Host", SITE}, 421},
		{"its own fetch coming back", "GET /page.md HTTP/1.1", []string{"Host", SITE, RenderHeader, "1"}, 421},
	}
	for _, tt := range tests {
		resp, body := raw(t, front.URL, tt.line, tt.header...)
		if resp.StatusCode != tt.status && !(tt.status == 421 && resp.StatusCode == 400) {
			t.Errorf("%s: %s %q, want %d", tt.name, resp.Status, body, tt.status)
		}
		if tt.status == 200 && !strings.Contains(body, "# Allowed site") {
			t.Errorf("%s: %q", tt.name, body)
		}
		if tt.status != 200 && resp.StatusCode == tt.status {
			oneSentence(t, body) // (net/http answers a malformed Host itself)
		}
	}
	if got := evil.uris(); len(got) > 0 {
		t.Fatalf("the other site was fetched: %q", got)
	}

	// An allowed host without a port is allowed on the web's ports only:
	// a Host header cannot send the proxy to another port of that host.
	bare, err := NewProxy("", quiet(Options{AllowedHosts: []string{"127.0.0.1"}}))
	if err != nil {
		t.Fatal(err)
	}
	frontBare := httptest.NewServer(bare)
	defer frontBare.Close()
	before := len(site.uris())
	if resp, body := raw(t, frontBare.URL, "GET /page.md HTTP/1.1", "Host", SITE); resp.StatusCode != 421 {
		t.Errorf("a port the allowed host did not name: %s %q, want 421", resp.Status, body)
	}
	if got := site.uris(); len(got) != before {
		t.Errorf("the site was fetched on a port its entry did not name: %q", got[before:])
	}

	// The environment names the origin when the code does not.
	t.Setenv(OriginEnv, siteSrv.URL)
	h, err = NewProxy("", quiet(Options{}))
	if err != nil {
		t.Fatal(err)
	}
	front2 := httptest.NewServer(h)
	defer front2.Close()
	if resp, body := raw(t, front2.URL, "GET /page.md HTTP/1.1", "Host", EVIL); resp.StatusCode != 200 || !strings.Contains(body, "# Allowed site") {
		t.Errorf("origin from %s: %s %q", OriginEnv, resp.Status, body)
	}

	// With a fixed origin, the allowed hosts still pin what a Host may say.
	h, err = NewProxy(siteSrv.URL, quiet(Options{AllowedHosts: []string{"shop.example"}}))
	if err != nil {
		t.Fatal(err)
	}
	front3 := httptest.NewServer(h)
	defer front3.Close()
	if resp, _ := raw(t, front3.URL, "GET /page.md HTTP/1.1", "Host", EVIL); resp.StatusCode != 421 {
		t.Errorf("a host not allowed: %s", resp.Status)
	}
	if resp, body := raw(t, front3.URL, "GET /page.md HTTP/1.1", "Host", "shop.example"); resp.StatusCode != 200 || !strings.Contains(body, "# Allowed site") {
		t.Errorf("an allowed host: %s %q", resp.Status, body)
	}
	if got := evil.uris(); len(got) > 0 {
		t.Fatalf("the other site was fetched: %q", got)
	}
}

// TestRequestWithoutHost: a Markdown request without a Host header (an
// HTTP/1.0 request sent straight to the handler) names no origin for its
// links. Refused (400, no-store), not answered with links on the proxy's
// origin, the site's internal address, unless the links' origin is fixed:
// a pinned middleware's, or the llms files' URL. The llms files answer it
// as /page.md does; pages passed on as HTML are not the handler's to
// refuse.
func TestRequestWithoutHost(t *testing.T) {
	t.Setenv(OriginEnv, "")
	site := newSite()
	site.html("/page", `<main><h1>Page</h1><p>See <a href="/other">the other page</a>.</p></main>`)
	site.page("/.well-known/affordances.json", "application/json", `{"v":"0","name":"Shop","routes":[{"route":"/page","actions":[]}]}`)
	siteSrv := httptest.NewServer(site)
	defer siteSrv.Close()
	SITE := strings.TrimPrefix(siteSrv.URL, "http://")

	start := func(h *Handler, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		front := httptest.NewServer(h)
		t.Cleanup(front.Close)
		return front.URL
	}
	proxy := start(NewProxy(siteSrv.URL, quiet(Options{IgnoreMarkdownFiles: true, LLMs: &llms.Builder{}})))
	proxyURL := start(NewProxy(siteSrv.URL, quiet(Options{IgnoreMarkdownFiles: true, LLMs: &llms.Builder{URL: "https://shop.example"}})))
	hosts := start(NewProxy("", quiet(Options{IgnoreMarkdownFiles: true, AllowedHosts: []string{SITE}})))
	mw := start(Middleware(site, quiet(Options{LLMs: &llms.Builder{}})))
	pinned := start(Middleware(site, quiet(Options{Origin: "https://shop.example", LLMs: &llms.Builder{}})))

	const md, html = "GET /page.md HTTP/1.0", "GET /page HTTP/1.0"
	noHost := []string{"Host", ""}
	tests := []struct {
		name, base, line string
		header           []string
		status           int
		want             string // in the body of a 200
	}{
		{"proxy", proxy, md, noHost, 400, ""},
		{"proxy, negotiated", proxy, html, []string{"Host", "", "Accept", "text/markdown"}, 400, ""},
		{"proxy, HTML passed on", proxy, html, noHost, 200, "<h1>Page</h1>"},
		{"proxy, llms.txt", proxy, "GET /llms.txt HTTP/1.0", noHost, 400, ""},
		{"proxy, a Host that is no host name", proxy, md, []string{"Host", "shop!example"}, 421, ""},
		{"proxy, HTTP/1.0 with a Host", proxy, md, []string{"Host", "shop.example"}, 200, "(http://shop.example/other)"},
		{"proxy, llms.txt on its URL", proxyURL, "GET /llms.txt HTTP/1.0", noHost, 200, "(https://shop.example/page.md)"},
		{"proxy, page beside the llms files' URL", proxyURL, md, noHost, 400, ""},
		{"request-origin proxy", hosts, md, noHost, 400, ""},
		{"middleware", mw, md, noHost, 400, ""},
		{"middleware, HTML passed on", mw, html, noHost, 200, "<h1>Page</h1>"},
		{"middleware, llms.txt", mw, "GET /llms.txt HTTP/1.0", noHost, 400, ""},
		{"pinned middleware", pinned, md, noHost, 200, "(https://shop.example/other)"},
		{"pinned middleware, llms.txt", pinned, "GET /llms.txt HTTP/1.0", noHost, 200, "(https://shop.example/page.md)"},
	}
	for _, tt := range tests {
		resp, body := raw(t, tt.base, tt.line, tt.header...)
		if resp.StatusCode != tt.status {
			t.Errorf("%s: %s %q, want %d", tt.name, resp.Status, body, tt.status)
			continue
		}
		if tt.status != 200 {
			oneSentence(t, body)
			if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("%s: Cache-Control %q, want no-store", tt.name, cc)
			}
		} else if !strings.Contains(body, tt.want) {
			t.Errorf("%s: the body has no %q:\n%s", tt.name, tt.want, body)
		}
		if strings.Contains(body, SITE) && tt.base != hosts {
			t.Errorf("%s: the body gives away the origin's address:\n%s", tt.name, body)
		}
	}
}
