package md

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// sepKind is the separation owed between two pieces of inline content.
type sepKind uint8

const (
	sepNone  sepKind = iota
	sepSpace         // collapsed whitespace: one space
	sepBlock         // a block boundary inside flattened content
)

// Classes of the bytes of inline content.
const (
	bSyntax   byte = iota // written by the renderer, or verbatim
	bText                 // from the page's text: escaped where it would change meaning
	bLinkText             // page text in link text: brackets always escaped too
	bForce                // page text where every ASCII punctuation is escaped
)

// classRun says that the bytes up to end (from the previous run's end)
// have class c. Classes change rarely, so runs cost far less than a class
// per byte.
type classRun struct {
	end int
	c   byte
}

// inline is the inline content of a paragraph (or of a link text, an
// emphasis, a table cell) being gathered.
type inline struct {
	b      []byte
	runs   []classRun  // the classes of b's bytes
	delims []delimPair // the emphasis delimiters written, checked at the end

	owed sepKind // separation owed before the next content
	lead sepKind // separation that came before any content
	brk  bool    // ends with a hard break
	// paraStart: a paragraph of a tight item ended, and the next starts
	// here (see endPara): invisible spaces of the page's text are dropped
	// until something else is written, as trimmed drops them at a
	// paragraph's start.
	paraStart bool
	linkEnd   bool   // ends with a link, nothing after it
	flatSep   string // what sepBlock writes: " ", or "<br>" in table cells
	before    rune   // what precedes the content: the opening syntax around it
}

func (p *inline) empty() bool { return len(p.b) == 0 }

func (p *inline) reset() {
	p.b, p.runs, p.delims = p.b[:0], p.runs[:0], p.delims[:0]
	p.owed, p.lead, p.brk, p.linkEnd, p.paraStart = sepNone, sepNone, false, false, false
}

func (p *inline) endsWithBreak() bool { return p.brk }

// owe records separation before whatever comes next. Whitespace right
// after a line break shows nothing (a browser drops it at the start of
// the line) and is not owed: owed, it would come out as a space after
// the syntax that closes around the break ("[a<br>\n](u)b", where the
// source's line break is what goldmark writes after a <br>).
func (p *inline) owe(k sepKind) {
	if p.brk && k == sepSpace {
		return
	}
	if len(p.b) == 0 {
		p.lead = max(p.lead, k)
		return
	}
	p.owed = max(p.owed, k)
}

// pay writes the separation owed, now that content follows.
func (p *inline) pay() {
	if p.owed == sepNone {
		return
	}
	if len(p.b) > 0 && !p.brk {
		if p.owed == sepBlock && p.flatSep != "" {
			p.put(p.flatSep, bSyntax)
		} else {
			// A space is text: it keeps the runs of text long.
			p.b = append(p.b, ' ')
			p.mark(p.lastClass())
			p.linkEnd = false
		}
	}
	p.owed = sepNone
}

// put appends s with class c.
func (p *inline) put(s string, c byte) {
	p.b = append(p.b, s...)
	p.mark(c)
	p.brk, p.linkEnd, p.paraStart = false, false, false
}

// mark gives class c to the bytes appended since the last run ended.
func (p *inline) mark(c byte) {
	if n := len(p.runs); n > 0 && p.runs[n-1].c == c {
		p.runs[n-1].end = len(p.b)
		return
	}
	p.runs = append(p.runs, classRun{len(p.b), c})
}

// lastClass is the class of the last byte, or bText at the start.
func (p *inline) lastClass() byte {
	if n := len(p.runs); n > 0 {
		return p.runs[n-1].c
	}
	return bText
}

