package md

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// link renders <a href>. A link to "#" or to a script keeps only its text;
// so does a heading's link to its own fragment (the usual self-link), whose
// symbol-only text ("#", "¶", "🔗") is dropped. Links side by side get a
// space between them so their texts do not run together.
func (r *renderer) link(n *html.Node) {
	href, ok := attrOK(n, "href")
	dest := ""
	if ok {
		dest, ok = r.linkDestination(href)
	}
	if r.heading != nil && ok && r.isFragmentLink(href) {
		if isAnchorSymbol(collapseSpace(textContent(n))) {
			return
		}
		ok = false
	}
	if ok {
		// A pilcrow or link symbol is a permalink widget: in a heading
		// whatever its address (a "🔗" to a search for the section), and
		// beside a definition ("¶" after a function's signature, as
		// Sphinx writes them) when it links to the page's own part.
		switch s := permalinkSymbol(n); {
		case s == "":
		case r.heading != nil, s != "#" && s != "§" && r.isFragmentLink(href):
			return
		}
	}
	if !ok || r.inLink() {
		r.children(n)
		return
	}
	q := r.sub("", '[', func() {
		r.linkDepth++
		r.children(n)
		r.linkDepth--
	})
	defer r.release(&q)
	r.para.owe(q.lead)
	if q.empty() {
		r.para.owe(q.owed)
		return
	}
	// A line break at the end of the text ("<a>Learn more<br></a>") goes
	// after the link: inside, it would leave the "](" alone at the start
	// of the next line.
	brk := q.takeEndBreak()
	if brk && q.blank() {
		r.para.hardBreak()
		return
	}
	if r.para.linkEnd && r.para.owed == sepNone {
		r.para.owe(sepSpace)
	}
	defer func() {
		if brk {
			r.para.hardBreak()
		}
	}()
	title := r.linkTitle(n, &q)
	if title == "" && autolinkable(&q, dest) {
		// The address once: "<https://x>", not "[https://x](https://x)".
		r.para.syntax("<")
		r.para.put(dest, bSyntax)
		r.para.put(">", bSyntax)
		r.para.linkEnd = true
		r.para.owe(q.owed)
		return
	}
	forceBrackets(&q)
	r.para.syntax("[")
	r.para.appendInline(&q)
	// In pieces, one run of syntax as one string would be, without
	// building that string.
	r.para.put("](", bSyntax)
	if dest == "" && title != "" {
		// An empty destination before a title is written "<>": without
		// it the title would be read as the destination.
		dest = "<>"
	}
	r.para.put(dest, bSyntax)
	r.para.put(title, bSyntax)
	r.para.put(")", bSyntax)
	r.para.linkEnd = true
	r.para.owe(q.owed)
}

// autolinkable reports whether a link whose text is q can be written as a
// CommonMark autolink: its text is the page's text alone, the same as its
// destination dest, an absolute URI (a scheme, a colon, no space, control
// character, "<" or ">"). Inside an autolink nothing is escaped or
// decoded, so a character reference there would stay literal where the
// destination decodes it: such a destination is kept.
func autolinkable(q *inline, dest string) bool {
	if string(q.b) != dest {
		return false
	}
	for _, run := range q.runs {
		if run.c == bSyntax {
			return false
		}
	}
	colon := strings.IndexByte(dest, ':')
	if colon < 2 || colon > 32 || !isASCIILetter(dest[0]) {
		return false
	}
	for i := 1; i < colon; i++ {
		if c := dest[i]; !isASCIILetter(c) && !isASCIIDigit(c) && c != '+' && c != '.' && c != '-' {
			return false
		}
	}
	for i := colon + 1; i < len(dest); i++ {
		switch c := dest[i]; {
		case c <= ' ', c == 0x7f, c == '<', c == '>', c == '\\':
			return false
		case c == '&' && entityFollows([]byte(dest[i+1:min(len(dest), i+40)])):
			return false
		}
	}
	return true
}

