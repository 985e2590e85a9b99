package llms

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// File is an llms.txt as the reference parser reads it.
type File struct {
	// Title is the "# Title" line's text.
	Title string
	// Summary is the "> summary" line's text, or "" without one.
	Summary string
	// Info is the Markdown between the summary and the first section.
	Info string
	// Sections are the "## Name" sections in the order written (the
	// reference parser keeps only the last of two sections with one name:
	// Parse reports that as a problem).
	Sections []FileSection
}

// FileSection is one "## Name" section and its links.
type FileSection struct {
	// Name is the heading's text.
	Name string
	// Line is the heading's line (1-based).
	Line int
	// Links are the section's "- [Title](URL)" lines, in order.
	Links []Link
}

// Link is one "- [Title](URL): Notes" line of a section.
type Link struct {
	// Title, URL and Notes are the line's three parts; Notes is "" without
	// ": notes".
	Title, URL, Notes string
	// Line is the link's line (1-based).
	Line int
}

// Problem is something wrong with an llms.txt, at a line (1-based).
type Problem struct {
	// Line is where the problem is (1-based).
	Line int
	// Message says what is wrong, and how the reference parser reads it.
	Message string
}

// String is the problem as "line N: message".
func (p Problem) String() string { return fmt.Sprintf("line %d: %s", p.Line, p.Message) }

// The reference parser (AnswerDotAI's llms_txt, miniparse.py and core.py),
// its regular expressions ported as they are. Go's regexp picks the
// submatches a backtracking engine like Python's would; pySpace stands for
// Python's \s, which knows more white space than Go's.
const pySpace = `[\t\n\v\f\r \x{1c}-\x{1f}\x{85}\p{Z}]`

var (
	// re.split(r'^##\s*(.*?$)', txt, flags=re.MULTILINE)
	refSection = regexp.MustCompile(`(?m)^##` + pySpace + `*(.*?)$`)
	// r'^#\s*(?P<title>.+?$)\n+(?:^>\s*(?P<summary>.+?$)$)?\n+(?P<info>.*)'
	// with re.MULTILINE|re.DOTALL, searched in the stripped preamble.
	refPreamble = regexp.MustCompile(`(?ms)^#` + pySpace + `*(?P<title>.+?$)\n+(?:^>` + pySpace + `*(?P<summary>.+?$)$)?\n+(?P<info>.*)`)
	// r'-\s*\[(?P<title>[^\]]+)\]\((?P<url>[^\)]+)\)(?::\s*(?P<desc>.*))?'
	refLink = regexp.MustCompile(`-` + pySpace + `*\[(?P<title>[^\]]+)\]\((?P<url>[^\)]+)\)(?::` + pySpace + `*(?P<desc>.*))?`)
)

// hashLine matches a line starting with "#".
var hashLine = regexp.MustCompile(`(?m)^#`)

// isPySpace reports whether Python's str.strip would remove r.
func isPySpace(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\v', r == '\f', r == '\r', r == ' ', r >= 0x1c && r <= 0x1f, r == 0x85:
		return true
	}
	return r >= 0xa0 && unicode.In(r, unicode.Z)
}

func pyStrip(s string) string { return strings.TrimFunc(s, isPySpace) }

// Parse reads an llms.txt with the reference parser's rules (AnswerDotAI's
// llms_txt miniparse: a "# Title" preamble with an optional "> summary"
// and free Markdown, then "##" sections whose every non-blank line is
// "- [name](url)" with optional ": notes") and reads it again as
// CommonMark (goldmark). It returns what the reference parser reads and
// every problem, in line order: a file the reference parser cannot read,
// a section line that is not a link, and every place where the two
// readings disagree (a "###" heading the reference parser takes for a
// section, a summary that continues on the next line, a URL read
// differently). A file with no problems reads the same in both.
func Parse(src []byte) (*File, []Problem) {
	c := &checker{src: src}
	c.parse()
	slices.SortStableFunc(c.problems, func(a, b Problem) int { return a.Line - b.Line })
	return c.file, c.problems
}

type checker struct {
	src        []byte
	text       string // src without a byte order mark
	lineStarts []int  // the offset in text where each line starts
	file       *File
	problems   []Problem

	sectionLines map[int]bool // lines where the reference parser starts a section
	firstSection int          // the first one, or past the last line
	titleLine    int          // the line of the title, or 0
}

func (c *checker) report(line int, format string, args ...any) {
	c.problems = append(c.problems, Problem{Line: line, Message: fmt.Sprintf(format, args...)})
}

// line is the 1-based line of an offset in c.text.
func (c *checker) line(off int) int {
	i, found := slices.BinarySearch(c.lineStarts, off)
	if found {
		return i + 1
	}
	return i
}

