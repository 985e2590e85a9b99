// Command middleware is a small Go site whose every page has a Markdown
// twin for LLM agents: /products/tee.md, or /products/tee asked for with
// Accept: text/markdown. server.Middleware wraps the site's own handler and
// renders each page by calling that handler in-process. It also serves
// /llms.txt and /llms-full.txt, which list the site's pages.
package main

import (
	"context"
	"flag"
	"html/template"
	"log"
	"net"
	"net/http"

	"github.com/affordances/affordances-md/llms"
	"github.com/affordances/affordances-md/server"
)

var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<title>{{.Title}} · Acme</title>
<link rel="alternate" type="text/markdown" href="{{.Markdown}}">
</head>
<body>
<nav><a href="/">Acme</a> <a href="/products/tee">Tee</a></nav>
<main>
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
<div data-affordances-md="skip"><button>Share</button> <a href="/share">Share by email</a></div>
</main>
</body>
</html>
`))

type pageData struct{ Title, Text, Markdown string }

func main() {
	listen := flag.String("listen", "localhost:8080", "the address to listen on")
	flag.Parse()

	site := http.NewServeMux()
	site.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		page.Execute(w, pageData{"Acme", "Clothes made in small runs.", "/index.md"})
	})
	site.HandleFunc("GET /products/tee", func(w http.ResponseWriter, r *http.Request) {
		page.Execute(w, pageData{"Heavyweight Tee", "A 300 gsm cotton tee, cut boxy. $48.", "/products/tee.md"})
	})

	// Every page of the site gets its Markdown twin. The zero Options
	// allow 10 s and 6 MB per page and resolve links against the origin
	// each request was addressed to. LLMs adds /llms.txt and
	// /llms-full.txt: this site has no site index or sitemap to list its
	// pages, so it names them.
	h, err := server.Middleware(site, server.Options{
		LLMs: &llms.Builder{
			Name:    "Acme",
			Summary: "Clothes made in small runs.",
			Sections: func(ctx context.Context, _ []llms.Page) ([]llms.Section, error) {
				return []llms.Section{{Title: "Pages", Pages: []llms.Page{{URL: "/"}, {URL: "/products/tee"}}}}, nil
			},
		},
	})
	if err != nil {
		log.Fatal(err)
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on http://%s", ln.Addr())
	log.Fatal(http.Serve(ln, h))
}
