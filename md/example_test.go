package md_test

import (
	"fmt"

	"github.com/affordances/affordances-md/md"
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
