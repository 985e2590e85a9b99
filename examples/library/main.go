// Command library converts a page with the md package: its HTML in, its
// Markdown out, with what the page says about itself.
package main

import (
	"fmt"
	"log"

	"github.com/affordances/affordances-md/md"
)

const page = `<!DOCTYPE html>
<html lang="en">
<head>
<title>Hello, agents · Blog</title>
<meta name="description" content="Why every page here has a Markdown twin.">
<link rel="canonical" href="https://blog.example/hello">
</head>
<body>
<nav><a href="/">Blog</a> <a href="/about">About</a></nav>
<main>
<h1>Hello, agents</h1>
<p>Every page of this blog has a <a href="/markdown">Markdown twin</a>:</p>
<ul><li>fewer tokens than its HTML</li><li>no scripts to run</li></ul>
<button>Subscribe</button>
</main>
<footer>© Blog</footer>
</body>
</html>`

func main() {
	// URL is where the page was fetched from: the base of its relative
	// links, and its URL when it names no canonical one.
	res, err := md.Convert([]byte(page), md.Options{URL: "https://blog.example/hello?ref=feed"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(res.Markdown)
	fmt.Printf("\ntitle: %s\ncanonical: %s\nlang: %s\n", res.Title, res.URL, res.Lang)
}
