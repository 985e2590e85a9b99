package server_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/md"
	"github.com/affordances/affordances-md/server"
)

// shop is a small site: one product page.
func shop() http.Handler {
	site := http.NewServeMux()
	site.HandleFunc("GET /products/tee", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=300")
		io.WriteString(w, `<!DOCTYPE html><title>Heavyweight Tee</title>
<nav><a href="/">Shop</a></nav>
<main><h1>Heavyweight Tee</h1><p>A 300 gsm cotton tee. <a href="/sizes">Size guide</a></p>
<button>Add to cart</button></main>`)
	})
	return site
}

func ExampleMiddleware() {
	h, err := server.Middleware(shop(), server.Options{
		Convert: md.Options{NoFrontmatter: true},
		Logger:  slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	// http.ListenAndServe(":8080", h) serves the site; here, one request.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "https://shop.example/products/tee.md", nil))
	fmt.Println(w.Code, w.Header().Get("Content-Type"), w.Header().Get("Cache-Control"))
	fmt.Print(w.Body)
	// Output:
	// 200 text/markdown; charset=utf-8 public, max-age=300
	// # Heavyweight Tee
	//
	// A 300 gsm cotton tee. [Size guide](https://shop.example/sizes)
}

// With Options.LLMs the middleware also answers /llms.txt and
// /llms-full.txt, rendering each page in-process as its .md is served.
// This site has no index or sitemap, so it names its pages.
func ExampleMiddleware_llms() {
	h, err := server.Middleware(shop(), server.Options{
		Logger: slog.New(slog.DiscardHandler),
		LLMs: &llms.Builder{
			Name:    "Shop",
			Summary: "Cotton tees.",
			NoFull:  true,
			Sections: func(ctx context.Context, _ []llms.Page) ([]llms.Section, error) {
				return []llms.Section{{Title: "Products", Pages: []llms.Page{{URL: "/products/tee"}}}}, nil
			},
			Logger: slog.New(slog.DiscardHandler),
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "https://shop.example/llms.txt", nil))
	fmt.Println(w.Code, w.Header().Get("Cache-Control"))
	fmt.Print(w.Body)
	// Output:
	// 200 public, s-maxage=3600
	// # Shop
	//
	// > Cotton tees.
	//
	// Every page is also Markdown: add `.md` to its URL, or request it with `Accept: text/markdown`.
	//
	// ## Products
	//
	// - [Heavyweight Tee](https://shop.example/products/tee.md)
}

func ExampleNewProxy() {
	origin := httptest.NewServer(shop()) // the site, such as a Next.js app
	defer origin.Close()

	h, err := server.NewProxy(origin.URL, server.Options{
		Convert: md.Options{NoFrontmatter: true},
		Logger:  slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	// An agent asks for the page's Markdown.
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "https://shop.example/products/tee", nil)
	r.Header.Set("Accept", "text/markdown")
	h.ServeHTTP(w, r)
	fmt.Println(w.Code, w.Header().Get("Content-Type"), w.Header().Get("X-Affordances-Tokens"))
	fmt.Print(w.Body)

	// A browser gets the HTML, with a link to the twin.
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "https://shop.example/products/tee", nil))
	fmt.Println(w.Code, w.Header().Get("Content-Type"))
	fmt.Println(w.Header().Get("Link"))
	// Output:
	// 200 text/markdown; charset=utf-8 21
	// # Heavyweight Tee
	//
	// A 300 gsm cotton tee. [Size guide](https://shop.example/sizes)
	// 200 text/html; charset=utf-8
	// </products/tee.md>; rel="alternate"; type="text/markdown"
}

func ExampleHandler_Render() {
	h, err := server.Middleware(shop(), server.Options{
		Origin: "https://shop.example",
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	res, err := h.Render(context.Background(), "/products/tee")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Title, res.URL, res.Tokens)
	_, err = h.Render(context.Background(), "/products/hat")
	fmt.Println(err)
	// Output:
	// Heavyweight Tee https://shop.example/products/tee 40
	// render /products/hat: page did not answer 2xx: 404 Not Found
}
