package md

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// unfoldPanels shows the collapsed panels of accordions, disclosures and
// tab sets under doc, before prune drops what is hidden: a panel hidden
// until a reader opens it is content folded away, as hidden="until-found"
// is, not content the page hides from people.
//
// A panel is a tabpanel, or the element a trigger controls with
// aria-controls or labels through the panel's aria-labelledby, as the
// WAI-ARIA accordion, disclosure and tabs patterns write them. A trigger
// is an element with aria-expanded, a tab, or a button (<button> or
// role="button") naming what it controls; a combobox or a menu's item
// opens a popup instead. A heading's trigger without aria-controls folds
// the element right after the heading. A tab set written without ARIA,
// whose script shows one panel at a time by its inline style, has panels
// too (isToggledPanel). Not a panel: a dialog, a menu, a list box, a
// tree, a grid or a tooltip (popups), nor a panel whose text is mostly
// links (a navigation's submenu, folded under its button) or a select's
// options (a shipping estimate's form, folded under its button).
//
// Unfolding removes the attributes that hide the panel itself (hidden,
// aria-hidden, inline display:none, the classes hide and d-none), and
// those of the wrappers it holds alone (a visible tray around a hidden
// body); what hides its other parts stays. A trigger inside a heading is
// the heading's text (an FAQ's question): a <button> becomes a span and
// role="button" goes, so that prune, which drops buttons, and the scoring
// stage, which drops short controls, keep it. So does a heading's one
// button that holds all of its text, a trigger or not: an FAQ written
// without ARIA. A <button> outside a heading naming a panel of content
// becomes a span too (titleLooseTrigger): an accordion's item title.
func unfoldPanels(doc *html.Node) unfolded {
	u := unfolder{controlled: map[string]bool{}, triggers: map[string]bool{}, toggled: map[*html.Node]bool{}}
	u.visit(doc, false)
	for _, c := range u.headed {
		if c.DataAtom == atom.Button {
			c.DataAtom, c.Data = atom.Span, "span"
		}
		removeAttr(c, "role")
	}
	for _, c := range u.buttons {
		c.DataAtom, c.Data = atom.Span, "span"
	}
	if len(u.controlled) == 0 && len(u.triggers) == 0 && !u.tabpanels && len(u.next) == 0 && len(u.toggled) == 0 {
		return u.found // no trigger, no panel
	}
	// The panels, outer before inner, and then their text, read once.
	after := map[*html.Node]bool{} // the elements after headings whose trigger names nothing
	for _, h := range u.next {
		if p := nextElementSibling(h); p != nil {
			after[p] = true
		}
	}
	var panels []*html.Node
	byID := map[string]*html.Node{} // the controlled elements, by id
	walk(doc, func(n *html.Node) bool {
		if n.Type != html.ElementNode {
			return true
		}
		if neverContent(n) {
			return false
		}
		panel, id := u.isPanel(n)
		if id != "" && u.controlled[id] && byID[id] == nil {
			byID[id] = n
		}
		switch {
		case after[n] && isHidden(n) && !isPopup(n),
			u.toggled[n] && !isPopup(n),
			panel && (isHidden(n) || hiddenOnlyChild(n)):
			panels = append(panels, n)
		}
		return true
	})
	var named []*html.Node // the loose triggers' panels
	for _, t := range u.loose {
		for _, id := range t.controls {
			if p := byID[id]; p != nil {
				named = append(named, p)
			}
		}
	}
	text := panelTexts(append(panels, named...))
	for _, n := range panels {
		if t := text[n]; t.runes > 0 && 2*(t.links+t.options) < t.runes {
			for p := n; p != nil; p = onlyChild(p) {
				if isHidden(p) {
					unhide(p)
				}
			}
		}
	}
	for _, t := range u.loose {
		titleLooseTrigger(t, byID, text)
	}
	return u.found
}

// visit notes n and its descendants, in page order. metaOff is set
// under an <svg>, a <math> or a <template>, whose elements readMeta does
// not read.
func (u *unfolder) visit(n *html.Node, metaOff bool) {
	if isHeading(n) && n.DataAtom != atom.Hgroup {
		buttons := u.visitHeaded(n, n, metaOff, nil)
		if len(buttons) == 1 && !hasTextBeside(n, buttons[0]) {
			u.buttons = append(u.buttons, buttons[0])
		}
		return
	}
	u.metaOff = metaOff
	u.note(n, nil)
	metaOff = metaOff || n.DataAtom == atom.Svg || n.DataAtom == atom.Math || n.DataAtom == atom.Template
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		u.visit(c, metaOff)
	}
}

