package md

import (
	"strings"

	"golang.org/x/net/html"
)

// The parser bounds the tree's depth (see parse), so recursion over it is
// bounded too.

// walk calls fn for n and its descendants in document order; when fn
// returns false the node's children are not visited. fn may not remove
// the node it is given; use collect and remove afterwards.
func walk(n *html.Node, fn func(*html.Node) bool) {
	if !fn(n) {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, fn)
	}
}

// getAttr returns the value of n's attribute key, or "".
func getAttr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

// attrOK returns the value of n's attribute key and whether it is present.
func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// hasToken reports whether the space-separated list s contains tok,
// ignoring ASCII case.
func hasToken(s, tok string) bool {
	for _, f := range strings.Fields(s) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}

// textContent is the concatenated text of n's descendants.
func textContent(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var sb strings.Builder
	appendText(&sb, n)
	return sb.String()
}

func appendText(sb *strings.Builder, n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			sb.WriteString(c.Data)
		case html.ElementNode:
			appendText(sb, c)
		}
	}
}

// collapseSpace trims s and turns each run of HTML whitespace into one space.
func collapseSpace(s string) string {
	var sb strings.Builder
	space := false
	for _, r := range s {
		if isHTMLSpace(r) {
			space = sb.Len() > 0
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// isHTMLSpace reports whether r is ASCII whitespace as HTML defines it.
// U+00A0 (&nbsp;) is not: browsers never collapse it.
func isHTMLSpace[T rune | byte](r T) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
}

// removeAll detaches each of nodes from its parent.
func removeAll(nodes []*html.Node) {
	for _, n := range nodes {
		if n.Parent != nil {
			n.Parent.RemoveChild(n)
		}
	}
}

// findFirst returns the first element under n (n included) for which ok
// is true, in document order.
func findFirst(n *html.Node, ok func(*html.Node) bool) *html.Node {
	var found *html.Node
	walk(n, func(c *html.Node) bool {
		if found != nil {
			return false
		}
		if c.Type == html.ElementNode && ok(c) {
			found = c
			return false
		}
		return true
	})
	return found
}
