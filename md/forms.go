package md

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/affordances/affordances-md/markers"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// rewriteForms turns each form into the list of what it asks for, never of
// what is filled in. It runs after prune (no buttons, hidden fields or
// <datalist> remain) and before extraction, and leaves ordinary DOM: a <ul>
// of <li> text that the renderer already knows.
//
// In a <form>, the list comes first (after the headings that open the
// form), then the form's other content (hints, errors, links) in page order;
// the <form> element stays, so that an ExtractFunc may still select it.
// Each field is its label, then in parentheses its type when it is not plain
// text, and flags: "- Email (email, required)". Each choice group (radios of
// one name, a <select>, checkboxes of one name or the checkboxes of a
// fieldset) is its label, a colon and its options in order, marked
// "selected" and "unavailable": "- Size: S (selected), M, L (unavailable)".
// A fieldset with a legend groups its fields under the legend, as a nested
// list, so that two "Street" fields under "Shipping" and "Billing" stay
// apart; when it holds a single field or group without a label of its own,
// the legend is that label.
//
// Labels come from <label for> (the control with that id nearest the
// label when an id repeats: nearestWithID), a wrapping label, aria-label,
// aria-labelledby, title, else the field's name. The label elements and
// legends used are removed from the text that follows. Values,
// placeholders, hidden inputs, buttons (input type submit, reset, button,
// image) and <output> never appear, and neither does the text of a control
// inside a label (a <textarea>'s, a <select>'s options).
//
// A control's form is the one its form attribute names, else the <form>
// around it; a form the parser left empty inside a table (<table><form><tr>)
// owns the controls after it in that table, as the browser's parser
// associates them. Controls with no form are listed where they stand, each
// field or group as a list item (consecutive ones in one list). A checkbox
// in a list item outside any form is a task list box (isTaskCheckbox): the
// renderer writes it as "[ ]" or "[x]" when it starts its item.
func rewriteForms(doc *html.Node) {
	if findFirst(doc, isControlElement) == nil {
		return
	}
	s := &formScan{
		controls: map[*html.Node]*control{},
		legends:  map[*fieldsetScope]string{},
		sources:  map[*html.Node]labelSource{},
	}
	s.visit(doc, scope{})
	s.resolveLabels()
	entries := s.entries()
	s.rewrite(entries)
}

// isControlElement reports whether n is a form control the pass rewrites
// or removes.
func isControlElement(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Input, atom.Select, atom.Textarea, atom.Output:
		return n.Namespace == ""
	}
	return false
}

// isTaskCheckbox reports whether n is the checkbox of a task list item: a
// checkbox in a list item and outside any form (no form around it, no
// form attribute). The renderer writes it only when it starts its item.
func isTaskCheckbox(n *html.Node) bool {
	if !strings.EqualFold(strings.TrimSpace(getAttr(n, "type")), "checkbox") {
		return false
	}
	if _, ok := attrOK(n, "form"); ok {
		return false
	}
	inLi := false
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.DataAtom {
		case atom.Form:
			return false
		case atom.Li:
			inLi = true
		}
	}
	return inLi
}

// ---- reading the page ----

// formScan is what one walk of the document learns about its forms.
type formScan struct {
	withID []idNode // the elements with an id, in page order
	// ids holds the first element with each id, and dupIDs, for an id
	// more than one element has, every one of them in page order
	// (nearestWithID): both made by byID, nil until then.
	ids      map[string]*html.Node
	dupIDs   map[string][]*html.Node
	order    []*control // the controls in page order
	controls map[*html.Node]*control
	labels   []*html.Node // every <label>
	legends  map[*fieldsetScope]string
	remove   []*html.Node // labels, legends and label sources to remove

	// What aria-labelledby names, read once per element however many
	// controls name it: a page naming its whole body from every field
	// must not cost a walk of the body per field.
	sources map[*html.Node]labelSource
}

// labelSource is an element aria-labelledby names: its text, and whether
// it is more than a label and stays in the text that follows the list (a
// heading, an element that holds fields or blocks of its own, or a text
// longer than a label).
type labelSource struct {
	text string
	stay bool
}

// control is a form control and what its ancestors say about it.
type control struct {
	n         *html.Node
	typ       string // the input type ("text" for unknown ones), or the element's name
	listed    bool   // it is listed (hidden inputs, buttons and output are only removed)
	form      *html.Node
	formAttr  bool           // it names its form with a form attribute
	fieldset  *fieldsetScope // the innermost fieldset around it
	disabled  bool           // by a disabled fieldset
	group     *html.Node     // the nearest role=group or radiogroup around it
	labels    []*html.Node   // the labels that label it, in page order
	wrapLabel *html.Node     // the label around it, if that labels it
	scopeForm *html.Node     // the form around it (or the table's), before its form attribute
}

