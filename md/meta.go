package md

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// meta is what the page says about itself, read before pruning drops the
// <head> and the scripts.
type meta struct {
	title       string
	siteName    string // og:site_name, else application-name
	description string
	canonical   string // absolute http(s), or "" when the page has none
	image       string // absolute http(s), or ""
	lang        string
	jsonLD      []string // the text of each application/ld+json script, in order
	// product: the page says it is a product's (isProductPage); the
	// scoring stage drops other products' cards and the product's reviews.
	product bool
	// offer: the element the page's microdata says is the one product it
	// offers (microdataOffer), or nil; the scoring stage keeps it whole.
	offer *html.Node
	// productDesc: the description the JSON-LD of the one product the
	// page offers gives, or ""; the scoring stage keeps the part saying it.
	productDesc string
	// authors: the names the page gives its writers (its author meta
	// tag, its JSON-LD's authors), whose box after the article the
	// scoring stage drops.
	authors []string

	base    *url.URL // what relative links resolve against, or nil
	pageURL *url.URL // the page's own address (Options.URL), or nil
}

// readMeta reads the page's metadata. pageURL is Options.URL.
func readMeta(doc *html.Node, pageURL string) meta {
	r := newMetaReader(pageURL)
	walk(doc, r.see)
	return r.done()
}

// readMetaOf is readMeta of a page whose elements that may say anything
// of it are nodes, in page order (unfolded.metaNodes): those readMeta's
// walk reads (none under an <svg>, a <math> or a <template>) of the
// tags it reads or with an itemscope. The walk that lists them runs
// anyway: the page is not walked again for them.
func readMetaOf(nodes []*html.Node, pageURL string) meta {
	r := newMetaReader(pageURL)
	for _, n := range nodes {
		r.see(n)
	}
	return r.done()
}

// metaAtom reports whether readMeta reads the elements of tag a, or
// nothing under them (metaReader.see), whatever their attributes.
func metaAtom(a atom.Atom) bool {
	switch a {
	case atom.Html, atom.Body, atom.Svg, atom.Math, atom.Template, atom.Title, atom.Base, atom.Link, atom.Meta, atom.Script:
		return true
	}
	return false
}

// metaReader reads the page's metadata one element at a time, in page
// order (see); done sums it up.
type metaReader struct {
	m                                                                                 meta
	titleEl, ogTitle, ogSite, appName, ogType, desc, ogDesc, twDesc, ogImage, twImage string
	canonical                                                                         string
	haveTitle, haveBase, productBody                                                  bool
	offered                                                                           map[string]string
	items                                                                             []*html.Node // microdata items of productTypes
}

// newMetaReader returns a metaReader that has read nothing yet.
func newMetaReader(pageURL string) *metaReader {
	r := &metaReader{offered: map[string]string{}}
	if u, err := url.Parse(strings.TrimSpace(pageURL)); err == nil && pageURL != "" {
		r.m.pageURL = u
	}
	r.m.base = r.m.pageURL
	return r
}

