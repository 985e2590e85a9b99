package md

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// React's streaming server renderer (and so Next.js) sends a page's shell
// first, with a fallback in place of each <Suspense> boundary that is not
// ready, and the boundary's content later in the same response: a hidden
// container (<div hidden id="S:1">) followed by an instruction that the
// browser runs as it arrives:
//
//	$RC("B:0","S:1")  complete boundary B:0 with container S:1 (also $RR,
//	                  which waits for stylesheets, and React 19.2's batched
//	                  form, which marks the boundary <!--$~--> first)
//	$RS("S:2","P:3")  put container S:2's content in place of <template id="P:3">
//	$RX("B:4",...)    give up on boundary B:4: its fallback stays
//
// With React's external runtime the instructions are <template data-rci
// data-bid data-sid>, data-rri, data-rsi (data-sid data-pid) and data-rxi
// elements instead of scripts. The shell marks boundaries with comments:
// <!--$-->, <!--$?--> (pending), <!--$!--> (client-rendered), <!--$~-->,
// <!--&--> (an Activity) open one; <!--/$--> and <!--/&--> close it.

// maxTreeDepth bounds the depth of elements after content moves: the parser
// builds no deeper tree (see parse) and later passes recurse over it.
const maxTreeDepth = 512

// resolveSuspense moves the content React streamed for each <Suspense>
// boundary into place, as the browser's runtime would, without running any
// JavaScript: completed content replaces its fallback; a client-rendered
// boundary, and one that never completed, keep their fallback.
//
// Instructions run in document order, each seeing only what the browser
// had parsed when it arrived: an instruction naming an element that comes
// after it, or that is not in the document any more, does nothing; a
// fallback whose closing comment is missing ends where the parsed page
// ended. Instructions are read from classic inline scripts that end with
// one or more $RC/$RS/$RX/$RR calls whose arguments are literals (the
// runtime's definitions before them are not interpreted), and from
// external-runtime templates, which are taken in document order too
// (whenever the runtime loads, it handles them in that order). Scripts and
// ids inside <template> content or <noscript> do not count: a browser
// running scripts has neither in its document. With duplicate ids, the
// first element in source order that is still in the document wins.
//
// $RR is applied as $RC: its stylesheets are taken to load (when one fails,
// a browser client-renders the boundary, keeping the fallback). React
// 19.2's batched completion is applied at once: the batch, run a frame
// later, takes the same steps in the same order.
//
// The work is bounded by the size of the page: once the instructions have
// moved, removed or measured nodes more than 16 times the page's node count
// (a hostile chain of segments), the remaining ones are skipped, and
// content that would nest deeper than maxTreeDepth stays where it was
// (hidden).
func resolveSuspense(doc *html.Node) {
	ins := findInstructions(doc)
	if len(ins) == 0 {
		return
	}
	r := newResolver(doc, ins)
	for _, in := range ins {
		if r.budget <= 0 {
			return
		}
		// A script the parser put into a subtree an earlier instruction had
		// already taken out of the document never runs.
		if _, ok := r.depth(in.node); !ok {
			continue
		}
		switch in.op {
		case opComplete:
			r.complete(in)
		case opSegment:
			r.segment(in)
		case opClientRender:
			r.clientRender(in)
		}
	}
}

type opcode uint8

const (
	opComplete     opcode = iota + 1 // boundary a gets segment b ($RC, $RR, data-rci, data-rri)
	opSegment                        // segment a replaces placeholder b ($RS, data-rsi)
	opClientRender                   // boundary a keeps its fallback ($RX, data-rxi)
)

// An instruction is one call React's runtime makes.
type instruction struct {
	op   opcode
	a, b string     // element ids
	node *html.Node // the script or template that carries it
	at   int        // the position of node in document order
}

// eachNode calls fn for every node under doc in document order, with its
// position in that order. It does not enter <template> content or
// <noscript>, which are not part of a scripting browser's document.
func eachNode(doc *html.Node, fn func(n *html.Node, at int)) {
	at := 0
	for n := doc; n != nil; at++ {
		fn(n, at)
		enter := n.FirstChild != nil
		if n.Type == html.ElementNode && n.Namespace == "" &&
			(n.DataAtom == atom.Template || n.DataAtom == atom.Noscript) {
			enter = false
		}
		if enter {
			n = n.FirstChild
			continue
		}
		for n != doc && n.NextSibling == nil {
			n = n.Parent
		}
		if n == doc {
			return
		}
		n = n.NextSibling
	}
}