// inLink reports whether a link is being rendered already: HTML forbids
// links in links, and so does Markdown.
func (r *renderer) inLink() bool { return r.linkDepth > 0 }

// image renders <img> with a source and alt text; without alt text an image
// tells an agent nothing and is dropped.
func (r *renderer) image(n *html.Node) {
	alt := collapseSpace(getAttr(n, "alt"))
	src := imageSource(n)
	dest, ok := "", false
	if _, stock := attrOK(n, stockAltAttr); (alt != "" || stock) && src != "" {
		dest, ok = r.destination(src)
	}
	if !ok {
		r.dropInline(n)
		return
	}
	q := inline{}
	q.textAs(alt, bText)
	forceBrackets(&q)
	r.para.syntax("![")
	r.para.appendInline(&q)
	title := ""
	if t := collapseSpace(getAttr(n, "title")); t != "" && !strings.EqualFold(t, alt) {
		title = " " + quoteTitle(t)
	}
	r.para.put("]("+dest+title+")", bSyntax)
}

// dropInline leaves out an inline element a browser shows, an image, and
// the space it takes: between two words ("Trending on<img>this week", a
// logo between them) a space keeps them two words.
func (r *renderer) dropInline(n *html.Node) {
	if !isWordRune(r.para.lastRune()) {
		return
	}
	if next := n.NextSibling; next != nil && next.Type == html.TextNode {
		if c, _ := utf8.DecodeRuneInString(next.Data); isWordRune(c) {
			r.para.owe(sepSpace)
		}
	}
}

// imageSource is an image's address: src, or for lazy-loaded images whose
// src is empty or a placeholder (an inline data: image, a file named as
// one), data-src or the first srcset candidate: the picture the page's
// script puts in place, which is what a reader sees. Inline data: images
// are too large to be worth their tokens.
func imageSource(n *html.Node) string {
	src := strings.TrimSpace(getAttr(n, "src"))
	if src == "" || hasScheme(src, "data") || isPlaceholderFile(src) {
		placeholder := src
		src = ""
		for _, a := range []string{"data-src", "data-lazy-src", "data-original", "srcset", "data-srcset"} {
			v := strings.TrimSpace(getAttr(n, a))
			if strings.HasSuffix(a, "srcset") {
				v, _, _ = strings.Cut(v, ",")
				v, _, _ = strings.Cut(strings.TrimSpace(v), " ")
			}
			if v != "" && !hasScheme(v, "data") {
				src = v
				break
			}
		}
		if src == "" && !hasScheme(placeholder, "data") {
			src = placeholder // the page's only address for it
		}
	}
	return src
}

// placeholderWords are the words of a file name that stands in for a
// lazy-loaded picture: "placeholder.svg", "lazy-image-placeholder.jpg",
// "blank.gif", "spacer.png".
var placeholderWords = words("placeholder blank spacer lazy transparent pixel")

// isPlaceholderFile reports whether the last path segment of the address
// src is named as a placeholder (placeholderWords).
func isPlaceholderFile(src string) bool {
	path, _, _ := strings.Cut(src, "?")
	path, _, _ = strings.Cut(path, "#")
	name := path[strings.LastIndexByte(path, '/')+1:]
	if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
		name = name[:dot]
	}
	for w := range strings.FieldsFuncSeq(strings.ToLower(name), func(r rune) bool { return r < 'a' || r > 'z' }) {
		if placeholderWords[w] {
			return true
		}
	}
	return false
}

// forceBrackets makes every bracket of the page's text in q escaped: in
// link text an unbalanced one would end or split the link.
func forceBrackets(q *inline) {
	for i := range q.runs {
		if q.runs[i].c == bText {
			q.runs[i].c = bLinkText
		}
	}
}

