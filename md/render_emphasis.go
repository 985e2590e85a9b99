package md

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// delimPair is an emphasis written in a paragraph: an opening and a closing
// run of n bytes of c, at open and close in the paragraph's bytes.
type delimPair struct {
	open, close int
	n           int
	c           byte
	dropped     bool
}

// resolveEmphasis makes sure each emphasis of the paragraph reads as
// emphasis, now that everything around it is known. CommonMark reads a
// delimiter run by what is on either side of it (a * between a letter and
// a quote cannot open, a _ inside a word cannot open or close), and two
// runs of the same character side by side merge into one. A pair that would
// not read as written switches between * and _ when the other reads
// right, and is left out otherwise: its text stays, without emphasis.
// The paragraph is rewritten without the delimiters left out. budget is
// the assignments the search may try, shared by the page's paragraphs, or
// nil for searchBudget of its own.
func (p *inline) resolveEmphasis(budget *int) {
	if len(p.delims) == 0 {
		return
	}
	if budget == nil {
		own := searchBudget
		budget = &own
	}
	owner := make(delimOwners, len(p.b))
	for i := range owner {
		owner[i] = -1
	}
	for i, d := range p.delims {
		for k := range d.n {
			owner[d.open+k] = int32(i)
			owner[d.close+k] = int32(i)
		}
	}
	e := emphasisResolver{p: p, owner: owner, enclosing: enclosingPairs(p.delims), budget: budget}
	clusters := e.clusters()
	// A cluster's choice can depend on another's through nesting (see
	// reads); a few rounds settle it, and bound the work when they do not.
	for range 3 {
		before := slices.Clone(p.delims)
		for _, cluster := range clusters {
			if len(cluster) > maxSearchedCluster || *e.budget <= 0 || !e.search(cluster) {
				e.greedy(cluster)
			}
		}
		if slices.Equal(before, p.delims) {
			break
		}
	}
	// Whatever is left unsettled is left out.
	for i := range p.delims {
		if !p.delims[i].dropped && !e.reads(i, p.delims[i].c) {
			p.delims[i].dropped = true
		}
	}
	// The pairs kept get the characters the first reading assignment
	// gives them, outer emphasis * first: which pairs are kept is all
	// that decides the characters, so the same emphasis read back from
	// this Markdown is written the same way.
	for _, cluster := range clusters {
		e.canonical(cluster)
	}
	e.rewrite()
}

// canonical gives a cluster's kept pairs the first assignment of * and _,
// outer pairs first and * before _, under which they all read; it leaves
// them as they are when none is found within the budget, or when more
// pairs are kept than a search may try. Once the page's budget is spent
// (a cluster too large to search, resolved greedily, can leave few pairs
// kept), each cluster still gets canonicalAllowance assignments of its
// own: the Markdown read back holds only the pairs kept, which a search
// then writes canonically, and this writing must be the same.
func (e *emphasisResolver) canonical(cluster []int) {
	var kept []int
	for _, i := range cluster {
		if d := e.p.delims[i]; !d.dropped && d.c != '~' {
			kept = append(kept, i)
		}
	}
	budget := e.budget
	if *budget <= 0 {
		own := canonicalAllowance
		budget = &own
	}
	if len(kept) > maxSearchedCluster {
		return
	}
	slices.SortFunc(kept, func(a, b int) int { return e.p.delims[a].open - e.p.delims[b].open })
	was := make([]byte, len(kept))
	for k, i := range kept {
		was[k] = e.p.delims[i].c
	}
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(kept) {
			*budget--
			return e.allRead(kept)
		}
		for _, c := range []byte{'*', '_'} {
			if *budget <= 0 {
				return false
			}
			e.p.delims[kept[k]].c = c
			if try(k + 1) {
				return true
			}
		}
		return false
	}
	if !try(0) {
		// None found within the budget: the pairs read as they were.
		for k, i := range kept {
			e.p.delims[i].c = was[k]
		}
	}
}

