package md

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestMetaURLs checks that the canonical URL and the image are absolute
// http(s) URLs or nothing: a relative, javascript:, data: or file: URL is
// no address an agent can fetch, and a canonical that is none leaves the
// page's own URL in its place.
func TestMetaURLs(t *testing.T) {
	tests := []struct {
		name, head, url    string
		wantURL, wantImage string
	}{
		{"absolute", `<link rel=canonical href="https://e.com/c"><meta property=og:image content="https://e.com/i.png">`, "https://e.com/a",
			"https://e.com/c", "https://e.com/i.png"},
		{"relative resolved", `<link rel=canonical href="/c"><meta property=og:image content="i.png">`, "https://e.com/a/b",
			"https://e.com/c", "https://e.com/a/i.png"},
		{"relative without a URL", `<link rel=canonical href="/c"><meta property=og:image content="/i.png">`, "",
			"", ""},
		{"javascript and data", `<link rel=canonical href="javascript:alert(1)"><meta property=og:image content="data:image/png;base64,AAAA">`, "https://e.com/a",
			"https://e.com/a", ""},
		{"other schemes", `<link rel=canonical href="ftp://e.com/c"><meta property=og:image content="file:///etc/passwd">`, "https://e.com/a",
			"https://e.com/a", ""},
		// Browsers ignore a base of another scheme: links resolve against the page.
		{"base with another scheme", `<base href="javascript:x/"><link rel=canonical href="c"><meta property=og:image content="i.png">`, "https://e.com/a",
			"https://e.com/c", "https://e.com/i.png"},
		{"scheme-relative", `<link rel=canonical href="//cdn.e.com/c"><meta name=twitter:image content="//cdn.e.com/i.png">`, "http://e.com/a",
			"http://cdn.e.com/c", "http://cdn.e.com/i.png"},
		{"no host", `<link rel=canonical href="https:///c"><meta property=og:image content="http:i.png">`, "",
			"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Convert([]byte(`<html><head>`+tt.head+`</head><body><p>Text.</p></body></html>`), Options{URL: tt.url})
			if err != nil {
				t.Fatal(err)
			}
			if res.URL != tt.wantURL || res.Image != tt.wantImage {
				t.Errorf("URL %q, image %q; want %q, %q", res.URL, res.Image, tt.wantURL, tt.wantImage)
			}
		})
	}
}

// TestIsProductPage: og:type says a page is a product's, or a listing's,
// whatever its JSON-LD declares; else its JSON-LD does when it offers one
// product for sale, in an item or in its @graph, not several (a buying
// guide), not one offered nowhere (a service rated), not in a listing's
// ItemList.
func TestIsProductPage(t *testing.T) {
	tests := []struct {
		ogType string
		ld     []string
		want   bool
	}{
		{"product", nil, true},
		{" Product.Item ", nil, true},
		{"product.group", []string{`{"@type":"Product","name":"Kettle","offers":{"price":"40"}}`}, false},
		{"article", []string{`{"@context":"https://schema.org","@type":"Product","name":"Kettle","offers":{"price":"40"}}`}, true},
		{"", []string{`[{"@type":"BreadcrumbList"},{"@type":["Product","Thing"],"name":"Kettle","offers":[]}]`}, true},
		{"website", []string{`{"@graph":[{"@type":"WebPage"},{"@type":"ProductGroup","name":"Kettle","hasVariant":[]}]}`}, true},
		{"", []string{`{"@type":"Product","name":"Kettle","offers":{}}`, `{"@type":"Product","name":"Kettle","offers":{}}`}, true},
		{"article", []string{`{"@type":"Product","name":"Kettle","offers":{}}`, `{"@type":"Product","name":"Teapot","offers":{}}`}, false},
		{"website", []string{`{"@type":"Product","name":"Pest control","aggregateRating":{}}`}, false},
		{"", []string{`{"@type":"ItemList","itemListElement":[{"@type":"Product","name":"Kettle","offers":{}}]}`}, false},
		{"", []string{`{"@type":"Article","about":"Product design"}`, `{"@type":"Product",`}, false},
	}
	for _, tt := range tests {
		offered := map[string]string{}
		for _, ld := range tt.ld {
			offeredProducts(ld, offered)
		}
		if got := isProductPage(tt.ogType, offered, false); got != tt.want {
			t.Errorf("isProductPage(%q, %v) = %v, want %v", tt.ogType, tt.ld, got, tt.want)
		}
	}
}