// visitHeaded is visit of n under heading (itself, or an ancestor): it
// returns buttons with the <button>s of n's subtree added.
func (u *unfolder) visitHeaded(n, heading *html.Node, metaOff bool, buttons []*html.Node) []*html.Node {
	u.metaOff = metaOff
	u.note(n, heading)
	if n.DataAtom == atom.Button {
		buttons = append(buttons, n)
	}
	metaOff = metaOff || n.DataAtom == atom.Svg || n.DataAtom == atom.Math || n.DataAtom == atom.Template
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		buttons = u.visitHeaded(c, heading, metaOff, buttons)
	}
	return buttons
}

// triggerTitleRunes is the least text of a button outside a heading that
// titles its panel: "01. Getting Started", an FAQ's question; not "Show
// more".
const triggerTitleRunes = 15

// triggerTitleBytes is the most a button's text is read for its length,
// nodes included and spaces not (textUpTo): past it, it is long enough.
const triggerTitleBytes = 400

// holdsControls reports whether n holds an <input> or two <button>s or
// more: a filter's checkboxes or its values to press, which a button
// folds as an accordion folds its panel.
func holdsControls(n *html.Node) bool {
	buttons, input := 0, false
	walk(n, func(c *html.Node) bool {
		switch c.DataAtom {
		case atom.Input:
			input = true
		case atom.Button:
			buttons++
		}
		return !input && buttons < 2
	})
	return input || buttons >= 2
}

// titleLooseTrigger makes a <button> outside a heading that controls a
// panel of content (its text mostly not links nor a select's options, no
// <input> nor buttons, neither named as a filter: not a listing's
// facets) the panel's title: an accordion's item written as a button
// above its panel, whose words name the panel as a heading would. The button
// becomes a span, so that prune, which drops buttons, keeps it. A button
// opening a menu of links, or of few words, stays a button.
func titleLooseTrigger(t looseTrigger, byID map[string]*html.Node, text map[*html.Node]panelText) {
	content := false
	for _, id := range t.controls {
		if p := byID[id]; p != nil {
			if pt := text[p]; pt.runes > 0 && 2*(pt.links+pt.options) < pt.runes && !holdsControls(p) && !nameHas(p, facetWords) {
				content = true
			}
		}
	}
	if !content || nameHas(t.button, facetWords) {
		return
	}
	if words, whole := textUpTo(t.button, triggerTitleBytes); whole && utf8.RuneCountInString(strings.TrimSpace(collapseSpace(words))) < triggerTitleRunes {
		return
	}
	t.button.DataAtom, t.button.Data = atom.Span, "span"
	removeAttr(t.button, "role")
}

// unfolder is what unfoldPanels learns of the page's triggers.
type unfolder struct {
	controlled map[string]bool     // ids named by a trigger's aria-controls
	triggers   map[string]bool     // the triggers' ids
	headed     []*html.Node        // triggers inside headings
	buttons    []*html.Node        // buttons that hold a heading's text
	next       []*html.Node        // headings whose trigger names no panel
	tabpanels  bool                // whether the page has a role=tabpanel
	toggled    map[*html.Node]bool // panels a script shows one at a time
	loose      []looseTrigger      // buttons outside headings naming panels
	found      unfolded            // what the later passes look at
	metaOff    bool                // whether note lists no element for readMeta
}

// unfolded lists what the walk of unfoldPanels found for the passes after
// it, which would otherwise walk the whole page again each: the texts
// holding an ellipsis (unfoldCutTexts) and the <main> elements
// (unhideMain).
type unfolded struct {
	ellipses, mains []*html.Node
	// controls and fragmentLinks tell whether the page has, before
	// pruning, a form control (rewriteForms) or a link to a fragment of
	// the page (dropBackLinks): no pass adds any, so a page without one
	// skips that pass and its walk of the whole page.
	controls, fragmentLinks bool
	// metaNodes are the elements readMeta reads (readMetaOf): the walk
	// of the whole page it would take finds them here.
	metaNodes []*html.Node
}

// looseTrigger is a <button> outside a heading and the ids of the panels
// it controls.
type looseTrigger struct {
	button   *html.Node
	controls []string
}

