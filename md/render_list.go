package md

import (
	"slices"
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
	if v, ok := intAttr(n, "start"); ok && ordered {
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
	bullet, delim := r.listMarkers()
	depth := len(r.frames)
	items := listItems(n)
	tight := true
	for _, li := range items {
		if isLooseItem(li) {
			tight = false
			break
		}
	}
	// An item with nothing in it (a share button's <li> once the button is
	// gone, a thumbnail whose image never loads) is a bare marker that
	// says nothing: in a bulleted list it is taken back once written, and
	// so is an ordered list of nothing but such items (elsewhere in an
	// ordered list it keeps the numbering).
	start := r.mark()
	written, said := 0, false
	afterEmpty := false
	for _, li := range items {
		if v, ok := intAttr(li, "value"); ok && ordered && li.DataAtom == atom.Li {
			num = v
		}
		marker := string(bullet) + " "
		if ordered {
			marker = strconv.Itoa(clampInt(num, 0, 999999999)) + string(delim) + " "
		}
		num++
		before := r.mark()
		if written > 0 && (tight || afterEmpty) {
			// An empty item is followed by the next one on the very next
			// line, loose list or not: goldmark ends a nested list at an
			// empty item followed by a blank line.
			r.sep = 1
		}
		r.pushFrame(frame{prefix: strings.Repeat(" ", len(marker)), marker: marker, tight: tight, looseNext: written > 0 && !tight,
			keepEmpty: r.emptyItemAllowed(written == 0)})
		r.itemContent(li)
		r.flushPara()
		empty := !r.frames[len(r.frames)-1].started
		markerOnly := r.popFrame()
		if empty && !ordered {
			r.rollback(before)
			continue
		}
		said = said || !empty
		afterEmpty = markerOnly
		written++
	}
	if !said {
		r.rollback(start)
		return
	}
	r.listEndAt, r.listEndDepth = r.out.Len(), depth
	r.listEndMarker, r.listEndStray = bullet, false
	if ordered {
		r.listEndMarker = delim
	}
	r.endBlock()
}

// outMark is the renderer's state at a point of the output, to take back
// what was written after it.
type outMark struct {
	out, sep                int
	top                     frame
	listEndAt, listEndDepth int
	listEndMarker           byte
	listEndStray            bool
	paraEndAt, paraEndFrame int
	// The frames under the top not started yet, from index unstartedAt:
	// a line written after the mark starts them (writing a list item's
	// marker), and taking the line back must give them back as they were.
	unstarted   []frame
	unstartedAt int
}

func (r *renderer) mark() outMark {
	top := len(r.frames) - 1
	m := outMark{out: r.out.Len(), sep: r.sep, top: r.frames[top], listEndAt: r.listEndAt, listEndDepth: r.listEndDepth,
		listEndMarker: r.listEndMarker, listEndStray: r.listEndStray, paraEndAt: r.paraEndAt, paraEndFrame: r.paraEndFrame}
	// A frame not started has none started inside it: the ones not
	// started are the last few, most often none.
	k := top
	for k > 0 && !r.frames[k-1].started {
		k--
	}
	if k < top {
		m.unstarted, m.unstartedAt = slices.Clone(r.frames[k:top]), k
	}
	return m
}

// rollback takes back the output written since m, in the frame m was
// taken in.
func (r *renderer) rollback(m outMark) {
	r.out.Truncate(m.out)
	r.sep, r.frames[len(r.frames)-1] = m.sep, m.top
	copy(r.frames[m.unstartedAt:], m.unstarted)
	r.listEndAt, r.listEndDepth, r.listEndMarker, r.listEndStray = m.listEndAt, m.listEndDepth, m.listEndMarker, m.listEndStray
	r.paraEndAt, r.paraEndFrame = m.paraEndAt, m.paraEndFrame
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
// Stray items side by side are one list, written as the same items in a
// <ul> would be (goldmark renders them as one): tight, one line apart,
// unless one of them is loose (see isLooseItem).
func (r *renderer) looseItem(n *html.Node) {
	if r.flat > 0 || !r.roomFor("  ") {
		r.block(n)
		return
	}
	r.flushPara()
	bullet, _ := r.listMarkers()
	continues := r.listEndStray && r.listEndAt == r.out.Len() && r.listEndDepth == len(r.frames)
	if continues {
		bullet = r.listEndMarker // stray items side by side are one list
	}
	// The first item of a run of stray neighbours decides for the run,
	// walking it once; the others take its word.
	tight := r.strayTight
	if strayNeighbour(n, prevSibling) == nil {
		tight = strayRunTight(n)
	}
	start, sep := r.out.Len(), r.sep
	if continues && tight {
		r.sep = 1
	}
	r.pushFrame(frame{prefix: "  ", marker: string(bullet) + " ", tight: tight})
	r.children(n)
	r.popFrame()
	r.strayTight = tight // stray items inside this one decided for theirs
	if r.out.Len() == start {
		r.sep = sep // an empty item leaves the separation as it was
	} else {
		// Like a list of one item: a list right after it is another.
		r.listEndAt, r.listEndDepth = r.out.Len(), len(r.frames)
		r.listEndMarker, r.listEndStray = bullet, true
	}
}

// strayRunTight reports whether the stray <li> n and the stray ones after
// it, side by side, are all tight items.
func strayRunTight(n *html.Node) bool {
	for c := n; c != nil; c = strayNeighbour(c, nextSibling) {
		if isLooseItem(c) {
			return false
		}
	}
	return true
}

// listMarkers returns the bullet and the ordered delimiter for a list
// starting here: "-" and ".", or "*" and ")" when the last list in the
// same frame ended right here, so that the two stay two lists.
func (r *renderer) listMarkers() (bullet, delim byte) {
	bullet, delim = '-', '.'
	if r.listEndAt == r.out.Len() && r.listEndDepth == len(r.frames) && r.listEndAt > 0 {
		if r.listEndMarker == '-' {
			bullet = '*'
		}
		if r.listEndMarker == '.' {
			delim = ')'
		}
	}
	return bullet, delim
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
			} else if hasText(c) || hasImage(c) {
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

func prevSibling(n *html.Node) *html.Node { return n.PrevSibling }
func nextSibling(n *html.Node) *html.Node { return n.NextSibling }

// strayNeighbour returns the <li> right beside the <li> n, outside any
// list, in the direction next goes (with nothing but space between), or
// nil.
func strayNeighbour(n *html.Node, next func(*html.Node) *html.Node) *html.Node {
	c := next(n)
	for c != nil && c.Type == html.TextNode && strings.TrimSpace(c.Data) == "" {
		c = next(c)
	}
	if c != nil && c.DataAtom == atom.Li {
		return c
	}
	return nil
}

// isLooseItem reports whether an item holds a paragraph, or several blocks
// that would read as one paragraph without a blank line between them
// (quotes, code, lists and rules interrupt a paragraph; these do not), or
// blocks that need blank lines to keep apart (see needsBlankLines).
func isLooseItem(li *html.Node) bool {
	if li.DataAtom != atom.Li && !isWrapperItem(li) {
		return false
	}
	if needsBlankLines(li) {
		return true
	}
	blocks := 0
	for c := li.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.P:
			// (An empty one writes nothing, no paragraph to keep apart.)
			if hasText(c) || hasImage(c) {
				return true
			}
		case atom.Div, atom.Section, atom.Article, atom.Main, atom.Header, atom.Footer,
			atom.Address, atom.Center, atom.Figure, atom.Figcaption, atom.Form, atom.Fieldset,
			atom.Details, atom.Table, atom.Dl, atom.Aside, atom.Nav:
			if hasText(c) && !blocksOnly(c) {
				blocks++
			}
		}
	}
	return blocks > 1
}

// blocksOnly reports whether n holds only blocks that interrupt a
// paragraph and end their own (headings, lists, quotes, code, rules),
// perhaps in wrappers: no paragraph of its own, which a blank line would
// keep apart from one beside it (a <div> holding a heading and another a
// list, as in a card of credits). Text after a list in it is
// needsBlankLines's concern. Lists and the blocks are not looked into.
func blocksOnly(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			if strings.TrimSpace(c.Data) != "" {
				return false
			}
			continue
		case html.ElementNode:
		default:
			continue
		}
		switch c.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol,
			atom.Menu, atom.Dir, atom.Blockquote, atom.Pre, atom.Listing, atom.Xmp, atom.Hr:
		case atom.Div, atom.Section, atom.Article, atom.Main, atom.Header, atom.Footer,
			atom.Aside, atom.Nav:
			if !blocksOnly(c) {
				return false
			}
		default:
			if hasText(c) || hasImage(c) {
				return false
			}
		}
	}
	return true
}