// TestIsProductBody: shop platforms' <body> classes say a page is a
// product's, and a product.group og:type still says it is a listing.
func TestIsProductBody(t *testing.T) {
	tests := []struct {
		class, ogType string
		want          bool
	}{
		{"product-template-default single-product woocommerce", "article", true},
		{"page-product lang-fr", "website", true},
		{"catalog-product-view page-layout-1column", "", true},
		{"template-product", "", true},
		{"single-product", "product.group", false},
		{"single-post product-review", "article", false},
		{"template-collection", "", false},
	}
	for _, tt := range tests {
		body := findBody(parse([]byte(`<body class="` + tt.class + `"></body>`)))
		if got := isProductPage(tt.ogType, map[string]string{}, isProductBody(body)); got != tt.want {
			t.Errorf("body class %q, og:type %q: product page = %v, want %v", tt.class, tt.ogType, got, tt.want)
		}
	}
}

// TestLDAuthors: the JSON-LD names the article's writers, as an object, a
// list, or the @id of a Person in its @graph; a site's one-word name or a
// lowercase handle is no person's.
func TestLDAuthors(t *testing.T) {
	tests := []struct {
		ld   string
		want []string
	}{
		{`{"@type":"NewsArticle","author":{"@type":"Person","name":"Amanda Furrer"}}`, []string{"Amanda Furrer"}},
		{`[{"@type":"Article","author":[{"name":"Lisa Jennings"},{"name":"Bret  Thorn"}]}]`, []string{"Lisa Jennings", "Bret Thorn"}},
		{`{"@graph":[{"@type":"Article","author":{"@id":"#p1"}},{"@type":"Person","@id":"#p1","name":"Joaquin Fernandez"}]}`, []string{"Joaquin Fernandez"}},
		{`{"@type":"Article","author":"Mina Okafor"}`, []string{"Mina Okafor"}},
		{`{"@type":"Article","author":["Mina Okafor",{"name":"Lisa Jennings"}]}`, []string{"Mina Okafor", "Lisa Jennings"}},
		{`{"@type":"Article","author":{"name":"Wirecutter"}}`, nil},
		{`{"@type":"Article","author":{"name":"admin user"}}`, nil},
		{`{"@type":"Article","headline":"Jane Doe"}`, nil},
	}
	for _, tt := range tests {
		if got := ldAuthors(tt.ld, nil); !slices.Equal(got, tt.want) {
			t.Errorf("ldAuthors(%s) = %q, want %q", tt.ld, got, tt.want)
		}
	}
}

// TestLDAuthorsBounded: a JSON-LD block listing thousands of writers
// gives maxAuthors of them, the first, and a page that has them reads no
// further block.
func TestLDAuthorsBounded(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`{"@type":"Article","author":[`)
	for i := range 2000 {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `{"name":"Jane Writer%d Doe"}`, i)
	}
	sb.WriteString(`]}`)
	got := ldAuthors(sb.String(), nil)
	if len(got) != maxAuthors || got[0] != "Jane Writer0 Doe" {
		t.Fatalf("ldAuthors of 2000 writers: %d names (%q...), want the first %d", len(got), got[:min(len(got), 2)], maxAuthors)
	}
	if again := ldAuthors(`{"author":{"name":"Other Person"}}`, got); len(again) != maxAuthors {
		t.Errorf("a further block added names: %d, want %d", len(again), maxAuthors)
	}
}
