package md_test

import (
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// TestTitleHeadingNeverEmpty checks that a title with nothing readable in
// it (control characters only) gives no empty "# " heading: empty
// headings are dropped.
func TestTitleHeadingNeverEmpty(t *testing.T) {
	res, err := md.Convert([]byte("<title>&#1;&#2;</title><p>text</p>"), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Markdown != "text\n" {
		t.Errorf("got %q, want %q", res.Markdown, "text\n")
	}
}

// TestBodyNeverPosesAsFrontmatter checks that Markdown without frontmatter
// never starts with "---": with another rule further down, tools that read
// frontmatter would take the page's text between them for it.
func TestBodyNeverPosesAsFrontmatter(t *testing.T) {
	page := `<hr><p>title: "Not the title"</p><hr><p>text</p>`
	for _, opts := range []md.Options{
		{Extract: md.ExtractNone, NoFrontmatter: true},
		{Extract: md.ExtractNone}, // nothing known: no frontmatter either
	} {
		res, err := md.Convert([]byte(page), opts)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(res.Markdown, "---") {
			t.Errorf("with %+v the Markdown starts with ---:\n%s", opts, res.Markdown)
		}
	}
}
