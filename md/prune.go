package md

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// prune removes from the document what is never content, whatever the
// extract mode: the <head>, scripts, styles, templates, SVG, canvas, media,
// frames, embedded objects, buttons, icons (isIcon), "Sent from my iPhone"
// lines (sentFromLine), settings blocks the page's scripts read
// (isSettingsBlock), questions rating the page over their buttons
// (isPollQuestion), ads' labels (isAdLabel, isScrambledLabel), carousels'
// copies of their slides (isCarouselClone) and their slide counters
// (isSlideCounter), a shop's add-to-cart controls (isCartControl), a
// thread's reply controls (isReplyControl), skip links (isSkipLink), the
// reader's star-rating controls (isRatingInput), with their labels
// (isRatingWidget), subtrees hidden from people (hidden,
// aria-hidden="true", inline display:none, the classes that mean it, a
// closed <dialog>; not what convertDocument shows first: the collapsed
// panels of accordions and tab sets (unfoldPanels), the whole text a "Read
// more" unfolds (unfoldCutTexts), the content of a <main> that shows next
// to nothing (unhideMain)), streamed Suspense segments that were never
// moved into place, <noscript> notices, and skip markers.
// Math becomes its TeX, written once for its source and its renderings
// (math.go says which copy is read). Text markers lose their children:
// the renderer writes their md instead.
// Links back up the page go right after, in dropBackLinks: which element
// a link points to is known only once the whole page is read.
//
// An only marker keeps its subtree although it is hidden, by its own
// attributes or by a hidden ancestor: of a hidden subtree, only the only
// markers inside it remain, in place of the subtree. Inside an only marker
// the rules apply as anywhere else. An only marker does not bring back what
// is never content (a <template>'s inert content, a button): markers there
// are not read. The markers package documents the whole vocabulary.
//
// It reports whether it met a main marker: every element that stays in
// the document is met, so without one the search for main markers would
// find none.
func prune(doc *html.Node) (mains bool) {
	p := pruner{cues: readCues(doc)}
	p.pruneChildren(doc)
	return p.mains
}

// pruner is the state of one prune walk: what the math wrappers met hold,
// whether a main marker was met, and the elements that may be controls.
type pruner struct {
	scans mathScans
	mains bool
	cues  controlCues
}

// controlCues holds, for the elements that may be one of the controls
// below, which: the rest are not asked. Every element would be, each
// reading up to tens of nodes under it, and few pages hold the text or
// the buttons these controls are made of.
type controlCues map[*html.Node]uint8

const (
	cueFold    uint8 = 1 << iota // over a short text saying more or less (isFoldToggle)
	cueStepper                   // over a text that may say Quantity or Qty (isQuantityStepper)
	cuePoll                      // over a text with a question mark (isPollQuestion)
	cueStars                     // with three or more stars as children (isRatingInput)
	cueRating                    // with a child that has cueStars (isRatingWidget)
)

// readCues reads doc's controlCues in one walk. Each element is marked
// for a text under it by climbing from the text until an element already
// marked so: the marks are linear in the page. Prune checks an element
// before it changes anything under it and adds no such text or button, so
// what is read here holds when each element is asked.
func readCues(doc *html.Node) controlCues {
	cues := controlCues{}
	mark := func(n *html.Node, cue uint8) {
		for ; n != nil && n.Type == html.ElementNode && cues[n]&cue == 0; n = n.Parent {
			cues[n] |= cue
		}
	}
	stars := map[*html.Node]int{}
	walk(doc, func(n *html.Node) bool {
		switch n.Type {
		case html.TextNode:
			// Trimmed once: the spaces between elements, most texts,
			// are passed over, and no test below reads spaces.
			t := strings.TrimSpace(n.Data)
			if t == "" {
				return true
			}
			if len(t) <= 2*cartActionBytes && containsMoreOrLess(t) {
				mark(n.Parent, cueFold) // isFoldToggle's own test of its texts
			}
			if mayBeStepperText(t) {
				mark(n.Parent, cueStepper)
			}
			if strings.IndexByte(t, '?') >= 0 {
				mark(n.Parent, cuePoll)
			}
		case html.ElementNode:
			if n.Parent != nil && (n.DataAtom == atom.Button || n.DataAtom == atom.A && !isLink(n) || hasToken(getAttr(n, "role"), "button")) {
				if stars[n.Parent]++; stars[n.Parent] == ratingStarsMin {
					cues[n.Parent] |= cueStars
					if n.Parent.Parent != nil {
						cues[n.Parent.Parent] |= cueRating
					}
				}
			}
		}
		return true
	})
	return cues
}

func (p *pruner) pruneChildren(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch c.Type {
		case html.ElementNode:
			p.pruneElement(c)
		case html.TextNode:
			if sentFromLine(c) {
				// It ends its block: what follows it goes with it.
				for c.NextSibling != nil {
					n.RemoveChild(c.NextSibling)
				}
				for p := c.PrevSibling; p != nil && (p.DataAtom == atom.Br || p.Type == html.TextNode && strings.TrimSpace(p.Data) == ""); p = c.PrevSibling {
					n.RemoveChild(p)
				}
				n.RemoveChild(c)
				return
			}
			// Every text node is read: one search for a backslash, and
			// the delimiters looked for only from there, in the text as
			// it is written (splitTeXDelimiters).
			if strings.IndexByte(c.Data, '\\') >= 0 {
				splitTeXDelimiters(c)
			}
		case html.CommentNode, html.DoctypeNode:
			n.RemoveChild(c)
		}
		c = next
	}
}

