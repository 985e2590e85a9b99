package md

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A Decision is one choice the automatic extraction made about a subtree of
// the page: that it is the content, or that it was left out, and why.
type Decision struct {
	// Action is "chose" for a subtree that became the content, "dropped"
	// for one that was left out.
	Action string
	// Rule names the rule that decided:
	//
	//	main-marker   a main marker chose the content
	//	main          the page's <main> or [role=main]
	//	chrome        navigation, header, footer, aside, dialog or their roles
	//	boilerplate   a class or id naming share bars, comments, ads, menus...,
	//	              or what a part says or holds: a skip link, a copyright
	//	              line, a newsletter's sign-up form, a navigation bar
	//	score         the scoring stage chose this subtree
	//	body          the scoring stage kept the whole body
	//	sibling       prose or a title beside the content the stage chose
	//	link-density  a block of links inside prose
	//	teasers       a list of teasers of other articles beside an article
	//	products      a list of other products beside a product
	//	repeat        a part saying again, word for word, a part above it
	//	quote         a reply's quotation of what the content said above it
	//	author-bio    a box about the article's writer after it
	//	byline        a line "By" the page's author
	//	kicker        a line of links right above the title (its section)
	//	trailer       a line of links ending prose (a call to action, tags)
	//	fallback      nothing convincing: the body without its chrome
	//	empty         the page has no text
	//	none          Options.Extract is ExtractNone: the whole body
	//	hidden        hidden from people: hidden, aria-hidden, display:none, hide/d-none
	//	skip-marker   a skip marker
	//	noscript      a <noscript> notice about JavaScript, a tracker
	//	clone         a carousel's copy of a slide
	//	back-link     a link back up the page ("Back to top")
	//	spoken-heading a heading for screen readers only over nothing
	//	share-label   a share bar's label ("Share this")
	//	stock-alt     an alt text many pictures share, said once
	//	echo-alt      an alt text the text beside its image says already
	//	gallery-alt   an alt text the first picture of its gallery says
	//	heading-alt   an alt text the heading beside its image says, or an <h1>
	//	              of the content or the page's title, wherever the image is
	//	file-alt      an alt text that is a file's name ("IMG_2876.jpeg")
	//	logo-alt      an alt text that names its image a logo ("Acme Logo")
	//	product-alt   on a product's page, an alt text saying the product's name
	//
	// hidden, skip-marker, noscript, clone and back-link are decided
	// before the content is chosen, spoken-heading, share-label and the
	// alt texts' rules after, in every extract mode; scripts, styles and
	// media, always dropped, are not listed.
	Rule string
	// Path locates the subtree: element names from the body down, each
	// with its id and first classes, as in a CSS selector.
	Path string
	// Text is the subtree's length in characters of text, Links that of
	// its text inside links: for a subtree chosen, what it holds once
	// every pass has run (what the Markdown is written from); for one
	// dropped, what it held when it went, without the parts dropped before.
	Text, Links int
	// Score is the subtree's content score, of the same text (0 when the
	// rule did not score).
	Score float64
	// Reason says why, in words.
	Reason string
}

// String formats d on one line.
func (d Decision) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-7s %-12s %s (text %d, links %d", d.Action, d.Rule, d.Path, d.Text, d.Links)
	if d.Score > 0 {
		fmt.Fprintf(&sb, ", score %.0f", d.Score)
	}
	sb.WriteString(")")
	if d.Reason != "" {
		sb.WriteString(": ")
		sb.WriteString(d.Reason)
	}
	return sb.String()
}

// explainer records decisions when Options.Explain is set; a nil explainer
// records nothing, and costs nothing.
type explainer struct {
	decisions []Decision
	// kept holds, for each decision choosing a subtree as content, its
	// index in decisions and the subtree, whose figures settle sets once
	// every pass has run.
	kept []keptSubtree
}

// keptSubtree is a subtree chosen as content, decisions[i] its decision.
type keptSubtree struct {
	i int
	n *html.Node
}

// record appends the decision that n was chosen or dropped (action) by
// rule, for reason, with st's figures; a choice's figures settle later
// sets. A nil explainer records nothing.
func (ex *explainer) record(action string, n *html.Node, rule, reason string, st stat) {
	if ex == nil {
		return
	}
	if action == "chose" {
		ex.kept = append(ex.kept, keptSubtree{len(ex.decisions), n})
	}
	ex.decisions = append(ex.decisions, Decision{
		Action: action, Rule: rule, Path: selectorPath(n),
		Text: st.runes, Links: st.linkRunes, Score: st.score, Reason: reason,
	})
}

