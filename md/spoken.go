package md

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// dropSpokenHeadings removes from the content, read as one text in
// order, the headings written for screen readers only (isSpoken) that head
// nothing: the next thing written after one is a heading of its rank or
// higher, or nothing. Such a heading named a part of the page the
// extraction left out, or that the page's scripts fill: "Sort and
// Filter" over a listing's dropped filters, "Loading..." over an empty
// slot. A visible heading over nothing stays: it is the page's own text.
func dropSpokenHeadings(content []*html.Node, ex *explainer) {
	if !holdsSpokenHeading(content) {
		return // most pages: nothing to list the content's text for
	}
	type item struct {
		n     *html.Node
		level int // a heading's rank, 1 to 6; 0 for text or an image
	}
	var items []item
	for _, root := range content {
		walk(root, func(c *html.Node) bool {
			switch {
			case c.Type == html.TextNode:
				if strings.TrimSpace(c.Data) != "" {
					items = append(items, item{c, 0})
				}
			case c.DataAtom == atom.Img:
				items = append(items, item{c, 0})
			case headingRank(c) > 0:
				if hasRenderable(c) {
					items = append(items, item{c, headingRank(c)})
				}
				return false
			}
			return true
		})
	}
	if !slices.ContainsFunc(items, func(it item) bool { return it.level == 0 }) {
		return // headings are all the content says: never empty
	}
	roots := nodeSet(content)
	for i, it := range items {
		if it.level == 0 || !isSpoken(it.n) || roots[it.n] {
			continue
		}
		if i+1 < len(items) && (items[i+1].level == 0 || items[i+1].level > it.level) {
			continue // it heads text, or a subsection
		}
		ex.drop(it.n, "spoken-heading", "a heading for screen readers only over nothing: the part it named is gone", ex.textStat(it.n))
		it.n.Parent.RemoveChild(it.n)
	}
}

// spaceSpokenLabels sets apart from the text before it a label for
// screen readers only (spokenClass) that it runs into: "$34.99" then
// "<span class=sr-only>Original price: </span>$49.99" in the box beside
// it. A screen reader says the label as a phrase of its own, and the
// boxes the page draws set the values apart; the Markdown would run them
// into one word, "$34.99Original price:". A label the text before it
// already leaves a space for, or that begins with neither a letter nor a
// digit, is left as it is.
func spaceSpokenLabels(content []*html.Node) {
	var labels []*html.Node
	last := byte(' ') // the last byte of the text read so far
	for _, root := range content {
		walk(root, func(c *html.Node) bool {
			switch {
			case c.Type == html.TextNode:
				if t := c.Data; t != "" {
					last = t[len(t)-1]
				}
			case c.Type == html.ElementNode && spokenClass(c):
				if !isHTMLSpace(last) && startsWord(c) {
					labels = append(labels, c)
				}
				// Not into it: a label inside a label is said with it.
				last = ' '
				return false
			case c.Type == html.ElementNode && isBlockName(c.DataAtom):
				last = ' '
			}
			return true
		})
	}
	setApart(labels)
}

// setApart puts a space before each of nodes, found by a walk that
// changes nothing under it: the passes that set text apart share it.
func setApart(nodes []*html.Node) {
	for _, n := range nodes {
		n.Parent.InsertBefore(&html.Node{Type: html.TextNode, Data: " "}, n)
	}
}

// startsWord reports whether n's text begins with a letter or a digit.
func startsWord(n *html.Node) bool {
	var r rune
	found := false
	walk(n, func(c *html.Node) bool {
		if found {
			return false
		}
		if c.Type == html.TextNode {
			if t := strings.TrimLeft(c.Data, " \t\n\r\f"); t != "" {
				r, _ = utf8.DecodeRuneInString(t)
				found = true
			}
		}
		return !found
	})
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// headingRank is the rank of an h1 to h6, 1 to 6, or 0.
func headingRank(n *html.Node) int {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return int(n.Data[1] - '0')
	}
	return 0
}

