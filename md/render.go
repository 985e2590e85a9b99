package md

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// renderOptions is what the renderer needs of the page and the caller.
type renderOptions struct {
	base     *url.URL // what links resolve against, or nil
	page     *url.URL // the page's own address, or nil
	handlers map[string]converter.HandleRenderFunc

	// The lengths of base and page written out, which resolving a link
	// against them costs (see resolve); render sets them.
	baseLen, pageLen int
	// origin is the base's scheme and host written out when it is an
	// http(s) address with a host, which a path from the root follows.
	origin string
}

// render writes nodes as GitHub-flavoured Markdown.
//
// The renderer is a single walk over the tree. Block elements end the
// paragraph being gathered and write whole lines through a stack of frames
// (blockquotes and list items, each adding its prefix to every line); inline
// content gathers into the paragraph, with every byte that came from the
// page's text marked, so that one pass at the end of the paragraph escapes
// exactly the characters that would otherwise change its meaning.
func render(nodes []*html.Node, opts renderOptions) ([]byte, error) {
	if opts.base != nil {
		opts.baseLen = len(opts.base.String())
		if b := opts.base; (b.Scheme == "http" || b.Scheme == "https") && b.Host != "" && b.Opaque == "" {
			o := url.URL{Scheme: b.Scheme, User: b.User, Host: b.Host}
			opts.origin = o.String()
		}
	}
	if opts.page != nil {
		opts.pageLen = len(opts.page.String())
	}
	r := &renderer{opts: opts, frames: []frame{{}}, allow: &allowance{spanCells: spanCellBudget, search: searchBudget, resolve: resolveAllowance, takenBack: takenBackAllowance}}
	if len(opts.handlers) > 0 {
		if err := r.dispatchThroughConverter(nodes); err != nil {
			return nil, err
		}
	} else {
		for _, n := range nodes {
			r.node(n)
		}
	}
	r.flushPara()
	return r.finish(), nil
}

// renderer holds the state of one rendering.
type renderer struct {
	opts   renderOptions
	out    bytes.Buffer
	frames []frame  // frames[0] is the document
	spare  []inline // buffers of sub's results handed back (release)
	sep    int      // owed before the next block: 1 a line break, 2 a blank line
	para   inline   // the paragraph being gathered
	buf    []byte   // scratch space for a paragraph's Markdown

	// aroundBlock holds the elements from the block containsBlock last
	// found up to the element it was asked about.
	aroundBlock map[*html.Node]bool

	// fragBase is what a link to a fragment of the base resolves to
	// before its "#", made by fragmentBase when first needed.
	fragBase string

	// flat > 0 while rendering inside an inline construct (link text,
	// emphasis, a table cell): block elements then only separate their
	// content with the paragraph's flatSep instead of starting lines.
	flat int

	emDepth, strongDepth int
	// emTag and strongTag are the elements of the innermost emphasis and
	// strong emphasis open (atom.B for a term or summary written bold),
	// 0 outside any: see sameEmphasis.
	emTag, strongTag, delTag atom.Atom
	linkDepth                int
	heading                  *html.Node // the heading being rendered, if any

	// listEnd is where the last list ended (out.Len() and frame depth), so
	// that an adjacent list can switch markers instead of merging; a stray
	// <li> counts as a list, which the next stray one goes on.
	listEndAt, listEndDepth int
	listEndMarker           byte
	listEndStray            bool
	// strayTight is whether the run of stray <li>s being written is tight
	// (see looseItem).
	strayTight bool
	// paraEnd is where the last paragraph ended (out.Len()) and in which
	// frame, so that one right after it in a tight item can keep apart.
	paraEndAt, paraEndFrame int
	opened                  int // frames opened so far, to tell them apart

	conv *converterBridge // set when Options.Handlers override elements

	allow *allowance // shared with the renderings handlers start
}

