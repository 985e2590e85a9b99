package md

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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
	// By index: a copy of each attribute, three strings, is not made for
	// the key's sake. Every rule asks, of most elements of the page.
	for i := range n.Attr {
		if a := &n.Attr[i]; a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// lowerIn reports whether strings.ToLower(s) is one of set. A short
// ASCII s, a class or a word, is lowercased in a buffer on the stack.
func lowerIn(s string, set map[string]bool) bool {
	var buf [64]byte
	if len(s) > len(buf) {
		return set[strings.ToLower(s)]
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return set[strings.ToLower(s)]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return set[string(buf[:len(s)])]
}

// containsFoldASCII reports whether s holds sub, lowercase ASCII, in
// any case of its ASCII letters.
func containsFoldASCII(s, sub string) bool {
	if sub == "" {
		return true
	}
	// The first byte is compared inline: most places differ there.
	first, upper := sub[0], sub[0]
	if 'a' <= first && first <= 'z' {
		upper -= 'a' - 'A'
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		if c := s[i]; c != first && c != upper {
			continue
		}
		if equalFoldASCII(s[i+1:i+len(sub)], sub[1:]) {
			return true
		}
	}
	return false
}

// hasPrefixFoldASCII reports whether s begins with prefix, lowercase
// ASCII, in any case of its ASCII letters, as strings.ToLower(s) would
// without copying s.
func hasPrefixFoldASCII(s, prefix string) bool {
	return len(s) >= len(prefix) && equalFoldASCII(s[:len(prefix)], prefix)
}

// hasSuffixFoldASCII reports whether s ends with suffix, lowercase
// ASCII, in any case of its ASCII letters.
func hasSuffixFoldASCII(s, suffix string) bool {
	return len(s) >= len(suffix) && equalFoldASCII(s[len(s)-len(suffix):], suffix)
}

// equalFoldASCII reports whether s is lower, lowercase ASCII of the
// same length, in any case of its ASCII letters.
func equalFoldASCII(s, lower string) bool {
	for j := 0; j < len(lower); j++ {
		c := s[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[j] {
			return false
		}
	}
	return true
}

// classIn reports whether one of n's classes, lowercased, is one of set.
func classIn(n *html.Node, set map[string]bool) bool {
	for c := range strings.FieldsSeq(getAttr(n, "class")) {
		if lowerIn(c, set) {
			return true
		}
	}
	return false
}

// fieldCount is the number of fields strings.Fields finds in s, counted
// up to most+1.
func fieldCount(s string, most int) int {
	n := 0
	for range strings.FieldsSeq(s) {
		if n++; n > most {
			break
		}
	}
	return n
}

// intAttr returns the integer n's attribute key says, spaces around it
// trimmed, and whether it says one. Most lists and cells have no start,
// value or span: an absent attribute is not parsed, which would build an
// error for each.
func intAttr(n *html.Node, key string) (int, bool) {
	s := strings.TrimSpace(getAttr(n, key))
	if s == "" {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// hasToken reports whether the space-separated list s contains tok,
// ignoring ASCII case.
func hasToken(s, tok string) bool {
	if len(s) < len(tok) {
		// Most lists asked are empty (no role); only ASCII folds to
		// ASCII in as few bytes.
		return false
	}
	for f := range strings.FieldsSeq(s) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}

// textContent is the concatenated text of n's descendants, each block
// under n (isBlockName) set apart by a space before and after it, as a
// reader sees its words: the items of a list ("<li>Piccolo</li><li>Espresso</li>")
// are two words, not one. Inline elements join their text as it is.
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
			if isBlockName(c.DataAtom) {
				sb.WriteByte(' ')
				appendText(sb, c)
				sb.WriteByte(' ')
			} else {
				appendText(sb, c)
			}
		}
	}
}

// collapseSpace trims s and turns each run of HTML whitespace into one space.
// Most values it is given (alt texts, titles, labels) are so already, and
// are returned as they are.
func collapseSpace(s string) string {
	return collapse(s, false)
}

// collapse is collapseSpace(s), lowercased if lower asks, as collapser
// writes it. Most strings it is given (alt texts, titles, the lowercase
// words of a text node) are so already, and are returned as they are;
// others are built with one allocation.
func collapse(s string, lower bool) string {
	s = strings.TrimLeft(s, " \t\n\r\f") // the collapser drops it
	if s == "" || isCollapsed(s, lower) {
		return s
	}
	c := collapser{lower: lower}
	c.sb.Grow(len(s))
	c.write(s)
	return c.sb.String()
}

// isCollapsed reports whether collapse(s, lower) is s: no space at either
// end, no HTML whitespace but single spaces, valid UTF-8 (the collapser
// writes a broken byte as U+FFFD), and, if lower asks, ASCII without
// capitals.
func isCollapsed(s string, lower bool) bool {
	space := true // a space here would lead the text
	for i := 0; i < len(s); {
		b := s[i]
		if b >= utf8.RuneSelf {
			if lower {
				return false
			}
			if r, size := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 {
				return false
			} else {
				i += size
			}
			space = false
			continue
		}
		i++
		switch {
		case isHTMLSpace(b):
			if b != ' ' || space {
				return false
			}
			space = true
			continue
		case lower && 'A' <= b && b <= 'Z':
			return false
		}
		space = false
	}
	return !space
}

// lowerTextUpTo appends to buf, empty, n's text as textUpTo reads it,
// with its runs of space collapsed and lowercased as collapser{lower:
// true} writes it, and reports whether it read it whole. Short texts read
// only to be looked up in a list of phrases are built in a buffer on the
// caller's stack: every link on a page asks whether it is a cart's
// control.
func lowerTextUpTo(buf []byte, n *html.Node, limit int) ([]byte, bool) {
	space := false
	whole := readTexts(n, limit, spaceBytes*limit, func(s string) { buf, space = appendLower(buf, space, s) })
	return buf, whole
}

// appendLower appends s to b as collapser{lower: true} writes it, with
// space, whether a run of space is pending, carried from the text before
// it and to the text after it.
func appendLower(b []byte, space bool, s string) ([]byte, bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if isHTMLSpace(c) {
			i++
			space = len(b) > 0
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			b = utf8.AppendRune(b, unicode.ToLower(r))
			continue
		}
		i++
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b, space
}

// collapsedText is collapseSpace(textContent(n)), lowercased if lower
// asks, built in one pass: the scoring stage reads the text of many
// small parts. size is a guess of its length in bytes.
func collapsedText(n *html.Node, lower bool, size int) string {
	c := collapser{lower: lower}
	c.sb.Grow(size)
	if n.Type == html.TextNode {
		c.write(n.Data)
	} else {
		c.writeNode(n)
	}
	return c.sb.String()
}

// textUpTo returns n's text, as textContent sets blocks apart, and
// whether it is whole: reading stops as textsUpTo's does, except that
// spaces are not counted against limit. Its callers ask whether a part
// says a few words ("Add to cart"), which the indentation of deep markup
// around them must not hide. Spaces are read up to spaceBytes times
// limit, so that the reading stays bounded.
func textUpTo(n *html.Node, limit int) (string, bool) {
	var sb strings.Builder
	whole := readTexts(n, limit, spaceBytes*limit, func(s string) { sb.WriteString(s) })
	return sb.String(), whole
}

// spaceBytes is how many bytes of text, spaces included, textUpTo reads
// per byte of its limit.
const spaceBytes = 16

// textsUpTo calls f with the text nodes under n, in document order, and a
// space before and after each block (as textContent), until the nodes read
// and the bytes of their text are more than limit, and reports whether it
// read them all (a text node that would pass limit is not given to f; the
// spaces around blocks are not counted).
func textsUpTo(n *html.Node, limit int, f func(string)) bool {
	return readTexts(n, limit, -1, f)
}

// nonSpaceLen is the number of bytes of s that are not HTML spaces.
func nonSpaceLen(s string) int {
	size := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f':
		default:
			size++
		}
	}
	return size
}

