package md

import (
	"unicode"
	"unicode/utf8"
)

// escapeContext is where a piece of inline content will stand.
type escapeContext struct {
	itemStart bool // it starts a list item: "[ ] " there would be a task box
	heading   bool // it is an ATX heading's content
	table     bool // it is a table cell: every | is escaped
}

// escaped returns the content as Markdown: syntax as written, and the
// page's text with a backslash before each character that would otherwise
// change the meaning (start emphasis, a link, a code span, an HTML tag, an
// entity, a list or a heading at the start of a line). Trailing
// whitespace and line breaks are dropped.
func (p *inline) escaped(ctx escapeContext) string {
	b, t := p.b, p.t
	for len(b) > 0 && t[len(b)-1] == bSyntax && (b[len(b)-1] == ' ' || b[len(b)-1] == '\n') {
		b, t = b[:len(b)-1], t[:len(t)-1]
	}
	for len(b) > 0 && t[0] == bSyntax && b[0] == '\n' {
		b, t = b[1:], t[1:]
	}
	if len(b) == 0 {
		return ""
	}
	// A text "[" needs escaping only when a "]" after it could make a link.
	linkClose := -1
	for i := len(b) - 2; i >= 0; i-- {
		if b[i] == ']' && (b[i+1] == '(' || b[i+1] == '[') {
			linkClose = i
			break
		}
	}
	// Emphasis needs a pair: a lone * or _ or ~ that could open or close has
	// nothing to pair with and stays as it is.
	var active [3]int
	for i, c := range b {
		if k := delimIndex(c); k >= 0 && delimActive(b, i) {
			active[k]++
		}
	}
	headingRun := -1
	if ctx.heading {
		headingRun = closingHashes(b, t)
	}

	out := make([]byte, 0, len(b)+len(b)/16+8)
	escapeAt := -1 // a later byte of this line that a line-start rule escapes
	for i := 0; i < len(b); i++ {
		c := b[i]
		if t[i] == bSyntax {
			if c == '|' && ctx.table && (i == 0 || b[i-1] != '\\') {
				out = append(out, '\\')
			}
			out = append(out, c)
			continue
		}
		if !ctx.heading && (i == 0 || b[i-1] == '\n') {
			escapeAt = -1
			if k := lineStartEscape(b[i:], ctx.itemStart && i == 0); k >= 0 {
				escapeAt = i + k
			}
		}
		if i == escapeAt || i == headingRun || needsEscape(b, t, i, ctx, linkClose, &active) {
			out = append(out, '\\')
		}
		out = append(out, c)
	}
	return string(out)
}

// needsEscape decides for the page-text byte b[i] wherever it stands.
func needsEscape(b, t []byte, i int, ctx escapeContext, linkClose int, active *[3]int) bool {
	c := b[i]
	if c >= 0x80 || !asciiPunct(c) {
		return false
	}
	if t[i] == bForce {
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
		return true
	case '*', '_', '~':
		return active[delimIndex(c)] > 1 && delimActive(b, i)
	case '[':
		return i < linkClose
	case '!':
		return next == '[' && t[i+1] == bSyntax
	case '<':
		return isASCIILetter(next) || next == '/' || next == '!' || next == '?'
	case '&':
		return entityFollows(b[i+1:])
	case '|':
		return ctx.table
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

// delimActive reports whether the delimiter b[i] could open or close
// emphasis: it is in a run, or it is left- or right-flanking as CommonMark
// defines it (with the stricter rule for _ inside words).
func delimActive(b []byte, i int) bool {
	c := b[i]
	if (i > 0 && b[i-1] == c) || (i+1 < len(b) && b[i+1] == c) {
		return true
	}
	prev, next := runeBefore(b, i), runeAfter(b, i+1)
	left := !unicode.IsSpace(next) && (!isPunctRune(next) || unicode.IsSpace(prev) || isPunctRune(prev))
	right := !unicode.IsSpace(prev) && (!isPunctRune(prev) || unicode.IsSpace(next) || isPunctRune(next))
	if c == '_' {
		return (left && (!right || isPunctRune(prev))) || (right && (!left || isPunctRune(next)))
	}
	return left || right
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
// quote, a list item, a rule, a fence, a link definition, a task box), or -1.
func lineStartEscape(line []byte, itemStart bool) int {
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
		if itemStart && len(line) >= 3 && (line[1] == ' ' || line[1] == 'x' || line[1] == 'X') && line[2] == ']' && spaceOrEnd(3) {
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
			return k
		}
	}
	return -1
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
// content ending in "#" is not read as a closing sequence, or -1.
func closingHashes(b, t []byte) int {
	i := len(b)
	for i > 0 && b[i-1] == '#' {
		i--
	}
	if i == len(b) || t[i] == bSyntax {
		return -1
	}
	if i == 0 || b[i-1] == ' ' {
		return i
	}
	return -1
}
