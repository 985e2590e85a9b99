package md

// The passes over the chosen content that find what it says twice: a part
// repeating one above it, a carousel's copies of its slides, a text at
// several lengths for several screens, a heading said again, a copy for
// small screens.

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// pruneRepeats removes, through rm, the parts of the content that say
// again, word for word, what an earlier part says (repeatRunes or more): a
// page's mobile and desktop versions of the same block, a teaser listed
// under two headings, tab panels that all say one thing (a tab panel is
// read even when it holds one paragraph). The first stays; a repeat goes
// with the widest element around it holding no other text (withoutText).
//
// Each part is read whole, and parts nest. Only parts whose length without
// spaces another part shares are read, and what is read is bounded by
// repeatReads times the content's text, past which later parts are not
// compared (real pages read at most 6 times theirs; a page of parts nested
// 500 deep would read its text 500 times).
func pruneRepeats(nodes []*html.Node, s *scorer, rm *remover) {
	eachPart := func(visit func(n *html.Node, st stat) bool) {
		for _, root := range nodes {
			walk(root, func(n *html.Node) bool {
				if n.Type != html.ElementNode {
					return false
				}
				st, ok := s.stats[n]
				if !ok || st.runes < repeatRunes && (st.runes < tabRepeatRunes || !isTabPanel(n)) {
					return false
				}
				if !isComposite(n, s) && !isTabPanel(n) {
					// A paragraph, a list item, a line: a page may say
					// a thing twice, or give each of its items the same
					// line.
					return true
				}
				return visit(n, st)
			})
		}
	}
	lengths := map[int]int{}
	eachPart(func(_ *html.Node, st stat) bool {
		lengths[st.solid]++
		return true
	})
	budget := 0
	for _, root := range nodes {
		budget += repeatReads * s.get(root).runes
	}
	seen := map[string]*html.Node{}
	var drop []*html.Node
	eachPart(func(n *html.Node, st stat) bool {
		switch {
		case lengths[st.solid] < 2:
			return true
		case st.runes > budget:
			return false
		}
		budget -= st.runes
		text := collapsedText(n, false, st.runes)
		first, ok := seen[text]
		if !ok {
			seen[text] = n
			return true
		}
		if !isAncestor(first, n) && (!sameField(first, n) || isTabPanel(n)) {
			drop = append(drop, n)
			return false
		}
		return true
	})
	roots := nodeSet(nodes)
	for _, n := range drop {
		n = withoutText(n, roots, s)
		rm.remove(n, "repeat", "says again what the content said above", s.get(n))
	}
}

// tabRepeatRunes is the least text of a tab panel pruneRepeats reads: a
// sentence; other parts need repeatRunes.
const tabRepeatRunes = 30

// isTabPanel reports whether n is a tab panel (role tabpanel): one of a
// set of alternatives a reader picks between, so one that says word for
// word what another says is a copy, not another item of a list with the
// same fields.
func isTabPanel(n *html.Node) bool {
	return hasToken(getAttr(n, "role"), "tabpanel")
}

// withoutText returns the widest element around n, below roots (the
// content's parts: nodeSet), that holds no text but n's: a teaser's card
// around the text said again, with its picture, which would stay behind
// alone.
func withoutText(n *html.Node, roots map[*html.Node]bool, s *scorer) *html.Node {
	runes := s.get(n).runes
	for p := n.Parent; p != nil && !roots[p] && s.get(p).runes == runes; p = p.Parent {
		n = p
	}
	return n
}

// nodeSet returns nodes as a set: a pass that asks of each node it
// removes whether an element around it is one of the content's parts
// asks in constant time, however many parts were added back.
func nodeSet(nodes []*html.Node) map[*html.Node]bool {
	set := make(map[*html.Node]bool, len(nodes))
	for _, n := range nodes {
		set[n] = true
	}
	return set
}

