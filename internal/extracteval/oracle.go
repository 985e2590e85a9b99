package extracteval

import (
	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Oracle is the extractor "oracle": md.Convert given, as its content, the
// one element of the page (after Suspense, pruning and forms, as any
// extraction sees it) whose text has the best word F1 against the page's
// reference text. It reads the answer, so it is no extractor anyone can
// use: it is the ceiling of every extractor that chooses one subtree of the
// page. Those that also drop parts inside it (the scoring stage drops
// boilerplate there) may beat it on a page.
func Oracle() Extractor {
	return Extractor{Name: "oracle", Text: func(p *Page) (string, string, error) {
		extract := func(doc *html.Node) []*html.Node {
			if n := bestSubtree(doc, p.Want); n != nil {
				return []*html.Node{n}
			}
			return nil
		}
		return Markdown(md.Options{ExtractFunc: extract})(p)
	}}
}

// bestSubtree returns the element under doc whose text has the best word F1
// against want, or nil when none shares a word with it. Text in elements
// the renderer never writes (scripts, styles, templates) does not count.
func bestSubtree(doc *html.Node, want string) *html.Node {
	ref := map[string]int{}
	for _, w := range Words(want) {
		ref[w]++
	}
	refWords := 0
	for _, k := range ref {
		refWords += k
	}
	if refWords == 0 {
		return nil
	}
	var best *html.Node
	bestF1 := 0.0
	// visit returns the counts of n's words that the reference has, and
	// the number of all its words. The larger child map absorbs the
	// smaller ones, so each word moves O(log n) times.
	var visit func(n *html.Node) (map[string]int, int)
	visit = func(n *html.Node) (map[string]int, int) {
		counts, total := map[string]int{}, 0
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				for _, w := range Words(c.Data) {
					total++
					if ref[w] > 0 {
						counts[w]++
					}
				}
			case html.ElementNode:
				switch c.DataAtom {
				case atom.Script, atom.Style, atom.Template:
					continue
				}
				cc, ct := visit(c)
				total += ct
				if len(cc) > len(counts) {
					counts, cc = cc, counts
				}
				for w, k := range cc {
					counts[w] += k
				}
			}
		}
		if n.Type == html.ElementNode && total > 0 {
			overlap := 0
			for w, k := range counts {
				overlap += min(k, ref[w])
			}
			if overlap > 0 {
				p, r := float64(overlap)/float64(total), float64(overlap)/float64(refWords)
				if f1 := 2 * p * r / (p + r); f1 > bestF1 {
					best, bestF1 = n, f1
				}
			}
		}
		return counts, total
	}
	visit(doc)
	return best
}