// isSpoken reports whether all of n's text is for screen readers only:
// n, or the elements holding each of its words, has a class that keeps
// it off the screen (sr-only, h-sr-only, visually-hidden,
// u-visuallyhidden, screen-reader-text, clipped).
func isSpoken(n *html.Node) bool {
	if spokenClass(n) {
		return true
	}
	spoken := true
	for c := n.FirstChild; c != nil && spoken; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			spoken = strings.TrimSpace(c.Data) == ""
		case html.ElementNode:
			spoken = c.DataAtom != atom.Img && (!hasRenderable(c) || isSpoken(c))
		}
	}
	return spoken
}

// spokenClass reports whether one of n's classes keeps it off the screen
// for screen readers: one of spokenWords, or a framework's prefixed or
// hashed form of one ("h-sr-only", "utilities_visuallyhidden__5vJWI").
func spokenClass(n *html.Node) bool {
	class := getAttr(n, "class")
	if !maySpeak(class) {
		return false
	}
	for c := range strings.FieldsSeq(strings.ToLower(class)) {
		switch {
		case spokenWords[c], strings.HasSuffix(c, "-sr-only"),
			strings.Contains(c, "visually-hidden"), strings.Contains(c, "visuallyhidden"),
			strings.Contains(c, "screen-reader"):
			return true
		}
	}
	return false
}

// maySpeak reports whether class, a class list, may hold a class
// spokenClass reports: each of those holds, once lowercased, "clipped",
// "sr-only", "visually" or "screen-reader" (a word of spokenWords,
// "-sr-only" or one of its substrings); a non-ASCII list is left to
// spokenClass. Every element of the content is asked, and most classes
// hold none: the list is read once, a needle compared only where its
// first letter is, with nothing lowercased nor split.
func maySpeak(class string) bool {
	for i := 0; i < len(class); i++ {
		c := class[i]
		if c >= utf8.RuneSelf {
			return true
		}
		switch c | 0x20 { // ASCII letters lowercased; no other byte becomes c, s or v
		case 'c':
			if hasFoldAt(class, i, "clipped") {
				return true
			}
		case 's':
			if hasFoldAt(class, i, "sr-only") || hasFoldAt(class, i, "screen-reader") {
				return true
			}
		case 'v':
			if hasFoldAt(class, i, "visually") {
				return true
			}
		}
	}
	return false
}

// hasFoldAt reports whether s holds needle, lowercase ASCII, at i,
// ASCII letters compared without case.
func hasFoldAt(s string, i int, needle string) bool {
	return len(s)-i >= len(needle) && equalFoldASCII(s[i:], needle)
}

// holdsSpokenHeading reports whether a heading of the content is for
// screen readers only (isSpoken).
func holdsSpokenHeading(content []*html.Node) bool {
	found := false
	for _, root := range content {
		walk(root, func(c *html.Node) bool {
			switch {
			case found:
				return false
			case headingRank(c) > 0:
				found = isSpoken(c)
				return false
			}
			return true
		})
	}
	return found
}

// spaceGappedBoxes sets apart from the text before it an inline element
// that the page draws apart by a margin or padding utility class, when
// its text would run into that text: "$49.99" then <span class="ml-3">
// Save $15</span>, Bootstrap's "ms-2", Tachyons' "mr2" on the element
// before, or a flex container's "gap-2" or "space-x-2" between its
// items. The Markdown would write "$49.99Save", one word; the page shows
// two. A class of no gap ("ml-0", "-ml-2", "mx-auto") says nothing.
func spaceGappedBoxes(content []*html.Node) {
	var boxes []*html.Node
	last := byte(' ') // the last byte of the text read so far
	for _, root := range content {
		walk(root, func(c *html.Node) bool {
			switch {
			case c.Type == html.TextNode:
				if !isHTMLSpace(last) && startsWordText(c.Data) && gappedAfter(c.PrevSibling) {
					boxes = append(boxes, c)
				}
				if t := c.Data; t != "" {
					last = t[len(t)-1]
				}
			case c.Type != html.ElementNode:
			case isBlockName(c.DataAtom) || c.DataAtom == atom.Br:
				last = ' '
			case !isHTMLSpace(last) && gappedBefore(c) && startsWordSoon(c):
				boxes = append(boxes, c)
			}
			return true
		})
	}
	setApart(boxes)
}

