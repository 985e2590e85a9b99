package llms

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The reference parser's own tests (llms_txt tests/test-parse.py), as
// cases of Parse.
func TestParseReferenceCases(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want File
	}{
		{"basic", "# Title\n\n> Optional description goes here\n\nOptional details go here\n\n## Section name\n\n- [Link title](https://link_url): Optional link details\n\n## Optional\n\n- [Link title](https://link_url)\n",
			File{Title: "Title", Summary: "Optional description goes here", Info: "Optional details go here", Sections: []FileSection{
				{Name: "Section name", Line: 7, Links: []Link{{Title: "Link title", URL: "https://link_url", Notes: "Optional link details", Line: 9}}},
				{Name: "Optional", Line: 11, Links: []Link{{Title: "Link title", URL: "https://link_url", Line: 13}}},
			}}},
		{"multiple links", "# Another Title\n\n> Another description\n\nMore details\n\n## Links\n\n- [Google](https://google.com): Search engine\n- [OpenAI](https://openai.com)\n\n## More Info\n\n- [Python](https://python.org): Programming language\n",
			File{Title: "Another Title", Summary: "Another description", Info: "More details", Sections: []FileSection{
				{Name: "Links", Line: 7, Links: []Link{{"Google", "https://google.com", "Search engine", 9}, {"OpenAI", "https://openai.com", "", 10}}},
				{Name: "More Info", Line: 12, Links: []Link{{"Python", "https://python.org", "Programming language", 14}}},
			}}},
		{"missing optional fields", "# Only Title\n\nOnly details here\n\n## Section\n\n- [Item](https://example.com)\n",
			File{Title: "Only Title", Info: "Only details here", Sections: []FileSection{
				{Name: "Section", Line: 5, Links: []Link{{"Item", "https://example.com", "", 7}}},
			}}},
		{"no links", "# No Links Title\n\n> No description\n\nSome details without links\n",
			File{Title: "No Links Title", Summary: "No description", Info: "Some details without links"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, problems := Parse([]byte(tt.src))
			if len(problems) > 0 {
				t.Errorf("problems: %v", problems)
			}
			if !reflect.DeepEqual(*f, tt.want) {
				t.Errorf("got  %+v\nwant %+v", *f, tt.want)
			}
		})
	}
}

