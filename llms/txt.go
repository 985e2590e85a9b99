package llms

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// WriteTxt writes the site's llms.txt to w:
//
//	# Name
//
//	> Summary
//
//	Intro
//
//	Every page is also Markdown: ... [llms-full.txt](https://site/llms-full.txt) has every page in one file.
//
//	This site is Affordances-enabled: ...   (only when the site has an index)
//
//	## Section
//
//	- [Title](https://site/page.md): description
//
// A page without a given title is rendered to read its title (else its
// first heading, else its path) and its meta description, unless it has
// a description. A page that fails to render is left out and logged; a
// section left with no page is left out. Lines are written as pages
// complete, in order.
func (b *Builder) WriteTxt(ctx context.Context, w io.Writer, site *Site) error {
	public, fetch, err := b.origins()
	if err != nil {
		return err
	}
	if public == nil {
		return errors.New("llms: the site URL is needed to write absolute links")
	}
	if err := checkIntro(b.Intro); err != nil {
		return err
	}
	t := &txtWriter{ew: errWriter{w: w}}
	t.preamble(b.preamble(site, public))
	if t.ew.err != nil {
		return t.ew.err
	}
	need := func(e entry) bool { return e.path != "" && e.title == "" }
	return b.renderInOrder(ctx, b.entries(site, public, fetch), need, func(r *rendered) error {
		if title, desc, ok := txtItem(r); ok {
			t.item(r.section, title, r.link, desc)
		}
		return t.ew.err
	})
}

// txtItem is what llms.txt says of a page: given metadata as given, else
// the rendering's. ok is false for a page that failed.
func txtItem(r *rendered) (title, desc string, ok bool) {
	if r.title != "" {
		return r.title, r.description, true
	}
	if !r.ok {
		return "", "", false
	}
	title = oneLine(r.res.Title)
	if title == "" {
		title = oneLine(firstH1(stripFrontmatter(r.res.Markdown)).plain)
	}
	if title == "" {
		title = r.path
	}
	desc = r.description
	if desc == "" {
		desc = oneLine(r.res.Description)
	}
	return title, desc, true
}

// preamble is everything above the sections, as its parts.
type preamble struct {
	name, summary, intro string
	full                 string // the llms-full.txt URL, or "" to leave it out
	index                string // the site index's URL, or "" without one
}

func (b *Builder) preamble(site *Site, public *url.URL) preamble {
	p := preamble{
		name:    oneLine(b.Name),
		summary: oneLine(b.Summary),
		intro:   strings.Trim(cleanText(b.Intro), "\n"),
	}
	if p.name == "" {
		p.name = oneLine(site.Name)
	}
	if p.name == "" {
		p.name = public.Host
	}
	if !b.NoFull {
		p.full = absolute(public, "/llms-full.txt")
		if b.Full != "" {
			if u, err := url.Parse(b.Full); err == nil && u.IsAbs() {
				p.full = b.Full
			} else {
				p.full = absolute(public, "/"+strings.TrimPrefix(b.Full, "/"))
			}
		}
	}
	if site.Index {
		p.index = absolute(public, IndexPath)
	}
	return p
}

// txtWriter writes llms.txt line by line. A section's heading is written
// with its first page, so a section whose pages all failed leaves no
// trace.
type txtWriter struct {
	ew      errWriter
	section string
	started bool
}

func (t *txtWriter) preamble(p preamble) {
	t.ew.str("# " + escapeHeading(p.name) + "\n")
	if p.summary != "" {
		t.ew.str("\n> " + escapeLineStart(escapeText(p.summary, false)) + "\n")
	}
	if p.intro != "" {
		t.ew.str("\n" + p.intro + "\n")
	}
	// The line stays without llms-full.txt: every page is Markdown either
	// way, and the reference parser needs text after the summary to read
	// it as one.
	line := "Every page is also Markdown: add `.md` to its URL, or request it with `Accept: text/markdown`."
	if p.full != "" {
		line += " [llms-full.txt](" + escapeDest(p.full) + ") has every page in one file."
	}
	t.ew.str("\n" + line + "\n")
	if p.index != "" {
		t.ew.str("\nThis site is Affordances-enabled: request any page with `Accept: application/vnd.affordances+json` for its graph (what the page shows, and the actions you can call there, with their inputs). [" +
			IndexPath + "](" + escapeDest(p.index) + ") lists every route and its actions.\n")
	}
}

func (t *txtWriter) item(section, title, link, desc string) {
	section, title, desc = oneLine(section), oneLine(title), oneLine(desc)
	if !t.started || section != t.section {
		t.started, t.section = true, section
		t.ew.str("\n## " + escapeHeading(section) + "\n\n")
	}
	line := "- [" + escapeText(title, true) + "](" + escapeDest(link) + ")"
	if desc != "" {
		line += ": " + escapeText(desc, false)
	}
	t.ew.str(line + "\n")
}

