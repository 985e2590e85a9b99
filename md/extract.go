package md

import (
	"math"
	"strings"

	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// extractNone is ExtractNone: the whole body.
func extractNone(doc *html.Node, ex *explainer) []*html.Node {
	if body := findBody(doc); body != nil {
		ex.choose(body, "none", "extract mode none: the whole body", ex.textStat(body))
		return []*html.Node{body}
	}
	return nil
}

// extractScored is ExtractAuto and ExtractScore: the main markers if the
// page has any, else, in ExtractAuto, its <main> or [role=main], else the
// content the scoring stage finds in the body (see score.go), where in
// ExtractScore a <main> weighs like an <article> (see weight) but is not
// taken as it is. facts are what the page's metadata tells the scoring
// stage. marked is false when pruning met no main marker (see prune): the
// search for them is skipped. Its choices are recorded in ex.
func extractScored(doc *html.Node, ex *explainer, mode ExtractMode, marked bool, facts pageFacts) []*html.Node {
	body := findBody(doc)
	if body == nil {
		return nil
	}
	if marked {
		if mains := chooseMainMarkers(body, ex); mains != nil {
			return mains
		}
	}
	if mode != ExtractScore {
		if m := mainElement(body); m != nil {
			ex.choose(m, "main", "the page's main element", ex.textStat(m))
			return []*html.Node{m}
		}
	}
	return scoreContent(body, ex, facts)
}

// chooseMainMarkers returns the main markers under body, as mainMarkers,
// and records them in ex as the content.
func chooseMainMarkers(body *html.Node, ex *explainer) []*html.Node {
	mains := mainMarkers(body)
	for _, m := range mains {
		ex.choose(m, "main-marker", "a main marker: only main subtrees are the content", ex.textStat(m))
	}
	return mains
}

// findBody returns the document's <body>; for a frameset document it is nil.
func findBody(doc *html.Node) *html.Node {
	return findFirst(doc, func(n *html.Node) bool { return n.DataAtom == atom.Body })
}

// mainMarkers returns the outermost main markers under body, in page
// order: a main inside another main is part of the outer one. A main marker
// on <body> or <html> is the whole body. Main markers count only if one of
// them has content (text, an image, a text marker's md): a page whose main
// markers are all empty is extracted as if it had none.
func mainMarkers(body *html.Node) []*html.Node {
	for n := body; n != nil && n.Type == html.ElementNode; n = n.Parent {
		if m, ok := markers.Of(n); ok && m.Mode == markers.ModeMain {
			return []*html.Node{body}
		}
	}
	var mains []*html.Node
	content := false
	walk(body, func(c *html.Node) bool {
		if m, ok := markers.Of(c); ok && m.Mode == markers.ModeMain {
			mains = append(mains, c)
			content = content || hasRenderable(c)
			return false
		}
		return true
	})
	if !content {
		return nil
	}
	return mains
}

// hasRenderable reports whether n holds anything the renderer writes: text,
// an image, or a text marker with Markdown.
func hasRenderable(n *html.Node) bool {
	found := false
	walk(n, func(c *html.Node) bool {
		switch {
		case found:
		case c.Type == html.TextNode:
			found = strings.TrimSpace(c.Data) != ""
		case c.DataAtom == atom.Img:
			found = true
		default:
			if m, ok := markers.Of(c); ok && m.Mode == markers.ModeText {
				found = strings.TrimSpace(m.MD) != ""
				return false
			}
			return true
		}
		return false
	})
	return found
}

// mainElement returns the first <main> or [role=main] with text under n;
// but when that one holds only a few words (an ad slot, a placeholder) and
// a later one holds many times more text, it returns the one with the most
// text. HTML does not allow a main inside the page's chrome (its header,
// a nav, an aside), and themes put one there as a box for the logo: such a
// main counts only if it holds at least thinMain of text, as one does when
// an unclosed <aside> swallows the rest of the page.
func mainElement(n *html.Node) *html.Node {
	type candidate struct {
		n      *html.Node
		chrome bool // inside the page's chrome
	}
	var mains []candidate
	var visit func(n *html.Node, sectioned, chrome bool)
	visit = func(n *html.Node, sectioned, chrome bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type != html.ElementNode:
			case isMain(c):
				mains = append(mains, candidate{c, chrome})
			default:
				sec := sectioned || c.DataAtom == atom.Article || c.DataAtom == atom.Section
				visit(c, sec, chrome || isChrome(c, sectioned))
			}
		}
	}
	visit(n, false, false)
	var found *html.Node
	foundLen := 0
	for _, m := range mains {
		// Only lengths are compared: the text is counted, not built, and
		// past what decides the comparison only when it becomes foundLen.
		limit := thinMain
		if found != nil {
			limit = max(thinMain, 5*foundLen)
		}
		size := collapsedLen(m.n, limit)
		if m.chrome && size < thinMain {
			continue
		}
		if found == nil {
			if size > 0 || hasImage(m.n) {
				found, foundLen = m.n, size
				if foundLen >= thinMain {
					return found
				}
			}
			continue
		}
		if size > limit {
			found, foundLen = m.n, collapsedLen(m.n, math.MaxInt)
		}
	}
	return found
}