// mayHoldSuspense reports whether the source of a page may hold an
// instruction findInstructions reads: a script calling the runtime, whose
// text says "$R" (script text is raw: as written in the source), or a
// template with a data-r* attribute (data-rxi, data-rri, data-rci,
// data-rsi; names in any case). Most pages hold neither, and a search of
// the source is cheaper than a walk of the tree.
func mayHoldSuspense(src []byte) bool {
	if bytes.Contains(src, []byte("$R")) {
		return true
	}
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '-')
		if j < 0 {
			return false
		}
		k := i + j // src[k] is '-'
		if k >= 4 && k+1 < len(src) && (src[k+1] == 'r' || src[k+1] == 'R') && bytes.EqualFold(src[k-4:k], []byte("data")) {
			return true
		}
		i = k + 1
	}
	return false
}

// findInstructions returns the page's instructions in document order. It
// allocates nothing on a page that has none.
func findInstructions(doc *html.Node) []instruction {
	var ins []instruction
	eachNode(doc, func(n *html.Node, at int) {
		if n.Type != html.ElementNode || n.Namespace != "" {
			return
		}
		switch n.DataAtom {
		case atom.Script:
			ins = appendScriptInstructions(ins, n, at)
		case atom.Template:
			if in, ok := templateInstruction(n); ok {
				in.node, in.at = n, at
				ins = append(ins, in)
			}
		}
	})
	return ins
}

// templateInstruction reads an external-runtime instruction template, as
// the runtime's handleNode does.
func templateInstruction(n *html.Node) (instruction, bool) {
	if len(n.Attr) == 0 {
		return instruction{}, false
	}
	has := func(key string) bool { _, ok := attrOK(n, key); return ok }
	switch {
	case has("data-rxi"):
		return instruction{op: opClientRender, a: getAttr(n, "data-bid")}, true
	case has("data-rri"):
		// The runtime parses the stylesheet list first: if that throws,
		// nothing happens.
		if !json.Valid([]byte(getAttr(n, "data-sty"))) {
			return instruction{}, false
		}
		return instruction{op: opComplete, a: getAttr(n, "data-bid"), b: getAttr(n, "data-sid")}, true
	case has("data-rci"):
		return instruction{op: opComplete, a: getAttr(n, "data-bid"), b: getAttr(n, "data-sid")}, true
	case has("data-rsi"):
		return instruction{op: opSegment, a: getAttr(n, "data-sid"), b: getAttr(n, "data-pid")}, true
	}
	return instruction{}, false
}

// appendScriptInstructions appends the instructions an inline script ends with.
func appendScriptInstructions(ins []instruction, n *html.Node, at int) []instruction {
	if !isClassicInlineScript(n) {
		return ins
	}
	src := scriptText(n)
	if !strings.Contains(src, "$R") {
		return ins
	}
	for _, c := range readCalls(src) {
		in := instruction{node: n, at: at}
		switch c.name {
		case 'C', 'R': // $RR's third argument, the stylesheets, is taken to load
			in.op = opComplete
		case 'S':
			in.op = opSegment
		case 'X':
			in.op = opClientRender
		}
		var ok bool
		if in.a, ok = c.str(0); !ok {
			continue // a call the runtime would make with no element: a no-op
		}
		if in.op != opClientRender {
			if in.b, ok = c.str(1); !ok {
				continue
			}
		}
		ins = append(ins, in)
	}
	return ins
}

// isClassicInlineScript reports whether the browser runs n's text as a
// classic script while parsing.
func isClassicInlineScript(n *html.Node) bool {
	if _, ok := attrOK(n, "src"); ok {
		return false
	}
	if _, ok := attrOK(n, "nomodule"); ok {
		return false
	}
	typ, ok := attrOK(n, "type")
	if !ok {
		return true
	}
	typ, _, _ = strings.Cut(typ, ";")
	switch strings.ToLower(strings.TrimSpace(typ)) {
	case "", "text/javascript", "application/javascript", "text/ecmascript",
		"application/ecmascript", "application/x-javascript", "text/x-javascript",
		"application/x-ecmascript", "text/x-ecmascript", "text/jscript":
		return true
	}
	return false
}

