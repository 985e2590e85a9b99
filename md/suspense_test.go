package md

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/internal/testutil"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The runtime definitions React sends before its first call, as in the
// fixtures: React 18.3's, 19.0's and 19.2's batched $RC, and $RS.
const (
	defRC18  = `function $RC(a,b){a=document.getElementById(a);b=document.getElementById(b);b.parentNode.removeChild(b);if(a){a=a.previousSibling;var f=a.parentNode,c=a.nextSibling,e=0;do{if(c&&8===c.nodeType){var d=c.data;if("/$"===d)if(0===e)break;else e--;else"$"!==d&&"$?"!==d&&"$!"!==d||e++}d=c.nextSibling;f.removeChild(c);c=d}while(c);for(;b.firstChild;)f.insertBefore(b.firstChild,c);a.data="$";a._reactRetry&&a._reactRetry()}};`
	defRC19  = `$RC=function(b,c,e){c=document.getElementById(c);c.parentNode.removeChild(c);var a=document.getElementById(b);if(a){b=a.previousSibling;if(e)b.data="$!",a.setAttribute("data-dgst",e);else{e=b.parentNode;a=b.nextSibling;var f=0;do{if(a&&8===a.nodeType){var d=a.data;if("/$"===d)if(0===f)break;else f--;else"$"!==d&&"$?"!==d&&"$!"!==d||f++}d=a.nextSibling;e.removeChild(a);a=d}while(a);for(;c.firstChild;)e.insertBefore(c.firstChild,a);b.data="$"}b._reactRetry&&b._reactRetry()}};`
	defRC192 = `$RB=[];$RV=function(a){$RT=performance.now();for(var b=0;b<a.length;b+=2){var c=a[b],e=a[b+1];null!==e.parentNode&&e.parentNode.removeChild(e);var f=c.parentNode;if(f){var g=c.previousSibling,h=0;do{if(c&&8===c.nodeType){var d=c.data;if("/$"===d||"/&"===d)if(0===h)break;else h--;else"$"!==d&&"$?"!==d&&"$~"!==d&&"$!"!==d&&"&"!==d||h++}d=c.nextSibling;f.removeChild(c);c=d}while(c);for(;e.firstChild;)f.insertBefore(e.firstChild,c);g.data="$";g._reactRetry&&requestAnimationFrame(g._reactRetry)}}a.length=0};` + "\n" +
		`$RC=function(a,b){if(b=document.getElementById(b))(a=document.getElementById(a))?(a.previousSibling.data="$~",$RB.push(a,b),2===$RB.length&&("number"!==typeof $RT?requestAnimationFrame($RV.bind(null,$RB)):(a=performance.now(),setTimeout($RV.bind(null,$RB),2300>a&&2E3<a?2300-a:$RT+300-a)))):b.parentNode.removeChild(b)};`
	defRS = `$RS=function(a,b){a=document.getElementById(a);b=document.getElementById(b);for(a.parentNode.removeChild(a);a.firstChild;)b.parentNode.insertBefore(a.firstChild,b);b.parentNode.removeChild(b)};`
)

// pendingBoundary is the shell's markup for a boundary waiting for content.
func pendingBoundary(id, fallback string) string {
	return `<!--$?--><template id="` + id + `"></template>` + fallback + `<!--/$-->`
}

// resolvedBody parses a page body, resolves it and returns the body as HTML,
// without its scripts, after checking the tree's links.
func resolvedBody(t *testing.T, body string) string {
	t.Helper()
	doc := parse([]byte("<!DOCTYPE html><html><head></head><body>" + body))
	resolveSuspense(doc)
	checkTreeLinks(t, doc)
	return bodyWithoutScripts(t, doc)
}

func bodyWithoutScripts(t *testing.T, doc *html.Node) string {
	t.Helper()
	var scripts []*html.Node
	walk(doc, func(n *html.Node) bool {
		if n.DataAtom == atom.Script {
			scripts = append(scripts, n)
		}
		return true
	})
	removeAll(scripts)
	var buf bytes.Buffer
	for c := findBody(doc).FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&buf, c); err != nil {
			t.Fatal(err)
		}
	}
	return buf.String()
}

// checkTreeLinks fails the test if a node's parent, child and sibling links
// disagree anywhere under n.
func checkTreeLinks(t *testing.T, n *html.Node) {
	t.Helper()
	var prev *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Parent != n || c.PrevSibling != prev {
			t.Fatalf("broken links at %q under %q", c.Data, n.Data)
		}
		checkTreeLinks(t, c)
		prev = c
	}
	if n.LastChild != prev {
		t.Fatalf("broken last child under %q", n.Data)
	}
}

