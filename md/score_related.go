package md

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// moreHeadings are how the heading of a part that leads elsewhere on the
// site begins: "Related posts", "More from our blog", "You may also like",
// "Latest news", and a shop's bands of other products: "Recently viewed",
// "Frequently bought together", "Similar items", "More like this". What
// follows it is other pages' teasers, not the page's own text.
var moreHeadings = []string{
	"related ", "related:", "more from ", "more on ", "more from:",
	"you may also ", "you might also ", "recent posts", "from our blog",
	"from the blog", "latest news", "latest posts", "latest articles",
	"more to explore", "more like this", "more you might ", "you might like",
	"you may like", "recently viewed", "recommended for you",
	"frequently bought ", "similar items", "similar products",
	"customers who ", "customers also ", "people who viewed ",
	"explore related ", "shop the look", "complete the look",
}

// relatedHeadingRunes is the most text of a heading over other pages.
const relatedHeadingRunes = 60

// relatedLinkShare is the least share of its text a part under such a
// heading has in links, as 1/relatedLinkShare: teasers are mostly their
// linked titles. A band of products or articles described at length is
// the page's own ("Related products" of a cloud service's page).
const relatedLinkShare = 1.0 / 4

// relatedLinks is the fewest links a part under such a heading holds: the
// teasers it lists, each a link.
const relatedLinks = 2

// pruneRelated removes, through rm, the parts of the content headed by a
// heading h2-h6 that says it leads elsewhere (moreHeadings) and that hold
// relatedLinks links or more: a "Related services" band at the end of a
// service page, "From our blog" on a landing page, "More on the artist"
// after a review. The part is the outermost element the heading begins
// that holds no heading as high as it after it; a heading in a flat run of
// blocks takes the blocks after it up to the next heading as high. A part
// holding half of its root's text or more is the content and stays.
func pruneRelated(nodes []*html.Node, s *scorer, rm *remover) {
	var parts [][]*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			if !isRelatedHeading(n, s) {
				return true
			}
			if part := relatedPart(n, root, s); part != nil {
				parts = append(parts, part)
			}
			return false
		})
	}
	for _, part := range parts {
		for _, n := range part {
			if n.Parent != nil {
				rm.remove(n, "boilerplate", "a part whose heading says it leads to other pages (\"Related posts\")", s.get(n))
			}
		}
	}
}

// isRelatedHeading reports whether n is a heading h2-h6 whose text begins
// with one of moreHeadings.
func isRelatedHeading(n *html.Node, s *scorer) bool {
	switch n.DataAtom {
	case atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
	case atom.P, atom.Span, atom.Div, atom.Strong, atom.B, atom.Header:
		if n.FirstChild == nil || n.FirstChild != n.LastChild || n.FirstChild.Type != html.TextNode || inSentence(n) {
			return false
		}
	default:
		return false
	}
	st := s.get(n)
	if st.runes == 0 || st.runes > relatedHeadingRunes || st.linkRunes > 0 {
		return false
	}
	text := collapsedText(n, true, st.runes) + " "
	for _, p := range moreHeadings {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}

// relatedPart returns the elements the heading h heads inside root (see
// pruneRelated), or nil when they are too few links or too much of root.
// When the outermost element the heading begins holds nothing but the
// heading (a label's own paragraph, <p><strong>You might also
// like:</strong></p>), the part is what follows it, as for a bare
// heading; for such a label, only at the end of root (the text after the
// part is less than its own): mid-article, a bold line over a list of
// links is as often the writer's own reading list.
func relatedPart(h, root *html.Node, s *scorer) []*html.Node {
	level := headingRank(h)
	label := level == 0
	if label {
		level = 7
	}
	top := h
	for p := top.Parent; p != nil && p != root && firstWithText(p, s) == top; p = p.Parent {
		if label && 3*s.get(p).runes >= s.get(root).runes || !label && headingAfter(top, level) {
			break
		}
		top = p
	}
	part := []*html.Node{top}
	whole := s.get(root).runes
	runes, linkRunes := s.get(top).runes, s.get(top).linkRunes
	wrapped := top != h && runes == s.get(h).runes
	if top == h || wrapped {
		for c := top.NextSibling; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if r := headingRank(c); r > 0 && r <= level || hasHeadingUpTo(c, level) {
				break
			}
			if 2*runes >= whole || len(part) > relatedPartBlocks {
				// Half of root, or more blocks than a band of other
				// pages: no such band. Read no further.
				return nil
			}
			part = append(part, c)
			runes += s.get(c).runes
			linkRunes += s.get(c).linkRunes
		}
	}
	if float64(linkRunes) < relatedLinkShare*float64(runes) || 2*runes >= whole || countLinks(part, relatedLinks) < relatedLinks {
		return nil
	}
	if label && wrapped && runesAfter(part[len(part)-1], root, s, runes) > runes {
		return nil
	}
	return part
}

// relatedPartBlocks is the most blocks a part headed as leading elsewhere
// (pruneRelated) runs to after its heading: a band of other pages is a
// few cards or lists. Each of a run of thousands of labels would else
// read the rest of the run.
const relatedPartBlocks = 64