// note records n if it is a trigger; heading is the heading around it, if
// any.
func (u *unfolder) note(n, heading *html.Node) {
	// Texts shorter than an ellipsis, most of those between tags, are
	// not read.
	if n.Type == html.TextNode && len(n.Data) >= len("...") && mayCut(n.Data) && (strings.Contains(n.Data, "...") || strings.Contains(n.Data, "…")) {
		u.found.ellipses = append(u.found.ellipses, n)
	}
	if n.Type != html.ElementNode {
		return
	}
	// Every element is read: its attributes are read once, and most have
	// none of these three.
	var role, controlsAttr string
	roleSeen, expands, controlsSeen, styled, itemscope := false, false, false, false, false
	for _, a := range n.Attr {
		switch {
		case a.Namespace != "":
		case a.Key == "role" && !roleSeen:
			role, roleSeen = a.Val, true
		case a.Key == "aria-expanded":
			expands = true
		case a.Key == "aria-controls" && !controlsSeen:
			controlsAttr, controlsSeen = a.Val, true
		case a.Key == "style":
			styled = true
		case a.Key == "href" && n.DataAtom == atom.A && !u.found.fragmentLinks:
			// isBackLinkCandidate's test, on any of the link's hrefs.
			h := strings.TrimSpace(a.Val)
			u.found.fragmentLinks = len(h) >= 2 && h[0] == '#'
		case a.Key == "itemscope":
			itemscope = true // a microdata item: readMeta reads it
		}
	}
	if !u.metaOff && (itemscope || metaAtom(n.DataAtom)) {
		u.found.metaNodes = append(u.found.metaNodes, n)
	}
	if isControlElement(n) {
		u.found.controls = true
	}
	if styled && isToggledPanel(n) {
		u.toggled[n] = true
	}
	if n.DataAtom == atom.Main || roleSeen && hasToken(role, "main") {
		u.found.mains = append(u.found.mains, n)
	}
	if role == "" && !expands && (n.DataAtom != atom.Button || controlsAttr == "") {
		return // no trigger
	}
	if role != "" && hasToken(role, "tabpanel") {
		u.tabpanels = true
	}
	for r := range strings.FieldsSeq(role) {
		switch strings.ToLower(r) {
		case "combobox", "menuitem", "option", "treeitem":
			return // opens a popup, not a panel
		}
	}
	tab := hasToken(role, "tab")
	controls := strings.Fields(controlsAttr)
	button := n.DataAtom == atom.Button || hasToken(role, "button")
	if !expands && !tab && !(button && len(controls) > 0) {
		return
	}
	for _, id := range controls {
		u.controlled[id] = true
	}
	if id := getAttr(n, "id"); id != "" {
		u.triggers[id] = true
	}
	if heading == nil && !tab && n.DataAtom == atom.Button && len(controls) > 0 {
		u.loose = append(u.loose, looseTrigger{n, controls})
	}
	if heading != nil && !tab {
		u.headed = append(u.headed, n)
		if expands && len(controls) == 0 {
			u.next = append(u.next, heading)
		}
	}
}

// isPanel reports whether n is the panel of an accordion, a disclosure or
// a tab set (see unfoldPanels), whatever its text; id is n's id, which the
// walk asking it reads too.
func (u *unfolder) isPanel(n *html.Node) (panel bool, id string) {
	// Every element is asked: its attributes are read once, and whether it
	// is a popup only when it is named as a panel.
	var role, labelledBy string
	roleSeen, idSeen, labelledSeen := false, false, false
	for _, a := range n.Attr {
		switch {
		case a.Namespace != "":
		case a.Key == "role" && !roleSeen:
			role, roleSeen = a.Val, true
		case a.Key == "id" && !idSeen:
			id, idSeen = a.Val, true
		case a.Key == "aria-labelledby" && !labelledSeen:
			labelledBy, labelledSeen = a.Val, true
		}
	}
	named := hasToken(role, "tabpanel") || u.controlled[id]
	if !named {
		for id := range strings.FieldsSeq(labelledBy) {
			if u.triggers[id] {
				named = true
				break
			}
		}
	}
	return named && !isPopup(n), id
}

