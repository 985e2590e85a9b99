package md

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// counterBytes is the most text, spaces included, of a carousel's slide
// counter: "Slide 12 of 30", "image 1 of 11".
const counterBytes = 40

// counterNouns are the words a slide counter may name what it counts with:
// "Slide 1 of 8", "Image 1 of 1" (a gallery's caption for screen readers).
var counterNouns = words("slide image photo picture video media")

// counterNames are the class or id words of a counter that writes its
// position with a slash, "1/4" in span.slide-count: without such a name
// "3/4" is a fraction, a cell of a size chart.
var counterNames = words("count counter slide slider carousel gallery")

// isSlideCounter reports whether n is nothing but a carousel's or a
// gallery's position: an element of text alone, not a table's cell, whose
// text is a number, "of" or "/", and a number no smaller ("1 of 23",
// "Slide 1 of 8", "image 1 of 11"), the slash written only in an element
// named as a counter (counterNames). It says which picture the carousel
// shows, which a page read as text does not: the pictures are all there.
func isSlideCounter(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Td, atom.Th:
		return false
	}
	size, _, ok := textOnly(n)
	if !ok || size == 0 || size > counterBytes {
		return false
	}
	// Every element of text alone asks: most are told apart by their
	// first letter or digit without building their text.
	if t := strings.TrimLeftFunc(n.FirstChild.Data, unicode.IsSpace); n.FirstChild == n.LastChild && t != "" &&
		!('0' <= t[0] && t[0] <= '9') && !firstWordIn(t, counterNouns) {
		return false
	}
	f := strings.Fields(strings.ToLower(strings.ReplaceAll(textContent(n), "/", " / ")))
	if len(f) == 4 && counterNouns[f[0]] {
		f = f[1:]
	} else if len(f) != 3 {
		return false
	}
	i, err1 := strconv.Atoi(f[0])
	total, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || i < 1 || i > total {
		return false
	}
	switch f[1] {
	case "of":
		return true
	case "/":
		return nameHas(n, counterNames)
	}
	return false
}

// firstWordIn reports whether the letters s begins with, lowercased, are
// one of set: "slide" of "Slide 1 of 8". Every element of text alone
// asks.
func firstWordIn(s string, set map[string]bool) bool {
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(s)
	}
	return lowerIn(s[:end], set)
}

// cartActions are what a shop's control to put a product in the cart, on
// a wish list or in a comparison says.
var cartActions = phrases(
	"add to cart", "add to bag", "add to basket", "add to trolley",
	"add to wishlist", "add to wish list", "add to compare",
)

// cartActionStarts are the first bytes of cartActions.
var cartActionStarts = func() (starts [utf8.RuneSelf]bool) {
	for a := range cartActions {
		if a != "" && a[0] < utf8.RuneSelf {
			starts[a[0]] = true
		}
	}
	return starts
}()

// cartActionBytes is the most text, nodes included and spaces not, of a
// cart control (textUpTo).
const cartActionBytes = 64

// isCartControl reports whether n is a shop's control that puts a product
// in the cart, on a wish list or in a comparison: a link, or an element
// with role="button", whose whole text is one of cartActions. Like a
// <button> it is something to press, not to read; a sentence that tells
// the reader to click Add to cart, in bold rather than a link, stays.
func isCartControl(n *html.Node) bool {
	if n.DataAtom != atom.A && !hasToken(getAttr(n, "role"), "button") {
		return false
	}
	// Every link asks: most begin with a letter no cart action does.
	if b, ok := firstTextByte(n, cartActionBytes); ok && b < utf8.RuneSelf && !cartActionStarts[lowerByte(b)] {
		return false
	}
	var buf [2 * cartActionBytes]byte
	text, whole := lowerTextUpTo(buf[:0], n, cartActionBytes)
	return whole && cartActions[string(text)]
}

// replyActions are what a thread's control to answer a post says, as its
// text or as the alt text of its only picture (an old forum's button
// images).
var replyActions = phrases("reply", "reply with quote", "quote", "multi-quote", "multiquote", "quick reply", "reply to this post", "reply to this comment")

