// Package markers is the vocabulary a page uses to say exactly what its
// Markdown keeps.
//
// A marker is either the custom element <affordances-md mode="..."> (styled
// display:contents, so it changes no layout) or the attribute
// data-affordances-md="..." on any element. The modes are:
//
//   - main: when any main marker is present, only main subtrees become the
//     Markdown, in page order; a main inside another main is part of the outer one.
//   - skip: the subtree is left out, also inside a main.
//   - only: the subtree is included although it is hidden from people.
//   - text: the children are replaced by the md attribute, verbatim; with the
//     block attribute it stands as its own block.
//
// An unknown mode is not a marker: its element converts as ordinary content.
package markers

import (
	"strings"

	"golang.org/x/net/html"
)

// Element is the name of the marker element.
const Element = "affordances-md"

// Attr is the attribute that makes any element a marker.
const Attr = "data-affordances-md"

// Mode is what a marker asks of the Markdown.
type Mode string

// The marker modes.
const (
	Main Mode = "main"
	Skip Mode = "skip"
	Only Mode = "only"
	Text Mode = "text"
)

// Valid reports whether m is one of the four modes.
func (m Mode) Valid() bool {
	switch m {
	case Main, Skip, Only, Text:
		return true
	}
	return false
}

// Marker is a marker read from a node.
type Marker struct {
	Mode Mode
	// MD is the replacement Markdown of a text marker, verbatim.
	MD string
	// Block reports whether a text marker stands as its own block.
	Block bool
}

// Of reads the marker of n. It reports false when n is not an element, carries
// no marker, or names an unknown mode. On the <affordances-md> element the mode
// comes from its mode attribute; on any other element from data-affordances-md.
// An <affordances-md> element that also has data-affordances-md uses mode.
func Of(n *html.Node) (Marker, bool) {
	if n == nil || n.Type != html.ElementNode {
		return Marker{}, false
	}
	var mode string
	var found bool
	if n.Data == Element {
		mode, found = attr(n, "mode")
	}
	if !found {
		mode, found = attr(n, Attr)
	}
	if !found {
		return Marker{}, false
	}
	m := Marker{Mode: Mode(strings.ToLower(strings.TrimSpace(mode)))}
	if !m.Mode.Valid() {
		return Marker{}, false
	}
	if m.Mode == Text {
		m.MD, _ = attr(n, "md")
		_, m.Block = attr(n, "block")
	}
	return m, true
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}
