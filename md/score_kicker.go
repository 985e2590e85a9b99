package md

import (
	"strings"

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
		for p, words := prevWithWords(cur, s); ; p, words = prevWithWords(p, s) {
			if words {
				return out
			}
			if p == nil {
				break
			}
			if !isKicker(p, s.stats[p]) {
				return out
			}
			out = append(out, p)
		}
	}
	return out
}

// kickerNodes is the most nodes outside its links isKicker reads of a
// line: a line of a few links holds a few. Past it, n is no line, and is
// not read to its end: pruneTrailers asks each level of a deep part in
// turn, which would read a part of a million empty elements once a level.
const kickerNodes = 256

// isKicker reports whether n, with the statistics st, is a short line
// made of links only (see pruneKickers), of kickerNodes nodes or fewer
// outside its links.
func isKicker(n *html.Node, st stat) bool {
	if st.runes > kickerRunes || st.linkRunes != st.runes {
		return false
	}
	links, nodes := 0, 0
	// count counts the links under c, and reports whether to read on.
	var count func(c *html.Node) bool
	count = func(c *html.Node) bool {
		if nodes++; nodes > kickerNodes {
			return false
		}
		if isLink(c) {
			links++
			return links <= kickerLinks
		}
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			if !count(d) {
				return false
			}
		}
		return true
	}
	return count(n) && links > 0
}

// maxTrailers is the most lines of links pruneTrailers removes: more
// are a list of the page's, not a call to action and its tags.
const maxTrailers = 3

// pruneTrailers removes, through rm, the lines of links that end the
// content, after its last text: a call to action ("Get started today",
// "Book now"), the article's tags, a "More by this contributor" link,
// which lead to other pages and say nothing of the article. Each is a
// kicker's line (isKicker), not a list's item (a list of resources
// closing a manual stays), nor a link written as an address or to write
// to someone (a repository's URL, an e-mail address). The first line with
// words of its own, read back from the end, ends them.
func pruneTrailers(nodes []*html.Node, s *scorer, rm *remover) {
	if len(nodes) == 0 {
		return
	}
	root := nodes[len(nodes)-1]
	if st := s.get(root); float64(st.linkRunes) > proseLinkShare*float64(st.runes) {
		return // a listing, an index: its items are lines of links
	}
	for _, t := range trailersOf(root, s) {
		rm.remove(t, "trailer", "a line of links ending the content: a call to action, the article's tags", s.get(t))
	}
}

// trailersOf returns the trailers (see pruneTrailers) under root, from
// the last back.
func trailersOf(root *html.Node, s *scorer) []*html.Node {
	var out []*html.Node
	n := lastWithText(root, s)
	for n != nil {
		switch {
		case isTrailer(n, s):
			if isLastItemField(n, root, s) {
				return out // the last item's own text
			}
			if out = append(out, n); len(out) == maxTrailers {
				return out
			}
		case isListPart(n) || isLine(n):
			return out
		default:
			n = lastWithText(n, s)
			continue
		}
		// The element with text before n, up the tree to root; text of
		// its own between them ends the trailers.
		for {
			p, words := prevWithWords(n, s)
			if words {
				return out
			}
			if p != nil {
				n = p
				break
			}
			if n = n.Parent; n == root || n == nil {
				return out
			}
		}
	}
	return out
}

// lastWithText returns n's last child element with text, or nil, also
// when text of n's own comes after it.
func lastWithText(n *html.Node, s *scorer) *html.Node {
	c, _ := withTextBack(n.LastChild, s)
	return c
}

// prevWithWords returns the element with text right before n, and
// whether text of the parent's own comes first.
func prevWithWords(n *html.Node, s *scorer) (*html.Node, bool) {
	return withTextBack(n.PrevSibling, s)
}

// withTextBack returns the first element with text among c and the
// siblings before it, read back; or nil, and whether text of the parent's
// own (not spaces) comes first.
func withTextBack(c *html.Node, s *scorer) (*html.Node, bool) {
	for ; c != nil; c = c.PrevSibling {
		if c.Type == html.TextNode && collapseSpace(c.Data) != "" {
			return nil, true
		}
		if _, ok := s.stats[c]; ok && c.Type == html.ElementNode {
			return c, false
		}
	}
	return nil, false
}

// isLine reports whether n is a line rather than a wrapper of lines:
// it holds text of its own beside its elements, or its elements are all
// phrasing ("<strong>Read more:</strong> <a>...</a>", a sentence's
// parts), or none.
func isLine(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && collapseSpace(c.Data) != "":
			return true
		case c.Type == html.ElementNode && !inLine(c):
			return false
		}
	}
	return true
}

// isTrailer reports whether n is a line of links that may end the
// content (see pruneTrailers): no list, and no block inside it (a card
// linked whole, its heading and summary, is a teaser).
func isTrailer(n *html.Node, s *scorer) bool {
	if isListPart(n) || !isKicker(n, s.get(n)) {
		return false
	}
	return findFirst(n, func(c *html.Node) bool {
		if c != n && c.Type == html.ElementNode && !inLine(c) {
			return true // a block: a card, a list, not a line
		}
		if !isLink(c) {
			return false
		}
		href := strings.ToLower(strings.TrimSpace(getAttr(c, "href")))
		return isAddressText(c) || strings.HasPrefix(href, "mailto:") || strings.HasPrefix(href, "tel:")
	}) == nil
}

