package md

import (
	"strings"
	"testing"
)

// TestEmphasisSearchIsBoundedPerPage renders paragraphs whose emphasis
// keeps the search busy (eight nested pairs, few of which can read), each
// worth thousands of assignments: the page's paragraphs together may try
// no more than searchBudget, and one cluster's worth beyond it.
func TestEmphasisSearchIsBoundedPerPage(t *testing.T) {
	para := "<p>a" + strings.Repeat(`<em>"`, 8) + "b" + strings.Repeat(`"</em>`, 8) + "c</p>"
	doc := parse([]byte(strings.Repeat(para, 100)))
	r := &renderer{frames: []frame{{}}, allow: &allowance{search: searchBudget}}
	r.node(doc)
	r.flushPara()
	const cluster = 6561 // 3^8
	spent := searchBudget - r.allow.search
	if spent == 0 || spent > searchBudget+cluster {
		t.Errorf("the search tried %d assignments over the page, want between 1 and %d", spent, searchBudget+cluster)
	}
}
