package md

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Bounds of a card's title said twice (pruneTitleCopies): a name of
// three words or more, not a paragraph, in a card no longer than a
// teaser (teaserRunes), up to titleCardLevels above the link.
const (
	titleCopyMinRunes = 15
	titleCopyMaxRunes = 200
	titleCopyMinWords = 3
	titleCardLevels   = 6
)

// pruneTitleCopies removes, through rm, the second saying of a card's
// title: a link whose text another element of the same card says word
// for word. Cards write their title twice, once in a link stretched over
// the whole card (for the pointer, or for screen readers, "hidden-
// navigation-link") and once where it shows, which reads as the title
// said twice. The copy in a heading stays and the link outside it goes
// (when the heading links where it does: else the link is the card's
// address, and both stay); between a link and the same words in plain
// text, the link stays, with its address; between two links to the same
// address, the first.
func pruneTitleCopies(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	gone := map[*html.Node]bool{}
	for _, root := range nodes {
		walk(root, func(a *html.Node) bool {
			if a.Type != html.ElementNode || isPreformatted(a.DataAtom) || gone[a] {
				return false
			}
			if a.DataAtom != atom.A || getAttr(a, "href") == "" {
				return true
			}
			st, ok := s.stats[a]
			if !ok || st.runes < titleCopyMinRunes || st.runes > titleCopyMaxRunes || inHeading(a, root) || inSentence(a) {
				// The title itself, or a sentence's link.
				return false
			}
			text := collapsedText(a, true, st.runes)
			if len(strings.Fields(text)) < titleCopyMinWords {
				return false
			}
			other := titleCopy(a, text, root, s)
			if other == nil || gone[other] {
				return false
			}
			victim := a
			switch {
			case isTitleHeading(other) || inHeading(other, root):
				if !linksTo(other, getAttr(a, "href")) {
					// The link gives the card's address, which the
					// heading does not: both stay.
					return false
				}
			case linkOf(other, root) != nil:
				if getAttr(linkOf(other, root), "href") != getAttr(a, "href") {
					// Two items' links that say the same ("Read the
					// report"), to two places.
					return false
				}
				if precedes(other, a) {
					break
				}
				victim = other
			default:
				victim = other
			}
			gone[victim] = true
			drop = append(drop, victim)
			return false
		})
	}
	for _, n := range drop {
		rm.remove(n, "repeat", "a card's title said again in the same card", s.get(n))
	}
}

// titleCopy returns the outermost element, in the card around a (up to
// titleCardLevels above it, no longer than a teaser) and neither inside
// a nor around it, whose text is text (lowercased and collapsed), or nil.
func titleCopy(a *html.Node, text string, root *html.Node, s *scorer) *html.Node {
	// Lengths without spaces compare texts spaced apart differently.
	solid := s.get(a).solid
	for p, level := a.Parent, 0; p != nil && level < titleCardLevels; p, level = p.Parent, level+1 {
		pst, ok := s.stats[p]
		if !ok || pst.runes > teaserRunes || p.DataAtom == atom.Tr || p.DataAtom == atom.Table {
			return nil
		}
		if pst.solid < 2*solid {
			// Nothing here says the title a second time.
			if p == root {
				return nil
			}
			continue
		}
		var found *html.Node
		walk(p, func(e *html.Node) bool {
			if found != nil || e == a || e.Type != html.ElementNode {
				return false
			}
			est, ok := s.stats[e]
			if !ok || est.solid < solid {
				return false
			}
			if est.solid == solid && !isAncestor(e, a) && collapsedText(e, true, est.runes) == text {
				found = e
				return false
			}
			return true
		})
		if found != nil || p == root {
			return found
		}
	}
	return nil
}

// isTitleHeading reports whether n is a heading, by its tag or its role.
func isTitleHeading(n *html.Node) bool {
	return isHeading(n) || hasToken(getAttr(n, "role"), "heading")
}

// inLink returns the link below top that n is inside, or nil.
func inLink(n, top *html.Node) *html.Node {
	for p := n.Parent; p != nil && p != top; p = p.Parent {
		if p.DataAtom == atom.A {
			return p
		}
	}
	return nil
}

// linkOf returns n if it is a link, else the link below top it is inside,
// or nil.
func linkOf(n, top *html.Node) *html.Node {
	if n.DataAtom == atom.A {
		return n
	}
	return inLink(n, top)
}

// precedes reports whether a comes before b in document order, neither
// holding the other: the children of their lowest common ancestor that
// hold them are compared.
func precedes(a, b *html.Node) bool {
	depth := map[*html.Node]*html.Node{} // an ancestor of a: its child towards a
	for c, p := a, a.Parent; p != nil; c, p = p, p.Parent {
		depth[p] = c
	}
	for c, p := b, b.Parent; p != nil; c, p = p, p.Parent {
		if ca, ok := depth[p]; ok {
			for x := ca.NextSibling; x != nil; x = x.NextSibling {
				if x == c {
					return true
				}
			}
			return false
		}
	}
	return false
}

// linksTo reports whether n is, holds or is inside a link to href.
func linksTo(n *html.Node, href string) bool {
	if l := inLink(n, nil); l != nil && getAttr(l, "href") == href {
		return true
	}
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.A && getAttr(c, "href") == href }) != nil
}