// isReplyControl reports whether n is a thread's control that answers a
// post: an element with role="button" or a link to a reply form (its
// address says reply or quote, or #respond; a <button> is never content
// already), whose whole text,
// or the alt text of its only picture when it has no text, is one of
// replyActions ("Reply", "Reply With Quote"). Like a cart's button it is
// something to press under each post, not part of what the post says.
func isReplyControl(n *html.Node) bool {
	switch {
	case hasToken(getAttr(n, "role"), "button"):
	case n.DataAtom == atom.A:
		// Every link asks: its address is searched as it is, not lowered
		// into a copy. No other character lowers to a letter of these.
		href := getAttr(n, "href")
		if !containsFoldASCII(href, "reply") && !containsFoldASCII(href, "quote") && !hasSuffixFoldASCII(href, "#respond") {
			return false
		}
	default:
		return false
	}
	var buf [2 * cartActionBytes]byte
	text, whole := lowerTextUpTo(buf[:0], n, cartActionBytes)
	if !whole {
		return false
	}
	if len(text) == 0 {
		img := findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Img })
		if img == nil {
			return false
		}
		text = []byte(strings.ToLower(collapseSpace(getAttr(img, "alt"))))
	}
	return replyActions[string(text)]
}

// skipLinkBytes is the most text, nodes included and spaces not, of a
// skip link (textUpTo): "Skip to product information".
const skipLinkBytes = 80

// isSkipLink reports whether n is a link that skips past part of the page
// to a place on it: an address of nothing but a #fragment, and text that
// begins "Skip " ("Skip to content", "Skip to product information", "Skip
// to search results"), not part of a sentence (inSentence). It moves the
// keyboard's focus, and says nothing: inside a <main> as much as before
// it.
func isSkipLink(n *html.Node) bool {
	if n.DataAtom != atom.A || !strings.HasPrefix(getAttr(n, "href"), "#") || inSentence(n) {
		return false
	}
	text, whole := textUpTo(n, skipLinkBytes)
	return whole && strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "skip ")
}

// backLinkWords is the most words of a link back up the page ("Back to
// top", "Back to Project").
const backLinkWords = 4

// dropBackLinks removes the links under doc that lead back up the page,
// alone in their block: "Back to top" after each section, "Back to
// Project" after each item of a long listing, "Back to navigation" after
// each part of a product's page. They are the page's way around itself;
// the Markdown reads from the top, inside a <main> as much as outside it.
// A link is one when it points to "#top" or to an element the page shows
// before it, not around it (a heading's anchor, its own title linked); a
// table of contents points further down, a footnote's "↩" has no word. It
// runs after prune, which leaves only what the page shows.
func dropBackLinks(doc *html.Node, ex *explainer) {
	// Where each candidate is in the page, then each id a candidate
	// points to, read in two walks alike: only those are placed, not
	// every element nor every id (a map of every id cost more than the
	// rest of the pass), and most pages have no candidate.
	type placed struct {
		n  *html.Node
		at int
	}
	var links []placed
	i := 0
	walk(doc, func(n *html.Node) bool {
		if n.Type != html.ElementNode {
			return true
		}
		i++
		if isBackLinkCandidate(n) {
			links = append(links, placed{n, i})
			return false
		}
		return true
	})
	if len(links) == 0 {
		return
	}
	frags := make([]string, len(links))
	wanted := make(map[string]bool, len(links))
	for j, a := range links {
		frags[j] = strings.TrimPrefix(strings.TrimSpace(getAttr(a.n, "href")), "#")
		wanted[frags[j]] = true
	}
	ids := map[string]placed{}
	i, next := 0, 0 // next: the candidate the second walk meets next
	walk(doc, func(n *html.Node) bool {
		if n.Type != html.ElementNode {
			return true
		}
		i++
		if id := getAttr(n, "id"); id != "" && wanted[id] {
			if _, ok := ids[id]; !ok {
				ids[id] = placed{n, i}
			}
		}
		if next < len(links) && links[next].n == n {
			next++
			return false
		}
		return true
	})
	for j, a := range links {
		frag := frags[j]
		target, ok := ids[frag]
		if strings.EqualFold(frag, "top") || ok && target.at < a.at && !isAncestor(target.n, a.n) {
			ex.drop(a.n, "back-link", "a link back up the page (\"Back to top\")", ex.textStat(a.n))
			a.n.Parent.RemoveChild(a.n)
		}
	}
}

