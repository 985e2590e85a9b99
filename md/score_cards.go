package md

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A product's page lists other products beside it: "Similar items",
// "People who viewed this item also viewed", "Goes well with". Each is a
// list of cards, a name that links to the product's own page and its
// price, and none of it is about the product the page sells. A listing
// is made of the same cards, and they are its content: the lists go only
// on a page that says it is a product's (isProductPage) and, outside
// them, states a price of its own.

// cardRunes is the most text a card of another product holds: its name,
// its price, a rating, a line of delivery terms.
const cardRunes = 400

// minCards is the least number of cards that make a list of other
// products: one or two are a bundle offer or the product's own sizes.
const minCards = 3

// priceRunes is the most text an element stating a price holds: "US
// $394.99", "From: $39.00", "EUR 20.99".
const priceRunes = 24

// priceLetters is the most letters a price holds besides its currency
// code: "Sale price", "From".
const priceLetters = 12

// listHeadingRunes is the most text around a list of products that is its
// heading and its links ("Similar items", "See all").
const listHeadingRunes = 80

// currencyCodes are the ISO 4217 codes a price is written with most,
// where a shop writes no sign ("EUR 20.99", "99 USD").
var currencyCodes = words("usd eur gbp aud cad nzd chf jpy cny inr sek nok dkk pln czk huf brl mxn zar sgd hkd krw rub try ils aed")

// isPrice reports whether text is a price and little else: a number with
// a currency sign (Unicode's Sc: $, €, £...) or an ISO code beside it, and
// at most a word or two around them.
func isPrice(text string) bool {
	text = strings.TrimSpace(text)
	if text == "" || utf8.RuneCountInString(text) > priceRunes || !strings.ContainsFunc(text, unicode.IsDigit) {
		return false
	}
	currency, letters := false, 0
	notWord := func(r rune) bool { return unicode.IsSpace(r) || unicode.IsDigit(r) || unicode.IsPunct(r) }
	for _, f := range strings.FieldsFunc(text, notWord) {
		if currencyCodes[strings.ToLower(f)] {
			currency = true
			continue
		}
		for _, r := range f {
			switch {
			case unicode.Is(unicode.Sc, r):
				currency = true
			case unicode.IsLetter(r):
				letters++
			}
		}
	}
	return currency && letters <= priceLetters
}

// isPriceElement reports whether n is an element whose text is a price.
// It is read up to priceBytes (textUpTo): few characters count as text,
// but empty elements may be any number, and a price is asked of each
// element of a card, at each level of a nest of them.
func isPriceElement(n *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || n.Type != html.ElementNode || st.runes > 2*priceRunes {
		return false
	}
	text, whole := textUpTo(n, priceBytes)
	return whole && isPrice(text)
}

// priceBytes is the most bytes of text, spaces aside, and nodes of an
// element stating a price (textUpTo): 90 bytes of text at most on the
// corpora's pages.
const priceBytes = 1 << 10

// isProductCard reports whether n is the card of a product: a short block
// (up to cardRunes) holding a link, to the product's page, and an element
// stating its price. A table's rows state prices of their own.
func (f *cardFinder) isProductCard(n *html.Node) bool {
	st, ok := f.s.stats[n]
	if !ok || n.Type != html.ElementNode || st.runes > cardRunes || phrasing[n.DataAtom] {
		return false
	}
	switch n.DataAtom {
	case atom.Tr, atom.Td, atom.Th:
		return false
	}
	h := f.holds(n)
	return h.link && h.price
}

// cardFinder tells product cards apart (isProductCard). Each part asks it
// of its children, and they of theirs, so what a subtree holds is kept:
// found afresh, a part nested 500 deep would be read once per level
// above it.
type cardFinder struct {
	s    *scorer
	held map[*html.Node]held
}

// held is what a subtree holds: a link, an element stating a price.
type held struct{ link, price bool }

func newCardFinder(s *scorer) *cardFinder {
	return &cardFinder{s: s, held: map[*html.Node]held{}}
}