// thinMain is the length of text below which a first <main> may be an ad
// slot or a placeholder rather than the page's content.
const thinMain = 200

func hasImage(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Img }) != nil
}

// chromeRoles are the ARIA roles of a page's chrome.
var chromeRoles = []string{"navigation", "banner", "contentinfo", "complementary", "dialog", "alertdialog", "search"}

// removeChrome removes the page's chrome from under body: navigation,
// the page's own header and footer, asides and dialogs, and elements with
// their ARIA roles. A <header> or <footer> inside an article or section is
// that article's, not the page's (ARIA maps it to no landmark), and stays;
// so does an aside of prose inside an article or section (isProseAside:
// visit's scoped says it is under one, sectioned under one or a main), an
// aside framing a quotation under who said it (framedQuote), and chrome
// holding the page's <main> (holdsMain) loses only the chrome inside it.
// Nor is chrome a part that is mostly the product's description its
// JSON-LD gives (desc is its descKey, or ""): a shop may open it in a
// side sheet, a dialog.
func removeChrome(body *html.Node, rm *remover, desc string) {
	var chrome []*html.Node
	var visit func(n *html.Node, sectioned, scoped bool)
	visit = func(n *html.Node, sectioned, scoped bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if isChrome(c, sectioned) && !(scoped && isProseAside(c)) && framedQuote(c) == nil && !holdsMain(c) && !mostlySays(c, desc) {
				chrome = append(chrome, c)
				continue
			}
			switch c.DataAtom {
			case atom.Article, atom.Section:
				visit(c, true, true)
			case atom.Main:
				visit(c, true, scoped)
			default:
				visit(c, sectioned, scoped)
			}
		}
	}
	visit(body, false, false)
	for _, c := range chrome {
		rm.remove(c, "chrome", "the page's "+chromeName(c), rm.ex.textStat(c))
	}
}

func isChrome(n *html.Node, sectioned bool) bool {
	if _, ok := markers.Of(n); ok {
		return false
	}
	switch n.DataAtom {
	case atom.Nav, atom.Aside, atom.Dialog:
		return true
	case atom.Header, atom.Footer:
		return !sectioned
	}
	role := getAttr(n, "role")
	if role == "" {
		return false
	}
	for _, r := range chromeRoles {
		if hasToken(role, r) {
			return true
		}
	}
	return false
}

// mostlySays reports whether n's text holds key, the words leading a
// product's description (descKey), and is at most descSpan times as
// long as them: the description with its heading and close button, not
// a part that quotes it among much else.
func mostlySays(n *html.Node, key string) bool {
	if key == "" {
		return false
	}
	holds, all := holdsDesc(n, key)
	return holds && all
}

