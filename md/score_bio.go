package md

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// bioVerbs are how a box about an article's writer goes on after the
// writer's name: "Lisa Jennings is a veteran reporter", "Jared Newman
// has been", "Amanda Furrer, Editor, Running Reviews, studied".
var bioVerbs = []string{" is ", " has ", " was ", ", ", " worked ", " writes ", " covers ", " joined ", " lives "}

// bioIntros may come before the name: "About the author: Craig Hull is".
var bioIntros = []string{"about the author: ", "about the author ", "about the writer: "}

// bioTailRunes is the most text after a box about the writer inside the
// content: the box closes the article, at most a disclosure or a note
// after it.
const bioTailRunes = 600

// pruneAuthorBios removes, through rm, the boxes about the article's
// writer at the end of the content: a block of up to bioRunes whose text
// begins with the name of one of the page's authors (its author meta tag,
// its JSON-LD) and goes on as a biography does ("Scott Levine is a
// contributing analyst covering..."), with at most bioTailRunes of text
// after it, and the lines before it that say only the name. In the
// middle of the article, a paragraph beginning with the writer's name is
// the article's own ("Mary Henn was impressed with...").
func pruneAuthorBios(nodes []*html.Node, authors []string, s *scorer, rm *remover) {
	if len(authors) == 0 {
		return
	}
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode || n == root {
				return n.Type == html.ElementNode
			}
			st := s.get(n)
			if st.runes > bioRunes {
				return true
			}
			name := bioOf(n, authors, st)
			if name == "" {
				return true
			}
			if runesAfter(n, root, s, bioTailRunes) > bioTailRunes {
				return false
			}
			for p := prevElement(n); p != nil && saysNameOnly(p, name, s); p = prevElement(p) {
				drop = append(drop, p)
			}
			drop = append(drop, n)
			return false
		})
	}
	for _, n := range drop {
		if n.Parent != nil {
			rm.remove(n, "author-bio", "a box about the article's writer after it (begins with the author's name)", s.get(n))
		}
	}
}

// bioOf returns the author of authors whose biography n's text begins,
// or "".
func bioOf(n *html.Node, authors []string, st stat) string {
	switch n.DataAtom {
	case atom.P, atom.Div, atom.Section, atom.Blockquote:
	default:
		return ""
	}
	// Fields splits at no-break spaces too, which collapsedText keeps.
	text := strings.Join(strings.Fields(collapsedText(n, true, st.runes)), " ")
	for _, p := range bioIntros {
		text = strings.TrimPrefix(text, p)
	}
	for _, a := range authors {
		name := strings.ToLower(a)
		first, _, _ := strings.Cut(name, " ")
		for _, lead := range [2]string{name, first} {
			rest, ok := strings.CutPrefix(text, lead)
			if !ok {
				continue
			}
			for _, v := range bioVerbs {
				if lead == first && v == ", " {
					continue // "Scott, ..." begins a sentence addressed to him
				}
				if strings.HasPrefix(rest, v) {
					return a
				}
			}
		}
	}
	return ""
}

// saysNameOnly reports whether n's text is name alone: the heading of a
// box about the writer.
func saysNameOnly(n *html.Node, name string, s *scorer) bool {
	st := s.get(n)
	return st.runes > 0 && st.runes <= 2*len(name) && strings.EqualFold(collapsedText(n, false, st.runes), name)
}

// authorLineRunes is the most text of a line naming the article's writer
// ("By Trevor Jones", "By Korin Miller Published: Jan 29, 2025").
const authorLineRunes = 100

// pruneAuthorLines removes, through rm, the content's lines that say who
// wrote it by the name the page gives its author (its author meta tag,
// its JSON-LD): an element of up to authorLineRunes whose text is "By",
// then one of authors, then what else a byline says (a date), not the
// name's possessive. Its frontmatter says as much; the byline rule misses
// the ones whose class does not say "byline" (an <address>, a hashed
// class).
func pruneAuthorLines(nodes []*html.Node, authors []string, s *scorer, rm *remover) {
	if len(authors) == 0 {
		return
	}
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			st := s.get(n)
			if st.runes > authorLineRunes || n == root {
				return st.runes > 0
			}
			if isAuthorLine(n, authors, st) {
				drop = append(drop, n)
				return false
			}
			return true
		})
	}
	for _, n := range drop {
		if n.Parent != nil {
			rm.remove(n, "byline", "a byline naming the page's author (\"By Trevor Jones\")", s.get(n))
		}
	}
}