// linkTitle returns the link's title attribute as Markdown, unless it only
// repeats the link's text.
func (r *renderer) linkTitle(n *html.Node, text *inline) string {
	t := getAttr(n, "title")
	// A title of control characters and spaces says nothing: written as
	// "", it would be read back as no title.
	if strings.TrimSpace(dropCodeControls(t)) == "" || strings.EqualFold(collapseSpace(t), string(text.b)) {
		return ""
	}
	// A heading is one line, and so is a table row.
	if r.heading != nil || r.para.flatSep == "<br>" {
		t = collapseSpace(t)
	}
	return " " + quoteTitle(t)
}

// quoteTitle writes a link title: quotes and backslashes escaped, and an
// ampersand that reads as a character reference, since CommonMark decodes
// them in titles (a title whose text is "&amp;", a page that escaped it
// twice, would lose it). Its line breaks stay, but not as blank lines, and
// a line that would start a block ("# b", "- c", "<div>") starts with a
// backslash: block structure is read before links, and such a line would
// end the paragraph, and the link with it. A line's leading whitespace,
// which a reader drops from a paragraph's lines, goes, and so do control
// characters but tab and line breaks.
func quoteTitle(t string) string {
	t = dropCodeControls(t) // they show nothing, as in text
	t = strings.ReplaceAll(t, "\r\n", "\n")
	t = strings.ReplaceAll(t, "\r", "\n")
	last := strings.Count(t, "\n")
	var sb strings.Builder
	sb.WriteByte('"')
	for k, line := range strings.Split(t, "\n") {
		esc := -1
		if k > 0 {
			line = strings.TrimLeft(line, " \t")
			if line == "" && k < last {
				continue // a blank line, not the title's last
			}
			sb.WriteByte('\n')
			if line != "" {
				if esc = lineStartEscape([]byte(line), false, false); line[0] == '<' {
					esc = 0
				}
			}
		}
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case i == esc, c == '\\' || c == '"':
				sb.WriteByte('\\')
			case c == '&' && entityFollows([]byte(line[i+1:min(len(line), i+40)])):
				sb.WriteByte('\\')
			}
			sb.WriteByte(line[i])
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// linkDestination returns the Markdown destination of an href, and false
// when the link only keeps its text: "#" or a script.
func (r *renderer) linkDestination(href string) (string, bool) {
	if strings.TrimSpace(href) == "#" {
		return "", false
	}
	return r.destination(href)
}

// destination resolves ref against the page's base and writes it as a
// Markdown link destination; false for scripts and inline data.
func (r *renderer) destination(ref string) (string, bool) {
	if lead := schemeLead(ref); startsScheme(lead, "javascript") || startsScheme(lead, "vbscript") || startsScheme(lead, "data") {
		return "", false
	}
	s := strings.TrimFunc(stripURLWhitespace(ref), isURLSpace)
	if r.opts.base != nil {
		s = r.resolve(s)
	}
	return markdownDestination(s), true
}

// resolve resolves s against the base. Parsing and writing out a URL was a
// quarter of the rendering's time, so the common forms are settled by a
// scan that proves url's result: an absolute http(s) URL it would write
// back unchanged, and a path from the root, which follows the base's origin.
func (r *renderer) resolve(s string) string {
	if sameResolved(s) {
		return s
	}
	if r.opts.origin != "" && len(s) > 1 && s[0] == '/' && s[1] != '/' && cleanRef(s) {
		if r.opts.baseLen > r.allow.resolve {
			return s
		}
		r.allow.resolve -= r.opts.baseLen
		return r.opts.origin + s
	}
	if len(s) > 1 && s[0] == '#' && cleanRef(s) {
		// A fragment that url writes back as it is (cleanRef) follows
		// what the base resolves to: half the links left to url.Parse
		// were footnotes and tables of contents.
		if r.opts.baseLen > r.allow.resolve {
			return s
		}
		r.allow.resolve -= r.opts.baseLen
		return r.fragmentBase() + s
	}
	if u, err := url.Parse(s); err == nil && r.afford(u, r.opts.baseLen) {
		s = r.opts.base.ResolveReference(u).String()
	}
	return s
}

// fragmentBase returns what a link to a fragment of the base resolves to,
// up to its "#": the same for every fragment, which url writes last.
func (r *renderer) fragmentBase() string {
	if r.fragBase == "" {
		s := r.opts.base.ResolveReference(&url.URL{Fragment: "f"}).String()
		r.fragBase = strings.TrimSuffix(s, "#f")
	}
	return r.fragBase
}

// sameResolved reports whether s is an absolute http(s) URL that url.Parse
// reads and ResolveReference and String write back byte for byte: a
// lowercase scheme, a plain host name with an optional port, and a path,
// query and fragment of bytes written as they are (cleanRef).
func sameResolved(s string) bool {
	var rest string
	switch {
	case strings.HasPrefix(s, "https://"):
		rest = s[len("https://"):]
	case strings.HasPrefix(s, "http://"):
		rest = s[len("http://"):]
	default:
		return false
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	if !plainHost(rest[:end]) {
		return false
	}
	return cleanRef(rest[end:])
}

// plainHost reports whether h is a host name of letters, digits, dots and
// hyphens, with an optional port of digits: one url writes as it is.
func plainHost(h string) bool {
	if h == "" {
		return false
	}
	colon := -1
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c == ':' && colon < 0:
			colon = i
		case '0' <= c && c <= '9':
		case colon >= 0:
			return false
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '.', c == '-':
		default:
			return false
		}
	}
	return colon != 0 && colon != len(h)-1
}