// pruneLoopCopies removes, through rm, the copies a carousel makes of its
// slides to loop round, when no class names them (see isCarouselClone): a
// parent whose children with text end with a copy of the first two or more,
// in order (the slides a window shows, said again after the last), or are a
// run said twice, or three times or more (repeatsRun). Each slide holds two
// or more blocks (holdsBlocks): paragraphs a page says twice stay. The
// copies go; the first stays. pruneRepeats keeps them, as the same fields
// of items of one list; a list that ends by saying again its first items in
// order is no list. What is read is bounded by repeatReads times the
// content's text.
func pruneLoopCopies(nodes []*html.Node, s *scorer, rm *remover) {
	budget := 0
	for _, root := range nodes {
		budget += repeatReads * s.get(root).runes
	}
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode || budget < 0 {
				return false
			}
			if _, ok := s.stats[n]; !ok {
				return false
			}
			if copies := loopCopies(n, s, &budget); copies != nil {
				drop = append(drop, copies...)
				return false
			}
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "repeat", "a carousel's copy of its first slides", s.get(n))
	}
}

// maxWindowSlides is the most slides a carousel shows at once, which it
// copies after its last to loop round.
const maxWindowSlides = 12

// loopCopies returns the last children of n when the children with text end
// with a copy of the first ones, two or more (up to maxWindowSlides, or
// half of them), repeatRunes of text or more, or when they are the first
// ones said again three times or more (repeatsRun); nil otherwise. Lengths
// are compared before texts are read, against budget.
func loopCopies(n *html.Node, s *scorer, budget *int) []*html.Node {
	// Every element asks: most have fewer than four children with text,
	// counted before they are gathered.
	k := 0
	for c := n.FirstChild; c != nil && k < 4; c = c.NextSibling {
		if st, ok := s.stats[c]; ok && c.Type == html.ElementNode && st.runes > 0 {
			k++
		}
	}
	if k < 4 {
		return nil // two copies of two slides or more
	}
	var kids []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if st, ok := s.stats[c]; ok && c.Type == html.ElementNode && st.runes > 0 {
			kids = append(kids, c)
		}
	}
	for m := 2; m <= maxWindowSlides && 3*m <= len(kids); m++ {
		if repeatsRun(kids, m, s, budget) {
			return kids[m:]
		}
	}
	half := len(kids) / 2
	for m := min(half, maxWindowSlides); m >= 2; m-- {
		if copiesFirst(kids, m, s, budget) {
			return kids[len(kids)-m:]
		}
	}
	if half > maxWindowSlides && copiesFirst(kids, half, s, budget) {
		return kids[len(kids)-half:]
	}
	return nil
}

// repeatsRun reports whether kids are their first m said again and
// again, three times or more in all, whole, in order, the copies
// repeatRunes of text or more: a scroller that copies its run of slides so
// that it never ends (four figures, each a few words, said three times).
// Lengths are compared first, then texts, read against budget.
func repeatsRun(kids []*html.Node, m int, s *scorer, budget *int) bool {
	if len(kids)%m != 0 {
		return false
	}
	runes := 0
	for j := m; j < len(kids); j++ {
		if s.get(kids[j]).solid != s.get(kids[j%m]).solid {
			return false
		}
		runes += s.get(kids[j]).runes
	}
	if runes < repeatRunes {
		return false
	}
	for i := range m {
		if !holdsBlocks(kids[i], s) {
			return false
		}
	}
	for j := m; j < len(kids); j++ {
		a, b := s.get(kids[j%m]), s.get(kids[j])
		*budget -= a.runes + b.runes
		if *budget < 0 || collapsedText(kids[j%m], false, a.runes) != collapsedText(kids[j], false, b.runes) {
			return false
		}
	}
	return true
}

// copiesFirst reports whether the last m of kids say what the first m
// say, in order, repeatRunes or more: by length first, then by text, read
// against budget.
func copiesFirst(kids []*html.Node, m int, s *scorer, budget *int) bool {
	off, runes := len(kids)-m, 0
	for i := range m {
		if s.get(kids[i]).solid != s.get(kids[off+i]).solid || !holdsBlocks(kids[i], s) {
			return false
		}
		runes += s.get(kids[i]).runes
	}
	if runes < repeatRunes {
		return false
	}
	for i := range m {
		a, b := s.get(kids[i]), s.get(kids[off+i])
		*budget -= a.runes + b.runes
		if *budget < 0 || collapsedText(kids[i], false, a.runes) != collapsedText(kids[off+i], false, b.runes) {
			return false
		}
	}
	return true
}