// readTexts is textsUpTo; with rawLimit 0 or more, spaces are not counted
// against limit, and reading stops when the bytes of text, spaces
// included, are more than rawLimit.
func readTexts(n *html.Node, limit, rawLimit int, f func(string)) bool {
	read, raw := 0, 0
	var visit func(n *html.Node) bool
	visit = func(n *html.Node) bool {
		for d := n.FirstChild; d != nil; d = d.NextSibling {
			if read++; read > limit {
				return false
			}
			switch d.Type {
			case html.TextNode:
				size := len(d.Data)
				if rawLimit >= 0 {
					if raw += size; raw > rawLimit {
						return false
					}
					size = nonSpaceLen(d.Data)
				}
				if read += size; read > limit {
					return false
				}
				f(d.Data)
			case html.ElementNode:
				block := isBlockName(d.DataAtom)
				if block {
					f(" ")
				}
				if !visit(d) {
					return false
				}
				if block {
					f(" ")
				}
			}
		}
		return true
	}
	return visit(n)
}

// collapsedLen is len(collapseSpace(textContent(n))) for an element n,
// counted without building the text, and read only until it passes limit:
// a result above limit says only that the text is longer than limit.
func collapsedLen(n *html.Node, limit int) int {
	size, space := 0, false
	var visit func(n *html.Node) bool
	visit = func(n *html.Node) bool {
		for d := n.FirstChild; d != nil; d = d.NextSibling {
			switch d.Type {
			case html.TextNode:
				for _, r := range d.Data {
					if isHTMLSpace(r) {
						space = size > 0
						continue
					}
					if space {
						size++
						space = false
					}
					size += utf8.RuneLen(r)
				}
				if size > limit {
					return false
				}
			case html.ElementNode:
				block := isBlockName(d.DataAtom)
				space = space || block && size > 0
				if !visit(d) {
					return false
				}
				space = space || block && size > 0
			}
		}
		return true
	}
	visit(n)
	return size
}

