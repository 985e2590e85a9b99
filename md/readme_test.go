package md_test

import (
	"bytes"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/markers"
	"github.com/affordances/affordances-md/md"
)

// readmeExample returns the fenced block after the line
// "<!-- example: NAME -->" in the README.
func readmeExample(t *testing.T, name string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "<!-- example: "+name+" -->\n")
	if !ok {
		t.Fatalf("README has no example %q", name)
	}
	fence, rest, _ := strings.Cut(rest, "\n")
	if !strings.HasPrefix(fence, "```") {
		t.Fatalf("example %q is not followed by a fenced block", name)
	}
	body, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatalf("example %q: unclosed fence", name)
	}
	return body + "\n"
}

// TestReadmeExamples converts each HTML example of the README's marker and
// form sections and compares the result with the Markdown it shows.
func TestReadmeExamples(t *testing.T) {
	for _, name := range []string{"markers", "forms"} {
		t.Run(name, func(t *testing.T) {
			res, err := md.Convert([]byte(readmeExample(t, name+" input")), md.Options{NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			if want := readmeExample(t, name+" output"); res.Markdown != want {
				t.Errorf("README example %q converts to\n%s\nbut the README shows\n%s", name, res.Markdown, want)
			}
		})
	}
}

// TestReadmeTemplateExample runs the README's html/template example with
// the data the README names and converts the page it writes.
func TestReadmeTemplateExample(t *testing.T) {
	tmpl, err := template.New("page").Funcs(markers.Funcs()).Parse(readmeExample(t, "template input"))
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	err = tmpl.Execute(&page, map[string]any{
		"Path": "/products/tee", "Name": "Heavyweight Tee", "Colours": "black, bone",
		"StockHTML": template.HTML("<p>In stock: S, M.</p>"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if link := `<link rel="alternate" type="text/markdown" href="/products/tee.md">`; !strings.Contains(page.String(), link) {
		t.Errorf("the page lacks %s:\n%s", link, page.String())
	}
	res, err := md.Convert(page.Bytes(), md.Options{NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := readmeExample(t, "template output"); res.Markdown != want {
		t.Errorf("the README's template page converts to\n%s\nbut the README shows\n%s", res.Markdown, want)
	}
}