// classAt returns the class of b[i].
func (p *inline) classAt(i int) byte {
	lo, hi := 0, len(p.runs)
	for lo < hi {
		m := (lo + hi) / 2
		if p.runs[m].end <= i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(p.runs) {
		return bSyntax
	}
	return p.runs[lo].c
}

// syntax writes Markdown syntax.
func (p *inline) syntax(s string) {
	p.pay()
	p.put(s, bSyntax)
}

// raw writes Markdown verbatim (a text marker's, a handler's).
func (p *inline) raw(s string) {
	if s == "" {
		return
	}
	p.pay()
	p.put(s, bSyntax)
}

// text writes the page's text, collapsing whitespace as a browser does.
func (p *inline) text(s string) {
	p.textAs(s, bText)
}

func (p *inline) textAs(s string, class byte) {
	for i := 0; i < len(s); {
		if spaceByte(s[i]) {
			// A run of whitespace (a page's indentation) owes one space.
			p.owe(sepSpace)
			i++
			for i < len(s) && spaceByte(s[i]) {
				i++
			}
			continue
		}
		j := i + 1
		for j < len(s) && !spaceByte(s[j]) {
			j++
		}
		word := dropUnseen(s[i:j])
		if p.paraStart {
			word = trimBlankRunes(word)
		}
		if word != "" {
			p.pay()
			p.put(word, class)
			// The words that follow, each after one space and without a
			// control character, are written at once: word by word, each
			// space would be owed, then paid as a byte of this class.
			k := j
			for k+1 < len(s) && s[k] == ' ' && plainAt(s, k+1) {
				k += 2
				for k < len(s) && plainAt(s, k) {
					k++
				}
			}
			if k > j {
				p.b = append(p.b, s[j:k]...)
				p.mark(class)
				j = k
			}
		}
		i = j
	}
}

// spaceByte is isHTMLSpace of a byte, a word's bytes told apart by one
// comparison: textAs reads every byte of the page's text.
func spaceByte(c byte) bool {
	return c <= ' ' && isHTMLSpace(c)
}

// plainAt reports whether s[i] is written as it is in a word of text:
// neither whitespace, a control character nor the start of an unseen
// character (see dropUnseen).
func plainAt(s string, i int) bool {
	c := s[i]
	return c > ' ' && c != 0x7f && (c < 0xc2 || unseenLen(s, i) == 0)
}

// unseenLen is the length of the character at s[i] when it is one a
// browser shows as nothing, and 0 otherwise: a zero width space, a word
// joiner, a zero width no-break space (a byte order mark in the text) or a
// soft hyphen (seen only where a line breaks at it). In the Markdown they
// show nothing either, but cut for a reader the words they sit in
// ("B\ufeffest", "Donau\u00addampf"), and cost tokens. The zero width
// joiner and non-joiner are kept: they shape Persian words and emoji.
func unseenLen(s string, i int) int {
	switch s[i] {
	case 0xc2: // U+00AD
		if i+1 < len(s) && s[i+1] == 0xad {
			return 2
		}
	case 0xe2: // U+200B, U+2060
		if i+2 < len(s) && (s[i+1] == 0x80 && s[i+2] == 0x8b || s[i+1] == 0x81 && s[i+2] == 0xa0) {
			return 3
		}
	case 0xef: // U+FEFF
		if i+2 < len(s) && s[i+1] == 0xbb && s[i+2] == 0xbf {
			return 3
		}
	}
	return 0
}

// trimBlankRunes drops the invisible spaces (see isBlankRune) at the
// start of s.
func trimBlankRunes(s string) string {
	for s != "" {
		r, size := utf8.DecodeRuneInString(s)
		if !isBlankRune(r) {
			break
		}
		s = s[size:]
	}
	return s
}

// dropUnseen removes control characters, which show nothing and would
// let page text pose as Markdown structure, and the characters unseenLen
// finds.
func dropUnseen(s string) string {
	for i := 0; i < len(s); i++ {
		if !plainAt(s, i) {
			b := make([]byte, 0, len(s))
			b = append(b, s[:i]...)
			for i < len(s) {
				switch c := s[i]; {
				case c < 0x20 || c == 0x7f:
					i++
				case c >= 0xc2 && unseenLen(s, i) > 0:
					i += unseenLen(s, i)
				default:
					b = append(b, c)
					i++
				}
			}
			return string(b)
		}
	}
	return s
}

// dropCodeControls removes the control characters of code, link titles
// and TeX but tab, line feed and carriage return, the code's layout: the
// others (a form feed, an escape, U+007F) show nothing in a browser and
// are garbage for a reader, and in a <pre> just after a tag they make the
// HTML of the Markdown sniff as binary data.
func dropCodeControls(s string) string {
	isDropped := func(r rune) bool {
		return r < 0x80 && isDroppedControl(byte(r))
	}
	for i := 0; i < len(s); i++ {
		if isDropped(rune(s[i])) {
			return strings.Map(func(r rune) rune {
				if isDropped(r) {
					return -1
				}
				return r
			}, s)
		}
	}
	return s
}

// dropBlankLine takes back the current line when it holds nothing but
// spaces and invisible ones (a spacer "&nbsp;" between two <br>s, which a
// browser shows as an empty line) and reports whether it did. An
// emphasis delimiter on the line keeps it.
func (p *inline) dropBlankLine() bool {
	i := len(p.b)
	for i > 0 && p.b[i-1] != '\n' {
		if p.b[i-1] == ' ' {
			i--
			continue
		}
		r, size := utf8.DecodeLastRune(p.b[:i])
		if !isBlankRune(r) {
			return false
		}
		i -= size
	}
	if i == len(p.b) {
		return false // nothing to take back: the line is empty
	}
	// Delimiters are recorded as their emphasis closes, in the order of
	// their closing ones: the last is the only one that can be on the line.
	if n := len(p.delims); n > 0 && p.delims[n-1].close >= i {
		return false
	}
	p.truncate(i)
	p.owed, p.brk, p.linkEnd = sepNone, i > 0, false
	return true
}

// truncate drops the content from b[i] on, and the classes of its bytes.
func (p *inline) truncate(i int) {
	p.b = p.b[:i]
	// The first run that reaches past i, looked for from the end: what
	// is dropped is most often short, and a paragraph long (see endPara).
	k := len(p.runs)
	for k > 0 && p.runs[k-1].end > i {
		k--
	}
	if k < len(p.runs) && (k == 0 && i > 0 || k > 0 && p.runs[k-1].end < i) {
		p.runs[k].end = i // the run i falls in keeps its bytes before i
		k++
	}
	p.runs = p.runs[:k]
}

// hardBreak ends the line inside the paragraph.
func (p *inline) hardBreak() {
	p.owed = sepNone
	p.put(hardBreakSyntax, bSyntax)
	p.brk = true
}

// takeEndBreak drops the hard break that ends the content, if any, and
// reports whether it did: the content of an emphasis or a link text ends
// with a <br> inside it, which goes after the closing syntax.
func (p *inline) takeEndBreak() bool {
	if !p.brk || !bytes.HasSuffix(p.b, []byte(hardBreakSyntax)) {
		return false
	}
	p.truncate(len(p.b) - len(hardBreakSyntax))
	p.brk = false
	return true
}

// hardBreakSyntax is a hard line break: two spaces before the newline.
const hardBreakSyntax = "  \n"

// code writes a code span around s, with a fence longer than any run of
// backticks in it; nothing for an empty s (an empty <pre> in a table cell),
// which no code span can hold.
func (p *inline) code(s string) {
	s = dropCodeControls(s)
	if s == "" {
		return
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	// A reader strips one space at either end of a span that begins and
	// ends with one, unless it is all blank: all spaces for CommonMark;
	// all spaces, tabs and line breaks for goldmark (a form feed is not
	// blank to it). Content with a space at both ends gets a space of
	// padding each side, except blank content, which no pad keeps for
	// both readers and which is written as it is (as goldmark reads it;
	// CommonMark shows one space less each side of a tab).
	pad := ""
	if s[0] == '`' || s[len(s)-1] == '`' || (s[0] == ' ' && s[len(s)-1] == ' ' && strings.TrimLeft(s, " \t\n\r") != "") {
		pad = " "
	}
	if n := len(p.b); n > 0 && p.b[n-1] == '`' && p.classAt(n-1) == bSyntax {
		// Right after another code span, the two fences would be one run
		// of backticks, and the spans one span with the backticks inside
		// ("`a``b`"): a space keeps them two.
		p.owe(sepSpace)
	}
	p.syntax(fence + pad + s + pad + fence)
}

// appendInline appends gathered content q (with its classes) to p.
func (p *inline) appendInline(q *inline) {
	p.pay()
	base := len(p.b)
	p.b = append(p.b, q.b...)
	for _, r := range q.runs {
		if n := len(p.runs); n > 0 && p.runs[n-1].c == r.c {
			p.runs[n-1].end = base + r.end
		} else {
			p.runs = append(p.runs, classRun{base + r.end, r.c})
		}
	}
	for _, d := range q.delims {
		p.delims = append(p.delims, delimPair{open: base + d.open, close: base + d.close, n: d.n, c: d.c})
	}
	p.brk, p.linkEnd, p.paraStart = q.brk, q.linkEnd, false
}

// lastRune returns the rune the next content will follow: ' ' for a space
// owed, at the start of a paragraph or after a line break (all whitespace
// to emphasis), or the syntax that will open around the content.
func (p *inline) lastRune() rune {
	switch {
	case p.owed != sepNone || p.brk:
		return ' '
	case len(p.b) == 0 && p.before != 0:
		return p.before
	case len(p.b) == 0:
		return ' '
	}
	r, _ := utf8.DecodeLastRune(p.b)
	return r
}

// ---- the renderer's inline elements ----

// sub renders fn's content into a fresh inline buffer and returns it. The
// content is flattened: blocks inside it only separate their text. before
// is the syntax that will open around it, if any.
//
// The result's buffers are reused by later calls once it is handed back
// with release.
func (r *renderer) sub(flatSep string, before rune, fn func()) inline {
	saved := r.para
	r.para = inline{flatSep: flatSep, before: before}
	if n := len(r.spare); n > 0 {
		s := r.spare[n-1]
		r.spare = r.spare[:n-1]
		r.para.b, r.para.runs, r.para.delims = s.b[:0], s.runs[:0], s.delims[:0]
	}
	if flatSep == "" {
		r.para.flatSep = saved.flatSep
	}
	r.flat++
	fn()
	r.flat--
	got := r.para
	r.para = saved
	return got
}

// release hands back the buffers of q, a result of sub that is no longer
// read: every link, emphasis and table cell is written through one, and
// reusing them spares growing new ones each time. q is emptied.
func (r *renderer) release(q *inline) {
	r.spare = append(r.spare, inline{b: q.b, runs: q.runs, delims: q.delims})
	*q = inline{}
}

// text writes a text node's content.
func (r *renderer) text(s string) {
	r.para.text(s)
}

type emphasisKind int

const (
	emphasisEm emphasisKind = iota
	emphasisStrong
	emphasisDel
)

// maxInlineNesting is how deep emphasis, quotations, superscripts and
// subscripts, and the link texts, table cells and headings around them,
// nest before the innermost are written as their text alone. Each
// gathers its content apart before writing it into the one around it,
// so that content is copied and held once per level, and emphasis is
// checked once per enclosing emphasis: nested hundreds of levels deep
// around a megabyte of text, that would be hundreds of megabytes.
const maxInlineNesting = 8

// emphasis renders em/i, strong/b and del/s/strike.
func (r *renderer) emphasis(n *html.Node, kind emphasisKind) {
	if r.flat >= maxInlineNesting {
		r.children(n)
		return
	}
	if r.flat == 0 && r.containsBlock(n) {
		// Emphasis cannot span blocks; the blocks matter more.
		r.children(n)
		return
	}
	if r.sameEmphasis(n, kind) {
		// Written again, its delimiters would be noise ("**__Term__**").
		r.children(n)
		return
	}
	tag := r.emphasisTag(kind)
	defer func(outer atom.Atom) { *tag = outer }(*tag)
	*tag = n.DataAtom
	prev := r.para.lastRune()
	var delim string
	switch kind {
	case emphasisEm:
		delim = "*"
		if (r.emDepth > 0 || prev == '*') && !isWordRune(prev) {
			delim = "_"
		}
		r.emDepth++
		defer func() { r.emDepth-- }()
	case emphasisStrong:
		if r.heading != nil {
			// A heading is strong already.
			r.children(n)
			return
		}
		delim = "**"
		if (r.strongDepth > 0 || prev == '*') && !isWordRune(prev) {
			delim = "__"
		}
		r.strongDepth++
		defer func() { r.strongDepth-- }()
	case emphasisDel:
		delim = "~~"
	}
	r.emphasisContent(n, delim)
}

// emphasisTag is the field that holds the element of the innermost open
// emphasis of kind.
func (r *renderer) emphasisTag(kind emphasisKind) *atom.Atom {
	switch kind {
	case emphasisEm:
		return &r.emTag
	case emphasisStrong:
		return &r.strongTag
	}
	return &r.delTag
}

// sameEmphasis reports whether the emphasis n of kind, inside an emphasis
// of the same kind, shows as nothing more than the one around it: a <b>
// in a <strong>, a <strong> in a <b> or in a term written bold, an <i> in
// an <em>. Only a <strong> in a <strong> and an <em> in an <em> say more,
// as HTML defines them: each level nested raises the importance or the
// stress.
func (r *renderer) sameEmphasis(n *html.Node, kind emphasisKind) bool {
	outer := *r.emphasisTag(kind)
	if outer == 0 {
		return false
	}
	switch kind {
	case emphasisEm:
		return n.DataAtom != atom.Em || outer != atom.Em
	case emphasisStrong:
		return n.DataAtom != atom.Strong || outer != atom.Strong
	}
	return true
}

// boldContent writes n's content as strong emphasis, as a term or a
// summary is written: a <b> or <strong> inside adds nothing to it.
func (r *renderer) boldContent(n *html.Node) {
	defer func(outer atom.Atom) { r.strongTag = outer }(r.strongTag)
	r.strongTag = atom.B
	r.emphasisContent(n, "**")
}

// emphasisContent writes n's content between open and close. Whether
// CommonMark will read them as emphasis depends on what ends up around
// them, so they are checked once the paragraph is complete (see
// resolveEmphasis).
func (r *renderer) emphasisContent(n *html.Node, delim string) {
	// Links side by side get a space between them (see link), also when
	// emphasis opens or closes between them: the delimiters may yet be
	// left out (see resolveEmphasis), or a reader may not read them as
	// emphasis, and the links would then touch.
	linkBefore := r.para.linkEnd && r.para.owed == sepNone
	q := r.sub("", rune(delim[0]), func() {
		r.para.linkEnd = linkBefore
		r.children(n)
	})
	defer r.release(&q)
	r.para.owe(q.lead)
	if q.empty() {
		r.para.owe(q.owed)
		return
	}
	if q.blank() {
		// Nothing visible to emphasise (an editor's spacer,
		// "<em>&nbsp;</em>"): the spaces without the delimiters, so that
		// a paragraph of nothing else is blank and left out.
		r.para.appendInline(&q)
		r.para.owe(q.owed)
		return
	}
	// A line break at the end ("<b>Title<br></b> text") goes after the
	// closing delimiter: before it, the delimiter would start the next
	// line followed by a space, and close nothing.
	brk := q.takeEndBreak()
	if brk && q.blank() {
		r.para.hardBreak()
		return
	}
	r.para.pay()
	open := len(r.para.b)
	r.para.put(delim, bSyntax)
	r.para.appendInline(&q)
	r.para.delims = append(r.para.delims, delimPair{open: open, close: len(r.para.b), n: len(delim), c: delim[0]})
	r.para.put(delim, bSyntax)
	r.para.linkEnd = q.linkEnd
	if brk {
		r.para.hardBreak()
		return
	}
	r.para.owe(q.owed)
}

func isPunctRune(r rune) bool {
	if r < 0x80 {
		return asciiPunct(byte(r))
	}
	return unicode.IsPunct(r) || unicode.IsSymbol(r)
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func asciiPunct(c byte) bool {
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~')
}

// containsBlock reports whether n has a block element among its descendants.
func containsBlock(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool { return c != n && isBlockName(c.DataAtom) }) != nil
}

// containsBlock is containsBlock(n), remembering the elements between
// the block it found and n: inline elements nested around a block (a <b>
// in a <b>... around a <div>, after many spans) ask in turn, and each
// would otherwise read again the nodes before the block.
func (r *renderer) containsBlock(n *html.Node) bool {
	if r.aroundBlock[n] {
		return true
	}
	b := findFirst(n, func(c *html.Node) bool { return c != n && isBlockName(c.DataAtom) })
	if b == nil {
		return false
	}
	if r.aroundBlock == nil {
		r.aroundBlock = map[*html.Node]bool{}
	}
	clear(r.aroundBlock)
	for p := b.Parent; p != nil; p = p.Parent {
		r.aroundBlock[p] = true
		if p == n {
			break
		}
	}
	return true
}

// isBlockName reports whether elements named a start a block.
func isBlockName(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Section, atom.Article, atom.Main, atom.Header, atom.Footer,
		atom.Nav, atom.Aside, atom.Address, atom.Center, atom.Figure, atom.Figcaption,
		atom.Hgroup, atom.Search, atom.Fieldset, atom.Legend, atom.Form, atom.Body, atom.Html,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Li,
		atom.Menu, atom.Dir, atom.Blockquote, atom.Pre, atom.Listing, atom.Xmp, atom.Hr,
		atom.Table, atom.Caption, atom.Thead, atom.Tbody, atom.Tfoot, atom.Tr, atom.Td, atom.Th,
		atom.Dl, atom.Dt, atom.Dd, atom.Details, atom.Summary, atom.Dialog:
		return true
	}
	return false
}

// codeSpan renders <code>, <kbd>, <samp> and <tt> outside <pre>.
func (r *renderer) codeSpan(n *html.Node) {
	if r.flat == 0 && r.containsBlock(n) {
		r.children(n)
		return
	}
	if n.DataAtom == atom.Code && r.flat == 0 && r.heading == nil && standsAsBlock(n) {
		// Code a page lays out as a block of its own (Lean's Verso writes
		// <code class="hl lean block">): a code block, not a span.
		lang, title := codeInfo(n)
		text := brText(n)
		if nameHas(n, blockWords) || preStyled(n) {
			text = preText(n, nil)
		}
		if code := dedent(text); code != "" {
			r.fencedCode(code, lang, title)
		}
		return
	}
	// A <br> is a line break, a space in a span; so is the source's line
	// break, and those at either end, the source's layout around the
	// code, are spaces outside it.
	s := joinSourceLines(preText(n, nil))
	lead, trail := edgeBreak(n, false), edgeBreak(n, true)
	if lead {
		s = strings.TrimLeft(s, " \t")
	}
	if trail {
		s = strings.TrimRight(s, " \t")
	}
	if s == "" {
		return
	}
	if lead {
		r.para.owe(sepSpace)
	}
	r.para.code(s)
	if trail {
		r.para.owe(sepSpace)
	}
}

// joinSourceLines writes each run of whitespace holding a line break as
// one space: the layout of the page's source, which a browser shows as a
// space. Runs of spaces alone stay, as code may mean them.
func joinSourceLines(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		if c := s[i]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			sb.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r') {
			j++
		}
		if strings.ContainsAny(s[i:j], "\r\n") {
			sb.WriteByte(' ')
		} else {
			sb.WriteString(s[i:j])
		}
		i = j
	}
	return sb.String()
}