// isAuthorLine reports whether n's text is "By" and one of authors (see
// pruneAuthorLines).
func isAuthorLine(n *html.Node, authors []string, st stat) bool {
	text := strings.Join(strings.Fields(collapsedText(n, true, st.runes)), " ")
	rest, ok := strings.CutPrefix(text, "by")
	if !ok || rest == "" {
		return false
	}
	if rest[0] != ' ' && rest[0] != ':' && !capitalAfterBy(n, st) {
		// "Byron Smith wrote..." is no byline of Ron Smith; "ByRhonda
		// Krause", a template's "By" run into the name, is one.
		return false
	}
	rest = strings.TrimSpace(strings.TrimPrefix(rest, ":"))
	for _, a := range authors {
		after, ok := strings.CutPrefix(rest, strings.ToLower(a))
		if !ok {
			continue
		}
		// "By Jane Porter's count, ..." begins a sentence; a date may
		// follow the name with no space ("By Korin MillerPublished").
		if r, _ := utf8.DecodeRuneInString(after); r != '\'' && r != '’' {
			return true
		}
	}
	return false
}

// capitalAfterBy reports whether the letter right after the "By" n's text
// begins with is a capital: a name run into it ("ByRhonda Krause"), not
// the rest of a word ("Byron").
func capitalAfterBy(n *html.Node, st stat) bool {
	text := strings.Join(strings.Fields(collapsedText(n, false, st.runes)), " ")
	if len(text) <= len("by") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[len("by"):])
	return unicode.IsUpper(r)
}

// bylinesCut returns the parts named a byline (bylineWords) that the
// boilerplate pass read too long to judge (over boilerplateTextRunes, as
// s still measures them) and removed a part of (removed): the writer's
// tooltip, with a bio and a link to the site's editorial process, under
// "By Jesse Porter". Each ancestor is read once.
func bylinesCut(removed []removal, s *scorer) map[*html.Node]bool {
	seen := map[*html.Node]bool{}
	var cut map[*html.Node]bool
	for _, r := range removed {
		for p := r.parent; p != nil && !seen[p]; p = p.Parent {
			seen[p] = true
			if p.Type == html.ElementNode && s.get(p).runes > boilerplateTextRunes && namedBy(p, bylineWords) {
				if cut == nil {
					cut = map[*html.Node]bool{}
				}
				cut[p] = true
			}
		}
	}
	return cut
}

// pruneLeftBylines removes, through rm, the bylines the boilerplate pass
// read with a part it then dropped (cut, bylinesCut): such a part that is
// now a byline (isByline) of at most boilerplateTextRunes beginning as
// one does ("By", "Posted"...: a teaser's date and summary, once its
// picture's credit has gone, are no byline), the only one of its kind
// under its root, as the byline rule judges. Once the writer's tooltip
// has gone, "By Jesse Porter" is a byline like any other.
func pruneLeftBylines(nodes []*html.Node, cut map[*html.Node]bool, s *scorer, rm *remover) {
	if len(cut) == 0 {
		return
	}
	var drop []*html.Node
	for _, root := range nodes {
		kinds := elementKinds{root: root}
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			if !cut[n] || n == root {
				return true
			}
			b, whole := lowerTextUpTo(nil, n, bylineReadBytes)
			text := string(b)
			if whole && utf8.RuneCountInString(text) <= boilerplateTextRunes && saysWhoWrote(text) && isByline(n, text) && kinds.onlyBylineOfItsKind(n) {
				drop = append(drop, n)
				return false
			}
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "byline", "a byline, once its author's tooltip or other boilerplate had gone: who wrote the article, and when", s.get(n))
	}
}

// saysWhoWrote reports whether text (lowercased and collapsed) begins as
// a byline does: "by", "posted", "updated"... (bylineStarts).
func saysWhoWrote(text string) bool {
	return slices.ContainsFunc(bylineStarts, func(p string) bool { return strings.HasPrefix(text, p) })
}