// TestParseProblems lists what Parse finds wrong, one rule a case: the
// line and a phrase of the message.
func TestParseProblems(t *testing.T) {
	const ok = "# T\n\n> S\n\nInfo\n## A\n\n- [a](https://x/a)\n"
	tests := []struct {
		name string
		src  string
		want []string // "line: phrase"
	}{
		{"fine", ok, nil},
		{"fine with info and notes", "# T\n\n> S\n\nInfo *here*.\n\n- a list\n\n## A\n\n- [a](https://x/a): notes: more\n  - [nested](https://x/n)\n\n## B\n", nil},
		{"empty", " \n\n", []string{"1: the file is empty"}},
		{"no title", "Hello\n\n## A\n\n- [a](https://x/a)\n", []string{"1: must start with a level-1 heading"}},
		{"title only", "# T\n\n## A\n\n- [a](https://x/a)\n", []string{"1: the reference parser cannot read the title"}},
		{"title and summary without a blank line, nothing after", "# T\n> S\n", []string{"1: the reference parser cannot read the title"}},
		{"summary with nothing after it", "# T\n\n> S\n\n## A\n\n- [a](https://x/a)\n", []string{"3: does not read this quote as the summary"}},
		{"no space after #", "#T\n\n> S\n\nInfo\n", []string{"1: CommonMark does not read `#T` as a level-1 heading"}},
		{"text before the title", "Intro\n\n# T\n\n> S\n\nInfo\n", []string{"1: text before the title"}},
		{"summary on two lines", "# T\n\n> S\ncontinued\n\nInfo\n", []string{"3: CommonMark reads the summary on to line 4"}},
		{"byte order mark", "\uFEFF" + ok, []string{"1: byte order mark"}},
		{"CRLF", "# T\r\n\r\n> S\r\n\r\nInfo\r\n", []string{"1: Windows line endings", "1: the reference parser reads lines 1 to 2 as the title"}},
		{"invalid UTF-8", "# T\n\n> S\n\nbad \xff\n", []string{"5: invalid UTF-8"}},
		{"not a link", ok + "Some text\n", []string{"9: not a link"}},
		{"star bullet", ok + "* [b](https://x/b)\n", []string{"9: not a link"}},
		{"no space after the dash", ok + "-[b](https://x/b)\n", []string{"9: CommonMark does not read this line as a list item"}},
		{"text after the link", ok + "- [b](https://x/b) and more\n", []string{"9: text after the link must follow a colon"}},
		{"text before the link", ok + "see - [b](https://x/b)\n", []string{"9: text before the link"}},
		{"link with a title", ok + "- [b](https://x/b \"t\")\n", []string{`9: the reference parser reads the URL "https://x/b \"t\"", CommonMark "https://x/b"`}},
		{"bracket in the name", ok + "- [a \\] b](https://x/b)\n", []string{"9: not a link"}},
		{"level-3 heading in a section", ok + "### Sub\n\n- [b](https://x/b)\n", []string{"9: a level-3 heading: the reference parser starts a section"}},
		{"## without a space", ok + "##B\n", []string{"9: CommonMark reads no heading here"}},
		{"## in a code block of the info", "# T\n\n> S\n\n```\n## not a section\n```\n", []string{"6: CommonMark reads no heading here", "7: not a link"}},
		{"indented section heading", ok + " ## B\n", []string{"9: not a link", "9: CommonMark reads a section heading here that the reference parser misses"}},
		{"setext section heading", "# T\n\n> S\n\nInfo\n\nB\n---\n", []string{"7: CommonMark reads a section heading here"}},
		{"heading in the info", "# T\n\n> S\n\n# Again\n\nInfo\n", []string{"5: a level-1 heading before the first section"}},
		{"repeated section", ok + "\n## A\n\n- [b](https://x/b)\n", []string{`10: section "A" repeats the one at line 6`}},
		{"section without a name", ok + "\n##\n", []string{"10: a section without a name"}},
		{"several", "# T\n\n> S\n\nInfo\n## A\n\nx\n- [a](u) tail\n### C\n", []string{"8: not a link", "9: text after the link", "10: a level-3 heading"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problems := Parse([]byte(tt.src))
			var got []string
			for _, p := range problems {
				got = append(got, fmt.Sprintf("%d: %s", p.Line, p.Message))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("problems:\n%s\nwant %d like:\n%s", strings.Join(got, "\n"), len(tt.want), strings.Join(tt.want, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], strings.SplitN(tt.want[i], ": ", 2)[0]+": ") || !strings.Contains(got[i], strings.SplitN(tt.want[i], ": ", 2)[1]) {
					t.Errorf("problem %d: %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestParseLarge checks a file of 20,000 links parses in one pass (line
// numbers by binary search, not by counting from the start each time).
func TestParseLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString("# T\n\n> S\n\nInfo\n\n## Pages\n\n")
	for i := range 20_000 {
		fmt.Fprintf(&b, "- [Page %d](https://x/p/%d.md): about page %d\n", i, i, i)
	}
	f, problems := Parse([]byte(b.String()))
	if len(problems) > 0 || len(f.Sections[0].Links) != 20_000 || f.Sections[0].Links[19_999].Line != 20_008 {
		t.Errorf("%d problems, %d links, last at line %d", len(problems), len(f.Sections[0].Links), f.Sections[0].Links[19_999].Line)
	}
}

// TestParseManySections checks a file of 100,000 sections parses in one
// pass: each section's heading is looked up by its line, not searched for
// among all the headings (which took minutes on a few megabytes).
func TestParseManySections(t *testing.T) {
	const n = 100_000
	var b strings.Builder
	b.WriteString("# T\n\n> S\n\nInfo\n")
	for i := range n {
		fmt.Fprintf(&b, "\n## S%d\n\n- [Page %d](https://x/p/%d.md)\n", i, i, i)
	}
	f, problems := Parse([]byte(b.String()))
	if len(problems) > 0 || len(f.Sections) != n || f.Sections[n-1].Line != 7+4*(n-1) {
		t.Errorf("%d problems (%v), %d sections", len(problems), problems[:min(len(problems), 3)], len(f.Sections))
	}
}

// TestEscapesReadBack writes hostile titles and descriptions and checks
// both readings get the same link and no problem.
func TestEscapesReadBack(t *testing.T) {
	titles := []string{"A ] B", "[x](y)", "a_b _c_ *d*", "`code`", "<b>bold</b>", "&amp; &copy", "back\\slash", "ends with #", "#", "1. numbered", "- dash", "> quote", "![img](x)"}
	var b strings.Builder
	tw := &txtWriter{ew: errWriter{w: &b}}
	tw.preamble(preamble{name: "Name ##", summary: "- a summary that looks like a list", full: "https://x/llms-full.txt"})
	for _, title := range titles {
		tw.item("Sec #", title, "https://x/a (b)<c>\\d e", title)
	}
	f, problems := Parse([]byte(b.String()))
	for _, p := range problems {
		t.Errorf("%s\n%s", p, b.String())
	}
	if len(f.Sections) != 1 || len(f.Sections[0].Links) != len(titles) {
		t.Fatalf("read %+v from\n%s", f.Sections, b.String())
	}
	for _, l := range f.Sections[0].Links {
		if l.URL != "https://x/a%20%28b%29%3Cc%3E%5Cd%20e" {
			t.Errorf("URL %q", l.URL)
		}
	}
}
