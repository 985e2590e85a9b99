package llms_test

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
)

// pages renders a site held in memory. A real site renders through the
// handler that serves /page.md.
type pages map[string]string

func (p pages) Render(ctx context.Context, path string) (md.Result, error) {
	html, ok := p[path]
	if !ok {
		return md.Result{}, fmt.Errorf("%s: 404 Not Found", path)
	}
	return md.Convert([]byte(html), md.Options{URL: "https://acme.store" + path})
}

var store = pages{
	"/": `<title>Acme Store</title><meta name="description" content="Studio goods in small runs.">
		<main><h1>Acme Store</h1><p>Every product, in stock or not.</p></main>`,
	"/cart": `<title>Cart</title><main><p>Home › Cart</p><h1>Your cart</h1><p>Two items.</p></main>`,
}

func ExampleBuilder_WriteTxt() {
	b := &llms.Builder{
		Renderer: store,
		URL:      "https://acme.store",
		Name:     "Acme Store",
		Summary:  "Studio goods in small runs.",
		Logger:   slog.New(slog.DiscardHandler),
	}
	site := &llms.Site{Sections: []llms.Section{
		{Title: "Pages", Pages: []llms.Page{
			{URL: "/"},
			{URL: "/cart", Description: "The cart: items, quantities and subtotal"},
			{URL: "/gone"}, // fails to render: left out
		}},
		{Title: "Elsewhere", Pages: []llms.Page{
			{URL: "https://github.com/acme/store", Title: "Source code", Description: "Not rendered: listed as given"},
		}},
	}}
	if err := b.WriteTxt(context.Background(), os.Stdout, site); err != nil {
		fmt.Println(err)
	}
	// Output:
	// # Acme Store
	//
	// > Studio goods in small runs.
	//
	// Every page is also Markdown: add `.md` to its URL, or request it with `Accept: text/markdown`. [llms-full.txt](https://acme.store/llms-full.txt) has every page in one file.
	//
	// ## Pages
	//
	// - [Acme Store](https://acme.store/index.md): Studio goods in small runs.
	// - [Cart](https://acme.store/cart.md): The cart: items, quantities and subtotal
	//
	// ## Elsewhere
	//
	// - [Source code](https://github.com/acme/store): Not rendered: listed as given
}

func ExampleBuilder_WriteFull() {
	b := &llms.Builder{Renderer: store, URL: "https://acme.store", Logger: slog.New(slog.DiscardHandler)}
	site := &llms.Site{Sections: []llms.Section{{Pages: []llms.Page{{URL: "/"}, {URL: "/gone"}, {URL: "/cart"}}}}}
	if err := b.WriteFull(context.Background(), os.Stdout, site); err != nil {
		fmt.Println(err)
	}
	// Output:
	// # Acme Store (https://acme.store/)
	//
	// Every product, in stock or not.
	//
	// # Your cart (https://acme.store/cart)
	//
	// Home › Cart
	//
	// Two items.
}

// A site with an Affordances index: the handler lists its routes that
// need no params, with their descriptions, and says the site can be acted
// on.
func ExampleBuilder_TxtHandler() {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == llms.IndexPath {
			io.WriteString(w, `{"v":"0","name":"Acme Store","routes":[
				{"route":"/","description":"Every product and whether it is in stock"},
				{"route":"/products/[slug]","description":"One product"},
				{"route":"/cart","description":"The cart: items, quantities and subtotal"}],"auth":["cookie"]}`)
			return
		}
		http.NotFound(w, r)
	}))
	defer origin.Close()

	b := &llms.Builder{
		Renderer: store,
		URL:      "https://acme.store", // the public site
		Origin:   origin.URL,           // where its index is read
		Summary:  "Studio goods in small runs.",
	}
	rec := httptest.NewRecorder()
	b.TxtHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/llms.txt", nil))
	fmt.Println(rec.Header().Get("Content-Type"))
	fmt.Println(rec.Header().Get("Cache-Control"))
	fmt.Println()
	fmt.Print(rec.Body.String())
	// Output:
	// text/plain; charset=utf-8
	// public, s-maxage=3600
	//
	// # Acme Store
	//
	// > Studio goods in small runs.
	//
	// Every page is also Markdown: add `.md` to its URL, or request it with `Accept: text/markdown`. [llms-full.txt](https://acme.store/llms-full.txt) has every page in one file.
	//
	// This site is Affordances-enabled: request any page with `Accept: application/vnd.affordances+json` for its graph (what the page shows, and the actions you can call there, with their inputs). [/.well-known/affordances.json](https://acme.store/.well-known/affordances.json) lists every route and its actions.
	//
	// ## Pages
	//
	// - [Acme Store](https://acme.store/index.md): Every product and whether it is in stock
	// - [Cart](https://acme.store/cart.md): The cart: items, quantities and subtotal
}

