package md

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// parse builds the document tree of a UTF-8 page.
//
// The page is parsed with scripting disabled, as a reader without JavaScript
// sees it: <noscript> holds elements, not text (prune decides what of it is
// content).
//
// golang.org/x/net/html refuses documents nested deeper than 512 elements.
// Such pages are parsed again with the tags beyond a depth left out and
// their text kept, the way Chromium flattens what lies beyond its own limit
// of 512; if even that fails, the page becomes its text.
//
// Each element keeps its first maxAttributes attributes (capAttributes).
func parse(text []byte) *html.Node {
	doc := parseTree(text)
	capAttributes(doc)
	return doc
}

// maxAttributes is the most attributes an element keeps: a real element
// has a few dozen at most. Rules read the attributes of an element's
// parent or ancestors for each element (a class naming a part, an id), so
// a parent of tens of thousands of attributes over tens of thousands of
// children would be read once per child.
const maxAttributes = 256

// capAttributes drops the attributes of each element under doc past
// maxAttributes.
func capAttributes(doc *html.Node) {
	walk(doc, func(n *html.Node) bool {
		if len(n.Attr) > maxAttributes {
			n.Attr = n.Attr[:maxAttributes:maxAttributes]
		}
		return true
	})
}

// parseTree is parse without the bound on attributes.
func parseTree(text []byte) *html.Node {
	opts := html.ParseOptionEnableScripting(false)
	doc, err := html.ParseWithOptions(bytes.NewReader(text), opts)
	if err == nil {
		return doc
	}
	for _, limit := range []int{256, 64} {
		doc, err = html.ParseWithOptions(bytes.NewReader(flatten(text, limit)), opts)
		if err == nil {
			return doc
		}
	}
	return textDocument(text)
}

// flatten rewrites a page so that no element opens deeper than limit: start
// and end tags beyond it are dropped, everything else is copied as it was.
// Depth is counted on the tags as written, which overestimates the depth the
// parser builds (it closes many elements implicitly), so the result parses.
func flatten(text []byte, limit int) []byte {
	var out bytes.Buffer
	out.Grow(len(text))
	var open []string // names of the elements open, as written
	dropped := 0      // start tags dropped since the depth was reached
	z := html.NewTokenizer(bytes.NewReader(text))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out.Bytes()
		}
		raw := z.Raw()
		switch tt {
		case html.StartTagToken:
			name, _ := z.TagName()
			if isVoid(name) {
				out.Write(raw)
				continue
			}
			if len(open) >= limit {
				dropped++
				continue
			}
			open = append(open, string(name))
		case html.EndTagToken:
			name, _ := z.TagName()
			i := len(open) - 1
			for i >= 0 && open[i] != string(name) {
				i--
			}
			if i < 0 {
				if dropped > 0 {
					dropped--
					continue
				}
			} else {
				open = open[:i]
			}
		}
		out.Write(raw)
	}
}

func isVoid(name []byte) bool {
	switch atom.Lookup(name) {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img,
		atom.Input, atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// textDocument is the last resort for a page no parse accepts: its text,
// in one paragraph per line, in an otherwise empty document.
func textDocument(text []byte) *html.Node {
	doc := &html.Node{Type: html.DocumentNode}
	root := &html.Node{Type: html.ElementNode, Data: "html", DataAtom: atom.Html}
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	doc.AppendChild(root)
	root.AppendChild(body)
	var sb strings.Builder
	z := html.NewTokenizer(bytes.NewReader(text))
	skip := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		switch tt {
		case html.StartTagToken:
			if name, _ := z.TagName(); string(name) == "script" || string(name) == "style" {
				skip++
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); (string(name) == "script" || string(name) == "style") && skip > 0 {
				skip--
			}
		case html.TextToken:
			if skip == 0 {
				sb.Write(z.Text())
				sb.WriteByte(' ')
			}
		}
	}
	for _, line := range strings.Split(sb.String(), "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		p := &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P}
		p.AppendChild(&html.Node{Type: html.TextNode, Data: line})
		body.AppendChild(p)
	}
	return doc
}