// countLinks returns the number of links with an address in parts,
// counted up to most.
func countLinks(parts []*html.Node, most int) int {
	links := 0
	for _, n := range parts {
		walk(n, func(d *html.Node) bool {
			if links >= most {
				return false
			}
			if d.DataAtom == atom.A && getAttr(d, "href") != "" {
				links++
				return false
			}
			return true
		})
	}
	return links
}

// runesAfter returns the length in runes of the text after n inside
// root: what follows n's siblings and its ancestors' up to root; counted
// only until it exceeds limit, which is all its callers ask. Each of a
// run of thousands of candidates (bios, "You might also like:" labels)
// asks: read whole, the text after each would read the rest of the run.
func runesAfter(n, root *html.Node, s *scorer, limit int) int {
	k := 0
	for a := n; a != nil && a != root; a = a.Parent {
		for c := a.NextSibling; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.ElementNode:
				k += s.get(c).runes
			case html.TextNode:
				k += utf8.RuneCountInString(strings.TrimSpace(c.Data))
			}
			if k > limit {
				return k
			}
		}
	}
	return k
}

// firstWithText returns n's first child element with text.
func firstWithText(n *html.Node, s *scorer) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return nil
		}
		if c.Type == html.ElementNode && s.get(c).runes > 0 {
			return c
		}
	}
	return nil
}

// headingAfter reports whether the siblings after n hold a heading of
// level or higher.
func headingAfter(n *html.Node, level int) bool {
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if r := headingRank(c); r > 0 && r <= level || hasHeadingUpTo(c, level) {
			return true
		}
	}
	return false
}

// hasHeadingUpTo reports whether n holds a heading of level or higher.
func hasHeadingUpTo(n *html.Node, level int) bool {
	found := false
	walk(n, func(d *html.Node) bool {
		if found || d.Type != html.ElementNode {
			return false
		}
		if r := headingRank(d); r > 0 && r <= level && d != n {
			found = true
			return false
		}
		return true
	})
	return found
}

// pointerLabels are the labels a line pointing the reader to another
// article opens with, before its linked title, mid-story or after it:
// "Related: ...", "Read more: ...", "Don't miss: ...". "See also: ..."
// is not one: in a reference work (Wikipedia's hatnotes, a manual) it is
// the document's own cross-reference.
var pointerLabels = map[string]bool{
	"related": true, "related reading": true, "related article": true, "related articles": true,
	"related story": true, "related stories": true, "related post": true, "related posts": true,
	"related content": true, "related link": true, "related links": true, "related guide": true,
	"read more": true, "read also": true, "also read": true, "read next": true, "read": true,
	"read full article": true, "read the full article": true, "read the full story": true,
	"don't miss": true, "must read": true,
	"also check": true, "also check out": true, "check out": true, "you may also check": true,
	"recommended": true, "recommended reading": true, "further reading": true, "suggested reading": true,
	"more": true, "more reading": true, "you may also like": true, "you might also like": true,
	"editor's pick": true, "editors' pick": true,
}

// pointerLabelBytes is the most text, in bytes, isPointerLine reads for
// the label; pointerLineRunes the most text of such a line, a label and a
// title, and pointerTitleRunes the least text after the label's colon, in
// characters.
const (
	pointerLabelBytes = 40
	pointerLineRunes  = 160
	pointerTitleRunes = 4
)

// prunePointerLines removes, through rm, the lines inside the content
// that point the reader to another article: a label of pointerLabels, a
// colon, and a linked title ("Related: <a>Key Facts on ...</a>", ">> Read
// More: <a>...</a>"). They are the publisher's promotion of its other
// pages set between the paragraphs, as a related list is beside them;
// the article reads on without them. A label followed by words of its
// own rather than a link ("Recommended dose: 5 mg") is the article's.
func prunePointerLines(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			if n == root || !isLine(n) {
				return true
			}
			if isPointerLine(n, s) {
				drop = append(drop, n)
			}
			return false // a line's parts are no lines of their own
		})
	}
	roots := nodeSet(nodes)
	for _, n := range drop {
		// The line's wrappers that hold nothing else go with it (a
		// <blockquote> around it): each is climbed by one line only.
		top := withoutText(n, roots, s)
		rm.remove(top, "boilerplate", "a line pointing to another article (\"Related: ...\", \"Read more: ...\")", s.get(top))
	}
}

// isPointerLine reports whether the line n is a label of pointerLabels
// and a colon, then text mostly in links (see prunePointerLines).
func isPointerLine(n *html.Node, s *scorer) bool {
	if inLine(n) && n.DataAtom != atom.Span {
		return false // a phrase of a line, not the line
	}
	st := s.get(n)
	if st.runes > pointerLineRunes || st.linkRunes == 0 || st.linkRunes == st.runes {
		// A line linked whole, label and all, is a linked heading or
		// a teaser, which other passes judge.
		return false
	}
	head, _ := textUpTo(n, pointerLabelBytes)
	head = strings.ToLower(collapseSpace(head))
	label, _, ok := strings.Cut(head, ":")
	if !ok {
		return false
	}
	label = strings.TrimLeftFunc(label, func(r rune) bool { return !unicode.IsLetter(r) })
	label = strings.ReplaceAll(strings.TrimSpace(label), "’", "'")
	if !pointerLabels[label] {
		return false
	}
	after := st.runes - utf8.RuneCountInString(label) - 1
	return after >= pointerTitleRunes && 2*st.linkRunes >= after
}
