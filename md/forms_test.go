package md_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func TestFormsGolden(t *testing.T) {
	goldenCases(t, filepath.Join("..", "testdata", "forms"))
}

// TestFormsCheckoutSecrets converts a realistic checkout page and searches
// the Markdown for everything it must never show: tokens, values,
// placeholders, prefilled text, option and button values, and attributes.
func TestFormsCheckoutSecrets(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "forms", "checkout.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, extract := range []md.ExtractMode{md.ExtractAuto, md.ExtractScore, md.ExtractNone} {
		res, err := md.Convert(src, md.Options{URL: "https://shop.example/checkout", Extract: extract})
		if err != nil {
			t.Fatal(err)
		}
		secrets := []string{
			"csrf-meta-7f3a9c1e", "tok-9b1c44e7d2aa", "cart-5521", "sess-4d2b8e", // tokens
			"jane.doe@example.com", "Jane Doe", "Rua Augusta", "Lisboa", // prefilled values
			"4242", "04/29", "987", // card number, expiry, CVC
			"1234 1234", "MM / YY", "Gate code, floor", "Search products", // placeholders
			"Gate code 4471", "neighbour", // a textarea's text
			"heavyweight tee",                                  // a search box's value
			"country-code-PT", "ship-std-0", "save-yes-please", // option, radio, checkbox values
			"xpay-token-31c", "Pay with ExamplePay", "place-order-0xbeef", "Place order", // buttons
			"cc-number", "autocomplete", "address-line1", "inputmode", // attributes
		}
		for _, s := range secrets {
			if strings.Contains(res.Markdown, s) {
				t.Errorf("extract %s: the Markdown shows %q:\n%s", extract, s, res.Markdown)
			}
		}
		// What the form asks for is all there.
		for _, s := range []string{"Email (email, required)", "Card number (required)", "CVC (password, required)",
			"Country (required): Spain, Portugal (selected)", "Your card was declined."} {
			if !strings.Contains(res.Markdown, s) {
				t.Errorf("extract %s: the Markdown lacks %q:\n%s", extract, s, res.Markdown)
			}
		}
	}
}

// TestFormsNoValueLeaks checks every form case: no value, placeholder,
// textarea or output text, or button of the page reaches its Markdown,
// unless the page also shows it as text (an option whose value is its
// label, say).
func TestFormsNoValueLeaks(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "forms", "*.html"))
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		secrets, shown := formSecrets(t, src)
		res, err := md.Convert(src, md.Options{NoFrontmatter: true, Extract: md.ExtractNone})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range secrets {
			if len(s) >= 4 && !strings.Contains(shown, s) && strings.Contains(res.Markdown, s) {
				t.Errorf("%s: the Markdown shows %q:\n%s", filepath.Base(file), s, res.Markdown)
			}
		}
	}
}

// formSecrets returns what a page's controls hold that must not be
// written, and the text the page shows people (and labels with).
func formSecrets(t *testing.T, src []byte) (secrets []string, shown string) {
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	var visit func(n *html.Node, hidden bool)
	visit = func(n *html.Node, hidden bool) {
		if n.Type == html.TextNode && !hidden {
			text.WriteString(n.Data + " ")
		}
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				switch a.Key {
				case "value", "placeholder", "autocomplete", "action":
					secrets = append(secrets, a.Val)
				case "alt", "title", "aria-label", "label", "name":
					if n.DataAtom != atom.Input || a.Key != "alt" {
						text.WriteString(a.Val + " ")
					}
				}
			}
			switch n.DataAtom {
			case atom.Textarea, atom.Output, atom.Button, atom.Script, atom.Style, atom.Title, atom.Head:
				if s := strings.TrimSpace(textOf(n)); s != "" {
					secrets = append(secrets, s)
				}
				hidden = true
			}
			if n.DataAtom == atom.Input && strings.EqualFold(attrOf(n, "type"), "image") {
				secrets = append(secrets, attrOf(n, "alt"))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c, hidden)
		}
	}
	visit(doc, false)
	return secrets, text.String()
}