// fieldsetScope is a fieldset on the way up from a control.
type fieldsetScope struct {
	n      *html.Node
	legend *html.Node // its first <legend> child, or nil
	form   *html.Node // the form around the fieldset
	outer  *fieldsetScope
}

// scope is what the walk knows about a node's ancestors.
type scope struct {
	form     *html.Node
	fieldset *fieldsetScope
	disabled bool
	label    *html.Node
	group    *html.Node
	table    *tableScope
	inLi     bool // a list item is around it
}

// tableScope is a table on the way up, and the form the parser left empty
// in it, if any.
type tableScope struct {
	form  *html.Node
	outer *tableScope
}

// idNode is an element with an id, and the id.
type idNode struct {
	id string
	n  *html.Node
}

// byID returns ids, made from withID on the first call: most pages with a
// control name no element by id from it (no label's for, no form or
// aria-labelledby attribute), and a map of every id of the page was most
// of the walk's cost.
func (s *formScan) byID() map[string]*html.Node {
	if s.ids != nil {
		return s.ids
	}
	s.ids = make(map[string]*html.Node, len(s.withID))
	s.dupIDs = map[string][]*html.Node{}
	for _, e := range s.withID {
		if first, seen := s.ids[e.id]; !seen {
			s.ids[e.id] = e.n
		} else {
			if len(s.dupIDs[e.id]) == 0 {
				s.dupIDs[e.id] = []*html.Node{first}
			}
			s.dupIDs[e.id] = append(s.dupIDs[e.id], e.n)
		}
	}
	return s.ids
}

// visit records n's descendants: ids, labels, fieldsets and controls.
func (s *formScan) visit(n *html.Node, sc scope) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			s.visitElement(c, sc)
		}
	}
}

// visitElement records element n, in scope sc, and its descendants.
func (s *formScan) visitElement(n *html.Node, sc scope) {
	if id := getAttr(n, "id"); id != "" {
		s.withID = append(s.withID, idNode{id, n})
	}
	if isControlElement(n) {
		s.addControl(n, sc)
		return // their children are options and values
	}
	inner := sc
	switch n.DataAtom {
	case atom.Form:
		if sc.table != nil && n.Parent != nil && isTableSection(n.Parent) {
			// <table><form><tr>: the parser closes the form at once and
			// associates the controls that follow with it.
			sc.table.form = n
		}
		inner.form = n
	case atom.Fieldset:
		fs := &fieldsetScope{n: n, form: sc.form, outer: sc.fieldset}
		fs.legend = firstChildElement(n, atom.Legend)
		inner.fieldset = fs
		if _, ok := attrOK(n, "disabled"); ok {
			// Everything in a disabled fieldset is disabled, except what
			// is in its first legend.
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode {
					in := inner
					in.disabled = in.disabled || c != fs.legend
					s.visitElement(c, in)
				}
			}
			return
		}
	case atom.Label:
		inner.label = n
		s.labels = append(s.labels, n)
	case atom.Table:
		inner.table = &tableScope{outer: sc.table}
	case atom.Li:
		inner.inLi = true
	}
	if role := getAttr(n, "role"); hasToken(role, "group") || hasToken(role, "radiogroup") {
		inner.group = n
	}
	s.visit(n, inner)
}

func isTableSection(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
		return true
	}
	return false
}

func firstChildElement(n *html.Node, a atom.Atom) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == a && c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

// addControl records a control with what its ancestors say.
func (s *formScan) addControl(n *html.Node, sc scope) {
	c := &control{n: n, typ: n.Data, fieldset: sc.fieldset, disabled: sc.disabled, group: sc.group}
	switch n.DataAtom {
	case atom.Input:
		c.typ = inputType(n)
		if c.typ == "checkbox" && sc.inLi && sc.form == nil {
			if _, ok := attrOK(n, "form"); !ok {
				return // a task list box: the renderer's
			}
		}
		switch c.typ {
		case "hidden", "submit", "reset", "button", "image":
		default:
			c.listed = true
		}
	case atom.Select, atom.Textarea:
		c.listed = true
	}
	c.scopeForm = sc.form
	if c.scopeForm == nil {
		// The table's form must be known now: one after the control
		// does not own it.
		for t := sc.table; t != nil; t = t.outer {
			if t.form != nil {
				c.scopeForm = t.form
				break
			}
		}
	}
	_, c.formAttr = attrOK(n, "form")
	c.wrapLabel = sc.label
	s.order = append(s.order, c)
	s.controls[n] = c
}

