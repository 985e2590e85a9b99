package md

import (
	"reflect"
	"strings"
	"testing"
)

// TestReadMetaOf checks that readMetaOf, given the elements unfoldPanels
// lists, reads what readMeta's walk of the whole page reads once the page
// is unfolded and unhidden as Convert does, when no teaser was cut (a cut
// makes Convert walk the page again): titles, metadata and microdata
// under an <svg>, a <math> or a <template>, in a heading, in a hidden part
// unhideMain shows, in a panel unfolded, and a page's second <base>.
func TestReadMetaOf(t *testing.T) {
	product := `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="12"></div></div>`
	pages := []string{
		`<html lang="fr"><head><title>A</title><base href="/x/"><base href="/y/"><meta property="og:type" content="product"></head><body class="single-product"><h1>A</h1>` + product + `</body></html>`,
		`<html><body><svg><title>not it</title><meta name="description" content="svg"></svg><math><title>m</title></math><template><title>t</title><link rel="canonical" href="/t"></template><title>late</title><meta name="description" content="d"></body></html>`,
		`<html><head><meta name="author" content="Ann"><script type="application/ld+json">{"@type":"Product","name":"K","description":"Boils."}</script></head><body><h2><svg><title>icon</title></svg>Q <button aria-expanded="false" aria-controls="p1">open</button><meta itemprop="x" content="y"></h2><div id="p1" hidden>` + product + `<title>t2</title></div></body></html>`,
		`<html><body><main><p>hi</p><div style="display:none"><meta name="description" content="hidden"><p>` + strings.Repeat("Hidden prose of the page. ", 40) + `</p>` + product + `</div></main></body></html>`,
		`<html><body><div><p>Short teaser…</p><p hidden>Short teaser and the rest.</p></div><svg><template><title>x</title></template></svg><div itemscope><meta name="og:title" content="o"></div></body></html>`,
	}
	for _, page := range pages {
		doc := parse([]byte(page))
		found := unfoldPanels(doc)
		cut := unfoldCutTexts(found.ellipses)
		unhideMain(doc, found.mains)
		if cut {
			continue // Convert reads the whole page again
		}
		got := readMetaOf(found.metaNodes, "https://example.com/a/b")
		want := readMeta(doc, "https://example.com/a/b")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\ngot  %+v\nwant %+v", page, got, want)
		}
	}
}
