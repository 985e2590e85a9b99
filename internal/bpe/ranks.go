package bpe

import (
	"fmt"
	"hash/maphash"
	"math/bits"

	loader "github.com/pkoukk/tiktoken-go-loader"
)

// noRank is the rank of a byte string that is not a token.
const noRank = ^uint32(0)

// ranks maps a token's bytes to its rank, which is both its id and its
// priority when merging (lower merges first). It is an open-addressing hash
// table without pointers, so the garbage collector never scans its hundreds
// of thousands of entries, as it would a map[string]int.
type ranks struct {
	data   []byte   // every token's bytes, back to back
	slots  []uint64 // tag<<52 | len<<44 | offset<<20 | rank; 0 is empty
	mask   uint64
	seed   maphash.Seed
	maxLen int       // the longest token; longer strings are never tokens
	single [256]bool // which single bytes are tokens (all, in the encodings we know)
}

const (
	rankBits = 20
	offBits  = 24
	lenBits  = 8
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

func newRanks(m map[string]int) (*ranks, error) {
	size := 0
	for tok := range m {
		size += len(tok)
	}
	if size >= 1<<offBits {
		return nil, fmt.Errorf("rank table too large (%d bytes)", size)
	}
	nslots := 1 << bits.Len(uint(2*len(m))) // load factor at most 1/2
	t := &ranks{
		data:  make([]byte, 0, size),
		slots: make([]uint64, nslots),
		mask:  uint64(nslots - 1),
		seed:  maphash.MakeSeed(),
	}
	for tok, rank := range m {
		if len(tok) == 0 || len(tok) >= 1<<lenBits || rank < 0 || rank >= 1<<rankBits {
			return nil, fmt.Errorf("token %q with rank %d does not fit the table", tok, rank)
		}
		if t.lookup(tok) != noRank {
			return nil, fmt.Errorf("token %q listed twice", tok)
		}
		off := len(t.data)
		t.data = append(t.data, tok...)
		h := maphash.String(t.seed, tok)
		i := h & t.mask
		for t.slots[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = h>>52<<52 | uint64(len(tok))<<44 | uint64(off)<<rankBits | uint64(rank)
		t.maxLen = max(t.maxLen, len(tok))
		if len(tok) == 1 {
			t.single[tok[0]] = true
		}
	}
	for b, ok := range t.single {
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
	h := maphash.String(t.seed, s)
	tag := h >> 52
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		e := t.slots[i]
		if e == 0 {
			return noRank
		}
		if e>>52 != tag || int(e>>44&(1<<lenBits-1)) != len(s) {
			continue
		}
		off := int(e >> rankBits & (1<<offBits - 1))
		if string(t.data[off:off+len(s)]) == s {
			return uint32(e & (1<<rankBits - 1))
		}
	}
}
