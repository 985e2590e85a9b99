package bpe

// Byte-pair merging, counting only. Both implementations merge exactly as
// tiktoken-go does: repeatedly the adjacent pair whose joined bytes have the
// lowest rank, the leftmost of equal ranks, until no pair is a token.

// linearMax is the longest piece merged by the quadratic scan, which is the
// fastest for short pieces; longer ones use a heap.
const linearMax = 48

// part is a part of a piece during merging: where it starts, and the rank
// of its pair with the next part.
type part struct {
	start int
	rank  uint32
}

// countLinear counts the tokens of p (len(p) >= 2) with tiktoken's
// quadratic algorithm, using parts as scratch.
func countLinear(t *ranks, p string, parts []part) (int, []part) {
	parts = parts[:0]
	for i := range len(p) + 1 {
		parts = append(parts, part{start: i, rank: noRank})
	}
	for i := 0; i+2 < len(parts); i++ {
		parts[i].rank = t.pair(p, i)
	}
	// pairRank is the rank of parts i and i+1 joined with the part after.
	pairRank := func(i int) uint32 {
		if i+3 < len(parts) {
			return t.lookup(p[parts[i].start:parts[i+3].start])
		}
		return noRank
	}
	for {
		best, bi := noRank, -1
		for i := 0; i+1 < len(parts); i++ {
			if parts[i].rank < best {
				best, bi = parts[i].rank, i
			}
		}
		if bi < 0 {
			break
		}
		parts[bi].rank = pairRank(bi)
		if bi > 0 {
			parts[bi-1].rank = pairRank(bi - 1)
		}
		parts = append(parts[:bi+1], parts[bi+2:]...)
	}
	return len(parts) - 1, parts
}

// merger counts the tokens of long pieces in O(n log n): the parts form a
// linked list (a part is named by its first byte's offset) and the pairs
// that are tokens wait in a heap ordered by rank, then offset.
type merger struct {
	size []uint8  // length of the part starting here (tokens are short)
	back []uint8  // distance to the previous part's start
	heap []uint64 // rank<<32 | offset of the parts whose pair is a token
	pos  []int32  // index of each part in heap, or -1
}

// count counts the tokens of p (len(p) >= 2).
func (m *merger) count(t *ranks, p string) int {
	n := len(p)
	m.size = grow(m.size, n)
	m.back = grow(m.back, n)
	m.pos = grow(m.pos, n)
	m.heap = grow(m.heap, n)[:0] // each part is in it at most once
	for i := range n {
		m.size[i], m.back[i], m.pos[i] = 1, 1, -1
		if i+1 < n {
			if r := t.pair(p, i); r != noRank {
				m.pos[i] = int32(len(m.heap))
				m.heap = append(m.heap, uint64(r)<<32|uint64(i))
			}
		}
	}
	if len(m.heap) > 1 {
		for h := (len(m.heap) - 2) / arity; h >= 0; h-- { // from the last parent
			m.down(h)
		}
	}
	// pairRank is the rank of the part at i joined with the one after it.
	pairRank := func(i int) uint32 {
		j := i + int(m.size[i])
		if j >= n {
			return noRank
		}
		return t.lookup(p[i : j+int(m.size[j])])
	}
	count := n
	for len(m.heap) > 0 {
		i := int(uint32(m.heap[0]))
		j := i + int(m.size[i]) // the part merged into i
		m.size[i] += m.size[j]  // fits: the joined part is a token
		if k := i + int(m.size[i]); k < n {
			m.back[k] = m.size[i]
		}
		if m.pos[j] >= 0 {
			m.remove(int(m.pos[j]))
		}
		count--
		m.set(i, pairRank(i))
		if i > 0 {
			prev := i - int(m.back[i])
			m.set(prev, pairRank(prev))
		}
	}
	return count
}

// set gives part i a new pair rank and moves it in the heap.
func (m *merger) set(i int, rank uint32) {
	h := int(m.pos[i])
	switch {
	case h < 0 && rank != noRank:
		m.pos[i] = int32(len(m.heap))
		m.heap = append(m.heap, uint64(rank)<<32|uint64(i))
		m.up(len(m.heap) - 1)
	case h >= 0 && rank == noRank:
		m.remove(h)
	case h >= 0:
		old := m.heap[h]
		m.heap[h] = uint64(rank)<<32 | uint64(i)
		if m.heap[h] < old {
			m.up(h)
		} else {
			m.down(h)
		}
	}
}

// remove takes the entry at heap index h out of the heap.
func (m *merger) remove(h int) {
	last := len(m.heap) - 1
	m.pos[uint32(m.heap[h])] = -1
	if h == last {
		m.heap = m.heap[:last]
		return
	}
	e := m.heap[last]
	m.heap = m.heap[:last]
	m.heap[h] = e
	m.pos[uint32(e)] = int32(h)
	m.up(h)
	m.down(int(m.pos[uint32(e)]))
}

// arity is the heap's number of children per node: four make it half as
// deep as a binary heap, and siblings share a cache line.
const arity = 4

// up and down restore the heap order; entries compare as rank, then
// offset: the leftmost of equal ranks merges first.
func (m *merger) up(h int) {
	e := m.heap[h]
	for h > 0 {
		parent := (h - 1) / arity
		if m.heap[parent] <= e {
			break
		}
		m.heap[h] = m.heap[parent]
		m.pos[uint32(m.heap[h])] = int32(h)
		h = parent
	}
	m.heap[h] = e
	m.pos[uint32(e)] = int32(h)
}

func (m *merger) down(h int) {
	e := m.heap[h]
	for {
		first := arity*h + 1
		if first >= len(m.heap) {
			break
		}
		c := first
		for k := first + 1; k < min(first+arity, len(m.heap)); k++ {
			if m.heap[k] < m.heap[c] {
				c = k
			}
		}
		if e <= m.heap[c] {
			break
		}
		m.heap[h] = m.heap[c]
		m.pos[uint32(m.heap[h])] = int32(h)
		h = c
	}
	m.heap[h] = e
	m.pos[uint32(e)] = int32(h)
}

// grow returns s resized to n, reusing its storage when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