// edgeBreak reports whether the text at the start of code element n (at
// its end, when last) is whitespace holding a line break: the source's
// layout, not code.
func edgeBreak(n *html.Node, last bool) bool {
	c := n
	for c != nil && c.Type == html.ElementNode {
		c = edgeChild(c, last)
	}
	if c == nil || c.Type != html.TextNode {
		return false
	}
	t := c.Data
	if last {
		t = t[len(strings.TrimRight(t, " \t\r\n")):]
	} else {
		t = t[:len(t)-len(strings.TrimLeft(t, " \t\r\n"))]
	}
	return strings.ContainsAny(t, "\r\n")
}

// standsAsBlock reports whether a <code> outside a <pre> is laid out as a
// block: alone in a block (beside nothing but whitespace and blocks, or
// other code), and named a block, styled to keep its line breaks, or
// holding several lines broken by <br>. Only its first
// maxBlockSiblings siblings are read: a parent of thousands of code
// elements is not read again for each.
func standsAsBlock(n *html.Node) bool {
	p := n.Parent
	if p == nil || p.Type != html.ElementNode || !isBlockName(p.DataAtom) {
		return false
	}
	seen := 0
	for s := p.FirstChild; s != nil; s = s.NextSibling {
		if seen++; seen > maxBlockSiblings {
			return false
		}
		switch {
		case s == n, s.Type == html.CommentNode:
		case s.Type == html.TextNode:
			if strings.TrimSpace(s.Data) != "" {
				return false
			}
		case s.Type == html.ElementNode:
			if !isBlockName(s.DataAtom) && s.DataAtom != atom.Code {
				return false
			}
		}
	}
	if nameHas(n, blockWords) || preStyled(n) {
		return strings.TrimSpace(preText(n, nil)) != ""
	}
	// Unstyled, the source's line breaks are spaces: only a <br> breaks
	// a line.
	return strings.Contains(strings.TrimSpace(brText(n)), "\n")
}

