package md

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Span limits: HTML clamps colspan to 1000 and rowspan to 65534; on top of
// that, cells added by spans are budgeted, per page, so a few hostile spans
// cannot blow small tables up into millions of empty cells.
const (
	maxColspan     = 1000
	maxRowspan     = 65534
	spanCellBudget = 100_000
)

// table renders a data table as a GFM table: the first row is the header
// (a <thead>'s, else the table's first), alignment comes from the header
// cells, spanned cells are left empty, and a cell's several blocks are
// joined with <br>. A layout table (role=presentation, a table of tables,
// a single cell or a column without a header cell, headings in cells) is
// not data: its cells render as blocks.
// A highlighter's table of line numbers and code is a code block (see
// codeTable).
func (r *renderer) table(n *html.Node) {
	rows, caption := tableRows(n)
	if code := codeTable(n, rows); code != nil {
		r.codeTableBlock(n, code)
		return
	}
	if r.flat > 0 {
		r.block(n)
		return
	}
	if isLayoutTable(n, rows) {
		r.block(n)
		return
	}
	r.flushPara()
	if caption != nil {
		r.block(caption)
	}
	grid := tableGrid(rows, &r.allow.spanCells)
	cols := 0
	for _, row := range grid {
		cols = max(cols, len(row))
	}
	if cols == 0 {
		return
	}
	var sb strings.Builder
	// The header row has every column; a later row stops at its last
	// non-empty cell, as GFM fills in the rest. Padding each row to the
	// widest would make the Markdown grow as rows times columns: one wide
	// row in a long table would cost every row its width.
	writeRow := func(cells []string, width int) {
		sb.WriteByte('|')
		for c := range width {
			sb.WriteByte(' ')
			if c < len(cells) {
				sb.WriteString(cells[c])
			}
			sb.WriteString(" |")
		}
		sb.WriteByte('\n')
	}
	cells := make([]string, 0, cols)
	filled := false // a cell holds something
	written := 0    // rows written
	for i, row := range grid {
		cells = cells[:0]
		empty := true
		for _, cell := range row {
			s := r.cell(cell)
			empty = empty && s == ""
			cells = append(cells, s)
		}
		filled = filled || !empty
		if empty && i > 0 {
			continue
		}
		written++
		if i > 0 {
			for cells[len(cells)-1] == "" {
				cells = cells[:len(cells)-1]
			}
			writeRow(cells, len(cells))
		} else {
			writeRow(cells, cols)
		}
		if i == 0 {
			sb.WriteByte('|')
			for c := range cols {
				var a string
				if c < len(row) && row[c] != nil {
					a = cellAlign(row[c])
				}
				switch a {
				case "left":
					sb.WriteString(" :--- |")
				case "center":
					sb.WriteString(" :---: |")
				case "right":
					sb.WriteString(" ---: |")
				default:
					sb.WriteString(" --- |")
				}
			}
			sb.WriteByte('\n')
		}
	}
	if !filled {
		// Every cell is empty (a layout table of images without alt
		// text, of links extraction dropped): a grid of nothing.
		return
	}
	if cols == 1 && written == 1 {
		// One cell once its empty rows are gone: a box, as a table of
		// one cell is (see isLayoutTable); written as a table, it would
		// read back as one cell and convert to a paragraph.
		r.block(n)
		return
	}
	r.beginBlock()
	r.lines(strings.TrimSuffix(sb.String(), "\n"))
	r.endBlock()
}

// cell renders one cell's content on one line; nil is a spanned cell.
func (r *renderer) cell(n *html.Node) string {
	if n == nil {
		return ""
	}
	q := r.sub("<br>", ' ', func() { r.children(n) })
	s := q.escaped(escapeContext{table: true, search: &r.allow.search})
	r.release(&q)
	return strings.ReplaceAll(s, "\n", " ")
}