func (p *pruner) pruneElement(n *html.Node) {
	if tex, block, ok := texScript(n); ok {
		dropMathJaxRenderings(n)
		if tex != "" {
			replaceWithText(n, tex, block)
		} else {
			n.Parent.RemoveChild(n)
		}
		return
	}
	if neverContent(n) && !rubyParenthesis(n) || isStreamSegment(n) || isCarouselClone(n) {
		n.Parent.RemoveChild(n)
		return
	}
	if m, ok := markers.Of(n); ok {
		switch m.Mode {
		case markers.ModeSkip:
			n.Parent.RemoveChild(n)
			return
		case markers.ModeOnly:
			p.pruneChildren(n)
			return
		case markers.ModeText:
			if isHidden(n) {
				n.Parent.RemoveChild(n)
			} else {
				replaceChildrenByText(n, m)
			}
			return
		case markers.ModeMain:
			p.mains = true
		}
	}
	if tex, block, ok := mathWrapperText(n, &p.scans); ok && !isHidden(n) {
		replaceWithText(n, tex, block)
		return
	}
	var cue uint8
	if len(p.cues) > 0 {
		cue = p.cues[n]
	}
	switch {
	case isHidden(n):
		p.keepOnly(n)
		return
	case n.DataAtom == atom.Math:
		if tex, block := mathText(n); tex != "" {
			replaceWithText(n, tex, block)
		} else {
			n.Parent.RemoveChild(n)
		}
		return
	case n.DataAtom == atom.Img:
		if tex, block, ok := imageTeX(n); ok {
			if afterTeX(n) {
				n.Parent.RemoveChild(n)
			} else {
				replaceWithText(n, tex, block)
			}
			return
		}
		if isIcon(n) {
			n.Parent.RemoveChild(n)
			return
		}
	case n.Data == "mjx-container":
		if tex, block, ok := mathJaxText(n); ok {
			if tex != "" {
				replaceWithText(n, tex, block)
			} else {
				n.Parent.RemoveChild(n)
			}
			return
		}
	case isSettingsBlock(n), cue&cuePoll != 0 && isPollQuestion(n), isAdLabel(n), isScrambledLabel(n), isSlideCounter(n), isCartControl(n), isReplyControl(n), isSkipLink(n),
		cue&cueStars != 0 && isRatingInput(n), cue&cueRating != 0 && isRatingWidget(n),
		cue&cueStepper != 0 && isQuantityStepper(n), cue&cueFold != 0 && isFoldToggle(n):
		n.Parent.RemoveChild(n)
		return
	case n.DataAtom == atom.Noscript && isNoscriptNotice(n):
		n.Parent.RemoveChild(n)
		return
	}
	p.pruneChildren(n)
}

// sentFromRunes is the most text a "Sent from my ..." line holds.
const sentFromRunes = 100

// sentFromLine reports whether the text node t begins the line a phone's
// mail client or a forum's app adds to what it sends, "Sent from my
// iPhone", "Sent from my SM-S908U using Tapatalk", and that line ends its
// block: t begins the block or follows a line break, and after it come
// only inline elements (the app's link), up to sentFromRunes of text in
// all. It says how the post was written, not what.
func sentFromLine(t *html.Node) bool {
	// Every text node asks: most are told apart by their first letter
	// after ASCII spaces, without the Unicode trim.
	i := 0
	for i < len(t.Data) && isHTMLSpace(t.Data[i]) {
		i++
	}
	if i == len(t.Data) || t.Data[i] < utf8.RuneSelf && t.Data[i] != 'S' {
		return false
	}
	if !strings.HasPrefix(strings.TrimLeftFunc(t.Data[i:], unicode.IsSpace), "Sent from my ") {
		return false
	}
	p := t.PrevSibling
	for p != nil && p.Type == html.TextNode && strings.TrimSpace(p.Data) == "" {
		p = p.PrevSibling
	}
	if p != nil && p.DataAtom != atom.Br {
		return false
	}
	runes := utf8.RuneCountInString(strings.TrimSpace(t.Data))
	for c := t.NextSibling; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (isBlockName(c.DataAtom) || c.DataAtom == atom.Br) {
			return false
		}
		runes += utf8.RuneCountInString(textContent(c))
	}
	return runes <= sentFromRunes
}

// adLabels are what the label over an ad, or a link past it, says.
var adLabels = phrases("advertisement", "sponsored", "skip advertisement", "advertisement - continue reading below")

// containsMoreOrLess is containsFoldASCII(t, "more") ||
// containsFoldASCII(t, "less") in one pass.
func containsMoreOrLess(t string) bool {
	for i := 0; i+4 <= len(t); i++ {
		switch t[i] | 0x20 {
		case 'm':
			if equalFoldASCII(t[i+1:i+4], "ore") {
				return true
			}
		case 'l':
			if equalFoldASCII(t[i+1:i+4], "ess") {
				return true
			}
		}
	}
	return false
}

