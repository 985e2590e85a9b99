// Package extracteval measures how well an extractor finds a page's main
// content: word-level precision, recall and F1 against a reference text, and
// the share of must-have snippets found and of must-not-have snippets leaked,
// overall and per page type. The extraction benchmark command runs it on the
// shared corpora (WCXB, Readability's and Defuddle's test pages).
//
// The definitions follow the WCXB benchmark's own evaluation:
//
//   - A text's words are its maximal runs of Unicode letters, marks, digits
//     and underscores, lowercased (Python's \w+ on the lowercased text).
//     Markdown is first reduced to its text: syntax, link targets and image
//     addresses are dropped, link texts, image alt texts, code and table
//     cells kept.
//   - Precision, recall and F1 compare the words as multisets (bags): the
//     overlap counts each word as often as it occurs in both texts. An empty
//     extraction of a non-empty reference scores 0.
//   - A snippet is found when its words occur in the text's words, in order
//     and next to each other; the last word of a snippet of four words or
//     more may be the start of a longer one (WCXB's snippets are often cut
//     mid-word). Unlike WCXB's plain substring
//     test this ignores punctuation and layout (a list marker, a line break,
//     a table's pipes, Markdown escapes).
//   - Figures are means over pages: every page weighs the same.
package extracteval

import (
	"strings"
	"unicode"
)

// Words returns the lowercased words of text: its maximal runs of letters,
// marks, digits and underscores.
func Words(text string) []string {
	var words []string
	start := -1
	for i, r := range text {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			words = append(words, strings.ToLower(text[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		words = append(words, strings.ToLower(text[start:]))
	}
	return words
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || unicode.IsNumber(r)
}

// PRF is a precision, recall and F1 triple.
type PRF struct {
	Precision, Recall, F1 float64
}

// WordF1 compares the words of got with those of want as bags of words.
func WordF1(got, want string) PRF {
	g, w := Words(got), Words(want)
	switch {
	case len(w) == 0 && len(g) == 0:
		return PRF{1, 1, 1}
	case len(w) == 0 || len(g) == 0:
		return PRF{}
	}
	counts := make(map[string]int, len(w))
	for _, t := range w {
		counts[t]++
	}
	overlap := 0
	for _, t := range g {
		if counts[t] > 0 {
			counts[t]--
			overlap++
		}
	}
	if overlap == 0 {
		return PRF{}
	}
	p := float64(overlap) / float64(len(g))
	r := float64(overlap) / float64(len(w))
	return PRF{p, r, 2 * p * r / (p + r)}
}

// Snippets returns which of snippets occur in text (see the package doc).
func Snippets(text string, snippets []string) []bool {
	found := make([]bool, len(snippets))
	if len(snippets) == 0 {
		return found
	}
	t := " " + strings.Join(Words(text), " ") + " "
	for i, s := range snippets {
		w := Words(s)
		switch {
		case len(w) >= 4:
			found[i] = strings.Contains(t, " "+strings.Join(w, " "))
		case len(w) > 0:
			found[i] = strings.Contains(t, " "+strings.Join(w, " ")+" ")
		}
	}
	return found
}