// holdsBlocks reports whether n holds two or more blocks with text, under
// wrappers of one: a slide, a card; not a paragraph or a line, which a
// page may say twice.
func holdsBlocks(n *html.Node, s *scorer) bool {
	for {
		var only *html.Node
		k := 0
		for c := n.FirstChild; c != nil && k < 2; c = c.NextSibling {
			if st, ok := s.stats[c]; ok && st.runes > 0 && c.Type == html.ElementNode && !phrasing[c.DataAtom] {
				only = c
				k++
			}
		}
		if k != 1 {
			return k >= 2
		}
		n = only
	}
}

// pruneExcerpts removes, through rm, the excerpts of a sibling: an
// element whose text, repeatRunes or more, begins a sibling's longer text
// (and ends where it was cut, with an ellipsis or not), the same element
// with another class (see isVariant). Pages write the same text at
// several lengths, one for each size of screen ("view--lrg",
// "view--med", "view--sml"), and show one; the longest stays. What is
// read is bounded by repeatReads times the content's text.
func pruneExcerpts(nodes []*html.Node, s *scorer, rm *remover) {
	budget := 0
	for _, root := range nodes {
		budget += repeatReads * s.get(root).runes
	}
	var drop []*html.Node
	dropped := map[*html.Node]bool{}
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode || budget < 0 || dropped[n] {
				return false // an excerpt goes whole
			}
			if _, ok := s.stats[n]; !ok {
				return false
			}
			for _, e := range excerptsIn(n, s, &budget) {
				dropped[e] = true
				drop = append(drop, e)
			}
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "repeat", "an excerpt of the text beside it", s.get(n))
	}
}

// excerptsIn returns the children of n whose text begins a longer
// variant sibling's (see pruneExcerpts), reading their text against
// budget. Only parents of up to maxExcerptSiblings children with text are
// read: excerpts come in a few lengths.
func excerptsIn(n *html.Node, s *scorer, budget *int) []*html.Node {
	var kids []*html.Node
	withText := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		st, ok := s.stats[c]
		if c.Type != html.ElementNode || !ok {
			continue
		}
		if withText++; withText > maxExcerptSiblings {
			return nil
		}
		if st.runes >= repeatRunes && getAttr(c, "class") != "" {
			kids = append(kids, c)
		}
	}
	if len(kids) < 2 {
		return nil // no pair to compare
	}
	texts := map[*html.Node]string{}
	text := func(c *html.Node) string {
		t, ok := texts[c]
		if !ok {
			st := s.get(c)
			*budget -= st.runes
			t = collapsedText(c, false, st.runes)
			texts[c] = t
		}
		return t
	}
	var out []*html.Node
	for i, a := range kids {
		for j, b := range kids {
			if i == j || !isVariant(a, b) {
				continue
			}
			if *budget < 0 {
				return out
			}
			ta, tb := text(a), text(b)
			cut := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(ta, "…"), "..."), " ")
			if (len(tb) > len(ta) || len(tb) == len(ta) && j < i) && beginsNearly(tb, cut) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// beginsNearly reports whether text begins with cut, word for word but
// for one word in excerptSlack: the versions of a text a page writes for
// each size of screen are edited apart ("starts" in one, "start" in the
// other). The last word of cut may be cut short. Words are compared in
// place, so the reading is linear; two texts that are not versions of
// one differ in more words than that.
func beginsNearly(text, cut string) bool {
	cw, tw := strings.Fields(cut), strings.Fields(text)
	if len(cw) > len(tw) {
		return false
	}
	if len(cw) == 0 {
		// A part whose text an earlier pass removed begins nothing:
		// what is left of it (its pictures) is no excerpt.
		return false
	}
	last := len(cw) - 1
	differ := 0
	if !strings.HasPrefix(tw[last], cw[last]) {
		differ++
	}
	for i, w := range cw[:last] {
		if w != tw[i] {
			differ++
		}
	}
	return differ*excerptSlack <= len(cw)
}