// entityRef matches what CommonMark would read as an entity or numeric
// character reference.
var entityRef = regexp.MustCompile(`^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)

// escapeText escapes plain text for inline Markdown, only where it would
// otherwise read as syntax. In link text, "]" is written as "&#93;": the
// reference parser ends a link's name at the first "]", escaped or not.
func escapeText(s string, linkText bool) string {
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '\\', '`', '*', '[':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case ']':
			if linkText {
				sb.WriteString("&#93;")
			} else {
				sb.WriteString(`\]`)
			}
		case '_':
			// Inside a word ("snake_case") it is not emphasis.
			before, _ := utf8.DecodeLastRuneInString(s[:i])
			after, _ := utf8.DecodeRuneInString(s[i+size:])
			if !isWord(before) || !isWord(after) {
				sb.WriteByte('\\')
			}
			sb.WriteByte('_')
		case '<':
			// Only where it could open an HTML tag or an autolink.
			if after, _ := utf8.DecodeRuneInString(s[i+size:]); unicode.IsLetter(after) || strings.ContainsRune("/!?", after) {
				sb.WriteByte('\\')
			}
			sb.WriteByte('<')
		case '&':
			if entityRef.MatchString(s[i:]) {
				sb.WriteByte('\\')
			}
			sb.WriteByte('&')
		default:
			sb.WriteString(s[i : i+size])
		}
		i += size
	}
	return sb.String()
}

func isWord(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// orderedMarker matches a line start that reads as an ordered list item.
var orderedMarker = regexp.MustCompile(`^[0-9]{1,9}[.)]`)

// escapeLineStart escapes escaped inline text that begins a block (here,
// inside a block quote) where its first characters would open another
// block: a heading, quote, list, rule or fence.
func escapeLineStart(s string) string {
	if s == "" {
		return s
	}
	if m := orderedMarker.FindString(s); m != "" {
		return m[:len(m)-1] + `\` + s[len(m)-1:]
	}
	if strings.ContainsRune("#>-+=~", rune(s[0])) {
		return `\` + s
	}
	return s
}

// escapeHeading escapes text for an ATX heading: inline escapes, and a
// trailing run of "#" that would read as the closing sequence.
func escapeHeading(s string) string {
	s = escapeText(s, false)
	trimmed := strings.TrimRight(s, "#")
	if trimmed != s && (trimmed == "" || strings.HasSuffix(trimmed, " ")) {
		return s[:len(s)-1] + `\#`
	}
	return s
}

// escapeDest writes a URL as a link destination both CommonMark and the
// reference parser read whole: no white space, control characters,
// parentheses, angle brackets or backslashes.
func escapeDest(u string) string {
	var sb strings.Builder
	for i := 0; i < len(u); {
		c := u[i]
		if c >= utf8.RuneSelf {
			// Valid UTF-8 stays readable; an invalid byte is encoded.
			if r, size := utf8.DecodeRuneInString(u[i:]); r != utf8.RuneError || size > 1 {
				sb.WriteString(u[i : i+size])
				i += size
				continue
			}
		}
		if c <= ' ' || c >= 0x7f || strings.IndexByte("()<>\\", c) >= 0 {
			fmt.Fprintf(&sb, "%%%02X", c)
		} else {
			sb.WriteByte(c)
		}
		i++
	}
	return sb.String()
}

// checkIntro refuses an intro with headings: llms.txt allows none before
// the sections, and the reference parser starts a section at every line
// beginning with "##", in code blocks too.
func checkIntro(intro string) error {
	intro = cleanText(intro)
	if intro == "" {
		return nil
	}
	if first, _, _ := strings.Cut(strings.TrimLeft(intro, "\n"), "\n"); strings.HasPrefix(strings.TrimLeft(first, " "), ">") {
		return errors.New("intro line 1: a quote first would read as the summary: give it as Summary")
	}
	for i, line := range strings.Split(intro, "\n") {
		if strings.HasPrefix(line, "##") {
			return fmt.Errorf("intro line %d: a line starting with ## would start a section", i+1)
		}
	}
	// The intro must end where it ends: an open code block, an HTML block
	// that never closes, would swallow what follows it, sections and all.
	const sentinel = "end of the intro"
	tail := []byte(intro + "\n\n" + sentinel + "\n")
	if p, ok := goldmark.DefaultParser().Parse(text.NewReader(tail)).LastChild().(*ast.Paragraph); !ok || strings.TrimSpace(string(p.Lines().Value(tail))) != sentinel {
		return errors.New("intro: it does not end where it ends (an open code block or HTML block would swallow the sections after it)")
	}
	src := []byte(intro)
	doc := goldmark.DefaultParser().Parse(text.NewReader(src))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if _, ok := n.(*ast.Heading); ok {
			return fmt.Errorf("intro line %d: headings are not allowed before the sections", lineOf(src, n.Pos()))
		}
	}
	return nil
}

// lineOf is the 1-based line of byte offset off in src.
func lineOf(src []byte, off int) int {
	if off < 0 {
		return 0
	}
	return 1 + strings.Count(string(src[:min(off, len(src))]), "\n")
}
