package md

import (
	"index/suffixarray"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Thresholds of pruneQuoteCopies.
const (
	// quoteRunes is the least text outside links a quotation must hold to
	// be judged a copy: a one-word "Agreed." may be anyone's.
	quoteRunes = 20
	// quotePieceRunes is the least length of a piece of a quotation's text
	// (the text of one node) that is looked for above it: shorter pieces
	// are words any text holds.
	quotePieceRunes = 25
	// quoteCopyShare is the least share of a quotation's text, in pieces
	// long enough to be looked for, that the content must say above it:
	// a reply quotes a post as it read then, and the post may have been
	// edited since.
	quoteCopyShare = 2.0 / 3
)

// pruneQuoteCopies removes, through rm, the quotations (<blockquote>) whose
// text the content already said above them: in a thread, a reply quoting
// an earlier post repeats it, and a reader has read it. Text in links (an
// attribution, "X said:", a "Click to expand..." button, an attachment's
// link) and code (a manual's examples say a directive again) is neither
// counted nor looked for. Pieces shorter than quotePieceRunes are counted
// but not looked for: a manual's boxes that say "Detailed Explanation"
// over a link in every section are no copies. A quotation of something the
// page does not say (a source, a letter) stays, as does one that adds
// words of its own.
//
// The content's text is indexed once (a suffix array), and each distinct
// piece looked up once.
func pruneQuoteCopies(nodes []*html.Node, s *scorer, rm *remover) {
	hasQuote := false
	for _, root := range nodes {
		hasQuote = hasQuote || findFirst(root, func(n *html.Node) bool { return n.DataAtom == atom.Blockquote }) != nil
	}
	if !hasQuote {
		return // most content quotes nothing: its text is not copied
	}
	type quote struct {
		n     *html.Node
		start int      // where its text begins in the content's text
		piece []string // its text nodes outside links, collapsed
	}
	var sb strings.Builder
	var quotes []quote
	var visit func(n *html.Node, q int, skip bool)
	visit = func(n *html.Node, q int, skip bool) {
		switch n.Type {
		case html.TextNode:
			t := collapseSpace(n.Data)
			if t == "" {
				return
			}
			sb.WriteString(t)
			sb.WriteByte('\n')
			if q >= 0 && !skip && strings.TrimSpace(t) != "" {
				// (A no-break space alone is no text of the quotation.)
				quotes[q].piece = append(quotes[q].piece, t)
			}
			return
		case html.ElementNode:
		default:
			return
		}
		switch n.DataAtom {
		case atom.Script, atom.Style, atom.Template:
			return
		case atom.A, atom.Pre, atom.Code, atom.Kbd, atom.Samp:
			skip = true
		case atom.Blockquote:
			if q < 0 {
				// A quotation inside one is read as part of it.
				quotes = append(quotes, quote{n: n, start: sb.Len()})
				q = len(quotes) - 1
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c, q, skip)
		}
	}
	for _, root := range nodes {
		visit(root, -1, false)
	}
	if len(quotes) == 0 {
		return
	}
	pieces := 0 // the pieces long enough to be looked for
	for _, q := range quotes {
		for _, p := range q.piece {
			if utf8.RuneCountInString(p) >= quotePieceRunes {
				pieces++
			}
		}
	}
	saidAbove := quoteFinder(sb.String(), quotes[len(quotes)-1].start, pieces)
	for _, q := range quotes {
		total, found := 0, 0
		for _, p := range q.piece {
			n := utf8.RuneCountInString(p)
			total += n
			if n >= quotePieceRunes && saidAbove(p, q.start) {
				found += n
			}
		}
		if total < quoteRunes || float64(found) < quoteCopyShare*float64(total) {
			continue
		}
		rm.remove(q.n, "quote", "a quotation of what the content said above it (a reply quoting an earlier post)", s.get(q.n))
	}
}

// quoteScanBytes bounds the bytes quoteFinder scans piece by piece
// (strings.Index) before it indexes the text instead: a few quotations
// near the top of a short text are looked for faster than a suffix array
// is built, while a long thread quoting each post is not.
const quoteScanBytes = 4 << 20

// quoteFinder returns a function reporting whether a piece of a
// quotation's text is said in text ending by before, which is at most
// last, the start of the last quotation: text past last is never read, as
// no piece said above a quotation is there. Each distinct piece (of
// pieces at most) is looked for once: its first occurrence ends first.
func quoteFinder(text string, last, pieces int) func(piece string, before int) bool {
	text = text[:last]
	ends := map[string]int{} // where each piece looked for first ends
	find := func(piece string) int { return strings.Index(text, piece) }
	if pieces*len(text) > quoteScanBytes {
		index := suffixarray.New([]byte(text))
		find = func(piece string) int {
			first := -1
			for _, at := range index.Lookup([]byte(piece), -1) {
				if first < 0 || at < first {
					first = at
				}
			}
			return first
		}
	}
	return func(piece string, before int) bool {
		end, ok := ends[piece]
		if !ok {
			end = len(text) + 1
			if at := find(piece); at >= 0 {
				end = at + len(piece)
			}
			ends[piece] = end
		}
		return end <= before
	}
}