// allowance is what one rendering may still spend on work a hostile page
// can multiply. It is the page's, not each table's or paragraph's: a page
// of many small tables must not get a full allowance for each.
type allowance struct {
	spanCells int // empty cells the tables' spans may still add
	search    int // emphasis assignments the search may still try
	resolve   int // bytes that resolving relative links may still cost
	takenBack int // bytes of paragraphs written and taken back (see afterPara)
}

// frame is a block container that prefixes each of its lines.
type frame struct {
	prefix string // on every line but the first of a list item
	marker string // on the first line of a list item, until written
	tight  bool   // a tight list item: blocks in it are not separated by blank lines
	// looseNext is an item after the first of a loose list: the blank line
	// before it is its list's, written in a tight item too (a loose list
	// nested in one).
	looseNext bool
	started   bool // a line has been written in it
	sep       int  // the separation owed before it, written with its first line
	id        int  // which frame this is, of all opened (the document is 0)
	// keepEmpty writes the frame's marker even when it holds nothing (an
	// empty list item, an empty blockquote); false where that marker alone
	// would read as something else.
	keepEmpty bool
}

// finish returns the document: its lines, without the final newline.
func (r *renderer) finish() []byte {
	return bytes.TrimRight(r.out.Bytes(), "\n")
}

// ---- lines and frames ----

// beginBlock writes the separation owed before a new block in the current
// frame: nothing at its start, a blank line between blocks, only a line
// break between blocks of a tight list item.
func (r *renderer) beginBlock() {
	top := &r.frames[len(r.frames)-1]
	if top.started && r.sep >= 2 && !top.tight {
		r.blankLine()
	}
	r.sep = 0
}

// endBlock records that a block ended: the next one is owed a blank line.
func (r *renderer) endBlock() {
	r.sep = 2
}

// line writes one line with the frames' prefixes.
func (r *renderer) line(s string) {
	r.prefix()
	r.out.WriteString(s)
	r.out.WriteByte('\n')
}

func (r *renderer) lineBytes(s []byte) {
	r.prefix()
	r.out.Write(s)
	r.out.WriteByte('\n')
}

// prefix starts a line: each frame's prefix, or a list item's marker on
// its first line. A frame's first line is preceded by the separation owed
// before the frame; a frame that never gets a line leaves nothing.
func (r *renderer) prefix() {
	for k := 1; k < len(r.frames); k++ {
		f := &r.frames[k]
		if f.started {
			continue
		}
		parent := r.frames[k-1]
		if f.sep >= 2 && parent.started && (!parent.tight || f.looseNext) {
			start := r.out.Len()
			for _, p := range r.frames[:k] {
				r.out.WriteString(p.prefix)
			}
			trimmed := bytes.TrimRight(r.out.Bytes()[start:], " ")
			r.out.Truncate(start + len(trimmed))
			r.out.WriteByte('\n')
		}
		f.sep = 0
		break
	}
	for i := range r.frames {
		f := &r.frames[i]
		if f.marker != "" {
			r.out.WriteString(f.marker)
			f.marker = ""
		} else {
			r.out.WriteString(f.prefix)
		}
		f.started = true
	}
}

// blankLine writes an empty line: the frames' prefixes without their
// trailing spaces ("> " becomes ">", list indentation disappears).
func (r *renderer) blankLine() {
	start := r.out.Len()
	for i := range r.frames {
		r.out.WriteString(r.frames[i].prefix)
	}
	trimmed := bytes.TrimRight(r.out.Bytes()[start:], " ")
	r.out.Truncate(start + len(trimmed))
	r.out.WriteByte('\n')
}

// lines writes s, which may span several lines, as lines of the current frame.
func (r *renderer) lines(s string) {
	for {
		l, rest, more := strings.Cut(s, "\n")
		if l == "" && more {
			r.blankLineInBlock()
		} else {
			r.line(l)
		}
		if !more {
			return
		}
		s = rest
	}
}