// isLastItemField reports whether n, a classed element, is a field of the
// last of a run of items under root (a thread's posts, a list's cards):
// an element from n up, below root, follows an element of its tag and
// class that holds an element of n's tag and class with words outside
// links. A reply that is only a link is the reply, not a link ending the
// content; a call to action after the last section is no field the
// sections before it have.
func isLastItemField(n, root *html.Node, s *scorer) bool {
	if getAttr(n, "class") == "" {
		return false
	}
	for x := n; x != nil && x != root; x = x.Parent {
		p := prevElementSibling(x)
		if p == nil || !sameElement(p, x) {
			continue
		}
		field := findFirst(p, func(c *html.Node) bool {
			if c.Type != html.ElementNode || !sameElement(c, n) {
				return false
			}
			st, ok := s.stats[c]
			return ok && st.runes > st.linkRunes
		})
		if field != nil {
			return true
		}
	}
	return false
}

// isListPart reports whether n is a list or a list's item: the lines of
// links pruneTrailers removes are never one.
func isListPart(n *html.Node) bool {
	return n.DataAtom == atom.Li || n.DataAtom == atom.Ul || n.DataAtom == atom.Ol
}

// inLine reports whether the element n is part of a line of text, a
// phrasing element or a picture, rather than a block.
func inLine(n *html.Node) bool {
	return phrasing[n.DataAtom] || n.DataAtom == atom.Img
}

// orphanHeadingBytes is the most text, spaces aside, that a heading
// pruneOrphanHeadings removes holds: a longer one is a sentence closing
// the text ("Do you remember the first glass you enjoyed? Share it
// below!").
const orphanHeadingBytes = 60

// maxOrphanHeadings is the most headings pruneOrphanHeadings removes from
// the end of the content: a section's heading and the one above it.
const maxOrphanHeadings = 2

// pruneOrphanHeadings removes, through rm, a heading that ends the
// content with nothing after it: the part it headed went as boilerplate
// (a carousel of the blog's posts, a row of partners' logos, a sign-up
// form), and a heading over nothing says nothing of the page. Not the
// page's title (an <h1>), not a heading that is all the content holds,
// not a long one (a sentence),
// not a linked heading or one in a list's item (the title of a listing's
// last item, which is all that item says).
func pruneOrphanHeadings(nodes []*html.Node, s *scorer, rm *remover) {
	if len(nodes) == 0 {
		return
	}
	root := nodes[len(nodes)-1]
	for range maxOrphanHeadings {
		h := orphanHeading(root)
		if h == nil || !headedRemoved(h, root, rm) {
			return
		}
		rm.remove(h, "orphan-heading", "a heading ending the content, over nothing: what it headed went", s.get(h))
	}
}

// headedRemoved reports whether a part after h, under root, went by a
// rule of the scoring stage: what h headed was boilerplate. A heading
// over nothing from the start (its part hidden, or a script's to fill)
// is the page's as it is. It reads the siblings after h and its
// ancestors up to root once, and each removal's nearest ancestors.
func headedRemoved(h, root *html.Node, rm *remover) bool {
	chain := map[*html.Node]bool{}
	after := map[*html.Node]bool{}
	for x := h; x != root && x.Parent != nil; x = x.Parent {
		chain[x.Parent] = true
		for n := x.NextSibling; n != nil; n = n.NextSibling {
			after[n] = true
		}
	}
	for _, r := range rm.done {
		if chain[r.parent] && (r.next == nil || after[r.next]) {
			return true
		}
		// A part inside a part after h (a carousel's slides under its
		// header's sibling), up to removedDepth levels down.
		for x, i := r.parent, 0; x != nil && i < removedDepth; x, i = x.Parent, i+1 {
			if after[x] {
				return true
			}
		}
	}
	return false
}

// removedDepth is how deep under a part after a heading headedRemoved
// looks for a removal.
const removedDepth = 8

// isAnchor reports whether n is an <a>, whether a link or a control (an
// accordion's question written as a javascript: link), which isLink
// tells apart: a heading holding either is no orphan.
func isAnchor(n *html.Node) bool { return n.Type == html.ElementNode && n.DataAtom == atom.A }

// orphanHeading returns the heading under root whose text is the last
// content root holds, or nil (see pruneOrphanHeadings).
func orphanHeading(root *html.Node) *html.Node {
	last := lastContent(root)
	if last == nil {
		return nil
	}
	var h *html.Node
	for x := last.Parent; x != nil && x != root; x = x.Parent {
		if isHeading(x) {
			h = x
			break
		}
	}
	if h == nil || h.DataAtom == atom.H1 || h.DataAtom == atom.Hgroup || findFirst(h, isAnchor) != nil {
		return nil
	}
	if _, whole := textUpTo(h, orphanHeadingBytes); !whole {
		return nil // a sentence set as a heading, closing the text
	}
	for x := h.Parent; x != nil && x != root; x = x.Parent {
		if x.DataAtom == atom.Li {
			return nil
		}
	}
	// Text before it: the heading is not all the content says.
	for x := h; x != nil && x != root; x = x.Parent {
		for p := x.PrevSibling; p != nil; p = p.PrevSibling {
			if lastContent(p) != nil {
				return h
			}
		}
	}
	return nil
}

// lastContent returns the last node under n, n included, in document
// order that shows something: a text node with words, or a picture, a
// frame or a form control; nil if none does. Scripts and styles show
// nothing. It reads each node once.
func lastContent(n *html.Node) *html.Node {
	switch {
	case n.Type == html.TextNode:
		if strings.TrimSpace(n.Data) != "" {
			return n
		}
		return nil
	case n.Type != html.ElementNode:
		return nil
	}
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Template, atom.Noscript:
		return nil
	case atom.Img, atom.Picture, atom.Svg, atom.Iframe, atom.Video, atom.Audio, atom.Object, atom.Embed, atom.Canvas,
		atom.Input, atom.Select, atom.Textarea, atom.Button:
		return n
	}
	for c := n.LastChild; c != nil; c = c.PrevSibling {
		if l := lastContent(c); l != nil {
			return l
		}
	}
	return nil
}