func TestResolveSuspenseForms(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{{
		name: "$RC with React 18's definition",
		body: `<p>a</p>` + pendingBoundary("B:0", `<p>Loading</p>`) + `<p>z</p>` +
			`<div hidden id="S:0"><p>Done</p></div><script>` + defRC18 + `$RC("B:0","S:0")</script>`,
		want: `<p>a</p><!--$--><p>Done</p><!--/$--><p>z</p>`,
	}, {
		name: "$RC with React 19.0's definition",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div><script>` + defRC19 + `$RC("B:0","S:0")</script>`,
		want: `<!--$--><p>Done</p><!--/$-->`,
	}, {
		name: "React 19.2's batched $RC",
		body: pendingBoundary("B:0", `<p>Loading 0</p>`) + pendingBoundary("B:1", `<p>Loading 1</p>`) +
			`<div hidden id="S:0"><p>Done 0</p></div><script>` + defRC192 + `$RC("B:0","S:0")</script>` +
			`<div hidden id="S:1"><p>Done 1</p></div><script>$RC("B:1","S:1")</script>`,
		want: `<!--$--><p>Done 0</p><!--/$--><!--$--><p>Done 1</p><!--/$-->`,
	}, {
		name: "$RS fills a placeholder",
		body: `<section><h2>A</h2><template id="P:1"></template><p>static</p></section>` +
			`<div hidden id="S:1"><p>part</p><p>two</p></div><script>` + defRS + `$RS("S:1","P:1")</script>`,
		want: `<section><h2>A</h2><p>part</p><p>two</p><p>static</p></section>`,
	}, {
		name: "$RS into a segment, then the segment completes its boundary",
		body: pendingBoundary("B:0", `<p>Loading</p>`) +
			`<div hidden id="S:0"><section><template id="P:1"></template><p>static</p></section></div>` +
			`<div hidden id="S:1"><p>part</p></div><script>$RS("S:1","P:1")</script><script>$RC("B:0","S:0")</script>`,
		want: `<!--$--><section><p>part</p><p>static</p></section><!--/$-->`,
	}, {
		name: "$RX keeps the fallback",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<script>$RX("B:0","digest-2","msg","stack")</script>`,
		want: `<!--$!--><template id="B:0"></template><p>Loading</p><!--/$-->`,
	}, {
		name: "$RR completes once its stylesheets load",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><div><p>Styled</p></div></div>` +
			`<script>$RM=new Map;$RR=function(t,u,y){};$RR("B:0","S:0",[["e.css","default"]])</script>`,
		want: `<!--$--><div><p>Styled</p></div><!--/$-->`,
	}, {
		name: "a boundary client-rendered in the shell keeps its fallback",
		body: `<!--$!--><template data-dgst="digest-1"></template><p>Loading D</p><!--/$-->` +
			pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script>`,
		want: `<!--$!--><template data-dgst="digest-1"></template><p>Loading D</p><!--/$--><!--$--><p>Done</p><!--/$-->`,
	}, {
		name: "external runtime: data-rci",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div>` +
			`<template data-rci="" data-bid="B:0" data-sid="S:0"></template>`,
		want: `<!--$--><p>Done</p><!--/$--><template data-rci="" data-bid="B:0" data-sid="S:0"></template>`,
	}, {
		name: "external runtime: data-rsi",
		body: `<template id="P:1"></template><div hidden id="S:1"><p>part</p></div>` +
			`<template data-rsi="" data-sid="S:1" data-pid="P:1"></template>`,
		want: `<p>part</p><template data-rsi="" data-sid="S:1" data-pid="P:1"></template>`,
	}, {
		name: "external runtime: data-rxi",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<template data-rxi="" data-bid="B:0" data-dgst="d"></template>`,
		want: `<!--$!--><template id="B:0"></template><p>Loading</p><!--/$--><template data-rxi="" data-bid="B:0" data-dgst="d"></template>`,
	}, {
		name: "external runtime: data-rri",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div>` +
			`<template data-rri="" data-bid="B:0" data-sid="S:0" data-sty="[[&quot;e.css&quot;,&quot;default&quot;]]"></template>`,
		want: `<!--$--><p>Done</p><!--/$--><template data-rri="" data-bid="B:0" data-sid="S:0" data-sty="[[&#34;e.css&#34;,&#34;default&#34;]]"></template>`,
	}, {
		name: "external runtime: data-rri whose stylesheet list does not parse does nothing",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div>` +
			`<template data-rri="" data-bid="B:0" data-sid="S:0" data-sty="[["></template>`,
		want: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden="" id="S:0"><p>Done</p></div>` +
			`<template data-rri="" data-bid="B:0" data-sid="S:0" data-sty="[["></template>`,
	}, {
		name: "a boundary nested in a segment completes after it",
		body: pendingBoundary("B:0", `<p>Loading A</p>`) +
			`<div hidden id="S:0"><section>` + pendingBoundary("B:1", `<p>Loading nested</p>`) + `</section></div>` +
			`<script>$RC("B:0","S:0")</script><div hidden id="S:1"><p>Nested</p></div><script>$RC("B:1","S:1")</script>`,
		want: `<!--$--><section><!--$--><p>Nested</p><!--/$--></section><!--/$-->`,
	}, {
		name: "boundaries and activities inside a fallback are counted",
		body: `<!--$?--><template id="B:0"></template><!--$--><p>x</p><!--/$--><!--&--><p>y</p><!--/&--><!--$~--><!--/$--><p>Loading</p><!--/$-->` +
			`<p>after</p><div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script>`,
		want: `<!--$--><p>Done</p><!--/$--><p>after</p>`,
	}, {
		name: "table rows land in their table",
		body: `<table><tbody><tr><td>row 0</td></tr>` + pendingBoundary("B:0", `<tr><td>Loading rows</td></tr>`) + `</tbody></table>` +
			`<table hidden><tbody id="S:0"><tr><td>row 1</td></tr><tr><td>row 2</td></tr></tbody></table>` +
			`<script>$RC("B:0","S:0")</script>`,
		want: `<table><tbody><tr><td>row 0</td></tr><!--$--><tr><td>row 1</td></tr><tr><td>row 2</td></tr><!--/$--></tbody></table><table hidden=""></table>`,
	}, {
		name: "table cells land in their row",
		body: `<table><tbody><tr><td>a</td>` + pendingBoundary("B:0", `<td>Loading</td>`) + `</tr></tbody></table>` +
			`<table hidden><tr id="S:0"><td>b</td><td>c</td></tr></table><script>$RC("B:0","S:0")</script>`,
		want: `<table><tbody><tr><td>a</td><!--$--><td>b</td><td>c</td><!--/$--></tr></tbody></table><table hidden=""><tbody></tbody></table>`,
	}, {
		name: "SVG content lands in its SVG",
		body: `<svg>` + pendingBoundary("B:0", `<rect></rect>`) + `</svg>` +
			`<svg aria-hidden="true" style="display:none" id="S:0"><circle r="1"></circle></svg><script>$RC("B:0","S:0")</script>`,
		want: `<svg><!--$--><circle r="1"></circle><!--/$--></svg>`,
	}, {
		name: "MathML content lands in its formula",
		body: `<math>` + pendingBoundary("B:0", `<mi>x</mi>`) + `</math>` +
			`<math aria-hidden="true" style="display:none" id="S:0"><mn>1</mn></math><script>$RC("B:0","S:0")</script>`,
		want: `<math><!--$--><mn>1</mn><!--/$--></math>`,
	}, {
		name: "segments after </html> (React 18)",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<p>footer</p></body></html>` +
			`<div hidden id="S:0"><p>Done</p></div><script>` + defRC18 + `$RC("B:0","S:0")</script>`,
		want: `<!--$--><p>Done</p><!--/$--><p>footer</p>`,
	}, {
		name: "escaped ids",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div>` +
			`<script>$RC("\u0042:\x30",'S\u{3A}0')</script>`,
		want: `<!--$--><p>Done</p><!--/$-->`,
	}, {
		name: "several calls in one script",
		body: pendingBoundary("B:0", `<p>L0</p>`) + pendingBoundary("B:1", `<p>L1</p>`) +
			`<div hidden id="S:0"><p>D0</p></div><div hidden id="S:1"><p>D1</p></div><script>$RC("B:0","S:0"); $RC("B:1","S:1");</script>`,
		want: `<!--$--><p>D0</p><!--/$--><!--$--><p>D1</p><!--/$-->`,
	}, {
		name: "Next.js RSC payload scripts are not instructions",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div>` +
			`<script>self.__next_f.push([1,"$RC(\"B:0\",\"S:0\")"])</script>` +
			`<script>self.__next_f.push([1,'$RC("B:0","S:0")'])</script>`,
		want: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden="" id="S:0"><p>Done</p></div>`,
	}, {
		name: "scripts a browser does not run",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>Done</p></div>` +
			`<script type="application/json">$RC("B:0","S:0")</script>` +
			`<script type="module">$RC("B:0","S:0")</script>` +
			`<script nomodule>$RC("B:0","S:0")</script>` +
			`<script src="r.js">$RC("B:0","S:0")</script>` +
			`<noscript><script>$RC("B:0","S:0")</script></noscript>` +
			`<template><script>$RC("B:0","S:0")</script></template>` +
			`<svg><script>$RC("B:0","S:0")</script></svg>`,
		want: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden="" id="S:0"><p>Done</p></div>` +
			`<noscript></noscript><template></template><svg></svg>`,
	}, {
		name: "ids inside template content and noscript are not in the document",
		body: pendingBoundary("B:0", `<p>Loading</p>`) +
			`<template><div id="S:0"><p>T</p></div></template><noscript><div id="S:0"><p>N</p></div></noscript>` +
			`<script>$RC("B:0","S:0")</script>`,
		want: pendingBoundary("B:0", `<p>Loading</p>`) + `<template><div id="S:0"><p>T</p></div></template><noscript><div id="S:0"><p>N</p></div></noscript>`,
	}, {
		name: "with duplicate ids the first in the document wins",
		body: pendingBoundary("B:0", `<p>Loading</p>`) + `<div hidden id="S:0"><p>first</p></div><div hidden id="S:0"><p>second</p></div>` +
			`<script>$RC("B:0","S:0")</script>`,
		want: `<!--$--><p>first</p><!--/$--><div hidden="" id="S:0"><p>second</p></div>`,
	}, {
		name: "a duplicate id names the next element once the first has left",
		body: pendingBoundary("B:0", `<p>Loading 0</p>`) + pendingBoundary("B:1", `<p>Loading 1</p>`) +
			`<div hidden id="S:0"><p>first</p></div><div hidden id="S:0"><p>second</p></div>` +
			`<script>$RC("B:0","S:0")</script><script>$RC("B:1","S:0")</script>`,
		want: `<!--$--><p>first</p><!--/$--><!--$--><p>second</p><!--/$-->`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resolvedBody(t, tt.body); got != tt.want {
				t.Errorf("\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestResolveSuspenseMalformed runs streams a real server would not send;
// each keeps what a browser would.
func TestResolveSuspenseMalformed(t *testing.T) {
	shell := pendingBoundary("B:0", `<p>Loading</p>`)
	tests := []struct {
		name, body, want string
	}{{
		name: "$RC naming a missing boundary removes the segment",
		body: shell + `<div hidden id="S:0"><p>Done</p></div><script>$RC("B:9","S:0")</script>`,
		want: shell,
	}, {
		name: "$RC naming a missing segment does nothing",
		body: shell + `<script>$RC("B:0","S:9")</script>`,
		want: shell,
	}, {
		name: "$RS naming a missing placeholder removes the segment",
		body: `<template id="P:1"></template><div hidden id="S:1"><p>part</p></div><script>$RS("S:1","P:9")</script>`,
		want: `<template id="P:1"></template>`,
	}, {
		name: "$RS naming a missing segment does nothing",
		body: `<template id="P:1"></template><script>$RS("S:9","P:1")</script>`,
		want: `<template id="P:1"></template>`,
	}, {
		name: "$RX naming a missing boundary does nothing",
		body: shell + `<script>$RX("B:9")</script>`,
		want: shell,
	}, {
		name: "calls without string ids do nothing",
		body: shell + `<div hidden id="S:0"><p>Done</p></div><script>$RC();$RC(0,1);$RS(null,"P:1");$RX([])</script>`,
		want: shell + `<div hidden="" id="S:0"><p>Done</p></div>`,
	}, {
		name: "a segment that never gets its instruction stays hidden",
		body: shell + pendingBoundary("B:1", `<p>Loading 1</p>`) + `<div hidden id="S:0"><p>Done</p></div>` +
			`<div hidden id="S:1"><p>Never</p></div><script>$RC("B:0","S:0")</script>`,
		want: `<!--$--><p>Done</p><!--/$-->` + pendingBoundary("B:1", `<p>Loading 1</p>`) + `<div hidden="" id="S:1"><p>Never</p></div>`,
	}, {
		name: "an instruction before its segment arrives does nothing",
		body: shell + `<script>$RC("B:0","S:0")</script><div hidden id="S:0"><p>Done</p></div>`,
		want: shell + `<div hidden="" id="S:0"><p>Done</p></div>`,
	}, {
		name: "an instruction before its boundary arrives only removes the segment",
		body: `<div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script>` + shell,
		want: shell,
	}, {
		name: "an instruction before its placeholder arrives only removes the segment",
		body: `<div hidden id="S:1"><p>part</p></div><script>$RS("S:1","P:1")</script><template id="P:1"></template>`,
		want: `<template id="P:1"></template>`,
	}, {
		name: "a fallback without its closing comment ends where the page had arrived",
		body: `<!--$?--><template id="B:0"></template><p>Loading</p><p>Footer</p>` +
			`<div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script><p>After</p>`,
		want: `<!--$--><p>Done</p><p>After</p>`,
	}, {
		name: "a fallback without its closing comment ends with its element",
		body: `<div><!--$?--><template id="B:0"></template><p>Loading</p></div><p>Footer</p>` +
			`<div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script>`,
		want: `<div><!--$--><p>Done</p></div><p>Footer</p>`,
	}, {
		name: "a segment's part after its instruction is parsed into the removed container",
		body: shell + `<div hidden id="S:0"><p>early</p><script>$RC("B:0","S:0")</script><p>late</p></div>`,
		want: `<!--$--><p>early</p><!--/$-->`,
	}, {
		name: "a script parsed into a removed fallback never runs",
		body: `<template id="P:1"></template><!--$?--><template id="B:0"></template><div><p>Loading</p>` +
			`<div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script>` +
			`<div hidden id="S:1"><p>lost</p></div><script>$RS("S:1","P:1")</script></div>`,
		want: `<template id="P:1"></template><!--$--><p>Done</p>`,
	}, {
		name: "a segment's part after its $RS is parsed into the removed container",
		body: `<template id="P:1"></template><div hidden id="S:1"><p>early</p><script>$RS("S:1","P:1")</script><p>late</p></div>`,
		want: `<p>early</p>`,
	}, {
		name: "a script parsed into a removed fallback never runs, though what it names is there",
		body: `<template id="P:1"></template><div hidden id="S:1"><p>hidden</p></div>` +
			`<!--$?--><template id="B:0"></template><div><p>Loading</p>` +
			`<div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script><script>$RS("S:1","P:1")</script></div>`,
		want: `<template id="P:1"></template><div hidden="" id="S:1"><p>hidden</p></div><!--$--><p>Done</p>`,
	}, {
		name: "a cycle of segments shows neither",
		body: `<p>shell</p><template id="P:0"></template>` +
			`<div hidden id="S:1"><p>one</p><template id="P:2"></template></div>` +
			`<div hidden id="S:2"><p>two</p><template id="P:1"></template></div>` +
			`<script>$RS("S:1","P:1");$RS("S:2","P:2");$RS("S:1","P:0");$RS("S:2","P:0")</script>`,
		want: `<p>shell</p><template id="P:0"></template>`,
	}, {
		name: "a cycle of boundaries shows neither",
		body: `<p>shell</p>` +
			`<div hidden id="S:1"><p>one</p>` + pendingBoundary("B:2", "") + `</div>` +
			`<div hidden id="S:2"><p>two</p>` + pendingBoundary("B:1", "") + `</div>` +
			`<script>$RC("B:1","S:1");$RC("B:2","S:2")</script>`,
		want: `<p>shell</p>`,
	}, {
		name: "a placeholder inside its own segment",
		body: `<p>shell</p><div hidden id="S:1"><p>x</p><template id="P:1"></template></div><script>$RS("S:1","P:1")</script>`,
		want: `<p>shell</p>`,
	}, {
		name: "a placeholder that is its own segment",
		body: `<p>shell</p><div hidden id="S:1"><p>x</p></div><script>$RS("S:1","S:1")</script>`,
		want: `<p>shell</p>`,
	}, {
		name: "a boundary inside its own segment",
		body: `<p>shell</p><div hidden id="S:1">` + pendingBoundary("B:1", `<p>L</p>`) + `</div><script>$RC("B:1","S:1")</script>`,
		want: `<p>shell</p>`,
	}, {
		name: "a boundary completed twice keeps the first content",
		body: shell + `<div hidden id="S:0"><p>one</p></div><div hidden id="S:1"><p>two</p></div>` +
			`<script>$RC("B:0","S:0");$RC("B:0","S:1")</script>`,
		want: `<!--$--><p>one</p><!--/$-->`,
	}, {
		name: "a boundary marked client-rendered, then completed, shows its content",
		body: shell + `<div hidden id="S:0"><p>Done</p></div><script>$RX("B:0");$RC("B:0","S:0")</script>`,
		want: `<!--$--><p>Done</p><!--/$-->`,
	}, {
		name: "a boundary template without its opening comment",
		body: `<template id="B:0"></template><p>Loading</p><div hidden id="S:0"><p>Done</p></div><script>$RC("B:0","S:0")</script>`,
		want: `<template id="B:0"></template><p>Loading</p>`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resolvedBody(t, tt.body); got != tt.want {
				t.Errorf("\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestResolveSuspenseRootIDs names the <html> element as placeholder and
// boundary: the browser's runtime throws there, and the document keeps a
// single root.
func TestResolveSuspenseRootIDs(t *testing.T) {
	page := `<!DOCTYPE html><!--$?--><html id="B:0"><head></head><body><p>shell</p>` +
		`<div hidden id="S:0"><p>x</p></div><div hidden id="S:1"><p>y</p></div>` +
		`<script>$RC("B:0","S:0");$RS("S:1","B:0")</script></body></html>`
	doc := parse([]byte(page))
	resolveSuspense(doc)
	checkTreeLinks(t, doc)
	roots := 0
	for c := doc.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			roots++
		}
	}
	if got := bodyWithoutScripts(t, doc); roots != 1 || got != `<p>shell</p>` {
		t.Errorf("%d root elements, body %s", roots, got)
	}
}

// TestResolveSuspenseManyBoundaries completes 10,000 boundaries, then sends
// 10,000 instructions for a boundary already completed, each with its own
// copy of the same segment id.
func TestResolveSuspenseManyBoundaries(t *testing.T) {
	const n = 10000
	var sb strings.Builder
	sb.WriteString("<body>")
	for i := range n {
		fmt.Fprintf(&sb, `<!--$?--><template id="B:%x"></template><p>Loading %d</p><!--/$-->`, i, i)
	}
	for i := range n {
		fmt.Fprintf(&sb, `<div hidden id="S:%x"><p>Done %d</p></div><script>$RC("B:%x","S:%x")</script>`, i, i, i, i)
	}
	for range n {
		sb.WriteString(`<div hidden id="S:0"><p>Again</p></div><script>$RC("B:0","S:0")</script>`)
	}
	res, err := Convert([]byte(sb.String()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	paras := strings.Split(strings.TrimSpace(res.Markdown), "\n\n")
	if len(paras) != n {
		t.Fatalf("%d paragraphs, want %d", len(paras), n)
	}
	for i, p := range paras {
		if want := fmt.Sprintf("Done %d", i); p != want {
			t.Fatalf("paragraph %d is %q, want %q", i, p, want)
		}
	}
}

// TestResolveSuspenseDepthBound completes a boundary and fills a
// placeholder, each 300 elements deep, with content 300 elements deep: put
// in place it would nest deeper than the parser ever does, so it stays out
// (and the fallback stays).
func TestResolveSuspenseDepthBound(t *testing.T) {
	const deep = 300
	nest := strings.Repeat("<div>", deep)
	unnest := strings.Repeat("</div>", deep)
	body := nest + pendingBoundary("B:0", `<p>Loading</p>`) + unnest +
		`<div hidden id="S:0">` + nest + `<p>Deep</p>` + unnest + `</div>` +
		nest + `<template id="P:2"></template>` + unnest +
		`<div hidden id="S:2">` + nest + `<p>Deep part</p>` + unnest + `</div>` +
		`<template id="P:1"></template><div hidden id="S:1">` + nest + `<p>Shallow enough</p>` + unnest + `</div>` +
		`<script>$RC("B:0","S:0");$RS("S:2","P:2");$RS("S:1","P:1")</script>`
	doc := parse([]byte(body))
	resolveSuspense(doc)
	checkTreeLinks(t, doc)
	if d := elementDepth(doc); d > maxTreeDepth {
		t.Errorf("the tree is %d elements deep, more than %d", d, maxTreeDepth)
	}
	text := textContent(doc)
	if !strings.Contains(text, "Loading") || strings.Contains(text, "Deep") {
		t.Errorf("the deep content was put in place: %q", collapseSpace(text))
	}
	if p := findFirst(doc, func(n *html.Node) bool { return getAttr(n, "id") == "P:1" }); p != nil || !strings.Contains(text, "Shallow enough") {
		t.Errorf("the content that fits was not put in place")
	}
}

// elementDepth is the depth of n's deepest element below n.
func elementDepth(n *html.Node) int {
	d := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			d = max(d, 1+elementDepth(c))
		}
	}
	return d
}

// TestResolveSuspenseWorkBound chains segments so that the same 2,000
// nodes would move once per link, 4 million moves in all: the resolver
// stops when its work reaches its bound, leaving a consistent tree with the
// content not yet in place.
func TestResolveSuspenseWorkBound(t *testing.T) {
	const links, items = 2000, 2000
	var sb strings.Builder
	sb.WriteString(`<p>shell</p><template id="P:end"></template><div hidden id="S:0">`)
	sb.WriteString(strings.Repeat("<i>x</i>", items))
	sb.WriteString(`</div>`)
	for k := 1; k <= links; k++ {
		fmt.Fprintf(&sb, `<div hidden id="S:%d"><template id="P:%d"></template></div><script>$RS("S:%d","P:%d")</script>`, k, k, k-1, k)
	}
	fmt.Fprintf(&sb, `<script>$RS("S:%d","P:end")</script>`, links)
	got := resolvedBody(t, sb.String())
	if !strings.HasPrefix(got, `<p>shell</p><template id="P:end"></template>`) {
		t.Errorf("the content reached the end of the chain: %.100s", got)
	}

	// A short chain is within the bound.
	sb.Reset()
	sb.WriteString(`<template id="P:end"></template><div hidden id="S:0"><i>x</i></div>`)
	for k := 1; k <= 100; k++ {
		fmt.Fprintf(&sb, `<div hidden id="S:%d"><template id="P:%d"></template></div><script>$RS("S:%d","P:%d")</script>`, k, k, k-1, k)
	}
	sb.WriteString(`<script>$RS("S:100","P:end")</script>`)
	if got := resolvedBody(t, sb.String()); got != `<i>x</i>` {
		t.Errorf("short chain: got %.100s", got)
	}
}

// TestResolveSuspenseNoInstructions checks that a page without any
// instruction costs no allocation and is left as it was.
func TestResolveSuspenseNoInstructions(t *testing.T) {
	page := `<!DOCTYPE html><html><head><script>var x = "$R";</script></head><body>` +
		strings.Repeat(`<p id="x">text <a href="/">link</a></p><script>f()</script><template><p>t</p></template>`, 100) +
		`<!--$?--><template id="B:0"></template><p>Loading</p><!--/$--></body></html>`
	doc := parse([]byte(page))
	var before bytes.Buffer
	if err := html.Render(&before, doc); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(10, func() { resolveSuspense(doc) }); allocs != 0 {
		t.Errorf("%v allocations on a page without instructions", allocs)
	}
	var after bytes.Buffer
	if err := html.Render(&after, doc); err != nil {
		t.Fatal(err)
	}
	if before.String() != after.String() {
		t.Error("the page changed")
	}
}

func TestReadCalls(t *testing.T) {
	type call struct {
		name byte
		args []string // the string arguments; "-" stands for any other literal
	}
	tests := []struct {
		src  string
		want []call
	}{
		{`$RC("B:0","S:0")`, []call{{'C', []string{"B:0", "S:0"}}}},
		{defRC18 + `$RC("B:0","S:0")`, []call{{'C', []string{"B:0", "S:0"}}}},
		{defRC192 + `$RC("B:3","S:3")`, []call{{'C', []string{"B:3", "S:3"}}}},
		{"$RS('S:1', 'P:1') ;\n", []call{{'S', []string{"S:1", "P:1"}}}},
		{`$RX("B:1","digest","msg\nline","at f (\u003canonymous>)")`, []call{{'X', []string{"B:1", "digest", "msg\nline", "at f (<anonymous>)"}}}},
		{`$RR("B:2","S:2",[["e.css","default"],["f.css","high","crossOrigin","anonymous"]])`, []call{{'R', []string{"B:2", "S:2", "-"}}}},
		{`$RX("B:1",null,!0,1.5e3,undefined,)`, []call{{'X', []string{"B:1", "-", "-", "-", "-"}}}},
		{`$RC("B:0","S:0");$RS("S:1","P:1")`, []call{{'C', []string{"B:0", "S:0"}}, {'S', []string{"S:1", "P:1"}}}},
		{`$RC("B:0","S:0");f();$RS("S:1","P:1")`, []call{{'S', []string{"S:1", "P:1"}}}},
		{`$RC("\u0042:\x30","S:\u{30}")`, []call{{'C', []string{"B:0", "S:0"}}}},
		{`$RC("\ud83d\ude00\ud83d","\'\"\\\/\q")`, []call{{'C', []string{"😀\uFFFD", `'"\/q`}}}},
		{"$RC(\"B:\\\n0\",\"S:\\\r\n0\")", []call{{'C', []string{"B:0", "S:0"}}}},
		{"$RC(\"B:\\\u20280\",\"S:0\")", []call{{'C', []string{"B:0", "S:0"}}}},
		{`$RC("B:0","S:0");foo()`, nil},
		{`$RC("B:0","S:0")$RC("B:1","S:1")`, nil},
		{`x='$RC("B:0","S:0")'`, nil},
		{`self.__next_f.push([1,"$RC(\"B:0\",\"S:0\")"])`, nil},
		{`window.$RC("B:0","S:0")`, nil},
		{`a$RC("B:0","S:0")`, nil},
		{`function $RC(a,b){}`, nil},
		{`$RC=function(a,b){}`, nil},
		{`$RC("B:0","S:0"`, nil},
		{"$RC(\"B:0\n\",\"S:0\")", nil},
		{`$RC("\1","S:0")`, nil},
		{`$RC("\01","S:0")`, nil},
		{`$RC("\x4","S:0")`, nil},
		{`$RC("\u{110000}","S:0")`, nil},
		{`$RC("B:0",` + "`S:0`" + `)`, nil},
		{`$RR("B:0","S:0",[[[[[[[[[["deep"]]]]]]]]]])`, nil},
		{`$RC("B:0","S:0")//`, nil},
		{`$RC("B:0",-)`, nil},
	}
	for _, tt := range tests {
		var got []call
		for _, c := range readCalls(tt.src) {
			var args []string
			for _, a := range c.args {
				if a.isStr {
					args = append(args, a.s)
				} else {
					args = append(args, "-")
				}
			}
			got = append(got, call{c.name, args})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("readCalls(%.80q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestReadCallsLong reads scripts of many calls: all of them when the
// script ends with them, none when something else follows.
func TestReadCallsLong(t *testing.T) {
	calls := strings.Repeat(`;$RC("B:0","S:0")`, 100000)
	if n := len(readCalls(calls)); n != 100000 {
		t.Errorf("%d calls, want 100000", n)
	}
	if n := len(readCalls(calls + "x")); n != 0 {
		t.Errorf("%d calls, want none", n)
	}
	if n := len(readCalls(strings.Repeat(`$RC("`, 100000))); n != 0 {
		t.Errorf("%d calls, want none", n)
	}
}

// TestMayHoldSuspense checks the search of the source that lets
// convertDocument skip resolveSuspense: whatever page findInstructions
// finds an instruction in, the search says may hold one (the runtime's
// fixtures, every corpus page, and attribute names in capitals).
func TestMayHoldSuspense(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`<p>plain</p>`, false},
		{`<div class="a-b" data-id="x">text</div>`, false},
		{`<script>$RC("B:0","S:0")</script>`, true},
		{`<template DATA-RXI="" data-bid="B:0"></template>`, true},
		{`<template Data-Rsi="" data-sid="S:0" data-pid="P:0"></template>`, true},
	} {
		if got := mayHoldSuspense([]byte(tc.src)); got != tc.want {
			t.Errorf("mayHoldSuspense(%q) = %v, want %v", tc.src, got, tc.want)
		}
		if !tc.want && len(findInstructions(parse([]byte(tc.src)))) > 0 {
			t.Errorf("%q: findInstructions finds an instruction the search misses", tc.src)
		}
	}
	var paths []string
	for _, glob := range []string{
		filepath.Join(testutil.SharedDir(t), "fixtures", "suspense", "*.html"),
		filepath.Join(testutil.Corpus(t, "wcxb-dev-sample"), "wcxb", "*", "source.html"),
	} {
		found, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, found...)
	}
	held := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text, err := decode(src, "")
		if err != nil {
			continue
		}
		if len(findInstructions(parse(text))) == 0 {
			continue
		}
		held++
		if !mayHoldSuspense(text) {
			t.Errorf("%s: instructions found, but the search says the source holds none", path)
		}
	}
	if held == 0 {
		t.Error("no page with instructions: the check checked nothing")
	}
}