// see reads n, and reports whether its descendants may say anything of
// the page: the <title> of an <svg>, a <math> or a <template> is not the
// page's.
func (r *metaReader) see(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return true
	}
	m := &r.m
	if isProductItem(n) {
		r.items = append(r.items, n)
	}
	switch n.DataAtom {
	case atom.Html:
		m.lang = strings.TrimSpace(getAttr(n, "lang"))
	case atom.Body:
		r.productBody = isProductBody(n)
	case atom.Svg, atom.Math, atom.Template:
		return false // their <title> elements are not the page's
	case atom.Title:
		if !r.haveTitle {
			r.haveTitle = true
			r.titleEl = collapseSpace(textContent(n))
		}
	case atom.Base:
		if href, ok := attrOK(n, "href"); ok && !r.haveBase {
			r.haveBase = true
			// Browsers ignore a javascript: or data: base (HTML's
			// "set the frozen base URL"); links to scripts, vbscript:
			// among them, keep only their text, so their base must go too.
			if u, err := resolve(m.pageURL, href); err == nil && u.Scheme != "javascript" && u.Scheme != "vbscript" && u.Scheme != "data" {
				m.base = u
			}
		}
	case atom.Link:
		if hasToken(getAttr(n, "rel"), "canonical") && r.canonical == "" {
			r.canonical = strings.TrimSpace(getAttr(n, "href"))
		}
	case atom.Meta:
		content := strings.TrimSpace(getAttr(n, "content"))
		key := strings.ToLower(strings.TrimSpace(getAttr(n, "property")))
		if key == "" {
			key = strings.ToLower(strings.TrimSpace(getAttr(n, "name")))
		}
		if m.lang == "" && strings.EqualFold(getAttr(n, "http-equiv"), "content-language") {
			m.lang = content
		}
		first := func(dst *string) {
			if *dst == "" {
				*dst = content
			}
		}
		switch key {
		case "author":
			m.authors = addAuthor(m.authors, content)
		case "og:title":
			first(&r.ogTitle)
		case "og:type":
			first(&r.ogType)
		case "og:site_name":
			first(&r.ogSite)
		case "application-name":
			first(&r.appName)
		case "description":
			first(&r.desc)
		case "og:description":
			first(&r.ogDesc)
		case "twitter:description":
			first(&r.twDesc)
		case "og:image", "og:image:url", "og:image:secure_url":
			first(&r.ogImage)
		case "twitter:image", "twitter:image:src":
			first(&r.twImage)
		}
	case atom.Script:
		if isJSONLD(n) {
			if s := strings.TrimSpace(textContent(n)); s != "" {
				m.jsonLD = append(m.jsonLD, s)
				offeredProducts(s, r.offered)
				m.authors = ldAuthors(s, m.authors)
			}
		}
	}
	return true
}

// done returns the metadata of the elements read.
func (r *metaReader) done() meta {
	m := r.m
	m.title = collapseSpace(firstNonEmpty(r.ogTitle, r.titleEl))
	m.siteName = collapseSpace(firstNonEmpty(r.ogSite, r.appName))
	m.product = isProductPage(r.ogType, r.offered, r.productBody)
	if len(r.offered) == 1 {
		for _, d := range r.offered {
			m.productDesc = d
		}
	}
	m.offer = microdataOffer(r.items)
	m.description = collapseSpace(firstNonEmpty(r.desc, r.ogDesc, r.twDesc))
	if r.canonical != "" {
		m.canonical = webURL(m.base, r.canonical)
	}
	if img := firstNonEmpty(r.ogImage, r.twImage); img != "" {
		m.image = webURL(m.base, img)
	}
	return m
}

// webURL resolves ref against base and returns it when it is an absolute
// http(s) URL with a host, else "": a relative, javascript:, data: or file:
// URL is no address an agent can fetch, and a canonical URL that is none
// must not replace the page's own.
func webURL(base *url.URL, ref string) string {
	u, err := resolve(base, ref)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.String()
}

// isJSONLD reports whether n is a <script type="application/ld+json">.
func isJSONLD(n *html.Node) bool {
	t, _, _ := strings.Cut(getAttr(n, "type"), ";")
	return strings.EqualFold(strings.TrimSpace(t), "application/ld+json")
}

// resolve resolves ref against base as a browser would. With no base, a
// relative reference stays relative.
func resolve(base *url.URL, ref string) (*url.URL, error) {
	ref = strings.TrimSpace(stripURLWhitespace(ref))
	u, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	if base == nil {
		return u, nil
	}
	return base.ResolveReference(u), nil
}