// mayBeStepperText reports whether the text t may be read whole by
// isQuantityStepper and say its label: nothing but spaces, the letters
// of "quantity", digits, signs and non-ASCII characters (a minus sign, a
// Unicode space), with a q. Most texts are told apart by their first few
// letters.
func mayBeStepperText(t string) bool {
	q := false
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= utf8.RuneSelf, '0' <= c && c <= '9', isHTMLSpace(c):
		default:
			switch c | 0x20 {
			case 'q':
				q = true
			case 'u', 'a', 'n', 't', 'i', 'y', 'k':
			default:
				switch c {
				case ',', '.', ':', '-', '+', '\v':
				default:
					return false
				}
			}
		}
	}
	return q
}

// isAdLabel reports whether n is nothing but the label of an ad's slot or
// of a sponsored item: an element of text alone, no element inside it,
// saying one of adLabels ("Advertisement", "Sponsored" over a product a
// shop is paid to list). The ad is gone or is a card like the others;
// the label would stand alone or mark an item the reader asked for.
func isAdLabel(n *html.Node) bool {
	size, nodes, ok := textOnly(n)
	if !ok || size == 0 || size > adLabelBytes {
		return false
	}
	// Every element of text alone asks: most say something else, and
	// are told apart by their first letter without building their text.
	if t := strings.TrimLeftFunc(n.FirstChild.Data, unicode.IsSpace); n.FirstChild == n.LastChild &&
		(t == "" || t[0]|0x20 != 'a' && t[0]|0x20 != 's') {
		return false
	}
	var buf [2 * adLabelBytes]byte
	text, _ := lowerTextUpTo(buf[:0], n, size+nodes) // whole: text nodes only
	return adLabels[string(text)]
}

// isScrambledLabel reports whether n is a label scrambled against ad
// blockers and copying: nothing but four or more spans of text alone, each
// one character or none, or a UUID, two UUIDs at least. A shop spells
// "Sponsored" a letter a span, between spans of UUIDs its stylesheet
// hides; read without the stylesheet it is "9303097ac-d3e5-…X2bf8403c-…",
// which no reader can read, and the label it hides is an ad's (isAdLabel).
func isScrambledLabel(n *html.Node) bool {
	// Every element asks: most are told apart by their first child.
	if c := n.FirstChild; c == nil || c.DataAtom != atom.Span {
		return false
	}
	spans, uuids := 0, 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.CommentNode, c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
			continue
		case c.DataAtom != atom.Span:
			return false
		}
		size, _, ok := textOnly(c)
		switch {
		case !ok:
			return false
		case size == 36 && isUUID(textContent(c)):
			uuids++
		case size > utf8.UTFMax || utf8.RuneCountInString(textContent(c)) > 1:
			return false
		}
		spans++
	}
	return spans >= 4 && uuids >= 2
}

// isUUID reports whether s is a UUID as text writes it: 36 characters,
// hexadecimal digits in groups of 8, 4, 4, 4 and 12 joined by hyphens.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f') {
				return false
			}
		}
	}
	return true
}

// textOnly returns the bytes of text of n's children and their number,
// and whether they are all text nodes: an element of text alone, as a
// label or a counter is ("Advertisement", "1 of 23").
func textOnly(n *html.Node) (size, nodes int, ok bool) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.TextNode {
			return 0, 0, false
		}
		size += len(c.Data)
		nodes++
	}
	return size, nodes, true
}

// adLabelBytes is the most text, spaces included, of an ad's label.
const adLabelBytes = 64

// pollRunes is the most text of a question whose answers are buttons.
const pollRunes = 80

// isPollQuestion reports whether n asks the reader to rate the page with
// the buttons right after it: a short question (up to pollRunes of text
// ending with a question mark, no link in it) on whether the page was
// helpful or useful, followed by two or more <button>s in a row or a
// block of nothing but them. "Was this page helpful?" over its Yes and
// No asks for a click, and its buttons, never content, are gone. A
// question over other buttons ("Easy enough, right?" over "Book a move")
// may be the page's text and stays.
func isPollQuestion(n *html.Node) bool {
	if !isBlockName(n.DataAtom) && n.DataAtom != atom.Span {
		return false
	}
	next := nextElement(n)
	switch {
	case next == nil:
		return false
	case next.DataAtom == atom.Button:
		if after := nextElement(next); after == nil || after.DataAtom != atom.Button {
			return false
		}
	case !onlyButtons(next):
		return false
	}
	text := strings.ToLower(collapseSpace(textContent(n)))
	return strings.HasSuffix(text, "?") && utf8.RuneCountInString(text) <= pollRunes &&
		(strings.Contains(text, "helpful") || strings.Contains(text, "useful")) &&
		findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.A }) == nil
}

// nextElement is the element right after n, or nil when text other than
// spaces comes first, or nothing.
func nextElement(n *html.Node) *html.Node {
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.ElementNode:
			return c
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			return nil
		}
	}
	return nil
}

// prevElement is the element right before n, or nil when text other than
// spaces comes between them, or nothing.
func prevElement(n *html.Node) *html.Node {
	for c := n.PrevSibling; c != nil; c = c.PrevSibling {
		switch {
		case c.Type == html.ElementNode:
			return c
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			return nil
		}
	}
	return nil
}

