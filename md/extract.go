package md

import (
	"strings"

	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// extractNone is ExtractNone: the whole body.
func extractNone(doc *html.Node) []*html.Node {
	if body := findBody(doc); body != nil {
		return []*html.Node{body}
	}
	return nil
}

// extractAuto is ExtractAuto: the main markers if the page has any, else its
// <main> or [role=main], else the body without its chrome.
func extractAuto(doc *html.Node) []*html.Node {
	body := findBody(doc)
	if body == nil {
		return nil
	}
	if mains := mainMarkers(body); len(mains) > 0 {
		return mains
	}
	if m := mainElement(body); m != nil {
		return []*html.Node{m}
	}
	removeChrome(body)
	return []*html.Node{body}
}

// findBody returns the document's <body>; for a frameset document it is nil.
func findBody(doc *html.Node) *html.Node {
	return findFirst(doc, func(n *html.Node) bool { return n.DataAtom == atom.Body })
}

// mainMarkers returns the outermost main markers under body, in page
// order: a main inside another main is part of the outer one. A main marker
// on <body> or <html> is the whole body. Main markers count only if one of
// them has content (text, an image, a text marker's md): a page whose main
// markers are all empty is extracted as if it had none.
func mainMarkers(body *html.Node) []*html.Node {
	for n := body; n != nil && n.Type == html.ElementNode; n = n.Parent {
		if m, ok := markers.Of(n); ok && m.Mode == markers.ModeMain {
			return []*html.Node{body}
		}
	}
	var mains []*html.Node
	content := false
	walk(body, func(c *html.Node) bool {
		if m, ok := markers.Of(c); ok && m.Mode == markers.ModeMain {
			mains = append(mains, c)
			content = content || hasRenderable(c)
			return false
		}
		return true
	})
	if !content {
		return nil
	}
	return mains
}

// hasRenderable reports whether n holds anything the renderer writes: text,
// an image, or a text marker with Markdown.
func hasRenderable(n *html.Node) bool {
	found := false
	walk(n, func(c *html.Node) bool {
		switch {
		case found:
		case c.Type == html.TextNode:
			found = strings.TrimSpace(c.Data) != ""
		case c.DataAtom == atom.Img:
			found = true
		default:
			if m, ok := markers.Of(c); ok && m.Mode == markers.ModeText {
				found = strings.TrimSpace(m.MD) != ""
				return false
			}
			return true
		}
		return false
	})
	return found
}

// mainElement returns the first <main> or [role=main] with text under n.
func mainElement(n *html.Node) *html.Node {
	var found *html.Node
	walk(n, func(c *html.Node) bool {
		if found != nil {
			return false
		}
		if c.Type == html.ElementNode && (c.DataAtom == atom.Main || hasToken(getAttr(c, "role"), "main")) {
			if strings.TrimSpace(textContent(c)) != "" || hasImage(c) {
				found = c
			}
			return false
		}
		return true
	})
	return found
}

func hasImage(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Img }) != nil
}

// chromeRoles are the ARIA roles of a page's chrome.
var chromeRoles = []string{"navigation", "banner", "contentinfo", "complementary", "dialog", "alertdialog", "search"}

// removeChrome removes the page's chrome from under body: navigation,
// the page's own header and footer, asides and dialogs, and elements with
// their ARIA roles. A <header> or <footer> inside an article or section is
// that article's, not the page's (ARIA maps it to no landmark), and stays.
func removeChrome(body *html.Node) {
	var chrome []*html.Node
	var visit func(n *html.Node, sectioned bool)
	visit = func(n *html.Node, sectioned bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if isChrome(c, sectioned) {
				chrome = append(chrome, c)
				continue
			}
			switch c.DataAtom {
			case atom.Article, atom.Section, atom.Main:
				visit(c, true)
			default:
				visit(c, sectioned)
			}
		}
	}
	visit(body, false)
	removeAll(chrome)
}

func isChrome(n *html.Node, sectioned bool) bool {
	if _, ok := markers.Of(n); ok {
		return false
	}
	switch n.DataAtom {
	case atom.Nav, atom.Aside, atom.Dialog:
		return true
	case atom.Header, atom.Footer:
		return !sectioned
	}
	role := getAttr(n, "role")
	for _, r := range chromeRoles {
		if hasToken(role, r) {
			return true
		}
	}
	return false
}