// linesBytes is lines for a paragraph's Markdown, without copying it.
func (r *renderer) linesBytes(s []byte) {
	for {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			r.lineBytes(s)
			return
		}
		if i == 0 {
			r.blankLineInBlock()
		} else {
			r.lineBytes(s[:i])
		}
		s = s[i+1:]
	}
}

// blankLineInBlock writes an empty line inside a block (a code block's, say);
// it may be the first line of a frame, which then still needs its prefix.
func (r *renderer) blankLineInBlock() {
	if !r.frames[len(r.frames)-1].started {
		r.line("")
		return
	}
	r.blankLine()
}

// maxIndent bounds the prefix that blockquotes and list items put before
// each of their lines. Every line pays it, so without a bound a page of
// quotes nested hundreds deep around many short lines would give Markdown
// hundreds of times its size. A container that would go beyond it is
// written as blocks of the one around it.
const maxIndent = 64

// roomFor reports whether a container whose lines start with prefix fits
// inside the current frames within maxIndent.
func (r *renderer) roomFor(prefix string) bool {
	w := len(prefix)
	for _, f := range r.frames {
		w += len(f.prefix)
	}
	return w <= maxIndent
}

// pushFrame opens a blockquote or list item. The separation owed before it
// is written with its first line, so that an empty one leaves nothing.
func (r *renderer) pushFrame(f frame) {
	r.flushPara()
	f.sep = r.sep
	r.sep = 0
	r.opened++
	f.id = r.opened
	r.frames = append(r.frames, f)
}

// popFrame closes the innermost frame. An empty one (an empty list item, an
// empty blockquote) writes its marker alone, or, when it may not, nothing,
// leaving the separation as it was. It reports whether it wrote a marker
// alone.
func (r *renderer) popFrame() (markerOnly bool) {
	r.flushPara()
	f := &r.frames[len(r.frames)-1]
	if !f.started && f.keepEmpty {
		r.line("")
		r.trimLastLine()
		markerOnly = true
	}
	started, sep := f.started, f.sep
	r.frames = r.frames[:len(r.frames)-1]
	if started {
		r.endBlock()
	} else {
		r.sep = sep
	}
	return markerOnly
}

// trimLastLine drops trailing spaces from the line just written.
func (r *renderer) trimLastLine() {
	b := r.out.Bytes()
	end := len(b) - 1 // the newline
	i := end
	for i > 0 && b[i-1] == ' ' {
		i--
	}
	if i < end {
		r.out.Truncate(i)
		r.out.WriteByte('\n')
	}
}

// ---- dispatch ----

// node renders n and its subtree.
func (r *renderer) node(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		r.text(n.Data)
	case html.ElementNode:
		if r.conv != nil && r.conv.overrides(n) {
			r.conv.render(r, n)
			return
		}
		r.element(n)
	case html.DocumentNode:
		r.children(n)
	}
}

// children renders n's children.
func (r *renderer) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.node(c)
	}
}

