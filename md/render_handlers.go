package md

import (
	"unicode/utf8"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"golang.org/x/net/html"
)

// converterBridge runs a rendering through an html-to-markdown converter,
// so that Options.Handlers, html-to-markdown render handlers, override the
// elements they name at any depth. Without overrides the renderer walks the
// tree itself and skips the converter's per-node handler lookup.
type converterBridge struct {
	r        *renderer
	handlers map[string]converter.HandleRenderFunc
	nodes    []*html.Node
	ctx      converter.Context
	w        *paraWriter
}

func (b *converterBridge) Name() string { return "affordances-md" }

func (b *converterBridge) Init(conv *converter.Converter) error {
	conv.Register.Renderer(b.override, converter.PriorityEarly)
	conv.Register.Renderer(b.builtin, converter.PriorityStandard)
	conv.Register.TextTransformer(b.textOf, converter.PriorityStandard)
	return nil
}

// dispatchThroughConverter renders nodes with the overrides in place.
func (r *renderer) dispatchThroughConverter(nodes []*html.Node) error {
	b := &converterBridge{r: r, handlers: r.opts.handlers, nodes: nodes, w: &paraWriter{r: r}}
	conv := converter.NewConverter(converter.WithPlugins(b))
	r.conv = b
	defer func() { r.conv = nil }()
	_, err := conv.ConvertNode(&html.Node{Type: html.DocumentNode})
	return err
}

// overrides reports whether a handler overrides n.
func (b *converterBridge) overrides(n *html.Node) bool {
	_, ok := b.handlers[n.Data]
	return ok
}

// render hands n to the converter, which tries its override first. The
// handler gets a context whose RenderNodes and RenderChildNodes render with
// the built-in rules.
func (b *converterBridge) render(r *renderer, n *html.Node) {
	b.ctx.RenderNodes(bridgeContext{b.ctx, b}, b.w, n)
}

// bridgeContext is the converter.Context handlers get: rendering nodes
// through it uses this package's rules (and the overrides), in place when
// the writer is the paragraph, else as a Markdown document of their own.
type bridgeContext struct {
	converter.Context
	b *converterBridge
}

func (c bridgeContext) RenderNodes(_ converter.Context, w converter.Writer, nodes ...*html.Node) {
	c.b.renderNodes(w, nodes)
}

func (c bridgeContext) RenderChildNodes(_ converter.Context, w converter.Writer, n *html.Node) {
	var nodes []*html.Node
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		nodes = append(nodes, ch)
	}
	c.b.renderNodes(w, nodes)
}

func (c bridgeContext) WithValue(key, val any) converter.Context {
	return bridgeContext{c.Context.WithValue(key, val), c.b}
}

// renderNodes renders nodes into w: in place when w is the paragraph being
// gathered, else as a document of their own whose Markdown is written to w.
func (b *converterBridge) renderNodes(w converter.Writer, nodes []*html.Node) {
	if pw, ok := w.(*paraWriter); ok {
		for _, n := range nodes {
			pw.r.node(n)
		}
		return
	}
	sub := &renderer{opts: b.r.opts, frames: []frame{{}}, conv: b, allow: b.r.allow}
	saved := b.w
	b.w = &paraWriter{r: sub}
	for _, n := range nodes {
		sub.node(n)
	}
	sub.flushPara()
	b.w = saved
	w.Write(sub.finish())
}

func (b *converterBridge) override(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
	if h, ok := b.handlers[n.Data]; ok && n.Type == html.ElementNode {
		return h(ctx, w, n)
	}
	return converter.RenderTryNext
}

// builtin renders with the built-in rules: the document the converter
// starts from stands for the content nodes; anything else is rendered into
// w.
func (b *converterBridge) builtin(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
	if n.Type == html.DocumentNode && b.ctx == nil {
		b.ctx = ctx
		for _, c := range b.nodes {
			b.r.node(c)
		}
		return converter.RenderSuccess
	}
	if pw, ok := w.(*paraWriter); ok {
		pw.r.element(n)
		return converter.RenderSuccess
	}
	b.renderNodes(w, []*html.Node{n})
	return converter.RenderSuccess
}

// textOf writes the text nodes that a handler renders through the
// converter (ctx.RenderChildNodes): whitespace collapsed, and every
// character Markdown could read as syntax escaped, since there is no
// paragraph around them to decide from.
func (b *converterBridge) textOf(ctx converter.Context, s string) string {
	var q inline
	q.textAs(s, bForce)
	out := q.escaped(escapeContext{})
	if q.lead != sepNone {
		out = " " + out
	}
	if q.owed != sepNone && out != "" {
		out += " "
	}
	return out
}

// paraWriter is the converter.Writer handlers write to: Markdown written
// to it goes verbatim into the paragraph being gathered.
type paraWriter struct{ r *renderer }

func (w *paraWriter) Write(p []byte) (int, error) {
	w.r.para.raw(string(p))
	return len(p), nil
}

func (w *paraWriter) WriteString(s string) (int, error) {
	w.r.para.raw(s)
	return len(s), nil
}

func (w *paraWriter) WriteByte(c byte) error {
	w.r.para.raw(string(c))
	return nil
}

func (w *paraWriter) WriteRune(c rune) (int, error) {
	w.r.para.raw(string(c))
	return utf8.RuneLen(c), nil
}