// inputType is an input's type as HTML reads it: unknown types are text.
func inputType(n *html.Node) string {
	t := strings.ToLower(strings.TrimSpace(getAttr(n, "type")))
	switch t {
	case "hidden", "text", "search", "tel", "url", "email", "password", "date", "month",
		"week", "time", "datetime-local", "number", "range", "color", "checkbox", "radio",
		"file", "submit", "image", "reset", "button":
		return t
	}
	return "text"
}

// resolveLabels finds each control's form and labels, now that every id
// is known.
func (s *formScan) resolveLabels() {
	for _, c := range s.order {
		c.form = c.scopeForm
		if c.formAttr {
			// A form attribute that names no form leaves the control
			// without one, even inside a form.
			c.form = nil
			if f := s.byID()[getAttr(c.n, "form")]; f != nil && f.DataAtom == atom.Form {
				c.form = f
			}
		}
	}
	for _, l := range s.labels {
		var target *html.Node
		if id, ok := attrOK(l, "for"); ok {
			target = s.nearestWithID(id, l)
		} else {
			target = findFirst(l, isLabelable)
		}
		c := s.controls[target]
		if c == nil {
			continue
		}
		c.labels = append(c.labels, l)
		s.remove = append(s.remove, l)
	}
	for _, c := range s.order {
		if c.wrapLabel != nil && !contains(c.labels, c.wrapLabel) {
			c.wrapLabel = nil
		}
	}
}

// maxDupIDs is the most elements sharing an id that nearestWithID
// compares: a page repeats a card's form a few dozen times; a hostile one
// of thousands of ids alike, each with its label, would cost their square.
const maxDupIDs = 64

// nearestLevels is how far up from a label nearestWithID looks for an
// ancestor it shares with a control (and twice that from the control): a
// card's form is a few levels deep. A label 500 levels down, read for
// each of a hundred thousand labels, would cost their product.
const nearestLevels = 32

// nearestWithID returns the element with id that from n stands for: the
// first one, as HTML reads it, unless the id repeats, when it is the one
// nearest n, sharing the deepest ancestor with it (the first of those)
// within nearestLevels of n, else the first.
// A page of cards that each repeat one form ("Size", id "size") labels
// each card's own control: read as HTML does, every label would name the
// first card's control and the others would fall back to their machine
// names.
func (s *formScan) nearestWithID(id string, n *html.Node) *html.Node {
	ids := s.byID()
	all := s.dupIDs[id]
	if len(all) == 0 || len(all) > maxDupIDs {
		return ids[id]
	}
	up := map[*html.Node]int{} // n's ancestors, by depth from n
	d := 0
	for p := n; p != nil && d <= nearestLevels; p = p.Parent {
		up[p] = d
		d++
	}
	best, bestUp := ids[id], -1
	for _, e := range all {
		climbed := 0
		for p := e; p != nil && climbed <= 2*nearestLevels; p, climbed = p.Parent, climbed+1 {
			if k, ok := up[p]; ok {
				if bestUp < 0 || k < bestUp {
					best, bestUp = e, k
				}
				break
			}
		}
	}
	return best
}

// isLabelable reports whether a label can label n: HTML's labelable
// elements. A label whose first one is not a control here (a meter, say)
// labels nothing this pass lists.
func isLabelable(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Input:
		return inputType(n) != "hidden"
	case atom.Select, atom.Textarea, atom.Output, atom.Button, atom.Meter, atom.Progress:
		return true
	}
	return false
}

func contains(list []*html.Node, n *html.Node) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// ---- what each form asks for ----

// entry is one item of a form's list: a field, or a choice group.
type entry struct {
	members  []*control
	choice   bool   // a choice group: radios, checkboxes, a select
	label    string // "" until labelled
	ownLabel bool   // the label is the page's (not the name's)
	required bool
	chain    []*fieldsetScope // fieldsets with a legend around it, outermost first
	byLegend *fieldsetScope   // the fieldset of checkboxes it stands for, if any
}

