// Package bpe counts the tokens of a text as OpenAI's byte-pair encodings
// o200k_base and cl100k_base split it: the same counts as
// github.com/pkoukk/tiktoken-go's Encode(text, nil, nil), many times faster.
//
// Counting takes three steps. A hand-written pre-tokenizer splits the text
// into pieces exactly where the encoding's regular expression would; a
// piece that is itself a token counts one; any other piece is merged pair
// by pair on the encoding's rank table. Each goroutine's worker remembers
// the counts of the short pieces it saw last, so the frequent ones cost
// neither a table lookup nor a merge.
//
// Counting takes time linear in the text, but for one case: a piece of n
// bytes that is not a token (a run of letters, of punctuation or of
// whitespace) is merged in O(n log n) time with 14n bytes of scratch
// memory. Real text has short pieces; a hostile page made of one word of
// a megabyte costs about a quarter of a second.
//
// The rank tables come from the tiktoken files embedded in
// github.com/pkoukk/tiktoken-go-loader: nothing is downloaded, ever.
//
// Two cases follow tiktoken-go where other tokenizers differ:
//
//   - Special-token text such as "<|endoftext|>" is counted as the ordinary
//     text it is (seven tokens in both encodings: "<", "|", "end", "of",
//     "text", "|", ">" in o200k_base), never as the one special token and
//     never as an error: tiktoken-go's Encode with no allowed and no
//     disallowed special tokens does the same.
//   - A byte that is not part of valid UTF-8 counts as U+FFFD, the
//     replacement character, as it does when tiktoken-go converts the text
//     to runes.
package bpe

import (
	"fmt"
	"sync"
	"unicode/utf8"
)

// Encoding counts tokens in one encoding. Its tables are built on first
// use (about 0.15 s and 10 MB for o200k_base, half that for cl100k_base);
// it is safe for concurrent use, and its goroutines share no lock while
// counting.
type Encoding struct {
	name    string
	o200k   bool
	tables  func() (*tables, error)
	workers sync.Pool // of *worker
}

// tables are an encoding's read-only data.
type tables struct {
	ranks   *ranks
	classes classes
}

// Names lists the encodings New knows.
func Names() []string { return []string{"o200k_base", "cl100k_base"} }

// New returns the named encoding, "o200k_base" or "cl100k_base". Its
// tables are built on the first call to CountTokens.
func New(name string) (*Encoding, error) {
	var o200k bool
	switch name {
	case "o200k_base":
		o200k = true
	case "cl100k_base":
	default:
		return nil, fmt.Errorf("unknown encoding %q (want o200k_base or cl100k_base)", name)
	}
	e := &Encoding{name: name, o200k: o200k}
	e.tables = sync.OnceValues(func() (*tables, error) {
		r, err := loadRanks(name)
		if err != nil {
			return nil, err
		}
		return &tables{ranks: r, classes: newClasses()}, nil
	})
	e.workers.New = func() any { return new(worker) }
	return e, nil
}

// Name returns the encoding's name.
func (e *Encoding) Name() string { return e.name }

// CountTokens returns the number of tokens the encoding splits s into. It
// panics only when the rank tables embedded in the binary are corrupt.
func (e *Encoding) CountTokens(s string) int {
	t, err := e.tables()
	if err != nil {
		panic(fmt.Sprintf("bpe: %s: %v", e.name, err))
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // each invalid byte becomes U+FFFD, as in tiktoken-go
	}
	w := e.workers.Get().(*worker)
	n := 0
	for i := 0; i < len(s); {
		var j int
		if e.o200k {
			j = t.classes.nextO200k(s, i)
		} else {
			j = t.classes.nextCl100k(s, i)
		}
		n += w.count(t.ranks, s[i:j])
		i = j
	}
	w.shrink()
	e.workers.Put(w)
	return n
}

// worker is one goroutine's scratch space and cache.
type worker struct {
	parts  []part
	merger merger
	cache  [cacheSize]cacheEntry
}

const (
	cacheSize  = 8192 // entries, a power of two
	scratchMax = 1 << 16
)

// cacheEntry remembers the count of a piece of at most 16 bytes by its
// head (see head) and its last eight bytes, which with its length are the
// whole piece.
type cacheEntry struct {
	head, tail uint64
	len, n     uint8 // len 0 is an empty entry
}

// count returns the number of tokens of the piece p.
func (w *worker) count(t *ranks, p string) int {
	if len(p) == 1 {
		return 1
	}
	if len(p) > 16 {
		if t.lookup(p) != noRank {
			return 1
		}
		return w.merge(t, p)
	}
	h, hash := head(p), t.hash(p)
	var tail uint64
	if len(p) > 8 {
		tail = load64(p[len(p)-8:])
	}
	c := &w.cache[hash&(cacheSize-1)]
	if c.head == h && c.tail == tail && int(c.len) == len(p) {
		return int(c.n)
	}
	n := 1
	if t.find(p, h, hash) == noRank {
		n = w.merge(t, p)
	}
	*c = cacheEntry{head: h, tail: tail, len: uint8(len(p)), n: uint8(n)}
	return n
}

// merge counts the tokens of p, which is not a token.
func (w *worker) merge(t *ranks, p string) int {
	if len(p) <= linearMax {
		var n int
		n, w.parts = countLinear(t, p, w.parts)
		return n
	}
	return w.merger.count(t, p)
}

// shrink drops scratch space that a long piece grew, so that an idle
// worker holds little memory.
func (w *worker) shrink() {
	if cap(w.merger.pos) > scratchMax {
		w.merger = merger{}
	}
}
