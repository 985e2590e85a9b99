package markers_test

import (
	"fmt"
	"html/template"
	"os"
	"strings"

	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
)

func ExampleMain() {
	fmt.Println(markers.Main("<h1>Heavyweight Tee</h1>"))
	// Output: <affordances-md mode="main" style="display:contents"><h1>Heavyweight Tee</h1></affordances-md>
}

func ExampleOnly() {
	fmt.Println(markers.Only("<p>In stock: S, M. Sold out: L.</p>"))
	// Output: <affordances-md mode="only" hidden><p>In stock: S, M. Sold out: L.</p></affordances-md>
}

func ExampleSkip() {
	fmt.Println(markers.Skip(`<div class="share"><button>Share</button></div>`))
	// Output: <affordances-md mode="skip" style="display:contents"><div class="share"><button>Share</button></div></affordances-md>
}

func ExampleTextBlock() {
	fmt.Println(markers.TextBlock("| Size | Chest |\n| --- | --- |\n| M | 110 cm |", `<canvas id="size-chart"></canvas>`))
	// Output: <affordances-md mode="text" md="| Size | Chest |
	// | --- | --- |
	// | M | 110 cm |" block style="display:contents"><canvas id="size-chart"></canvas></affordances-md>
}

func ExampleText() {
	fmt.Println(markers.Text("Colours: black, bone", `<i class="swatch"></i>`))
	// Output: <affordances-md mode="text" md="Colours: black, bone" style="display:contents"><i class="swatch"></i></affordances-md>
}

func ExampleAlternate() {
	fmt.Println(markers.Alternate("/"))
	fmt.Println(markers.Alternate("/blog/post?lang=en"))
	// Output:
	// <link rel="alternate" type="text/markdown" href="/index.md">
	// <link rel="alternate" type="text/markdown" href="/blog/post.md?lang=en">
}

func ExampleMarkdownPath() {
	fmt.Println(markers.MarkdownPath("/docs/"))
	fmt.Println(markers.MarkdownPath("//evil.example/x"))
	// Output:
	// /docs/index.md
	// /evil.example/x.md
}

func ExampleFuncs() {
	page := template.Must(template.New("page").Funcs(markers.Funcs()).Parse(
		`<head>{{mdAlternate .Path}}</head>
{{agentStart "main"}}<h1>{{.Name}}</h1>
{{agentStart "skip"}}<div class="share">Share</div>{{agentEnd}}
{{agentStart "text" .Colours}}<i class="swatch"></i>{{agentEnd}}
{{agentEnd}}`))
	data := map[string]string{"Path": "/products/tee", "Name": "Tee", "Colours": "Colours: black, bone"}
	if err := page.Execute(os.Stdout, data); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <head><link rel="alternate" type="text/markdown" href="/products/tee.md"></head>
	// <affordances-md mode="main" style="display:contents"><h1>Tee</h1>
	// <affordances-md mode="skip" style="display:contents"><div class="share">Share</div></affordances-md>
	// <affordances-md mode="text" md="Colours: black, bone" style="display:contents"><i class="swatch"></i></affordances-md>
	// </affordances-md>
}

func ExampleOf() {
	doc, _ := html.Parse(strings.NewReader(`<li data-affordances-md="text" md="S, M, L">…</li>`))
	body := doc.FirstChild.LastChild // <html>'s <body>
	m, ok := markers.Of(body.FirstChild)
	fmt.Printf("%v %q %q\n", ok, m.Mode, m.MD)
	// Output: true "text" "S, M, L"
}