// element renders an element by its name.
func (r *renderer) element(n *html.Node) {
	switch n.DataAtom {
	case atom.P, atom.Div, atom.Section, atom.Article, atom.Main, atom.Header, atom.Footer,
		atom.Nav, atom.Aside, atom.Address, atom.Center, atom.Figure, atom.Figcaption,
		atom.Hgroup, atom.Search, atom.Fieldset, atom.Legend, atom.Form, atom.Body, atom.Html,
		atom.Caption, atom.Dialog, atom.Dir, atom.Menu, atom.Tbody, atom.Thead, atom.Tfoot,
		atom.Tr, atom.Noscript, atom.Optgroup, atom.Option, atom.Frameset:
		if n.DataAtom == atom.Menu || n.DataAtom == atom.Dir {
			r.afterPara(n, r.list)
			return
		}
		r.block(n)
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		r.headingBlock(n)
	case atom.Ul, atom.Ol:
		r.afterPara(n, r.list)
	case atom.Li:
		r.afterPara(n, r.looseItem)
	case atom.Blockquote:
		r.afterPara(n, r.blockquote)
	case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext:
		r.codeBlock(n)
	case atom.Hr:
		r.rule()
	case atom.Table:
		r.afterPara(n, r.table)
	case atom.Td, atom.Th:
		r.block(n)
	case atom.Dl:
		r.afterPara(n, r.definitionList)
	case atom.Dt, atom.Dd:
		r.block(n)
	case atom.Details:
		r.details(n)
	case atom.Summary:
		r.afterPara(n, r.summary)
	case atom.Br:
		r.hardBreak()
	case atom.A:
		r.link(n)
	case atom.Img:
		r.image(n)
	case atom.Em, atom.I:
		r.emphasis(n, emphasisEm)
	case atom.Strong, atom.B:
		r.emphasis(n, emphasisStrong)
	case atom.Del, atom.S, atom.Strike:
		r.emphasis(n, emphasisDel)
	case atom.Code, atom.Kbd, atom.Samp, atom.Tt:
		r.codeSpan(n)
	case atom.Q:
		r.quote(n)
	case atom.Sup, atom.Sub:
		r.script(n)
	case atom.Ruby:
		r.ruby(n)
	case atom.Rp:
		// Shown only by browsers without ruby support: ruby writes the
		// parentheses.
	case atom.Input:
		r.checkbox(n)
	case atom.Wbr, atom.Col, atom.Colgroup, atom.Area, atom.Select, atom.Textarea:
		// Nothing to read.
	default:
		if n.Data == markers.Element || getAttr(n, markers.Attr) != "" {
			if m, ok := markers.Of(n); ok && m.Mode == markers.ModeText {
				r.textMarker(n, m)
				return
			}
		}
		r.children(n)
	}
}

// block renders a block container: its content starts and ends a paragraph.
func (r *renderer) block(n *html.Node) {
	if r.flat > 0 {
		r.para.owe(sepBlock)
		r.children(n)
		r.para.owe(sepBlock)
		return
	}
	r.endPara()
	r.children(n)
	r.endPara()
}

// ---- paragraphs ----

// endPara ends the paragraph being gathered, where another may follow
// right after it. In a tight list item the next paragraph is the same
// Markdown paragraph, after a hard break (the line break a browser shows
// there, "<li>a<div>b</div>"): what the escaping decides for a character
// depends on the whole Markdown paragraph (a "*" or "[" in one pairs with
// one in the other), so the content stays gathered, ending with a hard
// break, and is escaped once with what follows when something else ends
// it (flushPara). Each paragraph is trimmed as flushPara trims one, its
// end here and its start as it is gathered (see inline.paraStart), so
// that a blank one writes nothing. This costs what it trims, not the
// length of what is gathered: an item of thousands of blocks is escaped
// once, in one pass.
func (r *renderer) endPara() {
	top := r.frames[len(r.frames)-1]
	if r.flat > 0 || !top.tight {
		r.flushPara()
		return
	}
	end := r.para.trimmedEnd()
	if end == 0 {
		r.flushPara() // blank: nothing to write
		return
	}
	r.para.truncate(end)
	r.para.hardBreak()
	r.para.paraStart = true
}

// flushPara writes the paragraph gathered so far, if it has content.
func (r *renderer) flushPara() {
	if r.flat > 0 || r.para.blank() {
		r.para.reset()
		return
	}
	top := r.frames[len(r.frames)-1]
	ctx := escapeContext{itemStart: top.marker != "", search: &r.allow.search}
	if top.tight && r.paraEndAt == r.out.Len() && r.paraEndFrame == top.id && r.paraEndAt > 0 {
		// Two paragraphs in a row in a tight item would be read as one,
		// their line break as a space ("<li>a<div>b</div>"): the first
		// ends with a hard break, the line break a browser shows there.
		r.out.Truncate(r.out.Len() - 1)
		r.out.WriteString("  \n")
	}
	r.beginBlock()
	if len(r.frames) == 1 {
		// At the top level lines have no prefix: write in place.
		r.out.Grow(len(r.para.b) + len(r.para.b)/8 + 1)
		mark := r.out.Len()
		md := r.para.appendEscaped(r.out.AvailableBuffer(), ctx)
		r.out.Write(md)
		if r.out.Len() > mark {
			r.out.WriteByte('\n')
			r.frames[0].started = true
		}
	} else {
		r.buf = r.para.appendEscaped(r.buf[:0], ctx)
		if len(r.buf) > 0 {
			r.linesBytes(r.buf)
		}
	}
	r.para.reset()
	r.paraEndAt, r.paraEndFrame = r.out.Len(), top.id
	r.endBlock()
}

