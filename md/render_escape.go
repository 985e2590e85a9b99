package md

import (
	"bytes"
	"cmp"
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// escapeContext is where a piece of inline content will stand.
type escapeContext struct {
	itemStart bool // it starts a list item: "[ ] " there would be a task box
	heading   bool // it is an ATX heading's content
	table     bool // it is a table cell: every | is escaped

	// search is what the page has left for the emphasis search (see
	// resolveEmphasis), or nil for an allowance of its own.
	search *int
}

// escaped returns the content as Markdown; see appendEscaped.
func (p *inline) escaped(ctx escapeContext) string {
	var dst []byte
	if len(p.b) > 0 {
		// Room for the text and a few backslashes, made once: grown from
		// nothing, a heading's or a cell's text was copied several times.
		dst = make([]byte, 0, len(p.b)+len(p.b)/8+8)
	}
	return string(p.appendEscaped(dst, ctx))
}

// appendEscaped appends the content to dst as Markdown: syntax as written,
// and the page's text with a backslash before each character that would
// otherwise change the meaning (start emphasis, a link, a code span, an
// HTML tag, an entity, a list or a heading at the start of a line).
// Leading line breaks and trailing whitespace and line breaks are dropped.
func (p *inline) appendEscaped(dst []byte, ctx escapeContext) []byte {
	p.resolveEmphasis(ctx.search)
	b := p.b
	start, end := p.trimmed()
	if start >= end {
		return dst
	}
	// A text "[" needs escaping only when a "]" after it could make a link.
	// Each search below is skipped when a fast search of the bytes finds
	// no character it looks for.
	text := b[start:end]
	linkClose := -1
	if bytes.IndexByte(text, ']') >= 0 {
		for i := end - 2; i >= start; i-- {
			if b[i] == ']' && (b[i+1] == '(' || b[i+1] == '[') {
				linkClose = i
				break
			}
		}
	}
	// A text "$" that could open math (TeX between dollar signs, as the
	// Markdown writes math) needs escaping only when a "$" after it could
	// close it: one right after something other than whitespace and not
	// before a digit (Pandoc's rule, which keeps "$5 or $10" text).
	dollarClose := -1
	if bytes.IndexByte(text, '$') >= 0 {
		for i := end - 1; i > start; i-- {
			if b[i] == '$' && b[i-1] != ' ' && b[i-1] != '\n' && (i+1 >= end || !isASCIIDigit(b[i+1])) {
				dollarClose = i
				break
			}
		}
	}
	// Emphasis needs a pair, an opener before a closer: a * or _ or ~
	// with none to pair with stays as it is ("_ftn/_ftnref", two openers).
	firstOpen, lastClose := [3]int{-1, -1, -1}, [3]int{-1, -1, -1}
	runs := delimRuns{p: p, b: b[:end], start: start, lineStarts: !ctx.heading && !ctx.table}
	if bytes.IndexByte(text, '*') >= 0 || bytes.IndexByte(text, '_') >= 0 || bytes.IndexByte(text, '~') >= 0 {
		for i := start; i < end; i++ {
			if k := delimIndex(b[i]); k >= 0 {
				open, close := runs.flanks(i)
				if open && firstOpen[k] < 0 {
					firstOpen[k] = i
				}
				if close {
					lastClose[k] = i
				}
			}
		}
	}
	// A backtick run alone in the content opens no code span: no other run
	// could close it (an escaped backtick still closes one).
	loneTicks := false
	if k := bytes.IndexByte(text, '`'); k >= 0 {
		for k < len(text) && text[k] == '`' {
			k++
		}
		loneTicks = bytes.IndexByte(text[k:], '`') < 0
	}
	headingRun := -1
	if ctx.heading {
		headingRun = p.closingHashes(start, end)
	}
	e := escaper{b: b[:end], ctx: ctx, linkClose: linkClose, dollarClose: dollarClose, firstOpen: firstOpen, lastClose: lastClose,
		runs: runs, loneTicks: loneTicks}
	// A link whose text is one "x" or space starting a list item reads as
	// a task box to goldmark ("- [x](u)": a checked box, then "(u)"); a
	// character reference there keeps it a link and its text.
	taskText := -1
	if ctx.itemStart && end-start >= 3 && b[start] == '[' && b[start+2] == ']' &&
		p.classAt(start) == bSyntax && p.classAt(start+1) != bSyntax && p.classAt(start+2) == bSyntax {
		switch b[start+1] {
		case 'x', 'X', ' ', '\t':
			taskText = start + 1
		}
	}

	paired := p.pairedBrackets(start, end)
	ri := 0
	escapeAt := -1 // a later byte of this line that a line-start rule escapes
	for i := start; i < end; i++ {
		for p.runs[ri].end <= i {
			ri++
		}
		class := p.runs[ri].c
		c := b[i]
		if class != bSyntax && i > start && isASCIIDigit(c) && b[i-1] == '$' && p.classAt(i-1) == bSyntax {
			// A digit right after the "$" that closes math would keep it
			// from closing (Pandoc's rule, which keeps "$5 or $10" text):
			// a character reference says the digit and lets it close.
			dst = append(dst, "&#"...)
			dst = strconv.AppendInt(dst, int64(c), 10)
			dst = append(dst, ';')
			continue
		}
		if class != bSyntax && i > start && i != taskText && (ctx.heading || b[i-1] != '\n') && !asciiPunct(c) {
			// The page's text up to the next punctuation, line start or
			// end of its run needs no backslash: written at once.
			j, stop := i+1, min(p.runs[ri].end, end)
			for j < stop && !asciiPunct(b[j]) && (ctx.heading || b[j-1] != '\n') {
				j++
			}
			dst = append(dst, b[i:j]...)
			i = j - 1
			continue
		}
		if i == taskText {
			dst = append(dst, "&#"...)
			dst = strconv.AppendInt(dst, int64(c), 10)
			dst = append(dst, ';')
			continue
		}
		if class == bSyntax {
			if c == '|' && ctx.table && (i == 0 || b[i-1] != '\\') {
				dst = append(dst, '\\')
			}
			dst = append(dst, c)
			continue
		}
		// A heading's content and a table cell's are inline only: no
		// block starts in them.
		if !ctx.heading && !ctx.table && (i == start || b[i-1] == '\n') {
			escapeAt = -1
			if k := lineStartEscape(b[i:end], ctx.itemStart && i == start, i > start && !blankLineBefore(b, start, i)); k >= 0 {
				escapeAt = i + k
			}
		}
		if ctx.heading && ctx.itemStart && i == start && taskBox(b[i:end]) {
			// goldmark reads a task box at the start of a heading that
			// starts a list item too ("- ## [ ] a").
			escapeAt = i
		}
		if c < 0x80 && asciiPunct(c) {
			nextSyntax := i+1 < end && i+1 >= p.runs[ri].end && p.runs[ri+1].c == bSyntax
			keep := paired != nil && (c == '[' || c == ']') && paired[i-start]
			if i == escapeAt || i == headingRun || (!keep && e.needsEscape(i, class, nextSyntax)) {
				dst = append(dst, '\\')
			}
		}
		dst = append(dst, c)
	}
	return dst
}

// pairedBrackets marks, by offset from start, the page text's brackets
// that need no backslash because they pair up: a "[" and the "]" that
// closes it, with no bracket of the Markdown's own between them and no
// "(" or "[" right after the "]", or with a link between them (whose
// opening makes every "[" before it text). CommonMark reads such a pair as
// text, inside a link's text too ("[[1]](#cite-1)", a citation): a
// reference link needs a definition, and the Markdown writes none. Nil
// when there is no pair.
func (p *inline) pairedBrackets(start, end int) []bool {
	b := p.b
	// Brackets before the first "[" pair with nothing and change nothing.
	first := bytes.IndexByte(b[start:end], '[')
	if first < 0 {
		return nil
	}
	var paired []bool
	var open []int // the unclosed "[" of the page's text
	// open[:inactive] came before a link: CommonMark makes them text, and
	// the "]" that closes one too, whatever follows it ("[[edit](/e)]").
	inactive := 0
	linkBase := -1 // len(open) when the link being read opened, or -1
	reset := func() {
		open, inactive = open[:0], 0
		if linkBase >= 0 {
			linkBase = 0
		}
	}
	ri := 0
	for i := start + first; i < end; i++ {
		c := b[i]
		if c != '[' && c != ']' {
			continue
		}
		for p.runs[ri].end <= i {
			ri++
		}
		switch class := p.runs[ri].c; {
		case class == bForce:
			reset()
		case class == bSyntax:
			switch {
			case c == '[' && linkBase < 0 && p.opensLink(i, end):
				inactive, linkBase = len(open), len(open)
			case c == ']' && linkBase >= 0:
				// The link's text ends: its unclosed "[" stay escaped.
				open, linkBase = open[:linkBase], -1
				inactive = min(inactive, len(open))
			default:
				reset()
			}
		case c == '[':
			open = append(open, i)
		case len(open) > max(linkBase, 0):
			k := len(open) - 1
			o := open[k]
			open = open[:k]
			wasInactive := k < inactive
			inactive = min(inactive, len(open))
			if !wasInactive && i+1 < end && (b[i+1] == '(' || b[i+1] == '[') {
				// Not a pair: this "]" is written bare and would close
				// any "[" before it written bare.
				reset()
				continue
			}
			if paired == nil {
				paired = make([]bool, end-start)
			}
			paired[o-start], paired[i-start] = true, true
		}
	}
	return paired
}

// opensLink reports whether the "[" of the Markdown's own at b[i] opens a
// link: not an image's ("!["), and followed by the link's text. A link
// whose text starts with markup is not recognised, which only keeps some
// brackets escaped.
func (p *inline) opensLink(i, end int) bool {
	if i > 0 && p.b[i-1] == '!' && p.classAt(i-1) == bSyntax {
		return false
	}
	return i+1 < end && p.classAt(i+1) == bLinkText
}

// trimmed returns the bounds of the content without its leading line
// breaks and its trailing whitespace and line breaks, nor the invisible
// spaces of the page's text at either end (no-break spaces, zero-width
// joiners...): a spacer paragraph ("<p>&nbsp;</p>") is blank. (A space of
// the page's text is written only between two words, so one at an end was
// beside an invisible space.)
func (p *inline) trimmed() (start, end int) {
	b := p.b
	sep := p.trimSep()
	end = p.trimmedEnd()
	for start < end {
		switch {
		case b[start] == ' ', b[start] == '\n' && p.classAt(start) == bSyntax:
			start++
		case end-start >= len(sep) && p.isSep(start, start+len(sep), sep):
			start += len(sep)
		default:
			r, size := utf8.DecodeRune(b[start:end])
			if !isBlankRune(r) || p.classAt(start) == bSyntax {
				return start, end
			}
			start += size
		}
	}
	return start, end
}

// trimmedEnd is the end trimmed returns, found without walking the
// content from its start: 0 when the content is blank. It costs what it
// trims, which endPara relies on.
func (p *inline) trimmedEnd() int {
	b := p.b
	sep := p.trimSep()
	end := len(b)
	for end > 0 {
		switch {
		case b[end-1] == ' ', b[end-1] == '\n' && p.classAt(end-1) == bSyntax:
			end--
		case end >= len(sep) && p.isSep(end-len(sep), end, sep):
			end -= len(sep)
		default:
			r, size := utf8.DecodeLastRune(b[:end])
			if !isBlankRune(r) || p.classAt(end-1) == bSyntax {
				return end
			}
			end -= size
		}
	}
	return end
}

// trimSep is the separator between flattened blocks that trimmed drops at
// either end: a table cell's lines are joined by its flatSep, "<br>": one
// left at either end once an invisible space beside it is trimmed (a
// spacer "<div>&nbsp;</div>" under the cell's text) is a line break before
// or after nothing. None elsewhere.
func (p *inline) trimSep() string {
	if p.flatSep == " " {
		return ""
	}
	return p.flatSep
}

// isSep reports whether b[i:j] is the separator sep, written as syntax.
func (p *inline) isSep(i, j int, sep string) bool {
	return sep != "" && j-i == len(sep) && string(p.b[i:j]) == sep &&
		p.classAt(i) == bSyntax && p.classAt(j-1) == bSyntax
}

// isBlankRune reports whether r is a space a browser shows as nothing, or
// as one space that keeps a line: editors fill empty paragraphs with them.
func isBlankRune(r rune) bool {
	switch r {
	case '\u00a0', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff':
		return true
	}
	return false
}

// blank reports whether the content is empty once trimmed.
func (p *inline) blank() bool {
	start, end := p.trimmed()
	return start >= end
}

// escaper decides, for a byte of page text, whether it needs a backslash.
type escaper struct {
	b         []byte
	ctx       escapeContext
	linkClose int // the last "]" followed by "(" or "[", or -1
	// dollarClose is the last "$" that could close math, or -1.
	dollarClose int
	// The first *, _ and ~ that could open emphasis, the last that could
	// close it, or -1.
	firstOpen, lastClose [3]int
	runs                 delimRuns // asked in the paragraph's order
	loneTicks            bool      // the content has one backtick run
}

// needsEscape decides for the ASCII punctuation b[i] of page text with the
// given class; nextSyntax tells whether the byte after it is syntax.
func (e *escaper) needsEscape(i int, class byte, nextSyntax bool) bool {
	b, c := e.b, e.b[i]
	if class == bForce {
		return true
	}
	next := byte(0)
	if i+1 < len(b) {
		next = b[i+1]
	}
	switch c {
	case '\\':
		return next == 0 || next == '\n' || asciiPunct(next)
	case '`':
		return !e.loneTicks
	case '*', '_', '~':
		// A run pairs only with another run: "a***a" (a masked name) or a
		// line of stars has nothing to pair with and stays as it is.
		k := delimIndex(c)
		open, close := e.runs.flanks(i)
		return (open && e.lastClose[k] >= e.runs.to) || (close && e.firstOpen[k] >= 0 && e.firstOpen[k] < e.runs.from)
	case '[':
		return class == bLinkText || i < e.linkClose
	case ']':
		return class == bLinkText
	case '!':
		return next == '[' && nextSyntax
	case '<':
		// A tag, a comment, or an autolink (<https://x>, <a@b.c>): "<"
		// then no whitespace before the closing ">". Past a letter, "/",
		// "!" or "?" only an email address can follow, with its "@"
		// ("<>" and "<[" start nothing).
		if isASCIILetter(next) || next == '/' || next == '!' || next == '?' {
			return true
		}
		at := false
		for _, c := range b[i+1:] {
			switch {
			case c == '>':
				return at
			case c == '@':
				at = true
			case c == '<' || c <= ' ':
				return false
			}
		}
		return false
	case '&':
		return entityFollows(b[i+1:])
	case '|':
		return e.ctx.table
	case '$':
		// Page text between dollar signs would read as math to a reader
		// of the math the Markdown writes ("costs $5 or $10"); the opening
		// one is escaped, unless nothing could close it.
		return next != 0 && next != ' ' && next != '\n' && i < e.dollarClose
	}
	return false
}

// delimIndex numbers the emphasis delimiters *, _ and ~, or returns -1.
func delimIndex(c byte) int {
	switch c {
	case '*':
		return 0
	case '_':
		return 1
	case '~':
		return 2
	}
	return -1
}

// delimRuns tells whether the delimiters of a paragraph's Markdown could
// open and close emphasis, measuring a run of them at a time. Asked in
// the paragraph's order, it measures each run once.
type delimRuns struct {
	p          *inline
	b          []byte // the paragraph's content, up to its trimmed end
	start      int    // where the content starts, once trimmed
	lineStarts bool   // the rules for what starts a line apply
	from, to   int    // the run measured last, b[from:to]
	open, shut bool   // what it could do
}

// flanks reports whether the delimiter b[i] could open and whether it
// could close emphasis: left- and right-flanking as CommonMark defines it
// (with the stricter rule for _ inside words), for the run of the same
// character it is in. A run of the page's text alone ("extract**," a
// footnote's mark, "$250+**") is escaped whole or not at all, since all of
// it answers the same, so it stays the run it is: between a letter and a
// comma it can only close. A run holding delimiters of the Markdown's own,
// or starting a line (whose first one a rule for line starts may escape
// alone, leaving the rest a run that can close), could do both.
func (d *delimRuns) flanks(i int) (open, close bool) {
	if i >= d.from && i < d.to {
		return d.open, d.shut
	}
	b, c := d.b, d.b[i]
	from, to := i, i+1
	for from > 0 && b[from-1] == c {
		from--
	}
	for to < len(b) && b[to] == c {
		to++
	}
	d.from, d.to = from, to
	d.open, d.shut = true, true
	if to-from == 1 || d.textRun(from, to) {
		prev := ' ' // what is trimmed before the start is not written
		if from > d.start {
			prev = runeBefore(b, from)
		}
		d.open, d.shut = flanking(c, prev, runeAfter(b, to))
	}
	return d.open, d.shut
}

// textRun reports whether b[from:to] is page text alone, escaped as the
// rest of its paragraph, and does not start a line where the rules for
// line starts apply.
func (d *delimRuns) textRun(from, to int) bool {
	if d.lineStarts && (from <= d.start || d.b[from-1] == '\n') {
		return false
	}
	runs := d.p.runs
	k, _ := slices.BinarySearchFunc(runs, from, func(r classRun, i int) int { return cmp.Compare(r.end, i+1) })
	for ; k < len(runs); k++ {
		if runs[k].c == bSyntax || runs[k].c == bForce {
			return false
		}
		if runs[k].end >= to {
			break
		}
	}
	return true
}

// flanking reports whether a run of the delimiter c between prev and next
// could open and whether it could close emphasis.
func flanking(c byte, prev, next rune) (open, close bool) {
	left := !unicode.IsSpace(next) && (!isPunctRune(next) || unicode.IsSpace(prev) || isPunctRune(prev))
	right := !unicode.IsSpace(prev) && (!isPunctRune(prev) || unicode.IsSpace(next) || isPunctRune(next))
	if c == '_' {
		return left && (!right || isPunctRune(prev)), right && (!left || isPunctRune(next))
	}
	return left, right
}

// runeBefore is the rune before b[i], or a space at a line's start.
func runeBefore(b []byte, i int) rune {
	if i == 0 || b[i-1] == '\n' {
		return ' '
	}
	r, _ := utf8.DecodeLastRune(b[:i])
	return r
}

// runeAfter is the rune at b[i], or a space at the end.
func runeAfter(b []byte, i int) rune {
	if i >= len(b) {
		return ' '
	}
	r, _ := utf8.DecodeRune(b[i:])
	return r
}

func isASCIILetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

// entityFollows reports whether b starts like the rest of a character
// reference: "#123;", "#x1F;" or "amp;".
func entityFollows(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '#' {
		i++
		if i < len(b) && (b[i] == 'x' || b[i] == 'X') {
			i++
		}
	}
	start := i
	for i < len(b) && i-start < 32 && (isASCIILetter(b[i]) || isASCIIDigit(b[i])) {
		i++
	}
	return i > start && i < len(b) && b[i] == ';'
}

// lineStartEscape returns the offset in line of the character to escape so
// that text at the start of a line is not read as a block (a heading, a
// quote, a list item, a rule, a fence, a link definition, a task box, a
// table's delimiter row), or -1. continues tells that the line continues
// a paragraph, which only some blocks interrupt.
func lineStartEscape(line []byte, itemStart, continues bool) int {
	end := 0
	for end < len(line) && line[end] != '\n' {
		end++
	}
	line = line[:end]
	c := line[0]
	spaceOrEnd := func(i int) bool { return i >= len(line) || line[i] == ' ' || line[i] == '\t' }
	switch c {
	case '#':
		k := 0
		for k < len(line) && line[k] == '#' {
			k++
		}
		if k <= 6 && spaceOrEnd(k) {
			return 0
		}
	case '>':
		return 0
	case '-', '+', '*', '=', '_':
		if c != '=' && c != '_' && spaceOrEnd(1) {
			return 0
		}
		if onlyRuleChars(line, c) {
			return 0
		}
	case '`', '~':
		k := 0
		for k < len(line) && line[k] == c {
			k++
		}
		if k >= 3 {
			return 0
		}
	case '[':
		if itemStart && taskBox(line) {
			return 0
		}
		for i := 1; i+1 < len(line); i++ {
			if line[i] == ']' {
				if line[i+1] == ':' {
					return 0
				}
				break
			}
		}
	}
	if isASCIIDigit(c) {
		k := 0
		for k < len(line) && k < 10 && isASCIIDigit(line[k]) {
			k++
		}
		if k <= 9 && k < len(line) && (line[k] == '.' || line[k] == ')') && spaceOrEnd(k+1) {
			// Only a list numbered from 1, its item not empty, interrupts a
			// paragraph: lines "2. b" after a break are the paragraph's.
			if continues && (!isOne(line[:k]) || len(bytes.TrimLeft(line[k+1:], " \t")) == 0) {
				return -1
			}
			return k
		}
	}
	return delimiterRow(line)
}

// isOne reports whether the digits say 1 ("1", "01").
func isOne(digits []byte) bool {
	digits = bytes.TrimLeft(digits, "0")
	return len(digits) == 1 && digits[0] == '1'
}

// blankLineBefore reports whether the line before the one starting at
// b[i] is blank (a paragraph ends there) or there is none after start.
func blankLineBefore(b []byte, start, i int) bool {
	for j := i - 2; j >= start && b[j] != '\n'; j-- {
		if b[j] != ' ' && b[j] != '\t' {
			return false
		}
	}
	return true
}

// taskBox reports whether line starts with what goldmark reads as a task
// list item's box at the start of an item: "[ ]", "[x]" or "[X]", whatever
// follows.
func taskBox(line []byte) bool {
	return len(line) >= 3 && line[0] == '[' && (line[1] == ' ' || line[1] == 'x' || line[1] == 'X') && line[2] == ']'
}

// delimiterRow returns the offset in line of its first - or : when line
// would be a GFM table's delimiter row, making the line above its header:
// only pipes, dashes, colons and spaces, with a dash. Otherwise -1.
func delimiterRow(line []byte) int {
	first, dash := -1, false
	for i, c := range line {
		switch c {
		case '-', ':':
			if first < 0 {
				first = i
			}
			dash = dash || c == '-'
		case '|', ' ', '\t':
		default:
			return -1
		}
	}
	if !dash {
		return -1
	}
	return first
}

// onlyRuleChars reports whether line would be a thematic break or a setext
// underline: only c (three or more for a rule, any number for = and -),
// with spaces between.
func onlyRuleChars(line []byte, c byte) bool {
	n := 0
	for _, x := range line {
		switch x {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3 || c == '=' || c == '-'
}

// closingHashes returns the index of the byte to escape so that a heading's
// content (b[start:end], what is written of it) ending in "#" is not read
// as a closing sequence, or -1. Hashes that start what is written follow
// the heading's own space: what trimmed drops before them (a no-break
// space) is not written.
func (p *inline) closingHashes(start, end int) int {
	b := p.b[:end]
	i := len(b)
	for i > start && b[i-1] == '#' {
		i--
	}
	if i == len(b) || p.classAt(i) == bSyntax {
		return -1
	}
	if i == start || b[i-1] == ' ' {
		return i
	}
	return -1
}
