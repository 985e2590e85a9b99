package extracteval

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// An Extractor is one way of finding a page's main content.
type Extractor struct {
	Name string
	// Text returns the page's main content as plain text, and optionally
	// the route by which it was found (for md.Convert, the rule that chose
	// the content), by which the table also groups pages.
	Text func(p *Page) (text, route string, err error)
}

// A Score is one extractor's result on one page.
type Score struct {
	Page    *Page
	Text    string
	Route   string
	Err     error
	Elapsed time.Duration
	PRF
	Found, Leaked []bool // per must-have and must-not-have snippet
}

// Measure runs each extractor on each page, extractor by extractor, and
// scores the results. The result holds one slice of scores per extractor,
// in the order of pages.
func Measure(pages []Page, extractors []Extractor) [][]Score {
	all := make([][]Score, len(extractors))
	for i, ex := range extractors {
		scores := make([]Score, len(pages))
		for j := range pages {
			p := &pages[j]
			start := time.Now()
			text, route, err := ex.Text(p)
			s := Score{Page: p, Text: text, Route: route, Err: err, Elapsed: time.Since(start)}
			s.PRF = WordF1(text, p.Want)
			s.Found = Snippets(text, p.With)
			s.Leaked = Snippets(text, p.Without)
			scores[j] = s
		}
		all[i] = scores
	}
	return all
}

// Summary is the mean of scores over a set of pages.
type Summary struct {
	Pages int
	PRF
	// Found is the mean share of must-have snippets found and Leaked that of
	// must-not-have snippets leaked, over the pages that have such snippets;
	// -1 when none has.
	Found, Leaked float64
	Empty         int // pages with no word extracted (or an error)
	Elapsed       time.Duration
	Bytes         int
}

// Summarize averages scores, every page weighing the same.
func Summarize(scores []Score) Summary {
	var s Summary
	var found, leaked float64
	var nFound, nLeaked int
	for _, sc := range scores {
		s.Pages++
		s.Precision += sc.Precision
		s.Recall += sc.Recall
		s.F1 += sc.F1
		s.Elapsed += sc.Elapsed
		s.Bytes += len(sc.Page.Source)
		if sc.Err != nil || len(Words(sc.Text)) == 0 {
			s.Empty++
		}
		if len(sc.Found) > 0 {
			found += share(sc.Found)
			nFound++
		}
		if len(sc.Leaked) > 0 {
			leaked += share(sc.Leaked)
			nLeaked++
		}
	}
	if s.Pages > 0 {
		n := float64(s.Pages)
		s.Precision, s.Recall, s.F1 = s.Precision/n, s.Recall/n, s.F1/n
	}
	s.Found, s.Leaked = -1, -1
	if nFound > 0 {
		s.Found = found / float64(nFound)
	}
	if nLeaked > 0 {
		s.Leaked = leaked / float64(nLeaked)
	}
	return s
}

func share(bs []bool) float64 {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return float64(n) / float64(len(bs))
}

// WriteTable writes, for the whole corpus, then for each page type, then
// for each route of the first extractor, then for the pages whose content
// no main marker or <main> chose (in all and per page type), one row per
// extractor: pages, F1,
// precision, recall, snippets found and leaked, empty results, and
// throughput.
func WriteTable(w io.Writer, title string, names []string, all [][]Score) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\n", title)
	fmt.Fprintf(tw, "pages\t\textractor\tF1\tP\tR\tfound\tleaked\tempty\tMB/s\t\n")
	type group struct {
		label string
		keep  func(i int) bool
	}
	groups := []group{{"all", func(int) bool { return true }}}
	if len(all) > 0 {
		first := all[0]
		for _, t := range distinct(first, func(s Score) string { return s.Page.Type }) {
			groups = append(groups, group{t, func(i int) bool { return first[i].Page.Type == t }})
		}
		routes := distinct(first, func(s Score) string { return s.Route })
		for _, r := range routes {
			groups = append(groups, group{"via " + r, func(i int) bool { return first[i].Route == r }})
		}
		if len(routes) > 0 {
			// Pages that do not mark their content: neither main markers
			// nor <main> chose it.
			unmarked := func(i int) bool {
				r := first[i].Route
				return r != "" && r != "main" && r != "main-marker"
			}
			groups = append(groups, group{"unmarked", unmarked})
			for _, t := range distinct(first, func(s Score) string { return s.Page.Type }) {
				groups = append(groups, group{"unmarked " + t, func(i int) bool { return unmarked(i) && first[i].Page.Type == t }})
			}
		}
	}
	for _, g := range groups {
		for i, name := range names {
			var scores []Score
			for j, s := range all[i] {
				if g.keep(j) {
					scores = append(scores, s)
				}
			}
			s := Summarize(scores)
			label, pages := "", ""
			if i == 0 {
				label, pages = g.label, fmt.Sprint(s.Pages)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%.3f\t%.3f\t%.3f\t%s\t%s\t%d\t%s\t\n",
				label, pages, name, s.F1, s.Precision, s.Recall,
				percent(s.Found), percent(s.Leaked), s.Empty, throughput(s))
		}
	}
	return tw.Flush()
}

// WriteWorst writes the n pages where extractor by's F1 is lowest, with
// each extractor's F1 on them, and by's precision, recall, must-have
// snippets missed and must-not-have snippets leaked.
func WriteWorst(w io.Writer, n, by int, names []string, all [][]Score) error {
	if len(all) == 0 {
		return nil
	}
	idx := make([]int, len(all[0]))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return all[by][idx[a]].F1 < all[by][idx[b]].F1 })
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "page\ttype\t%s\t%[2]s P\t%[2]s R\t%[2]s missed\t%[2]s leaked\n", strings.Join(names, "\t"), names[by])
	for _, i := range idx[:min(n, len(idx))] {
		sc := all[by][i]
		fmt.Fprintf(tw, "%s\t%s", sc.Page.ID, sc.Page.Type)
		for _, scores := range all {
			fmt.Fprintf(tw, "\t%.3f", scores[i].F1)
		}
		fmt.Fprintf(tw, "\t%.3f\t%.3f\t%s\t%s\n", sc.Precision, sc.Recall,
			quoted(sc.Page.With, sc.Found, false), quoted(sc.Page.Without, sc.Leaked, true))
	}
	return tw.Flush()
}

// quoted lists the snippets whose flag is want, shortened.
func quoted(snippets []string, flags []bool, want bool) string {
	var out []string
	for i, s := range snippets {
		if flags[i] == want {
			if r := []rune(s); len(r) > 40 {
				s = string(r[:40]) + "…"
			}
			out = append(out, fmt.Sprintf("%q", s))
		}
	}
	return strings.Join(out, " ")
}

// distinct returns the sorted non-empty values of key over scores.
func distinct(scores []Score, key func(Score) string) []string {
	seen := map[string]bool{}
	var vals []string
	for _, s := range scores {
		if v := key(s); v != "" && !seen[v] {
			seen[v] = true
			vals = append(vals, v)
		}
	}
	sort.Strings(vals)
	return vals
}

func percent(f float64) string {
	if f < 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

func throughput(s Summary) string {
	if s.Elapsed <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", float64(s.Bytes)/1e6/s.Elapsed.Seconds())
}