// onlyButtons reports whether n holds two or more <button>s and no text
// outside them, in at most buttonsNodes nodes: a block of answers is
// small, and every block asks this of the element after it.
func onlyButtons(n *html.Node) bool {
	buttons, nodes := 0, 0
	// read reports whether c holds no text, counting its buttons; it
	// stops at the first text or past buttonsNodes, the rest unread.
	var read func(c *html.Node) bool
	read = func(c *html.Node) bool {
		nodes++
		switch {
		case nodes > buttonsNodes:
			return false // too large to be answers
		case c.DataAtom == atom.Button:
			buttons++
			return true
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			return false
		}
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			if !read(d) {
				return false
			}
		}
		return true
	}
	return read(n) && buttons >= 2
}

// buttonsNodes is the most nodes onlyButtons reads.
const buttonsNodes = 64

// settingRunes is the most text of one cell of a settings block.
const settingRunes = 100

// isSettingsBlock reports whether n is settings the page's scripts read
// and remove before anyone sees the page, as an AEM (Franklin) page's
// section-metadata and metadata blocks: a <div> named metadata
// ("section-metadata", "metadata") whose rows are all <div>s of a key and
// a value, two <div> cells of up to settingRunes of text each, with no
// other element inside: "source | insurance_lp_hero", "Style |
// text-center".
func isSettingsBlock(n *html.Node) bool {
	if n.DataAtom != atom.Div {
		return false
	}
	class := getAttr(n, "class")
	if !containsFoldASCII(class, "metadata") {
		// Every <div> asks: one search turns most away before the split.
		return false
	}
	named := false
	for c := range strings.FieldsSeq(class) {
		// Every <div> asks: its classes are compared without lowering
		// them (only ASCII letters lower to these).
		if len(c) >= len("metadata") && strings.EqualFold(c[len(c)-len("metadata"):], "metadata") &&
			(len(c) == len("metadata") || c[len(c)-len("-metadata")] == '-') {
			named = true
			break
		}
	}
	if !named {
		return false
	}
	rows := 0
	for row := n.FirstChild; row != nil; row = row.NextSibling {
		switch {
		case row.Type == html.TextNode && strings.TrimSpace(row.Data) == "":
			continue
		case row.DataAtom != atom.Div:
			return false
		}
		cells := 0
		for cell := row.FirstChild; cell != nil; cell = cell.NextSibling {
			switch {
			case cell.Type == html.TextNode && strings.TrimSpace(cell.Data) == "":
				continue
			case cell.DataAtom != atom.Div || findFirst(cell, func(c *html.Node) bool { return c != cell && c.Type == html.ElementNode }) != nil,
				utf8.RuneCountInString(strings.TrimSpace(textContent(cell))) > settingRunes:
				return false
			}
			cells++
		}
		if cells != 2 {
			return false
		}
		rows++
	}
	return rows > 0
}

// iconWords are the words that, last in an image's alt text, name the
// image as an icon: "leaving site icon", "couch-icon", "Menu Arrow".
var iconWords = words("icon icons arrow chevron caret")

// iconAltWords is the most words an alt text ending with one of iconWords
// has when it names an icon: "breadcrumb Arrow", "long distance icon";
// a longer one describes a picture ("... forming an arrow").
const iconAltWords = 5

// isIcon reports whether img is an icon whose alt text describes the
// picture rather than saying anything the text beside it does not: an
// image ARIA makes presentational (role="presentation" or "none"), or
// one whose short alt text ends with a word naming an icon ("leaving site
// icon" after a link's text, "down arrow" beside a question). An
// icon alone in a table cell is the cell's value (a comparison table's
// checkmark) and stays.
func isIcon(img *html.Node) bool {
	role := getAttr(img, "role")
	presentational := hasToken(role, "presentation") || hasToken(role, "none")
	// Every image asks: the words of its alt text are counted, and the
	// last one looked up, without a slice of them.
	words, last := 0, ""
	for w := range strings.FieldsFuncSeq(getAttr(img, "alt"), func(r rune) bool {
		return r == '-' || r == '_' || unicode.IsSpace(r)
	}) {
		words, last = words+1, w
	}
	switch {
	case presentational:
	case words > 0 && words <= iconAltWords && lowerIn(last, iconWords):
	default:
		return false
	}
	return !aloneInCell(img)
}

// aloneInCell reports whether img is all a table cell shows: the cell's
// value, a checkmark or a cross in a comparison table. It looks for the
// cell at most cellDepth elements up and reads at most cellNodes of it, so
// that a page of many icons is read in linear time; a larger cell is not
// one value.
func aloneInCell(img *html.Node) bool {
	depth := 0
	for p := img.Parent; p != nil && p.Type == html.ElementNode && depth < cellDepth; p = p.Parent {
		switch p.DataAtom {
		case atom.Td, atom.Th:
			text, whole := textUpTo(p, cellNodes)
			return whole && strings.TrimSpace(text) == ""
		case atom.Table, atom.Body:
			return false
		}
		depth++
	}
	return false
}

const (
	cellDepth = 4   // elements between an icon and its table cell
	cellNodes = 256 // nodes and bytes of text read in the cell
)

