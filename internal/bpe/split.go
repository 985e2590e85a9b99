package bpe

import (
	"unicode"
	"unicode/utf8"
)

// The pre-tokenizers below split text exactly as these regular expressions
// do under github.com/dlclark/regexp2, the engine tiktoken-go runs them with
// (leftmost alternative first, greedy with backtracking, \s as
// unicode.IsSpace, \p{..} as the unicode package's tables, (?i) as
// unicode.ToLower on both sides):
//
// cl100k_base:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// o200k_base (one alternative a line):
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	\p{N}{1,3}
//	 ?[^\s\p{L}\p{N}]+[\r\n/]*
//	\s*[\r\n]+
//	\s+(?!\S)
//	\s+
//
// Every position of the text starts a match of both (a character is a
// letter, a number, whitespace or none of these), so pieces tile the text.

// Character classes, as bits.
const (
	cL     uint8 = 1 << iota // \p{L}
	cN                       // \p{N}
	cS                       // \s
	cUpper                   // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	cLower                   // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
)

// classTableSize covers the Basic Multilingual Plane and the Supplementary
// Multilingual Plane (emoji among them); rarer runes are classified on the fly.
const classTableSize = 0x20000

// classes holds the class bits of every rune below classTableSize.
type classes []uint8

func newClasses() classes {
	c := make(classes, classTableSize)
	for _, t := range []struct {
		bit    uint8
		tables []*unicode.RangeTable
	}{
		{cL, []*unicode.RangeTable{unicode.L}},
		{cN, []*unicode.RangeTable{unicode.N}},
		// unicode.IsSpace is exactly White_Space; a test checks it.
		{cS, []*unicode.RangeTable{unicode.White_Space}},
		{cUpper, []*unicode.RangeTable{unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M}},
		{cLower, []*unicode.RangeTable{unicode.Ll, unicode.Lm, unicode.Lo, unicode.M}},
	} {
		for _, tab := range t.tables {
			for _, r := range tab.R16 {
				for x := int(r.Lo); x <= int(r.Hi); x += int(r.Stride) {
					c[x] |= t.bit
				}
			}
			for _, r := range tab.R32 {
				for x := int(r.Lo); x <= int(r.Hi) && x < classTableSize; x += int(r.Stride) {
					c[x] |= t.bit
				}
			}
		}
	}
	return c
}

// classOf computes the class bits of a rune from the unicode tables, as
// the regular expression engine does.
func classOf(r rune) uint8 {
	var c uint8
	if unicode.Is(unicode.L, r) {
		c |= cL
	}
	if unicode.Is(unicode.N, r) {
		c |= cN
	}
	if unicode.IsSpace(r) {
		c |= cS
	}
	if unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M) {
		c |= cUpper
	}
	if unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M) {
		c |= cLower
	}
	return c
}

// at returns the class bits and the size of the rune at s[i:], i < len(s).
// s is valid UTF-8.
func (c classes) at(s string, i int) (uint8, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return c[b], 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if int(r) < len(c) {
		return c[r], n
	}
	return classOf(r), n
}

// run returns the end of the run of runes with any of the class bits want
// that starts at i.
func (c classes) run(s string, i int, want uint8) int {
	for i < len(s) {
		k, n := c.at(s, i)
		if k&want == 0 {
			break
		}
		i += n
	}
	return i
}

// isPrefix reports whether a rune of class k, starting with byte b, is in
// [^\r\n\p{L}\p{N}]: the optional character before a word.
func isPrefix(k uint8, b byte) bool {
	return k&(cL|cN) == 0 && b != '\r' && b != '\n'
}

// isPunct reports whether a rune of class k is in [^\s\p{L}\p{N}].
func isPunct(k uint8) bool { return k&(cS|cL|cN) == 0 }

// nextCl100k returns the end of the cl100k_base piece that starts at i.
func (c classes) nextCl100k(s string, i int) int {
	if s[i] == '\'' {
		if e := contraction(s, i); e > i {
			return e
		}
	}
	k0, n0 := c.at(s, i)
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if k0&cL != 0 {
		return c.run(s, i+n0, cL)
	}
	if isPrefix(k0, s[i]) && i+n0 < len(s) {
		if k1, n1 := c.at(s, i+n0); k1&cL != 0 {
			return c.run(s, i+n0+n1, cL)
		}
	}
	if k0&cN != 0 {
		return c.digits(s, i+n0)
	}
	if e := c.punct(s, i, false); e > i {
		return e
	}
	return c.space(s, i)
}

