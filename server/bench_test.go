package server

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// articlePage is a long documentation page (about 50 KB): headings,
// paragraphs with links, code, tables and lists, inside site chrome.
func articlePage() string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Guide · Docs</title>
<meta name="description" content="A long guide."><link rel="canonical" href="https://docs.example/guide"></head><body>
<header><nav><a href="/">Home</a> <a href="/docs">Docs</a> <a href="/blog">Blog</a></nav></header><main><h1>Guide</h1>`)
	for i := range 60 {
		fmt.Fprintf(&b, `<h2 id="s%d"><a href="#s%d">Section %d</a></h2>
<p>This section explains <a href="/docs/topic-%d">topic %d</a> in some depth, with <em>emphasis</em>, <strong>strong text</strong> and <code>inline code</code>, so that the paragraph is about as long as a real one in a real guide.</p>
<pre><code class="language-go">func Example%d() error {
	return nil
}</code></pre>
<table><thead><tr><th>Option</th><th>Default</th><th>Meaning</th></tr></thead><tbody>
<tr><td>timeout</td><td>10s</td><td>how long to wait</td></tr><tr><td>retries</td><td>3</td><td>how often to try</td></tr></tbody></table>
<ul><li>First point about %d</li><li>Second point, with <a href="https://other.example/%d">a link</a></li><li>Third point</li></ul>
<div class="related"><a href="/a">Related A</a><a href="/b">Related B</a></div>`, i, i, i, i, i, i, i, i)
	}
	b.WriteString(`</main><footer><p>© Docs</p></footer><script>window.x = 1;</script></body></html>`)
	return b.String()
}

// BenchmarkProxy compares, on the same page in the same run, the proxy
// answering a Markdown request with a plain httputil.ReverseProxy passing
// the page through, and md.Convert of the page alone: the proxy's cost
// over a reverse proxy should be the conversion and little else.
//
//	go test ./server -run '^$' -bench Proxy -benchmem
func BenchmarkProxy(b *testing.B) {
	pages := []struct{ name, html string }{
		{"product-2KB", productPage(b)},
		{"article-" + fmt.Sprint(len(articlePage())>>10) + "KB", articlePage()},
	}
	for _, p := range pages {
		site := http.NewServeMux()
		site.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, p.html)
		})
		origin := httptest.NewServer(site)
		originURL, _ := url.Parse(origin.URL)

		plain := httptest.NewServer(httputil.NewSingleHostReverseProxy(originURL))
		md1, err := NewProxy(origin.URL, Options{Logger: slog.New(slog.DiscardHandler), IgnoreMarkdownFiles: true})
		if err != nil {
			b.Fatal(err)
		}
		mdNoFiles := httptest.NewServer(md1)
		md2, err := NewProxy(origin.URL, Options{Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			b.Fatal(err)
		}
		mdFiles := httptest.NewServer(md2)

		c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
		get := func(b *testing.B, url, accept string) {
			req, _ := http.NewRequest("GET", url, nil)
			if accept != "" {
				req.Header.Set("Accept", accept)
			}
			resp, err := c.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				b.Fatal(resp.Status)
			}
		}
		run := func(name string, fn func(b *testing.B)) {
			b.Run(p.name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(p.html)))
				b.ReportAllocs()
				for b.Loop() {
					fn(b)
				}
			})
		}
		run("reverseproxy-html", func(b *testing.B) { get(b, plain.URL+"/page", "") })
		run("proxy-html", func(b *testing.B) { get(b, mdNoFiles.URL+"/page", "") })
		run("proxy-markdown", func(b *testing.B) { get(b, mdNoFiles.URL+"/page", "text/markdown") })
		run("proxy-markdown-filecheck", func(b *testing.B) { get(b, mdFiles.URL+"/page.md", "") })
		run("convert-only", func(b *testing.B) {
			if _, err := md.Convert([]byte(p.html), md.Options{URL: "http://x/page"}); err != nil {
				b.Fatal(err)
			}
		})
		c.CloseIdleConnections()
		plain.Close()
		mdNoFiles.Close()
		mdFiles.Close()
		origin.Close()
	}
}
