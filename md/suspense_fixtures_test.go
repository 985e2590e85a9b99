package md

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
	"golang.org/x/net/html"
)

// suspenseDir holds real streamed pages and the DOM Chromium showed for
// each (see its README.md).
const suspenseDir = "../testdata/suspense"

// browserTwins names the browser DOM a stream without its own is compared
// with: the googlebot capture is byte for byte the body the slowmeta
// capture received, so a browser shows the same DOM for it.
var browserTwins = map[string]string{
	"next-16.4.6-slowmeta-googlebot": "next-16.4.6-slowmeta",
}

// suspenseFixture is one streamed page and its browser DOM.
type suspenseFixture struct {
	name            string
	stream, browser []byte
}

func suspenseFixtures(t *testing.T) []suspenseFixture {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(suspenseDir, "*.stream.html"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no streamed fixtures in %s (%v)", suspenseDir, err)
	}
	var fx []suspenseFixture
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".stream.html")
		twin := name
		if _, err := os.Stat(filepath.Join(suspenseDir, name+".browser.html")); err != nil {
			var ok bool
			if twin, ok = browserTwins[name]; !ok {
				t.Fatalf("%s has no browser DOM and no twin in browserTwins", name)
			}
		}
		f := suspenseFixture{name: name, stream: readFixture(t, p), browser: readFixture(t, filepath.Join(suspenseDir, twin+".browser.html"))}
		fx = append(fx, f)
	}
	return fx
}

func readFixture(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSuspenseFixtures converts each streamed page and the DOM a browser
// showed for it: the Markdown must be the same, with either extract mode,
// and match the reviewed golden file.
func TestSuspenseFixtures(t *testing.T) {
	for _, f := range suspenseFixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			var auto string
			for _, mode := range []ExtractMode{ExtractAuto, ExtractScore, ExtractNone} {
				opts := Options{URL: "https://example.com/", Extract: mode}
				got := convertFixture(t, f.stream, opts)
				want := convertFixture(t, f.browser, opts)
				if got != want {
					t.Errorf("extract %s: the stream's Markdown differs from the browser DOM's:\n--- browser\n%s\n--- stream\n%s", mode, want, got)
				}
				golden := filepath.Join(suspenseDir, f.name+".md")
				switch mode {
				case ExtractAuto:
					auto = got
				case ExtractScore:
					// Score mode reads these pages as auto mode does, but
					// where the scoring stage drops a part of their <main>
					// (a loading notice): those have a golden of their own.
					if got != auto {
						golden = filepath.Join(suspenseDir, f.name+".score.md")
					}
				case ExtractNone:
					golden = filepath.Join(suspenseDir, f.name+".none.md")
				}
				testutil.Golden(t, golden, []byte(got))

				for _, p := range streamedParagraphs(t, f.stream) {
					if !strings.Contains(got, p) {
						t.Errorf("extract %s: streamed paragraph %q is missing", mode, p)
					}
				}
				for _, fb := range completedFallbacks(t, f.stream) {
					if strings.Contains(got, fb) {
						t.Errorf("extract %s: fallback %q of a completed boundary remains", mode, fb)
					}
				}
			}
		})
	}
}

// TestSuspenseFixtureChecks makes sure the checks above check something:
// the fixtures stream paragraphs and complete boundaries with fallbacks.
func TestSuspenseFixtureChecks(t *testing.T) {
	paragraphs, fallbacks := 0, 0
	for _, f := range suspenseFixtures(t) {
		paragraphs += len(streamedParagraphs(t, f.stream))
		fallbacks += len(completedFallbacks(t, f.stream))
	}
	// 19 fixtures; each React one streams 9 paragraphs and completes 5
	// boundaries with a fallback, each Next.js one fewer.
	if paragraphs < 100 || fallbacks < 50 {
		t.Errorf("the fixtures have %d streamed paragraphs and %d completed fallbacks: too few to check", paragraphs, fallbacks)
	}
}