// neverContent reports whether n is an element whose subtree is never
// Markdown content.
func neverContent(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Head, atom.Script, atom.Style, atom.Template, atom.Svg, atom.Canvas,
		atom.Video, atom.Audio, atom.Iframe, atom.Frame, atom.Frameset, atom.Noframes,
		atom.Object, atom.Embed, atom.Param, atom.Source, atom.Track, atom.Button,
		atom.Link, atom.Meta, atom.Base, atom.Title, atom.Datalist, atom.Map, atom.Rp:
		return true
	}
	return n.Namespace == "svg"
}

// rubyParenthesis reports whether n is an <rp> of a ruby: the renderer
// writes its text around the readings (see renderer.ruby), where no
// other <rp> shows anything.
func rubyParenthesis(n *html.Node) bool {
	return n.DataAtom == atom.Rp && n.Parent != nil && n.Parent.DataAtom == atom.Ruby
}

// cloneClasses are the classes carousel libraries give the copies of
// slides they add to loop round (Slick, Swiper, Glide, Splide): never
// content, the slide is there once already. Owl's is "cloned" beside
// "owl-item" (see isCarouselClone).
var cloneClasses = map[string]bool{
	"slick-cloned": true, "swiper-slide-duplicate": true,
	"glide__slide--clone": true, "splide__slide--clone": true,
}

// isCarouselClone reports whether n is a carousel's copy of a slide, by
// its library's class (cloneClasses). Clones the library also marks
// aria-hidden are hidden anyway; Swiper's and Owl's are not.
func isCarouselClone(n *html.Node) bool {
	v := getAttr(n, "class")
	if !strings.Contains(v, "clone") && !strings.Contains(v, "duplicate") {
		// Every element's class list is read: a search is quicker than
		// splitting it.
		return false
	}
	owl, cloned := false, false
	for c := range strings.FieldsSeq(v) {
		switch {
		case cloneClasses[c]:
			return true
		case c == "owl-item":
			owl = true
		case c == "cloned":
			cloned = true
		}
	}
	return owl && cloned
}

// slideClasses are the classes carousel libraries give each slide
// (Slick, Swiper, Splide, Glide, Bootstrap, Owl).
var slideClasses = map[string]bool{
	"slick-slide": true, "swiper-slide": true, "splide__slide": true,
	"glide__slide": true, "carousel-item": true, "owl-item": true,
}

// isSlide reports whether n is a carousel's slide, by its library's class
// (slideClasses), and not a copy of one (isCarouselClone). Slick and
// Splide mark every slide out of view aria-hidden: the reader brings each
// into view with the carousel's arrows, and a carousel of testimonials or
// features is the page's to read, all its slides, not the one shown first.
func isSlide(n *html.Node) bool {
	v := getAttr(n, "class")
	if !strings.Contains(v, "slide") && !strings.Contains(v, "item") || isCarouselClone(n) {
		return false
	}
	for c := range strings.FieldsSeq(v) {
		if slideClasses[c] {
			return true
		}
	}
	return false
}

// hideClass is the class that hides an element in Bootstrap (up to
// version 3) and Foundation, display:none however the page is styled: a
// promo bar's messages shown one at a time, a toolbar the page's scripts
// reveal. Its namesake "hidden" is not: Tailwind's "hidden md:block"
// shows on wider screens. noneClass is Bootstrap's (from version 4);
// stateClass is Bulma's, and the state many BEM themes give what their
// scripts reveal (a feedback form's thanks, a share button, a field's
// error message).
const (
	hideClass  = "hide"
	noneClass  = "d-none"
	stateClass = "is-hidden"
)

// hidesByClass reports whether the class list v hides its element on
// every screen: hideClass, stateClass, or noneClass without a display class for a
// breakpoint or for print ("d-none d-md-block" shows on wider screens).
func hidesByClass(v string) bool {
	if strings.Contains(v, "dark:") && darkOnly(v) {
		return true
	}
	if !strings.Contains(v, hideClass) && !strings.Contains(v, noneClass) && !strings.Contains(v, stateClass) {
		// Neither class is there: every element's class list is read, and
		// a search for a word is quicker than splitting the list.
		return false
	}
	none := false
	for c := range strings.FieldsSeq(v) {
		switch {
		case c == hideClass, c == stateClass:
			return true
		case c == noneClass:
			none = true
		case strings.HasPrefix(c, "d-") && strings.Count(c, "-") >= 2:
			return false // "d-md-block", "d-print-none"
		}
	}
	return none
}

// darkOnly reports whether the class list v shows its element in a dark
// colour scheme only: Tailwind's "hidden dark:block", the copy of a
// picture drawn for dark backgrounds beside the one for light ones
// ("dark:hidden"), which says again what that one says. The page is read
// in its light scheme, as a browser shows it by default. A display class
// for a width ("hidden md:block") shows it on wider screens: no such copy.
func darkOnly(v string) bool {
	hidden, dark := false, false
	for c := range strings.FieldsSeq(v) {
		lc := strings.ToLower(c)
		i := strings.LastIndexByte(lc, ':')
		switch {
		case lc == "hidden":
			hidden = true
		case i < 0 || !shownWords[lc[i+1:]]:
		case lc[:i] == "dark":
			dark = true
		default:
			return false
		}
	}
	return hidden && dark
}