// entries groups the listed controls into fields and choice groups, in
// page order, labelled.
func (s *formScan) entries() []*entry {
	type key struct {
		form *html.Node
		typ  string
		name string
	}
	named := map[key]int{}
	for _, c := range s.order {
		if c.listed && (c.typ == "checkbox" || c.typ == "radio") {
			if name := getAttr(c.n, "name"); name != "" {
				named[key{c.form, c.typ, name}]++
			}
		}
	}
	// Checkboxes of one fieldset with a legend, none of them in a named
	// group, are a group labelled by the legend.
	boxes := map[*fieldsetScope][]*control{}
	mixed := map[*fieldsetScope]bool{}
	for _, c := range s.order {
		if !c.listed {
			continue
		}
		fs := s.innerLegend(c)
		if fs == nil {
			continue
		}
		single := c.typ == "checkbox" && named[key{c.form, c.typ, getAttr(c.n, "name")}] < 2
		if !single || (len(boxes[fs]) > 0 && boxes[fs][0].form != c.form) {
			mixed[fs] = true
			continue
		}
		boxes[fs] = append(boxes[fs], c)
	}

	var list []*entry
	groups := map[any]*entry{}
	for _, c := range s.order {
		if !c.listed {
			continue
		}
		var k any
		name := getAttr(c.n, "name")
		switch {
		case c.typ == "radio" && name != "":
			k = key{c.form, c.typ, name}
		case c.typ == "checkbox" && named[key{c.form, c.typ, name}] >= 2 && name != "":
			k = key{c.form, c.typ, name}
		case c.typ == "checkbox":
			if fs := s.innerLegend(c); fs != nil && !mixed[fs] && len(boxes[fs]) >= 2 {
				k = fs
			}
		}
		if e := groups[k]; k != nil && e != nil {
			e.members = append(e.members, c)
			continue
		}
		e := &entry{members: []*control{c}, choice: k != nil || c.typ == "select"}
		if fs, ok := k.(*fieldsetScope); ok {
			e.byLegend = fs
		}
		if k != nil {
			groups[k] = e
		}
		list = append(list, e)
	}
	count := map[*fieldsetScope]int{}
	for _, e := range list {
		s.label(e)
		for fs := s.innerLegend(e.members[0]); fs != nil; fs = s.outerLegend(fs, e.members[0].form) {
			count[fs]++
		}
	}
	for _, e := range list {
		first := e.members[0]
		fs := s.innerLegend(first)
		switch {
		case e.byLegend != nil:
			e.label, e.ownLabel = s.legends[fs], true
			s.remove = append(s.remove, fs.legend)
			fs = s.outerLegend(fs, first.form)
		case !e.ownLabel && fs != nil && count[fs] == 1:
			e.label, e.ownLabel = s.legends[fs], true
			s.remove = append(s.remove, fs.legend)
			fs = s.outerLegend(fs, first.form)
		}
		for ; fs != nil; fs = s.outerLegend(fs, first.form) {
			e.chain = append(e.chain, fs)
		}
		slices.Reverse(e.chain)
	}
	return list
}

// innerLegend returns the innermost fieldset with a legend around c, in
// c's form (or, for a control without one, outside any form).
func (s *formScan) innerLegend(c *control) *fieldsetScope {
	return s.legendFrom(c.fieldset, c.form)
}

// outerLegend returns the next fieldset with a legend around fs.
func (s *formScan) outerLegend(fs *fieldsetScope, form *html.Node) *fieldsetScope {
	return s.legendFrom(fs.outer, form)
}

func (s *formScan) legendFrom(fs *fieldsetScope, form *html.Node) *fieldsetScope {
	for ; fs != nil && fs.form == form; fs = fs.outer {
		if fs.legend == nil {
			continue
		}
		text, ok := s.legends[fs]
		if !ok {
			text, _ = labelText(fs.legend)
			s.legends[fs] = text
		}
		if text != "" {
			return fs
		}
	}
	return nil
}

// label gives e its label and whether it is required.
func (s *formScan) label(e *entry) {
	first := e.members[0]
	for _, c := range e.members {
		e.required = e.required || isRequired(c.n)
	}
	if e.choice && first.typ != "select" {
		// A group: the ARIA group around it names it.
		if g := first.group; g != nil {
			if l := s.ariaLabel(g); l != "" {
				e.label, e.ownLabel = l, true
				return
			}
		}
		if e.byLegend == nil {
			e.label = nameLabel(first.n)
		}
		return
	}
	l, req := s.fieldLabel(first)
	e.required = e.required || req
	if l != "" {
		e.label, e.ownLabel = l, true
		return
	}
	e.label = nameLabel(first.n)
}

// fieldLabel is a control's own label: its label elements, aria-label,
// aria-labelledby, then title. A label ending in "*" marks it required.
func (s *formScan) fieldLabel(c *control) (string, bool) {
	var parts []string
	required := false
	for _, l := range c.labels {
		t, req := labelText(l)
		required = required || req
		if t != "" {
			parts = append(parts, t)
		}
	}
	if len(parts) > 0 {
		return strings.Join(parts, " "), required
	}
	if l := s.ariaLabel(c.n); l != "" {
		return l, false
	}
	t, req := tidyLabel(collapseSpace(getAttr(c.n, "title")))
	return t, req
}

