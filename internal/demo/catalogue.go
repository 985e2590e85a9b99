package demo

import "strings"

// A route is a page of the store as its site index lists it.
type route struct {
	Pattern     string // "/products/[slug]"
	Description string // one line for agents on what the page is for
	Private     bool   // shows a session's own data
}

// siteRoutes are the store's routes, in the order the site index lists
// them.
func siteRoutes() []route {
	return []route{
		{Pattern: "/", Description: "Every product, its price and whether it is in stock"},
		{Pattern: "/products/[slug]", Description: "One product: price, colours, sizes and stock"},
		{Pattern: "/streamed", Description: "A page streamed by Next.js 16: Suspense content that arrives after the page's shell"},
		{Pattern: "/checkout", Description: "The checkout: the cart, then contact, shipping, country and card"},
		{Pattern: "/docs/orders-api", Description: "How shops order wholesale over HTTP: endpoints, rate limits, order statuses"},
		{Pattern: "/account", Description: "Your account: orders and addresses (needs a session)", Private: true},
	}
}

type product struct {
	Slug, Name, Price string
	Text              string // a paragraph about it
	Image, ImageAlt   string
	Colours           []colour
	Sizes             []size
}

type colour struct{ Name, Hex string }

type size struct {
	Name    string
	InStock bool
}

// catalogue is what the store sells, in the order it shows it.
func catalogue() []product {
	return []product{{
		Slug: "heavyweight-tee", Name: "Heavyweight Tee", Price: "$48",
		Text:  "A 300 gsm cotton tee, cut boxy, pre-washed so it keeps its shape.",
		Image: "/static/tee.svg", ImageAlt: "The Heavyweight Tee in black, laid flat",
		Colours: []colour{{"black", "#222222"}, {"bone", "#e8e0d0"}},
		Sizes:   []size{{"S", true}, {"M", true}, {"L", false}},
	}, {
		Slug: "stoneware-mug", Name: "Stoneware Mug", Price: "$18",
		Text:  "Thrown by hand, glazed inside, 350 ml. Each one is a little different.",
		Image: "/static/mug.svg", ImageAlt: "The Stoneware Mug in sand, from the side",
		Colours: []colour{{"sand", "#c9b99a"}, {"slate", "#5a6470"}},
		Sizes:   []size{{"One size", false}},
	}}
}

// productBySlug finds a product of the catalogue.
func productBySlug(slug string) (product, bool) {
	for _, p := range catalogue() {
		if p.Slug == slug {
			return p, true
		}
	}
	return product{}, false
}

// ColourNames is what the swatches say, for the text marker.
func (p product) ColourNames() string {
	names := make([]string, len(p.Colours))
	for i, c := range p.Colours {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

// InStock reports whether any size is in stock.
func (p product) InStock() bool {
	for _, s := range p.Sizes {
		if s.InStock {
			return true
		}
	}
	return false
}

// Stock says in words what the struck-through sizes show people.
func (p product) Stock() string {
	var in, out []string
	for _, s := range p.Sizes {
		if s.InStock {
			in = append(in, s.Name)
		} else {
			out = append(out, s.Name)
		}
	}
	switch {
	case len(out) == 0:
		return "In stock: " + strings.Join(in, ", ") + "."
	case len(in) == 0:
		return "Sold out."
	}
	return "In stock: " + strings.Join(in, ", ") + ". Sold out: " + strings.Join(out, ", ") + "."
}