// isHidden reports whether n is hidden from people by its own attributes.
// A carousel's slide marked aria-hidden is out of view, not hidden
// (isSlide).
func isHidden(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "hidden":
			// hidden="until-found" content is revealed by find-in-page: it is
			// content, folded.
			if !strings.EqualFold(strings.TrimSpace(a.Val), "until-found") {
				return true
			}
		case "aria-hidden":
			if strings.EqualFold(strings.TrimSpace(a.Val), "true") && !isShownDuplicateLink(n) && !isSlide(n) {
				return true
			}
		case "style":
			if displayNone(a.Val) {
				return true
			}
		case "class":
			if hidesByClass(a.Val) || isBoringLine(n, a.Val) || isUnshownPrice(n, a.Val) {
				return true
			}
		}
	}
	if n.DataAtom == atom.Dialog {
		_, open := attrOK(n, "open")
		return !open
	}
	return false
}

// boringClass marks, in mdBook's code blocks, the lines a listing hides
// until the reader asks for them (a "#"-prefixed line of Rust, the
// trait a snippet needs to compile): its script folds them on every page
// it builds, as the text around the listing reads it.
const boringClass = "boring"

// isBoringLine reports whether n, with class list v, is a line of code
// mdBook hides (boringClass): a <span> of a <code>.
func isBoringLine(n *html.Node, v string) bool {
	return n.DataAtom == atom.Span && n.Parent != nil && n.Parent.DataAtom == atom.Code && hasToken(v, boringClass)
}

// Shopify's themes (Dawn, Debut and the many built on them) write each
// price both ways, its regular form and its form on sale, and show one by
// the state the price's element names: "price--on-sale" shows the sale
// form ("Sale price $179 Regular price $299.00"), else the regular one
// ("Regular price $799"). Both written out say the price twice, labelled
// as two prices.
const (
	priceClass       = "price"
	priceOnSaleClass = "price--on-sale"
	priceRegular     = "price__regular"
	priceSale        = "price__sale"
	// priceLevels is how far above a price's form its element may be:
	// Dawn wraps the two forms in a "price__container".
	priceLevels = 3
	// priceSiblings is how many nodes on either side of a price's form
	// the other form is looked for in: blank text and a comment or two
	// between them. isHidden is asked of an element once for each text
	// under it that hiddenAbove climbs from, so it reads a bounded number
	// of siblings, not all the comments a page may put there.
	priceSiblings = 8
)

// isUnshownPrice reports whether n, with class list v, is the form of a
// price its state hides (see priceClass): one of the two forms, right
// beside the other, under an element of class "price" that is on sale
// (the regular form hides) or not (the sale form hides).
func isUnshownPrice(n *html.Node, v string) bool {
	// isHidden asks of every class list: both forms' classes hold "__",
	// which no other character folds to, and most lists have none.
	if !strings.Contains(v, "__") {
		return false
	}
	regular, sale := hasToken(v, priceRegular), hasToken(v, priceSale)
	if regular == sale {
		return false
	}
	other := priceSale
	if sale {
		other = priceRegular
	}
	if !besideClass(n, other, true) && !besideClass(n, other, false) {
		return false // one form only: what the price says
	}
	p := n.Parent
	for range priceLevels {
		if p == nil || p.Type != html.ElementNode {
			return false
		}
		if c := getAttr(p, "class"); hasToken(c, priceClass) {
			return hasToken(c, priceOnSaleClass) == regular
		}
		p = p.Parent
	}
	return false
}

// besideClass reports whether the element right after n (before it
// unless next), past blank text and comments, has the class class, looking
// at priceSiblings nodes at most.
func besideClass(n *html.Node, class string, next bool) bool {
	c := n
	for range priceSiblings {
		c = nextOrPrev(c, next)
		switch {
		case c == nil, c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			return false
		case c.Type == html.ElementNode:
			return hasToken(getAttr(c, "class"), class)
		}
	}
	return false
}

// isShownDuplicateLink reports whether n is a link with text that a page
// hides from screen readers but not from sight: aria-hidden="true" and out
// of the tab order (tabindex="-1"), as a teaser's summary linked a second
// time to the article its title links to. A hidden link would not need
// taking out of the tab order; an image-only one repeats a picture.
func isShownDuplicateLink(n *html.Node) bool {
	return n.DataAtom == atom.A && strings.TrimSpace(getAttr(n, "tabindex")) == "-1" &&
		strings.TrimSpace(textContent(n)) != ""
}

// displayNone reports whether an inline style sets display: none, as
// CSS reads it (inlineDisplay).
func displayNone(style string) bool {
	return inlineDisplay(style) == "none"
}

// inlineDisplay returns the display an inline style sets, lowercased, ""
// when it sets none: as CSS reads it, the last declaration marked
// !important, else the last one ("display:none;display:block" shows).
func inlineDisplay(style string) string {
	if !containsFoldASCII(style, "display") {
		return ""
	}
	display, important := "", false
	for decl := range strings.SplitSeq(style, ";") {
		prop, val, ok := strings.Cut(decl, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(prop), "display") {
			continue
		}
		val = strings.TrimSpace(val)
		imp := false
		if i := strings.LastIndexByte(val, '!'); i >= 0 && strings.EqualFold(strings.TrimSpace(val[i+1:]), "important") {
			val, imp = strings.TrimSpace(val[:i]), true
		}
		if imp || !important {
			display, important = strings.ToLower(val), imp
		}
	}
	return display
}