// excerptSlack: versions of a text may differ in one word in this many.
const excerptSlack = 50

// isVariant reports whether a and b are the same element with classes
// that differ: one text styled for two sizes of screen, not two
// paragraphs of a page, which have no class or the same.
func isVariant(a, b *html.Node) bool {
	ca, cb := getAttr(a, "class"), getAttr(b, "class")
	return a.DataAtom == b.DataAtom && a.Data == b.Data && ca != "" && cb != "" && ca != cb
}

// maxExcerptSiblings is the most children with text a parent of excerpts
// has.
const maxExcerptSiblings = 6

// isComposite reports whether n is a container of blocks (a <div>, a
// <section>, a list, a table, or a web component's custom element, whose
// name has a hyphen: <c4d-content-item>, which a page uses as a <div>)
// holding two or more blocks with text: a part of a page, not a sentence
// or an item.
func isComposite(n *html.Node, s *scorer) bool {
	switch n.DataAtom {
	case atom.Div, atom.Section, atom.Article, atom.Ul, atom.Ol, atom.Dl, atom.Table:
	case 0: // not an HTML element: a custom element, if it has a hyphen
		if !strings.Contains(n.Data, "-") {
			return false
		}
	default:
		return false
	}
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if _, ok := s.stats[c]; ok && c.Type == html.ElementNode && !phrasing[c.DataAtom] {
			k++
		}
	}
	return k >= 2
}

// sameField reports whether a and b hold the same field of two items of a
// list: same element and class, in parents of the same element and class
// (two products at the same price, a job listed twice), and so every
// element above them up to the list they share, pairwise. A repeat in
// another place (a mobile version, a second list) has a name of its own,
// if only on a wrapper further up (a banner in a block for wide screens
// and again in one for narrow screens).
func sameField(a, b *html.Node) bool {
	same := func(x, y *html.Node) bool {
		return x.DataAtom == y.DataAtom && getAttr(x, "class") == getAttr(y, "class")
	}
	if !same(a, b) || a.Parent == nil || b.Parent == nil || a.Parent == b.Parent {
		return false
	}
	for x, y := a.Parent, b.Parent; x != y; x, y = x.Parent, y.Parent {
		if x == nil || y == nil || !same(x, y) {
			return false
		}
	}
	return true
}

// pruneRepeatedHeadings removes, through rm, the headings in nodes that
// say again the heading right before them, with nothing shown between
// (an image or text): one title written for wide screens and again for
// narrow ones, a card's title above its video and above its text. A
// document never opens a part with the title of the part it just opened.
// So too an <h1> saying again the content's first <h1>, whatever is
// between them: the page's title, written in the header added back and
// again in the article, or for two sizes of screen around its byline.
func pruneRepeatedHeadings(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	last := ""  // the last heading's text, while nothing followed it
	title := "" // the first <h1>'s text
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			switch {
			case n.Type == html.TextNode:
				if strings.TrimSpace(n.Data) != "" {
					last = ""
				}
				return false
			case n.Type != html.ElementNode:
				return false
			case isHeading(n):
				st := s.get(n)
				text := collapsedText(n, false, st.runes)
				switch {
				case text == "":
				case text == last, n.DataAtom == atom.H1 && text == title:
					drop = append(drop, n)
				case n.DataAtom == atom.H1 && title == "":
					title = text
				}
				last = text
				return false
			case n.DataAtom == atom.Img:
				last = ""
			}
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "repeat", "says again the heading right before it, or the title", s.get(n))
	}
}

// copyShare is the least share, in fifths, of the words of a part shown
// only on small screens that the rest of the content says for it to be a
// copy.
const copyShare = 4

