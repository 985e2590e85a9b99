package md

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Math is written as TeX between dollar signs: $...$ inline, $$...$$ for
// display math. A page's equation has often two copies, a source and a
// rendering (KaTeX's HTML, MathJax's CHTML or SVG, a fallback image): the
// TeX comes from the first of these the page carries, and the equation is
// written once, in place of all of them.
//
//  1. A TeX source: a MathML TeX annotation or alttext, a data-tex,
//     data-latex, data-math or data-entry attribute on a math wrapper
//     (KaTeX's data-math, Temml's data-entry), MathJax 2's
//     <script type="math/tex">, the alt of an equation image or the TeX in
//     a LaTeX image service's address.
//  2. Else the MathML itself, converted to TeX by mathmlTeX, or MathJax
//     3's CHTML without assistive MathML, which mirrors MathML (chtmlText).
//
// TeX written as text between \( \) or \[ \] is math as well
// (splitTeXDelimiters).

// Bounds of the MathML conversion: past them the equation is dropped, as
// a page that nests MathML this deep or this large is not showing math.
const (
	maxMathDepth = 64
	maxMathBytes = 16 << 10
	// maxMathScan bounds the walk that looks for the MathML inside a
	// wrapper, so nested wrappers stay linear.
	maxMathScan = 2000
)

// texAttrs are the attributes in which math wrappers keep their TeX.
var texAttrs = []string{"data-tex", "data-latex", "data-math", "data-entry"}

// mathText returns the TeX of a MathML element: its TeX annotation, else
// its alttext, else its MathML converted to TeX; and whether it is display
// (block) math.
func mathText(n *html.Node) (string, bool) {
	block := strings.EqualFold(getAttr(n, "display"), "block")
	ann := findFirst(n, func(c *html.Node) bool {
		return c.Data == "annotation" && strings.Contains(strings.ToLower(getAttr(c, "encoding")), "tex")
	})
	if ann != nil {
		if s := strings.TrimSpace(textContent(ann)); s != "" {
			return s, block
		}
	}
	if s := strings.TrimSpace(getAttr(n, "alttext")); s != "" {
		return s, block
	}
	return mathmlTeX(n), block
}

// mathWrapperText returns the TeX a math wrapper keeps in one of texAttrs,
// and whether it is display math. An element is a wrapper when it is or
// holds MathML or a rendering (KaTeX, MathJax) or its class says math: a
// bare data-entry elsewhere is not TeX. What it holds is looked for among
// the first maxMathScan elements under it, up to the first MathML or
// MathJax container; scans remembers what was found under each element.
func mathWrapperText(n *html.Node, scans *mathScans) (tex string, block, ok bool) {
	for _, k := range texAttrs {
		if v, found := attrOK(n, k); found && strings.TrimSpace(v) != "" {
			tex = strings.TrimSpace(v)
			break
		}
	}
	if tex == "" {
		return "", false, false
	}
	class := strings.ToLower(getAttr(n, "class"))
	block = strings.Contains(class, "block") || strings.Contains(class, "display")
	ok = mathClass(class)
	switch {
	case n.DataAtom == atom.Math:
		return tex, block || strings.EqualFold(getAttr(n, "display"), "block"), true
	case n.Data == "mjx-container":
		return tex, block || getAttr(n, "display") == "true", true
	}
	s := scans.under(n)
	if s.stop != 0 {
		ok, block = true, block || s.stopBlock
	}
	if s.katex != 0 {
		ok, block = true, block || s.display != 0
	}
	return tex, block, ok
}

// mathScan is what a walk in document order over a run of elements meets
// among its first maxMathScan: how many elements it holds (up to
// maxMathScan+1), and the positions (from 1; 0 for none) of the first
// MathML or MathJax container, where the walk stops and whose display
// stopBlock says, and of the first KaTeX rendering and the first KaTeX
// display rendering before it.
type mathScan struct {
	size, stop, katex, display int32
	stopBlock                  bool
}

// then returns the scan of a's run followed by b's.
func (a mathScan) then(b mathScan) mathScan {
	if a.stop != 0 || a.size > maxMathScan {
		return a
	}
	at := func(p int32) int32 {
		if p == 0 || a.size+p > maxMathScan {
			return 0
		}
		return a.size + p
	}
	if a.katex == 0 {
		a.katex = at(b.katex)
	}
	if a.display == 0 {
		a.display = at(b.display)
	}
	if a.stop = at(b.stop); a.stop != 0 {
		a.stopBlock = b.stopBlock
	}
	a.size = min(a.size+b.size, maxMathScan+1)
	return a
}

// mathScans remembers the scan of the elements under each element it was
// asked about, so that wrappers nested in wrappers are each decided from
// their children's scans rather than by a walk of their own: the walks
// of a chain of wrappers would read the same elements once per wrapper.
// A scan stays true while the prune walk has not yet reached the element,
// as pruning changes only what it has reached.
type mathScans struct {
	memo map[*html.Node]mathScan
}