// isBackLinkCandidate reports whether n may be a link back up the page:
// a link to a fragment of it, of a few words (backLinkWords), alone in its
// parent.
func isBackLinkCandidate(n *html.Node) bool {
	if href := strings.TrimSpace(getAttr(n, "href")); n.DataAtom != atom.A || len(href) < 2 || href[0] != '#' {
		return false
	}
	text := strings.TrimSpace(textContent(n))
	if text == "" || len(strings.Fields(text)) > backLinkWords || !strings.ContainsFunc(text, unicode.IsLetter) {
		return false
	}
	if n.Parent == nil {
		return false
	}
	// Read the parent no further than the link's words: many links in one
	// block must not each read all of it.
	parent, whole := textUpTo(n.Parent, 4*len(text)+64)
	return whole && strings.TrimSpace(parent) == text
}

// dropShareLabels removes from the content the labels of share bars
// (isShareLabel), once the content is chosen: "Share" alone over the
// icons prune took. A link saying Share is not read: it is something to
// follow, and a form's listed fields are the form's. It runs after the
// choice, not in prune, so that the scores the choice reads stay as the
// page wrote them.
func dropShareLabels(content []*html.Node, ex *explainer) {
	var labels []*html.Node
	for _, root := range content {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return true
			}
			if _, ok := attrOK(n, formListAttr); ok || n.DataAtom == atom.A {
				// A form's fields, listed ("- Share" is a field's label),
				// and links: a link saying Share is something to follow.
				return false
			}
			if n != root && isShareLabel(n) {
				labels = append(labels, n)
				return false
			}
			return true
		})
	}
	for _, n := range labels {
		ex.drop(n, "share-label", "the label of a share bar (\"Share this\")", ex.textStat(n))
		n.Parent.RemoveChild(n)
	}
}

// shareLabelBytes is the most text, spaces included, of a share bar's
// label: "Share this article:".
const shareLabelBytes = 40

// shareObjects are what a share bar's label may say it shares: "Share
// this post", "Share article".
var shareObjects = words("article post page story recipe resource guide video episode link")

// isShareLabel reports whether n is nothing but the label of a share bar:
// an element of text alone, not a table's cell nor a form's label for a
// field, saying "Share", "Share this", "Share on", "Share via", "Share
// with", or "Share" and what it shares ("Share this post", "Share
// article", shareObjects), with a colon or a full stop at most after it.
// Its buttons, icons without text, are gone; the label alone says
// nothing of the page. "Share your story" asks the reader for something,
// and stays.
func isShareLabel(n *html.Node) bool {
	size, _, ok := textOnly(n)
	if !ok || size == 0 || size > shareLabelBytes {
		return false
	}
	// Every element of text alone asks: most are told apart by their
	// first letter without building their text.
	if t := strings.TrimLeftFunc(n.FirstChild.Data, unicode.IsSpace); n.FirstChild == n.LastChild && (t == "" || t[0]|0x20 != 's') {
		return false
	}
	switch n.DataAtom {
	case atom.Td, atom.Th, atom.Option, atom.Button, atom.Textarea, atom.Title:
		return false
	case atom.Label:
		if getAttr(n, "for") != "" {
			return false
		}
	}
	text := strings.ToLower(collapseSpace(textContent(n)))
	text = strings.TrimRight(text, ":. ")
	fields := strings.Fields(text)
	if len(fields) == 0 || fields[0] != "share" {
		return false
	}
	rest := fields[1:]
	if len(rest) > 0 && (rest[0] == "this" || rest[0] == "the") {
		rest = rest[1:]
	}
	switch len(rest) {
	case 0:
		return true
	case 1:
		return shareObjects[rest[0]] || fields[1] != "this" && fields[1] != "the" && (rest[0] == "on" || rest[0] == "via" || rest[0] == "with")
	}
	return false
}

