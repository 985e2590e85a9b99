package md

import (
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// assemble puts the page around the rendered content: the frontmatter, the
// title as a level-1 heading when the content has none, and the JSON-LD.
func assemble(body string, content []*html.Node, m meta, opts Options) Result {
	res := Result{
		Title:       m.title,
		URL:         firstNonEmpty(m.canonical, opts.URL),
		Description: m.description,
		Image:       m.image,
		Lang:        m.lang,
	}
	var sb strings.Builder
	if !opts.NoFrontmatter {
		writeFrontmatter(&sb, res)
	}
	if res.Title != "" && !hasH1(content) {
		sb.WriteString("# ")
		sb.WriteString(escapeLine(res.Title))
		sb.WriteString("\n\n")
	}
	sb.WriteString(body)
	if !opts.NoJSONLD {
		for _, ld := range m.jsonLD {
			if sb.Len() > 0 && !strings.HasSuffix(sb.String(), "\n\n") {
				if !strings.HasSuffix(sb.String(), "\n") {
					sb.WriteByte('\n')
				}
				sb.WriteByte('\n')
			}
			fence := strings.Repeat("`", max(3, longestRun(ld, '`')+1))
			sb.WriteString(fence + "json\n" + ld + "\n" + fence + "\n")
		}
	}
	res.Markdown = strings.TrimRight(sb.String(), "\n")
	if res.Markdown != "" {
		res.Markdown += "\n"
	}
	res.Tokens = countTokens(res.Markdown, opts.Tokens)
	return res
}

// writeFrontmatter writes the YAML frontmatter: title, description, url,
// image and lang, each only when known, as double-quoted YAML strings.
func writeFrontmatter(sb *strings.Builder, res Result) {
	fields := []struct{ key, val string }{
		{"title", res.Title},
		{"description", res.Description},
		{"url", res.URL},
		{"image", res.Image},
		{"lang", res.Lang},
	}
	doc := &yaml.Node{Kind: yaml.MappingNode}
	for _, f := range fields {
		if f.val == "" {
			continue
		}
		doc.Content = append(doc.Content,
			&yaml.Node{Kind: yaml.ScalarNode, Value: f.key},
			&yaml.Node{Kind: yaml.ScalarNode, Style: yaml.DoubleQuotedStyle, Value: f.val})
	}
	if len(doc.Content) == 0 {
		return
	}
	out, err := yaml.Marshal(doc)
	if err != nil {
		return // unreachable for string scalars; a page without frontmatter is still a page
	}
	sb.WriteString("---\n")
	sb.Write(out)
	sb.WriteString("---\n\n")
}

// hasH1 reports whether the content has a level-1 heading.
func hasH1(content []*html.Node) bool {
	for _, n := range content {
		if findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.H1 && strings.TrimSpace(textContent(c)) != "" }) != nil {
			return true
		}
	}
	return false
}

// escapeLine escapes a line of plain text for use as inline Markdown.
func escapeLine(s string) string {
	var q inline
	q.text(s)
	return q.escaped(escapeContext{heading: true})
}

// estimateTokens is the default token count: characters divided by four,
// rounded up.
func estimateTokens(s string) int {
	return (utf8.RuneCountInString(s) + 3) / 4
}
