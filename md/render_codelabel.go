package md

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A code block's label is a short element a site puts inside its <pre>
// beside the code: a header naming the language ("bash", "Python"), a file
// name, or a copy button's text that is no <button> ("Copy code"). It is
// not code: a language it names is the fence's language when the markup
// names none, a file name or other caption is the fence's title, a copy
// label goes. It is only taken for one when it stands apart from the code
// (a block of its own, or outside the <code> element the code is in) or is
// named for it (class "code-header", "lang", a header that cannot be
// selected): a first line of code that happens to be "python script.py" or
// a Dockerfile's "COPY . /app" stays code.
type codeLabel struct {
	n           *html.Node
	lang, title string // what it says; both empty for a copy label
}

// codeLabelBudget bounds the nodes read looking for a <pre>'s labels, and
// codeLabelDepth the wrappers descended into: a label sits near the top of
// the block, and a hostile page's deep or long <pre> is not read through.
const (
	codeLabelBudget = 512
	codeLabelDepth  = 16
	// maxLabelBytes is the longest label's text: a language's name or a
	// file name, not a line of code.
	maxLabelBytes = 64
)

// codeLabels finds the labels at the start and at the end of pre.
func codeLabels(pre *html.Node) []codeLabel {
	var out []codeLabel
	budget := codeLabelBudget
	for _, last := range []bool{false, true} {
		e := edgeElement(pre, last, &budget)
		if e == nil || (len(out) > 0 && out[0].n == e) {
			continue
		}
		if l, ok := readCodeLabel(e, last, &budget); ok {
			out = append(out, l)
		}
	}
	return out
}

// edgeElement is the outermost element inside pre that comes before all
// of its other text (after it, when last), but does not hold all of it:
// wrappers holding all the code are looked through. Nil when text comes
// first or the budget runs out.
func edgeElement(pre *html.Node, last bool, budget *int) *html.Node {
	p := pre
	for range codeLabelDepth {
		c := contentChild(p, last, budget)
		if c == nil || c.Type != html.ElementNode {
			return nil
		}
		more, ok := siblingText(c, last, budget)
		if !ok {
			return nil
		}
		if more {
			return c
		}
		p = c
	}
	return nil
}

// contentChild is p's first (last) child holding text other than
// whitespace, nil when none is found within the budget.
func contentChild(p *html.Node, last bool, budget *int) *html.Node {
	for c := edgeChild(p, last); c != nil; c = step(c, last) {
		has, ok := hasTextWithin(c, budget)
		if !ok {
			return nil
		}
		if has {
			return c
		}
	}
	return nil
}

// siblingText reports whether a sibling after c (before it, when last)
// holds text; ok is false when the budget ran out.
func siblingText(c *html.Node, last bool, budget *int) (has, ok bool) {
	for s := step(c, last); s != nil; s = step(s, last) {
		if has, ok = hasTextWithin(s, budget); has || !ok {
			return has, ok
		}
	}
	return false, true
}

func edgeChild(p *html.Node, last bool) *html.Node {
	if last {
		return p.LastChild
	}
	return p.FirstChild
}

func step(c *html.Node, last bool) *html.Node {
	if last {
		return c.PrevSibling
	}
	return c.NextSibling
}

// hasTextWithin reports whether n holds text other than whitespace, reading at
// most budget nodes; ok is false when the budget ran out first.
func hasTextWithin(n *html.Node, budget *int) (has, ok bool) {
	if *budget--; *budget < 0 {
		return false, false
	}
	switch n.Type {
	case html.TextNode:
		return strings.TrimSpace(n.Data) != "", true
	case html.ElementNode:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if has, ok = hasTextWithin(c, budget); has || !ok {
				return has, ok
			}
		}
	}
	return false, true
}