// isWrapperItem reports whether n, taken for an item by listItems though
// not an <li>, is a wrapper whose children are the item's content, as an
// <li>'s are (a <p> too, as before); otherwise n is the item's only block
// (a <ul> there is a list in the item, whose <p>s are its own items'), or
// text.
func isWrapperItem(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir, atom.Blockquote, atom.Table,
		atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext, atom.Hr,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return false
	}
	return n.Type == html.ElementNode
}

// needsBlankLines reports whether n's blocks need blank lines to keep
// apart, which a tight item does not write between them: an ordered list
// whose first number is not 1 cannot interrupt the text before it, and
// text right after a list, a quote or a table would continue it (as a lazy
// line of the last item's or the quote's paragraph, or a row of the
// table). Lists, quotes and tables are not looked into: their own items
// and blocks are theirs.
func needsBlankLines(n *html.Node) bool {
	text, after := false, false
	var visit func(n *html.Node) bool
	visit = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.DataAtom {
			case atom.Ul, atom.Ol, atom.Menu, atom.Dir, atom.Li, atom.Blockquote, atom.Table:
				// (An <li> here is outside any list: a list of its own.)
				if !hasText(c) {
					continue
				}
				if c.DataAtom == atom.Ol && text && firstNumber(c) != 1 {
					return true
				}
				text, after = true, true
				continue
			case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext, atom.Hr,
				atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				// Blocks that interrupt a paragraph, and end what is
				// before them; no paragraph of theirs continues.
				text, after = false, false
				continue
			}
			switch c.Type {
			case html.TextNode:
				if strings.TrimSpace(c.Data) != "" {
					if after {
						return true
					}
					text = true
				}
			case html.ElementNode:
				if c.DataAtom == atom.Img && collapseSpace(getAttr(c, "alt")) != "" {
					// Written as an image, as text is (see image).
					if after {
						return true
					}
					text = true
					continue
				}
				if flattened(c) {
					// Text whatever it holds: a heading in a link is
					// the link's text, and ends nothing before it.
					if hasText(c) || hasImage(c) {
						if after {
							return true
						}
						text = true
					}
					continue
				}
				if visit(c) {
					return true
				}
			}
		}
		return false
	}
	return visit(n)
}

// flattened reports whether n is written inline whatever it holds, its
// blocks only separating its text: a link (see link) or a <q>.
func flattened(n *html.Node) bool {
	switch n.DataAtom {
	case atom.A:
		_, ok := attrOK(n, "href")
		return ok
	case atom.Q:
		return true
	}
	return false
}

// hasText reports whether n holds text other than whitespace.
func hasText(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" || hasText(c) {
			return true
		}
	}
	return false
}

// firstNumber is the number an ordered list writes on its first item.
func firstNumber(ol *html.Node) int {
	num := 1
	if v, ok := intAttr(ol, "start"); ok {
		num = v
	}
	for c := ol.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Li {
			if v, ok := intAttr(c, "value"); ok {
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
