package llms

import (
	"bytes"
	"context"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/affordances/affordances-md/md"
)

// fuzzDeadline bounds one fuzzed input's work: far above what any takes,
// it only catches hangs.
const fuzzDeadline = 20 * time.Second

// within runs fn and fails the test if it has not returned by fuzzDeadline.
func within(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(fuzzDeadline):
		t.Fatalf("%s still running after %v", what, fuzzDeadline)
	}
}

// FuzzParse reads arbitrary files as llms.txt. Invariants: no panic, no
// hang, problems in line order at lines of the file, and what is read of a
// valid UTF-8 file is valid UTF-8.
//
//	go test ./llms -run '^$' -fuzz FuzzParse -fuzztime 10m
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"# Title\n\n> Optional description goes here\n\nOptional details go here\n\n## Section name\n\n- [Link title](https://link_url): Optional link details\n\n## Optional\n\n- [Link title](https://link_url)\n",
		"# T\n\n> S\n\nInfo *here*.\n\n- a list\n\n## A\n\n- [a](https://x/a): notes: more\n  - [nested](https://x/n)\n\n## B\n",
		"# T\r\n\r\n> S\r\n## A\r\n- [a](<https://x/a b>)\r\n",
		"Hello\n\n## A\n\n- [a](https://x/a)\n### Sub\n- [b]( https://x/b \"t\" )\n## A\n",
		"# T\n> a\nb\n\n```\n## not a section\n```\n## S\n- [\\]](x): y\n- [a](b\n",
		"",
		"#",
		"# [x](y) *z* <b>\n\n> `c`\n\n<!-- ## hidden -->\n\n## ]\n\n- [](<>)\n- [a\\](b)](c)",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var file *File
		var problems []Problem
		within(t, "Parse", func() { file, problems = Parse(src) })
		lines := bytes.Count(src, []byte("\n")) + 1
		prev := 0
		for _, p := range problems {
			if p.Line < 1 || p.Line > lines || p.Line < prev || p.Message == "" {
				t.Fatalf("problem %v: not in order at a line of the file's %d", p, lines)
			}
			prev = p.Line
		}
		if file == nil {
			if len(problems) == 0 {
				t.Fatal("no file read and no problem said")
			}
			return
		}
		if !utf8.Valid(src) {
			return
		}
		strs := []string{file.Title, file.Summary, file.Info}
		for _, s := range file.Sections {
			strs = append(strs, s.Name)
			for _, l := range s.Links {
				strs = append(strs, l.Title, l.URL, l.Notes)
				if l.Line < 1 || l.Line > lines {
					t.Fatalf("link %+v at no line of the file's %d", l, lines)
				}
			}
		}
		for _, s := range strs {
			if !utf8.ValidString(s) {
				t.Fatalf("read %q from a valid UTF-8 file", s)
			}
		}
	})
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// fuzzRenderer renders every page as the same Markdown, title and
// description: whatever a page holds reaches the writer this way.
type fuzzRenderer md.Result

func (r fuzzRenderer) Render(ctx context.Context, path string) (md.Result, error) {
	return md.Result(r), nil
}

// FuzzWriteTxt writes an llms.txt of arbitrary names, summaries, section
// titles, page titles, descriptions and paths, given or rendered.
// Invariants: no panic, no hang, and what WriteTxt writes always passes
// Parse with no problem (so it is valid UTF-8), with every page on the
// site listed.
//
// Invalid UTF-8, control characters and carriage returns in any field are
// cleaned by the writer itself; an intro that opens a code block and never
// closes it is refused.
//
//	go test ./llms -run '^$' -fuzz FuzzWriteTxt -fuzztime 10m
func FuzzWriteTxt(f *testing.F) {
	type seed struct{ name, summary, intro, section, title, desc, path, rendered string }
	for _, s := range []seed{
		{"Acme", "Studio goods.", "", "Docs", "Intro", "How to start", "/docs/intro", "# Hello"},
		{"Name ##", "- a summary that looks like a list", "Some *intro*.\n\n- a list", "Sec #", "[x](y)", "a_b _c_ *d*", "/a (b)<c>\\d e", "---\ntitle: \"T\"\n---\n\n# Guide ##\n"},
		{"", "", "", "", "", "", "", ""},
		{"\n# x\n", "line\nbreak", "## heading", "## A\n## B", "`code`", "<b>bold</b>", "//evil.example/x", "Guide\n=====\n"},
		{"&amp; &copy", "> quote", "text\n\n---", "Optional", "ends with #", "1. numbered", "/?q=[1]#frag", "```\n# not\n```"},
		{"\u00e9\u0301", "\u2028", "\t", "\x00", "]", ")", "https://other.example/p", "\r\n"},
	} {
		f.Add(s.name, s.summary, s.intro, s.section, s.title, s.desc, s.path, s.rendered)
	}
	f.Fuzz(func(t *testing.T, name, summary, intro, section, title, desc, path, rendered string) {
		b := &Builder{
			Renderer: fuzzRenderer{Markdown: rendered, Title: title, Description: desc},
			URL:      public,
			Name:     name,
			Summary:  summary,
			Intro:    intro,
			Logger:   quietLogger(),
		}
		site := &Site{Name: name, Index: len(path)%2 == 0, Sections: []Section{
			{Title: section, Pages: []Page{
				{URL: "/" + strings.TrimPrefix(path, "/"), Title: title, Description: desc}, // given
				{URL: "/rendered/" + path},                 // rendered: its title is the renderer's
				{URL: path, Description: desc},             // rendered, with a given description
				{URL: "https://elsewhere.example/" + path}, // another origin, no title: left out
			}},
			{Title: section + " 2", Pages: []Page{{URL: "/two", Title: "Two"}}},
		}}
		var out bytes.Buffer
		var err error
		within(t, "WriteTxt", func() { err = b.WriteTxt(context.Background(), &out, site) })
		if err != nil {
			if intro == "" {
				t.Fatalf("WriteTxt without an intro: %v", err)
			}
			return // an intro with a heading in it is refused
		}
		file, problems := Parse(out.Bytes())
		for _, p := range problems {
			t.Errorf("%s", p)
		}
		if len(problems) > 0 {
			t.Fatalf("the written file has problems:\n%s", out.String())
		}
		links, want := 0, 1 // "/two"
		for _, s := range file.Sections {
			links += len(s.Links)
		}
		if _, ok := sitePath(site.Sections[0].Pages[0].URL, mustURL(public), nil); ok {
			want++ // the given page, on the site
		}
		if links < want {
			t.Fatalf("%d links read back, want at least %d:\n%s", links, want, out.String())
		}
	})
}