// allRead reports whether every kept pair of pairs reads as written.
func (e *emphasisResolver) allRead(pairs []int) bool {
	for _, i := range pairs {
		if d := e.p.delims[i]; !d.dropped && !e.reads(i, d.c) {
			return false
		}
	}
	return true
}

// enclosingPairs returns, for each pair, the pairs around it.
func enclosingPairs(delims []delimPair) [][]int {
	order := make([]int, len(delims))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return delims[a].open - delims[b].open })
	out := make([][]int, len(delims))
	var stack []int
	for _, i := range order {
		for len(stack) > 0 && delims[stack[len(stack)-1]].close < delims[i].open {
			stack = stack[:len(stack)-1]
		}
		out[i] = slices.Clone(stack)
		stack = append(stack, i)
	}
	return out
}

// maxSearchedCluster bounds the pairs whose characters are searched
// together (3^12 assignments at most, far fewer once the best possible is
// found), and searchBudget the assignments tried in a page, whatever its
// number of paragraphs; beyond them, which only hostile pages reach,
// clusters are resolved greedily, and the same emphasis may then be
// written differently from different HTML.
const (
	maxSearchedCluster = 12
	searchBudget       = 100_000
	// canonicalAllowance is each cluster's own allowance for canonical
	// once the page's budget is spent: 2^8, every assignment of up to
	// eight pairs kept.
	canonicalAllowance = 256
)

// clusters groups the pairs that can affect each other: pairs with runs in
// the same unbroken stretch of delimiters (left-out delimiters leave their
// neighbours touching), and pairs nested in each other. Clusters come in
// order, each sorted.
func (e *emphasisResolver) clusters() [][]int {
	parent := make([]int, len(e.p.delims))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, d := range e.p.delims {
		for _, pos := range []int{d.open + d.n, d.close + d.n} {
			if k, ok := e.owner.at(pos); ok {
				parent[find(k)] = find(i)
			}
		}
		// An emphasis inside another reads by the outer one's character
		// too (see reads): they are decided together.
		if enc := e.enclosing[i]; len(enc) > 0 {
			parent[find(enc[len(enc)-1])] = find(i)
		}
	}
	index := map[int]int{}
	var out [][]int
	for i := range e.p.delims {
		r := find(i)
		k, ok := index[r]
		if !ok {
			k = len(out)
			index[r] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], i)
	}
	return out
}

// search tries every way of writing the cluster's pairs (with *, with _,
// or left out; ~ can only stay or go) and keeps the first that keeps the
// most emphasis. It does not depend on the characters first chosen, so the
// same HTML always gives the same Markdown. It reports false, changing
// nothing, when the budget ran out before any way was found.
func (e *emphasisResolver) search(cluster []int) bool {
	// Outer emphasis first: it gets * when both read.
	slices.SortFunc(cluster, func(a, b int) int { return e.p.delims[a].open - e.p.delims[b].open })
	best, bestKept := make([]delimPair, len(cluster)), -1
	was := make([]delimPair, len(cluster))
	for j, i := range cluster {
		was[j] = e.p.delims[i]
	}
	var try func(k, kept int)
	try = func(k, kept int) {
		if kept+len(cluster)-k <= bestKept || *e.budget <= 0 {
			return // cannot beat the best, or no budget left
		}
		if k == len(cluster) {
			*e.budget--
			for _, i := range cluster {
				if !e.p.delims[i].dropped && !e.reads(i, e.p.delims[i].c) {
					return
				}
			}
			for j, i := range cluster {
				best[j] = e.p.delims[i]
			}
			bestKept = kept
			return
		}
		d := &e.p.delims[cluster[k]]
		options := []byte{'*', '_'}
		if d.c == '~' {
			options = []byte{'~'}
		}
		for _, c := range options {
			d.c, d.dropped = c, false
			try(k+1, kept+1)
		}
		d.dropped = true
		try(k+1, kept)
		d.dropped = false
	}
	try(0, 0)
	if bestKept < 0 {
		for j, i := range cluster {
			e.p.delims[i] = was[j]
		}
		return false
	}
	for j, i := range cluster {
		e.p.delims[i] = best[j]
	}
	return true
}

