package md

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// unfoldPanels shows the collapsed panels of accordions and tab sets under
// doc, before prune drops what is hidden: a panel hidden until a reader
// opens it is content folded away, as hidden="until-found" is, not content
// the page hides from people. A panel is a tabpanel, or the element a
// disclosure's trigger (an element with aria-expanded, or a tab) controls
// with aria-controls or labels through the panel's aria-labelledby, as the
// WAI-ARIA accordion and tabs patterns write them. A dialog or a menu is no
// panel, and neither is a panel whose text is mostly links: a navigation's
// submenu, folded under its button. Unfolding removes the attributes that
// hide the panel itself (hidden, aria-hidden, inline display:none); what
// hides its parts stays.
//
// A trigger that is a button inside a heading is the heading's text (an
// FAQ's question): it becomes a span, so that prune, which drops buttons,
// keeps its text.
func unfoldPanels(doc *html.Node) {
	controlled, triggers := map[string]bool{}, map[string]bool{}
	var headed []*html.Node // trigger buttons inside headings
	note := func(n *html.Node, inHeading bool) {
		if n.Type != html.ElementNode {
			return
		}
		_, expands := attrOK(n, "aria-expanded")
		tab := hasToken(getAttr(n, "role"), "tab")
		if !expands && !tab {
			return
		}
		for _, id := range strings.Fields(getAttr(n, "aria-controls")) {
			controlled[id] = true
		}
		if id := getAttr(n, "id"); id != "" {
			triggers[id] = true
		}
		if inHeading && !tab && n.DataAtom == atom.Button {
			headed = append(headed, n)
		}
	}
	walk(doc, func(n *html.Node) bool {
		if !isHeading(n) || n.DataAtom == atom.Hgroup {
			note(n, false)
			return true
		}
		walk(n, func(c *html.Node) bool { note(c, true); return true })
		return false
	})
	for _, b := range headed {
		b.DataAtom, b.Data = atom.Span, "span"
	}
	var s *scorer // measured once, when the first panel is found
	walk(doc, func(n *html.Node) bool {
		if n.Type != html.ElementNode {
			return true
		}
		if neverContent(n) {
			return false
		}
		if isHidden(n) && isFoldedPanel(n, controlled, triggers) {
			if s == nil {
				s = measure(doc)
			}
			if st := s.get(n); st.runes > 0 && 2*st.linkRunes < st.runes {
				unhide(n)
			}
		}
		return true
	})
}

// isFoldedPanel reports whether n, a hidden element, is the panel of an
// accordion or a tab set (see unfoldPanels), whatever its text.
func isFoldedPanel(n *html.Node, controlled, triggers map[string]bool) bool {
	role := getAttr(n, "role")
	switch {
	case n.DataAtom == atom.Dialog, hasToken(role, "dialog"), hasToken(role, "alertdialog"),
		hasToken(role, "menu"), hasToken(role, "listbox"), hasToken(role, "tooltip"):
		return false
	}
	if hasToken(role, "tabpanel") || controlled[getAttr(n, "id")] {
		return true
	}
	for _, id := range strings.Fields(getAttr(n, "aria-labelledby")) {
		if triggers[id] {
			return true
		}
	}
	return false
}

// unhide removes the attributes by which n hides itself.
func unhide(n *html.Node) {
	attrs := n.Attr[:0]
	for _, a := range n.Attr {
		switch {
		case a.Namespace != "":
		case a.Key == "hidden", a.Key == "aria-hidden":
			continue
		case a.Key == "style" && displayNone(a.Val):
			continue
		}
		attrs = append(attrs, a)
	}
	n.Attr = attrs
}