// preStyled reports whether n's style keeps its text's line breaks
// (white-space: pre, pre-wrap, pre-line, break-spaces).
func preStyled(n *html.Node) bool {
	st := strings.ToLower(strings.ReplaceAll(getAttr(n, "style"), " ", ""))
	for _, v := range []string{"white-space:pre", "white-space:break-spaces"} {
		if strings.Contains(st, v) {
			return true
		}
	}
	return false
}

// brText is n's text as a browser lays it out without white-space
// styling: whitespace runs are one space, and a <br> breaks the line.
func brText(n *html.Node) string {
	var sb strings.Builder
	space := false
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				for _, r := range c.Data {
					if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
						space = true
						continue
					}
					if space && sb.Len() > 0 && !strings.HasSuffix(sb.String(), "\n") {
						sb.WriteByte(' ')
					}
					space = false
					sb.WriteRune(r)
				}
			case c.Type == html.ElementNode && c.DataAtom == atom.Br:
				sb.WriteByte('\n')
				space = false
			case c.Type == html.ElementNode && !isLineNumber(c):
				visit(c)
			}
		}
	}
	visit(n)
	return sb.String()
}

// maxBlockSiblings bounds the siblings standsAsBlock reads.
const maxBlockSiblings = 64

var blockWords = words("block")