// greedy fixes each pair of a large cluster in turn, until none changes.
func (e *emphasisResolver) greedy(cluster []int) {
	for range len(cluster) + 1 {
		changed := false
		for _, i := range cluster {
			if !e.p.delims[i].dropped && !e.reads(i, e.p.delims[i].c) {
				e.fix(i)
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// fix makes pair i read as emphasis by switching its character, or a
// neighbour's (the pair whose run touches one of its runs), or both; and
// leaves it out when none of that works.
func (e *emphasisResolver) fix(i int) {
	d := &e.p.delims[i]
	orig := d.c
	alt := otherDelim(orig)
	if alt != 0 && e.reads(i, alt) {
		d.c = alt
		return
	}
	for _, j := range e.neighbours(i) {
		n := &e.p.delims[j]
		nOrig := n.c
		nAlt := otherDelim(nOrig)
		if nAlt == 0 {
			continue
		}
		n.c = nAlt
		for _, c := range []byte{orig, alt} {
			if c == 0 {
				continue
			}
			d.c = c
			if e.reads(i, c) && e.reads(j, nAlt) {
				return
			}
		}
		n.c, d.c = nOrig, orig
	}
	d.dropped = true
}

// neighbours returns the pairs, still in place, whose runs touch pair i's.
func (e *emphasisResolver) neighbours(i int) []int {
	d := e.p.delims[i]
	var out []int
	for _, pos := range []int{d.open - 1, d.open + d.n, d.close - 1, d.close + d.n} {
		if k, ok := e.owner.at(pos); ok && k != i && !e.p.delims[k].dropped {
			out = append(out, k)
		}
	}
	return out
}

// otherDelim is the emphasis character that means the same as c.
func otherDelim(c byte) byte {
	switch c {
	case '*':
		return '_'
	case '_':
		return '*'
	}
	return 0
}

type emphasisResolver struct {
	p         *inline
	owner     delimOwners // position of each delimiter byte -> its pair
	enclosing [][]int     // for each pair, the pairs around it
	budget    *int        // assignments the search may still try
}

// delimOwners holds, for each byte of a paragraph, the pair whose
// delimiter it is, or -1: four bytes a byte, where a map took several
// times that for each delimiter byte, and far longer to read.
type delimOwners []int32

// at returns the pair whose delimiter is at pos, if any.
func (o delimOwners) at(pos int) (int, bool) {
	if pos < 0 || pos >= len(o) || o[pos] < 0 {
		return 0, false
	}
	return int(o[pos]), true
}

// reads reports whether pair i, written with c, reads as emphasis.
func (e *emphasisResolver) reads(i int, c byte) bool {
	d := e.p.delims[i]
	prev, prevDelim := e.before(d.open)
	first, firstDelim := e.after(d.open + d.n)
	last, lastDelim := e.before(d.close)
	next, nextDelim := e.after(d.close + d.n)
	if prevDelim == c || firstDelim == c || lastDelim == c || nextDelim == c {
		return false // the runs would merge
	}
	if r := rune(c); prev == r || first == r || last == r || next == r {
		return false // an escaped character beside the run: readers differ on it
	}
	if !canOpen(prev, first, c) || !canClose(last, next, c) {
		return false
	}
	// Inside emphasis of the same character, an opening run that could also
	// close would close the outer one instead, unless CommonMark's rule of
	// three keeps them apart (run lengths summing to a multiple of three).
	if canClose(prev, first, c) {
		for _, j := range e.enclosing[i] {
			o := e.p.delims[j]
			if o.dropped || o.c != c {
				continue
			}
			if (o.n+d.n)%3 != 0 || (o.n%3 == 0 && d.n%3 == 0) {
				return false
			}
		}
	}
	return true
}

// before returns the rune shown before position pos, skipping delimiters
// left out, and the delimiter character it is if it belongs to an emphasis
// still in place (0 otherwise). The start of a line reads as a space.
func (e *emphasisResolver) before(pos int) (rune, byte) {
	b := e.p.b
	j := pos - 1
	for j >= 0 {
		k, ok := e.owner.at(j)
		if !ok {
			break
		}
		if d := e.p.delims[k]; !d.dropped {
			return rune(d.c), d.c
		}
		j--
	}
	if j < 0 || b[j] == '\n' {
		return ' ', 0
	}
	r, _ := utf8.DecodeLastRune(b[:j+1])
	return r, 0
}

// after is before's mirror: the rune shown at pos or after it.
func (e *emphasisResolver) after(pos int) (rune, byte) {
	b := e.p.b
	j := pos
	for j < len(b) {
		k, ok := e.owner.at(j)
		if !ok {
			break
		}
		if d := e.p.delims[k]; !d.dropped {
			return rune(d.c), d.c
		}
		j++
	}
	if j >= len(b) || b[j] == '\n' {
		return ' ', 0
	}
	r, _ := utf8.DecodeRune(b[j:])
	return r, 0
}

// rewrite rewrites the paragraph with each delimiter as resolved: left
// out, switched, or as it was. Two code spans that only delimiters left
// out kept apart get a space between them instead, as code does for
// spans side by side: their fences would otherwise make one run of
// backticks, and the two spans one.
func (e *emphasisResolver) rewrite() {
	p := e.p
	if e.inPlace() {
		// No byte goes and the runs stay as they are: the kept
		// delimiters get their characters where they stand.
		for _, d := range p.delims {
			for k := range d.n {
				p.b[d.open+k], p.b[d.close+k] = d.c, d.c
			}
		}
		p.delims = p.delims[:0]
		return
	}
	old, oldRuns := p.b, p.runs
	p.b = make([]byte, 0, len(old))
	p.runs = make([]classRun, 0, len(oldRuns))
	ri := 0
	gap := false // delimiters left out since the last byte written
	for i, c := range old {
		for oldRuns[ri].end <= i {
			ri++
		}
		if k, ok := e.owner.at(i); ok {
			d := p.delims[k]
			if d.dropped {
				gap = true
				continue
			}
			c = d.c
		}
		if n := len(p.b); gap && c == '`' && oldRuns[ri].c == bSyntax && n > 0 && p.b[n-1] == '`' && p.lastClass() == bSyntax {
			p.b = append(p.b, ' ')
			p.mark(bSyntax)
		}
		gap = false
		p.b = append(p.b, c)
		p.mark(oldRuns[ri].c)
	}
	p.delims = p.delims[:0]
}

// inPlace reports whether rewrite would write the paragraph's bytes back
// with only its delimiters' characters changed, and its runs as they are:
// no pair is dropped, and no run is empty nor of the class of the run
// before it (which rewrite, marking each byte again, would merge). Most
// paragraphs with emphasis keep all of it.
func (e *emphasisResolver) inPlace() bool {
	p := e.p
	for _, d := range p.delims {
		if d.dropped {
			return false
		}
	}
	start := 0
	for i, r := range p.runs {
		if r.end <= start || i > 0 && p.runs[i-1].c == r.c {
			return false
		}
		start = r.end
	}
	return start == len(p.b)
}

// canOpen reports whether delimiter d between prev and first can open
// emphasis (CommonMark's left-flanking rule, stricter for _).
func canOpen(prev, first rune, d byte) bool {
	left := !unicode.IsSpace(first) && (!isPunctRune(first) || unicode.IsSpace(prev) || isPunctRune(prev))
	if d != '_' {
		return left
	}
	right := !unicode.IsSpace(prev) && (!isPunctRune(prev) || unicode.IsSpace(first) || isPunctRune(first))
	return left && (!right || isPunctRune(prev))
}

// canClose reports whether delimiter d between last and next can close
// emphasis.
func canClose(last, next rune, d byte) bool {
	right := !unicode.IsSpace(last) && (!isPunctRune(last) || unicode.IsSpace(next) || isPunctRune(next))
	if d != '_' {
		return right
	}
	left := !unicode.IsSpace(next) && (!isPunctRune(next) || unicode.IsSpace(last) || isPunctRune(last))
	return right && (!left || isPunctRune(next))
}
