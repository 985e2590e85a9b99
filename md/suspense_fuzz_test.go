package md

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// FuzzResolveSuspense resolves arbitrary streamed pages. A page is a body
// the fuzzer writes, followed by the instructions ops spells out (each pair
// of bytes picks an instruction and one of a few ids, so that instructions
// name the page's boundaries and segments far more often than random bytes
// would). Invariants: no panic, no hang, a tree whose links agree and that
// is no deeper than the parser builds, no node that was not parsed (the
// resolver only moves and removes), and Markdown that is valid UTF-8.
//
//	go test ./md -run '^$' -fuzz FuzzResolveSuspense -fuzztime 10m
func FuzzResolveSuspense(f *testing.F) {
	for _, s := range []struct{ body, ops string }{
		{`<p>a</p>` + pendingBoundary("B:0", `<p>Loading</p>`) + `<p>z</p><div hidden id="S:0"><p>Done</p></div><script>` + defRC18 + `$RC("B:0","S:0")</script>`, ""},
		{pendingBoundary("B:0", `<p>Loading 0</p>`) + pendingBoundary("B:1", `<p>Loading 1</p>`) +
			`<div hidden id="S:0"><p>Done 0</p></div><script>` + defRC192 + `$RC("B:0","S:0")</script>` +
			`<div hidden id="S:1"><p>Done 1</p></div><script>$RC("B:1","S:1")</script>`, ""},
		{`<section><template id="P:1"></template></section><div hidden id="S:1"><p>part</p></div><script>` + defRS + `$RS("S:1","P:1")</script>`, ""},
		{pendingBoundary("B:0", `<p>Loading</p>`) + `<script>$RX("B:0","digest","msg","stack")</script>`, ""},
		{pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><div><p>Styled</p></div></div><script>$RR("B:0","S:0",[["e.css","default"]])</script>`, ""},
		{pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div><template data-rci="" data-bid="B:0" data-sid="S:0"></template>` +
			`<template id="P:1"></template><div hidden id="S:1"><p>part</p></div><template data-rsi="" data-sid="S:1" data-pid="P:1"></template>`, ""},
		{`<table><tbody><tr><td>a</td>` + pendingBoundary("B:0", `<td>Loading</td>`) + `</tr></tbody></table><table hidden><tr id="S:0"><td>b</td></tr></table><script>$RC("B:0","S:0")</script>`, ""},
		{`<!--$?--><template id="B:0"></template><!--$--><p>x</p><!--/$--><!--&--><p>y</p><!--/&--><!--$~--><!--/$--><p>Loading</p><!--/$--><div hidden id="S:0"><p>Done</p></div>`, "\x00\x00"},
		{pendingBoundary("B:1", `<p>L1</p>`) + pendingBoundary("B:2", `<p>L2</p>`) + `<template id="P:3"></template>` +
			`<div hidden id="S:1"><template id="P:2"></template></div><div hidden id="S:2"><p>two</p></div><div hidden id="S:3">` + pendingBoundary("B:3", "<p>L3</p>") + `</div>`,
			"\x00\x11\x10\x22\x01\x33\x00\x22\x02\x33"},
		{`<svg>` + pendingBoundary("B:0", `<rect></rect>`) + `</svg><svg id="S:0"><circle r="1"></circle></svg>`, "\x00\x00\x00\x00"},
		{strings.Repeat("<div>", 600) + pendingBoundary("B:0", "<p>deep</p>") + `<div hidden id="S:0">` + strings.Repeat("<div>", 600) + "<p>x</p>", "\x00\x00"},
	} {
		f.Add(s.body, []byte(s.ops))
	}
	f.Fuzz(func(t *testing.T, body string, ops []byte) {
		page := "<!DOCTYPE html><html><head></head><body>" + body + instructionScripts(ops)
		done := make(chan struct{})
		var doc *html.Node
		var parsed map[*html.Node]bool
		go func() {
			defer close(done)
			doc = parse([]byte(page))
			parsed = map[*html.Node]bool{}
			walk(doc, func(n *html.Node) bool { parsed[n] = true; return true })
			resolveSuspense(doc)
		}()
		select {
		case <-done:
		case <-time.After(fuzzDeadline):
			t.Fatalf("resolving %d bytes still running after %v", len(page), fuzzDeadline)
		}
		checkTreeLinks(t, doc)
		if d := elementDepth(doc); d > maxTreeDepth {
			t.Fatalf("the tree is %d elements deep, more than %d", d, maxTreeDepth)
		}
		walk(doc, func(n *html.Node) bool {
			if !parsed[n] {
				t.Fatalf("node %q was not in the parsed page", n.Data)
			}
			return true
		})
		res, err := Convert([]byte(page), Options{})
		if err != nil {
			return // ErrNotHTML: FuzzConvert checks what Convert refuses
		}
		if !utf8.ValidString(res.Markdown) {
			t.Fatalf("output is not valid UTF-8: %q", res.Markdown)
		}
	})
}

// fuzzDeadline bounds one fuzzed input's work: far above what any takes,
// it only catches hangs. (md_test's FuzzConvert has its own.)
const fuzzDeadline = 20 * time.Second

// instructionScripts spells out a stream's instructions, one per pair of
// bytes: the first byte's high bits choose the form ($RC, $RS, $RX, $RR,
// or an external-runtime template), the low bits of both bytes the ids.
func instructionScripts(ops []byte) string {
	var sb strings.Builder
	for i := 0; i+1 < len(ops); i += 2 {
		a, b := ops[i]&3, ops[i+1]&3
		switch ops[i] >> 4 & 7 {
		case 0:
			fmt.Fprintf(&sb, `<script>$RC("B:%d","S:%d")</script>`, a, b)
		case 1:
			fmt.Fprintf(&sb, `<script>$RS("S:%d","P:%d")</script>`, a, b)
		case 2:
			fmt.Fprintf(&sb, `<script>$RX("B:%d","d%d")</script>`, a, b)
		case 3:
			fmt.Fprintf(&sb, `<script>$RR("B:%d","S:%d",[])</script>`, a, b)
		case 4:
			fmt.Fprintf(&sb, `<template data-rci="" data-bid="B:%d" data-sid="S:%d"></template>`, a, b)
		case 5:
			fmt.Fprintf(&sb, `<template data-rsi="" data-sid="S:%d" data-pid="P:%d"></template>`, a, b)
		case 6:
			fmt.Fprintf(&sb, `<div hidden id="S:%d"><p>segment %d</p></div>`, a, b)
		case 7:
			fmt.Fprintf(&sb, `<!--$?--><template id="B:%d"></template><p>fallback %d</p><!--/$-->`, a, b)
		}
	}
	return sb.String()
}