// stripURLWhitespace removes the tabs and newlines a browser ignores inside
// a URL attribute.
func stripURLWhitespace(s string) string {
	if !strings.ContainsAny(s, "\t\n\r") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// isProductPage reports whether a page whose og:type is ogType, whose
// JSON-LD offers the products named in offered, and whose <body> class is
// or is not a shop platform's for a product (productBody, isProductBody),
// is a product's page: its og:type says so ("product", "product.item"),
// or, unless it says the page is a listing ("product.group"), its <body>
// does or its JSON-LD offers one product for sale. A buying guide
// declares the several products it reviews, and sites mark a service
// with a Product, offered nowhere, for its rating.
func isProductPage(ogType string, offered map[string]string, productBody bool) bool {
	switch strings.ToLower(strings.TrimSpace(ogType)) {
	case "product", "product.item":
		return true
	case "product.group":
		return false
	}
	return productBody || len(offered) == 1
}

// productBodyClasses are the classes shop platforms give the <body> of a
// product's page, and of no other: WooCommerce's "single-product",
// PrestaShop's "page-product", Magento's "catalog-product-view",
// Shopify's "template-product".
var productBodyClasses = phrases("single-product", "page-product", "catalog-product-view", "template-product")

// isProductBody reports whether body's class says the page is a
// product's (productBodyClasses).
func isProductBody(body *html.Node) bool {
	for c := range strings.FieldsSeq(getAttr(body, "class")) {
		if productBodyClasses[c] {
			return true
		}
	}
	return false
}

// productTypes are the schema.org types of a product's page: a
// ProductGroup is one product in several sizes or colours.
var productTypes = phrases("Product", "ProductGroup")

// offeredProducts adds to offered the name of each product a JSON-LD
// block offers for sale: an item, or an item of its @graph, that is a
// Product with offers (or a ProductGroup with variants). An ItemList of
// products is a listing's, and not read. Only a block that names the type
// is parsed.
func offeredProducts(ld string, offered map[string]string) {
	if !strings.Contains(ld, `"Product`) {
		return
	}
	var v any
	if json.Unmarshal([]byte(ld), &v) != nil {
		return
	}
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	add := func(o map[string]any) {
		if isOffered(o) {
			name, _ := o["name"].(string)
			desc, _ := o["description"].(string)
			offered[strings.TrimSpace(name)] = desc
		}
	}
	for _, it := range items {
		o, _ := it.(map[string]any)
		add(o)
		graph, _ := o["@graph"].([]any)
		for _, g := range graph {
			g, _ := g.(map[string]any)
			add(g)
		}
	}
}

// descKey returns the words leading desc, a product's description in its
// JSON-LD (text or HTML, whose tags it skips), lowercased and joined by
// spaces, descKeyWords at most; or "" when it has fewer than
// descMinWords, too few to tell its part of the page from another.
func descKey(desc string) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(desc, '<')
		j := strings.IndexByte(desc[max(i, 0):], '>')
		if i < 0 || j < 0 {
			break
		}
		sb.WriteString(desc[:i])
		sb.WriteByte(' ')
		desc = desc[i+j+1:]
	}
	sb.WriteString(desc)
	w := textWords(html.UnescapeString(sb.String()))
	if len(w) < descMinWords {
		return ""
	}
	return strings.Join(w[:min(len(w), descKeyWords)], " ")
}

// How many words lead a product's description (descKey), at most and at
// least.
const (
	descKeyWords = 12
	descMinWords = 8
)

// isOffered reports whether a JSON-LD item is a product for sale: its
// @type is one of productTypes, and it has offers or variants.
func isOffered(o map[string]any) bool {
	if o["offers"] == nil && o["hasVariant"] == nil {
		return false
	}
	switch t := o["@type"].(type) {
	case string:
		return productTypes[t]
	case []any:
		for _, x := range t {
			if s, _ := x.(string); productTypes[s] {
				return true
			}
		}
	}
	return false
}

// microdataOffer returns, of the page's microdata items of productTypes
// (items), the one it offers for sale: the only such item, holding an
// itemprop of offers (or, for a group, hasVariant), read before pruning
// since shops hide the offer's fields (display:none) for machines. A
// listing marks up several products; a page that mentions a product but
// does not sell it marks no offers.
func microdataOffer(items []*html.Node) *html.Node {
	if len(items) != 1 {
		return nil
	}
	if findFirst(items[0], func(c *html.Node) bool {
		p := getAttr(c, "itemprop")
		return c != items[0] && (hasToken(p, "offers") || hasToken(p, "hasVariant"))
	}) == nil {
		return nil
	}
	return items[0]
}

