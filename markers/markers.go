// Package markers is the vocabulary a page uses to say exactly what its
// Markdown keeps, and the html/template helpers that let Go sites write it.
//
// A marker is either the custom element <affordances-md mode="..."> or the
// attribute data-affordances-md="..." on any element. The element form is
// styled display:contents, so it changes no layout. The modes are:
//
//   - main: when any main marker is present, only main subtrees become the
//     Markdown, in page order; a main inside another main is part of the
//     outer one.
//   - skip: the subtree is left out, also inside a main.
//   - only: the subtree is included although it is hidden from people: its
//     own hidden, aria-hidden="true" or display:none, and a hidden ancestor,
//     do not drop it. What is hidden inside it is still left out (a
//     decorative aria-hidden icon, say), unless it is itself an only marker.
//   - text: the children are replaced by the md attribute, verbatim: it is
//     Markdown, never escaped. With the block attribute it stands as its own
//     block; without it, it is inline. An empty or missing md says nothing.
//
// Modes are read ignoring ASCII case and surrounding spaces. An unknown mode
// is not a marker: its element converts as ordinary content. On the
// <affordances-md> element the mode attribute wins over data-affordances-md.
//
// Markers are honoured in every extract mode of the converter (skip, only
// and text always); main markers choose the content in the auto and score
// extract modes, not when the whole body is asked for. How markers combine:
//
//   - skip wins over everything inside it: a main, only or text marker in a
//     skip is gone. A page whose only main markers are inside skips has no
//     main marker, and its content is chosen as if it had none.
//   - A main marker inside an only marker is a main marker: its content is
//     the Markdown, hidden or not. An only marker outside every main is left
//     out when the page has main markers, like any other content.
//   - A text marker replaces everything inside it, markers too: a text inside
//     a text is the outer one's md. A text marker that is itself hidden is
//     left out unless an only marker holds it.
//   - A main marker on <body> or <html> makes the whole body the content,
//     navigation and footers included. Main markers with no content at all
//     (no text, image or text marker) do not count, so that a page never
//     turns into an empty Markdown because a client-rendered part was empty.
//   - The attribute form and the element form mix freely, at any depth.
//   - Markers inside <template>, and inside anything else that is never
//     content (scripts, SVG, media, frames, objects, buttons), are not read:
//     an only marker does not bring them back. Markers inside a streamed
//     React Suspense segment count once the converter has moved the segment
//     into place; a segment that never was stays out, markers and all.
//
// For Go sites, Main, Skip, Only, Text and TextBlock wrap trusted HTML in
// the marker element, Funcs gives the same helpers (and start and end tags)
// to html/template, and Alternate writes the <link rel="alternate"> that
// lets agents find a page's Markdown.
package markers

import (
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
	ModeMain Mode = "main"
	ModeSkip Mode = "skip"
	ModeOnly Mode = "only"
	ModeText Mode = "text"
)

// Valid reports whether m is one of the four modes.
func (m Mode) Valid() bool {
	switch m {
	case ModeMain, ModeSkip, ModeOnly, ModeText:
		return true
	}
	return false
}

// Marker is a marker read from a node, or one to write.
type Marker struct {
	// Mode is what the marker asks of the Markdown.
	Mode Mode
	// MD is the replacement Markdown of a text marker, verbatim.
	MD string
	// Block reports whether a text marker stands as its own block.
	Block bool
}

// Of reads the marker of n. It reports false when n is not an HTML element,
// carries no marker, or names an unknown mode. On the <affordances-md>
// element the mode comes from its mode attribute, else from
// data-affordances-md; on any other element from data-affordances-md.
func Of(n *html.Node) (Marker, bool) {
	if n == nil || n.Type != html.ElementNode || n.Namespace != "" {
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
	m := Marker{Mode: Mode(asciiLower(trimSpace(mode)))}
	if !m.Mode.Valid() {
		return Marker{}, false
	}
	if m.Mode == ModeText {
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

// trimSpace trims HTML whitespace: attribute values are compared as HTML
// compares enumerated values, not with Unicode's notion of space or case
// (strings.ToLower would read "s\u212Aip", with a Kelvin sign, as "skip").
func trimSpace(s string) string {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
