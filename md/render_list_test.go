package md_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// TestNestedOrderedListAfterText checks that an ordered list numbered from
// other than 1, after text in a list item, stays a list: CommonMark does
// not let such a list interrupt a paragraph, so on the very next line of a
// tight item it would read as more of the text.
func TestNestedOrderedListAfterText(t *testing.T) {
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	for _, tc := range []struct{ name, html, want string }{
		{"start", `<ul><li>Steps<ol start="5"><li>five</li><li>six</li></ol></li><li>next</li></ul>`, `<ol start="5">`},
		{"value", `<ul><li>Steps<ol><li value="3">three</li></ol></li><li>next</li></ul>`, `<ol start="3">`},
		{"after a block", `<ul><li><div>Steps</div><ol start="0"><li>zero</li></ol></li><li>next</li></ul>`, `<ol start="0">`},
		{"inside a block", `<ol><li><div>Steps<ol start="2"><li>two</li></ol></div></li><li>next</li></ol>`, `<ol start="2">`},
		{"after a list", `<ul><li><ul><li>a</li></ul><ol start="7"><li>seven</li></ol></li></ul>`, `<ol start="7">`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := md.Convert([]byte(tc.html), md.Options{Extract: md.ExtractNone, NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := gm.Convert([]byte(res.Markdown), &buf); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), tc.want) {
				t.Errorf("the nested list is lost:\n%s\nreads as\n%s", res.Markdown, buf.String())
			}
		})
	}
}
