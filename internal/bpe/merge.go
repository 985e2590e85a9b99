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
	rank []uint32 // rank of the pair the part starting here begins, or noRank
	size []uint8  // length of the part starting here (tokens are short)
	back []uint8  // distance to the previous part's start
	heap []int32  // parts with a pair that is a token
	pos  []int32  // index of each part in heap, or -1
}

// count counts the tokens of p (len(p) >= 2).
func (m *merger) count(t *ranks, p string) int {
	n := len(p)
	m.rank = grow(m.rank, n)
	m.size = grow(m.size, n)
	m.back = grow(m.back, n)
	m.pos = grow(m.pos, n)
	m.heap = m.heap[:0]
	for i := range n {
		m.size[i], m.back[i], m.pos[i] = 1, 1, -1
		m.rank[i] = noRank
		if i+1 < n {
			m.rank[i] = t.pair(p, i)
		}
		if m.rank[i] != noRank {
			m.pos[i] = int32(len(m.heap))
			m.heap = append(m.heap, int32(i))
		}
	}
	for i := len(m.heap)/2 - 1; i >= 0; i-- {
		m.down(i)
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
		i := int(m.heap[0])
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
			m.set(i-int(m.back[i]), pairRank(i-int(m.back[i])))
		}
	}
	return count
}

// set gives part i a new pair rank and moves it in the heap.
func (m *merger) set(i int, rank uint32) {
	m.rank[i] = rank
	h := int(m.pos[i])
	switch {
	case h < 0 && rank != noRank:
		m.pos[i] = int32(len(m.heap))
		m.heap = append(m.heap, int32(i))
		m.up(len(m.heap) - 1)
	case h >= 0 && rank == noRank:
		m.remove(h)
	case h >= 0:
		m.up(h)
		m.down(int(m.pos[i]))
	}
}

// remove takes the entry at heap index h out of the heap.
func (m *merger) remove(h int) {
	last := len(m.heap) - 1
	m.pos[m.heap[h]] = -1
	if h == last {
		m.heap = m.heap[:last]
		return
	}
	x := m.heap[last]
	m.heap[h] = x
	m.pos[x] = int32(h)
	m.heap = m.heap[:last]
	m.up(h)
	m.down(int(m.pos[x]))
}

// less orders heap entries by rank, then by offset: the leftmost of equal
// ranks merges first.
func (m *merger) less(a, b int) bool {
	pa, pb := m.heap[a], m.heap[b]
	ra, rb := m.rank[pa], m.rank[pb]
	return ra < rb || ra == rb && pa < pb
}

func (m *merger) swap(a, b int) {
	m.heap[a], m.heap[b] = m.heap[b], m.heap[a]
	m.pos[m.heap[a]] = int32(a)
	m.pos[m.heap[b]] = int32(b)
}

func (m *merger) up(h int) {
	for h > 0 {
		parent := (h - 1) / 2
		if !m.less(h, parent) {
			break
		}
		m.swap(h, parent)
		h = parent
	}
}

func (m *merger) down(h int) {
	for {
		l := 2*h + 1
		if l >= len(m.heap) {
			break
		}
		c := l
		if r := l + 1; r < len(m.heap) && m.less(r, l) {
			c = r
		}
		if !m.less(c, h) {
			break
		}
		m.swap(h, c)
		h = c
	}
}

// grow returns s resized to n, reusing its storage when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