// ratingStarsMin and ratingStarsMax bound the stars of a rating control.
const (
	ratingStarsMin = 3
	ratingStarsMax = 10
)

// ratingLabelBytes is the most text of one label of a rating control, in
// bytes as textUpTo counts them ("Rate this book", "Clear rating", "Error
// rating book. Refresh and try again."); ratingLabels the most labels.
const (
	ratingLabelBytes = 48
	ratingLabels     = 3
)

// isRatingWidget reports whether n is the reader's rating control
// (isRatingInput) with its labels: besides the row of stars, only up to
// ratingLabels short labels of ratingLabelBytes or less without a digit
// or a link ("Rate this book", "Clear rating", the message shown when
// rating fails) and what is hidden. They say what to press, not what the
// item is; a rating the item has ("4.15 avg rating") is a number, and
// stays.
func isRatingWidget(n *html.Node) bool {
	// Every element asks: the row of stars is looked for first, and the
	// labels beside it read only when there is one.
	stars := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && isRatingInput(c) && !isHidden(c) {
			if stars++; stars > 1 {
				return false
			}
		}
	}
	if stars == 0 {
		return false
	}
	labels := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			if strings.TrimSpace(c.Data) != "" {
				return false
			}
		case c.Type != html.ElementNode, isHidden(c), isRatingInput(c):
		default:
			labels++
			text, whole := textUpTo(c, ratingLabelBytes)
			if !whole || labels > ratingLabels || strings.IndexFunc(text, unicode.IsDigit) >= 0 || findFirst(c, isLink) != nil {
				return false
			}
		}
	}
	return labels > 0
}

// isRatingInput reports whether n is the control with which the reader
// rates what the page shows: nothing but a row of ratingStarsMin to
// ratingStarsMax controls (links that lead nowhere, "#" or a script, or
// buttons), the k-th of m saying "k of m stars" ("1 of 5 stars", …,
// "5 of 5 stars"). Like a <button>, it is something to press; a rating
// the item has, "4.5 of 5 stars", is one element and a value, and stays.
func isRatingInput(n *html.Node) bool {
	var stars []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			if strings.TrimSpace(c.Data) != "" {
				return false
			}
		case c.Type != html.ElementNode:
		case len(stars) == ratingStarsMax:
			return false
		case c.DataAtom == atom.Button, c.DataAtom == atom.A && !isLink(c), hasToken(getAttr(c, "role"), "button"):
			stars = append(stars, c)
		default:
			return false
		}
	}
	if len(stars) < ratingStarsMin {
		return false
	}
	m := strconv.Itoa(len(stars))
	for i, c := range stars {
		text, whole := textUpTo(c, counterBytes)
		f := strings.Fields(strings.ToLower(text))
		if !whole || len(f) != 4 || f[0] != strconv.Itoa(i+1) || f[1] != "of" || f[2] != m || f[3] != "stars" {
			return false
		}
	}
	return true
}

// quantityNodes is the most nodes isQuantityStepper reads of an element:
// a stepper is a label, two buttons and the count between them.
const quantityNodes = 40