// scriptText is the text of a script element without copying it in the
// usual case of one text child.
func scriptText(n *html.Node) string {
	if c := n.FirstChild; c != nil && c.NextSibling == nil && c.Type == html.TextNode {
		return c.Data
	}
	return textContent(n)
}

// A jsCall is a call of one of the runtime's functions: $RC, $RS, $RX or
// $RR, by the letter after "$R".
type jsCall struct {
	name byte
	args []jsValue
}

// A jsValue is an argument literal; only strings are kept.
type jsValue struct {
	s     string
	isStr bool
}

// str returns argument i when it is a string.
func (c jsCall) str(i int) (string, bool) {
	if i >= len(c.args) || !c.args[i].isStr {
		return "", false
	}
	return c.args[i].s, true
}

// readCalls returns the runtime calls a script ends with: the last run of
// calls separated only by semicolons and white space, with nothing but
// those after it. Arguments must be literals: strings, arrays of them,
// numbers, null, true, false, undefined, !0, !1. A call that is not the
// script's last statements (inside a string, in a function body, followed
// by other code) is not taken. The reader examines each byte a bounded
// number of times: a script it cannot read within that has no calls.
func readCalls(src string) []jsCall {
	r := jsReader{src: src, steps: 4*len(src) + 1024}
	var run []jsCall
	runEnd := -1 // where the last call of run ends
	for pos := 0; ; {
		i := strings.Index(src[pos:], "$R")
		if i < 0 {
			break
		}
		i += pos
		pos = i + 2
		if !r.callStart(i) {
			continue
		}
		r.pos = i + 4
		c := jsCall{name: src[i+2]}
		ok := r.args(&c)
		r.steps -= r.pos - i
		if r.steps < 0 {
			return nil
		}
		if !ok {
			continue
		}
		if runEnd < 0 || !onlySeparators(src[runEnd:i]) {
			run = run[:0]
		}
		run = append(run, c)
		runEnd, pos = r.pos, r.pos
	}
	if runEnd < 0 || !onlySeparators(src[runEnd:]) {
		return nil
	}
	return run
}

// onlySeparators reports whether s holds only what may separate statements.
func onlySeparators(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ';' && !isJSSpace(s[i]) {
			return false
		}
	}
	return true
}

func isJSSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// jsReader reads the argument literals of the runtime's calls.
type jsReader struct {
	src   string
	pos   int
	steps int // bytes the reader may still examine
}

// callStart reports whether "$R" at i starts a call statement: $RC( $RS(
// $RX( or $RR(, not part of a longer name or a member expression.
func (r *jsReader) callStart(i int) bool {
	s := r.src
	if i+3 >= len(s) || s[i+3] != '(' || strings.IndexByte("CSXR", s[i+2]) < 0 {
		return false
	}
	if i == 0 {
		return true
	}
	c := s[i-1]
	return c == ';' || c == '}' || c == '{' || c == ',' || isJSSpace(c)
}

func (r *jsReader) skipSpace() {
	for r.pos < len(r.src) && isJSSpace(r.src[r.pos]) {
		r.pos++
	}
}

func (r *jsReader) peek() byte {
	if r.pos < len(r.src) {
		return r.src[r.pos]
	}
	return 0
}

// args reads a call's arguments and its closing parenthesis.
func (r *jsReader) args(c *jsCall) bool {
	for {
		r.skipSpace()
		if r.peek() == ')' { // also after a trailing comma, as JS allows
			r.pos++
			return true
		}
		v, ok := r.value(0)
		if !ok {
			return false
		}
		c.args = append(c.args, v)
		r.skipSpace()
		switch r.peek() {
		case ',':
			r.pos++
		case ')':
			r.pos++
			return true
		default:
			return false
		}
	}
}

// maxArrayNesting bounds the nesting of array arguments ($RR's stylesheet
// list is two deep).
const maxArrayNesting = 8

