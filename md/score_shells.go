package md

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// seeAllVerbs and seeAllWords open a link to the whole of a list that
// the page shows a few items of, or none (its scripts load them): "See
// all", "View all 12 reviews", "Browse all (52)", "Show more"; or to an
// item's own page from its card ("View full details").
var (
	seeAllVerbs = words("see view browse show explore read")
	seeAllWords = words("all more full")
)

// seeAllBytes is the most text of a see-all link: "See all 29 supported
// languages"; seeAllTitleBytes the most text of the title beside it in a
// list's header ("More like this").
const (
	seeAllBytes      = 40
	seeAllTitleBytes = 60
)

// shellScanNodes is the most nodes nextTextIn reads after a list's header
// for the text that follows it.
const shellScanNodes = 200

// isSeeAllLink reports whether text, a link's lowercased text, is a
// see-all link's: a verb of seeAllVerbs, "all", "more" or "full", and at most
// three words more (what the list holds, how many).
func isSeeAllLink(text string) bool {
	if len(text) > seeAllBytes {
		return false
	}
	f := strings.Fields(strings.TrimRight(text, ".!→›»> "))
	return len(f) >= 2 && len(f) <= 5 && seeAllVerbs[f[0]] && seeAllWords[f[1]]
}

// pruneListShells removes, through rm, what stays of a list whose items
// are not in the content: a see-all link alone on its line, and a list's
// header (its title and a see-all link, isListShell) with no text after
// it before the next heading or the end of the content. The items went
// (other products, the latest news, another page's posts) or were never
// in the page (its scripts load them); the header or the link alone says
// nothing of the page. A link to a place in the page ("#compat") leads
// to a part of it and stays. It runs after the passes that remove such lists,
// and after the content is chosen: a link's few characters must not tip
// the choice.
func pruneListShells(nodes []*html.Node, s *scorer, rm *remover) {
	roots := nodeSet(nodes)
	var drop []*html.Node
	var why []string
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			st, ok := s.stats[n]
			if !ok || st.runes == 0 {
				return false
			}
			if n == root || st.runes > seeAllBytes+seeAllTitleBytes {
				return true
			}
			if n.DataAtom == atom.A && !toPlaceInPage(n) && !inSentence(n) && aloneOnLine(n, s) && isSeeAllLink(linkText(n)) {
				drop = append(drop, withoutText(n, roots, s))
				why = append(why, "a \"See all\" link alone on its line: the list it leads to is not in the content")
				return false
			}
			if isListShell(n, s, st) && overNothing(n, root, s) {
				drop = append(drop, withoutText(n, roots, s))
				why = append(why, "the header of a list that is not in the content: its title and a \"See all\" link, over nothing")
				return false
			}
			return true // (a wrapper around the header)
		})
	}
	for i, n := range drop {
		rm.remove(n, "list-shell", why[i], s.get(n))
	}
}

// toPlaceInPage reports whether the link n leads to a named place of the
// page ("#compat"); "#" alone is a control's.
func toPlaceInPage(n *html.Node) bool {
	href := strings.TrimSpace(getAttr(n, "href"))
	return len(href) > 1 && href[0] == '#'
}

// linkText is n's text, lowercased and collapsed, up to seeAllBytes.
func linkText(n *html.Node) string {
	t, _ := textUpTo(n, seeAllBytes)
	return strings.ToLower(collapseSpace(t))
}

// aloneOnLine reports whether n, with the elements around it that hold
// nothing else (a <p>, a <span>), is a line of its own: no text or
// phrasing beside it (inTextLine), as a heading's "Browse all" has.
func aloneOnLine(n *html.Node, s *scorer) bool {
	runes := s.get(n).runes
	for n.Parent != nil && n.Parent.Type == html.ElementNode && !isHeading(n.Parent) && s.get(n.Parent).runes == runes {
		n = n.Parent
	}
	return !inTextLine(n)
}

// isListShell reports whether n, a block of statistics st, is the header
// of a list of items: a short title and a see-all link (isSeeAllLink),
// its only parts with text ("More like this" and "See all"), in either
// order. A heading with a see-all link in it is not asked: it heads the
// page's own section.
func isListShell(n *html.Node, s *scorer, st stat) bool {
	if st.linkRunes == 0 || st.linkRunes > seeAllBytes || st.runes-st.linkRunes > seeAllTitleBytes || isHeading(n) || n.DataAtom == atom.A {
		return false
	}
	var title, link *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return false
		}
		if c.Type != html.ElementNode {
			continue
		}
		cst, ok := s.stats[c]
		switch {
		case !ok || cst.runes == 0:
		case title == nil && cst.linkRunes == 0:
			title = c
		case link == nil && cst.linkRunes == cst.runes:
			link = c
		default:
			return false
		}
	}
	return title != nil && link != nil && isSeeAllLink(linkText(link))
}

// overNothing reports whether the first text after n, under root, is a
// heading's, another list's header or see-all link, or there is none: n heads nothing.
// A heading in a link is a card's title, an item of n's list. It reads
// at most shellScanNodes nodes; past them, n heads something.
func overNothing(n, root *html.Node, s *scorer) bool {
	t, whole := nextTextIn(n, root)
	if t == nil {
		return whole
	}
	var heading *html.Node
	for x, i := t.Parent, 0; x != nil && x != root && i < shellAncestors; x, i = x.Parent, i+1 {
		switch {
		case x.DataAtom == atom.A && heading != nil:
			return false // a card's title
		case x.DataAtom == atom.A && isSeeAllLink(linkText(x)):
			return true // another list's "See all", before its title
		case heading == nil && isHeading(x):
			heading = x
		case heading == nil && x.DataAtom != atom.A && isListShell(x, s, s.get(x)):
			return true
		}
	}
	return heading != nil
}

// shellAncestors is how many elements around the text after a list's
// header overNothing reads: the heading or header holding it, and the
// link of a card around that.
const shellAncestors = 6

// nextTextIn returns the first text node after n's subtree, in document
// order under root, that is more than spaces, and whether it read that
// far within shellScanNodes nodes (nil and true: none is left).
func nextTextIn(n, root *html.Node) (*html.Node, bool) {
	read := 0
	var found *html.Node
	for x := n; x != nil && x != root; x = x.Parent {
		if read++; read > shellScanNodes {
			return nil, false // (the climb out of deep nesting counts too)
		}
		for c := x.NextSibling; c != nil; c = c.NextSibling {
			done := false
			walk(c, func(d *html.Node) bool {
				if done {
					return false
				}
				if read++; read > shellScanNodes {
					done = true
					return false
				}
				if d.Type == html.TextNode && strings.TrimSpace(d.Data) != "" {
					found, done = d, true
				}
				return d.Type == html.ElementNode
			})
			if found != nil {
				return found, true
			}
			if done {
				return nil, false
			}
		}
	}
	return nil, true
}