// keepOnly replaces n, a hidden subtree, by the only markers inside it, if
// there are any. Skip and text markers hide what is inside them from this
// search, and so does what is never content.
func (p *pruner) keepOnly(n *html.Node) {
	var keep []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, func(d *html.Node) bool {
			if d.Type != html.ElementNode {
				return false
			}
			if neverContent(d) || isStreamSegment(d) {
				return false
			}
			m, ok := markers.Of(d)
			if !ok {
				return true
			}
			if m.Mode == markers.ModeOnly {
				keep = append(keep, d)
			}
			return m.Mode == markers.ModeMain
		})
	}
	parent := n.Parent
	for _, k := range keep {
		k.Parent.RemoveChild(k)
		parent.InsertBefore(k, n)
		p.pruneChildren(k)
	}
	parent.RemoveChild(n)
}

// isStreamSegment reports whether n holds content React streamed for a
// Suspense boundary and never moved into place: a hidden <div id="S:n">, or
// a hidden <table> around the row group, row or column group with that id
// (SVG and MathML segments are never content anyway). The browser never
// shows it, whatever is inside, markers included.
func isStreamSegment(n *html.Node) bool {
	if _, hidden := attrOK(n, "hidden"); !hidden {
		return false
	}
	if isSegmentID(getAttr(n, "id")) {
		return true
	}
	if n.DataAtom != atom.Table {
		return false
	}
	// The parser puts a <tbody> around a streamed <tr>.
	for c, depth := firstElement(n), 0; c != nil && depth < 2; c, depth = firstElement(c), depth+1 {
		if isSegmentID(getAttr(c, "id")) {
			return true
		}
	}
	return false
}

func isSegmentID(id string) bool {
	return len(id) > 2 && strings.HasPrefix(id, "S:")
}

func firstElement(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

// replaceChildrenByText replaces the children of a text marker by its md.
// The <affordances-md> element keeps no children; the renderer writes its
// md. Any other element keeps its own rendering (a list item stays an item,
// a heading a heading, a cell a cell) around a marker element holding the
// md, except elements whose children are not text (lists, tables, form
// controls, void elements): those are replaced by the marker element.
func replaceChildrenByText(n *html.Node, m markers.Marker) {
	for n.FirstChild != nil {
		n.RemoveChild(n.FirstChild)
	}
	if n.Data == markers.Element {
		return
	}
	attrs := []html.Attribute{{Key: "mode", Val: string(markers.ModeText)}, {Key: "md", Val: m.MD}}
	if m.Block {
		attrs = append(attrs, html.Attribute{Key: "block"})
	}
	r := &html.Node{Type: html.ElementNode, Data: markers.Element, Attr: attrs}
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir, atom.Dl, atom.Table, atom.Thead, atom.Tbody,
		atom.Tfoot, atom.Tr, atom.Colgroup, atom.Col, atom.Select, atom.Optgroup, atom.Option,
		atom.Textarea, atom.Input, atom.Img, atom.Br, atom.Hr, atom.Wbr, atom.Area:
		n.Parent.InsertBefore(r, n)
		n.Parent.RemoveChild(n)
	default:
		n.AppendChild(r)
	}
}

// noscriptNotices are what "enable JavaScript" notices say.
var noscriptNotices = []string{"javascript", "enable js", "js is disabled", "js disabled", "browser does not support"}

// isNoscriptNotice reports whether a <noscript> holds no content for a
// reader without JavaScript: nothing but a short notice about JavaScript,
// tracking pixels or frames, styles, or markup as text (pages saved by a
// browser with scripting on serialize their <noscript> as escaped HTML). A
// <noscript> with real text (Discourse serves its posts only there) or a
// real image is content, unless the page shows that image beside it (a
// lazy-loading image's fallback: the Markdown would have it twice).
func isNoscriptNotice(n *html.Node) bool {
	text := strings.ToLower(collapseSpace(readableText(n, noticeChars)))
	if text == "" {
		// Tracking pixels have no alt text and frames are pruned anyway;
		// an image with alt text is a real image (lazy-loading fallbacks),
		// unless the page shows it beside the <noscript> already.
		return findFirst(n, func(c *html.Node) bool {
			return c.DataAtom == atom.Img && strings.TrimSpace(getAttr(c, "alt")) != "" && !shownBeside(c, n)
		}) == nil
	}
	if looksLikeMarkup(text) {
		return true
	}
	if len(text) > noticeChars {
		return false
	}
	for _, s := range noscriptNotices {
		if strings.Contains(text, s) {
			return true
		}
	}
	return false
}