func (c *checker) parse() {
	c.file = &File{}
	c.text = string(c.src)
	if strings.HasPrefix(c.text, "\uFEFF") {
		c.report(1, "the file starts with a byte order mark, which keeps the reference parser from finding the title")
		c.text = c.text[len("\uFEFF"):]
	}
	c.lineStarts = []int{0}
	for i := 0; i < len(c.text); i++ {
		if c.text[i] == '\n' {
			c.lineStarts = append(c.lineStarts, i+1)
		}
	}
	if !utf8.ValidString(c.text) {
		i := 0
		for i < len(c.text) {
			r, size := utf8.DecodeRuneInString(c.text[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		c.report(c.line(i), "invalid UTF-8")
	}
	if i := strings.Index(c.text, "\r\n"); i >= 0 {
		c.report(c.line(i), "Windows line endings (CRLF): the reference parser keeps each \\r, which runs the title on and ends names and notes with it; use LF")
	}
	if pyStrip(c.text) == "" {
		c.report(1, "the file is empty: an llms.txt starts with a level-1 heading, `# Title`")
		return
	}

	doc := goldmark.DefaultParser().Parse(text.NewReader([]byte(c.text)))
	cm := c.commonMark(doc)

	splits := refSection.FindAllStringSubmatchIndex(c.text, -1)
	preambleEnd := len(c.text)
	c.sectionLines = map[int]bool{}
	c.firstSection = c.line(len(c.text)) + 1
	if len(splits) > 0 {
		preambleEnd = splits[0][0]
		c.firstSection = c.line(splits[0][0])
	}
	c.preamble(c.text[:preambleEnd], cm)

	named := map[string]int{}
	for i, m := range splits {
		end := len(c.text)
		if i+1 < len(splits) {
			end = splits[i+1][0]
		}
		line := c.line(m[0])
		c.sectionLines[line] = true
		name := c.text[m[2]:m[3]]
		if prev, ok := named[name]; ok {
			c.report(line, "section %q repeats the one at line %d: the reference parser keeps only this one's links", name, prev)
		}
		named[name] = line
		if pyStrip(name) == "" {
			c.report(line, "a section without a name")
		}
		sec := FileSection{Name: name, Line: line}
		c.links(&sec, m[1], end, cm)
		c.file.Sections = append(c.file.Sections, sec)
	}
	c.headings(cm)
}

// preamble reads the part before the first section: title, summary, info.
func (c *checker) preamble(start string, cm *cmReading) {
	lead := len(start) - len(strings.TrimLeftFunc(start, isPySpace))
	s := pyStrip(start)
	firstLine := c.line(lead)
	m := refPreamble.FindStringSubmatchIndex(s)
	if m == nil {
		loc := hashLine.FindStringIndex(s)
		if loc == nil {
			c.report(firstLine, "the file must start with a level-1 heading, `# Title`")
			return
		}
		c.titleLine = c.line(lead + loc[0])
		c.report(c.titleLine, "the reference parser cannot read the title: after `# Title` it needs a blank line, then a `> summary` or other text, before the first section")
		return
	}
	c.file.Title = s[m[2]:m[3]]
	if m[4] >= 0 {
		c.file.Summary = s[m[4]:m[5]]
	}
	c.file.Info = s[m[6]:m[7]]

	titleLine := c.line(lead + m[2])
	c.titleLine = titleLine
	if m[0] > 0 {
		c.report(firstLine, "text before the title: an llms.txt starts with `# Title`")
		return
	}
	if strings.Contains(c.file.Title, "\n") {
		c.report(titleLine, "the reference parser reads lines %d to %d as the title: follow the title with a blank line", titleLine, titleLine+strings.Count(c.file.Title, "\n"))
	}

	// The CommonMark reading of the same lines.
	if cm.first == nil || cm.first.level != 1 || cm.first.line != titleLine {
		c.report(titleLine, "CommonMark does not read `%s` as a level-1 heading: write `# Title`, with a space after the `#`", truncate(firstLineOf(s[m[0]:]), 40))
		return
	}
	switch {
	case m[4] >= 0:
		summaryLine := c.line(lead + m[4])
		q := cm.quoteAt(summaryLine)
		switch {
		case q == nil:
			c.report(summaryLine, "CommonMark does not read the summary as a quote")
		case q.last > summaryLine:
			c.report(summaryLine, "CommonMark reads the summary on to line %d, the reference parser only its first line: keep the summary on one line, then a blank line", q.last)
		}
	case cm.second != nil && cm.second.quote:
		c.report(cm.second.line, "the reference parser does not read this quote as the summary: it needs text after the summary before the first section")
	}
}

// links reads the lines of one section, src[start:end].
func (c *checker) links(sec *FileSection, start, end int, cm *cmReading) {
	body := c.text[start:end]
	off := start
	for l := range strings.SplitAfterSeq(body, "\n") {
		lineOff := off
		off += len(l)
		l = strings.TrimSuffix(l, "\n")
		if lineOff == start || pyStrip(l) == "" {
			continue // the rest of the heading's line, or a blank line
		}
		line := c.line(lineOff)
		m := refLink.FindStringSubmatchIndex(l)
		if m == nil {
			c.report(line, "not a link: every non-blank line of a section must be `- [name](url)`, with optional `: notes`")
			continue
		}
		link := Link{Title: l[m[2]:m[3]], URL: l[m[4]:m[5]], Line: line}
		if m[6] >= 0 {
			link.Notes = pyStrip(l[m[6]:m[7]])
		}
		sec.Links = append(sec.Links, link)
		switch rest := l[m[1]:]; {
		case m[0] != len(l)-len(strings.TrimLeftFunc(l, isPySpace)):
			c.report(line, "text before the link: the line must start with `- [name](url)`")
		case pyStrip(rest) != "":
			c.report(line, "text after the link must follow a colon, `: notes`: the reference parser drops %q", truncate(pyStrip(rest), 40))
		default:
			item, ok := cm.items[line]
			switch {
			case !ok:
				c.report(line, "CommonMark does not read this line as a list item starting with a link")
			case item != link.URL:
				c.report(line, "the reference parser reads the URL %q, CommonMark %q", link.URL, item)
			}
		}
	}
}

// headings compares where each reading sees headings.
func (c *checker) headings(cm *cmReading) {
	for _, h := range cm.headings {
		switch {
		case h.level == 2 && !c.sectionLines[h.line]:
			c.report(h.line, "CommonMark reads a section heading here that the reference parser misses: write `## Name` at the start of the line")
		case h.level != 2 && !c.sectionLines[h.line] && h.line != c.titleLine && h.line < c.firstSection:
			c.report(h.line, "a level-%d heading before the first section: only `## Name` headings may follow the title", h.level)
		}
	}
	for line := range c.sectionLines {
		h, ok := cm.headingAt(line)
		switch {
		case ok && h.level == 2:
		case ok:
			c.report(line, "a level-%d heading: the reference parser starts a section at every line beginning with `##`", h.level)
		default:
			c.report(line, "the reference parser starts a section at every line beginning with `##`, but CommonMark reads no heading here: put a space after `##`, and keep such lines out of code blocks")
		}
	}
}

// cmReading is what a CommonMark parser sees in the file.
type cmReading struct {
	first, second *cmBlock       // the first two top-level blocks
	headings      []cmBlock      // top-level headings
	headingLines  map[int]int    // the index in headings of the one on each line
	quotes        []cmBlock      // top-level block quotes
	items         map[int]string // the URL of the link starting each list item, by line
}

type cmBlock struct {
	line, last int // first and last line
	level      int // for a heading
	quote      bool
}

func (r *cmReading) quoteAt(line int) *cmBlock {
	for i := range r.quotes {
		if r.quotes[i].line == line {
			return &r.quotes[i]
		}
	}
	return nil
}

func (r *cmReading) headingAt(line int) (cmBlock, bool) {
	if i, ok := r.headingLines[line]; ok {
		return r.headings[i], true
	}
	return cmBlock{}, false
}

func (c *checker) commonMark(doc ast.Node) *cmReading {
	r := &cmReading{items: map[int]string{}, headingLines: map[int]int{}}
	i := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		b := cmBlock{line: c.blockLine(n), last: c.blockLast(n)}
		switch n := n.(type) {
		case *ast.Heading:
			b.level = n.Level
			if _, ok := r.headingLines[b.line]; !ok {
				r.headingLines[b.line] = len(r.headings)
			}
			r.headings = append(r.headings, b)
		case *ast.Blockquote:
			b.quote = true
			r.quotes = append(r.quotes, b)
		}
		switch i {
		case 0:
			r.first = &b
		case 1:
			r.second = &b
		}
		i++
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		item, ok := n.(*ast.ListItem)
		if !entering || !ok || item.FirstChild() == nil {
			return ast.WalkContinue, nil
		}
		para := item.FirstChild()
		if para.Lines().Len() == 0 {
			return ast.WalkContinue, nil
		}
		line := c.line(para.Lines().At(0).Start)
		if link, ok := para.FirstChild().(*ast.Link); ok {
			r.items[line] = string(link.Destination)
		}
		return ast.WalkContinue, nil
	})
	return r
}

// blockLine is the first line of a block.
func (c *checker) blockLine(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return c.line(p)
	}
	if n.Lines().Len() > 0 {
		return c.line(n.Lines().At(0).Start)
	}
	if n.FirstChild() != nil {
		return c.blockLine(n.FirstChild())
	}
	return 0
}

// blockLast is the last line of a block's content.
func (c *checker) blockLast(n ast.Node) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		stop := l.At(l.Len() - 1).Stop
		return c.line(max(stop-1, l.At(l.Len()-1).Start))
	}
	last := c.blockLine(n)
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if ch.Type() == ast.TypeBlock {
			last = max(last, c.blockLast(ch))
		}
	}
	return last
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}