// ariaLabel is n's aria-label, else the text of the elements its
// aria-labelledby names (never a control's: that would be its value).
func (s *formScan) ariaLabel(n *html.Node) string {
	if l, _ := tidyLabel(collapseSpace(getAttr(n, "aria-label"))); l != "" {
		return l
	}
	var parts []string
	chars := 0
	for id := range strings.FieldsSeq(getAttr(n, "aria-labelledby")) {
		if chars > maxLabel {
			break // the label is cut before what the rest would add
		}
		ref := s.byID()[id]
		if ref == nil || isControlElement(ref) {
			continue
		}
		src, ok := s.sources[ref]
		if !ok {
			src.text, _ = labelText(ref)
			// A text too long to be a label whole stays too.
			src.stay = isHeading(ref) || containsBlock(ref) || findFirst(ref, isControlElement) != nil ||
				strings.HasSuffix(src.text, "…") && utf8.RuneCountInString(textContent(ref)) > maxLabel
			s.sources[ref] = src
		}
		if src.text == "" {
			continue
		}
		parts = append(parts, src.text)
		chars += utf8.RuneCountInString(src.text) + 1
		if !src.stay {
			s.remove = append(s.remove, ref) // its text is the label now
		}
	}
	l, _ := tidyLabel(strings.Join(parts, " "))
	return l
}

func isHeading(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Hgroup:
		return true
	}
	return false
}

// nameLabel is the label of last resort: the control's name, without the
// "[]" of array-style names.
func nameLabel(n *html.Node) string {
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(getAttr(n, "name")), "[]"))
}

func isRequired(n *html.Node) bool {
	if _, ok := attrOK(n, "required"); ok {
		return true
	}
	return strings.EqualFold(strings.TrimSpace(getAttr(n, "aria-required")), "true")
}

func isDisabled(c *control) bool {
	_, ok := attrOK(c.n, "disabled")
	return ok || c.disabled
}

// labelText is the text of a label, legend or labelling element, without
// what a control inside it holds (a textarea's value, a select's options),
// with images' alt text and text markers' md; and whether it ends in "*",
// the usual mark of a required field.
//
// Only as much is read as a label can hold (see tidyLabel): one element may
// label many fields, and nested labels each label the same field.
func labelText(n *html.Node) (string, bool) {
	var sb strings.Builder
	chars := 0 // characters other than spaces written
	write := func(s string) {
		for i, r := range s {
			if chars > maxLabel {
				sb.WriteString(s[:i])
				return
			}
			if !isHTMLSpace(r) {
				chars++
			}
		}
		sb.WriteString(s)
	}
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil && chars <= maxLabel; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				write(c.Data)
			case html.ElementNode:
				switch c.DataAtom {
				case atom.Input, atom.Select, atom.Textarea, atom.Output, atom.Option, atom.Optgroup,
					atom.Datalist, atom.Button, atom.Meter, atom.Progress:
					sb.WriteByte(' ')
					continue
				case atom.Img:
					write(" " + getAttr(c, "alt") + " ")
					continue
				case atom.Br:
					sb.WriteByte(' ')
					continue
				}
				if m, ok := markers.Of(c); ok && m.Mode == markers.ModeText {
					write(" " + m.MD + " ")
					continue
				}
				// Text only a screen reader reads is a word of its own:
				// "More options" and a hidden "BILLY" are two.
				block := isBlockName(c.DataAtom) || spokenClass(c)
				if block {
					sb.WriteByte(' ')
				}
				visit(c)
				if block {
					sb.WriteByte(' ')
				}
			}
		}
	}
	visit(n)
	return tidyLabel(collapseSpace(sb.String()))
}

// maxLabel bounds a label, in characters. One element can label many
// fields (aria-labelledby), so a page naming each field after a whole
// section would otherwise write that section once per field.
const maxLabel = 250

// tidyLabel drops the colon and the required mark that end many labels
// ("Email:", "Email *"), reporting the mark, and cuts a label longer than
// maxLabel at a space, with an ellipsis.
func tidyLabel(s string) (string, bool) {
	if utf8.RuneCountInString(s) > maxLabel {
		cut := 0
		for i := range s {
			if cut == maxLabel {
				s = s[:i]
				break
			}
			cut++
		}
		if sp := strings.LastIndexByte(s, ' '); sp > len(s)/2 {
			s = s[:sp]
		}
		s = strings.TrimRight(s, " :\u00a0") + "…"
	}
	required := false
	for {
		t := strings.TrimRight(s, " :\u00a0")
		if !strings.HasSuffix(t, "*") {
			return t, required
		}
		required = true
		s = strings.TrimSuffix(t, "*")
	}
}

// ---- writing the lists ----

