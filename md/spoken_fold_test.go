package md

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSpokenFold checks that dropSpokenHeadingsSpacingLabels changes the
// content as dropSpokenHeadings then spaceSpokenLabels do, spoken headings
// inside labels and headings included.
func TestSpokenFold(t *testing.T) {
	for _, page := range []string{
		`<p>$34.99<span class="sr-only">Original price: </span>$49.99</p>`,
		`<p>a<span class="sr-only">label</span></p><h2 class="sr-only">Filters</h2><h2>Next</h2><p>x</p>`,
		`<p>a<span class="sr-only">b<h3 class="visually-hidden">Gone</h3></span></p><h3>Kept</h3>`,
		`<h2>a<span class="sr-only">label</span><h3 class="sr-only">inner</h3></h2><p>b<span class="sr-only">c</span></p>`,
		`<div>x<span class="screen-reader-text">1 comment</span></div><h1 class="sr-only">Top</h1>`,
		`<p>x<span class="sr-only"><span class="sr-only">y</span></span>z<span class="SR-ONLY">w</span></p>`,
	} {
		render := func(fold bool) string {
			doc, err := html.Parse(strings.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			content := []*html.Node{findBody(doc)}
			if fold {
				dropSpokenHeadingsSpacingLabels(content, nil)
			} else {
				dropSpokenHeadings(content, nil)
				spaceSpokenLabels(content)
			}
			var b bytes.Buffer
			html.Render(&b, doc)
			return b.String()
		}
		if got, want := render(true), render(false); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", page, got, want)
		}
	}
}
