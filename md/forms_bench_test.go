package md_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// bigForm is a page with n fields of every kind in one form, n empty
// wrappers around hidden inputs before a line of text, n fields named by
// aria-labelledby after the whole form, and n fields without a form side by
// side: the shapes where a careless pass turns quadratic.
func bigForm(n int) []byte {
	var sb strings.Builder
	sb.WriteString(`<main><form id="all"><fieldset><legend>All</legend>`)
	for i := range n {
		fmt.Fprintf(&sb, `<div><label for="f%d">Field %d</label><input id="f%d" name="f%d" value="v"></div>`, i, i, i, i)
		fmt.Fprintf(&sb, `<label><input type="radio" name="r" value="%d"> R%d</label>`, i, i)
		fmt.Fprintf(&sb, `<div><div><input type="hidden" name="h%d" value="t"></div></div>`, i)
		fmt.Fprintf(&sb, `<span id="l%d">L%d</span><input aria-labelledby="l%d missing">`, i, i, i)
		sb.WriteString(`<input aria-labelledby="all">`)
	}
	sb.WriteString("<select>")
	for i := range n {
		fmt.Fprintf(&sb, "<option>O%d</option>", i)
	}
	sb.WriteString("</select></fieldset><p>Text after.</p></form>")
	for i := range n {
		fmt.Fprintf(&sb, `<label><input type="checkbox" name="loose%d"> Loose %d</label>`, i, i)
	}
	sb.WriteString("</main>")
	return []byte(sb.String())
}

func BenchmarkForms(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		page := bigForm(n)
		b.Run(fmt.Sprintf("fields=%d", 6*n), func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				if _, err := md.Convert(page, md.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFormsNone is the same pages without their controls: the cost of
// the pass is the difference.
func BenchmarkFormsNone(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		page := bigForm(n)
		page = []byte(strings.NewReplacer("<input", "<img", "<select>", "<div>", "</select>", "</div>", "<option>", "<b>", "</option>", "</b>").Replace(string(page)))
		b.Run(fmt.Sprintf("fields=%d", 6*n), func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				if _, err := md.Convert(page, md.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
