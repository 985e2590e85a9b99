package extracteval

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// PlainText reduces CommonMark+GFM to its text: one line per block, link
// and image targets dropped, link texts, alt texts (apart from the words
// beside them), code and table cells kept, raw HTML reduced to its text.
func PlainText(md string) string {
	src := []byte(md)
	doc := markdown.Parser().Parse(text.NewReader(src))
	var sb strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if n.Type() == ast.TypeBlock && !entering {
			sb.WriteByte('\n')
		}
		if n.Kind() == ast.KindImage {
			// An image's alt text is not a word of the text beside it:
			// "![checkmark](c.svg)75%" reads "checkmark 75%".
			sb.WriteByte(' ')
		}
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			sb.Write(util.ResolveEntityNames(util.UnescapePunctuations(n.Segment.Value(src))))
			if n.SoftLineBreak() || n.HardLineBreak() {
				sb.WriteByte('\n')
			}
		case *ast.String:
			sb.Write(n.Value)
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					sb.Write(t.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				sb.Write(seg.Value(src))
			}
		case *ast.AutoLink:
			sb.Write(n.Label(src))
		case *ast.RawHTML:
			segs := n.Segments
			for i := 0; i < segs.Len(); i++ {
				seg := segs.At(i)
				sb.WriteString(HTMLText(string(seg.Value(src))))
			}
		case *ast.HTMLBlock:
			var raw strings.Builder
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				raw.Write(seg.Value(src))
			}
			sb.WriteString(HTMLText(raw.String()))
		case *east.TableCell:
			sb.WriteByte(' ')
		}
		return ast.WalkContinue, nil
	})
	return sb.String()
}

// HTMLText returns the text of an HTML fragment, a line break after each
// block so that words of adjacent blocks do not run together.
func HTMLText(s string) string {
	nodes, err := html.ParseFragment(strings.NewReader(s), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return ""
	}
	var sb strings.Builder
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			sb.WriteString(n.Data)
			return
		case html.ElementNode:
			switch n.DataAtom {
			case atom.Script, atom.Style, atom.Template, atom.Noscript:
				return
			case atom.Br:
				sb.WriteByte('\n')
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
		if n.Type == html.ElementNode && !inline(n.DataAtom) {
			sb.WriteByte('\n')
		}
	}
	for _, n := range nodes {
		visit(n)
	}
	return sb.String()
}

// inline reports whether a element of this atom runs with the text around it.
func inline(a atom.Atom) bool {
	switch a {
	case atom.A, atom.Abbr, atom.B, atom.Bdi, atom.Bdo, atom.Cite, atom.Code, atom.Data,
		atom.Dfn, atom.Em, atom.I, atom.Kbd, atom.Mark, atom.Q, atom.S, atom.Samp, atom.Small,
		atom.Span, atom.Strong, atom.Sub, atom.Sup, atom.Time, atom.U, atom.Var, atom.Font,
		atom.Img, atom.Del, atom.Ins, atom.Strike, atom.Tt, atom.Big, atom.Label:
		return true
	}
	return false
}
