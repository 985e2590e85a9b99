// Package md converts an HTML page into the Markdown an LLM agent reads.
//
// Convert parses the page once and runs a fixed sequence of passes over the
// tree, each in a file named after it:
//
//	decode.go     bytes to UTF-8: BOM, charset option, <meta charset>, repair
//	parse.go      the HTML parser, with a bound on nesting depth
//	suspense.go   React's streamed <Suspense> boundaries moved into place
//	meta.go       title, description, canonical URL, image, language, JSON-LD
//	unfold.go     folded panels (accordions, tabs), cut texts, a hidden <main> shown
//	prune.go      what is never content: scripts, media, hidden subtrees, skip markers
//	extract.go    which subtrees are the content: markers, <main>, else the scoring stage
//	score*.go     the scoring stage: the content of a page that does not mark it
//	spoken.go     once the content is chosen: screen-reader headings over nothing
//	stockalt.go   once the content is chosen: alt texts the Markdown needs not say
//	explain.go    what extraction chose and dropped, and why (Options.Explain)
//	forms.go      forms become the list of what they ask for
//	render*.go    GitHub-flavoured Markdown
//	page.go       frontmatter, title heading, JSON-LD blocks, token count
//
// The Markdown is written by a renderer of its own, in one walk over the
// tree, rather than by html-to-markdown v2's converter, which the design
// first named: measured on the same pages, the converter passed 88% of the
// CommonMark spec's examples in a round trip against this renderer's 96%
// (escaping and emphasis are decided per paragraph here, once its text is
// known), and ran at about two thirds of its speed with 1.8 times its
// allocated bytes.
// html-to-markdown v2 stays the extension point: Options.Handlers registers
// its render handlers for chosen elements, and only then is a converter
// built, once per conversion.
//
// The package never fetches anything: links and images are only resolved
// against Options.URL and the page's <base href>.
package md

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"golang.org/x/net/html"
)

// ExtractMode chooses which part of the page becomes the Markdown.
type ExtractMode string

const (
	// ExtractAuto, the default, takes the subtrees under main markers if the
	// page has any; else its <main> or [role=main]; else the content a
	// scoring stage finds in the body without its chrome (navigation,
	// banners, footers, asides, dialogs) and boilerplate (share bars,
	// related links, comments, cookie banners...), falling back to the
	// whole body without its chrome when nothing convincing stands out.
	ExtractAuto ExtractMode = "auto"
	// ExtractScore takes the subtrees under main markers if the page has
	// any; else the content the scoring stage finds in the whole body, a
	// <main> or [role=main] being only a hint. It is for pages whose
	// authors did not choose affordances-md: their <main> often holds share
	// bars, related lists and comments, which this mode drops, at the cost
	// of sometimes dropping a part of the content that ExtractAuto keeps.
	ExtractScore ExtractMode = "score"
	// ExtractNone takes the whole body.
	ExtractNone ExtractMode = "none"
)

// ParseExtractMode reads an extract mode by name ("auto", "score" or
// "none").
func ParseExtractMode(s string) (ExtractMode, error) {
	switch m := ExtractMode(s); m {
	case ExtractAuto, ExtractScore, ExtractNone:
		return m, nil
	case "":
		return ExtractAuto, nil
	}
	return "", fmt.Errorf("unknown extract mode %q (want auto, score or none)", s)
}

// Options configures a conversion. The zero value converts with automatic
// extraction, frontmatter and JSON-LD, and relative links left as they are.
type Options struct {
	// URL is the page's address: the base for absolute links and images
	// (unless the page has a <base href>), and the canonical URL when the
	// page declares none.
	URL string

	// Extract chooses the content; the zero value is ExtractAuto.
	Extract ExtractMode

	// ExtractFunc, when set, chooses the content instead of Extract. It gets
	// the parsed document after streamed Suspense boundaries were resolved
	// and after pruning (no scripts, styles or hidden subtrees), and returns
	// the nodes to convert, in order. Nodes it returns that are not in the
	// document are converted as they are; nil entries are skipped.
	ExtractFunc func(doc *html.Node) []*html.Node

	// NoFrontmatter leaves out the YAML frontmatter.
	NoFrontmatter bool

	// NoJSONLD leaves out the page's JSON-LD blocks.
	NoJSONLD bool

	// Handlers overrides the rendering of elements by tag name (lowercase,
	// for example "table"). Each is an html-to-markdown render handler: it
	// writes Markdown for the node to w, verbatim, and returns
	// converter.RenderSuccess, or converter.RenderTryNext to fall back to
	// the built-in rendering. ctx.RenderChildNodes renders the node's
	// children with the built-in rules (and these overrides).
	Handlers map[string]converter.HandleRenderFunc

	// Explain asks for Result.Explanation: every subtree the extraction
	// chose or dropped, and the hidden subtrees, skip markers and
	// <noscript> notices that pruning dropped, and why. It costs some time
	// and never changes the Markdown.
	Explain bool

	// Charset is the page's character encoding when known from outside the
	// page, such as the charset parameter of a Content-Type header. A byte
	// order mark still wins, and so do bytes that are valid UTF-8 with
	// multi-byte sequences: real pages often mislabel UTF-8.
	Charset string

	// Tokens counts Result.Tokens, for example a counter from
	// NewTokenCounter. Nil estimates: characters divided by four.
	Tokens TokenCounter
}