// rewrite puts each form's list in place and removes the controls, the
// labels and legends used, and what their removal left empty.
func (s *formScan) rewrite(entries []*entry) {
	byForm := map[*html.Node][]*entry{}
	var forms []*html.Node
	var loose []*entry
	for _, e := range entries {
		f := e.members[0].form
		switch {
		case f == nil:
			loose = append(loose, e)
		case byForm[f] == nil:
			forms = append(forms, f)
			fallthrough
		default:
			byForm[f] = append(byForm[f], e)
		}
	}
	for _, f := range forms {
		if f.Parent != nil && isTableSection(f.Parent) {
			// A form the parser left empty between a table's rows renders
			// nothing there: it moves, with its list, before its table.
			table := f.Parent
			for table.DataAtom != atom.Table && table.Parent != nil {
				table = table.Parent
			}
			if table.Parent != nil {
				f.Parent.RemoveChild(f)
				table.Parent.InsertBefore(f, table)
			}
		}
		ul := buildList(s.tree(byForm[f]))
		if isSignup(byForm[f]) {
			ul.Attr[0].Val = formSignup
		}
		parent, before := listPlace(f)
		parent.InsertBefore(ul, before)
	}

	removing := map[*html.Node]bool{}
	for _, c := range s.order {
		removing[c.n] = true
	}
	for _, n := range s.remove {
		removing[n] = true
	}
	made := map[*html.Node]bool{}
	around := map[*html.Node]*html.Node{}
	for _, e := range loose {
		s.placeLoose(e, removing, made, around)
	}

	parents := map[*html.Node]bool{}
	var order []*html.Node
	remove := func(n *html.Node) {
		if p := n.Parent; p != nil {
			p.RemoveChild(n)
			if !parents[p] {
				parents[p] = true
				order = append(order, p)
			}
		}
	}
	for _, c := range s.order {
		remove(c.n)
	}
	for _, n := range s.remove {
		remove(n)
	}
	contentful := map[*html.Node]bool{}
	for _, p := range order {
		tidy(p, contentful)
	}
}

// tree nests a form's entries under the legends of their fieldsets.
func (s *formScan) tree(entries []*entry) []*item {
	root := &item{}
	for _, e := range entries {
		cur := root
		for _, fs := range e.chain {
			var last *item
			if n := len(cur.children); n > 0 {
				last = cur.children[n-1]
			}
			if last == nil || last.fieldset != fs {
				last = &item{text: s.legends[fs], fieldset: fs}
				cur.children = append(cur.children, last)
				s.remove = append(s.remove, fs.legend)
			}
			cur = last
		}
		cur.children = append(cur.children, s.item(e))
	}
	return root.children
}

// formListAttr marks the lists this pass makes, so that extraction can
// tell what a form asks from the page's prose.
const formListAttr = "data-affordances-md-form"

// formSignup is formListAttr's value on the list of a form that asks for
// an email address and nothing else but ticks (consent, which letters to
// receive): a sign-up for a newsletter, which the scoring stage drops
// with the box around it wherever it stands.
const formSignup = "signup"

// isSignup reports whether a form's entries ask for one email address and
// nothing else but checkboxes.
func isSignup(entries []*entry) bool {
	emails := 0
	for _, e := range entries {
		first := e.members[0]
		switch {
		case first.typ == "checkbox":
		case !e.choice && isEmailField(first, e.label):
			emails++
		default:
			return false
		}
	}
	return emails == 1
}

// isEmailField reports whether c asks for an email address: by its type,
// or, a plain text box, by its label or name.
func isEmailField(c *control, label string) bool {
	if c.typ == "email" {
		return true
	}
	if c.typ != "text" {
		return false
	}
	for _, s := range []string{label, getAttr(c.n, "name")} {
		s = strings.ToLower(s)
		if strings.Contains(s, "email") || strings.Contains(s, "e-mail") {
			return true
		}
	}
	return false
}

// newFormList makes an empty <ul>, marked as a form's list.
func newFormList() *html.Node {
	return &html.Node{Type: html.ElementNode, Data: "ul", DataAtom: atom.Ul, Attr: []html.Attribute{{Key: formListAttr}}}
}

// buildList makes the <ul> of items.
func buildList(items []*item) *html.Node {
	ul := newFormList()
	for _, it := range items {
		li := &html.Node{Type: html.ElementNode, Data: "li", DataAtom: atom.Li}
		li.AppendChild(&html.Node{Type: html.TextNode, Data: it.text})
		if len(it.children) > 0 {
			li.AppendChild(buildList(it.children))
		}
		ul.AppendChild(li)
	}
	return ul
}