// shownBeside reports whether img, inside the <noscript> ns, repeats an
// image beside ns, visible and with an address, of the same alt text: the
// lazy-loading image whose fallback ns is, which the Markdown has already.
// It reads the siblings nearest ns first and at most besideNodes nodes, so
// that a page of many <noscript>s side by side stays linear; an image
// further away is not taken for the one ns repeats.
func shownBeside(img, ns *html.Node) bool {
	alt := collapseSpace(getAttr(img, "alt"))
	budget := besideNodes
	var visit func(c *html.Node) bool
	visit = func(c *html.Node) bool {
		budget--
		switch {
		case budget < 0 || c.Type != html.ElementNode:
			return false
		case isHidden(c) || neverContent(c) || c.DataAtom == atom.Noscript:
			return false
		case c.DataAtom == atom.Img:
			return collapseSpace(getAttr(c, "alt")) == alt && imageSource(c) != ""
		}
		for k := c.FirstChild; k != nil && budget > 0; k = k.NextSibling {
			if visit(k) {
				return true
			}
		}
		return false
	}
	prev, next := ns.PrevSibling, ns.NextSibling
	for (prev != nil || next != nil) && budget > 0 {
		if prev != nil {
			if visit(prev) {
				return true
			}
			prev = prev.PrevSibling
		}
		if next != nil {
			if visit(next) {
				return true
			}
			next = next.NextSibling
		}
	}
	return false
}

// besideNodes is how many nodes around a <noscript> shownBeside reads: a
// lazy-loading image and its fallback sit next to each other.
const besideNodes = 64

// noticeChars is the most text, in bytes, a <noscript> notice has.
const noticeChars = 400

// readableText is the text of n's descendants outside scripts, styles and
// templates: all of it, or a start with more than limit characters other
// than spaces (nested <noscript>s are each read, so not whole).
func readableText(n *html.Node, limit int) string {
	var sb strings.Builder
	chars := 0
	walk(n, func(c *html.Node) bool {
		switch {
		case chars > limit:
			return false
		case c.Type == html.TextNode:
			for i, r := range c.Data {
				if chars > limit {
					sb.WriteString(c.Data[:i])
					return false
				}
				if !isHTMLSpace(r) {
					chars++
				}
			}
			sb.WriteString(c.Data)
		case c.Type == html.ElementNode && (c.DataAtom == atom.Script || c.DataAtom == atom.Style || c.DataAtom == atom.Template):
			return false
		}
		return true
	})
	return sb.String()
}

// looksLikeMarkup reports whether lowercased text is HTML written as text:
// it starts with a tag.
func looksLikeMarkup(text string) bool {
	if !strings.HasPrefix(text, "<") {
		return false
	}
	for _, tag := range []string{"<img", "<iframe", "<div", "<a ", "<span", "<p>", "<p ", "<style", "<script", "<link", "<meta"} {
		if strings.HasPrefix(text, tag) {
			return true
		}
	}
	return false
}

// replaceWithText replaces n by a text marker holding the TeX between
// dollar signs, so the renderer writes it verbatim.
func replaceWithText(n *html.Node, tex string, block bool) {
	if strings.TrimSpace(dropCodeControls(tex)) != "" {
		// (Math of nothing but control characters, which texMarker
		// leaves out, is nothing.)
		n.Parent.InsertBefore(texMarker(tex, block), n)
	}
	n.Parent.RemoveChild(n)
}

// texMarker returns a text marker writing tex between dollar signs, two
// for display math, made inert (inertTeX).
func texMarker(tex string, block bool) *html.Node {
	tex = inertTeX(unwrapStyle(dropCodeControls(tex)))
	attrs := []html.Attribute{{Key: "mode", Val: string(markers.ModeText)}, {Key: "md", Val: "$" + tex + "$"}}
	if block {
		attrs[1].Val = "$$" + tex + "$$"
		attrs = append(attrs, html.Attribute{Key: "block"})
	}
	return &html.Node{Type: html.ElementNode, Data: markers.Element, Attr: attrs}
}

// inertTeX rewrites TeX, which the Markdown holds verbatim and which comes
// from the page (its text, its attributes), so that it can only be math,
// the same math, to a TeX reader, and never Markdown or HTML to a reader
// without math: "<" and ">" become \lt and \gt (no tag, no autolink),
// a "$" not escaped is escaped (it would end the math), runs of white
// space become one space (a line break could start a heading or a list,
// a blank line end the paragraph), "](" gets a space (no link), and a
// backslash left last, which would escape the closing "$", is followed
// by an empty group (a control space "\ " whose space was trimmed).
func inertTeX(tex string) string {
	if !strings.ContainsAny(tex, "<>$\n\r\f\t(") && !strings.HasSuffix(tex, `\`) {
		return tex
	}
	var sb strings.Builder
	space := false
	for i := 0; i < len(tex); i++ {
		c := tex[i]
		if c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' {
			space = true
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		switch {
		case c == '<':
			sb.WriteString(`\lt`)
			space = true // a letter after it would join the command
		case c == '>':
			sb.WriteString(`\gt`)
			space = true
		case c == '$' && !escapedAt(tex, i):
			sb.WriteString(`\$`)
		case c == '(' && i > 0 && tex[i-1] == ']':
			sb.WriteString(" (")
		default:
			sb.WriteByte(c)
		}
	}
	out := strings.TrimSpace(sb.String())
	if escapedAt(out, len(out)) {
		out += " {}"
	}
	return out
}

// escapedAt reports whether the byte at i of s (or its end, i == len(s))
// follows an odd run of backslashes: "\$" is escaped, "\\$" is not.
func escapedAt(s string, i int) bool {
	n := 0
	for i > 0 && s[i-1] == '\\' {
		n++
		i--
	}
	return n%2 == 1
}