// gappedBefore reports whether a class draws a gap before n: its own
// start margin or padding, the end one of the element before it, or its
// parent's gap between items, n not the first.
func gappedBefore(n *html.Node) bool {
	if gapClass(n, gapStart) {
		return true
	}
	prev := n.PrevSibling
	for prev != nil && prev.Type == html.TextNode && strings.TrimSpace(prev.Data) == "" {
		prev = prev.PrevSibling
	}
	if prev == nil || prev.Type != html.ElementNode {
		return false
	}
	return gappedAfter(prev) || (n.Parent != nil && gapClass(n.Parent, gapBetween))
}

// gappedAfter reports whether n, an element, is drawn apart from the text
// after it: by its end margin or padding, or as a title ("<em
// class=title>G-SYNC</em>NVIDIA G-SYNC is…": a feature's name over its
// description, which the page's style sheet sets on a line of its own).
func gappedAfter(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode || isBlockName(n.DataAtom) {
		return false
	}
	// Most class lists spell no "title" in any case: they are not split.
	return gapClass(n, gapEnd) || containsFoldASCII(getAttr(n, "class"), "title") && nameHasWord(n, "class", "title")
}

// startsWordText reports whether t begins a word or a price: a letter, a
// digit or a currency sign ("$145").
func startsWordText(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Sc, r)
}

// The utility classes of a gap, by where they draw it: before the
// element's content (a start margin or padding: Tailwind's "ml-3", "ms-2",
// "px-1", Tachyons' "ml2"), after it, or between a container's items.
var (
	gapStart   = []string{"ml", "ms", "mx", "pl", "ps", "px"}
	gapEnd     = []string{"mr", "me", "mx", "pr", "pe", "px"}
	gapBetween = []string{"gap", "gap-x", "space-x"}
)

// gapClass reports whether one of n's classes, after any variant prefix
// ("md:", "hover:"), is one of prefixes, a hyphen or not, and a size
// beginning with a digit other than 0: "ml-3", "mr2-sm", "gap-x-1.5".
func gapClass(n *html.Node, prefixes []string) bool {
	class := namesRead(getAttr(n, "class"))
	// Every gap class has a digit other than 0; most class lists none,
	// and are not split.
	if !strings.ContainsAny(class, "123456789") {
		return false
	}
	for c := range strings.FieldsSeq(class) {
		if i := strings.LastIndexByte(c, ':'); i >= 0 {
			c = c[i+1:]
		}
		for _, p := range prefixes {
			rest, ok := strings.CutPrefix(c, p)
			if !ok {
				continue
			}
			rest = strings.TrimPrefix(rest, "-")
			if rest != "" && '1' <= rest[0] && rest[0] <= '9' {
				return true
			}
		}
	}
	return false
}

// maxLeadNodes bounds how many nodes startsWordSoon reads for an
// element's first text: nested boxes each asked would otherwise read
// the same chain down to it.
const maxLeadNodes = 16

// startsWordSoon reports whether n's text begins as startsWordText
// says, reading at most maxLeadNodes nodes: an element whose first text
// is further in reports false.
func startsWordSoon(n *html.Node) bool {
	lead := ""
	found, seen := false, 0
	walk(n, func(c *html.Node) bool {
		if found || seen >= maxLeadNodes {
			return false
		}
		seen++
		if c.Type == html.TextNode {
			if t := strings.TrimLeft(c.Data, " \t\n\r\f"); t != "" {
				lead, found = t, true
			}
		}
		return !found
	})
	return startsWordText(lead)
}
