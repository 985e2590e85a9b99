package md

import (
	"strings"
	"testing"
)

func TestExtractListShells(t *testing.T) {
	story := `<h1>Harbour</h1><p>` + prose(6, "harbour") + `</p>`
	pages := []struct {
		name    string
		html    string
		in, out []string
	}{
		{
			name: "a see-all link alone on its line goes",
			html: `<body><div class="story">` + story + `<p><a href="/tides">See all tides</a></p><p>` + prose(2, "ferry") + `</p></div></body>`,
			in:   []string{"harbour study, part a", "ferry study, part a"},
			out:  []string{"See all tides"},
		},
		{
			name: "a list's header over nothing goes, title and link",
			html: `<body><div class="story">` + story + `<div class="carousel"><div class="head"><div>More like this</div><a href="/like">See All</a></div><div class="track"></div></div><h2>Tide tables</h2><p>` + prose(2, "tide") + `</p></div></body>`,
			in:   []string{"harbour study, part a", "Tide tables", "tide study, part a"},
			out:  []string{"More like this", "See All"},
		},
		{
			name: "a list's header before another list's see-all link goes",
			html: `<body><div class="story">` + story + `<div class="head"><div>More like this</div><a href="/like">See All</a></div><div class="block"><div><a href="/cur">View all</a></div><h2>What critics say</h2><p>` + prose(1, "critic") + `</p></div></div></body>`,
			in:   []string{"harbour study, part a", "What critics say", "critic study, part a"},
			out:  []string{"More like this", "See All", "View all"},
		},
		{
			name: "a list's header over its items stays",
			html: `<body><div class="story">` + story + `<div class="head"><div>Tide tables</div><a href="/tides">View all</a></div><p>` + prose(2, "tide") + `</p></div></body>`,
			in:   []string{"harbour study, part a", "Tide tables", "tide study, part a"},
			out:  []string{"View all"},
		},
		{
			name: "a list's header over cards titled by headings stays",
			html: `<body><div class="story">` + story + `<div class="head"><div>Case studies</div><a href="/cases">View all</a></div><a href="/c1"><h3>Faster ferries</h3><p>` + prose(1, "ferry") + `</p></a></div></body>`,
			in:   []string{"harbour study, part a", "Case studies", "Faster ferries"},
		},
		{
			name: "a card's link to the item's page goes; a link to a place in the page stays",
			html: `<body><div class="story">` + story + `<p><a href="/p/kettle">View full details</a></p><ul><li><a href="#compat">See full compatibility</a></li></ul><h2 id="compat">Compatibility</h2><p>` + prose(1, "compat") + `</p></div></body>`,
			in:   []string{"See full compatibility", "compat study, part a"},
			out:  []string{"View full details"},
		},
		{
			name: "a see-all link in a heading or a sentence stays",
			html: `<body><div class="story">` + story + `<h2>Content for this game <span><a href="/dlc">Browse all (2)</a></span></h2><p>` + prose(1, "dlc") + ` Or <a href="/t">see all tides</a> here.</p></div></body>`,
			in:   []string{"Browse all (2)", "see all tides"},
		},
	}
	for _, p := range pages {
		res, err := Convert([]byte(p.html), Options{NoFrontmatter: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(p.name, func(t *testing.T) { checkSnippets(t, res.Markdown, p.in, p.out) })
	}
}

func TestIsSeeAllLink(t *testing.T) {
	for text, want := range map[string]bool{
		"see all":                        true,
		"view all 12 reviews":            true,
		"browse all (52)":                true,
		"read more »":                    true,
		"view full details":              true,
		"see all 29 supported languages": true,
		"shop all crocs":                 false, // a shop's call, kept by its page
		"see how it works":               false,
		"all":                            false,
		"see all the network requests your browser makes": false,
	} {
		if got := isSeeAllLink(text); got != want {
			t.Errorf("isSeeAllLink(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestListShellsHostile runs the pass over many list headers, each over
// nothing but the next one's header: each looks ahead a bounded way.
func TestListShellsHostile(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<body><div class="story"><h1>Harbour</h1><p>` + prose(6, "harbour") + `</p>`)
	for range 50000 {
		b.WriteString(`<div><div>More like this</div><a href="/x">See all</a></div><div><div><div></div></div></div>`)
	}
	b.WriteString(`</div></body>`)
	// Quadratic work here would make the test run for minutes; it asserts
	// only what the pass does (timing is not asserted: shared machines).
	res, err := Convert([]byte(b.String()), Options{NoFrontmatter: true, Extract: ExtractScore})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Markdown, "harbour") || strings.Contains(res.Markdown, "See all") {
		t.Errorf("want the story without the list headers, got: %.300s", res.Markdown)
	}
}