// takenBackAllowance is how many bytes of paragraphs afterPara may write
// and take back on a page: a hostile page of many empty lists between the
// texts of one tight item would otherwise have the paragraph gathered so
// far, ever longer, written again for each. Once it is spent, a block that
// writes nothing leaves the paragraph before it written.
const takenBackAllowance = 4 << 20

// afterPara renders the block n with block, which writes the paragraph
// gathered before it, then its own lines. In a tight list item, where a
// block that writes nothing (a list of empty items, an empty <dl>) is as
// if it were not there, the paragraph before it and the one after it are
// one Markdown paragraph, a hard break between them, escaped together (see
// endPara): written on its own, the first one's text could pair with the
// second one's syntax ("*x" then "<b>1.</b>" gave "*x  \n**1.**", read
// back as emphasis). So a copy of the paragraph is written, and when the
// block writes nothing the copy is taken back and the paragraph goes on
// gathering as after any other block. Whether a block writes something is
// known only once it is rendered (a list's empty items are taken back).
func (r *renderer) afterPara(n *html.Node, block func(*html.Node)) {
	top := r.frames[len(r.frames)-1]
	if r.flat > 0 || !top.tight || r.para.blank() || len(r.para.b) > r.allow.takenBack {
		block(n)
		return
	}
	m := r.mark()
	held := r.para
	r.para = r.clone(&held)
	r.flushPara()
	written := r.out.Len()
	block(n)
	if r.out.Len() != written || !r.para.empty() {
		r.release(&held)
		return
	}
	r.allow.takenBack -= len(held.b)
	r.rollback(m)
	r.release(&r.para)
	r.para = held
	r.endPara()
}

// clone returns a copy of p in buffers handed back before (see release).
func (r *renderer) clone(p *inline) inline {
	q := *p
	q.b, q.runs, q.delims = nil, nil, nil
	if n := len(r.spare); n > 0 {
		s := r.spare[n-1]
		r.spare = r.spare[:n-1]
		q.b, q.runs, q.delims = s.b[:0], s.runs[:0], s.delims[:0]
	}
	q.b = append(q.b, p.b...)
	q.runs = append(q.runs, p.runs...)
	q.delims = append(q.delims, p.delims...)
	return q
}

// hardBreak is <br>: a line break inside the paragraph; a second one in a
// row ends the paragraph, as the blank line it shows.
func (r *renderer) hardBreak() {
	switch {
	case r.heading != nil:
		r.para.owe(sepSpace)
	case r.para.flatSep == "<br>":
		// In a table cell: a line break between the cell's lines, none
		// before the first or after the last, where a browser shows none.
		r.para.owe(sepBlock)
	case r.para.empty():
	case r.para.endsWithBreak(), r.para.dropBlankLine():
		// A line of no-break spaces only is as empty as no line.
		if r.flat == 0 {
			r.endPara()
		}
	default:
		r.para.hardBreak()
	}
}

// ---- blocks ----