// pruneScreenCopies drops the parts of the content that a class shows on
// small screens only (smallScreenOnly) when the rest of the content says
// nearly all their words (copyShare): the phone's copy of a product's
// summary or of a table laid out for wide screens beside it. The words are
// compared, not the text, as the copy is often cut or ordered otherwise;
// a part said nowhere else stays, however it is styled. A part hidden by
// the bare class "hidden" whose every word is for screen readers only
// (isSpoken) goes whatever the rest says: the labels of values a script
// fills ("Unit price", "per"), shown to no one.
func pruneScreenCopies(nodes []*html.Node, s *scorer, rm *remover) {
	var copies []*html.Node
	for _, root := range nodes {
		if root.Parent == nil {
			continue // a part added back that a pass above dropped
		}
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			if _, ok := s.stats[n]; !ok {
				return false
			}
			if s.screenOnly(n) || hiddenByClass(n) {
				copies = append(copies, n)
				return false
			}
			return true
		})
	}
	if len(copies) == 0 {
		return
	}
	isCopy := map[*html.Node]bool{}
	for _, c := range copies {
		isCopy[c] = true
	}
	said := map[string]bool{}
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			switch {
			case isCopy[n]:
				return false
			case n.Type == html.TextNode:
				for _, w := range textWords(n.Data) {
					said[w] = true
				}
			}
			return true
		})
	}
	for _, c := range copies {
		k, all := 0, 0
		walk(c, func(n *html.Node) bool {
			if n.Type == html.TextNode {
				for _, w := range textWords(n.Data) {
					all++
					if said[w] {
						k++
					}
				}
			}
			return true
		})
		if !smallScreenOnly(c) && isSpoken(c) {
			// Hidden, and its every word for screen readers only: the
			// labels of values a script fills ("Unit price", "per"),
			// shown to no one.
			rm.remove(c, "repeat", "a hidden part (class hidden) of nothing but labels for screen readers", s.get(c))
			continue
		}
		if all > 0 && 5*k >= copyShare*all {
			why := "a copy for small screens of the text beside it"
			if !smallScreenOnly(c) {
				why = "a hidden copy (class hidden) of the text beside it"
			}
			rm.remove(c, "repeat", why, s.get(c))
		}
	}
}

// hiddenByClass reports whether n's class is the bare word "hidden",
// without a width at which another class shows it ("hidden md:block" is a
// wide screen's part, not a hidden one): a state a page's scripts lift, so
// a part styled so may be a folded panel (kept) or a copy a script shows
// elsewhere, such as a thread's first post above the posts that say it
// again (dropped when the rest of the content says its words, like a copy
// for small screens). Code is left alone: a hidden <pre> is a live
// example's source, and code's words are said all over a page of code.
func hiddenByClass(n *html.Node) bool {
	hidden := false
	for c := range strings.FieldsSeq(getAttr(n, "class")) {
		switch {
		case strings.EqualFold(c, "hidden"):
			hidden = true
		case strings.Contains(c, ":"):
			if _, u, _ := strings.Cut(strings.ToLower(c), ":"); shownWords[u] {
				return false
			}
		}
	}
	return hidden && !holdsCode(n)
}

// shownWords are the display utilities that, after a width ("md:block"),
// show a part a bare "hidden" hides on narrower screens.
var shownWords = words("block flex grid inline inline-block inline-flex inline-grid table contents flow-root")

// holdsCode reports whether n is or holds a <pre> or <code>.
func holdsCode(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Pre || c.DataAtom == atom.Code }) != nil
}

// textWords returns the words of s, lowercased: runs of letters and digits.
func textWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// smallScreenOnly reports whether n's class shows it on small screens
// only: it hides it on wide ones ("hidden-lg", "lg:hidden", "d-lg-none",
// "elementor-hidden-desktop", "hide-for-large") or shows it on small ones
// ("visible-xs", "mobile-only", "show-for-small-only", a class ending in
// the device it is for: "mobile", "info-icons-mobile"), and does not show
// it on wide ones too ("visible-sm visible-lg").
func smallScreenOnly(n *html.Node) bool {
	small, wide := false, false
	for c := range strings.FieldsSeq(getAttr(n, "class")) {
		switch {
		case strings.EqualFold(c, "d-md-none"), strings.EqualFold(c, "hidden-md-up"):
			small = true // Bootstrap: hidden from the medium width up
			continue
		case strings.Contains(c, ":"):
			// Tailwind: "lg:hidden" hides from that width up, as does a
			// breakpoint a site names by a size's letter ("m:hidden");
			// another utility at a width ("max-lg:overflow-hidden") does
			// not.
			if bp, u, _ := strings.Cut(strings.ToLower(c), ":"); u == "hidden" && (bp == "md" || wideWords[bp] || sizeLetters[bp]) {
				small = true
			}
			continue
		}
		// One lookup a word (screenWords): most classes say none of them.
		var kinds screenKind
		nameParts(c, func(w string) bool {
			kinds |= screenWords[w]
			return true
		})
		if kinds == 0 {
			continue
		}
		hides, shows := kinds&screenHides != 0, kinds&screenShows != 0
		onWide, onSmall := kinds&screenWide != 0, kinds&screenSmall != 0
		switch {
		case kinds&screenOther != 0:
		case hides && onWide, (shows || namesDeviceCopy(c)) && onSmall && !hides:
			small = true
		case shows && onWide && !hides:
			wide = true
		}
	}
	return small && !wide
}