// Result is a converted page.
type Result struct {
	// Markdown is the page as Markdown, frontmatter included unless disabled.
	Markdown string
	// Title is the page's og:title, else its <title>.
	Title string
	// URL is the page's canonical URL, else Options.URL.
	URL string
	// Description is the page's meta description.
	Description string
	// Image is the page's og:image, absolute.
	Image string
	// Lang is the language of the page's <html lang>.
	Lang string
	// Tokens is the Markdown's length in tokens, as Options.Tokens counts
	// it; without a counter, an estimate: its characters divided by four,
	// rounded up.
	Tokens int
	// Explanation lists, when Options.Explain is set, each subtree chosen
	// as content or dropped, in the order decided. It is empty when
	// Options.ExtractFunc chose the content.
	Explanation []Decision
}

// ErrNotHTML is returned for input that is binary data rather than a page.
var ErrNotHTML = errors.New("input is not HTML")

// Convert converts an HTML page to Markdown. Empty input gives empty
// Markdown (the Result's URL is still opts.URL). Invalid UTF-8 is
// repaired; binary input fails with ErrNotHTML.
func Convert(src []byte, opts Options) (Result, error) {
	text, err := decode(src, opts.Charset)
	if err != nil {
		return Result{}, err
	}
	if len(text) == 0 {
		return Result{URL: opts.URL}, nil
	}
	doc := parse(text)
	return convertDocument(doc, opts, mayHoldSuspense(text))
}

// ConvertReader converts the page read from r to its end. The whole
// document is needed before the first byte of Markdown can be written (a
// streamed Suspense boundary may complete in its last bytes), so it reads r
// into memory; bound r (for example with io.LimitReader) when it is untrusted.
func ConvertReader(r io.Reader, opts Options) (Result, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return Result{}, fmt.Errorf("read page: %w", err)
	}
	return Convert(src, opts)
}

// convertDocument runs the passes after parsing. suspense is false when
// the page's source shows it holds no instruction of React's streaming
// runtime (mayHoldSuspense): resolving them would walk the tree for none.
func convertDocument(doc *html.Node, opts Options, suspense bool) (Result, error) {
	if suspense {
		resolveSuspense(doc)
	}
	found := unfoldPanels(doc)
	cut := unfoldCutTexts(found.ellipses)
	unhideMain(doc, found.mains)
	// The elements that may say anything of the page were listed by the
	// walk of unfoldPanels; a teaser cut may have taken some with it.
	var m meta
	if cut {
		m = readMeta(doc, opts.URL)
	} else {
		m = readMetaOf(found.metaNodes, opts.URL)
	}
	var ex *explainer
	if opts.Explain {
		ex = &explainer{}
		if body := findBody(doc); body != nil && opts.ExtractFunc == nil {
			explainPrune(body, ex)
		}
	}
	marked := prune(doc)
	if found.fragmentLinks {
		dropBackLinks(doc, ex)
	}
	if found.controls {
		rewriteForms(doc)
	}

	var content []*html.Node
	switch {
	case opts.ExtractFunc != nil:
		// nil entries are skipped: a selector that found nothing.
		content = slices.DeleteFunc(opts.ExtractFunc(doc), func(n *html.Node) bool { return n == nil })
	case opts.Extract == ExtractNone:
		content = extractNone(doc, ex)
	case opts.Extract == ExtractAuto, opts.Extract == "", opts.Extract == ExtractScore:
		content = extractScored(doc, ex, opts.Extract, marked, m.facts())
	default:
		return Result{}, fmt.Errorf("unknown extract mode %q", opts.Extract)
	}

	dropSpokenHeadings(content, ex)
	spaceSpokenLabels(content)
	spaceGappedBoxes(content)
	dropShareLabels(content, ex)
	imgs := gatherImages(content) // the alt passes below change no element
	dropFileAlts(imgs, ex)
	dropLogoAlts(imgs, ex)
	dropStockAlts(imgs, ex)
	dropEchoAlts(content, imgs, ex)
	dropLinkedAlts(content, imgs, ex)
	dropHeadingAlts(content, imgs, ex)
	dropFarHeadingAlts(content, imgs, m.title, ex)
	dropSceneAlts(imgs, ex)
	if m.product {
		dropProductAlts(imgs, ex)
	}
	body, err := render(content, renderOptions{base: m.base, page: m.pageURL, handlers: opts.Handlers})
	if err != nil {
		return Result{}, err
	}
	res := assemble(body, content, m, opts)
	if ex != nil {
		ex.settle()
		res.Explanation = ex.decisions
	}
	return res, nil
}