// parseUnresolved parses a fixture as the converter does, without resolving it.
func parseUnresolved(t *testing.T, src []byte) *html.Node {
	t.Helper()
	doc, err := html.ParseWithOptions(bytes.NewReader(src), html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// streamedParagraphs returns the text of each paragraph, heading and table
// cell inside a hidden segment container (an element whose id starts with
// "S:") of a streamed page, but for the fallbacks of the completed
// boundaries nested in them.
func streamedParagraphs(t *testing.T, stream []byte) []string {
	fallback := map[string]bool{}
	for _, fb := range completedFallbacks(t, stream) {
		fallback[fb] = true
	}
	var out []string
	walk(parseUnresolved(t, stream), func(n *html.Node) bool {
		if !strings.HasPrefix(getAttr(n, "id"), "S:") {
			return true
		}
		walk(n, func(c *html.Node) bool {
			switch c.Data {
			case "p", "h1", "h2", "h3", "h4", "h5", "h6", "td":
				if s := collapseSpace(textContent(c)); s != "" && !fallback[s] {
					out = append(out, s)
				}
				return false
			}
			return true
		})
		return false
	})
	return out
}

// completedFallbacks returns the text of the fallback of each pending
// boundary (<!--$?--><template id="B:n">fallback<!--/$-->) of a streamed
// page for which the page sends a completing instruction, in inline or
// external-runtime form. It is written independently of the resolver: a
// plain search of the page for the instruction.
func completedFallbacks(t *testing.T, stream []byte) []string {
	var out []string
	page := string(stream)
	walk(parseUnresolved(t, stream), func(n *html.Node) bool {
		if n.Type != html.CommentNode || n.Data != "$?" || n.NextSibling == nil {
			return true
		}
		id := getAttr(n.NextSibling, "id")
		if id == "" {
			return true
		}
		completed := false
		for _, form := range []string{`$RC("%s"`, `$RR("%s"`, `data-rci="" data-bid="%s"`, `data-rri="" data-bid="%s"`} {
			completed = completed || strings.Contains(page, fmt.Sprintf(form, id))
		}
		if !completed {
			return true
		}
		var sb strings.Builder
		nest := 0
		for c := n.NextSibling.NextSibling; c != nil; c = c.NextSibling {
			if c.Type == html.CommentNode {
				if c.Data == "/$" {
					if nest == 0 {
						break
					}
					nest--
				} else if strings.HasPrefix(c.Data, "$") {
					nest++
				}
			}
			sb.WriteString(textContent(c))
		}
		if s := collapseSpace(sb.String()); s != "" {
			out = append(out, s)
		}
		return true
	})
	return out
}

func convertFixture(t *testing.T, src []byte, opts Options) string {
	t.Helper()
	res, err := Convert(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res.Markdown
}

// TestSuspenseCorpus resolves the real pages of the shared extraction
// corpus that stream Suspense boundaries (news, forum, documentation and
// shop pages served by React and Next.js): every segment an instruction
// names must be consumed and every pending boundary it completes must be
// completed, as in a browser.
func TestSuspenseCorpus(t *testing.T) {
	dir := testutil.Corpus(t, "wcxb-dev-sample")
	pages, err := filepath.Glob(filepath.Join(dir, "wcxb", "*", "source.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in %s (%v)", dir, err)
	}
	streamed := 0
	for _, path := range pages {
		src := readFixture(t, path)
		if !bytes.Contains(src, []byte("$RC(")) && !bytes.Contains(src, []byte("$RS(")) && !bytes.Contains(src, []byte("data-rci")) {
			continue
		}
		streamed++
		name := filepath.Base(filepath.Dir(path))
		doc := parse(src)
		ins := findInstructions(doc)
		resolveSuspense(doc)
		checkTreeLinks(t, doc)
		inDoc := map[string]bool{}
		walk(doc, func(n *html.Node) bool {
			if id := getAttr(n, "id"); id != "" {
				inDoc[id] = true
			}
			if n.Type == html.CommentNode && n.Data == "$?" && n.NextSibling != nil {
				inDoc["pending "+getAttr(n.NextSibling, "id")] = true
			}
			return true
		})
		for _, in := range ins {
			switch {
			case in.op == opComplete && (inDoc[in.b] || inDoc["pending "+in.a]):
				t.Errorf("%s: $RC(%q, %q) was not applied", name, in.a, in.b)
			case in.op == opSegment && (inDoc[in.a] || inDoc[in.b]):
				t.Errorf("%s: $RS(%q, %q) was not applied", name, in.a, in.b)
			}
		}
		t.Logf("%s: %d instructions applied", name, len(ins))
	}
	if streamed == 0 {
		t.Error("no streamed page in the corpus")
	}
}