// under returns the scan of the elements under n, in document order.
func (s *mathScans) under(n *html.Node) mathScan {
	if r, ok := s.memo[n]; ok {
		return r
	}
	var r mathScan
	for c := n.FirstChild; c != nil && r.stop == 0 && r.size <= maxMathScan; c = c.NextSibling {
		if c.Type == html.ElementNode {
			r = r.then(s.of(c))
		}
	}
	if r.size == 0 {
		return r // no element under n: nothing to remember
	}
	if s.memo == nil {
		s.memo = make(map[*html.Node]mathScan)
	}
	s.memo[n] = r
	return r
}

// of returns the scan of n and the elements under it: the walk stops at
// a MathML or MathJax container, and goes on past a KaTeX rendering.
func (s *mathScans) of(n *html.Node) mathScan {
	r := mathScan{size: 1}
	switch {
	case n.DataAtom == atom.Math:
		r.stop, r.stopBlock = 1, strings.EqualFold(getAttr(n, "display"), "block")
		return r
	case n.Data == "mjx-container":
		r.stop, r.stopBlock = 1, getAttr(n, "display") == "true"
		return r
	}
	if class := getAttr(n, "class"); strings.Contains(class, "katex") {
		r.katex = 1
		if strings.Contains(class, "katex-display") {
			r.display = 1
		}
	}
	return r.then(s.under(n))
}

// walkBounded calls f on the elements under n, in document order, while
// f returns true and fewer than maxMathScan have been seen in all.
func walkBounded(n *html.Node, seen *int, f func(*html.Node) bool) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if *seen++; *seen > maxMathScan || !f(c) || !walkBounded(c, seen, f) {
			return false
		}
	}
	return true
}

// mathJaxText returns the TeX of a MathJax 3 container, from the
// assistive MathML it holds beside its rendering, else from its CHTML
// rendering, and whether it is display math. The TeX is "" when nothing
// was rendered (a lazy placeholder).
func mathJaxText(n *html.Node) (tex string, block, ok bool) {
	var m *html.Node
	seen := 0
	walkBounded(n, &seen, func(c *html.Node) bool {
		if c.DataAtom == atom.Math {
			m = c
			return false
		}
		return true
	})
	block = getAttr(n, "display") == "true"
	if m == nil {
		return chtmlText(n), block, true
	}
	tex, mblock := mathText(m)
	return tex, block || mblock, true
}

// chtmlText converts MathJax 3's CHTML output (mjx-math, without
// assistive MathML) to TeX: its mjx-mi, mjx-mfrac, ... mirror MathML,
// with the parts of each (a fraction's mjx-num and mjx-den, a script's
// mjx-script) in wrappers of their own, which the MathML converter reads
// too. It returns "" past the bounds or when the container holds no
// rendered math (a lazy placeholder).
func chtmlText(n *html.Node) string { return mathmlTeX(n) }

// chtmlPart returns the first element named name under n, not looking
// inside nested math nodes (mjx-m*), or nil.
func chtmlPart(n *html.Node, name string) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.Data == name {
			return c
		}
		if strings.HasPrefix(c.Data, "mjx-m") {
			continue
		}
		if p := chtmlPart(c, name); p != nil {
			return p
		}
	}
	return nil
}

// chtmlToken returns the text of a CHTML token: its mjx-c glyphs, or the
// code points their classes name (mjx-c1D467) when the glyphs come from
// CSS.
func chtmlToken(n *html.Node) string {
	var sb strings.Builder
	walk(n, func(d *html.Node) bool {
		if d.Type != html.ElementNode || d.Data != "mjx-c" {
			return true
		}
		if t := textContent(d); t != "" {
			sb.WriteString(t)
			return false
		}
		for cl := range strings.FieldsSeq(getAttr(d, "class")) {
			if hex, ok := strings.CutPrefix(cl, "mjx-c"); ok {
				if r, err := strconv.ParseUint(hex, 16, 32); err == nil && utf8.ValidRune(rune(r)) {
					sb.WriteRune(rune(r))
					break
				}
			}
		}
		return false
	})
	return sb.String()
}