// isPopup reports whether n is shown over the page rather than unfolded in
// it: a dialog, a menu, a list box, a tree, a grid or a tooltip.
func isPopup(n *html.Node) bool {
	if n.DataAtom == atom.Dialog {
		return true
	}
	for r := range strings.FieldsSeq(getAttr(n, "role")) {
		switch strings.ToLower(r) {
		case "dialog", "alertdialog", "menu", "menubar", "listbox", "tree", "grid", "tooltip":
			return true
		}
	}
	return false
}

// isToggledPanel reports whether n is one of a set of panels that a
// script shows one at a time by their inline style, as jQuery's show()
// and hide() do: hidden by an inline display:none and nothing else,
// in a run of siblings of its tag sharing one of its classes, one of
// which an inline display of another value shows ("tab-pane"
// display:block beside "tab-pane" display:none), at most maxTabPanels
// siblings away. A tab set written without ARIA: its hidden panels are
// content folded away, as a tabpanel's are.
func isToggledPanel(n *html.Node) bool {
	if n.Parent == nil || inlineDisplay(getAttr(n, "style")) != "none" {
		return false
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && (a.Key == "hidden" || a.Key == "aria-hidden" && strings.EqualFold(strings.TrimSpace(a.Val), "true") ||
			a.Key == "class" && hidesByClass(a.Val)) {
			return false // hidden otherwise too
		}
	}
	// n's classes as a set: each sibling's are looked up in it, once
	// each, however many classes both have.
	classes := map[string]bool{}
	for cl := range strings.FieldsSeq(getAttr(n, "class")) {
		classes[cl] = true
	}
	if len(classes) == 0 {
		return false
	}
	twin := func(c *html.Node) bool { // one of the set's panels
		if c.Data != n.Data {
			return false
		}
		for cl := range strings.FieldsSeq(getAttr(c, "class")) {
			if classes[cl] {
				return true
			}
		}
		return false
	}
	shown := func(c *html.Node) bool {
		d := inlineDisplay(getAttr(c, "style"))
		return d != "" && d != "none"
	}
	// The set's panels are side by side: an accordion's panels, each
	// under its own title, are not a tab set's. A tab set has a few
	// panels; the bound keeps a run of thousands of hidden twins from
	// being read once for each of them.
	i := 0
	for c := prevElementSibling(n); c != nil && i < maxTabPanels && twin(c); c, i = prevElementSibling(c), i+1 {
		if shown(c) {
			return true
		}
	}
	i = 0
	for c := nextElementSibling(n); c != nil && i < maxTabPanels && twin(c); c, i = nextElementSibling(c), i+1 {
		if shown(c) {
			return true
		}
	}
	return false
}

// maxTabPanels is how far, in siblings, isToggledPanel looks for the
// panel a tab set shows.
const maxTabPanels = 32

// hiddenOnlyChild reports whether n, shown, holds a hidden wrapper alone,
// at any depth: the panel is a tray whose body is what is hidden.
func hiddenOnlyChild(n *html.Node) bool {
	for c := onlyChild(n); c != nil; c = onlyChild(c) {
		if isHidden(c) {
			return true
		}
	}
	return false
}

// panelText is what unfoldPanels reads of a panel: its text, the part of
// it in links, and the part in a select's options, in characters as the
// scoring stage counts them.
type panelText struct{ runes, links, options int }

// panelTexts returns the text of each of panels, given outer before inner
// (in document order): a panel inside another is read with it, so that
// each node is read once however deep panels nest.
func panelTexts(panels []*html.Node) map[*html.Node]panelText {
	want := make(map[*html.Node]bool, len(panels))
	for _, p := range panels {
		want[p] = true
	}
	got := make(map[*html.Node]panelText, len(panels))
	var visit func(n *html.Node, inLink, inSelect bool) panelText
	visit = func(n *html.Node, inLink, inSelect bool) panelText {
		var t panelText
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			var ct panelText
			switch c.Type {
			case html.TextNode:
				ct.runes, _, _ = textScore(c.Data, inLink)
				if inLink {
					ct.links = ct.runes
				}
				if inSelect {
					ct.options = ct.runes
				}
			case html.ElementNode:
				ct = visit(c, inLink || isLink(c), inSelect || c.DataAtom == atom.Select)
			}
			t.runes += ct.runes
			t.links += ct.links
			t.options += ct.options
		}
		if want[n] {
			got[n] = t
		}
		return t
	}
	for _, p := range panels {
		if _, done := got[p]; done {
			continue
		}
		inLink, inSelect := false, p.DataAtom == atom.Select
		for a := p.Parent; a != nil; a = a.Parent {
			inLink = inLink || isLink(a)
			inSelect = inSelect || a.DataAtom == atom.Select
		}
		visit(p, inLink || isLink(p), inSelect)
	}
	return got
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
		case a.Key == "class" && hidesByClass(a.Val):
			a.Val = withoutToken(withoutToken(a.Val, hideClass), noneClass)
		}
		attrs = append(attrs, a)
	}
	n.Attr = attrs
}

