package md

import (
	"encoding/json"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// meta is what the page says about itself, read before pruning drops the
// <head> and the scripts.
type meta struct {
	title       string
	description string
	canonical   string // absolute http(s), or "" when the page has none
	image       string // absolute http(s), or ""
	lang        string
	jsonLD      []string // the text of each application/ld+json script, in order
	// product: the page says it is a product's (isProductPage); the
	// scoring stage drops other products' cards and the product's reviews.
	product bool

	base    *url.URL // what relative links resolve against, or nil
	pageURL *url.URL // the page's own address (Options.URL), or nil
}

// readMeta reads the page's metadata. pageURL is Options.URL.
func readMeta(doc *html.Node, pageURL string) meta {
	var m meta
	if u, err := url.Parse(strings.TrimSpace(pageURL)); err == nil && pageURL != "" {
		m.pageURL = u
	}
	m.base = m.pageURL

	var titleEl, ogTitle, ogType, desc, ogDesc, twDesc, ogImage, twImage, canonical string
	var haveTitle, haveBase, ldProduct bool
	walk(doc, func(n *html.Node) bool {
		if n.Type != html.ElementNode {
			return true
		}
		switch n.DataAtom {
		case atom.Html:
			m.lang = strings.TrimSpace(getAttr(n, "lang"))
		case atom.Svg, atom.Math, atom.Template:
			return false // their <title> elements are not the page's
		case atom.Title:
			if !haveTitle {
				haveTitle = true
				titleEl = collapseSpace(textContent(n))
			}
		case atom.Base:
			if href, ok := attrOK(n, "href"); ok && !haveBase {
				haveBase = true
				// Browsers ignore a javascript: or data: base (HTML's
				// "set the frozen base URL"); links to scripts, vbscript:
				// among them, keep only their text, so their base must go too.
				if u, err := resolve(m.pageURL, href); err == nil && u.Scheme != "javascript" && u.Scheme != "vbscript" && u.Scheme != "data" {
					m.base = u
				}
			}
		case atom.Link:
			if hasToken(getAttr(n, "rel"), "canonical") && canonical == "" {
				canonical = strings.TrimSpace(getAttr(n, "href"))
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
			case "og:title":
				first(&ogTitle)
			case "og:type":
				first(&ogType)
			case "description":
				first(&desc)
			case "og:description":
				first(&ogDesc)
			case "twitter:description":
				first(&twDesc)
			case "og:image", "og:image:url", "og:image:secure_url":
				first(&ogImage)
			case "twitter:image", "twitter:image:src":
				first(&twImage)
			}
		case atom.Script:
			if isJSONLD(n) {
				if s := strings.TrimSpace(textContent(n)); s != "" {
					m.jsonLD = append(m.jsonLD, s)
					ldProduct = ldProduct || declaresProduct(s)
				}
			}
		}
		return true
	})

	m.title = collapseSpace(firstNonEmpty(ogTitle, titleEl))
	m.product = isProductPage(ogType, ldProduct)
	m.description = collapseSpace(firstNonEmpty(desc, ogDesc, twDesc))
	if canonical != "" {
		m.canonical = webURL(m.base, canonical)
	}
	if img := firstNonEmpty(ogImage, twImage); img != "" {
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

// isProductPage reports whether a page whose og:type is ogType, and whose
// JSON-LD does or does not declare a Product (ldProduct), is a product's
// page: its og:type says so ("product", "product.item"), or its JSON-LD
// does and its og:type does not say it is an article or a listing ("a
// product.group"): a review or a buying guide declares the products it is
// about, and sites mark a service with a Product for its rating.
func isProductPage(ogType string, ldProduct bool) bool {
	switch strings.ToLower(strings.TrimSpace(ogType)) {
	case "product", "product.item":
		return true
	case "article", "product.group":
		return false
	}
	return ldProduct
}

// productTypes are the schema.org types of a product's page: a
// ProductGroup is one product in several sizes or colours.
var productTypes = phrases("Product", "ProductGroup")

// declaresProduct reports whether a JSON-LD block says the page is a
// product's: its item, or an item of its @graph, is a Product (an
// ItemList of products is a listing's). Only a block that names the type
// is parsed.
func declaresProduct(ld string) bool {
	if !strings.Contains(ld, `"Product`) {
		return false
	}
	var v any
	if json.Unmarshal([]byte(ld), &v) != nil {
		return false
	}
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	for _, it := range items {
		o, _ := it.(map[string]any)
		if isProductItem(o) {
			return true
		}
		graph, _ := o["@graph"].([]any)
		for _, g := range graph {
			if g, _ := g.(map[string]any); isProductItem(g) {
				return true
			}
		}
	}
	return false
}

// isProductItem reports whether a JSON-LD item's @type is one of
// productTypes.
func isProductItem(o map[string]any) bool {
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
