package md_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

const optionsPage = `<html><head><title>T</title></head><body>
<nav>menu</nav>
<main><h1>Main</h1><p>Intro with <span class="price">$48</span> and <kbd>K</kbd>.</p>
<div class="note"><p>A *note*</p><ul><li>one</li></ul></div>
<section id="extra"><p>Extra section.</p></section></main></body></html>`

func TestHandlers(t *testing.T) {
	opts := md.Options{NoFrontmatter: true, Handlers: map[string]converter.HandleRenderFunc{
		// Replace an element's rendering.
		"kbd": func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
			w.WriteString("<kbd>K</kbd>")
			return converter.RenderSuccess
		},
		// Wrap the built-in rendering of the children: rendered into a
		// writer of the handler's own, they come back as Markdown.
		"div": func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
			if !strings.Contains(getClass(n), "note") {
				return converter.RenderTryNext
			}
			var inner bytes.Buffer
			ctx.RenderChildNodes(ctx, &inner, n)
			w.WriteString("\n\n> **Note:** " + strings.ReplaceAll(inner.String(), "\n", "\n> ") + "\n\n")
			return converter.RenderSuccess
		},
		// Decline: the built-in rule applies.
		"span": func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
			return converter.RenderTryNext
		},
	}}
	res, err := md.Convert([]byte(optionsPage), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := "# Main\n\nIntro with $48 and <kbd>K</kbd>.\n\n> **Note:** A \\*note\\*\n> \n> - one\n\nExtra section.\n"
	if res.Markdown != want {
		t.Errorf("got:\n%s\nwant:\n%s", res.Markdown, want)
	}
}

func getClass(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key == "class" {
			return a.Val
		}
	}
	return ""
}

func TestExtractFunc(t *testing.T) {
	var sawScripts bool
	opts := md.Options{NoFrontmatter: true, ExtractFunc: func(doc *html.Node) []*html.Node {
		var found []*html.Node
		var visit func(*html.Node)
		visit = func(n *html.Node) {
			if n.DataAtom == atom.Script {
				sawScripts = true
			}
			if n.DataAtom == atom.Section || n.DataAtom == atom.Nav {
				found = append(found, n)
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				visit(c)
			}
		}
		visit(doc)
		return found
	}}
	res, err := md.Convert([]byte(strings.Replace(optionsPage, "<nav>", "<script>x()</script><nav>", 1)), opts)
	if err != nil {
		t.Fatal(err)
	}
	if sawScripts {
		t.Error("ExtractFunc was given a document with scripts: pruning must come first")
	}
	if want := "# T\n\nmenu\n\nExtra section.\n"; res.Markdown != want {
		t.Errorf("got %q, want %q", res.Markdown, want)
	}
}

// TestExtractFuncNil checks that nil entries, a selector that found
// nothing, are skipped rather than dereferenced.
func TestExtractFuncNil(t *testing.T) {
	opts := md.Options{NoFrontmatter: true, ExtractFunc: func(doc *html.Node) []*html.Node {
		return []*html.Node{nil, findElement(doc, atom.Section), nil}
	}}
	res, err := md.Convert([]byte(optionsPage), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := "# T\n\nExtra section.\n"; res.Markdown != want {
		t.Errorf("got %q, want %q", res.Markdown, want)
	}
	opts.ExtractFunc = func(*html.Node) []*html.Node { return []*html.Node{nil} }
	if res, err := md.Convert([]byte(optionsPage), opts); err != nil || res.Markdown != "# T\n" {
		t.Errorf("only nil: got %q, %v; want the title alone", res.Markdown, err)
	}
}

// findElement returns the first element under n with the atom a, or nil.
func findElement(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findElement(c, a); f != nil {
			return f
		}
	}
	return nil
}

func TestConvertReader(t *testing.T) {
	a, err := md.Convert([]byte(optionsPage), md.Options{URL: "https://x.example/"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := md.ConvertReader(strings.NewReader(optionsPage), md.Options{URL: "https://x.example/"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("ConvertReader differs from Convert:\n%+v\n%+v", a, b)
	}
}

func TestParseExtractMode(t *testing.T) {
	for in, want := range map[string]md.ExtractMode{"": md.ExtractAuto, "auto": md.ExtractAuto, "score": md.ExtractScore, "none": md.ExtractNone} {
		if got, err := md.ParseExtractMode(in); err != nil || got != want {
			t.Errorf("ParseExtractMode(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := md.ParseExtractMode("all"); err == nil {
		t.Error("ParseExtractMode(all) gave no error")
	}
	if _, err := md.Convert([]byte("<p>x"), md.Options{Extract: "all"}); err == nil {
		t.Error("Convert with an unknown extract mode gave no error")
	}
}
