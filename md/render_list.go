package md

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// list renders <ul>, <ol> (with start and li value), <menu> and <dir>.
//
// A list is loose (blank lines between items) when an item holds a
// paragraph or several blocks, tight otherwise. A list right after another
// one in the same container switches its marker ("-" to "*", "." to ")"),
// which is how CommonMark tells two adjacent lists apart.
func (r *renderer) list(n *html.Node) {
	if r.flat > 0 {
		for _, li := range listItems(n) {
			r.para.owe(sepBlock)
			r.itemContent(li)
		}
		r.para.owe(sepBlock)
		return
	}
	r.flushPara()
	ordered := n.DataAtom == atom.Ol
	num := 1
	if v, err := strconv.Atoi(strings.TrimSpace(getAttr(n, "start"))); err == nil && ordered {
		num = v
	}
	if !r.roomFor(strings.Repeat(" ", len(strconv.Itoa(clampInt(num, 0, 999999999)))+2)) {
		// Nested too deep (see maxIndent): each item is a block.
		for _, li := range listItems(n) {
			r.itemContent(li)
			r.flushPara()
		}
		r.endBlock()
		return
	}
	bullet, delim := byte('-'), byte('.')
	depth := len(r.frames)
	if r.listEndAt == r.out.Len() && r.listEndDepth == depth && r.listEndAt > 0 {
		if r.listEndMarker == '-' {
			bullet = '*'
		}
		if r.listEndMarker == '.' {
			delim = ')'
		}
	}
	items := listItems(n)
	tight := true
	for _, li := range items {
		if isLooseItem(li) {
			tight = false
			break
		}
	}
	afterEmpty := false
	for i, li := range items {
		if v, err := strconv.Atoi(strings.TrimSpace(getAttr(li, "value"))); err == nil && ordered && li.DataAtom == atom.Li {
			num = v
		}
		marker := string(bullet) + " "
		if ordered {
			marker = strconv.Itoa(clampInt(num, 0, 999999999)) + string(delim) + " "
		}
		if i > 0 && (tight || afterEmpty) {
			// An empty item is followed by the next one on the very next
			// line, loose list or not: goldmark ends a nested list at an
			// empty item followed by a blank line.
			r.sep = 1
		}
		r.pushFrame(frame{prefix: strings.Repeat(" ", len(marker)), marker: marker, tight: tight, keepEmpty: r.emptyItemAllowed(i == 0)})
		r.itemContent(li)
		afterEmpty = r.popFrame()
		num++
	}
	r.listEndAt, r.listEndDepth = r.out.Len(), depth
	r.listEndMarker = bullet
	if ordered {
		r.listEndMarker = delim
	}
	r.endBlock()
}

// emptyItemAllowed reports whether an empty list item may be written as
// its marker alone: not as the first item right under a line of text in a
// tight item, where "text\n  -" would make that line a heading.
func (r *renderer) emptyItemAllowed(first bool) bool {
	parent := r.frames[len(r.frames)-1]
	return !first || !parent.tight || !parent.started
}

// itemContent renders an item: an <li>'s children, or the stray node
// listItems took for an item.
func (r *renderer) itemContent(item *html.Node) {
	if item.DataAtom == atom.Li {
		r.children(item)
		return
	}
	r.node(item)
}

// looseItem renders an <li> outside any list as a list item of its own; an
// empty one, which would only be a marker between blocks, writes nothing.
func (r *renderer) looseItem(n *html.Node) {
	if r.flat > 0 || !r.roomFor("  ") {
		r.block(n)
		return
	}
	r.flushPara()
	r.pushFrame(frame{prefix: "  ", marker: "- "})
	r.children(n)
	r.popFrame()
}

// listItems returns the items of a list: its <li> children, looking
// through wrappers around them, with anything else between items (invalid,
// but common) as an item of its own.
func listItems(n *html.Node) []*html.Node {
	var items []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.DataAtom == atom.Li:
			items = append(items, c)
		case c.Type == html.TextNode:
			if strings.TrimSpace(c.Data) != "" {
				items = append(items, c)
			}
		case c.Type == html.ElementNode:
			if hasChild(c, atom.Li) {
				items = append(items, listItems(c)...)
			} else if strings.TrimSpace(textContent(c)) != "" || hasImage(c) {
				items = append(items, c)
			}
		}
	}
	return items
}

func hasChild(n *html.Node, a atom.Atom) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == a {
			return true
		}
	}
	return false
}

// isLooseItem reports whether an item holds a paragraph, or several blocks
// that would read as one paragraph without a blank line between them
// (quotes, code, lists and rules interrupt a paragraph; these do not, nor
// does an ordered list numbered from other than 1).
func isLooseItem(li *html.Node) bool {
	if hasLateOrderedList(li) {
		return true
	}
	blocks := 0
	for c := li.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.P:
			return true
		case atom.Div, atom.Section, atom.Article, atom.Main, atom.Header, atom.Footer,
			atom.Address, atom.Center, atom.Figure, atom.Figcaption, atom.Form, atom.Fieldset,
			atom.Details, atom.Table, atom.Dl, atom.Aside, atom.Nav:
			if strings.TrimSpace(textContent(c)) != "" {
				blocks++
			}
		}
	}
	return blocks > 1
}

// hasLateOrderedList reports whether n holds, after some text, an ordered
// list whose first number is not 1 (lists in lists are their own items').
// CommonMark lets no such list interrupt a paragraph: on the line after
// the text, as a tight item writes it, it would read as more text.
func hasLateOrderedList(n *html.Node) bool {
	text := false
	var visit func(n *html.Node, inList bool) bool
	visit = func(n *html.Node, inList bool) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				text = text || strings.TrimSpace(c.Data) != ""
			case c.DataAtom == atom.Ol && text && !inList && firstNumber(c) != 1:
				return true
			case c.Type == html.ElementNode:
				nested := inList || c.DataAtom == atom.Ul || c.DataAtom == atom.Ol || c.DataAtom == atom.Menu || c.DataAtom == atom.Dir
				if visit(c, nested) {
					return true
				}
			}
		}
		return false
	}
	return visit(n, false)
}

// firstNumber is the number an ordered list writes on its first item.
func firstNumber(ol *html.Node) int {
	num := 1
	if v, err := strconv.Atoi(strings.TrimSpace(getAttr(ol, "start"))); err == nil {
		num = v
	}
	for c := ol.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Li {
			if v, err := strconv.Atoi(strings.TrimSpace(getAttr(c, "value"))); err == nil {
				num = v
			}
			break
		}
	}
	return clampInt(num, 0, 999999999)
}

func clampInt(v, lo, hi int) int {
	return min(max(v, lo), hi)
}
