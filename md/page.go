package md

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// assemble puts the page around the rendered content: the frontmatter, the
// title as a level-1 heading when the content has none and its first
// heading does not already say it, and the JSON-LD.
func assemble(body []byte, content []*html.Node, m meta, opts Options) Result {
	res := Result{
		Title:       m.title,
		URL:         firstNonEmpty(m.canonical, opts.URL),
		Description: m.description,
		Image:       m.image,
		Lang:        m.lang,
	}
	// The parts, each without its final newline, joined by blank lines.
	var parts [][]byte
	if !opts.NoFrontmatter {
		if fm := frontmatter(res); fm != nil {
			parts = append(parts, fm)
		}
	}
	if t := escapeLine(withoutSite(res.Title, m.siteName, res.URL)); t != "" && !hasH1(content) && !headedBy(content, res.Title) {
		parts = append(parts, []byte("# "+t))
	}
	if len(body) > 0 {
		parts = append(parts, body)
	}
	if !opts.NoJSONLD {
		for _, ld := range m.jsonLD {
			fence := strings.Repeat("`", max(3, longestRun(ld, '`')+1))
			parts = append(parts, []byte(fence+"json\n"+ld+"\n"+fence))
		}
	}
	size := 0
	for _, p := range parts {
		size += len(p) + 2
	}
	var sb strings.Builder
	sb.Grow(size)
	for i, p := range parts {
		if i > 0 {
			sb.WriteString("\n\n")
		}
		sb.Write(p)
	}
	if sb.Len() > 0 {
		sb.WriteByte('\n')
	}
	res.Markdown = sb.String()
	res.Tokens = countTokens(res.Markdown, opts.Tokens)
	return res
}

// frontmatter returns the YAML frontmatter: title, description, url, image
// and lang, each only when known, as double-quoted YAML strings; nil when
// none is known.
func frontmatter(res Result) []byte {
	fields := []struct{ key, val string }{
		{"title", res.Title},
		{"description", res.Description},
		{"url", res.URL},
		{"image", res.Image},
		{"lang", res.Lang},
	}
	if fm, ok := plainFrontmatter(fields); ok {
		return fm
	}
	return yamlFrontmatter(fields)
}

// yamlFrontmatter is frontmatter written by yaml.Marshal.
func yamlFrontmatter(fields []struct{ key, val string }) []byte {
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
		return nil
	}
	out, err := yaml.Marshal(doc)
	if err != nil {
		return nil // unreachable for string scalars; a page without frontmatter is still a page
	}
	return append(append([]byte("---\n"), out...), "---"...)
}

// plainFrontmatter writes the frontmatter of fields as yaml.Marshal does
// when each value is one yaml writes as it is between double quotes
// (yamlAsIs), the common case, on one line (the encoder sets no width):
// the encoder cost as much as the rest of assembling the page. ok is
// false when a value needs escaping, or none is known.
func plainFrontmatter(fields []struct{ key, val string }) (fm []byte, ok bool) {
	size := len("---\n---")
	for _, f := range fields {
		if !yamlAsIs(f.val) {
			return nil, false
		}
		if f.val != "" {
			size += len(f.key) + len(f.val) + len(`: ""\n`)
		}
	}
	if size == len("---\n---") {
		return nil, false
	}
	fm = make([]byte, 0, size)
	fm = append(fm, "---\n"...)
	for _, f := range fields {
		if f.val != "" {
			fm = append(fm, f.key...)
			fm = append(fm, `: "`...)
			fm = append(fm, f.val...)
			fm = append(fm, "\"\n"...)
		}
	}
	return append(fm, "---"...), true
}

// yamlAsIs reports whether yaml writes s between double quotes as it is:
// valid UTF-8 of printable characters (YAML's, up to U+FFFD), none a
// quote, a backslash, a line break (U+2028, U+2029) or a byte order mark.
func yamlAsIs(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || r < 0xa0 || r > 0xfffd || r == 0xfeff || r == 0x2028 || r == 0x2029 {
			return false
		}
		i += size
	}
	return true
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

// headedBy reports whether the content's first heading already says the
// title: it is in the title, and a third of it or more, the title less
// the site's name ("Defining Shared Behavior with Traits - The Rust
// Programming Language"); a word or two of it ("Furniture") is a section's
// heading, which says less.
func headedBy(content []*html.Node, title string) bool {
	for _, n := range content {
		if h := findFirst(n, isHeading); h != nil {
			t := strings.ToLower(collapseSpace(textContent(h)))
			return t != "" && 3*utf8.RuneCountInString(t) >= utf8.RuneCountInString(title) &&
				strings.Contains(strings.ToLower(title), t)
		}
	}
	return false
}

// titleSeparators set a site's name apart from the page's in a title.
var titleSeparators = []string{" | ", " - ", " – ", " — ", " · ", " • ", " :: ", " : ", " » "}

// withoutSite returns title less a last part that names the site (its
// og:site_name or application-name, its host): "Gardening Shows - Modern
// Farmer" is "Gardening Shows" under a heading. A title that is all the
// site's name stays, and so does one that starts with it ("Birdbuddy :
// Shop" is not "Shop").
func withoutSite(title, site, pageURL string) string {
	names := []string{site}
	if u, err := url.Parse(pageURL); err == nil {
		names = append(names, strings.TrimPrefix(u.Hostname(), "www."))
	}
	for _, name := range names {
		if name == "" {
			continue
		}
		for _, sep := range titleSeparators {
			if n := len(title) - len(sep) - len(name); n > 0 && title[n:n+len(sep)] == sep && strings.EqualFold(title[n+len(sep):], name) {
				return title[:n]
			}
		}
	}
	return title
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
	return (runeCount(s) + 3) / 4
}

// runeCount is utf8.RuneCountInString, which decodes every rune: eight
// ASCII bytes at a time here, most of a Markdown's, and each other rune
// (or invalid byte, one each) as it does.
func runeCount(s string) int {
	n := 0
	for len(s) > 0 {
		for len(s) >= 8 && (uint64(s[0])|uint64(s[1])<<8|uint64(s[2])<<16|uint64(s[3])<<24|
			uint64(s[4])<<32|uint64(s[5])<<40|uint64(s[6])<<48|uint64(s[7])<<56)&0x8080808080808080 == 0 {
			n += 8
			s = s[8:]
		}
		if len(s) == 0 {
			break
		}
		size := 1
		if s[0] >= utf8.RuneSelf {
			_, size = utf8.DecodeRuneInString(s)
		}
		n++
		s = s[size:]
	}
	return n
}
