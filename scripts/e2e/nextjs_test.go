package e2e

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/affordances/affordances-md/llms"
)

// siteURL is the public origin the app's sitemap names
// (scripts/nextapp/src/app/sitemap.js), given to serve with --url.
const siteURL = "https://nextapp.example"

// nextPage is one page of scripts/nextapp and what its Markdown must hold.
type nextPage struct {
	path string
	// want is in the Markdown, and is what a person sees once the page
	// has loaded: the shell and every boundary that completed.
	want []string
	// fallbacks were shown while a boundary was pending and replaced by
	// its content: in neither the Markdown nor the loaded page.
	fallbacks []string
	// clientOnly is a fallback of a boundary the server gave up on or
	// left to the browser: the server sent nothing else, so it stays in
	// the Markdown, as it is what a reader without JavaScript gets.
	clientOnly []string
	// title is the frontmatter's title.
	title string
	// failsInBrowser marks a page whose failed boundary Next.js turns
	// into its error screen once it hydrates: what a person ends up seeing
	// is not the page's content, so only the Markdown is checked.
	failsInBrowser bool
}

var nextPages = []nextPage{{
	path: "/",
	want: []string{"# Next streaming fixture", "Shell paragraph.", "## Section A", "A content after 200ms.",
		"### Nested B", "B content after 500ms.", "- shell item 1\n- shell item 2"},
	fallbacks:      []string{"Loading A...", "Loading nested B..."},
	clientOnly:     []string{"Loading C (will error)..."},
	title:          "Next fixture",
	failsInBrowser: true,
}, {
	path:      "/withloading",
	want:      []string{"# Page behind loading.js", "Arrived after 300ms."},
	fallbacks: []string{"Route loading UI..."},
	title:     "Next fixture",
}, {
	// Next.js streams the metadata of a slow generateMetadata into the
	// body, after the page, for every client it does not take for a bot.
	path:  "/slowmeta",
	want:  []string{"# Slow metadata page", "Body is ready immediately.", `description: "metadata resolved after 300ms"`},
	title: "Slow streamed title",
}, {
	path:       "/csr",
	want:       []string{"# Static page with CSR bailouts", "Static paragraph."},
	clientOnly: []string{"Loading search params...", "Loading widget..."},
	title:      "Next fixture",
}, {
	// Rows streamed into a <tbody>, and a list, with no boundary failing.
	path: "/stock",
	want: []string{"# Trail Tee", "Stock and reviews arrive after the shell.",
		"| Size | In stock |\n| --- | --- |\n| S | 12 |\n| M | 3 |\n| L | 0 |",
		"## Reviews", "- Warm and light.\n- Runs small: take a size up.",
		"[On to the page behind loading.js](http"}, // absolute, on the origin asked
	fallbacks: []string{"Loading stock...", "Loading reviews..."},
	title:     "Trail Tee stock",
}}

// noise is what no page's Markdown may hold: the layout's chrome, the RSC
// payload, React's instructions.
var noise = []string{"Site nav", "Site footer", "__next_f", "$RC", "$RS", "$RX", "<template", "<!--"}

// browserHeader is what Chromium sends for a page.
func browserHeader() http.Header {
	return http.Header{
		"User-Agent":      {"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"},
		"Accept":          {"text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"},
		"Accept-Encoding": {"gzip, deflate, br, zstd"},
		"Accept-Language": {"en-GB,en;q=0.9"},
	}
}