// headingBlock renders h1-h6 as an ATX heading on one line.
func (r *renderer) headingBlock(n *html.Node) {
	if r.flat > 0 || r.heading != nil {
		r.block(n)
		return
	}
	// The heading is gathered apart from the paragraph before it: one
	// that writes nothing (an empty <h3>) leaves that paragraph to go on
	// as after any other block, escaped with the next one in a tight item
	// (see endPara) rather than written on its own.
	r.endPara()
	level := int(n.Data[1] - '0')
	r.heading = n
	// A heading is one line: blocks inside it (a <div> around its text,
	// a <p> from an editor) only separate their text, as in a table cell.
	q := r.sub("", 0, func() { r.children(n) })
	defer r.release(&q)
	r.heading = nil
	if q.blank() {
		return
	}
	r.flushPara()
	itemStart := r.frames[len(r.frames)-1].marker != ""
	s := q.escaped(escapeContext{heading: true, itemStart: itemStart, search: &r.allow.search})
	if s == "" {
		return
	}
	r.beginBlock()
	r.line(strings.Repeat("#", level) + " " + s)
	r.endBlock()
}

func (r *renderer) blockquote(n *html.Node) {
	if r.flat > 0 || !r.roomFor("> ") {
		r.block(n)
		return
	}
	r.pushFrame(frame{prefix: "> ", keepEmpty: true})
	r.children(n)
	r.popFrame()
}

// rule is <hr>. In a tight list item there is no blank line before it, and
// "---" under a line of text would make that line a heading; at the start
// of the Markdown, "---" would open frontmatter for the tools that read it.
// On a list item's first line the rule must not repeat the item's bullet:
// "- ---" and "* ***" are rules themselves, which end the list.
func (r *renderer) rule() {
	if r.flat > 0 {
		r.para.owe(sepBlock)
		return
	}
	r.flushPara()
	r.beginBlock()
	rule := "---"
	if r.frames[len(r.frames)-1].tight || (r.out.Len() == 0 && len(r.frames) == 1) {
		rule = "***"
	}
	for _, f := range r.frames {
		if f.marker != "" && f.marker[0] == rule[0] {
			// The other character: the line then mixes two, and is an
			// item holding a rule. "***" in a tight item is no heading's
			// underline either, since nothing precedes it in the item.
			if rule == "---" {
				rule = "***"
			} else {
				rule = "---"
			}
			break
		}
	}
	r.line(rule)
	r.endBlock()
}

// details renders its summary in bold, then its content.
func (r *renderer) details(n *html.Node) {
	r.block(n)
}

// summary is the bold first paragraph of its <details>.
func (r *renderer) summary(n *html.Node) {
	if r.flat > 0 {
		r.block(n)
		return
	}
	r.flushPara()
	r.boldContent(n)
	r.flushPara()
}

// definitionList renders each group of terms and definitions as
// "**term**: definition".
func (r *renderer) definitionList(n *html.Node) {
	if r.flat > 0 {
		r.block(n)
		return
	}
	r.flushPara()
	var terms []*html.Node
	defined := false
	var items []*html.Node
	collectDLItems(n, &items)
	for _, c := range items {
		switch c.DataAtom {
		case atom.Dt:
			if defined {
				terms, defined = nil, false
			}
			terms = append(terms, c)
		case atom.Dd:
			if len(terms) > 0 && !defined {
				// The whitespace around a term (a <dt> on its own lines)
				// is not the page's text between terms: the comma and the
				// colon follow the term, and one space follows them.
				for i, t := range terms {
					if i > 0 && !r.para.empty() {
						r.para.owed = sepNone
						r.para.syntax(",")
						r.para.owe(sepSpace)
					}
					r.boldContent(t)
				}
				if r.para.empty() {
					r.children(c)
				} else {
					r.para.owed = sepNone
					r.para.syntax(":")
					r.para.owe(sepSpace)
					r.children(c)
				}
				defined = true
			} else {
				r.children(c)
			}
			r.flushPara()
		}
	}
	if !defined {
		for _, t := range terms {
			r.boldContent(t)
			r.flushPara()
		}
	}
	r.flushPara()
}

// collectDLItems lists the dt and dd elements of a <dl>, looking through
// the <div> wrappers HTML allows around each group.
func collectDLItems(n *html.Node, items *[]*html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Dt, atom.Dd:
			*items = append(*items, c)
		case atom.Div:
			collectDLItems(c, items)
		}
	}
}