// isProductItem reports whether n is a microdata item (itemscope) whose
// itemtype is a schema.org type of productTypes.
func isProductItem(n *html.Node) bool {
	if _, ok := attrOK(n, "itemscope"); !ok {
		return false
	}
	for t := range strings.FieldsSeq(getAttr(n, "itemtype")) {
		t = strings.TrimSuffix(t, "/")
		i := strings.LastIndexByte(t, '/')
		if i >= 0 && strings.HasSuffix(strings.ToLower(t[:i]), "schema.org") && productTypes[t[i+1:]] {
			return true
		}
	}
	return false
}

// facts is what the page's metadata tells the scoring stage.
func (m meta) facts() pageFacts {
	return pageFacts{product: m.product, offer: m.offer, desc: m.productDesc, host: m.siteHost(), authors: m.authors}
}

// siteHost is the host of the page's canonical URL, else of its own
// address (Options.URL), without "www.", or "": the scoring stage tells
// links to the site's other pages from links out by it.
func (m meta) siteHost() string {
	for _, u := range []string{m.canonical, urlString(m.pageURL)} {
		if p, err := url.Parse(u); err == nil && p.Host != "" {
			return strings.TrimPrefix(strings.ToLower(p.Host), "www.")
		}
	}
	return ""
}

// urlString is u written out, or "" for nil.
func urlString(u *url.URL) string {
	if u == nil {
		return ""
	}
	return u.String()
}

// ldAuthors adds to names the name of each author a JSON-LD block gives:
// an item's, or an item of its @graph's, "author" (an object, or a list
// of them, with a "name", or with the "@id" of an item that has one, as
// SEO plugins write it). Only a block that names an author is parsed.
func ldAuthors(ld string, names []string) []string {
	if len(names) >= maxAuthors || !strings.Contains(ld, `"author"`) {
		return names
	}
	var v any
	if json.Unmarshal([]byte(ld), &v) != nil {
		return names
	}
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	var all []map[string]any
	for _, it := range items {
		o, _ := it.(map[string]any)
		all = append(all, o)
		graph, _ := o["@graph"].([]any)
		for _, g := range graph {
			g, _ := g.(map[string]any)
			all = append(all, g)
		}
	}
	byID := map[string]string{}
	for _, o := range all {
		id, _ := o["@id"].(string)
		name, _ := o["name"].(string)
		if id != "" && name != "" {
			byID[id] = name
		}
	}
	add := func(a any) {
		if name, ok := a.(string); ok {
			names = addAuthor(names, name) // "author": "Jane Doe"
			return
		}
		o, _ := a.(map[string]any)
		name, _ := o["name"].(string)
		if name == "" {
			id, _ := o["@id"].(string)
			name = byID[id]
		}
		names = addAuthor(names, name)
	}
	for _, o := range all {
		switch a := o["author"].(type) {
		case []any:
			for _, x := range a {
				add(x)
			}
		default:
			add(a)
		}
	}
	return names
}

// maxAuthors is the most names of writers a page is read for: an
// article has a few, and every short block of the content is compared
// with each (pruneAuthorBios, pruneAuthorLines), so a JSON-LD block
// listing thousands must not make each block read thousands.
const maxAuthors = 16

// addAuthor adds name to names, collapsed, when it is a person's: two to
// four words, each beginning with a capital ("Lisa Jennings"), not a
// site's or team's one-word name, nor a longer list of names; up to
// maxAuthors. Two names of two words ("Chen Zhao, Daryl Fairweather") pass
// as one: a line "By" them both says it, and its first word begins the
// first one's bio.
func addAuthor(names []string, name string) []string {
	if len(names) >= maxAuthors {
		return names
	}
	name = collapseSpace(name)
	words := strings.Fields(name)
	if len(words) < 2 || len(words) > 4 || slices.Contains(names, name) {
		return names
	}
	for _, w := range words {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return names
		}
	}
	return append(names, name)
}
