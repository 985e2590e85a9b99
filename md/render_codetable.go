package md

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Highlighters that number lines (Rouge/Jekyll, Hugo's Chroma in table
// mode, Hexo, Pygments with linenos="table") lay a code block out as a
// table: a gutter cell whose <pre> holds the numbers beside a cell whose
// <pre> holds the code, in one row or in one row a line. Read as a data
// table it would squash the code onto one line of a GFM table; it is one
// code block, without its numbers.
//
// It is told by its shape, not by the highlighter's class names: every row
// has two <td> cells and nothing else, each cell holds one <pre> and
// nothing else (through a few wrappers), and the <pre> of the same column
// in every row holds only line numbers, counting up one by one across the
// whole table (a single number must be 1). A table with header cells,
// spans, a caption or a third column is data, even with code in its cells.

// codeTableWrapDepth bounds how deep a cell's <pre> may sit in wrappers
// (Pygments: td > div.linenodiv > pre; td > div.highlight > pre).
const codeTableWrapDepth = 4

// codeTable returns the code <pre> of each row when table n, of rows, is
// a highlighter's code block with a gutter of line numbers, or nil.
func codeTable(n *html.Node, rows []*html.Node) []*html.Node {
	if len(rows) == 0 {
		return nil
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Caption || c.DataAtom == atom.Thead {
			return nil
		}
	}
	gutter := -1 // the column of the numbers
	first := -1  // the gutter's first number
	next := -1   // the line number the gutter continues with
	code := make([]*html.Node, 0, len(rows))
	for _, row := range rows {
		var cells [2]*html.Node
		count := 0
		for c := row.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
			case c.Type == html.CommentNode:
			case c.DataAtom == atom.Td && count < 2 && getAttr(c, "colspan") == "" && getAttr(c, "rowspan") == "":
				cells[count] = c
				count++
			default:
				return nil
			}
		}
		if count != 2 {
			return nil
		}
		pres := [2]*html.Node{onlyPre(cells[0]), onlyPre(cells[1])}
		if pres[0] == nil || pres[1] == nil {
			return nil
		}
		if gutter < 0 {
			// The numbers' column is the first whose <pre> holds numbers.
			for i, p := range pres {
				if f, last, ok := lineNumbers(p); ok {
					gutter, first, next = i, f, last+1
					break
				}
			}
			if gutter < 0 {
				return nil
			}
		} else {
			first, last, ok := lineNumbers(pres[gutter])
			if !ok || first != next {
				return nil
			}
			next = last + 1
		}
		code = append(code, pres[1-gutter])
	}
	if next-first == 1 && first != 1 {
		// A single number is a gutter only as the first line's: a row
		// of "404" and "not found" is data.
		return nil
	}
	return code
}

// onlyPre returns the <pre> that is all of cell's content, looking through
// at most codeTableWrapDepth wrappers (a <div>, a <code>), or nil.
func onlyPre(cell *html.Node) *html.Node {
	n := cell
	for range codeTableWrapDepth {
		var only *html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
			case c.Type == html.CommentNode:
			case c.Type == html.ElementNode && only == nil:
				only = c
			default:
				return nil
			}
		}
		if only == nil {
			return nil
		}
		switch only.DataAtom {
		case atom.Pre:
			return only
		case atom.Div, atom.Code, atom.Span:
			n = only
		default:
			return nil
		}
	}
	return nil
}

// lineNumbers reads a gutter <pre>: its text is only numbers and
// whitespace, each number one more than the one before. It returns the
// first and last number. The walk is iterative and stops at the first
// character that is not a digit or whitespace.
func lineNumbers(pre *html.Node) (first, last int, ok bool) {
	count := 0
	num, digits := 0, 0
	end := func() bool {
		if digits == 0 {
			return true
		}
		if count > 0 && num != last+1 {
			return false
		}
		if count == 0 {
			first = num
		}
		last, count = num, count+1
		num, digits = 0, 0
		return true
	}
	for c := pre.FirstChild; c != nil && c != pre; {
		switch c.Type {
		case html.TextNode:
			for _, r := range c.Data {
				switch {
				case r >= '0' && r <= '9':
					if digits++; digits > 9 {
						return 0, 0, false
					}
					num = num*10 + int(r-'0')
				case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0':
					if !end() {
						return 0, 0, false
					}
				default:
					return 0, 0, false
				}
			}
		case html.ElementNode:
			if c.DataAtom == atom.Br {
				if !end() {
					return 0, 0, false
				}
			} else if !isInlineName(c.DataAtom) {
				// A block ends a number as a line does.
				if !end() {
					return 0, 0, false
				}
			}
			if c.FirstChild != nil {
				c = c.FirstChild
				continue
			}
		}
		// The next node in document order, without leaving pre.
		for c != pre && c.NextSibling == nil {
			c = c.Parent
			if c.Type == html.ElementNode && c != pre && !isInlineName(c.DataAtom) && !end() {
				return 0, 0, false
			}
		}
		if c != pre {
			c = c.NextSibling
		}
	}
	if !end() || count == 0 {
		return 0, 0, false
	}
	return first, last, true
}