// codeBlock renders <pre> as a fenced code block: the language from a
// language-X (or lang-X) class or data-lang, else from a label inside the
// block (see codeLabels), else from a highlighter's wrapper; a title from
// data-title or a label; the labels and unnamed line numbers left out of
// the code (see gutterNumbers); and a fence longer than any run of
// backticks inside.
func (r *renderer) codeBlock(n *html.Node) {
	lang, title := codeInfo(n)
	labels := codeLabels(n)
	gutter := gutterNumbers(n)
	var skip map[*html.Node]bool
	if len(labels)+len(gutter) > 0 {
		skip = make(map[*html.Node]bool, len(labels)+len(gutter))
	}
	for _, g := range gutter {
		skip[g] = true
	}
	for _, l := range labels {
		skip[l.n] = true
		if lang == "" && l.lang != "" && !plainLangs[l.lang] {
			lang = l.lang
		}
		if title == "" {
			title = l.title
		}
	}
	if lang == "" {
		lang = wrapperLang(n, true)
	}
	r.fencedCode(preText(n, skip), lang, title)
}

// fencedCode writes code as a fenced code block with the info string of
// lang and title; in a flattened context (a table cell, a heading), as a
// code span set apart from the text around it.
func (r *renderer) fencedCode(code, lang, title string) {
	code = dropCodeControls(code)
	if r.flat > 0 {
		// A block: it separates its code from the text around it.
		r.para.owe(sepBlock)
		code = strings.TrimRight(code, "\n")
		if r.para.flatSep == "<br>" && r.heading == nil && strings.Contains(code, "\n") {
			// A table cell, whose lines are joined with <br>: a GFM cell
			// holds no line break, and a code span none either, so each
			// line is a code span of its own (its indentation kept),
			// between the cell's <br>s; blank lines go.
			for line := range strings.SplitSeq(code, "\n") {
				if line = strings.TrimRight(line, " \t"); line != "" {
					r.para.code(line)
					r.para.owe(sepBlock)
				}
			}
			return
		}
		r.para.code(strings.ReplaceAll(code, "\n", " "))
		r.para.owe(sepBlock)
		return
	}
	r.flushPara()
	code = strings.TrimSuffix(code, "\n")
	if r.inListItem() {
		// goldmark reads a line of only spaces and tabs in a list item as
		// a blank line, also inside a fence: the code says so itself.
		code = emptyBlankLines(code)
	}
	fence := strings.Repeat("`", max(3, longestRun(code, '`')+1))
	if strings.Contains(lang, "`") || strings.Contains(title, "`") {
		fence = strings.Repeat("~", max(3, longestRun(code, '~')+1))
	}
	info := lang
	if title != "" {
		if info == "" {
			info = "text"
		}
		info += " title=" + strconv.Quote(title)
	}
	r.beginBlock()
	r.line(fence + info)
	if code != "" {
		r.lines(code)
	}
	r.line(fence)
	r.endBlock()
}

// inListItem reports whether the block being written is in a list item
// (blockquotes prefix "> ", list items only spaces).
func (r *renderer) inListItem() bool {
	for _, f := range r.frames[1:] {
		if !strings.HasPrefix(f.prefix, ">") {
			return true
		}
	}
	return false
}

// emptyBlankLines returns s with its lines of only spaces and tabs
// emptied.
func emptyBlankLines(s string) string {
	var sb strings.Builder
	for line := range strings.SplitAfterSeq(s, "\n") {
		body := strings.TrimSuffix(line, "\n")
		if body != "" && strings.Trim(body, " \t") == "" {
			line = line[len(body):]
		}
		sb.WriteString(line)
	}
	return sb.String()
}

