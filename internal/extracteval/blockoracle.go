package extracteval

import (
	"cmp"
	"slices"

	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// BlockOracle is the extractor "blocks": md.Convert given, as its content,
// the blocks of the page (each element's own text, not its child blocks')
// that a greedy reading of the reference text chooses. Blocks are taken
// from the most precise to the least, each while it raises the word F1.
// Like Oracle it reads the answer: it estimates the ceiling of every
// extractor that keeps or drops each block of a page, where Oracle is that
// of those that choose one subtree. Greedy choice is not always the best
// set, so it is an estimate, not a bound.
func BlockOracle() Extractor {
	return Extractor{Name: "blocks", Text: func(p *Page) (string, string, error) {
		extract := func(doc *html.Node) []*html.Node {
			return bestBlocks(doc, p.Want)
		}
		return Markdown(md.Options{ExtractFunc: extract})(p)
	}}
}

// A block is an element and the words of the text it holds outside its
// child blocks.
type block struct {
	n     *html.Node
	words []string
	hits  int // words the reference has, each counted as often as it has it
}

// bestBlocks chooses the blocks under doc whose text best matches want,
// greedily, and returns the outermost chosen elements in document order,
// each stripped of the child blocks not chosen nor holding a chosen one.
func bestBlocks(doc *html.Node, want string) []*html.Node {
	ref := map[string]int{}
	refWords := 0
	for _, w := range Words(want) {
		ref[w]++
		refWords++
	}
	if refWords == 0 {
		return nil
	}
	blocks := pageBlocks(doc)
	for _, b := range blocks {
		seen := map[string]int{}
		for _, w := range b.words {
			if seen[w] < ref[w] {
				b.hits++
			}
			seen[w]++
		}
	}
	order := slices.Clone(blocks)
	slices.SortStableFunc(order, func(a, b *block) int {
		// a.hits/len(a.words) > b.hits/len(b.words), most precise first.
		return cmp.Compare(b.hits*len(a.words), a.hits*len(b.words))
	})
	f1 := func(overlap, total int) float64 {
		if overlap == 0 {
			return 0
		}
		p, r := float64(overlap)/float64(total), float64(overlap)/float64(refWords)
		return 2 * p * r / (p + r)
	}
	got := map[string]int{}
	overlap, total, best := 0, 0, 0.0
	chosen := map[*html.Node]bool{}
	for _, b := range order {
		add := 0
		seen := map[string]int{}
		for _, w := range b.words {
			if got[w]+seen[w] < ref[w] {
				add++
			}
			seen[w]++
		}
		if f := f1(overlap+add, total+len(b.words)); f > best {
			best, overlap, total = f, overlap+add, total+len(b.words)
			for w, k := range seen {
				got[w] += k
			}
			chosen[b.n] = true
		}
	}
	return keepChosen(doc, chosen)
}

// pageBlocks returns the blocks under doc that hold words, in document
// order. Text the renderer never writes (scripts, styles, templates) does
// not count.
func pageBlocks(doc *html.Node) []*block {
	var blocks []*block
	byNode := map[*html.Node]*block{}
	var visit func(n, owner *html.Node)
	visit = func(n, owner *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				ws := Words(c.Data)
				if len(ws) == 0 || owner == nil {
					continue
				}
				b := byNode[owner]
				if b == nil {
					b = &block{n: owner}
					byNode[owner] = b
					blocks = append(blocks, b)
				}
				b.words = append(b.words, ws...)
			case html.ElementNode:
				switch {
				case c.DataAtom == atom.Script || c.DataAtom == atom.Style || c.DataAtom == atom.Template:
				case flows(c.DataAtom):
					visit(c, owner)
				default:
					visit(c, c)
				}
			}
		}
	}
	visit(doc, nil)
	return blocks
}

// keepChosen returns the outermost chosen elements under doc, in document
// order, after removing from each the child blocks that are neither
// chosen nor hold a chosen element.
func keepChosen(doc *html.Node, chosen map[*html.Node]bool) []*html.Node {
	holds := map[*html.Node]bool{} // a chosen element is n or under it
	var mark func(n *html.Node) bool
	mark = func(n *html.Node) bool {
		h := chosen[n]
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if mark(c) {
				h = true
			}
		}
		holds[n] = h
		return h
	}
	mark(doc)
	var out []*html.Node
	var prune func(n *html.Node)
	prune = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			if c.Type == html.ElementNode && !flows(c.DataAtom) && !holds[c] {
				n.RemoveChild(c)
			} else {
				prune(c)
			}
			c = next
		}
	}
	var find func(n *html.Node)
	find = func(n *html.Node) {
		if chosen[n] {
			prune(n)
			out = append(out, n)
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if holds[c] {
				find(c)
			}
		}
	}
	find(doc)
	return out
}

// flows reports whether an element of this atom is part of the block it is
// in: inline, or a line break.
func flows(a atom.Atom) bool {
	return inline(a) || a == atom.Br || a == atom.Wbr
}
