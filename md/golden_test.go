package md_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/affordances/affordances-md/internal/testutil"
	"github.com/affordances/affordances-md/md"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// goldenOptions reads a case's options from its first line, a comment such
// as <!-- md: extract=none frontmatter=off jsonld=off url=https://... -->.
// Without one a case converts with the defaults and goldenURL.
var goldenOptions = regexp.MustCompile(`^<!-- md:([^>]*)-->`)

const goldenURL = "https://example.com/docs/page"

// TestGolden converts each testdata/golden/*.html and compares the result
// with the .md beside it (go test ./md -run Golden -update rewrites them).
// Each case is small and named after the rule of DESIGN.md it shows.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "golden", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".html")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			opts := md.Options{URL: goldenURL}
			if m := goldenOptions.FindSubmatch(src); m != nil {
				for _, f := range strings.Fields(string(m[1])) {
					k, v, _ := strings.Cut(f, "=")
					switch k {
					case "extract":
						opts.Extract = md.ExtractMode(v)
					case "frontmatter":
						opts.NoFrontmatter = v == "off"
					case "jsonld":
						opts.NoJSONLD = v == "off"
					case "url":
						opts.URL = v
					case "charset":
						opts.Charset = v
					default:
						t.Fatalf("unknown option %q", k)
					}
				}
			}
			res, err := md.Convert(src, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !utf8.ValidString(res.Markdown) {
				t.Error("output is not valid UTF-8")
			}
			var buf bytes.Buffer
			if err := gm.Convert([]byte(res.Markdown), &buf); err != nil {
				t.Errorf("goldmark cannot render the output: %v", err)
			}
			testutil.Golden(t, strings.TrimSuffix(file, ".html")+".md", []byte(res.Markdown))
		})
	}
}