// dedent trims a code block's blank lines at either end and the
// indentation all its lines share: the layout of the page's source around
// code that was not in a <pre>.
func dedent(code string) string {
	lines := strings.Split(strings.TrimRight(code, " \t\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		k := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || k < indent {
			indent = k
		}
	}
	for i, l := range lines {
		if len(l) >= indent && indent > 0 {
			lines[i] = l[indent:]
		} else {
			lines[i] = strings.TrimLeft(l, " \t")
		}
	}
	return strings.Join(lines, "\n")
}

// quote renders <q> between the quotation marks a browser shows.
func (r *renderer) quote(n *html.Node) {
	if r.flat >= maxInlineNesting {
		r.children(n)
		return
	}
	q := r.sub("", '"', func() { r.children(n) })
	defer r.release(&q)
	r.para.owe(q.lead)
	if q.empty() {
		return
	}
	r.para.syntax("\"")
	r.para.appendInline(&q)
	r.para.put("\"", bSyntax)
	r.para.owe(q.owed)
}

// script renders <sup> and <sub>. Their text is set apart by its size
// alone: written plainly right after a letter or digit it would join it,
// and 10<sup>6</sup> would read 106, e<sup>-x</sup> e-x, H<sub>2</sub>O
// H2O. There the tags stay, as the inline HTML GFM allows; elsewhere
// (after a space or a full stop) the text is enough, and so is a link's
// bracket: a footnote's "word[1](#fn1)" reads apart.
func (r *renderer) script(n *html.Node) {
	if r.flat >= maxInlineNesting {
		r.children(n)
		return
	}
	if r.flat == 0 && r.containsBlock(n) {
		r.children(n)
		return
	}
	// Links side by side get a space between them (see link), also when
	// one is a superscript's, as footnote marks are ("[a](u)[[1]](#1)").
	linkBefore := r.para.linkEnd && r.para.owed == sepNone
	q := r.sub("", 0, func() {
		r.para.linkEnd = linkBefore
		r.children(n)
	})
	defer r.release(&q)
	r.para.owe(q.lead)
	if q.empty() {
		r.para.owe(q.owed)
		return
	}
	link := (q.b[0] == '[' || q.b[0] == '!') && q.classAt(0) == bSyntax
	last := r.para.lastRune()
	if !isWordRune(last) || link || q.blank() || !joinsWord(q.b, last) {
		r.para.appendInline(&q)
		r.para.owe(q.owed)
		return
	}
	r.para.syntax("<" + n.DataAtom.String() + ">")
	r.para.appendInline(&q)
	r.para.put("</"+n.DataAtom.String()+">", bSyntax)
	r.para.owe(q.owed)
}