// listPlace is where a form's list goes: after the headings that open the
// form (before any field, label or other text), else first in the form.
func listPlace(form *html.Node) (parent, before *html.Node) {
	var after *html.Node
	stop := false
	walk(form, func(c *html.Node) bool {
		switch {
		case stop:
			return false
		case c == form:
			return true
		case c.Type == html.TextNode:
			stop = strings.TrimSpace(c.Data) != ""
			return false
		case c.Type != html.ElementNode:
			return false
		}
		if isHeading(c) {
			after = c
			return false
		}
		switch c.DataAtom {
		case atom.Input, atom.Select, atom.Textarea, atom.Output, atom.Label, atom.Legend:
			stop = true
			return false
		}
		if m, ok := markers.Of(c); ok && m.Mode == markers.ModeText {
			stop = strings.TrimSpace(m.MD) != ""
			return false
		}
		return true
	})
	if after != nil {
		return after.Parent, after.NextSibling
	}
	return form, form.FirstChild
}

// placeLoose puts the item of a field without a form where it stands: in
// place of its label (if the label holds it) or of itself, or of the
// outermost label or legend around it that is removed, joining the list
// just before it when nothing but removed nodes lies between.
func (s *formScan) placeLoose(e *entry, removing, made map[*html.Node]bool, around map[*html.Node]*html.Node) {
	first := e.members[0]
	anchor := first.n
	if first.wrapLabel != nil {
		anchor = first.wrapLabel
	}
	// A label or legend around it that goes (the outer one of nested
	// labels, another field's label, a legend used as a label) would take
	// the list with it: the list stands in place of the outermost.
	if top := outermostRemoved(anchor, removing, around); top != nil {
		anchor = top
	}
	li := buildList([]*item{s.item(e)}).FirstChild
	li.Parent.RemoveChild(li)
	prev := anchor.PrevSibling
	for prev != nil && (removing[prev] || prev.DataAtom == atom.Br ||
		(prev.Type == html.TextNode && strings.TrimSpace(prev.Data) == "")) {
		prev = prev.PrevSibling
	}
	if prev != nil && made[prev] {
		prev.AppendChild(li)
		// Only removed nodes and spaces lie between: moving the list up
		// to this field keeps the next field's search short.
		prev.Parent.RemoveChild(prev)
		anchor.Parent.InsertBefore(prev, anchor)
		return
	}
	ul := newFormList()
	ul.AppendChild(li)
	anchor.Parent.InsertBefore(ul, anchor)
	made[ul] = true
}

// outermostRemoved returns the outermost ancestor of n that removing
// holds, or nil. around remembers the answer for each ancestor met, so
// that the fields of a page cost one walk of their ancestors in all.
func outermostRemoved(n *html.Node, removing map[*html.Node]bool, around map[*html.Node]*html.Node) *html.Node {
	var path []*html.Node
	var top *html.Node
	for p := n.Parent; p != nil; p = p.Parent {
		if t, ok := around[p]; ok {
			top = t
			break
		}
		path = append(path, p)
	}
	for i := len(path) - 1; i >= 0; i-- {
		if top == nil && removing[path[i]] {
			top = path[i]
		}
		around[path[i]] = top
	}
	return top
}

// tidy removes p, whose child was removed, if nothing in it is left to
// render, and then its ancestors likewise: the wrapper of a field, a list
// item, a table row of a layout table. A table cell stays (its column
// would shift) unless its whole row goes. Forms, markers and the body
// stay. contentful remembers the elements known to have content: removing
// empty ones never changes that, and it keeps the pass linear.
func tidy(p *html.Node, contentful map[*html.Node]bool) {
	for p != nil && p.Parent != nil && p.Type == html.ElementNode {
		switch p.DataAtom {
		case atom.Form, atom.Body, atom.Html:
			return
		}
		if _, ok := markers.Of(p); ok || contentful[p] {
			return
		}
		if hasRenderable(p) {
			contentful[p] = true
			return
		}
		if p.DataAtom == atom.Td || p.DataAtom == atom.Th {
			row := p.Parent
			if row.DataAtom != atom.Tr || contentful[row] {
				return
			}
			if hasRenderable(row) {
				contentful[row] = true
				return
			}
			p = row
		}
		parent := p.Parent
		if parent == nil {
			return // removed with an ancestor already
		}
		parent.RemoveChild(p)
		p = parent
	}
}

// item is one list item: its text, and a nested list.
type item struct {
	text     string
	children []*item
	fieldset *fieldsetScope
}

