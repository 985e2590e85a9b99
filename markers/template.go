package markers

import (
	"fmt"
	"html/template"

	"golang.org/x/net/html"
)

// End is the end tag of the marker element, for a Start written earlier.
const End template.HTML = "</" + Element + ">"

// Start returns the start tag of the marker element for m:
//
//	<affordances-md mode="main" style="display:contents">
//	<affordances-md mode="skip" style="display:contents">
//	<affordances-md mode="only" hidden>
//	<affordances-md mode="text" md="..." style="display:contents">
//	<affordances-md mode="text" md="..." block style="display:contents">
//
// display:contents keeps the element out of the layout. An only marker gets
// hidden instead: its content is for agents, and an inline display would
// override hidden and show it. md is escaped as an attribute value, and the
// converter reads it back verbatim. A page whose Content-Security-Policy
// forbids inline styles needs affordances-md:not([hidden]){display:contents}
// in its stylesheet instead: a plain affordances-md{display:contents} would
// override hidden, as an author's rule beats the browser's own, and show
// only content to people.
//
// An invalid mode is written as given (escaped); the converter ignores it.
func (m Marker) Start() template.HTML {
	s := "<" + Element + ` mode="` + html.EscapeString(string(m.Mode)) + `"`
	switch m.Mode {
	case ModeOnly:
		return template.HTML(s + " hidden>")
	case ModeText:
		s += ` md="` + html.EscapeString(m.MD) + `"`
		if m.Block {
			s += " block"
		}
	}
	return template.HTML(s + ` style="display:contents">`)
}

// Wrap returns content inside the marker element for m. content is
// trusted HTML, written as it is.
func (m Marker) Wrap(content template.HTML) template.HTML {
	return m.Start() + content + End
}

// Main marks content as the page's main content: when a page has main
// markers, only what they hold becomes its Markdown.
func Main(content template.HTML) template.HTML {
	return Marker{Mode: ModeMain}.Wrap(content)
}

// Skip leaves content out of the Markdown; people still see it.
func Skip(content template.HTML) template.HTML {
	return Marker{Mode: ModeSkip}.Wrap(content)
}

// Only puts content in the Markdown and hides it from people. It should
// say what the page already shows people, in a form an agent can read.
func Only(content template.HTML) template.HTML {
	return Marker{Mode: ModeOnly}.Wrap(content)
}

// Text shows content to people and writes md, verbatim, in its place in
// the Markdown, inline.
func Text(md string, content template.HTML) template.HTML {
	return Marker{Mode: ModeText, MD: md}.Wrap(content)
}

// TextBlock is Text with md standing as its own block (a paragraph, a
// list, a table) in the Markdown.
func TextBlock(md string, content template.HTML) template.HTML {
	return Marker{Mode: ModeText, MD: md, Block: true}.Wrap(content)
}

// Funcs returns the helpers for html/template, a new map on each call:
//
//	agentMain, agentSkip, agentOnly   HTML -> HTML          Main, Skip, Only
//	agentText, agentTextBlock         md, HTML -> HTML      Text, TextBlock
//	agentStart                        mode [md ["block"]]   a marker's start tag
//	agentEnd                                                its end tag
//	mdAlternate                       path                  Alternate
//
// The wrapping helpers take template.HTML (trusted HTML, such as a
// rendered partial); to wrap part of a template, write agentStart and
// agentEnd around it. agentStart fails the template's execution on an
// unknown mode, a text marker without md, or a stray argument.
func Funcs() template.FuncMap {
	return template.FuncMap{
		"agentMain":      Main,
		"agentSkip":      Skip,
		"agentOnly":      Only,
		"agentText":      Text,
		"agentTextBlock": TextBlock,
		"agentStart":     start,
		"agentEnd":       func() template.HTML { return End },
		"mdAlternate":    Alternate,
	}
}

// start is agentStart: a start tag from template arguments.
func start(mode string, args ...string) (template.HTML, error) {
	m := Marker{Mode: Mode(mode)}
	switch m.Mode {
	case ModeMain, ModeSkip, ModeOnly:
		if len(args) > 0 {
			return "", fmt.Errorf("markers: agentStart %q takes no other argument, got %q", mode, args)
		}
	case ModeText:
		if len(args) == 0 {
			return "", fmt.Errorf(`markers: agentStart "text" needs the Markdown to write`)
		}
		m.MD = args[0]
		switch {
		case len(args) == 2 && args[1] == "block":
			m.Block = true
		case len(args) > 1:
			return "", fmt.Errorf(`markers: agentStart "text": want md and optionally "block", got %q`, args)
		}
	default:
		return "", fmt.Errorf("markers: agentStart: unknown mode %q (want main, skip, only or text)", mode)
	}
	return m.Start(), nil
}