// isQuantityStepper reports whether n is a shop's quantity stepper with
// its label and nothing else: two or more buttons (<button> or
// role="button": − and + around the count) and beside them no text but
// the label, "Quantity" or "Qty", a colon and the count ("Quantity: 1", a
// screen reader's label of the stepper). Prune drops the buttons, which
// are something to press; their label, left without them, reads as a
// stray "Quantity: 1" in the product's text. A stepper around a field
// (an <input>, a <select>) is not one: the forms pass lists the field,
// with its label, as what the page asks for. Up to quantityNodes nodes
// are read.
func isQuantityStepper(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Td, atom.Th, atom.Tr, atom.Table, atom.Form, atom.Body, atom.Html:
		return false // (a table's cell is a spec's)
	}
	nodes, buttons, labels := 0, 0, 0
	var read func(c *html.Node) bool
	read = func(c *html.Node) bool {
		if nodes++; nodes > quantityNodes {
			return false
		}
		switch {
		case c.Type == html.TextNode:
			// Most texts begin with a letter that begins none of the
			// words below: told apart without splitting them.
			// Blank text, between elements, has no word.
			switch b, blank := firstNonSpace(c.Data); {
			case blank:
				return true
			case isASCIILetter(b) && lowerByte(b) != 'q':
				return false
			}
			// Word by word, not lowered whole: the first word of
			// another text ends the reading.
			for w := range strings.FieldsSeq(c.Data) {
				w = strings.Trim(w, ":.")
				switch {
				case strings.EqualFold(w, "quantity") || strings.EqualFold(w, "qty"):
					labels++
				case w == "" || w == "-" || w == "+" || w == "−" || isCountWord(w):
				default:
					return false
				}
			}
			return true
		case c.Type != html.ElementNode:
			return true
		case c.DataAtom == atom.Button, hasToken(getAttr(c, "role"), "button"):
			buttons++
			return true // (its label: "Decrease quantity", "-")
		case c.DataAtom == atom.Input && strings.EqualFold(getAttr(c, "type"), "hidden"):
			return true
		case c.DataAtom == atom.Input, c.DataAtom == atom.Select, c.DataAtom == atom.Textarea,
			c.DataAtom == atom.A, c.DataAtom == atom.Img && getAttr(c, "alt") != "":
			return false
		}
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			if !read(d) {
				return false
			}
		}
		return true
	}
	// Every element asks: most hold a word other than the label's, or
	// too many nodes, within the first few read.
	return read(n) && buttons >= 2 && labels > 0
}

// foldToggles are what a control that unfolds or folds a cut text says.
var foldToggles = phrases("read more", "read less", "show more", "show less", "see more", "see less", "view more", "view less")

// foldToggleNodes is the most nodes isFoldToggle reads of an element, and
// foldToggleLevels the most elements above it it climbs to find a link.
const (
	foldToggleNodes  = 16
	foldToggleLevels = 8
)

// isFoldToggle reports whether n is the control that unfolds a cut text
// in place: an element of nothing but "Read more", "Show more", "See
// more", "View more" or their "less" (an arrow, "…" or "+" beside it), no
// link nor in one (a teaser's "Read more" leads to the article), no
// picture, no heading, not in a sentence. Its script shows the rest of a
// text the Markdown already holds whole (unfolded or never hidden); it
// says nothing of it.
func isFoldToggle(n *html.Node) bool {
	if isLink(n) || isHeading(n) {
		return false
	}
	// Every element asks: the bounded walks below turn most away before
	// any text is read.
	nodes, says := 0, false
	var plain func(c *html.Node) bool // no link, picture or heading under c, within the budget
	plain = func(c *html.Node) bool {
		if nodes++; nodes > foldToggleNodes {
			return false
		}
		if c != n && (isLink(c) || isHeading(c)) || c.DataAtom == atom.Img {
			return false
		}
		if c.Type == html.TextNode && !says {
			// A toggle's words, before its text is read whole and lowered:
			// only text nodes are trimmed, until one says them.
			if t := strings.TrimSpace(c.Data); len(t) <= 2*cartActionBytes {
				says = containsMoreOrLess(t)
			}
		}
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			if !plain(d) {
				return false
			}
		}
		return true
	}
	if !plain(n) || !says {
		return false
	}
	var buf [2 * cartActionBytes]byte
	text, whole := lowerTextUpTo(buf[:0], n, cartActionBytes)
	if !whole || len(text) < len("see more") {
		return false
	}
	t := bytes.TrimFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("+….›»>↓▼▾⌄", r)
	})
	if !foldToggles[string(t)] {
		return false
	}
	// Alone in its parent: "Show more" beside "replies" is part of a
	// control that says a count, which the scoring stage judges whole.
	sibs := 0
	for _, next := range [2]bool{false, true} {
		for c := nextOrPrev(n, next); c != nil; c = nextOrPrev(c, next) {
			if sibs++; sibs > foldToggleNodes {
				return false
			}
			if t, _ := textUpTo(c, 8); strings.TrimSpace(t) != "" {
				return false
			}
		}
	}
	p := n.Parent
	for i := 0; i < foldToggleLevels && p != nil; i++ {
		if isLink(p) {
			return false
		}
		p = p.Parent
	}
	return !inSentence(n)
}