// collapser writes text with its runs of HTML whitespace turned into one
// space, none at the start or the end, and each character lowercased if
// lower asks.
type collapser struct {
	sb    strings.Builder
	space bool // whether a run of space is pending
	lower bool
}

// write adds s. ASCII, most of any text, is written byte by byte.
func (c *collapser) write(s string) {
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			i++
			if isHTMLSpace(b) {
				c.space = c.sb.Len() > 0
				continue
			}
			c.writeSpace()
			if c.lower && 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			c.sb.WriteByte(b)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		c.writeSpace()
		if c.lower {
			r = unicode.ToLower(r)
		}
		c.sb.WriteRune(r)
	}
}

// writeSpace writes the run of space pending, if any, as one space.
func (c *collapser) writeSpace() {
	if c.space {
		c.sb.WriteByte(' ')
		c.space = false
	}
}

// writeNode adds the text of n's descendants, each block set apart by
// space as textContent sets it.
func (c *collapser) writeNode(n *html.Node) {
	for d := n.FirstChild; d != nil; d = d.NextSibling {
		switch d.Type {
		case html.TextNode:
			c.write(d.Data)
		case html.ElementNode:
			block := isBlockName(d.DataAtom)
			c.space = c.space || block && c.sb.Len() > 0
			c.writeNode(d)
			c.space = c.space || block && c.sb.Len() > 0
		}
	}
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
// is true, in document order. It reads no further once it is found: a
// walk told not to go down would still call on every sibling left at
// every level it went down, a wide part's thousands of posts each time a
// rule asks whether one of them is of a kind.
func findFirst(n *html.Node, ok func(*html.Node) bool) *html.Node {
	if n.Type == html.ElementNode && ok(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if found := findFirst(c, ok); found != nil {
			return found
		}
	}
	return nil
}

// firstNonSpace is the first byte of s after its ASCII spaces, or
// utf8.RuneSelf when it is not ASCII, left to the caller's full reading;
// blank reports that s is nothing but ASCII spaces.
func firstNonSpace(s string) (b byte, blank bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\v', '\f', '\r':
		default:
			if s[i] >= utf8.RuneSelf {
				return utf8.RuneSelf, false
			}
			return s[i], false
		}
	}
	return utf8.RuneSelf, true
}

// firstTextByte is the first byte other than an HTML space of the text
// under n, in document order, and whether it was found within the first
// limit nodes and spaceBytes*limit bytes (textUpTo's bounds): a cheap
// look at how a short text begins before it is read whole.
func firstTextByte(n *html.Node, limit int) (byte, bool) {
	nodes, raw := 0, 0
	var visit func(c *html.Node) (byte, bool, bool)
	visit = func(c *html.Node) (b byte, found, stop bool) {
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			if nodes++; nodes > limit {
				return 0, false, true
			}
			switch d.Type {
			case html.TextNode:
				for i := 0; i < len(d.Data); i++ {
					if raw++; raw > spaceBytes*limit {
						return 0, false, true
					}
					if !isHTMLSpace(d.Data[i]) {
						return d.Data[i], true, true
					}
				}
			case html.ElementNode:
				if b, found, stop := visit(d); stop {
					return b, found, true
				}
			}
		}
		return 0, false, false
	}
	b, found, _ := visit(n)
	return b, found
}

// lowerByte is the ASCII byte b lowered.
func lowerByte(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}
