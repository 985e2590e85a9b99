package md_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// TestBlocksInItemsStayApart checks that the blocks of a list item keep
// apart, where a tight item, which writes them on consecutive lines, would
// join them: an ordered list numbered from other than 1 cannot interrupt
// the text before it, and text right after a list, a quote or a table
// would continue it (a lazy line of the nested item's or the quote's
// paragraph, a row of the table).
func TestBlocksInItemsStayApart(t *testing.T) {
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	for _, tc := range []struct{ name, html, want string }{
		{"start", `<ul><li>Steps<ol start="5"><li>five</li><li>six</li></ol></li><li>next</li></ul>`, `<ol start="5">`},
		{"value", `<ul><li>Steps<ol><li value="3">three</li></ol></li><li>next</li></ul>`, `<ol start="3">`},
		{"after a block", `<ul><li><div>Steps</div><ol start="0"><li>zero</li></ol></li><li>next</li></ul>`, `<ol start="0">`},
		{"inside a block", `<ol><li><div>Steps<ol start="2"><li>two</li></ol></div></li><li>next</li></ol>`, `<ol start="2">`},
		{"after a list", `<ul><li><ul><li>a</li></ul><ol start="7"><li>seven</li></ol></li></ul>`, `<ol start="7">`},
		{"text after a list", `<ul><li>x<ul><li>a</li></ul>after</li><li>y</li></ul>`, "</ul>\n<p>after</p>"},
		{"text after a quote", `<ul><li><blockquote>q</blockquote>after</li><li>y</li></ul>`, "</blockquote>\n<p>after</p>"},
		{"text after a table", `<ul><li><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>after</li><li>y</li></ul>`, "</table>\n<p>after</p>"},
		{"text in a block after a list", `<ul><li>x<ol><li>a</li></ol><div><b>after</b></div></li><li>y</li></ul>`, "</ol>\n<p><strong>after</strong></p>"},
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
				t.Errorf("the blocks run together:\n%s\nreads as\n%s", res.Markdown, buf.String())
			}
		})
	}
}