// withoutToken returns the space-separated list v without token.
func withoutToken(v, token string) string {
	fields := strings.Fields(v)
	kept := fields[:0]
	for _, f := range fields {
		if !strings.EqualFold(f, token) {
			kept = append(kept, f)
		}
	}
	return strings.Join(kept, " ")
}

// removeAttr removes n's attribute key.
func removeAttr(n *html.Node, key string) {
	attrs := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Namespace != "" || a.Key != key {
			attrs = append(attrs, a)
		}
	}
	n.Attr = attrs
}

// hasTextBeside reports whether n has text outside its descendant d: a
// heading's "Copy item path" button beside its title is a control, an
// FAQ's question that is all of its heading is the heading's text.
func hasTextBeside(n, d *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c == d:
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			return true
		case c.Type == html.ElementNode && hasTextBeside(c, d):
			return true
		}
	}
	return false
}

// cutTextRunes is the least text a copy cut short holds before its
// ellipsis; cutLabelRunes the most after it (its "Read more"); cutReadBytes
// the most of either copy read.
const (
	cutTextRunes  = 40
	cutLabelRunes = 24
	cutReadBytes  = 8192
)

// unfoldCutTexts shows the whole text that a "Read more" unfolds in
// place, before prune drops what is hidden: a hidden element right after
// a visible one of the same tag whose text, cutTextRunes or more, begins
// the hidden one's, cut with an ellipsis ("..." or "…") and followed at
// most by the label of the button that unfolds it (cutFrom). The page
// shows the cut copy until the reader asks for the rest; the whole copy
// is the text, and the cut one, its teaser, goes.
//
// It reports whether it cut a teaser.
func unfoldCutTexts(ellipses []*html.Node) bool {
	// A teaser holds its ellipsis: the pairs are looked for from the
	// texts that have one (unfoldPanels lists them), each element above
	// them asked once.
	var cuts [][2]*html.Node
	seen := map[*html.Node]bool{}
	for _, t := range ellipses {
		for p := t.Parent; p != nil && p.Type == html.ElementNode && !seen[p]; p = p.Parent {
			seen[p] = true
			whole := nextElementSibling(p)
			if whole != nil && whole.DataAtom == p.DataAtom && !neverContent(whole) && isHidden(whole) &&
				!isHidden(p) && cutFrom(p, whole) && !hiddenAbove(p) {
				cuts = append(cuts, [2]*html.Node{p, whole})
			}
		}
	}
	for _, c := range cuts {
		c[0].Parent.RemoveChild(c[0])
		unhide(c[1])
	}
	return len(cuts) > 0
}

// mayCut reports whether the text s is short enough that an element
// holding it may be a teaser: cutFrom reads at most cutReadBytes of text
// (textUpTo: spaces aside, one more per node), so every element above a
// text of more non-space bytes fails it. Such texts (an inline script's
// code, megabytes of it on some pages) are not searched for an ellipsis:
// that search was most of unfoldPanels' time.
func mayCut(s string) bool {
	if len(s) <= cutReadBytes {
		return true
	}
	size := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f':
		default:
			if size++; size > cutReadBytes {
				return false
			}
		}
	}
	return true
}

// hiddenAbove reports whether an element above n hides it, or is never
// content (a script's template): its text and its whole copy go with it.
func hiddenAbove(n *html.Node) bool {
	for p := n.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if isHidden(p) || neverContent(p) {
			return true
		}
	}
	return false
}