// joinsWord reports whether a superscript's or subscript's Markdown b,
// written bare after the rune last (a letter or digit), would read as
// part of that word: digits or letters do ("10<sup>6</sup>" would read
// 106), but not symbols alone ("Brand®", "Na+", "note†"), nor an English
// ordinal's suffix after a digit ("1st").
func joinsWord(b []byte, last rune) bool {
	if unicode.IsDigit(last) && len(b) == 2 {
		switch c0, c1 := b[0]|0x20, b[1]|0x20; {
		case c0 == 's' && c1 == 't', c0 == 'n' && c1 == 'd', c0 == 'r' && c1 == 'd', c0 == 't' && c1 == 'h':
			return false
		}
	}
	for _, r := range string(b) {
		if isWordRune(r) {
			return true
		}
	}
	return false
}

// checkbox renders a task list item's checkbox; other inputs show nothing
// (forms are rewritten before rendering).
func (r *renderer) checkbox(n *html.Node) {
	if !isTaskCheckbox(n) || !r.para.empty() {
		return
	}
	top := r.frames[len(r.frames)-1]
	if top.marker == "" {
		return
	}
	if _, checked := attrOK(n, "checked"); checked {
		r.para.syntax("[x]")
	} else {
		r.para.syntax("[ ]")
	}
	r.para.owe(sepSpace)
}
