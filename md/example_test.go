package md_test

import (
	"fmt"
	"strings"

	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func ExampleConvert() {
	page := []byte(`<!doctype html>
<html lang="en"><head><title>Tee · Acme</title>
<meta name="description" content="A heavyweight tee."></head>
<body>
<nav><a href="/">Home</a></nav>
<main>
  <h1>Heavyweight Tee</h1>
  <p>300 gsm cotton, <em>boxy</em> cut. <a href="/sizes">Size guide</a>.</p>
  <button>Add to cart</button>
</main>
</body></html>`)

	res, err := md.Convert(page, md.Options{URL: "https://acme.example/products/tee"})
	if err != nil {
		panic(err)
	}
	fmt.Print(res.Markdown)
	fmt.Println("tokens:", res.Tokens)
	// Output:
	// ---
	// title: "Tee · Acme"
	// description: "A heavyweight tee."
	// url: "https://acme.example/products/tee"
	// lang: "en"
	// ---
	//
	// # Heavyweight Tee
	//
	// 300 gsm cotton, *boxy* cut. [Size guide](https://acme.example/sizes).
	// tokens: 51
}

func ExampleConvertReader() {
	page := strings.NewReader(`<title>Returns</title><main><h1>Returns</h1><p>Within 30 days, <strong>free</strong>.</p></main>`)
	res, err := md.ConvertReader(page, md.Options{NoFrontmatter: true})
	if err != nil {
		panic(err)
	}
	fmt.Print(res.Markdown)
	// Output:
	// # Returns
	//
	// Within 30 days, **free**.
}

// ExtractFunc chooses the content by hand: here, the page's first article
// rather than its <main>, which also holds a list of other posts.
func ExampleConvert_extractFunc() {
	page := []byte(`<main>
<article><h1>Hello, agents</h1><p>Every page has a Markdown twin.</p></article>
<section><h2>More posts</h2><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></section>
</main>`)
	firstArticle := func(doc *html.Node) []*html.Node {
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.DataAtom == atom.Article {
				return []*html.Node{n}
			}
		}
		return nil
	}
	res, err := md.Convert(page, md.Options{NoFrontmatter: true, ExtractFunc: firstArticle})
	if err != nil {
		panic(err)
	}
	fmt.Print(res.Markdown)
	// Output:
	// # Hello, agents
	//
	// Every page has a Markdown twin.
}