func ExampleBuilder_Publish() {
	dir, err := os.MkdirTemp("", "site")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	b := &llms.Builder{Renderer: store, URL: "https://acme.store", Name: "Acme Store", Logger: slog.New(slog.DiscardHandler)}
	site := &llms.Site{Sections: []llms.Section{{Pages: []llms.Page{{URL: "/"}, {URL: "/cart"}, {URL: "/gone"}}}}}
	report, err := b.Publish(context.Background(), dir, site)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d pages written\n", report.Pages)
	for _, f := range report.Failed {
		fmt.Printf("left out: %s (%v)\n", f.URL, f.Err)
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			fmt.Println(filepath.ToSlash(rel))
		}
		return nil
	})
	cart, _ := os.ReadFile(filepath.Join(dir, "cart.md"))
	fmt.Print(string(cart))
	// Output:
	// 2 pages written
	// left out: /gone (/gone: 404 Not Found)
	// cart.md
	// index.md
	// llms-full.txt
	// llms.txt
	// ---
	// title: "Cart"
	// url: "https://acme.store/cart"
	// ---
	//
	// Home › Cart
	//
	// # Your cart
	//
	// Two items.
}

// A site without an index: its sitemap's pages, grouped into sections by
// their first path segment.
func ExampleBuilder_Discover() {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/sitemap.xml" {
			http.NotFound(w, r) // no index, no robots.txt
			return
		}
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://acme.store/</loc></url>
<url><loc>https://acme.store/about</loc></url>
<url><loc>https://acme.store/docs</loc></url>
<url><loc>https://acme.store/docs/orders-api</loc></url>
<url><loc>https://acme.store/docs/returns</loc></url>
</urlset>`)
	}))
	defer origin.Close()

	b := &llms.Builder{URL: "https://acme.store", Origin: origin.URL, Logger: slog.New(slog.DiscardHandler)}
	site, err := b.Discover(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("index:", site.Index)
	for _, s := range site.Sections {
		fmt.Printf("## %s:", s.Title)
		for _, p := range s.Pages {
			fmt.Print(" ", p.URL)
		}
		fmt.Println()
	}
	// Output:
	// index: false
	// ## Pages: / /about
	// ## Docs: /docs /docs/orders-api /docs/returns
}

func ExampleParse() {
	f, problems := llms.Parse([]byte(`# Acme Store

> Studio goods in small runs.

## Pages

- [Home](https://acme.store/index.md): Every product
- [Cart](https://acme.store/cart.md) the cart
### Legal
`))
	fmt.Printf("%q: %d section(s), %d link(s)\n", f.Title, len(f.Sections), len(f.Sections[0].Links))
	for _, p := range problems {
		fmt.Println(p)
	}
	// Output:
	// "Acme Store": 2 section(s), 2 link(s)
	// line 3: the reference parser does not read this quote as the summary: it needs text after the summary before the first section
	// line 8: text after the link must follow a colon, `: notes`: the reference parser drops "the cart"
	// line 9: a level-3 heading: the reference parser starts a section at every line beginning with `##`
}
