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
// A piece that is the whole text of a node above is found without search;
// the others are looked up, each distinct piece once, in the content's
// text indexed once (saidIndex), within a bound on the work.
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
	nodeEnds := map[string]int{} // where each text node's text first ends
	var visit func(n *html.Node, q int, skip bool)
	visit = func(n *html.Node, q int, skip bool) {
		switch n.Type {
		case html.TextNode:
			t := collapseSpace(n.Data)
			if t == "" {
				return
			}
			sb.WriteString(t)
			if _, ok := nodeEnds[t]; !ok {
				nodeEnds[t] = sb.Len()
			}
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
	said := newSaidIndex(sb.String(), quotes[len(quotes)-1].start, pieces, nodeEnds)
	for _, q := range quotes {
		total, found := 0, 0
		for _, p := range q.piece {
			n := utf8.RuneCountInString(p)
			total += n
			if n >= quotePieceRunes && said.above(p, q.start) {
				found += n
			}
		}
		if total < quoteRunes || float64(found) < quoteCopyShare*float64(total) {
			continue
		}
		n := q.n
		if a := quoteAside(q.n); a != nil {
			n = a // with the line saying whose words they are
		}
		rm.remove(n, "quote", "a quotation of what the content said above it (a reply quoting an earlier post)", s.get(n))
	}
}

// quoteScanBytes bounds the bytes saidIndex scans piece by piece
// (strings.Index) before it indexes the text instead: a few quotations
// near the top of a short text are looked for faster than a suffix array
// is built, while a long thread quoting each post is not.
const quoteScanBytes = 4 << 20

// quoteReads is how many times the length of the content's text
// saidIndex reads places of pieces in its suffix array, at most: a piece
// a real page says a few times is found at a few places, while a page of
// quotations of runs of one letter, each a little longer, would find each
// at nearly every place of the text.
const quoteReads = 2

// saidIndex finds where pieces of text are first said in a text: a piece
// that is the whole text of one of its nodes by a map of their ends, the
// others by scanning the text when it is short for the number of pieces
// (quoteScanBytes), else in a suffix array built when first needed. The
// places a lookup in the array reads are bounded (quoteReads): past the
// bound a piece not said whole by a node counts as not said, and its
// quotation stays.
type saidIndex struct {
	text     string         // the text up to the last quotation
	nodeEnds map[string]int // where each node's text first ends
	scan     bool           // look pieces up by strings.Index
	index    *suffixarray.Index
	ends     map[string]int // where each piece looked up first ends
	budget   int            // places left to read in index
	read     int            // places read in index, for tests
}

// newSaidIndex indexes text up to last, the start of the last quotation:
// text past it is never read, as no piece said above a quotation is
// there. pieces is how many pieces may be looked up.
func newSaidIndex(text string, last, pieces int, nodeEnds map[string]int) *saidIndex {
	text = text[:last]
	return &saidIndex{
		text:     text,
		nodeEnds: nodeEnds,
		scan:     pieces*len(text) <= quoteScanBytes,
		ends:     map[string]int{},
		budget:   quoteReads*len(text) + 1,
	}
}

// above reports whether piece is said in the text before the offset
// before, ending there at the latest.
func (x *saidIndex) above(piece string, before int) bool {
	if end, ok := x.nodeEnds[piece]; ok && end <= before {
		return true
	}
	end, ok := x.ends[piece]
	if !ok {
		end = x.firstEnd(piece)
		x.ends[piece] = end
	}
	return end <= before
}

// firstEnd returns where piece first ends in the text, or past the text's
// end when it is not found or the bound on reading is reached.
func (x *saidIndex) firstEnd(piece string) int {
	end := len(x.text) + 1
	if x.scan {
		if at := strings.Index(x.text, piece); at >= 0 {
			end = at + len(piece)
		}
		return end
	}
	if x.budget <= 0 {
		return end
	}
	if x.index == nil {
		x.index = suffixarray.New([]byte(x.text))
	}
	at := x.index.Lookup([]byte(piece), x.budget+1)
	x.read += len(at)
	if len(at) > x.budget {
		x.budget = 0
		return end // not all places read: the first may be among the others
	}
	x.budget -= len(at)
	for _, i := range at {
		end = min(end, i+len(piece))
	}
	return end
}

// quoteAside returns the <aside> framing the quotation q (framedQuote), or
// nil.
func quoteAside(q *html.Node) *html.Node {
	for p := q.Parent; p != nil; p = p.Parent {
		if p.DataAtom == atom.Aside {
			if framedQuote(p) == q {
				return p
			}
			return nil
		}
	}
	return nil
}