// holds reports whether n is or holds a link that leads somewhere, and an
// element whose text is a price (isPriceElement).
func (f *cardFinder) holds(n *html.Node) held {
	if h, ok := f.held[n]; ok {
		return h
	}
	h := held{link: isLink(n), price: isPriceElement(n, f.s)}
	for c := n.FirstChild; c != nil && !(h.link && h.price); c = c.NextSibling {
		if c.Type == html.ElementNode {
			ch := f.holds(c)
			h.link = h.link || ch.link
			h.price = h.price || ch.price
		}
	}
	f.held[n] = h
	return h
}

// isCardList reports whether n is a list of other products: minCards or
// more of its child elements are product cards, they hold nearly all of
// its text, and fewer than half of them name in full a product the page
// is about (names, see productNames): those are its own sizes, editions
// or colours ("Vitality Elixir sample", "Vitality Elixir demi").
func (f *cardFinder) isCardList(n *html.Node, names [][]string) bool {
	st, ok := f.s.stats[n]
	if !ok || n.Type != html.ElementNode {
		return false
	}
	k, own, runes := 0, 0, 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f.isProductCard(c) {
			k++
			runes += f.s.get(c).runes
			if text, _ := textUpTo(c, cardBytes); namesOne(strings.ToLower(text), names) {
				own++
			}
		}
	}
	return k >= minCards && 10*runes >= 8*st.runes && 2*own < k
}

// cardBytes is the most of a card's text, nodes counted as textUpTo
// counts them, isCardList reads for a product's name: a card holds up to
// cardRunes characters, but its elements may be any number, and
// cards nested in cards are each read by the list around them.
const cardBytes = 16 << 10

// nameWordRunes is the least length of a word of a product's name that
// names it: "The", "of", sizes and numbers do not.
const nameWordRunes = 4

// maxProductNames is the most names productNames returns: a product's
// page has an <h1> or two, and each card of a list is compared with each
// name (a page of thousands of <h1>s and thousands of cards would compare
// them all).
const maxProductNames = 8

// productNames returns the names of the products nodes are about: the
// words (of nameWordRunes or more) of each <h1> in them, lowercased, of
// the first maxProductNames <h1>s with such words.
func productNames(nodes []*html.Node) [][]string {
	var names [][]string
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if len(names) >= maxProductNames {
				return false
			}
			if !isH1(n) {
				return true
			}
			var name []string
			for _, w := range strings.FieldsFunc(strings.ToLower(textContent(n)), func(r rune) bool { return !unicode.IsLetter(r) }) {
				if utf8.RuneCountInString(w) >= nameWordRunes {
					name = append(name, w)
				}
			}
			if len(name) > 0 {
				names = append(names, name)
			}
			return false
		})
	}
	return names
}

// namesOne reports whether text, lowercased, holds every word of one of
// names.
func namesOne(text string, names [][]string) bool {
	for _, name := range names {
		all := true
		for _, w := range name {
			if !strings.Contains(text, w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// withHeading returns the box around list, below root, that holds nothing
// else but up to listHeadingRunes of text: the list with its heading.
func withHeading(list, root *html.Node, s *scorer) *html.Node {
	n := list
	for p := n.Parent; p != nil && p != root; p = p.Parent {
		if s.get(p).runes-s.get(list).runes > listHeadingRunes {
			break
		}
		n = p
	}
	return n
}

// pruneProductCards removes, through rm, the lists of other products
// (isCardList, with their headings) from the content and its siblings, on
// a page that says it is a product's, when outside them the content
// states a price of its own: the product's. A listing states its prices
// in its cards only.
func pruneProductCards(nodes []*html.Node, s *scorer, rm *remover) {
	var lists []*html.Node
	in := map[*html.Node]bool{}
	names := productNames(nodes)
	f := newCardFinder(s)
	for _, root := range nodes {
		for _, n := range s.outermost(root, func(n *html.Node) bool { return f.isCardList(n, names) }) {
			box := withHeading(n, root, s)
			lists = append(lists, box)
			in[box] = true
		}
	}
	if len(lists) == 0 {
		return
	}
	own := false
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if own || in[n] || n.Type != html.ElementNode {
				return false
			}
			if _, ok := s.stats[n]; !ok {
				return false
			}
			own = isPriceElement(n, s)
			return !own
		})
	}
	if !own {
		return
	}
	for _, n := range lists {
		rm.remove(n, "products", "a list of other products beside the product the page is about", s.get(n))
	}
}