// holdsDesc reports whether the text n begins with, up to descSpan times
// as long as key (a product's descKey), holds key, and whether that text
// is all n says.
func holdsDesc(n *html.Node, key string) (holds, all bool) {
	t, all := textUpTo(n, descSpan*len(key))
	return strings.Contains(strings.Join(textWords(t), " "), key), all
}

// descSpan: a part holding a product's description is at most this many
// times as long as the words leading it (descKey).
const descSpan = 40

// isMain reports whether n is a <main> or has the role main.
func isMain(n *html.Node) bool {
	return n.DataAtom == atom.Main || hasToken(getAttr(n, "role"), "main")
}

// holdsMain reports whether n, chrome by its element or role, holds a
// <main> or [role=main] with thinMain or more of text: the page's
// content, which an unclosed <aside> or a header swallowed (as
// mainElement counts it), rather than a theme's box for its logo.
func holdsMain(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool {
		return isMain(c) && len(collapseSpace(textContent(c))) >= thinMain
	}) != nil
}

// isProseAside reports whether n, found inside an article or a section,
// is an <aside> that is the article's own note: HTML-AAM maps an aside
// scoped to an article or a section, without a name of its own, to no
// landmark (only one scoped to the body or a main, or named, is
// complementary), and one in sentences, proseAsideRunes or more outside
// links and under a quarter links, is text, not a box of links.
func isProseAside(n *html.Node) bool {
	if n.DataAtom != atom.Aside || getAttr(n, "role") != "" ||
		getAttr(n, "aria-label") != "" || getAttr(n, "aria-labelledby") != "" || getAttr(n, "title") != "" {
		return false
	}
	st := statOf(n)
	text := st.runes - st.linkRunes
	return 4*st.linkRunes <= st.runes && text >= proseAsideRunes && st.score >= 1.05*float64(text)
}

// framedQuote returns the quotation the <aside> n frames, or nil: n has
// no role or name of its own, and its first <blockquote> holds half of
// its text or more, under a line of up to quoteTitleRunes saying whose words they
// are, in links or ending in a colon right above the quotation
// ("sorairolake:", the linked title of the topic quoted; an "expand"
// control after it is no part of that line). A forum's quote of another
// post is the reply's text, not the page's complementary box; a pull
// quote, credited to its speaker with no colon, is still the page's
// aside.
func framedQuote(n *html.Node) *html.Node {
	if n.DataAtom != atom.Aside || getAttr(n, "role") != "" ||
		getAttr(n, "aria-label") != "" || getAttr(n, "aria-labelledby") != "" {
		return nil
	}
	q := findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Blockquote })
	if q == nil {
		return nil
	}
	all, quoted := statOf(n), statOf(q)
	title := all.runes - quoted.runes
	if quoted.runes < title || title == 0 || title > quoteTitleRunes {
		return nil
	}
	if all.linkRunes-quoted.linkRunes == title {
		return q // the title is all links: who said it, where
	}
	var sb strings.Builder // the text above the quotation
	above := true
	walk(n, func(c *html.Node) bool {
		above = above && c != q
		if above && c.Type == html.TextNode {
			sb.WriteString(c.Data)
		}
		return above
	})
	if !strings.HasSuffix(strings.TrimSpace(sb.String()), ":") {
		return nil
	}
	return q
}

// quoteTitleRunes is the most text of the line over a framed quotation.
const quoteTitleRunes = 200

// proseAsideRunes is the least text outside links of an aside inside an
// article that is a note of its own: a pull quote is shorter.
const proseAsideRunes = 200

// chromeName says what kind of chrome n is, for explanations.
func chromeName(n *html.Node) string {
	if role := getAttr(n, "role"); role != "" {
		return "role " + quote(role)
	}
	return "<" + n.Data + ">"
}

// markerOf is markers.Of.
func markerOf(n *html.Node) (markers.Marker, bool) { return markers.Of(n) }