// preText is the text of a <pre>: highlighter markup leaves only its text,
// and <br> is a line break. A block inside (a <div> a line, as Expressive
// Code and line-number plugins write them, a table row) starts and ends a
// line, as a browser shows it; cells of a row stay on one line. The
// elements in skip, a block's labels and line numbers, are left out.
func preText(n *html.Node, skip map[*html.Node]bool) string {
	var sb strings.Builder
	newline := false // a block ended: the next text starts a line
	endLine := func() {
		if sb.Len() > 0 && !strings.HasSuffix(sb.String(), "\n") {
			sb.WriteByte('\n')
		}
		newline = false
	}
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				if c.Data == "" {
					continue
				}
				if newline && c.Data[0] != '\n' && c.Data[0] != '\r' {
					endLine()
				}
				// A line break right after a block ends its line: the
				// page's own, not a second one.
				newline = false
				sb.WriteString(c.Data)
			case html.ElementNode:
				if c.DataAtom == atom.Br {
					sb.WriteByte('\n')
					newline = false
					continue
				}
				if isLineNumber(c) || skip[c] {
					continue
				}
				block := isBlockName(c.DataAtom) && c.DataAtom != atom.Td && c.DataAtom != atom.Th
				if block {
					endLine()
				}
				visit(c)
				if block {
					newline = true
				}
			}
		}
	}
	visit(n)
	return strings.ReplaceAll(sb.String(), "\r\n", "\n")
}

// lineNumberClasses name a line's number in a code block, as words of a
// class (see nameParts): Pygments' "lineno", Chroma's "lnt",
// react-syntax-highlighter's "linenumber", highlight.js plugins' "hljs-ln-n".
var lineNumberClasses = words("lineno linenos linenumber linenumbers ln lnt gutter")

// isLineNumber reports whether n, inside a <pre>, is the number a
// highlighter writes before a line: digits alone, in an element named for
// it or that cannot be selected (so is not copied with the code). A
// prompt that cannot be selected ("$ ") is not one.
func isLineNumber(n *html.Node) bool {
	if !nameHas(n, lineNumberClasses) && !strings.Contains(strings.ReplaceAll(getAttr(n, "style"), " ", ""), "user-select:none") {
		return false
	}
	// A line number is short: a bounded look at its text.
	digits, budget := 0, 32
	var walk func(*html.Node) bool
	walk = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if budget--; budget < 0 {
				return false
			}
			switch c.Type {
			case html.TextNode:
				for _, r := range c.Data {
					switch {
					case r >= '0' && r <= '9':
						digits++
					case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0':
					default:
						return false
					}
				}
			case html.ElementNode:
				if !walk(c) {
					return false
				}
			}
		}
		return true
	}
	return walk(n) && digits > 0 && digits <= 9
}

// codeInfo reads the language and title of a code block.
func codeInfo(pre *html.Node) (lang, title string) {
	title = strings.TrimSpace(getAttr(pre, "data-title"))
	candidates := []*html.Node{pre}
	for c := pre.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Code {
			candidates = append([]*html.Node{c}, candidates...)
			break
		}
	}
	for _, c := range candidates {
		for cls := range strings.FieldsSeq(getAttr(c, "class")) {
			for _, p := range []string{"language-", "lang-"} {
				if len(cls) > len(p) && strings.EqualFold(cls[:len(p)], p) {
					return cls[len(p):], title
				}
			}
		}
		// Mintlify's Shiki writes the language as language="tsx".
		for _, a := range []string{"data-lang", "data-language", "language"} {
			if v := strings.TrimSpace(getAttr(c, a)); v != "" && !strings.ContainsAny(v, " \t\n") {
				return v, title
			}
		}
	}
	return "", title
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// textMarker writes a text marker's Markdown verbatim, inline or as its
// own block.
func (r *renderer) textMarker(n *html.Node, m markers.Marker) {
	if !m.Block || r.flat > 0 {
		r.para.raw(m.MD)
		return
	}
	r.flushPara()
	s := strings.Trim(m.MD, "\n")
	if strings.TrimSpace(s) == "" {
		return
	}
	r.beginBlock()
	r.lines(s)
	r.endBlock()
}
