package llms

import (
	"bytes"
	"context"
	"errors"
	"html"
	"io"
	"regexp"
	"strings"

	"github.com/affordances/affordances-md/md"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// WriteFull writes the site's llms-full.txt to w: every page on the site,
// in order, as its Renderer serves it less the frontmatter, each headed
// "# Title (url)". The heading's title is the page's own first level-1
// heading, moved up to head it rather than repeated; a page without one is
// titled with its title, else its path. Pages are separated by a blank
// line.
//
// A page that fails to render is left out and logged. Pages are rendered
// Concurrency at once and each is written as soon as those before it are:
// the first page reaches w before the last is rendered, and memory holds at
// most Concurrency pages however many the site has. Pages on other origins
// are not fetched, so not included.
func (b *Builder) WriteFull(ctx context.Context, w io.Writer, site *Site) error {
	public, fetch, err := b.origins()
	if err != nil {
		return err
	}
	if public == nil {
		return errors.New("llms: the site URL is needed to write absolute links")
	}
	ew := &errWriter{w: w}
	first := true
	need := func(e entry) bool { return e.path != "" }
	return b.renderInOrder(ctx, b.entries(site, public, fetch), need, func(r *rendered) error {
		if !r.ok {
			return nil
		}
		if !first {
			ew.str("\n")
		}
		first = false
		writeFullPage(ew, r.url, r.path, r.res)
		return ew.err
	})
}

// writeFullPage writes one page of llms-full.txt.
func writeFullPage(ew *errWriter, pageURL, path string, res md.Result) {
	body := stripFrontmatter(res.Markdown)
	h := firstH1(body)
	title := oneLine(h.raw)
	if title == "" {
		title = escapeText(oneLine(res.Title), false)
	}
	if title == "" {
		title = escapeText(path, false)
	}
	if h.found {
		before := strings.TrimRight(body[:h.start], "\n")
		after := strings.TrimLeft(body[h.end:], "\n")
		if before != "" && after != "" {
			body = before + "\n\n" + after
		} else {
			body = before + after
		}
	}
	ew.str("# " + title + " (" + pageURL + ")\n")
	if body = strings.TrimSpace(body); body != "" {
		ew.str("\n" + body + "\n")
	}
}

// atxLine matches a line that opens an ATX heading.
var atxLine = regexp.MustCompile(`^ {0,3}#{1,6}(?:[ \t]|\r?\n|$)`)

// frontmatterKey matches the first line of the frontmatter md writes.
var frontmatterKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*:`)

// stripFrontmatter removes a leading YAML frontmatter block ("---" lines
// around "key: value" lines) and the blank lines after it.
func stripFrontmatter(s string) string {
	if !strings.HasPrefix(s, "---\n") || !frontmatterKey.MatchString(s[len("---\n"):]) {
		return s
	}
	rest := s[len("---\n"):]
	for off := 0; off < len(rest); {
		line, _, _ := strings.Cut(rest[off:], "\n")
		next := off + len(line) + 1
		if strings.TrimRight(line, " \t\r") == "---" {
			return strings.TrimLeft(rest[min(next, len(rest)):], "\n")
		}
		off = next
	}
	return s // no closing line: not frontmatter
}

// heading is where a page's first top-level level-1 heading is.
type heading struct {
	found      bool
	start, end int    // the byte range of its lines, newline included
	raw        string // its inline Markdown, as written
	plain      string // its text
}

// firstH1 finds the first level-1 heading at the top level of a Markdown
// document (one in a quote or a list is not the page's title).
func firstH1(s string) heading {
	if !strings.Contains(s, "#") && !strings.Contains(s, "=") {
		return heading{}
	}
	src := []byte(s)
	doc := goldmark.DefaultParser().Parse(text.NewReader(src))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		hd, ok := n.(*ast.Heading)
		if !ok || hd.Level != 1 {
			continue
		}
		h := heading{found: true}
		pos := hd.Pos()
		lines := hd.Lines()
		if pos < 0 && lines.Len() > 0 {
			pos = lines.At(0).Start
		}
		if pos < 0 {
			continue // an empty heading goldmark cannot place
		}
		h.start = lineStart(src, pos)
		var parts []string
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			parts = append(parts, strings.TrimSpace(string(seg.Value(src))))
		}
		h.raw = strings.Join(parts, " ")
		h.plain = plainText(hd, src)
		end := pos
		if lines.Len() > 0 {
			end = lines.At(lines.Len() - 1).Stop
		}
		h.end = lineEnd(src, end)
		if !atxLine.Match(src[h.start:h.end]) {
			h.end = lineEnd(src, h.end) // a setext heading: its underline too
		}
		return h
	}
	return heading{}
}

// lineStart is the offset where the line holding off starts.
func lineStart(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// lineEnd is the offset just after the newline ending the line that holds
// off (or the end of src).
func lineEnd(src []byte, off int) int {
	if off >= len(src) {
		return len(src)
	}
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// plainText is the text of an inline tree, without its markup.
func plainText(n ast.Node, src []byte) string {
	var sb strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			sb.WriteString(unescapeInline(t.Segment.Value(src)))
			if t.SoftLineBreak() || t.HardLineBreak() {
				sb.WriteByte(' ')
			}
		case *ast.String:
			sb.Write(t.Value)
		case *ast.CodeSpan:
			// Its text is literal: no escapes or references in it.
			for g := t.FirstChild(); g != nil; g = g.NextSibling() {
				if txt, ok := g.(*ast.Text); ok {
					sb.Write(txt.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			sb.Write(t.Label(src))
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return sb.String()
}

// unescapeInline undoes Markdown's backslash escapes and character
// references in a run of inline text, as a CommonMark reader does.
func unescapeInline(b []byte) string {
	s := string(b)
	if !strings.ContainsAny(s, `\&`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte(asciiPunct, s[i+1]) >= 0:
			i++
			sb.WriteByte(s[i])
		case c == '&' && entityRef.MatchString(s[i:]):
			ref := entityRef.FindString(s[i:]) // at most 34 bytes
			sb.WriteString(html.UnescapeString(ref))
			i += len(ref) - 1
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// asciiPunct is what a backslash escapes in CommonMark.
const asciiPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