// TestNextJS runs affordances-md serve in front of a real next start of
// scripts/nextapp.
func TestNextJS(t *testing.T) {
	origin := need(t, envNext)
	bin := buildCLI(t)
	proxy := startServe(t, bin, "--origin", origin, "--url", siteURL)

	t.Run("markdown", func(t *testing.T) {
		for _, p := range nextPages {
			mdPath := markdownPath(p.path)
			byPath := fetch(t, proxy+mdPath, nil)
			byAccept := fetch(t, proxy+p.path, http.Header{"Accept": {"text/markdown"}})
			for _, f := range []fetched{byPath, byAccept} {
				if f.status != 200 || f.header.Get("Content-Type") != "text/markdown; charset=utf-8" {
					t.Fatalf("%s: %d %q:\n%s", p.path, f.status, f.header.Get("Content-Type"), f.body)
				}
			}
			md := string(byPath.body)
			if string(byAccept.body) != md {
				t.Errorf("%s: Accept: text/markdown gives\n%s\nnot the .md's\n%s", p.path, byAccept.body, md)
			}
			checkMarkdown(t, p, md)
			if want := `title: "` + p.title + `"`; !strings.Contains(md, want) {
				t.Errorf("%s: no %s in\n%s", mdPath, want, md)
			}
		}
	})

	t.Run("llms.txt", func(t *testing.T) {
		f := fetch(t, proxy+"/llms.txt", nil)
		if f.status != 200 || f.header.Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Fatalf("/llms.txt: %d %q:\n%s", f.status, f.header.Get("Content-Type"), f.body)
		}
		file, problems := llms.Parse(f.body)
		for _, p := range problems {
			t.Errorf("/llms.txt: %v", p)
		}
		var got []string
		for _, s := range file.Sections {
			for _, l := range s.Links {
				got = append(got, l.Title+" "+l.URL)
			}
		}
		want := []string{
			"Next fixture " + siteURL + "/index.md",
			"Next fixture " + siteURL + "/withloading.md",
			"Slow streamed title " + siteURL + "/slowmeta.md",
			"Next fixture " + siteURL + "/csr.md",
			"Trail Tee stock " + siteURL + "/stock.md",
		}
		if !slices.Equal(got, want) {
			t.Errorf("/llms.txt lists\n%q\nwant (from the app's sitemap)\n%q\nthe file:\n%s", got, want, f.body)
		}
	})

	t.Run("llms-full.txt", func(t *testing.T) {
		f := fetch(t, proxy+"/llms-full.txt", nil)
		if f.status != 200 {
			t.Fatalf("/llms-full.txt: %d:\n%s", f.status, f.body)
		}
		full := string(f.body)
		for _, p := range nextPages {
			if h := "(" + siteURL + p.path + ")\n"; !strings.Contains(full, h) {
				t.Errorf("/llms-full.txt has no page headed %q", h)
			}
			p.want = slices.DeleteFunc(slices.Clone(p.want), func(s string) bool { return strings.HasPrefix(s, "description:") })
			checkMarkdown(t, p, full)
		}
	})

	t.Run("html", func(t *testing.T) {
		page := fetch(t, origin+"/", nil)
		chunk := nextChunk.Find(page.body)
		if chunk == nil {
			t.Fatalf("no /_next/static script on the page:\n%s", page.body)
		}
		// What the proxy adds: Vary: Accept, Host, X-Forwarded-Proto (the
		// Markdown's links are on the request's origin) to what a Markdown
		// request could have been made for (a path without an extension,
		// outside /_next/), and a Link to the twin of each HTML page.
		for _, c := range []struct {
			path       string
			vary, link bool
		}{
			{"/", true, true},
			{"/withloading", true, true},
			{"/slowmeta", true, true},
			{"/csr", true, true},
			{"/stock", true, true},
			{"/nowhere", true, false}, // next's 404 page
			{"/sitemap.xml", false, false},
			{"/favicon.ico", false, false},
			{string(chunk), false, false},
		} {
			// As a browser asks, and as a client that takes no
			// compression (next compresses whenever asked).
			for _, header := range []http.Header{browserHeader(), {"Accept": {"*/*"}}} {
				direct, proxied, tries := samePage(t, origin+c.path, proxy+c.path, header)
				what := c.path + " (Accept-Encoding " + strconv.Quote(header.Get("Accept-Encoding")) + ")"
				if !bytes.Equal(direct.body, proxied.body) {
					t.Errorf("%s: the body through affordances-md differs from next's, %d times out of %d:\n%s\n---\n%s",
						what, tries, tries, gunzipped(direct), gunzipped(proxied))
				} else if tries > 1 {
					t.Logf("%s: same bytes on try %d (a streamed page's chunks depend on timing)", what, tries)
				}
				want := direct.header.Clone()
				if c.vary {
					want.Add("Vary", "Accept, Host, X-Forwarded-Proto")
				}
				if c.link {
					want.Set("Link", "<"+markdownPath(c.path)+`>; rel="alternate"; type="text/markdown"`)
				}
				if direct.status != proxied.status {
					t.Errorf("%s: status %d through affordances-md, %d from next", what, proxied.status, direct.status)
				}
				checkHeaders(t, what, want, proxied.header)
			}
		}
	})

	t.Run("streaming", func(t *testing.T) {
		// The page's last boundary completes 700 ms after the shell
		// (200 ms, then a nested 500 ms): a proxy that held the body back
		// would send its first byte as late as its last. The medians of
		// five requests are logged, as figures, not checked.
		const n = 5
		var direct, proxied timings
		for range n {
			direct.add(fetch(t, origin+"/", browserHeader()))
			proxied.add(fetch(t, proxy+"/", browserHeader()))
		}
		for _, c := range []struct {
			name string
			tm   timings
		}{{"next", direct}, {"through affordances-md", proxied}} {
			first, last := c.tm.median()
			t.Logf("/ as HTML, %s: first byte after %v, last after %v (medians of %d)", c.name, first, last, n)
			if last-first < last/2 {
				t.Errorf("/ as HTML, %s: the shell was not sent ahead of the boundaries: first byte after %v, last after %v", c.name, first, last)
			}
		}
		// What a Markdown twin costs: the whole page (the origin's time
		// for all of it), then converting it.
		for _, path := range []string{"/stock", "/csr"} {
			var page, twin timings
			for range n {
				page.add(fetch(t, origin+path, browserHeader()))
				twin.add(fetch(t, proxy+markdownPath(path), nil))
			}
			_, pageLast := page.median()
			_, twinLast := twin.median()
			t.Logf("%s: the page whole from next after %v, its Markdown through affordances-md after %v (medians of %d)", path, pageLast, twinLast, n)
		}
	})

	t.Run("chromium", func(t *testing.T) {
		b := startBrowser(t)
		t.Logf("browser: %s", b.Version())
		for _, p := range nextPages {
			b.Open(origin + p.path)
			direct := b.Settled()
			b.Open(proxy + p.path)
			proxied := b.Settled()
			if proxied != direct {
				t.Errorf("%s: a person sees\n%s\nthrough affordances-md, and\n%s\nfrom next directly", p.path, proxied, direct)
			}
			t.Logf("%s in Chromium:\n%s", p.path, proxied)
			if p.failsInBrowser {
				t.Logf("%s: Next.js shows its error screen for the failed boundary; the content is not compared", p.path)
				continue
			}
			for _, s := range p.want {
				if s = visible(s); s != "" && !strings.Contains(proxied, s) {
					t.Errorf("%s: %q is in the Markdown but not on the page a person sees:\n%s", p.path, s, proxied)
				}
			}
			for _, s := range p.fallbacks {
				if strings.Contains(proxied, s) {
					t.Errorf("%s: the fallback %q is still on the loaded page:\n%s", p.path, s, proxied)
				}
			}
		}

		// A link followed by Next.js's client-side router: it fetches the
		// next page's RSC payload through affordances-md, and falls back
		// to loading the whole page when that fails.
		b.Open(proxy + "/stock")
		b.Settled()
		b.Eval(nil, `window.e2eSameDocument = true; document.querySelector('a[href="/withloading"]').click()`)
		b.WaitText("Arrived after 300ms.")
		var same bool
		b.Eval(&same, "return window.e2eSameDocument === true")
		if !same {
			t.Error("following the link loaded a new document: the client-side router's request failed through affordances-md")
		}
	})
}