func (r *jsReader) value(nesting int) (jsValue, bool) {
	switch c := r.peek(); {
	case c == '"' || c == '\'':
		s, ok := r.string()
		return jsValue{s: s, isStr: true}, ok
	case c == '[':
		if nesting >= maxArrayNesting {
			return jsValue{}, false
		}
		r.pos++
		for {
			r.skipSpace()
			if r.peek() == ']' {
				r.pos++
				return jsValue{}, true
			}
			if _, ok := r.value(nesting + 1); !ok {
				return jsValue{}, false
			}
			r.skipSpace()
			switch r.peek() {
			case ',':
				r.pos++
			case ']':
				r.pos++
				return jsValue{}, true
			default:
				return jsValue{}, false
			}
		}
	case c == '!':
		if r.pos+1 < len(r.src) && (r.src[r.pos+1] == '0' || r.src[r.pos+1] == '1') {
			r.pos += 2
			return jsValue{}, true
		}
	case c == '-' || c == '.' || '0' <= c && c <= '9':
		digits := false
		for r.pos < len(r.src) && strings.IndexByte("0123456789.eE+-xXabcdefABCDEF_", r.src[r.pos]) >= 0 {
			digits = digits || '0' <= r.src[r.pos] && r.src[r.pos] <= '9'
			r.pos++
		}
		return jsValue{}, digits
	default:
		for _, w := range []string{"null", "true", "false", "undefined"} {
			if strings.HasPrefix(r.src[r.pos:], w) {
				r.pos += len(w)
				return jsValue{}, true
			}
		}
	}
	return jsValue{}, false
}

// string reads a JavaScript string literal as strict mode defines it and
// returns its value. Lone surrogates become U+FFFD.
func (r *jsReader) string() (string, bool) {
	s, quote := r.src, r.src[r.pos]
	r.pos++
	start := r.pos
	// Fast path: no escapes (React's ids).
	for i := r.pos; i < len(s); i++ {
		switch s[i] {
		case quote:
			r.pos = i + 1
			return s[start:i], true
		case '\\':
			return r.escapedString(start, quote)
		case '\n', '\r':
			r.pos = i
			return "", false
		}
	}
	r.pos = len(s)
	return "", false
}

func (r *jsReader) escapedString(start int, quote byte) (string, bool) {
	s := r.src
	var sb strings.Builder
	i := start
	defer func() { r.pos = i }()
	for i < len(s) {
		c := s[i]
		switch {
		case c == quote:
			i++
			return sb.String(), true
		case c == '\n' || c == '\r':
			return "", false
		case c != '\\':
			sb.WriteByte(c)
			i++
			continue
		}
		i++ // the backslash
		if i >= len(s) {
			return "", false
		}
		e := s[i]
		i++
		switch e {
		case 'b':
			sb.WriteByte('\b')
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'v':
			sb.WriteByte('\v')
		case '0':
			if i < len(s) && '0' <= s[i] && s[i] <= '9' {
				return "", false // a legacy octal escape
			}
			sb.WriteByte(0)
		case '1', '2', '3', '4', '5', '6', '7', '8', '9':
			return "", false
		case '\n':
			// A line continuation.
		case '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
		case 'x':
			v, ok := hexValue(s, i, 2)
			if !ok {
				return "", false
			}
			i += 2
			sb.WriteRune(rune(v))
		case 'u':
			v, n, ok := unicodeEscape(s, i)
			if !ok {
				return "", false
			}
			i += n
			if 0xD800 <= v && v < 0xDC00 && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
				if lo, n, ok := unicodeEscape(s, i+2); ok && 0xDC00 <= lo && lo < 0xE000 {
					v = 0x10000 + (v-0xD800)<<10 + (lo - 0xDC00)
					i += 2 + n
				}
			}
			sb.WriteRune(rune(v)) // a lone surrogate is written as U+FFFD
		default:
			if e < utf8.RuneSelf {
				sb.WriteByte(e) // \" \' \\ \/ and the like: the character itself
				continue
			}
			// A multi-byte character stands for itself too, except U+2028
			// and U+2029, which make a line continuation like \n.
			ru, size := utf8.DecodeRuneInString(s[i-1:])
			i += size - 1
			if ru != '\u2028' && ru != '\u2029' {
				sb.WriteRune(ru)
			}
		}
	}
	return "", false
}

