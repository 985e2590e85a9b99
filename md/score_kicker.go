package md

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Bounds of a kicker (pruneKickers): a line of up to kickerRunes, all of
// it in kickerLinks links or fewer.
const (
	kickerRunes = 80
	kickerLinks = 4
)

// pruneKickers removes, through rm, the lines of links right above the
// content's title, its first <h1>: the section or category a publisher
// files the article under ("Health", "Operations"), or a trail of them
// ("Blogs", "Fitness"), which lead to other pages and say nothing of the
// article. Each is a block of up to kickerRunes, all of it in up to
// kickerLinks links, between the title and the text before it; a line
// with a word of its own ("Posted in Proof Points", a date) ends them.
func pruneKickers(nodes []*html.Node, s *scorer, rm *remover) {
	for _, root := range nodes {
		h1 := findFirst(root, func(n *html.Node) bool { return n.DataAtom == atom.H1 && s.get(n).runes > 0 })
		if h1 == nil {
			continue
		}
		for _, k := range kickersBefore(h1, root, s) {
			rm.remove(k, "kicker", "a line of links above the title: the section the article is filed under", s.get(k))
		}
		return
	}
}

// kickersBefore returns the kickers (isKicker) right before h1 under
// root: the elements before it, and before each of its ancestors below
// root, back to the first text that is no kicker. Elements without text
// (a picture) are passed over.
func kickersBefore(h1, root *html.Node, s *scorer) []*html.Node {
	var out []*html.Node
	for cur := h1; cur != nil && cur != root; cur = cur.Parent {
		for p := cur.PrevSibling; p != nil; p = p.PrevSibling {
			switch {
			case p.Type == html.TextNode && collapseSpace(p.Data) != "":
				return out
			case p.Type != html.ElementNode:
				continue
			}
			st, ok := s.stats[p]
			if !ok {
				continue
			}
			if !isKicker(p, st) {
				return out
			}
			out = append(out, p)
		}
	}
	return out
}

// isKicker reports whether n, with the statistics st, is a short line
// made of links only (see pruneKickers).
func isKicker(n *html.Node, st stat) bool {
	if st.runes > kickerRunes || st.linkRunes != st.runes {
		return false
	}
	links := 0
	walk(n, func(c *html.Node) bool {
		if isLink(c) {
			links++
			return false
		}
		return true
	})
	return links > 0 && links <= kickerLinks
}
