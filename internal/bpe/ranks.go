package bpe

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	loader "github.com/pkoukk/tiktoken-go-loader"
)

// noRank is the rank of a byte string that is not a token.
const noRank = ^uint32(0)

// ranks maps a token's bytes to its rank, which is both its id and its
// priority when merging (lower merges first). It is an open-addressing hash
// table without pointers, so the garbage collector never scans its hundreds
// of thousands of entries as it would a map[string]int, and a slot holds
// the first eight bytes of its token, so most lookups touch one cache line.
type ranks struct {
	data   []byte // every token's bytes, back to back
	slots  []slot
	mask   uint64
	seed   uint64
	maxLen int      // the longest token; longer strings are never tokens
	pairs  []uint32 // rank of every two-byte string, indexed by its bytes: merging starts with them
}

// slot is a token's first eight bytes (see head) and len<<52 | offset<<20 | rank.
type slot struct {
	head, meta uint64
}

const (
	rankBits = 20
	offBits  = 32

	// maxTokenLen bounds the length of a token (the longest is 128 bytes):
	// the merger keeps part lengths in bytes.
	maxTokenLen = 255
)

// loadRanks builds the rank table of the named encoding from the tiktoken
// files embedded in tiktoken-go-loader: nothing is downloaded.
func loadRanks(name string) (*ranks, error) {
	m, err := loader.NewOfflineLoader().LoadTiktokenBpe(name + ".tiktoken")
	if err != nil {
		return nil, fmt.Errorf("load %s ranks: %w", name, err)
	}
	return newRanks(m)
}

// newRanks builds the table of the tokens and ranks in m.
func newRanks(m map[string]int) (*ranks, error) {
	size := 0
	for tok := range m {
		size += len(tok)
	}
	if size >= 1<<offBits {
		return nil, fmt.Errorf("rank table too large (%d bytes)", size)
	}
	nslots := 1 << bits.Len(uint(len(m)*4/3)) // load factor at most 3/4
	t := &ranks{
		data:  make([]byte, 0, size),
		slots: make([]slot, nslots),
		mask:  uint64(nslots - 1),
		seed:  rand.Uint64(),
	}
	var single [256]bool
	for tok, rank := range m {
		if len(tok) == 0 || len(tok) > maxTokenLen || rank < 0 || rank >= 1<<rankBits {
			return nil, fmt.Errorf("token %q with rank %d does not fit the table", tok, rank)
		}
		t.maxLen = max(t.maxLen, len(tok))
		off := len(t.data)
		t.data = append(t.data, tok...)
		h, i := head(tok), t.hash(tok)&t.mask
		for t.slots[i].meta != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = slot{h, uint64(len(tok))<<(offBits+rankBits) | uint64(off)<<rankBits | uint64(rank)}
		if len(tok) == 1 {
			single[tok[0]] = true
		}
	}
	t.pairs = make([]uint32, 1<<16)
	for i := range t.pairs {
		t.pairs[i] = t.lookup(string([]byte{byte(i >> 8), byte(i)}))
	}
	for b, ok := range single {
		if !ok {
			// Every byte must be a token, or some text could not be encoded.
			return nil, fmt.Errorf("byte %#x is not a token", b)
		}
	}
	return t, nil
}

// lookup returns the rank of the token s, or noRank when s is not a token.
func (t *ranks) lookup(s string) uint32 {
	if len(s) > t.maxLen || len(s) == 0 {
		return noRank
	}
	return t.find(s, head(s), t.hash(s))
}

// pair returns the rank of the two bytes at s[i:].
func (t *ranks) pair(s string, i int) uint32 {
	return t.pairs[int(s[i])<<8|int(s[i+1])]
}

// find looks up s (0 < len(s) <= maxLen) from its head and hash.
func (t *ranks) find(s string, h, hash uint64) uint32 {
	for i := hash & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.meta == 0 {
			return noRank
		}
		if e.head != h || int(e.meta>>(offBits+rankBits)) != len(s) {
			continue
		}
		if len(s) > 8 {
			off := int(e.meta>>rankBits) & (1<<offBits - 1)
			if string(t.data[off+8:off+len(s)]) != s[8:] {
				continue
			}
		}
		return uint32(e.meta & (1<<rankBits - 1))
	}
}

// head packs the first eight bytes of s, or all of a shorter s, into a
// word. With the length, it identifies a string of up to eight bytes.
func head(s string) uint64 {
	switch n := len(s); {
	case n >= 8:
		return load64(s)
	case n >= 4:
		// Two overlapping halves cover all n bytes.
		return uint64(load32(s)) | uint64(load32(s[n-4:]))<<32
	case n > 0:
		return uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	return 0
}

// hash hashes s from its head, its last eight bytes and its length.
func (t *ranks) hash(s string) uint64 {
	h := head(s) ^ t.seed
	if len(s) > 8 {
		h ^= bits.RotateLeft64(load64(s[len(s)-8:]), 31)
	}
	hi, lo := bits.Mul64(h^uint64(len(s))<<56, 0x9e3779b97f4a7c15)
	return hi ^ lo
}

// load64 and load32 read little-endian words from strings of at least
// 8 and 4 bytes; the compiler makes each a single load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