// isInlineName reports whether a gutter's element keeps its text on the
// line: the spans and code a highlighter wraps numbers in.
func isInlineName(a atom.Atom) bool {
	switch a {
	case atom.Span, atom.Code, atom.A, atom.B, atom.I, atom.Em, atom.Strong, atom.Small:
		return true
	}
	return false
}

// codeTableBlock writes the code of a code table, rows' code <pre>
// elements, as one fenced code block: the language from the code's own
// markup, else from the highlighter's wrapper around the table.
func (r *renderer) codeTableBlock(table *html.Node, code []*html.Node) {
	lang, title := codeInfo(code[0])
	var text string
	if len(code) == 1 {
		text = preText(code[0], nil)
	} else {
		var sb strings.Builder
		for _, p := range code {
			sb.WriteString(strings.TrimSuffix(preText(p, nil), "\n"))
			sb.WriteByte('\n')
		}
		text = sb.String()
	}
	if lang == "" {
		lang = wrapperLang(table, false)
	}
	r.fencedCode(text, lang, title)
}

// plainLangs name no language: a highlighter's word for plain text.
var plainLangs = words("plaintext plain text txt nohighlight none default")

// wrapperLang is the language a highlighter's wrapper around a code table
// or a <pre> names, a few levels up: a language-X, lang-X or highlight-X
// class (Rouge's div.language-cpp, Sphinx's div.highlight-python3), or
// the word beside "highlight" (Hexo's figure.highlight.cpp).
//
// A highlight-X must name a language knownLangs holds; around a <pre>
// (known), so must a language-X or lang-X, or the word beside
// "highlight", must name a language knownLangs holds: a page's wrapper
// says lang-en for its own language, div.highlight.notranslate nothing.
func wrapperLang(block *html.Node, known bool) string {
	n := block.Parent
	for i := 0; i < codeTableWrapDepth && n != nil && n.Type == html.ElementNode; i, n = i+1, n.Parent {
		switch n.DataAtom {
		case atom.Div, atom.Figure, atom.Code, atom.Pre, atom.Span:
		default:
			return ""
		}
		classes := strings.Fields(getAttr(n, "class"))
		for _, cls := range classes {
			// Sphinx's div.highlight-python3 around div.highlight.
			for _, p := range []string{"language-", "lang-", "highlight-"} {
				if len(cls) > len(p) && strings.EqualFold(cls[:len(p)], p) {
					lang := cls[len(p):]
					if p == "highlight-" {
						// GitHub's highlight-source-ts, a grammar's scope.
						lang = strings.TrimPrefix(lang, "source-")
					}
					switch {
					case plainLangs[strings.ToLower(lang)] || !isLangWord(lang):
						return ""
					case (known || p == "highlight-") && langName(lang) == "":
						// Not a language: highlight-wrap, lang-en.
						continue
					}
					return lang
				}
			}
		}
		if len(classes) == 2 && (classes[0] == "highlight" || classes[1] == "highlight") {
			lang := classes[0]
			if lang == "highlight" {
				lang = classes[1]
			}
			if plainLangs[strings.ToLower(lang)] || !isLangWord(lang) || (known && langName(lang) == "") {
				return ""
			}
			return lang
		}
	}
	return ""
}

// isLangWord reports whether s could be a language's name in an info
// string: letters, digits and + # - _ . only.
func isLangWord(s string) bool {
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9',
			r == '+', r == '#', r == '-', r == '_', r == '.':
		default:
			return false
		}
	}
	return s != ""
}