// settle sets the figures of each decision choosing a subtree to what the
// subtree holds once the passes after the choice (the scoring stage's
// removals, the screen readers' headings, the share labels) have run:
// what the Markdown is written from. A score stays 0 for a rule that did
// not score.
func (ex *explainer) settle() {
	if ex == nil {
		return
	}
	for _, k := range ex.kept {
		d := &ex.decisions[k.i]
		st := subtreeStat(k.n)
		d.Text, d.Links = st.runes, st.linkRunes
		if d.Score != 0 {
			d.Score = st.score
		}
	}
	ex.kept = nil
}

// subtreeStat is statOf(n) as measuring the whole page gives it: text
// inside a link (or a form's list), n or one above it, counts as links.
func subtreeStat(n *html.Node) stat {
	inLink := false
	for p := n; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if _, formList := attrOK(p, formListAttr); isLink(p) || formList {
			inLink = true
			break
		}
	}
	st := (&scorer{}).visit(n, inLink)
	if n.Type != html.ElementNode || st.runes == 0 {
		return stat{}
	}
	return st
}

// choose records that n was chosen as content.
func (ex *explainer) choose(n *html.Node, rule, reason string, st stat) {
	ex.record("chose", n, rule, reason, st)
}

// drop records that n was left out.
func (ex *explainer) drop(n *html.Node, rule, reason string, st stat) {
	ex.record("dropped", n, rule, reason, st)
}

// textStat is the statistics of a subtree, for decisions outside the
// scoring stage; it is computed only when explaining.
func (ex *explainer) textStat(n *html.Node) stat {
	if ex == nil {
		return stat{}
	}
	st := statOf(n)
	st.score = 0
	return st
}

// selectorPath names n by its ancestors from the body down, CSS-like:
// "body > div#page > article.post.hentry". Classes are limited to two per
// element, long values are cut, and of a deep path only the body and the
// last pathTail elements are kept, so the path stays readable.
//
// Only the elements named are read for their names: a page of thousands
// of pictures 500 elements deep, each explained, names five elements for
// each, not 500.
func selectorPath(n *html.Node) string {
	depth, body := 0, false // the elements up to the body, and whether it is there
	for p := n; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if p.Data == "body" {
			body = true
			break
		}
		depth++
	}
	named := depth
	if body && depth > pathTail {
		named = pathTail
	}
	parts := make([]string, 0, named+2)
	p := n
	for range named {
		parts = append(parts, selectorPart(p))
		p = p.Parent
	}
	if body {
		if named < depth {
			parts = append(parts, "…")
		}
		parts = append(parts, "body")
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " > ")
}

// pathTail is how many elements of a path are named above the subtree.
const pathTail = 5

func selectorPart(n *html.Node) string {
	var sb strings.Builder
	sb.WriteString(n.Data)
	if id := strings.TrimSpace(getAttr(n, "id")); id != "" && !strings.ContainsAny(id, " \t\n") {
		sb.WriteString("#" + cut(id, 40))
	}
	i := 0
	for c := range strings.FieldsSeq(getAttr(n, "class")) {
		if i == 2 {
			break
		}
		i++
		sb.WriteString("." + cut(c, 40))
	}
	if r := getAttr(n, "role"); r != "" {
		sb.WriteString("[role=" + strconv.Quote(cut(r, 40)) + "]")
	}
	return sb.String()
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func quote(s string) string { return strconv.Quote(s) }

// explainPrune records what prune is about to drop that a reader would
// miss: hidden subtrees with text, skip markers, <noscript> notices. It
// reads the tree as prune does, without changing it.
func explainPrune(n *html.Node, ex *explainer) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if m, ok := markerOf(c); ok {
			switch m.Mode {
			case markers.ModeSkip:
				ex.drop(c, "skip-marker", "a skip marker", ex.textStat(c))
				continue
			case markers.ModeOnly:
				explainPrune(c, ex)
				continue
			}
		}
		switch {
		case c.DataAtom == atom.Noscript && isNoscriptNotice(c):
			if st := ex.textStat(c); st.runes > 0 {
				ex.drop(c, "noscript", "a <noscript> notice or tracker, not content", st)
			}
			continue
		case neverContent(c) || c.DataAtom == atom.Math:
			continue
		case isCarouselClone(c):
			if st := ex.textStat(c); st.runes > 0 {
				ex.drop(c, "clone", "a carousel's copy of a slide", st)
			}
			continue
		case isHidden(c):
			if st := ex.textStat(c); st.runes > 0 {
				reason := "hidden from people (hidden, aria-hidden, display:none or a class for it)"
				if findFirst(c, func(d *html.Node) bool { m, ok := markerOf(d); return ok && m.Mode == markers.ModeOnly }) != nil {
					reason += "; the only markers inside it are kept"
				}
				ex.drop(c, "hidden", reason, st)
			}
			continue
		}
		explainPrune(c, ex)
	}
}