// chtml converts one CHTML element.
func (c *texConv) chtml(n *html.Node, depth int) string {
	if !c.mark(n) {
		return ""
	}
	part := func(name string) string {
		p := chtmlPart(n, name)
		if p == nil || !c.mark(p) {
			return ""
		}
		return c.children(p, depth)
	}
	switch n.Data {
	case "mjx-mi":
		t := strings.TrimSpace(chtmlToken(n))
		if functionNames[t] {
			return `\` + t
		}
		return symbolTeX(t)
	case "mjx-mn":
		return escapeTeX(strings.TrimSpace(chtmlToken(n)))
	case "mjx-mo":
		return moTeX(strings.TrimSpace(chtmlToken(n)))
	case "mjx-mtext":
		return textTeX(chtmlToken(n))
	case "mjx-msub", "mjx-msup", "mjx-msubsup":
		kids := elems(n)
		if len(kids) == 0 {
			return ""
		}
		base := script(c.node(kids[0], depth+1))
		sc := chtmlPart(n, "mjx-script")
		if sc == nil {
			return base
		}
		if !c.mark(sc) {
			return ""
		}
		var parts []string
		for _, k := range elems(sc) {
			if strings.HasPrefix(k.Data, "mjx-m") {
				parts = append(parts, c.node(k, depth+2))
			}
		}
		switch {
		case n.Data == "mjx-msub" && len(parts) > 0:
			return base + "_{" + parts[0] + "}"
		case n.Data == "mjx-msup" && len(parts) > 0:
			return base + "^{" + parts[0] + "}"
		case len(parts) > 1:
			// CHTML puts the superscript first.
			return base + "_{" + parts[1] + "}^{" + parts[0] + "}"
		}
		return base + strings.Join(parts, " ")
	case "mjx-mfrac":
		return `\frac{` + part("mjx-num") + "}{" + part("mjx-den") + "}"
	case "mjx-msqrt":
		return `\sqrt{` + part("mjx-box") + "}"
	case "mjx-mroot":
		return `\sqrt[` + part("mjx-root") + "]{" + part("mjx-box") + "}"
	case "mjx-munderover", "mjx-munder", "mjx-mover":
		over := part("mjx-over")
		if n.Data == "mjx-munderover" {
			// The base and the under script are in an mjx-munder of
			// the layout's own.
			if in := chtmlPart(n, "mjx-munder"); in != nil {
				if !c.mark(in) {
					return ""
				}
				n = in
			}
		}
		base := part("mjx-base")
		if base == "" {
			if kids := elems(n); len(kids) > 0 && strings.HasPrefix(kids[0].Data, "mjx-m") {
				base = c.node(kids[0], depth+1)
			}
		}
		under := part("mjx-under")
		out := script(base)
		if under != "" {
			out += "_{" + under + "}"
		}
		if over != "" {
			out += "^{" + over + "}"
		}
		return out
	case "mjx-lazy", "mjx-surd", "mjx-line", "mjx-nstrut", "mjx-dstrut", "mjx-spacer", "mjx-assistive-mml":
		return ""
	}
	return c.children(n, depth)
}

// texScript returns the TeX of MathJax 2's <script type="math/tex">, and
// whether it is display math (mode=display).
func texScript(n *html.Node) (tex string, block, ok bool) {
	if n.DataAtom != atom.Script {
		return "", false, false
	}
	typ := strings.ToLower(getAttr(n, "type"))
	if !strings.HasPrefix(typ, "math/tex") {
		return "", false, false
	}
	return strings.TrimSpace(textContent(n)), strings.Contains(typ, "mode=display"), true
}

// isMathJaxRendering reports whether n is MathJax 2's rendering or preview
// of the TeX script after it.
func isMathJaxRendering(n *html.Node) bool {
	for c := range strings.FieldsSeq(getAttr(n, "class")) {
		if strings.HasPrefix(c, "MathJax") || strings.HasPrefix(c, "MJX") {
			return true
		}
	}
	return false
}

// dropMathJaxRenderings removes the renderings MathJax 2 puts before its
// TeX script (preview, HTML-CSS, CHTML, SVG): the script is the source.
// It looks back a few siblings only.
func dropMathJaxRenderings(script *html.Node) {
	p := script.PrevSibling
	for i := 0; p != nil && i < 6; i++ {
		prev := p.PrevSibling
		if p.Type == html.ElementNode {
			if !isMathJaxRendering(p) {
				return
			}
			p.Parent.RemoveChild(p)
		}
		p = prev
	}
}

// imageTeX returns the TeX of an image of an equation, and whether it is
// display math: its alt when the alt reads as TeX, or when the image's
// class says math (Wikipedia's fallback images) and the alt is not prose
// (a photo classed "math-teacher"); else the TeX in a LaTeX image
// service's address (CodeCogs, Google Charts, a path ending in TeX).
// Display math is an image alone in its paragraph, or classed display.
func imageTeX(n *html.Node) (tex string, block, ok bool) {
	alt := strings.TrimSpace(getAttr(n, "alt"))
	src := getAttr(n, "src")
	class := strings.ToLower(getAttr(n, "class"))
	says := mathClass(class)
	switch {
	case alt != "" && (says && !proseLike(alt) || looksLikeTeX(alt)):
		tex = alt
	default:
		tex = srcTeX(src)
	}
	if tex == "" {
		return "", false, false
	}
	block = strings.Contains(class, "display") || aloneInParagraph(n)
	return tex, block, true
}

// srcTeX returns the TeX a LaTeX image service's address carries, in its
// query or its last path segment, or "".
func srcTeX(src string) string {
	if len(src) > maxMathBytes || !strings.Contains(src, "%5C") && !strings.Contains(src, `\`) {
		return ""
	}
	u, err := url.Parse(src)
	if err != nil {
		return ""
	}
	var cands []string
	if q, err := url.ParseQuery(u.RawQuery); err == nil && q.Get("chl") != "" {
		cands = append(cands, q.Get("chl"))
	}
	if s, err := url.PathUnescape(u.RawQuery); err == nil {
		cands = append(cands, s)
	}
	if i := strings.LastIndexByte(u.Path, '/'); i >= 0 {
		cands = append(cands, u.Path[i+1:])
	}
	for _, c := range cands {
		if c = strings.TrimSpace(c); looksLikeTeX(c) {
			return c
		}
	}
	return ""
}

// aloneInParagraph reports whether n is the only content of its parent
// paragraph or division. Its siblings are read outward from n, up to the
// first content: a paragraph of many images, each after the one before,
// is not read whole once per image.
func aloneInParagraph(n *html.Node) bool {
	p := n.Parent
	if p == nil || p.DataAtom != atom.P && p.DataAtom != atom.Div && p.DataAtom != atom.Center && p.DataAtom != atom.Figure {
		return false
	}
	content := func(c *html.Node) bool {
		return c.Type == html.ElementNode || c.Type == html.TextNode && strings.TrimSpace(c.Data) != ""
	}
	for c := n.PrevSibling; c != nil; c = c.PrevSibling {
		if content(c) {
			return false
		}
	}
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		if content(c) {
			return false
		}
	}
	return true
}

// texCommands are TeX commands common enough that a text using one is TeX.
var texCommands = map[string]bool{
	"frac": true, "dfrac": true, "sqrt": true, "sum": true, "int": true, "prod": true, "lim": true,
	"alpha": true, "beta": true, "gamma": true, "delta": true, "theta": true, "lambda": true, "mu": true,
	"pi": true, "sigma": true, "phi": true, "omega": true, "epsilon": true, "Delta": true, "Omega": true,
	"begin": true, "end": true, "left": true, "right": true, "cdot": true, "times": true, "pm": true,
	"leq": true, "geq": true, "neq": true, "le": true, "ge": true, "ne": true, "infty": true, "partial": true,
	"mathbf": true, "mathrm": true, "mathcal": true, "operatorname": true, "text": true, "displaystyle": true,
	"vec": true, "hat": true, "bar": true, "overline": true, "exp": true, "log": true, "sin": true, "cos": true,
}

// looksLikeTeX reports whether s reads as TeX: a common command, or a
// braced script.
func looksLikeTeX(s string) bool {
	if len(s) > maxMathBytes {
		return false
	}
	if strings.Contains(s, "^{") || strings.Contains(s, "_{") {
		return true
	}
	for i := strings.IndexByte(s, '\\'); i >= 0; {
		j := i + 1
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			j++
		}
		if texCommands[s[i+1:j]] {
			return true
		}
		k := strings.IndexByte(s[j:], '\\')
		if k < 0 {
			break
		}
		i = j + k
	}
	return false
}

// mathmlTeX converts MathML to TeX, or returns "" when the MathML is
// deeper than maxMathDepth, its TeX longer than maxMathBytes, or a CHTML
// part would be read twice (see texConv.mark). Elements it does not know
// give their children's TeX.
func mathmlTeX(n *html.Node) string {
	c := texConv{}
	s := strings.TrimSpace(c.children(n, 0))
	if c.over {
		return ""
	}
	return s
}

// texConv is one MathML conversion; over is set once a bound is passed.
// seen holds the CHTML elements read (see mark).
type texConv struct {
	size int
	over bool
	seen map[*html.Node]bool
}

// mark records that the CHTML element n is read, and reports whether it
// was not yet; if it was, the conversion is over the bounds. CHTML's
// parts are found by name anywhere in their element's layout
// (chtmlPart), so a page can nest one part in another (a denominator in
// its numerator, a script in its base), and each level would convert
// what is under it twice: up to the size bound, thousands of times over
// a large subtree. Only such a part can be reached twice, and it is an
// mjx- element, marked when first read either way; MathML's parts are
// its element children, never read twice.
func (c *texConv) mark(n *html.Node) bool {
	if c.seen[n] {
		c.over = true
		return false
	}
	if c.seen == nil {
		c.seen = map[*html.Node]bool{}
	}
	c.seen[n] = true
	return true
}

// children joins the TeX of n's element children with spaces.
func (c *texConv) children(n *html.Node, depth int) string {
	var parts []string
	for k := n.FirstChild; k != nil && !c.over; k = k.NextSibling {
		if k.Type != html.ElementNode {
			continue
		}
		if s := c.node(k, depth+1); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// elems returns n's element children.
func elems(n *html.Node) []*html.Node {
	var out []*html.Node
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.ElementNode {
			out = append(out, k)
		}
	}
	return out
}

func (c *texConv) node(n *html.Node, depth int) string {
	if depth > maxMathDepth || c.size > maxMathBytes {
		c.over = true
		return ""
	}
	s := c.convert(n, depth)
	c.size += len(s)
	if c.size > maxMathBytes {
		c.over = true
		return ""
	}
	return s
}

// arg returns the TeX of the i-th element child, or "".
func (c *texConv) arg(kids []*html.Node, i, depth int) string {
	if i >= len(kids) {
		return ""
	}
	return c.node(kids[i], depth+1)
}

// script wraps a base for a sub- or superscript: braced unless one token.
func script(base string) string {
	if utf8.RuneCountInString(base) == 1 || isCommand(base) || isCommandGroup(base) {
		return base
	}
	return "{" + base + "}"
}

// isCommand reports whether s is one TeX command, as \alpha.
func isCommand(s string) bool {
	if len(s) < 2 || s[0] != '\\' {
		return false
	}
	for _, r := range s[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func (c *texConv) convert(n *html.Node, depth int) string {
	if strings.HasPrefix(n.Data, "mjx-") {
		return c.chtml(n, depth)
	}
	kids := elems(n)
	switch n.Data {
	case "annotation", "annotation-xml", "mphantom", "none", "mprescripts":
		return ""
	case "semantics":
		return c.arg(kids, 0, depth)
	case "mi":
		return miTeX(n)
	case "mn":
		return escapeTeX(strings.TrimSpace(textContent(n)))
	case "mo":
		return moTeX(strings.TrimSpace(textContent(n)))
	case "mtext", "ms":
		return textTeX(textContent(n))
	case "mspace":
		return `\,`
	case "msup":
		return script(c.arg(kids, 0, depth)) + "^{" + c.arg(kids, 1, depth) + "}"
	case "msub":
		return script(c.arg(kids, 0, depth)) + "_{" + c.arg(kids, 1, depth) + "}"
	case "msubsup":
		return script(c.arg(kids, 0, depth)) + "_{" + c.arg(kids, 1, depth) + "}^{" + c.arg(kids, 2, depth) + "}"
	case "mfrac":
		a, b := c.arg(kids, 0, depth), c.arg(kids, 1, depth)
		if lt := strings.TrimSpace(getAttr(n, "linethickness")); lt == "0" || lt == "0px" || lt == "0pt" {
			return `\genfrac{}{}{0pt}{}{` + a + "}{" + b + "}"
		}
		return `\frac{` + a + "}{" + b + "}"
	case "msqrt":
		return `\sqrt{` + c.children(n, depth) + "}"
	case "mroot":
		return `\sqrt[` + c.arg(kids, 1, depth) + "]{" + c.arg(kids, 0, depth) + "}"
	case "mover":
		return overTeX(c.arg(kids, 0, depth), kids, c.arg(kids, 1, depth), true)
	case "munder":
		return overTeX(c.arg(kids, 0, depth), kids, c.arg(kids, 1, depth), false)
	case "munderover":
		return script(c.arg(kids, 0, depth)) + "_{" + c.arg(kids, 1, depth) + "}^{" + c.arg(kids, 2, depth) + "}"
	case "mfenced":
		open, close := "(", ")"
		if v, ok := attrOK(n, "open"); ok {
			open = v
		}
		if v, ok := attrOK(n, "close"); ok {
			close = v
		}
		sep := ","
		if v, ok := attrOK(n, "separators"); ok {
			sep = strings.TrimSpace(v)
			if sep != "" {
				sep = sep[:1]
			}
		}
		var parts []string
		for i := range kids {
			parts = append(parts, c.arg(kids, i, depth))
		}
		return `\left` + fence(open) + " " + strings.Join(parts, sep+" ") + ` \right` + fence(close)
	case "menclose":
		if strings.Contains(getAttr(n, "notation"), "top") {
			return `\overline{` + c.children(n, depth) + "}"
		}
		return c.children(n, depth)
	case "mtable":
		return c.table(n, kids, depth)
	case "mrow":
		if l, r, ok := fencePair(kids); ok {
			var parts []string
			for i := 1; i < len(kids)-1; i++ {
				if s := c.arg(kids, i, depth); s != "" {
					parts = append(parts, s)
				}
			}
			return `\left` + l + " " + strings.Join(parts, " ") + ` \right` + r
		}
	}
	return c.children(n, depth)
}

// table writes an mtable: one row (an equation MathJax tags) as its
// cells side by side, rows with column alignments as aligned, others as
// a matrix.
func (c *texConv) table(n *html.Node, rows []*html.Node, depth int) string {
	var lines []string
	for _, r := range rows {
		var cells []string
		for _, cell := range elems(r) {
			cells = append(cells, c.node(cell, depth+2))
		}
		if c.over {
			return ""
		}
		if r.Data == "mlabeledtr" && len(cells) > 1 {
			// The label comes first in MathML and last on the page.
			cells = append(cells[1:], cells[0])
		}
		lines = append(lines, strings.Join(cells, " & "))
	}
	if len(rows) == 1 && rows[0].Data == "mlabeledtr" {
		return strings.ReplaceAll(lines[0], " & ", " ")
	}
	env := "matrix"
	if getAttr(n, "columnalign") != "" {
		env = "aligned"
	}
	return `\begin{` + env + "}" + strings.Join(lines, ` \\ `) + `\end{` + env + "}"
}

// overTeX writes an mover or munder: a known accent as its command, a
// large operator's limits as scripts, anything else stacked.
func overTeX(base string, kids []*html.Node, mark string, over bool) string {
	acc := ""
	if len(kids) > 1 {
		acc = strings.TrimSpace(accentText(kids[1]))
	}
	if over {
		switch acc {
		case "→", "⃗":
			return `\vec{` + base + "}"
		case "~", "˜", "\u0303":
			return `\tilde{` + base + "}"
		case "^", "ˆ", "\u0302":
			return `\hat{` + base + "}"
		case "˙", "\u0307", "⋅", ".":
			return `\dot{` + base + "}"
		case "¨", "\u0308":
			return `\ddot{` + base + "}"
		case "¯", "‾", "―", "\u0304", "_":
			return `\overline{` + base + "}"
		case "⏞", "︷":
			return `\overbrace{` + base + "}"
		}
	} else {
		switch acc {
		case "_", "‾", "¯", "\u0332":
			return `\underline{` + base + "}"
		case "⏟", "︸":
			return `\underbrace{` + base + "}"
		}
	}
	switch base {
	case `\sum`, `\prod`, `\int`, `\lim`, `\bigcup`, `\bigcap`, `\coprod`, `\max`, `\min`:
		if over {
			return base + "^{" + mark + "}"
		}
		return base + "_{" + mark + "}"
	}
	if over {
		return `\overset{` + mark + "}{" + base + "}"
	}
	return `\underset{` + mark + "}{" + base + "}"
}

// maxAccentNodes is the most nodes of a mark overTeX reads as an accent.
const maxAccentNodes = 16

// accentText returns the text of the mark of an mover or munder when it
// has up to maxAccentNodes nodes, else "": an accent is one character in
// a token, and a mark that nests marks, each read whole, would read what
// is under it once per level.
func accentText(n *html.Node) string {
	var sb strings.Builder
	budget := maxAccentNodes
	var read func(n *html.Node) bool
	read = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if budget--; budget < 0 {
				return false
			}
			switch c.Type {
			case html.TextNode:
				sb.WriteString(c.Data)
			case html.ElementNode:
				if !read(c) {
					return false
				}
			}
		}
		return true
	}
	if !read(n) {
		return ""
	}
	return sb.String()
}

// fence writes a delimiter for \left or \right.
func fence(s string) string {
	switch s = strings.TrimSpace(s); s {
	case "":
		return "."
	case "{":
		return `\{`
	case "}":
		return `\}`
	case "|", "(", ")", "[", "]":
		return s
	case "‖":
		return `\|`
	case "⟨", "〈":
		return `\langle`
	case "⟩", "〉":
		return `\rangle`
	}
	return "."
}

// functionNames are the functions TeX writes upright with a command.
var functionNames = map[string]bool{
	"sin": true, "cos": true, "tan": true, "log": true, "ln": true, "exp": true, "lim": true,
	"max": true, "min": true, "sup": true, "inf": true, "det": true, "sinh": true, "cosh": true,
	"tanh": true, "arcsin": true, "arccos": true, "arctan": true, "gcd": true, "deg": true, "dim": true,
}

func miTeX(n *html.Node) string {
	t := strings.TrimSpace(textContent(n))
	if functionNames[t] {
		return `\` + t
	}
	s := symbolTeX(t)
	switch getAttr(n, "mathvariant") {
	case "bold":
		return `\mathbf{` + s + "}"
	case "double-struck":
		return `\mathbb{` + s + "}"
	case "script":
		return `\mathcal{` + s + "}"
	case "fraktur":
		return `\mathfrak{` + s + "}"
	}
	return s
}

func moTeX(t string) string {
	switch t {
	case "\u2061", "\u2062", "\u2063", "\u2064":
		return ""
	case "{":
		return `\{`
	case "}":
		return `\}`
	}
	return symbolTeX(t)
}

// symbolTeX writes a token's text, each symbol TeX has a command for as
// that command.
func symbolTeX(t string) string {
	var sb strings.Builder
	prevCmd := false
	for _, r := range t {
		r = plainLetter(r)
		if cmd, ok := texSymbols[r]; ok {
			sb.WriteString(cmd)
			prevCmd = true
			continue
		}
		if prevCmd && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			sb.WriteByte(' ')
		}
		prevCmd = false
		sb.WriteString(escapeTeX(string(r)))
	}
	return sb.String()
}

// escapeTeX escapes TeX's special characters in text.
func escapeTeX(s string) string {
	if !strings.ContainsAny(s, `\#$%&_{}`) {
		return s
	}
	var sb strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			sb.WriteString(`\backslash `)
		case '#', '$', '%', '&', '_', '{', '}':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// texSymbols maps symbols to their TeX commands; math italic letters
// (U+1D434...) are their plain letters.
var texSymbols = map[rune]string{
	'α': `\alpha`, 'β': `\beta`, 'γ': `\gamma`, 'δ': `\delta`, 'ε': `\epsilon`, 'ϵ': `\epsilon`, 'ζ': `\zeta`,
	'η': `\eta`, 'θ': `\theta`, 'ϑ': `\vartheta`, 'ι': `\iota`, 'κ': `\kappa`, 'λ': `\lambda`, 'μ': `\mu`,
	'ν': `\nu`, 'ξ': `\xi`, 'π': `\pi`, 'ρ': `\rho`, 'σ': `\sigma`, 'τ': `\tau`, 'υ': `\upsilon`,
	'φ': `\phi`, 'ϕ': `\phi`, 'χ': `\chi`, 'ψ': `\psi`, 'ω': `\omega`, 'Γ': `\Gamma`, 'Δ': `\Delta`,
	'Θ': `\Theta`, 'Λ': `\Lambda`, 'Ξ': `\Xi`, 'Π': `\Pi`, 'Σ': `\Sigma`, 'Φ': `\Phi`, 'Ψ': `\Psi`,
	'Ω': `\Omega`, '±': `\pm`, '∓': `\mp`, '×': `\times`, '÷': `\div`, '⋅': `\cdot`, '·': `\cdot`,
	'−': `-`, '≤': `\leq`, '≥': `\geq`, '≠': `\neq`, '≈': `\approx`, '≡': `\equiv`, '∼': `\sim`,
	'∝': `\propto`, '∞': `\infty`, '∂': `\partial`, '∇': `\nabla`, '∑': `\sum`, '∏': `\prod`,
	'∫': `\int`, '∮': `\oint`, '√': `\surd`, '→': `\rightarrow`, '←': `\leftarrow`, '↔': `\leftrightarrow`,
	'⇒': `\Rightarrow`, '⇐': `\Leftarrow`, '⇔': `\Leftrightarrow`, '↦': `\mapsto`, '∈': `\in`,
	'∉': `\notin`, '⊂': `\subset`, '⊆': `\subseteq`, '⊃': `\supset`, '⊇': `\supseteq`, '∪': `\cup`,
	'∩': `\cap`, '∅': `\emptyset`, '∀': `\forall`, '∃': `\exists`, '¬': `\neg`, '∧': `\wedge`,
	'∨': `\vee`, '⋆': `\star`, '∘': `\circ`, '…': `\ldots`, '⋯': `\cdots`, '⋮': `\vdots`, '⋱': `\ddots`,
	'′': `'`, '″': `''`, '⟨': `\langle`, '⟩': `\rangle`, '∣': `|`, '‖': `\|`, 'ℓ': `\ell`, 'ℏ': `\hbar`,
	'ℝ': `\mathbb{R}`, 'ℕ': `\mathbb{N}`, 'ℤ': `\mathbb{Z}`, 'ℚ': `\mathbb{Q}`, 'ℂ': `\mathbb{C}`,
	'\u00a0': ` `,
}

// plainLetter returns the plain letter of a mathematical italic one
// (U+1D434..., Greek U+1D6E2...), which MathML and MathJax write for
// TeX's default italic.
func plainLetter(r rune) rune {
	switch {
	case r >= 0x1D434 && r <= 0x1D44D:
		return 'A' + r - 0x1D434
	case r >= 0x1D44E && r <= 0x1D467:
		return 'a' + r - 0x1D44E
	case r == 'ℎ':
		return 'h'
	case r >= 0x1D6E2 && r <= 0x1D6FA: // italic capital Alpha to Omega
		return 'Α' + r - 0x1D6E2
	case r >= 0x1D6FC && r <= 0x1D714: // italic small alpha to omega
		return 'α' + r - 0x1D6FC
	}
	return r
}

// textTeX writes an mtext as \text{}, its runs of white space as one
// space, as a browser shows them.
func textTeX(t string) string {
	if t == "" {
		return ""
	}
	f := strings.Join(strings.Fields(t), " ")
	if f == "" {
		return `\text{ }`
	}
	if t[0] == ' ' || t[0] == '\n' || t[0] == '\t' {
		f = " " + f
	}
	if last := t[len(t)-1]; last == ' ' || last == '\n' || last == '\t' {
		f += " "
	}
	return `\text{` + escapeTeX(f) + "}"
}

// proseLike reports whether s has two words of three letters or more in a
// row, as a description has and TeX rarely does.
func proseLike(s string) bool {
	run := 0
	for w := range strings.FieldsSeq(s) {
		letters := utf8.RuneCountInString(w) >= 3
		for _, r := range w {
			if !unicode.IsLetter(r) {
				letters = false
				break
			}
		}
		if !letters {
			run = 0
			continue
		}
		if run++; run == 2 {
			return true
		}
	}
	return false
}

// fencePair returns the delimiters of an mrow that opens and closes with
// stretchy fences, as MathJax writes \left( ... \right): its first and
// last children are <mo>s TeX can stretch, not marked stretchy="false".
func fencePair(kids []*html.Node) (l, r string, ok bool) {
	if len(kids) < 2 {
		return "", "", false
	}
	first, last := kids[0], kids[len(kids)-1]
	if first.Data != "mo" || last.Data != "mo" || getAttr(first, "stretchy") == "false" || getAttr(last, "stretchy") == "false" {
		return "", "", false
	}
	lt, rt := strings.TrimSpace(textContent(first)), strings.TrimSpace(textContent(last))
	if !isFence(lt) && lt != "" || !isFence(rt) && rt != "" || lt == "" && rt == "" {
		return "", "", false
	}
	return fence(lt), fence(rt), true
}

// isFence reports whether s is a delimiter \left and \right take.
func isFence(s string) bool {
	return fence(s) != "."
}

// isCommandGroup reports whether s is one command with one braced
// argument and no spaces, as \mathbf{V}: a script base without braces.
func isCommandGroup(s string) bool {
	i := strings.IndexByte(s, '{')
	return i > 0 && isCommand(s[:i]) && strings.HasSuffix(s, "}") &&
		strings.Count(s, "{") == 1 && strings.Count(s, "}") == 1 && !strings.Contains(s, " ")
}

// splitTeXDelimiters turns TeX written as text between \( and \) (inline)
// or \[ and \] (display), as MathJax and KaTeX's auto-render read it on
// the page, into math, both delimiters in the same text node. Text in
// code or preformatted text stays as it is.
func splitTeXDelimiters(t *html.Node) {
	// Control characters show nothing and are left out of text, so
	// "\[0\<DEL>]" and "\<DEL>[0\]" read as "\[0\]", as the Markdown will;
	// but a form feed is white space in HTML, a space as the text is
	// written: "\[\<FF>\]" reads as "\[\ \]".
	s := dropCodeControls(strings.ReplaceAll(t.Data, "\f", " "))
	if texOpener(s) < 0 {
		return // most text with a backslash has no delimiter
	}
	for p := t.Parent; p != nil; p = p.Parent {
		switch p.DataAtom {
		case atom.Pre, atom.Code, atom.Kbd, atom.Samp, atom.Textarea, atom.Tt:
			return
		}
	}
	var out []*html.Node
	for {
		i := texOpener(s)
		if i < 0 {
			break
		}
		closer, block := `\)`, false
		if s[i+1] == '[' {
			closer, block = `\]`, true
		}
		k := texCloser(s[i+2:], closer[1])
		if k < 0 {
			break
		}
		// (Control characters show nothing and are left out: see
		// texMarker.)
		tex := strings.TrimSpace(dropCodeControls(s[i+2 : i+2+k]))
		if tex == "" || len(tex) > maxMathBytes {
			break
		}
		if i > 0 {
			out = append(out, &html.Node{Type: html.TextNode, Data: s[:i]})
		}
		out = append(out, texMarker(tex, block))
		s = s[i+2+k+2:]
	}
	if out == nil {
		return
	}
	if s != "" {
		out = append(out, &html.Node{Type: html.TextNode, Data: s})
	}
	for _, n := range out {
		t.Parent.InsertBefore(n, t)
	}
	t.Parent.RemoveChild(t)
}

// texCloser returns the index in s of the first \ followed by c that is
// not the second backslash of a \\ (a line break in TeX, as MathJax reads
// it: "\[\\]" holds no equation), or -1.
func texCloser(s string, c byte) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if s[i+1] == c {
			return i
		}
		i++ // the character the backslash escapes, a backslash too
	}
	return -1
}

// texOpener returns the index of the first \( or \[ in s, or -1.
func texOpener(s string) int {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '\\')
		if k < 0 || i+k+1 >= len(s) {
			return -1
		}
		i += k
		if s[i+1] == '(' || s[i+1] == '[' {
			return i
		}
		i++
	}
}

// mathClass reports whether a lowercased class attribute says math: a
// class naming math, LaTeX, an equation or a formula, or "tex" as a word
// of it (hurmet-tex, tex2jax; not text-center, context, vertex).
func mathClass(class string) bool {
	for c := range strings.FieldsSeq(class) {
		if strings.Contains(c, "math") || strings.Contains(c, "latex") || strings.Contains(c, "katex") || strings.Contains(c, "equation") ||
			strings.Contains(c, "formula") || c == "tex" || strings.HasSuffix(c, "-tex") ||
			strings.HasSuffix(c, "_tex") || strings.HasPrefix(c, "tex-") || strings.HasPrefix(c, "tex_") ||
			strings.HasPrefix(c, "tex2") {
			return true
		}
	}
	return false
}

// afterTeX reports whether the element before n is an equation already
// written as TeX, alone or in wrappers of its own (MathML before its
// fallback image, as Wikipedia writes them when the MathML is not
// hidden): n is then its rendering, not a second equation.
func afterTeX(n *html.Node) bool {
	p := n.PrevSibling
	for p != nil && p.Type == html.TextNode && strings.TrimSpace(p.Data) == "" {
		p = p.PrevSibling
	}
	for i := 0; p != nil && p.Type == html.ElementNode && i < 4; i++ {
		if p.Data == markers.Element {
			return strings.HasPrefix(getAttr(p, "md"), "$")
		}
		var only *html.Node
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && only == nil {
				only = c
			} else if c.Type == html.ElementNode || c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
				return false
			}
		}
		p = only
	}
	return false
}

// unwrapStyle returns the TeX inside the {\displaystyle ...} or
// {\textstyle ...} group MediaWiki wraps each equation in, a style the
// dollar signs already say, or tex as it is.
func unwrapStyle(tex string) string {
	for _, p := range []string{`{\displaystyle`, `{\textstyle`} {
		rest, ok := strings.CutPrefix(tex, p)
		if !ok || !strings.HasSuffix(rest, "}") || rest == "" || isLetter(rest[0]) {
			continue
		}
		// The group must close at the end, not before.
		depth := 1
		for i := 0; i < len(rest); i++ {
			switch rest[i] {
			case '\\':
				i++
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 && i != len(rest)-1 {
					return tex
				}
			}
		}
		if depth != 0 {
			return tex
		}
		if inner := strings.TrimSpace(rest[:len(rest)-1]); inner != "" {
			return inner
		}
	}
	return tex
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