// item writes e as a list item.
func (s *formScan) item(e *entry) *item {
	first := e.members[0]
	label := e.label
	if label == "" {
		label = "Unlabelled field"
	}
	var flags []string
	it := &item{}
	switch {
	case first.typ == "select":
		if _, ok := attrOK(first.n, "multiple"); ok {
			flags = append(flags, "multiple")
		}
		flags = appendState(flags, e.required, false, isDisabled(first))
		opts, groups := selectOptions(first.n)
		it.text = choiceLine(label, flags, opts)
		for _, g := range groups {
			it.children = append(it.children, &item{text: choiceLine(g.label, nil, g.options)})
		}
	case e.choice:
		if first.typ == "checkbox" {
			flags = append(flags, "multiple")
		}
		flags = appendState(flags, e.required, false, false)
		var opts []option
		for _, c := range e.members {
			// Each option is labelled as a field is; an option without
			// a label says nothing an agent can choose by (its value
			// is never written).
			t, _ := s.fieldLabel(c)
			if t == "" {
				continue
			}
			_, checked := attrOK(c.n, "checked")
			opts = append(opts, option{text: t, selected: checked, disabled: isDisabled(c)})
		}
		it.text = choiceLine(label, flags, opts)
	default:
		switch first.typ {
		case "text", "search", "textarea":
		default:
			flags = append(flags, first.typ)
		}
		if _, ok := attrOK(first.n, "multiple"); ok && (first.typ == "file" || first.typ == "email") {
			flags = append(flags, "multiple")
		}
		if _, ok := attrOK(first.n, "checked"); ok && (first.typ == "checkbox" || first.typ == "radio") {
			flags = append(flags, "checked")
		}
		_, readonly := attrOK(first.n, "readonly")
		readonly = readonly && first.typ != "checkbox" && first.typ != "radio" && first.typ != "file"
		flags = appendState(flags, e.required, readonly, isDisabled(first))
		it.text = label + parenthesised(flags)
	}
	return it
}

func appendState(flags []string, required, readonly, disabled bool) []string {
	if required {
		flags = append(flags, "required")
	}
	if readonly {
		flags = append(flags, "read-only")
	}
	if disabled {
		flags = append(flags, "unavailable")
	}
	return flags
}

func parenthesised(flags []string) string {
	if len(flags) == 0 {
		return ""
	}
	return " (" + strings.Join(flags, ", ") + ")"
}

// option is one choice of a group.
type option struct {
	text               string
	selected, disabled bool
}

type optionGroup struct {
	label   string
	options []option
}

// choiceLine writes "Label (flags): A (selected), B, C (unavailable)".
func choiceLine(label string, flags []string, opts []option) string {
	var sb strings.Builder
	sb.WriteString(label)
	sb.WriteString(parenthesised(flags))
	if len(opts) == 0 {
		return sb.String()
	}
	sb.WriteString(": ")
	for i, o := range opts {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(o.text)
		var marks []string
		if o.selected {
			marks = append(marks, "selected")
		}
		if o.disabled {
			marks = append(marks, "unavailable")
		}
		sb.WriteString(parenthesised(marks))
	}
	return sb.String()
}

// selectOptions reads a select's options: those outside any optgroup, and
// each labelled optgroup's. An option's text is its label attribute, else
// its text; options without text, and the placeholder first option of a
// single-choice select (an explicitly empty value: it submits nothing),
// are left out.
func selectOptions(sel *html.Node) ([]option, []optionGroup) {
	_, multiple := attrOK(sel, "multiple")
	var loose []option
	var groups []optionGroup
	first := true
	read := func(o *html.Node, groupDisabled bool) (option, bool) {
		isFirst := first
		first = false
		if v, ok := attrOK(o, "value"); ok && v == "" && isFirst && !multiple {
			return option{}, false
		}
		text := collapseSpace(getAttr(o, "label"))
		if text == "" {
			text = collapseSpace(textContent(o))
		}
		if text == "" {
			return option{}, false
		}
		_, selected := attrOK(o, "selected")
		_, disabled := attrOK(o, "disabled")
		return option{text: text, selected: selected, disabled: disabled || groupDisabled}, true
	}
	for c := sel.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Option:
			if o, ok := read(c, false); ok {
				loose = append(loose, o)
			}
		case atom.Optgroup:
			_, disabled := attrOK(c, "disabled")
			g := optionGroup{label: collapseSpace(getAttr(c, "label"))}
			for o := c.FirstChild; o != nil; o = o.NextSibling {
				if o.DataAtom != atom.Option {
					continue
				}
				if opt, ok := read(o, disabled); ok {
					g.options = append(g.options, opt)
				}
			}
			if g.label == "" {
				loose = append(loose, g.options...)
			} else if len(g.options) > 0 {
				groups = append(groups, g)
			}
		}
	}
	return loose, groups
}