// nextO200k returns the end of the o200k_base piece that starts at i.
func (c classes) nextO200k(s string, i int) int {
	k0, n0 := c.at(s, i)
	prefix := isPrefix(k0, s[i])
	// The engine tries the optional prefix taken, with all its
	// backtracking, before it tries it left out.
	if prefix {
		if e := c.lowerWord(s, i+n0); e > 0 {
			return e
		}
	}
	if e := c.lowerWord(s, i); e > 0 {
		return e
	}
	if prefix {
		if e := c.upperWord(s, i+n0); e > 0 {
			return e
		}
	}
	if e := c.upperWord(s, i); e > 0 {
		return e
	}
	if k0&cN != 0 {
		return c.digits(s, i+n0)
	}
	if e := c.punct(s, i, true); e > i {
		return e
	}
	return c.space(s, i)
}

// lowerWord matches U*W+ contraction? at j, where U is [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
// and W is [\p{Ll}\p{Lm}\p{Lo}\p{M}], and returns its end, or -1.
func (c classes) lowerWord(s string, j int) int {
	// U* takes its longest run; W+ must then match right after it, or,
	// backtracking, at the last rune of the run that is also in W (W+ then
	// takes just that rune: the runes after it are not in W).
	k, lastW := j, -1
	for k < len(s) {
		cl, n := c.at(s, k)
		if cl&cUpper == 0 {
			break
		}
		k += n
		if cl&cLower != 0 {
			lastW = k
		}
	}
	if k < len(s) {
		if cl, n := c.at(s, k); cl&cLower != 0 {
			return contraction(s, c.run(s, k+n, cLower))
		}
	}
	if lastW >= 0 {
		return contraction(s, lastW)
	}
	return -1
}

// upperWord matches U+W* contraction? at j (see lowerWord) and returns its
// end, or -1.
func (c classes) upperWord(s string, j int) int {
	if j >= len(s) {
		return -1
	}
	cl, n := c.at(s, j)
	if cl&cUpper == 0 {
		return -1
	}
	k := c.run(s, j+n, cUpper)
	return contraction(s, c.run(s, k, cLower))
}

// digits matches the rest of \p{N}{1,3} after its first rune, which ends at j.
func (c classes) digits(s string, j int) int {
	for range 2 {
		if j >= len(s) {
			break
		}
		k, n := c.at(s, j)
		if k&cN == 0 {
			break
		}
		j += n
	}
	return j
}

// punct matches " ?[^\s\p{L}\p{N}]+[\r\n]*" at i (with slash, "[\r\n/]*"
// at the end) and returns its end, or i.
func (c classes) punct(s string, i int, slash bool) int {
	j := i
	if s[j] == ' ' {
		// Without the optional space the match fails too: ' ' is \s.
		j++
	}
	if j >= len(s) {
		return i
	}
	if k, _ := c.at(s, j); !isPunct(k) {
		return i
	}
	for j < len(s) {
		k, n := c.at(s, j)
		if !isPunct(k) {
			break
		}
		j += n
	}
	for j < len(s) && (s[j] == '\r' || s[j] == '\n' || slash && s[j] == '/') {
		j++
	}
	return j
}

// space matches "\s*[\r\n]+|\s+(?!\S)|\s+" at i, where a whitespace rune
// starts, and returns its end.
func (c classes) space(s string, i int) int {
	e, last, lastNL, runes := i, i, -1, 0
	for e < len(s) {
		k, n := c.at(s, e)
		if k&cS == 0 {
			break
		}
		if s[e] == '\r' || s[e] == '\n' {
			lastNL = e
		}
		last = e
		e += n
		runes++
	}
	switch {
	case lastNL >= 0:
		// \s* backtracks to the last line break; [\r\n]+ takes it.
		return lastNL + 1
	case e == len(s) || runes == 1:
		// \s+(?!\S) at the end of the text, or \s+ for a lone space.
		return e
	default:
		// \s+(?!\S) leaves the last space to the word after it.
		return last
	}
}

// contraction matches (?i:'s|'t|'re|'ve|'m|'ll|'d) at i and returns its
// end, or i.
func contraction(s string, i int) int {
	if i >= len(s) || s[i] != '\'' {
		return i
	}
	r, n := lowerAt(s, i+1)
	switch r {
	case 's', 't', 'm', 'd':
		return i + 1 + n
	case 'r', 'v', 'l':
		want := 'e'
		if r == 'l' {
			want = 'l'
		}
		if r2, n2 := lowerAt(s, i+1+n); r2 == want {
			return i + 1 + n + n2
		}
	}
	return i
}

// lowerAt returns the rune at s[i:] lowercased as the regular expression
// engine compares it in (?i) groups, and its size; -1 at the end.
func lowerAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return -1, 0
	}
	if b := s[i]; b < utf8.RuneSelf {
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		return rune(b), 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	return unicode.ToLower(r), n
}