// cleanRef reports whether s, the path, query and fragment of a URL, is
// written back as it is once resolved against a base: a path that, when
// present, starts with one slash and holds no dot segment, and path and
// fragment bytes that url leaves unescaped. The query is kept verbatim
// whatever its printable bytes.
func cleanRef(s string) bool {
	path, frag, hasFrag := strings.Cut(s, "#")
	path, query, _ := strings.Cut(path, "?")
	if path != "" && (path[0] != '/' || strings.HasPrefix(path, "//") || strings.Contains(path, "/.")) {
		return false
	}
	// url writes no empty fragment back: "x#" becomes "x".
	if !pcharsOnly(path) || hasFrag && (frag == "" || !pcharsOnly(frag)) {
		return false
	}
	for i := 0; i < len(query); i++ {
		if c := query[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

// pcharsOnly reports whether s holds only the bytes of RFC 3986's path
// characters, slashes and question marks, each % starting an escape.
func pcharsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case urlBytes[c]&urlPchar != 0:
		case c == '%':
			if i+2 >= len(s) || !isHexDigit(s[i+1]) || !isHexDigit(s[i+2]) {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	return true
}

// resolveAllowance is what resolving relative links against the page's
// base may cost a page, in bytes of the base written out each time.
const resolveAllowance = 4 << 20

// afford reports whether the page may still resolve u against an address
// cost bytes long, and charges it. Resolving a relative reference writes
// out the base whole: a hostile page with a base megabytes long, then many
// short links, would otherwise cost time and Markdown in proportion to
// both. Once the allowance is spent, relative references stay as the page
// wrote them. Absolute ones cost nothing: they do not use the base.
func (r *renderer) afford(u *url.URL, cost int) bool {
	if u.Scheme != "" {
		return true
	}
	if cost > r.allow.resolve {
		return false
	}
	r.allow.resolve -= cost
	return true
}

// markdownDestination writes a URL so that Markdown reads it back whole:
// spaces, angle brackets, a lone % and the characters of urlEncoded
// percent-encoded, unbalanced parentheses escaped, and an & that starts
// a character reference written as one.
func markdownDestination(s string) string {
	depth := 0
	balanced := true
	// plain is whether every byte is written as it is, parentheses aside:
	// most addresses, resolved and so already encoded, are returned whole.
	plain := true
	for i := 0; i < len(s); i++ {
		if urlBytes[s[i]]&urlAsIs != 0 {
			continue
		}
		switch c := s[i]; c {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				balanced = false
			}
			depth--
		case '%':
			// An escape of an ASCII byte stays as written; one that may
			// start a character, or a lone %, is rewritten below.
			plain = plain && i+2 < len(s) && s[i+1] < 'C' && isHexDigit(s[i+1]) && isHexDigit(s[i+2])
		case ' ', '<', '>':
			plain = false
		case '&':
			plain = plain && !entityFollows([]byte(s[i+1:min(len(s), i+40)]))
		default:
			if c < 0x20 || c >= 0x7f || strings.IndexByte(urlEncoded, c) >= 0 {
				plain = false
			}
		}
	}
	balanced = balanced && depth == 0
	if plain && balanced {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			sb.WriteString("%20")
		case c == '<':
			sb.WriteString("%3C")
		case c == '>':
			sb.WriteString("%3E")
		case strings.IndexByte(urlEncoded, c) >= 0:
			// CommonMark renderers (goldmark, commonmark.js) write these
			// percent-encoded in the HTML, as browsers do the quote and
			// the backtick: the same address, and the Markdown of that
			// HTML is this Markdown.
			fmt.Fprintf(&sb, "%%%02X", c)
		case c == '%' && i+2 < len(s) && s[i+1] >= 'C' && isHexDigit(s[i+1]) && isHexDigit(s[i+2]):
			// A character percent-encoded in UTF-8 is written as the
			// character, when it is one that shows (RFC 3987's IRI):
			// shorter, readable, the same address; and CommonMark
			// renderers encode it again, so the Markdown reads back the same.
			if r, n := decodePercentRune(s[i:]); n > 0 && showsInAddress(r) {
				sb.WriteRune(r)
				i += n - 1
			} else {
				sb.WriteByte(c)
			}
		case c >= utf8.RuneSelf:
			// A character that does not show (a space, a format control)
			// is written percent-encoded, as CommonMark renderers write it.
			r, n := utf8.DecodeRuneInString(s[i:])
			if showsInAddress(r) {
				sb.WriteString(s[i : i+n])
			} else {
				for _, b := range []byte(s[i : i+n]) {
					fmt.Fprintf(&sb, "%%%02X", b)
				}
			}
			i += n - 1
		case c == '%' && !(i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2])):
			// A % that starts no escape is a percent sign: CommonMark
			// renderers write it %25, and so must the Markdown, for the
			// address to read back the same.
			sb.WriteString("%25")
		case c < 0x20 || c == 0x7f:
			// Encoded, as browsers encode them: dropped, they could join
			// "java" and "script:" into a script link.
			fmt.Fprintf(&sb, "%%%02X", c)
		case c == '&' && entityFollows([]byte(s[i+1:min(len(s), i+40)])):
			// CommonMark decodes character references in a destination:
			// an address holding "&amp;" (a page that escaped its href
			// twice) would lose it. goldmark decodes them after taking
			// backslashes off, so the & is a reference itself.
			sb.WriteString("&amp;")
		case (c == '(' || c == ')') && !balanced:
			sb.WriteByte('\\')
			sb.WriteByte(c)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// decodePercentRune decodes the percent-encoded UTF-8 sequence of one
// character other than ASCII at the start of s ("%C3%A9"), and returns it
// with the length of its encoding; 0 when s starts with no such sequence.
func decodePercentRune(s string) (rune, int) {
	var buf [utf8.UTFMax]byte
	n := 0
	for n < utf8.UTFMax && 3*n+2 < len(s) && s[3*n] == '%' && isHexDigit(s[3*n+1]) && isHexDigit(s[3*n+2]) {
		buf[n] = unhex(s[3*n+1])<<4 | unhex(s[3*n+2])
		n++
		if r, size := utf8.DecodeRune(buf[:n]); r != utf8.RuneError && size == n {
			if size == 1 {
				return 0, 0 // ASCII: its escape may mean something
			}
			return r, 3 * n
		}
	}
	return 0, 0
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// showsInAddress reports whether the character r, not ASCII, is written
// as itself in a link's address: it shows, and is neither a space nor a
// format control (a direction mark would reorder what the reader sees).
func showsInAddress(r rune) bool {
	return r != utf8.RuneError && unicode.IsGraphic(r) && !unicode.IsSpace(r) && !unicode.Is(unicode.Cf, r)
}

// urlEncoded are the ASCII characters a link's address writes
// percent-encoded. A backslash is among them: written as it is, it
// escapes what follows or stays, and either way CommonMark renderers
// write it %5C.
const urlEncoded = "\"`[\\]^{|}"

// urlBytes classes the bytes of URLs, for the scans of every link
// destination: a table lookup instead of comparisons against sets.
var urlBytes = func() (t [256]uint8) {
	for c := 0x21; c < 0x7f; c++ {
		if !strings.ContainsRune(urlEncoded+"()%<>&", rune(c)) {
			t[c] |= urlAsIs
		}
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("-._~!$&'()*+,;=:@/?", rune(c)) {
			t[c] |= urlPchar
		}
	}
	return t
}()

const (
	urlAsIs  = 1 << iota // markdownDestination writes it as it is
	urlPchar             // a path character, slash or question mark (pcharsOnly)
)

// hasScheme reports whether ref starts with scheme and a colon, ignoring
// case and the whitespace and control characters browsers ignore.
func hasScheme(ref, scheme string) bool {
	return startsScheme(schemeLead(ref), scheme)
}

// schemeLead is ref as hasScheme reads its scheme: without the whitespace
// and control characters browsers ignore.
func schemeLead(ref string) string {
	return stripURLWhitespace(strings.TrimLeftFunc(ref, isURLSpace))
}

// startsScheme reports whether s, a schemeLead, starts with scheme and a
// colon, ignoring case.
func startsScheme(s, scheme string) bool {
	return len(s) > len(scheme) && strings.EqualFold(s[:len(scheme)], scheme) && s[len(scheme)] == ':'
}

// isURLSpace reports whether r is left out at the ends of a URL: the C0
// controls and space, which browsers strip, and other Unicode spaces. The
// scheme check and the destination written trim the same.
func isURLSpace(r rune) bool {
	return r <= ' ' || unicode.IsSpace(r)
}

// isFragmentLink reports whether href points at a fragment of the page
// itself.
func (r *renderer) isFragmentLink(href string) bool {
	h := strings.TrimSpace(href)
	if strings.HasPrefix(h, "#") {
		return true
	}
	if r.opts.base == nil || r.opts.page == nil {
		return false
	}
	u, err := url.Parse(h)
	if err != nil || u.Fragment == "" || !r.afford(u, r.opts.baseLen+r.opts.pageLen) {
		return false
	}
	abs := r.opts.base.ResolveReference(u)
	page := *r.opts.page
	abs.Fragment, page.Fragment = "", ""
	abs.RawFragment, page.RawFragment = "", ""
	return abs.String() == page.String()
}

// permalinkSymbol returns the link's text when it is one text node of
// only a symbol sites put beside a heading or a definition to link it,
// else "". It reads no more than that node.
func permalinkSymbol(n *html.Node) string {
	c := n.FirstChild
	if c == nil || c != n.LastChild || c.Type != html.TextNode || len(c.Data) > 16 {
		return ""
	}
	switch s := strings.TrimSpace(c.Data); s {
	case "¶", "§", "🔗", "#":
		return s
	}
	return ""
}

// isAnchorSymbol reports whether a heading's self-link text is only the
// symbol sites put beside headings.
func isAnchorSymbol(s string) bool {
	switch strings.ToLower(s) {
	case "", "#", "¶", "§", "🔗", "link", "permalink", "anchor", "#link", "direct link":
		return true
	}
	return false
}

func isHexDigit(c byte) bool {
	return isASCIIDigit(c) || ('a' <= c|0x20 && c|0x20 <= 'f')
}
