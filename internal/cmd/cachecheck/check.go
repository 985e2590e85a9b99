package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"
)

// The Accept headers of a browser and of an agent.
const (
	browser = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
	agent   = "text/markdown"
)

// checker sends requests to the cache and records each check's outcome.
type checker struct {
	base   string
	client *http.Client
	out    io.Writer
	passed int
	failed int
}

// answer is one response, read whole.
type answer struct {
	status       int
	contentType  string
	cacheControl string
	cacheStatus  string // nginx's $upstream_cache_status: MISS, HIT, ...
	vary         string
	location     string
	body         string
}

func (a answer) markdown() bool { return a.contentType == "text/markdown; charset=utf-8" }
func (a answer) html() bool     { return strings.HasPrefix(a.contentType, "text/html") }

var renderRE = regexp.MustCompile(`Render (\d+)\.`)

// render is the page's "Render N" number, or "" when it has none.
func (a answer) render() string {
	if m := renderRE.FindStringSubmatch(a.body); m != nil {
		return m[1]
	}
	return ""
}

func (a answer) String() string {
	return fmt.Sprintf("%d %s, Cache-Control %q, Vary %q, cache %s, render %s", a.status, a.contentType, a.cacheControl, a.vary, a.cacheStatus, a.render())
}

// get sends a GET with the given header name, value pairs.
func (c *checker) get(path string, header ...string) answer {
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		panic(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.client.Do(req)
	if err != nil {
		c.expect(false, "GET %s: %v", path, err)
		return answer{}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.expect(false, "GET %s: reading the body: %v", path, err)
	}
	return answer{
		status:       resp.StatusCode,
		contentType:  resp.Header.Get("Content-Type"),
		cacheControl: resp.Header.Get("Cache-Control"),
		cacheStatus:  resp.Header.Get("X-Cache-Status"),
		vary:         strings.Join(resp.Header.Values("Vary"), ", "),
		location:     resp.Header.Get("Location"),
		body:         string(b),
	}
}

// expect records one check.
func (c *checker) expect(ok bool, format string, args ...any) {
	if ok {
		c.passed++
		fmt.Fprintf(c.out, "  pass: "+format+"\n", args...)
		return
	}
	c.failed++
	fmt.Fprintf(c.out, "  FAIL: "+format+"\n", args...)
}

// check runs every check against the cache at base and returns how many
// failed.
func check(base string, out io.Writer) int {
	c := &checker{base: strings.TrimSuffix(base, "/"), out: out, client: &http.Client{
		Timeout:       30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	c.public()
	c.personal()
	c.pagePrivate()
	c.forgedHost()
	fmt.Fprintf(out, "cache checks: %d ok, %d failed\n", c.passed, c.failed)
	return c.failed
}

// public: a public page's Markdown is cached, and at one URL the cache
// keeps the HTML and the Markdown apart by Accept, whichever comes first.
func (c *checker) public() {
	fmt.Fprintln(c.out, "== a public page: cached, and Vary: Accept respected")
	for _, tt := range []struct {
		path  string
		first []string // the Accept of the first two requests; the other's follow
	}{{"/public", []string{agent, browser}}, {"/public2", []string{browser, agent}}} {
		want := map[string]func(answer) bool{agent: answer.markdown, browser: answer.html}
		name := map[string]string{agent: "Markdown", browser: "HTML"}
		seen := map[string]string{} // the render each Accept got first
		for _, accept := range tt.first {
			miss := c.get(tt.path, "Accept", accept)
			hit := c.get(tt.path, "Accept", accept)
			c.expect(miss.status == 200 && want[accept](miss), "%s for %s: %s (%s)", tt.path, name[accept], name[accept], miss)
			c.expect(hit.cacheStatus == "HIT" && hit.render() == miss.render() && want[accept](hit),
				"%s for %s again: served from the cache (%s)", tt.path, name[accept], hit)
			c.expect(strings.Contains(miss.vary, "Accept"), "%s for %s: Vary %q names Accept", tt.path, name[accept], miss.vary)
			seen[accept] = miss.render()
		}
		// Both variants are now cached: each Accept still gets its own.
		for _, accept := range tt.first {
			a := c.get(tt.path, "Accept", accept)
			c.expect(want[accept](a) && a.render() == seen[accept], "%s for %s after the other was cached: its own variant (%s)", tt.path, name[accept], a)
		}
		none := c.get(tt.path)
		c.expect(none.html(), "%s without Accept: HTML (%s)", tt.path, none)
	}
	// A redirect, cached too: a browser is sent to the page, an agent to
	// its Markdown.
	for _, order := range [][]string{{browser, agent}, {agent, browser}} {
		for _, accept := range order {
			want := map[string]string{browser: "/public", agent: "/public.md"}[accept]
			a := c.get("/old", "Accept", accept)
			c.expect(a.status == 301 && a.location == want && strings.Contains(a.vary, "Accept"),
				"/old with Accept %.13s...: 301 to %s (Location %q, Vary %q, cache %s)", accept, want, a.location, a.vary, a.cacheStatus)
		}
	}

	twin := c.get("/public.md", "Accept", browser)
	again := c.get("/public.md", "Accept", browser)
	c.expect(twin.markdown() && again.cacheStatus == "HIT" && again.render() == twin.render(), "/public.md: Markdown, cached (%s; %s)", twin, again)
}

// personal: Markdown asked for with a session cookie or a bearer token is
// never served to anyone else, asked for as a .md path or by Accept. The
// site marks these pages public, as a careless site would.
func (c *checker) personal() {
	fmt.Fprintln(c.out, "== a personal page: never served from the cache to another client")
	people := []string{"alice", "bob", "carol"}
	for _, form := range []struct {
		name, path string
		header     []string
	}{{"the .md path", "/account.md", nil}, {"Accept", "/account", []string{"Accept", agent}}} {
		// mine checks an answer shows no one's account but the asker's.
		mine := func(who string, a answer, how string) {
			for _, p := range people {
				if p != who && strings.Contains(a.body, "Signed in as "+p) {
					c.expect(false, "%s, %s: %s got %s's account (%s)", form.name, how, orAnyone(who), p, a)
					return
				}
			}
			c.expect(a.markdown(), "%s, %s: %s sees no one else's account (%s)", form.name, how, orAnyone(who), a)
		}
		for i, who := range people {
			h := append([]string{"Cookie", "session=" + who}, form.header...)
			how := "session cookie"
			if i == 2 {
				h = append([]string{"Authorization", "Bearer " + who}, form.header...)
				how = "bearer token"
			}
			a := c.get(form.path, h...)
			mine(who, a, how)
			if i == 0 {
				c.expect(strings.Contains(a.body, "Signed in as "+who) && a.cacheControl == "private, no-store",
					"%s, %s: the first asker gets their own page, private, no-store (%s)", form.name, how, a)
			}
			for range 2 {
				mine("", c.get(form.path, form.header...), "after a "+how)
			}
		}
	}
}

// orAnyone names an asker: a person, or an anonymous one.
func orAnyone(who string) string {
	if who == "" {
		return "an anonymous client"
	}
	return who
}

// pagePrivate: a page that sets a cookie, or says it is private, is never
// served from the cache to another client, however asked for.
func (c *checker) pagePrivate() {
	fmt.Fprintln(c.out, "== pages that set a cookie or are private: never cached")
	for _, path := range []string{"/session", "/private"} {
		for _, form := range [][]string{{path + ".md"}, {path, "Accept", agent}} {
			first := c.get(form[0], form[1:]...)
			second := c.get(form[0], form[1:]...)
			c.expect(first.markdown() && second.markdown() && first.cacheControl == "private, no-store" && second.cacheControl == "private, no-store",
				"%s %q: Markdown, private, no-store (%s)", form[0], form[1:], first)
			c.expect(second.cacheStatus != "HIT" && first.render() != "" && second.render() != first.render(),
				"%s %q: the second client got a page of its own (%s; %s)", form[0], form[1:], first, second)
			if path == "/session" {
				c.expect(!strings.Contains(second.body, "visitor "+visitorOf(first.body)+"."), "%s %q: the second visitor does not see the first one's number", form[0], form[1:])
			}
		}
	}
}

var visitorRE = regexp.MustCompile(`visitor (\d+)\.`)

func visitorOf(body string) string {
	if m := visitorRE.FindStringSubmatch(body); m != nil {
		return m[1]
	}
	return "?"
}

// forgedHost: the Markdown's links are on the host a request names, so a
// request with a forged Host (or X-Forwarded-Proto) must not leave a copy
// with its links in the cache for others: whoever asks first, and when
// forged and real requests arrive together (serve answers identical ones
// together, and must not merge these).
func (c *checker) forgedHost() {
	fmt.Fprintln(c.out, "== a forged Host or X-Forwarded-Proto: its links never reach another client")
	u, err := url.Parse(c.base)
	if err != nil {
		panic(err)
	}
	real := "http://" + u.Host + "/public"
	// mine checks an answer links on the real origin and nowhere else.
	mine := func(a answer, what string) {
		c.expect(a.markdown() && strings.Contains(a.body, "]("+real+")") && !strings.Contains(a.body, "evil.example") && !strings.Contains(a.body, "https://"),
			"%s: links on %s (%s)", what, real, a)
	}
	forged := [][]string{{"Host", "evil.example"}, {"X-Forwarded-Proto", "https"}}
	for _, form := range [][]string{{"/links.md"}, {"/links", "Accept", agent}} {
		for _, f := range forged {
			bad := c.get(form[0], append(f, form[1:]...)...)
			c.expect(bad.markdown() && !strings.Contains(bad.body, "]("+real+")"), "%s %q with %s: %s's links, for that request (%s)", form[0], form[1:], f[0], f[1], bad)
			mine(c.get(form[0], form[1:]...), fmt.Sprintf("%s %q after a request with %s: %s", form[0], form[1:], f[0], f[1]))
		}
		again := c.get(form[0], form[1:]...)
		mine(again, fmt.Sprintf("%s %q once more", form[0], form[1:]))
		c.expect(again.cacheStatus == "HIT", "%s %q once more: served from the cache (%s)", form[0], form[1:], again)
	}

	// Forged and real requests together, for a page not yet cached.
	const each = 8
	answers := make([]answer, 3*each)
	var wg sync.WaitGroup
	for i := range answers {
		header := []string{"Accept", agent}
		if i%3 > 0 {
			header = append(header, forged[i%3-1]...)
		}
		wg.Go(func() { answers[i] = c.get("/links2", header...) })
	}
	wg.Wait()
	for i := 0; i < len(answers); i += 3 {
		mine(answers[i], fmt.Sprintf("/links2 sent together with forged requests, client %d", i/3+1))
	}
	for range 2 {
		mine(c.get("/links2", "Accept", agent), "/links2 after forged requests sent together")
	}
}
