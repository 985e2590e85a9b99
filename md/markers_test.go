package md_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
)

// goldenCases converts every dir/*.html with md.Convert and compares the
// Markdown with dir/*.md. A case's first line may set options:
// <!-- extract: none -->.
func goldenCases(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases in %s (%v)", dir, err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".html")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			res, err := md.Convert(src, caseOptions(t, src))
			if err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, strings.TrimSuffix(file, ".html")+".md", []byte(res.Markdown))
		})
	}
}

// caseOptions reads a case's options from its first line.
func caseOptions(t *testing.T, src []byte) md.Options {
	opts := md.Options{URL: "https://shop.example/page", NoFrontmatter: true}
	first, _, _ := bytes.Cut(src, []byte("\n"))
	if s, ok := bytes.CutPrefix(bytes.TrimSpace(first), []byte("<!-- extract:")); ok {
		mode, err := md.ParseExtractMode(strings.TrimSpace(strings.TrimSuffix(string(s), "-->")))
		if err != nil {
			t.Fatal(err)
		}
		opts.Extract = mode
	}
	return opts
}

func TestMarkersGolden(t *testing.T) {
	goldenCases(t, filepath.Join("..", "testdata", "markers"))
}

// TestMarkersExtractFunc checks that skip, only and text markers hold for
// a caller's ExtractFunc too, and that main markers do not choose for it.
func TestMarkersExtractFunc(t *testing.T) {
	src := `<body><nav>Menu</nav>
<affordances-md mode="main"><p>Main part</p></affordances-md>
<section id="pick"><p>Picked <span data-affordances-md="skip">SKIPPED</span></p>
<div hidden><affordances-md mode="only" hidden><p>For agents</p></affordances-md></div>
<p><affordances-md mode="text" md="*verbatim*">swatches</affordances-md></p></section></body>`
	res, err := md.Convert([]byte(src), md.Options{NoFrontmatter: true, ExtractFunc: func(doc *html.Node) []*html.Node {
		var pick []*html.Node
		var find func(*html.Node)
		find = func(n *html.Node) {
			for _, a := range n.Attr {
				if a.Key == "id" && a.Val == "pick" {
					pick = append(pick, n)
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				find(c)
			}
		}
		find(doc)
		return pick
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := "Picked\n\nFor agents\n\n*verbatim*\n"
	if res.Markdown != want {
		t.Errorf("got\n%s\nwant\n%s", res.Markdown, want)
	}
}