// unicodeEscape reads the digits of \uHHHH or \u{H...} at s[i:] and
// returns the code point and how many bytes it took.
func unicodeEscape(s string, i int) (uint32, int, bool) {
	if i < len(s) && s[i] == '{' {
		end := strings.IndexByte(s[i:], '}')
		if end < 2 || end > 9 {
			return 0, 0, false
		}
		v, ok := hexValue(s, i+1, end-1)
		if !ok || v > utf8.MaxRune {
			return 0, 0, false
		}
		return v, end + 1, true
	}
	v, ok := hexValue(s, i, 4)
	return v, 4, ok
}

// hexValue reads n hex digits at s[i:].
func hexValue(s string, i, n int) (uint32, bool) {
	if i+n > len(s) {
		return 0, false
	}
	var v uint32
	for _, c := range []byte(s[i : i+n]) {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		v = v<<4 | uint32(d)
	}
	return v, true
}

// A resolver applies instructions to the document.
type resolver struct {
	doc *html.Node

	// byID holds, for each id an instruction names, the elements with it in
	// document order: the index+1 in placed of the first, which links to
	// the next. Elements that left the document are dropped as lookups
	// meet them (they never come back).
	byID   map[string]int32
	placed []placed

	// budget is the number of node moves, removals and visits left.
	budget int
}

// placed is an element with a named id and its position in document order.
type placed struct {
	node *html.Node
	at   int
	id   string
	next int32 // the index+1 in resolver.placed of the next one with id
}

// newResolver indexes, in one pass, the elements the instructions name.
func newResolver(doc *html.Node, ins []instruction) *resolver {
	named := make(map[string]struct{}, 2*len(ins))
	for _, in := range ins {
		named[in.a] = struct{}{}
		named[in.b] = struct{}{}
	}
	delete(named, "") // getElementById("") finds nothing
	r := &resolver{doc: doc, byID: make(map[string]int32, len(named))}
	nodes := 0
	eachNode(doc, func(n *html.Node, at int) {
		nodes++
		if n.Type != html.ElementNode || len(n.Attr) == 0 {
			return
		}
		id := getAttr(n, "id")
		if _, ok := named[id]; ok {
			r.placed = append(r.placed, placed{node: n, at: at, id: id})
		}
	})
	// Link the elements of each id in document order.
	for i := len(r.placed) - 1; i >= 0; i-- {
		p := &r.placed[i]
		p.next = r.byID[p.id]
		r.byID[p.id] = int32(i + 1)
	}
	r.budget = 16*nodes + 1<<16
	return r
}

// depth returns n's depth in the document (the <html> element's is 1), and
// whether n is in the document at all.
func (r *resolver) depth(n *html.Node) (int, bool) {
	d := 0
	for ; n != nil; n = n.Parent {
		if n == r.doc {
			return d, true
		}
		d++
	}
	return d, false
}

// find is document.getElementById(id) as run by instruction in: the first
// element with the id that had arrived then and is still in the document.
func (r *resolver) find(id string, in instruction) *html.Node {
	head := r.byID[id]
	i := head
	var found *html.Node
	for i != 0 && r.placed[i-1].at < in.at {
		p := &r.placed[i-1]
		if _, ok := r.depth(p.node); ok {
			found = p.node
			break
		}
		i = p.next
	}
	if i != head {
		r.byID[id] = i
	}
	return found
}

// arrivedBefore returns the first child of x that had not arrived when
// instruction in ran, or nil if all had. Only an element still open, one
// the instruction is inside, has children yet to come: those after the
// child holding the instruction. (This reads where the instruction is now:
// it moved only if an earlier instruction moved a segment while it was
// still being parsed, which no server sends.)
func arrivedBefore(x *html.Node, in instruction) *html.Node {
	for a := in.node; a != nil; a = a.Parent {
		if a.Parent == x {
			return a.NextSibling
		}
	}
	return nil
}

