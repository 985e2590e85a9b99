package md

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// rewriteForms turns each form into the list of what it asks for.
// Until then, form controls are removed so that no value can leak.
func rewriteForms(doc *html.Node) {
	var controls []*html.Node
	walk(doc, func(n *html.Node) bool {
		if n.DataAtom == atom.Input && isTaskCheckbox(n) {
			return false
		}
		switch n.DataAtom {
		case atom.Input, atom.Select, atom.Textarea, atom.Option, atom.Output:
			controls = append(controls, n)
			return false
		}
		return true
	})
	removeAll(controls)
}

// isTaskCheckbox reports whether n is the checkbox of a task list item: a
// checkbox outside any form, first in its list item.
func isTaskCheckbox(n *html.Node) bool {
	if !strings.EqualFold(getAttr(n, "type"), "checkbox") {
		return false
	}
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.DataAtom {
		case atom.Form:
			return false
		case atom.Li:
			return true
		}
	}
	return false
}