// cutFrom reports whether the text of teaser is the beginning of whole's,
// cut with an ellipsis: cutTextRunes or more before the first ellipsis,
// and after it (and the ellipses after it) cutLabelRunes or less.
func cutFrom(teaser, whole *html.Node) bool {
	short, ok := textUpTo(teaser, cutReadBytes)
	if !ok {
		return false
	}
	short = strings.Join(strings.Fields(short), " ")
	i := strings.Index(short, "...")
	if j := strings.Index(short, "…"); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return false
	}
	head, rest := strings.TrimSpace(short[:i]), strings.TrimLeft(short[i:], ".… ")
	if utf8.RuneCountInString(head) < cutTextRunes || utf8.RuneCountInString(rest) > cutLabelRunes {
		return false
	}
	long, _ := textUpTo(whole, cutReadBytes)
	long = strings.Join(strings.Fields(long), " ")
	return len(long) > len(head)+len(rest) && strings.HasPrefix(long, head)
}

// Thresholds of unhideMain.
const (
	// hiddenMainShownRunes is the most text a <main> shows when all else
	// it holds is hidden.
	hiddenMainShownRunes = 200
	// hiddenBodyShownRunes is the most text a <body> without a <main>
	// shows when all else it holds is hidden: its header's links.
	hiddenBodyShownRunes = 600
	// hiddenMainRunes is the least text of the hidden part shown.
	hiddenMainRunes = 2000
)

// unhideMain shows the hidden part of a <main> (or role="main") that shows
// next to nothing itself: a page whose script reveals its content (a
// store behind a lockdown app, an anti-flicker snippet) hides it from
// nobody who loads the page; dropping it would leave the page empty. The
// part is the largest hidden one at the top of what the <main> holds,
// with hiddenMainRunes of text or more and ten times what the <main>
// shows, mostly not links and not a popup (a dialog, a menu). A page
// without a <main> is read the same way from its <body>, which shows its
// header's links too: a shop that defers its product's whole wrapper
// until its script runs.
func unhideMain(doc *html.Node, mains []*html.Node) {
	open := map[*html.Node]bool{} // parents known to be on the page, under no <main>
	outer := false
	for _, n := range mains {
		if !outermostMain(n, open) {
			continue
		}
		outer = true
		unhideLargest(n, hiddenMainShownRunes)
	}
	if body := findBody(doc); !outer && body != nil {
		unhideLargest(body, hiddenBodyShownRunes)
	}
}

// unhideLargest shows the largest hidden part at the top of n when n
// shows at most maxShown runes itself (unhideMain).
func unhideLargest(n *html.Node, maxShown int) {
	// The hidden parts are weighed only once n is known to show little:
	// most pages show enough, and their hidden menus need no reading.
	shown, parts := 0, []*html.Node(nil)
	walk(n, func(c *html.Node) bool {
		switch {
		case shown > maxShown:
			return false // it shows enough: read no further
		case c.Type == html.TextNode:
			shown += utf8.RuneCountInString(strings.TrimSpace(c.Data))
		case c.Type != html.ElementNode || neverContent(c):
			return false
		case c != n && isHidden(c):
			parts = append(parts, c)
			return false
		}
		return true
	})
	if shown > maxShown {
		return
	}
	hidden, runes := (*html.Node)(nil), 0
	for _, c := range parts {
		// A popup (a dialog, a menu), a part made of links (a folded
		// navigation) or one its name says is furniture (a footer its
		// script shows with the content) is no content waiting to show.
		if st := statOf(c); st.runes > runes && 2*st.linkRunes < st.runes && !isPopup(c) && !namedFurniture(c) {
			hidden, runes = c, st.runes
		}
	}
	if hidden != nil && runes >= hiddenMainRunes && runes >= 10*shown {
		unhide(hidden)
	}
}

// namedFurniture reports whether n's class or id names a part around the
// content (hintOf): a footer, a sidebar, an advert, a popup.
func namedFurniture(n *html.Node) bool {
	kind, _ := hintOf(n)
	return kind == hintStrong || kind == hintWeak
}

// outermostMain reports whether n, a <main> or role=main, is on the page
// (not in a part taken out), with no <main> above it and nothing that is
// never content (a template). open holds the parents found so already:
// thousands of <main>s side by side deep in a page climb it once.
func outermostMain(n *html.Node, open map[*html.Node]bool) bool {
	var path []*html.Node
	ok := false
	for p := n.Parent; p != nil; p = p.Parent {
		if open[p] || p.Type == html.DocumentNode {
			ok = true
			break
		}
		if p.Type == html.ElementNode && (neverContent(p) || isMain(p)) {
			break
		}
		path = append(path, p)
	}
	if ok {
		for _, p := range path {
			open[p] = true
		}
	}
	return ok
}