// checkMarkdown checks that md holds what p wants and none of its
// fallbacks or the noise.
func checkMarkdown(t *testing.T, p nextPage, md string) {
	t.Helper()
	for _, s := range append(slices.Clone(p.want), p.clientOnly...) {
		if !strings.Contains(md, s) {
			t.Errorf("%s: %q is not in the Markdown:\n%s", p.path, s, md)
		}
	}
	for _, s := range append(slices.Clone(p.fallbacks), noise...) {
		if strings.Contains(md, s) {
			t.Errorf("%s: %q is in the Markdown:\n%s", p.path, s, md)
		}
	}
}

// visible is the text a person sees of Markdown, as innerText writes it:
// "## Section A" shows as "Section A", a list's items one a line, a
// table's rows one a line with a tab between cells. Frontmatter is not
// shown at all.
func visible(md string) string {
	if strings.Contains(md, `: "`) {
		return ""
	}
	md = mdLink.ReplaceAllString(md, "$1")
	var lines []string
	for line := range strings.SplitSeq(md, "\n") {
		switch {
		case strings.HasPrefix(line, "| --"):
			continue
		case strings.HasPrefix(line, "|"):
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			line = strings.Join(cells, "\t")
		default:
			line = strings.TrimLeft(line, "#- ")
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// mdLink is a Markdown link's start: the text shows, the target does not.
var mdLink = regexp.MustCompile(`\[([^\]]*)\]\(\S*`)

// samePage fetches a page from next and through affordances-md with
// header, up to three times until the bodies are the same: a
// streamed page is cut into chunks (and compressed) as its parts become
// ready, so two renders of it may differ in their bytes by timing alone.
func samePage(t *testing.T, direct, proxied string, header http.Header) (d, p fetched, tries int) {
	t.Helper()
	for tries = 1; ; tries++ {
		d = fetch(t, direct, header)
		p = fetch(t, proxied, header)
		if bytes.Equal(d.body, p.body) || tries == 3 {
			return d, p, tries
		}
	}
}

// hopByHop are headers of one connection: the proxy makes its own.
var hopByHop = []string{"Connection", "Keep-Alive", "Date"}

// checkHeaders checks that the proxied response has the headers want,
// and no others.
func checkHeaders(t *testing.T, path string, want, got http.Header) {
	t.Helper()
	want, got = want.Clone(), got.Clone()
	for _, k := range hopByHop {
		want.Del(k)
		got.Del(k)
	}
	for k := range mergeKeys(want, got) {
		if !slices.Equal(want[k], got[k]) {
			t.Errorf("%s: header %s: %q through affordances-md, want %q", path, k, got[k], want[k])
		}
	}
}

// markdownPath is the path of a page's Markdown twin.
func markdownPath(path string) string {
	if path == "/" {
		return "/index.md"
	}
	return path + ".md"
}

// nextChunk finds a script of the app's on a page.
var nextChunk = regexp.MustCompile(`/_next/static/chunks/[0-9a-z_-]+\.js`)

func mergeKeys(a, b http.Header) map[string]bool {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	return keys
}

// gunzipped is f's body, decompressed when it was gzipped, for a message.
func gunzipped(f fetched) []byte {
	if f.header.Get("Content-Encoding") != "gzip" {
		return f.body
	}
	zr, err := gzip.NewReader(bytes.NewReader(f.body))
	if err != nil {
		return f.body
	}
	b, _ := io.ReadAll(zr)
	return b
}

// timings collects the times of several fetches.
type timings struct{ first, last []time.Duration }

func (tm *timings) add(f fetched) {
	tm.first = append(tm.first, f.first)
	tm.last = append(tm.last, f.last)
}

// median returns the median time of the first bytes and of the last,
// rounded to 0.1 ms.
func (tm *timings) median() (first, last time.Duration) {
	med := func(d []time.Duration) time.Duration {
		d = slices.Clone(d)
		slices.Sort(d)
		return d[len(d)/2].Round(100 * time.Microsecond)
	}
	return med(tm.first), med(tm.last)
}
