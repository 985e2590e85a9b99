package md

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// rubyBase is one base of a ruby annotation: the siblings from through to
// (an <rb>, or a run of text and inline elements).
type rubyBase struct{ from, to *html.Node }

// ruby renders <ruby> as plain text does without ruby support: each base
// followed by its reading in parentheses, "漢(kan)字(ji)", not the
// reading glued onto the base ("漢kan字ji"). The parentheses are the
// page's <rp>s when it has them (a Japanese page's "（" and "）"). The
// bases and readings of a segment pair up one to one when there are as
// many of each; otherwise one reading is for all the bases ("東京(とうきょう)"),
// several are written together after them. An <rtc> that is not the
// segment's readings is a further annotation of the whole, written after
// it. An empty reading writes nothing. Whitespace between the parts shows
// nothing in a browser and writes nothing.
//
// Each child is looked at once to split the ruby into segments, and
// rendered once: the bases as any inline content, each reading gathered
// apart (sub) to be left out when empty.
func (r *renderer) ruby(n *html.Node) {
	if r.flat >= maxInlineNesting {
		r.children(n) // the bases and readings, their text alone
		return
	}
	lparen, rparen := "(", ")"
	lparenSet, rparenSet := false, false
	var bases []rubyBase
	var texts, extra []*html.Node // the segment's <rt>s and <rtc>s
	loose := false                // the last base is a run that may go on
	inText := false               // readings came after the segment's bases
	var prev *html.Node           // the last child that was no whitespace
	segments := 0                 // the segments written
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.ElementNode && c.DataAtom == atom.Rp:
			// The <rp> before a reading opens it, the one after closes
			// it: the first of each is the ruby's.
			after := prev != nil && prev.Type == html.ElementNode && (prev.DataAtom == atom.Rt || prev.DataAtom == atom.Rtc)
			if s := collapseSpace(textContent(c)); s != "" {
				if after && !rparenSet {
					rparen, rparenSet = s, true
				} else if !after && !lparenSet {
					lparen, lparenSet = s, true
				}
			}
		case c.Type == html.ElementNode && (c.DataAtom == atom.Rt || c.DataAtom == atom.Rtc):
			if c.DataAtom == atom.Rt {
				texts = append(texts, c)
			} else {
				extra = append(extra, c)
			}
			inText, loose = true, false
		case c.Type == html.CommentNode || c.Type == html.TextNode && strings.TrimLeft(c.Data, " \t\n\f\r") == "":
			// Shows nothing: a run of bases goes on through it.
			continue
		default:
			if inText {
				r.rubySegment(bases, texts, extra, lparen, rparen, segments > 0)
				segments++
				bases, texts, extra, inText = bases[:0], texts[:0], extra[:0], false
			}
			if loose && !(c.Type == html.ElementNode && c.DataAtom == atom.Rb) {
				bases[len(bases)-1].to = c
			} else {
				bases = append(bases, rubyBase{c, c})
				loose = c.Type != html.ElementNode || c.DataAtom != atom.Rb
			}
		}
		prev = c
	}
	r.rubySegment(bases, texts, extra, lparen, rparen, segments > 0)
}

// rubySegment writes the bases of one segment of a ruby with their
// readings texts (<rt>s) and further annotations extra (<rtc>s).
// afterText: another segment's readings came before it.
func (r *renderer) rubySegment(bases []rubyBase, texts, extra []*html.Node, lparen, rparen string, afterText bool) {
	if len(texts) == 0 && len(extra) > 0 && hasChild(extra[0], atom.Rt) {
		// The segment's readings are in an <rtc>, one <rt> for each base.
		texts, extra = rtChildren(extra[0]), extra[1:]
	}
	if len(texts) > 1 && len(texts) == len(bases) {
		for i, b := range bases {
			r.rubyBase(b, i > 0 || afterText)
			r.rubyText(texts[i:i+1], lparen, rparen)
		}
	} else {
		for i, b := range bases {
			r.rubyBase(b, i == 0 && afterText)
		}
		r.rubyText(texts, lparen, rparen)
	}
	for i := range extra {
		r.rubyText(extra[i:i+1], lparen, rparen)
	}
}

// rubyBase renders one base. A space it starts with after a reading, or
// ends with before one, is the page's layout between the parts, where a
// browser shows none: it is dropped.
func (r *renderer) rubyBase(b rubyBase, afterText bool) {
	n := len(r.para.b)
	for c := b.from; ; c = c.NextSibling {
		if c == b.from && afterText && c.Type == html.TextNode {
			r.text(strings.TrimLeft(c.Data, " \t\n\f\r"))
		} else {
			r.node(c)
		}
		if c == b.to {
			break
		}
	}
	if len(r.para.b) > n && r.para.owed == sepSpace {
		r.para.owed = sepNone
	}
}

// rubyText writes the readings texts (<rt>s, or an <rtc>) between lparen
// and rparen, apart by a space, or nothing when they are empty.
func (r *renderer) rubyText(texts []*html.Node, lparen, rparen string) {
	if len(texts) == 0 {
		return
	}
	before, _ := utf8.DecodeLastRuneInString(lparen)
	q := r.sub("", before, func() {
		for _, t := range texts {
			r.para.owe(sepSpace)
			if t.DataAtom != atom.Rtc {
				r.children(t)
				continue
			}
			for c := t.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && c.DataAtom == atom.Rt {
					r.para.owe(sepSpace)
				}
				r.node(c)
			}
		}
	})
	defer r.release(&q)
	if q.empty() || q.blank() {
		return
	}
	r.para.text(lparen)
	r.para.appendInline(&q)
	r.para.text(rparen)
}

// rtChildren returns the <rt> children of n.
func rtChildren(n *html.Node) []*html.Node {
	var rts []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Rt {
			rts = append(rts, c)
		}
	}
	return rts
}
