package extracteval

import (
	"strings"

	"github.com/affordances/affordances-md/markers"
	"github.com/affordances/affordances-md/md"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Extractors are the extractors of this module: md.Convert in auto mode
// ("auto") and in score mode ("score"), the reference rule alone
// ("reference"), and the whole body ("none": what a page shows, the most
// any extractor can find in it).
func Extractors() []Extractor {
	return []Extractor{
		{Name: "auto", Text: Markdown(md.Options{Extract: md.ExtractAuto})},
		{Name: "score", Text: Markdown(md.Options{Extract: md.ExtractScore})},
		{Name: "reference", Text: Markdown(md.Options{ExtractFunc: ReferenceRule})},
		{Name: "none", Text: Markdown(md.Options{Extract: md.ExtractNone})},
	}
}

// Markdown is the extractor md.Convert with opts (their Extract or
// ExtractFunc): the page converted without frontmatter and JSON-LD,
// reduced to plain text. The route is the rule that chose the content (see
// md.Decision; siblings merged into the content aside), "+" another when
// several did; an ExtractFunc gives none.
func Markdown(opts md.Options) func(p *Page) (string, string, error) {
	opts.NoFrontmatter, opts.NoJSONLD = true, true
	opts.Explain = opts.ExtractFunc == nil
	return func(p *Page) (string, string, error) {
		opts := opts
		opts.URL = p.URL
		res, err := md.Convert(p.Source, opts)
		if err != nil {
			return "", "", err
		}
		var rules []string
		for _, d := range res.Explanation {
			if d.Action == "chose" && d.Rule != "sibling" && (len(rules) == 0 || rules[len(rules)-1] != d.Rule) {
				rules = append(rules, d.Rule)
			}
		}
		return PlainText(res.Markdown), strings.Join(rules, "+"), nil
	}
}

// ReferenceRule is the content choice the design starts from, without the
// scoring stage: the main markers if any, else the first <main> or
// [role=main] with text, else the body without nav, header, footer, aside,
// dialog and elements with those landmark roles (a header or footer inside
// an article or section stays).
func ReferenceRule(doc *html.Node) []*html.Node {
	body := first(doc, func(n *html.Node) bool { return n.DataAtom == atom.Body })
	if body == nil {
		return nil
	}
	var mains []*html.Node
	walk(body, func(n *html.Node) bool {
		if m, ok := markers.Of(n); ok && m.Mode == markers.ModeMain {
			mains = append(mains, n)
			return false
		}
		return true
	})
	if len(mains) > 0 {
		return mains
	}
	main := first(body, func(n *html.Node) bool {
		if n.DataAtom != atom.Main && !hasRole(n, "main") {
			return false
		}
		return strings.TrimSpace(nodeText(n)) != "" || first(n, func(c *html.Node) bool { return c.DataAtom == atom.Img }) != nil
	})
	if main != nil {
		return []*html.Node{main}
	}
	var chrome []*html.Node
	var visit func(n *html.Node, sectioned bool)
	visit = func(n *html.Node, sectioned bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if _, marked := markers.Of(c); !marked && isChrome(c, sectioned) {
				chrome = append(chrome, c)
				continue
			}
			visit(c, sectioned || c.DataAtom == atom.Article || c.DataAtom == atom.Section || c.DataAtom == atom.Main)
		}
	}
	visit(body, false)
	for _, c := range chrome {
		c.Parent.RemoveChild(c)
	}
	return []*html.Node{body}
}

func isChrome(n *html.Node, sectioned bool) bool {
	switch n.DataAtom {
	case atom.Nav, atom.Aside, atom.Dialog:
		return true
	case atom.Header, atom.Footer:
		return !sectioned
	}
	for _, r := range []string{"navigation", "banner", "contentinfo", "complementary", "dialog", "alertdialog", "search"} {
		if hasRole(n, r) {
			return true
		}
	}
	return false
}

func hasRole(n *html.Node, role string) bool {
	for _, a := range n.Attr {
		if a.Key == "role" && a.Namespace == "" {
			for _, f := range strings.Fields(a.Val) {
				if strings.EqualFold(f, role) {
					return true
				}
			}
		}
	}
	return false
}

func walk(n *html.Node, fn func(*html.Node) bool) {
	if !fn(n) {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, fn)
	}
}

// first returns the first element under n (n included) that ok accepts.
func first(n *html.Node, ok func(*html.Node) bool) *html.Node {
	var found *html.Node
	walk(n, func(c *html.Node) bool {
		if found != nil {
			return false
		}
		if c.Type == html.ElementNode && ok(c) {
			found = c
			return false
		}
		return true
	})
	return found
}

func nodeText(n *html.Node) string {
	var sb strings.Builder
	walk(n, func(c *html.Node) bool {
		if c.Type == html.TextNode {
			sb.WriteString(c.Data)
		}
		return true
	})
	return sb.String()
}