// complete is $RC: it removes container s, then replaces boundary b's
// fallback, from b to the boundary's closing comment, with s's children.
func (r *resolver) complete(in instruction) {
	s := r.find(in.b, in)
	if s == nil {
		return
	}
	sEnd := arrivedBefore(s, in)
	detach(s)
	b := r.find(in.a, in) // after s left: a boundary inside s is gone with it
	if b == nil {
		return
	}
	open, f := b.PrevSibling, b.Parent
	if open == nil || f.Type == html.DocumentNode {
		return // the runtime throws
	}
	if d, _ := r.depth(f); !r.fits(s, sEnd, d) {
		return
	}
	// The fallback ends at the boundary's closing comment, counting the
	// boundaries nested in it, or where the parent's arrived children end.
	fEnd := arrivedBefore(f, in)
	c := b
	for nest := 0; c != nil && c != fEnd; {
		if c.Type == html.CommentNode {
			switch c.Data {
			case "/$", "/&":
				nest--
			case "$", "$?", "$!", "$~", "&":
				nest++
			}
			if nest < 0 {
				break
			}
		}
		next := c.NextSibling
		f.RemoveChild(c)
		r.budget--
		c = next
	}
	r.moveChildren(s, sEnd, f, c)
	if open.Type == html.CommentNode {
		open.Data = "$"
	}
}

// segment is $RS: it removes container s and puts its children in place of
// placeholder p.
func (r *resolver) segment(in instruction) {
	s := r.find(in.a, in)
	if s == nil {
		return
	}
	p := r.find(in.b, in)
	sEnd := arrivedBefore(s, in)
	detach(s)
	if p == nil {
		return
	}
	// A placeholder inside its own container left with it: the browser's
	// runtime throws or loops there, and shows none of it.
	d, ok := r.depth(p)
	if !ok || p.Parent.Type == html.DocumentNode || !r.fits(s, sEnd, d-1) {
		return
	}
	r.moveChildren(s, sEnd, p.Parent, p)
	p.Parent.RemoveChild(p)
	r.budget--
}

// clientRender is $RX: the boundary's comment becomes <!--$!-->; its
// fallback stays, as the server sends nothing else for it.
func (r *resolver) clientRender(in instruction) {
	b := r.find(in.a, in)
	if b == nil {
		return
	}
	if open := b.PrevSibling; open != nil && open.Type == html.CommentNode {
		open.Data = "$!"
	}
}

// moveChildren moves the children of s before end into f, before next (at
// the end when next is nil). Those from end on arrive later and are parsed
// into s, which is out of the document.
func (r *resolver) moveChildren(s, end, f, next *html.Node) {
	for c := s.FirstChild; c != nil && c != end; c = s.FirstChild {
		s.RemoveChild(c)
		f.InsertBefore(c, next)
		r.budget--
	}
}

// fits reports whether s's children before end, put under an element at
// depth d, nest no deeper than maxTreeDepth.
func (r *resolver) fits(s, end *html.Node, d int) bool {
	limit := maxTreeDepth - d // the levels of elements that fit under
	for c := s.FirstChild; c != nil && c != end; c = c.NextSibling {
		if c.Type == html.ElementNode && !r.within(c, limit) {
			return false
		}
	}
	return true
}

// within reports whether the element n and its descendant elements span at
// most limit levels.
func (r *resolver) within(n *html.Node, limit int) bool {
	level := 1
	for c := n; ; {
		r.budget--
		if level > limit {
			return false
		}
		if child := firstElementChild(c); child != nil {
			c, level = child, level+1
			continue
		}
		for c != n && nextElementSibling(c) == nil {
			c, level = c.Parent, level-1
		}
		if c == n {
			return true
		}
		c = nextElementSibling(c)
	}
}

func firstElementChild(n *html.Node) *html.Node {
	c := n.FirstChild
	for c != nil && c.Type != html.ElementNode {
		c = c.NextSibling
	}
	return c
}

// nextElementSibling returns the element after n among its siblings, or
// nil.
func nextElementSibling(n *html.Node) *html.Node {
	c := n.NextSibling
	for c != nil && c.Type != html.ElementNode {
		c = c.NextSibling
	}
	return c
}

// prevElementSibling returns the element before n among its siblings, or
// nil.
func prevElementSibling(n *html.Node) *html.Node {
	c := n.PrevSibling
	for c != nil && c.Type != html.ElementNode {
		c = c.PrevSibling
	}
	return c
}

// detach takes n out of its parent, if it has one.
func detach(n *html.Node) {
	if n.Parent != nil {
		n.Parent.RemoveChild(n)
	}
}
