package md

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestCopyrightLineHeadingBounded: a copyright line's part is read for a
// heading up to copyrightReads nodes; a part spread over more is no
// copyright line, so that the nested parts around one line, each asked
// in turn, do not read a hundred thousand empty elements each.
func TestCopyrightLineHeadingBounded(t *testing.T) {
	line := "<span>© 2024 Maker Ltd. All rights reserved</span>"
	for _, tt := range []struct {
		name, part string
		want       bool
	}{
		{"a line", "<div>" + line + "</div>", true},
		{"a few empty elements", "<div>" + line + strings.Repeat("<i></i>", 100) + "</div>", true},
		{"a heading", "<div>" + line + strings.Repeat("<i></i>", 100) + "<h2></h2></div>", false},
		{"a far heading", "<div>" + line + strings.Repeat("<i></i>", 100_000) + "<h2></h2></div>", false},
		{"too many elements", "<div>" + line + strings.Repeat("<i></i>", 100_000) + "</div>", false},
	} {
		body, s := parseBody(t, tt.part)
		div := findFirst(body, func(n *html.Node) bool { return n.Data == "div" })
		if got := isCopyrightLine(div, s.get(div)); got != tt.want {
			t.Errorf("%s: isCopyrightLine = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestRunInto: a word of the link's that is two of the alt text's words
// run into one, each of runPart letters or more, whatever their order
// or lengths.
func TestRunInto(t *testing.T) {
	long := strings.Repeat("q", 290)
	for _, tt := range []struct {
		alt  string
		said []string
		want bool
	}{
		{"Mountain Gear Southwest 55 Pack", []string{"hyperlite", "mountain", "gearsouthwest", "55", "pack"}, true},
		{"HOKA Clifton 9", []string{"hokaclifton", "9"}, true},
		{"Clifton HOKA", []string{"hokaclifton"}, true},
		{"abc abc", []string{"abcabc"}, true},
		{"with in", []string{"within"}, false},
		{"A bowl of soup", []string{"10", "copycat", "soups"}, false},
		{"abc " + long, []string{"abc" + long, "x"}, true},
		{"abc def ghi", []string{long + "1", long + "2"}, false},
		{"", []string{"abcdef"}, false},
	} {
		said := map[string]bool{}
		for _, w := range tt.said {
			said[w] = true
		}
		if got := runInto(textWords(tt.alt), said); got != tt.want {
			t.Errorf("runInto(%q, %v) = %v, want %v", tt.alt, tt.said, got, tt.want)
		}
	}
}

// TestHasTwin: a part has a twin when a sibling has its tag and its
// class list; each parent's children are counted once, however many of
// them are asked about.
func TestHasTwin(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<div id="rows"><div class="row sidebar-left">a</div><div class="row sidebar-left">b</div><section class="row sidebar-left">c</section><div class="lone">d</div><div>e</div>`)
	for i := range 1000 {
		fmt.Fprintf(&sb, `<div class="sidebar-left r%d">x</div>`, i)
	}
	sb.WriteString(`</div>`)
	body, _ := parseBody(t, sb.String())
	rows := findFirst(body, func(n *html.Node) bool { return getAttr(n, "id") == "rows" })
	twins := siblingKinds{}
	var got []bool
	for c := rows.FirstChild; c != nil; c = c.NextSibling {
		got = append(got, twins.hasTwin(c))
	}
	want := []bool{true, true, false, false, false}
	if !slices.Equal(got[:5], want) || slices.Contains(got[5:], true) {
		t.Errorf("hasTwin = %v..., want %v and then false", got[:5], want)
	}
	if len(twins) != 1 {
		t.Errorf("siblingKinds read %d parents, want 1", len(twins))
	}
}

// TestFarHeadingAltsBounded: dropFarHeadingAlts compares alt texts with
// the first maxFarTitles <h1> only: a page of 50,000 titles and as many
// pictures took 32 s reading each picture against each title.
func TestFarHeadingAltsBounded(t *testing.T) {
	var page strings.Builder
	for i := range maxFarTitles + 1 {
		fmt.Fprintf(&page, "<h1>alpha%d beta%d gamma%d</h1>", i, i, i)
	}
	n := maxFarTitles - 1
	fmt.Fprintf(&page, `<img src="a.jpg" alt="alpha%d beta%d gamma%d">`, n, n, n)
	n = maxFarTitles
	fmt.Fprintf(&page, `<img src="b.jpg" alt="alpha%d beta%d gamma%d">`, n, n, n)
	body, _ := parseBody(t, page.String())
	content := []*html.Node{body}
	dropFarHeadingAlts(content, gatherImages(content), "", nil)
	var alts []string
	walk(body, func(c *html.Node) bool {
		if c.Data == "img" {
			alts = append(alts, getAttr(c, "alt"))
		}
		return true
	})
	want := []string{"", fmt.Sprintf("alpha%d beta%d gamma%d", n, n, n)}
	if !slices.Equal(alts, want) {
		t.Errorf("alt texts %q, want %q", alts, want)
	}
}