// namesDeviceCopy reports whether class c ends in the device a copy is
// for, as a word of its own ("_mobile", "info-icons-mobile"), not the end
// of a camel-cased one: "collapsePhone" lays a part out for phones, it is
// no copy. A style or a size before the device, read camel-cased too,
// says how a part is laid out there ("marginAlignment__Mobile",
// "item-border-mobile", Bulma's "is-full-mobile", "is-6-mobile"), and a
// field's type ("type-phone") is what the field asks for: neither is a
// copy. Nor is a modifier, a class beginning "is-" (Bulma's and
// Webflow's combo classes: "is-pricing-section-mobile" pads a section on
// phones): it says how the part looks there, the part being the only one.
func namesDeviceCopy(c string) bool {
	lc := strings.ToLower(c)
	if !deviceWords[lastNamePart(lc)] || strings.HasPrefix(lc, "is-") || strings.HasPrefix(lc, "is_") {
		return false
	}
	prev, last := "", ""
	nameParts(c, func(w string) bool { prev, last = last, w; return true })
	return !deviceStyleWords[prev] && !allDigits(prev)
}

// lastNamePart returns the last part nameParts reads of a lowercased
// class: its last word of its own, camel case aside.
func lastNamePart(lc string) string {
	last := ""
	nameParts(lc, func(w string) bool { last = w; return true })
	return last
}

// screenKind is a set of what the words of a class say of the screens a
// part is shown on: smallScreenOnly reads each word once.
type screenKind uint8

const (
	screenHides screenKind = 1 << iota // hideWords
	screenShows                        // showWords
	screenWide                         // wideWords
	screenSmall                        // smallWords
	screenOther                        // otherScreenWords
)

// screenWords says, for each word of the screen vocabulary below, which
// of its sets it is in.
var screenWords = func() map[string]screenKind {
	m := map[string]screenKind{}
	for kind, set := range map[screenKind]map[string]bool{
		screenHides: hideWords, screenShows: showWords, screenWide: wideWords,
		screenSmall: smallWords, screenOther: otherScreenWords,
	} {
		for w := range set {
			m[w] |= kind
		}
	}
	return m
}()

// Words of the classes that show a part on some screens only: hideWords
// and showWords say what, wideWords and smallWords on which.
var (
	hideWords  = words("hidden hide none no not")
	showWords  = words("visible show only")
	wideWords  = words("lg xl xxl desktop large")
	smallWords = words("xs sm mobile phone small tablet")
	// sizeLetters are breakpoints a site names by a size's letter, from
	// the medium width up: "m:hidden" hides a part from there up.
	sizeLetters = words("m l")
	// deviceWords, last in a class, name the device a copy is for:
	// "mobile", "info-icons-mobile".
	deviceWords = words("mobile phone tablet")
	// deviceStyleWords, right before a device word, make the class a
	// style for that device or a field's type (namesDeviceCopy).
	deviceStyleWords = words("alignment align margin margins padding border full half width height size gutter spacing offset order type")
	// otherScreenWords make a class say something else: "hidden-lg-down"
	// hides on all but the widest screens, "lg-overflow-hidden" clips,
	// "columns__stack-mobile" lays columns out one above the other on
	// phones: a layout, no copy.
	otherScreenWords = words("down overflow stack")
)