// tableRows returns a table's rows in display order (header rows first,
// footer rows last) and its caption.
func tableRows(n *html.Node) (rows []*html.Node, caption *html.Node) {
	var head, body, foot []*html.Node
	addRows := func(dst *[]*html.Node, section *html.Node) {
		for c := section.FirstChild; c != nil; c = c.NextSibling {
			if c.DataAtom == atom.Tr {
				*dst = append(*dst, c)
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Caption:
			if caption == nil {
				caption = c
			}
		case atom.Thead:
			addRows(&head, c)
		case atom.Tbody:
			addRows(&body, c)
		case atom.Tfoot:
			addRows(&foot, c)
		case atom.Tr:
			body = append(body, c)
		}
	}
	rows = append(head, body...)
	return append(rows, foot...), caption
}

// rowCells returns the td and th elements of a row.
func rowCells(tr *html.Node) []*html.Node {
	var cells []*html.Node
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Td || c.DataAtom == atom.Th {
			cells = append(cells, c)
		}
	}
	return cells
}

// isLayoutTable reports whether a table lays out a page rather than holds
// data.
func isLayoutTable(n *html.Node, rows []*html.Node) bool {
	role := getAttr(n, "role")
	if hasToken(role, "presentation") || hasToken(role, "none") {
		return true
	}
	widest := 0
	layout, header := false, false
	for _, row := range rows {
		cells := rowCells(row)
		widest = max(widest, len(cells))
		for _, c := range cells {
			header = header || c.DataAtom == atom.Th
			if findFirst(c, func(d *html.Node) bool {
				switch d.DataAtom {
				case atom.Table, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
					return true
				}
				return false
			}) != nil {
				layout = true
			}
		}
	}
	// A single cell, or one column of them without a header cell (an
	// image above its caption), relates no cells to each other: as
	// blocks, it says the same without a table's rules. A column under
	// its <th> is a list of values under their name, as GFM writes it.
	return layout || widest == 0 || (widest == 1 && (!header || cellCount(rows) == 1))
}

// cellCount counts the td and th elements of rows.
func cellCount(rows []*html.Node) int {
	n := 0
	for _, row := range rows {
		n += len(rowCells(row))
	}
	return n
}

// tableGrid places the cells of rows on a grid, as the HTML table model
// does: a cell spanning several columns or rows occupies them, and the
// occupied slots stay nil. Spans that would add more cells than budget
// allows are ignored; the cells they add are taken from it.
func tableGrid(rows []*html.Node, budget *int) [][]*html.Node {
	grid := make([][]*html.Node, len(rows))
	filled := make([][]bool, len(rows))
	occupy := func(ri, ci int, n *html.Node) {
		for len(grid[ri]) <= ci {
			grid[ri] = append(grid[ri], nil)
			filled[ri] = append(filled[ri], false)
		}
		grid[ri][ci] = n
		filled[ri][ci] = true
	}
	for ri, row := range rows {
		ci := 0
		for _, c := range rowCells(row) {
			for ci < len(filled[ri]) && filled[ri][ci] {
				ci++
			}
			cs := spanAttr(c, "colspan", 1, maxColspan)
			rs := spanAttr(c, "rowspan", 1, maxRowspan)
			if rs == 0 || ri+rs > len(rows) {
				rs = len(rows) - ri
			}
			if extra := cs*rs - 1; extra > *budget {
				cs, rs = 1, 1
			} else {
				*budget -= extra
			}
			for dr := range rs {
				for dc := range cs {
					var cell *html.Node
					if dr == 0 && dc == 0 {
						cell = c
					}
					occupy(ri+dr, ci+dc, cell)
				}
			}
			ci += cs
		}
	}
	return grid
}

// spanAttr reads a colspan or rowspan, clamped as HTML clamps it.
func spanAttr(n *html.Node, key string, def, hi int) int {
	v, ok := intAttr(n, key)
	if !ok || v < 0 {
		return def
	}
	if key == "colspan" && v == 0 {
		return 1
	}
	return min(v, hi)
}

// cellAlign reads a header cell's alignment from align or text-align.
func cellAlign(n *html.Node) string {
	a := strings.ToLower(strings.TrimSpace(getAttr(n, "align")))
	if style := getAttr(n, "style"); a == "" && style != "" {
		for _, decl := range strings.Split(style, ";") {
			prop, val, ok := strings.Cut(decl, ":")
			if ok && strings.EqualFold(strings.TrimSpace(prop), "text-align") {
				a = strings.ToLower(strings.TrimSpace(val))
			}
		}
	}
	switch a {
	case "left", "start":
		return "left"
	case "center":
		return "center"
	case "right", "end":
		return "right"
	}
	return ""
}