// readCodeLabel reads e, an edge element of a <pre>, as a label.
func readCodeLabel(e *html.Node, last bool, budget *int) (codeLabel, bool) {
	var parts []string
	size, named, line := 0, false, false
	var read func(*html.Node) bool
	read = func(n *html.Node) bool {
		if *budget--; *budget < 0 {
			return false
		}
		switch n.Type {
		case html.TextNode:
			if t := strings.Join(strings.Fields(n.Data), " "); t != "" {
				if size += len(t); size > maxLabelBytes || strings.Contains(strings.TrimSpace(n.Data), "\n") {
					return false
				}
				parts = append(parts, t)
			}
		case html.ElementNode:
			if n.DataAtom == atom.Br {
				return false // a label is one line
			}
			named = named || isLabelNamed(n)
			line = line || nameHas(n, codeLineClasses)
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if !read(c) {
					return false
				}
			}
		}
		return true
	}
	if !read(e) || len(parts) == 0 {
		return codeLabel{}, false
	}
	// A copy button's text goes whatever is beside it ("Python" "Copy").
	kept := parts[:0]
	for _, p := range parts {
		if !copyLabels[strings.ToLower(p)] {
			kept = append(kept, p)
		}
	}
	apart := !line && isBlockName(e.DataAtom) && e.DataAtom != atom.Td && e.DataAtom != atom.Th
	next := nextContent(e, last)
	outside := !line && next != nil && (next.DataAtom == atom.Code || (next.Type == html.ElementNode && isBlockName(next.DataAtom)))
	glued := !last && next != nil && next.Type == html.TextNode && gluedStart(next.Data)
	switch {
	case len(kept) == 0:
		if apart || outside || named {
			return codeLabel{n: e}, true
		}
	case len(kept) == 1 && langName(kept[0]) != "":
		name := langName(kept[0])
		if apart || outside || named || (glued && len(name) > 1) {
			return codeLabel{n: e, lang: name}, true
		}
	default:
		// A caption (a file name, "Terminal"): only from an element
		// both apart and named for it, since a line of code can be
		// anything.
		title := strings.Join(kept, " ")
		if apart && named && strings.IndexFunc(title, isLetterOrDigit) >= 0 {
			return codeLabel{n: e, title: title}, true
		}
	}
	return codeLabel{}, false
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// nextContent is the sibling after e (before it, when last) that holds
// text: the code the label stands beside.
func nextContent(e *html.Node, last bool) *html.Node {
	for s := step(e, last); s != nil; s = step(s, last) {
		if s.Type == html.TextNode && strings.TrimSpace(s.Data) == "" {
			continue
		}
		if s.Type == html.TextNode || s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// gluedStart reports whether text right after a label, with nothing
// between them, starts a line of its own rather than continuing a word or
// an expression: "bash" then "#!/bin/bash", not "go" then ".mod".
func gluedStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsSpace(r) || isLetterOrDigit(r) || r == '_' {
		return false
	}
	return !strings.ContainsRune(".(:,;=-'\"`[", r)
}

// labelClasses name a code block's header or label (words of a class, see
// nameParts); "title" is not one: highlight.js names function names so.
var labelClasses = words("header toolbar titlebar topbar lang language filename caption copy label")

// codeLineClasses name a line of code: a block that is one is code, not a
// label, whatever it says.
var codeLineClasses = words("line lines codeline")

// isLabelNamed reports whether n is named as a label, or is an element a
// reader cannot select (Tailwind's select-none, user-select:none): not
// copied with the code.
func isLabelNamed(n *html.Node) bool {
	if nameHas(n, labelClasses) || hasToken(getAttr(n, "class"), "select-none") {
		return true
	}
	return strings.Contains(strings.ReplaceAll(getAttr(n, "style"), " ", ""), "user-select:none")
}

// copyLabels are a copy button's words.
var copyLabels = map[string]bool{
	"copy": true, "copy code": true, "copied": true, "copied!": true, "copy to clipboard": true,
	"copied to clipboard": true, "copied to clipboard!": true, "copy code to clipboard": true,
}

// langName is the info-string name of a language written as s, as a
// header names it ("Python", "C++", "Shell"), or "" when s names none.
func langName(s string) string {
	l := strings.ToLower(s)
	if v, ok := langAliases[l]; ok {
		return v
	}
	if knownLangs[l] {
		return l
	}
	return ""
}

// knownLangs are the languages a code block's header names, lowercased
// and as an info string writes them. A closed list: a header's word is a
// language only when it is one.
var knownLangs = words(`bash sh shell zsh fish console powershell ps1 cmd bat batch
	python py ruby rb perl php java kotlin kt scala groovy swift go golang rust rs c cpp h hpp
	csharp cs fsharp javascript js jsx typescript ts tsx json jsonc json5 yaml yml toml ini xml html
	css scss sass less sql mysql postgresql psql plsql graphql markdown md mdx tex latex r julia
	matlab lua haskell elixir erlang clojure dart zig nim ocaml elm vue svelte astro dockerfile
	docker makefile make cmake nginx apache diff text plaintext txt http protobuf proto hcl
	terraform solidity asm wasm vb vba objectivec fortran cobol lisp scheme racket prolog
	jinja handlebars liquid twig erb ejs pug haml csv env properties gradle
	python3 py3 pycon ipython ipython3 shell-session sh-session doscon ps1con pwsh`)

// langAliases are languages whose written names are not their info
// string's.
var langAliases = map[string]string{
	"c++": "cpp", "c#": "csharp", "f#": "fsharp", "objective-c": "objectivec",
	"plain text": "text", "shell script": "shell", "shellscript": "shell",
	"node": "javascript", "node.js": "javascript", "html/xml": "html", "terminal": "console",
}

// gutterNumbers finds the line numbers a code block writes as rows, each
// line a block of its number then a block of its code (a flex row:
// <div><span>1</span><div>code</div></div>), named for nothing: the first
// element of each such line, digits alone, when they count up by one from
// line to line over the whole block. A block's numbers that do not count
// so are the code's own.
func gutterNumbers(pre *html.Node) []*html.Node {
	var nums []*html.Node
	prev, ok := -1, true
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil && ok; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if isBlockName(c.DataAtom) {
				if num, v := rowNumber(c); num != nil {
					if prev >= 0 && v != prev+1 {
						ok = false
						return
					}
					prev = v
					nums = append(nums, num)
					continue
				}
			}
			visit(c)
		}
	}
	visit(pre)
	if !ok || len(nums) < 2 {
		return nil
	}
	return nums
}

// rowNumber returns the first element of line and its number, when it
// holds one to nine digits alone and a block follows it.
func rowNumber(line *html.Node) (*html.Node, int) {
	first := line.FirstChild
	for first != nil && first.Type == html.TextNode && strings.TrimSpace(first.Data) == "" {
		first = first.NextSibling
	}
	if first == nil || first.Type != html.ElementNode || first.FirstChild == nil ||
		first.FirstChild != first.LastChild || first.FirstChild.Type != html.TextNode {
		return nil, 0
	}
	next := first.NextSibling
	for next != nil && next.Type == html.TextNode && strings.TrimSpace(next.Data) == "" {
		next = next.NextSibling
	}
	if next == nil || next.Type != html.ElementNode || !isBlockName(next.DataAtom) {
		return nil, 0
	}
	digits := strings.TrimSpace(first.FirstChild.Data)
	if digits == "" || len(digits) > 9 {
		return nil, 0
	}
	v := 0
	for i := 0; i < len(digits); i++ {
		if !isASCIIDigit(digits[i]) {
			return nil, 0
		}
		v = v*10 + int(digits[i]-'0')
	}
	return first, v
}