func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var sb strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		sb.WriteString(textOf(c))
	}
	return sb.String()
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// TestFormsLabelBound checks that a label is cut at a word near 250
// characters: one element may label every field of a page.
func TestFormsLabelBound(t *testing.T) {
	long := strings.Repeat("word ", 200) // 1000 characters
	var page strings.Builder
	page.WriteString(`<main><p id="terms">` + long + `</p><form>`)
	for range 50 {
		page.WriteString(`<input aria-labelledby="terms">`)
	}
	page.WriteString(`<label>` + long + `<input name="x"></label></form></main>`)
	res, err := md.Convert([]byte(page.String()), md.Options{NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	items := 0
	for _, line := range strings.Split(res.Markdown, "\n") {
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		items++
		if want := "- " + strings.TrimSpace(strings.Repeat("word ", 50)) + "…"; line != want {
			t.Fatalf("item %q, want %q", line, want)
		}
	}
	if items != 51 {
		t.Errorf("%d items, want 51:\n%s", items, res.Markdown)
	}
	// The text the labels were cut from is not lost.
	if !strings.Contains(res.Markdown, strings.TrimSpace(long)) {
		t.Errorf("the labelling paragraph is gone:\n%s", res.Markdown)
	}
}

// TestFormsNestedLabels: labels nested 500 deep around a long text all
// label the one field at its end; each label's text is read only as far as
// a label is ever written (maxLabel), not whole, once per label.
func TestFormsNestedLabels(t *testing.T) {
	text := strings.Repeat("<p>Some words in a paragraph.</p>", 10000)
	src := strings.Repeat("<label>", 500) + text + `<input name="q">`
	res := boundedConvert(t, []byte(src), 40*uint64(len(src)))
	if !strings.Contains(res.Markdown, "- Some words in a paragraph.") || !strings.HasSuffix(res.Markdown, "…\n") {
		t.Errorf("the field is not labelled by its labels' text: %.200q", res.Markdown)
	}
}

// TestFormsLabelledByMany: each of 1,000 fields names the same 1,000
// long elements in its aria-labelledby; a label is cut at maxLabel, so
// building it reads no further than that.
func TestFormsLabelledByMany(t *testing.T) {
	var page strings.Builder
	var ids []string
	for i := range 1000 {
		fmt.Fprintf(&page, `<p id="l%d">%s</p>`, i, strings.Repeat("word ", 50))
		ids = append(ids, fmt.Sprintf("l%d", i))
	}
	page.WriteString("<form>")
	for range 1000 {
		fmt.Fprintf(&page, `<input aria-labelledby="%s">`, strings.Join(ids, " "))
	}
	page.WriteString("</form>")
	src := page.String()
	res := boundedConvert(t, []byte(src), 40*uint64(len(src)))
	want := "- " + strings.TrimSpace(strings.Repeat("word ", 50)) + "…\n"
	if got := strings.Count(res.Markdown, want); got != 1000 {
		t.Errorf("%d fields labelled %q, want 1000", got, want)
	}
}

// TestFormsRepeatedIDs: cards that each repeat one form, the same id on
// each card's control, label each its own control ("Size: 3, 4"), not
// every label the first card's control while the others fall back to
// their machine names.
func TestFormsRepeatedIDs(t *testing.T) {
	card := func(name, opts string) string {
		return `<li><label for="size">Size</label><select id="size" name="` + name + `">` + opts + `</select></li>`
	}
	page := `<main><h1>Shirts</h1><ul>` + card("options[a]", `<option>S</option><option>M</option>`) +
		card("options[b]", `<option>L</option><option>XL</option>`) + card("options[c]", `<option>XXL</option>`) + `</ul></main>`
	res, err := md.Convert([]byte(page), md.Options{NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Size: S, M", "Size: L, XL", "Size: XXL"} {
		if !strings.Contains(res.Markdown, want) {
			t.Errorf("missing %q in:\n%s", want, res.Markdown)
		}
	}
	if strings.Contains(res.Markdown, "options[") || strings.Contains(res.Markdown, "Size Size") {
		t.Errorf("a control labelled by its name or by another card's label:\n%s", res.Markdown)
	}
}

// TestFormsRepeatedIDsBound: thousands of controls sharing one id, each
// with its label, are labelled in time (the first is the target past
// maxDupIDs).
func TestFormsRepeatedIDsBound(t *testing.T) {
	var page strings.Builder
	page.WriteString(`<main><form>`)
	for range 5000 {
		page.WriteString(`<div><label for="q">Query</label><input id="q" name="q"></div>`)
	}
	page.WriteString(`</form></main>`)
	src := []byte(page.String())
	res := boundedConvert(t, src, 400*uint64(len(src)))
	if !strings.Contains(res.Markdown, "Query") {
		t.Errorf("no label: %.200q", res.Markdown)
	}
}

// TestFormsRepeatedIDsDeep: labels for a repeated id far down a page are
// matched to the nearest control within nearestLevels of them, not by
// reading each label's 470 ancestors (20,000 labels: 9.4 million).
func TestFormsRepeatedIDsDeep(t *testing.T) {
	var page strings.Builder
	page.WriteString(`<main>` + strings.Repeat("<div>", 470) + `<form>`)
	for i := range 20000 {
		fmt.Fprintf(&page, `<div><label for="q%d">Query</label><input id="q%d" name="q"></div>`, i%400, i%400)
	}
	page.WriteString(`</form>` + strings.Repeat("</div>", 470) + `</main>`)
	src := []byte(page.String())
	res := boundedConvert(t, src, 400*uint64(len(src)))
	if !strings.Contains(res.Markdown, "Query") {
		t.Errorf("no label: %.200q", res.Markdown)
	}
}
