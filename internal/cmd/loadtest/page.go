package main

import (
	"fmt"
	"strings"
)

// docsPage is the page the origin serves unless given one: a long
// documentation page shaped like a real one (about 80 KB of HTML), with
// what real pages carry around their text: an inline stylesheet, icons in
// SVG, a navigation of many links, a table of contents, a sidebar, a
// footer, JSON-LD and inline scripts. Its article has headings, paragraphs
// with links and inline code, code blocks, tables, nested lists and a
// form. Every answer must contain docsExpect.
func docsPage() []byte {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Configuring the proxy · Acme Docs</title>
<meta name="description" content="How to configure the Acme proxy: origins, timeouts, limits, caching and logging.">
<meta property="og:title" content="Configuring the proxy"><meta property="og:image" content="/img/og/proxy.png">
<link rel="canonical" href="https://docs.acme.example/guides/proxy">
<style>`)
	for i := range 120 {
		fmt.Fprintf(&b, ".c%d{margin:%dpx;padding:0 %dpx;color:#%06x;font:14px/1.5 system-ui}", i, i%16, i%8, i*9973%0xffffff)
	}
	b.WriteString(`</style><script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"TechArticle","headline":"Configuring the proxy","dateModified":"2026-10-01"}</script>
</head><body><div id="__app"><header class="top"><a href="/" class="logo"><svg viewBox="0 0 24 24" width="24" height="24"><path d="M12 2L2 22h20L12 2z"/></svg>Acme Docs</a>
<nav aria-label="Main"><ul>`)
	for i := range 80 {
		fmt.Fprintf(&b, `<li><a href="/guides/topic-%d" class="c%d">Topic %d</a></li>`, i, i%120, i)
	}
	b.WriteString(`</ul></nav><form role="search" action="/search"><input type="search" name="q" placeholder="Search the docs" aria-label="Search"><button>Search</button></form></header>
<div class="layout"><aside class="toc"><h2>On this page</h2><ol>`)
	for i := range 40 {
		fmt.Fprintf(&b, `<li><a href="#s%d">Section %d</a></li>`, i, i)
	}
	b.WriteString(`</ol></aside><main><article><h1>Configuring the proxy</h1>
<p class="lead">The proxy sits in front of your site and answers every page's Markdown twin. This guide covers each setting.</p>`)
	for i := range 40 {
		fmt.Fprintf(&b, `<section><h2 id="s%d"><a href="#s%d" class="anchor"><svg viewBox="0 0 16 16" width="16" height="16"><path d="M4 8h8M8 4v8"/></svg></a>Section %d: the <code>option-%d</code> setting</h2>
<p>The <code>option-%d</code> setting controls how the proxy treats <a href="/guides/topic-%d">topic %d</a>. Leave it at its default unless <em>your origin</em> needs otherwise: most sites never change it, and <strong>changing it affects every page</strong>.</p>
<p>When the origin is slow, the proxy answers with the page's status and a short sentence; see <a href="https://status.acme.example/incidents/%d">incident %d</a> for a worked example, and the table below for every value it accepts.</p>
<pre><code class="language-yaml">proxy:
  option-%d: %d
  origin: http://127.0.0.1:3000
  timeout: 10s</code></pre>
<table><thead><tr><th>Value</th><th align="right">Default</th><th>Meaning</th></tr></thead><tbody>
<tr><td><code>0</code></td><td align="right">no</td><td>off</td></tr><tr><td><code>1</code></td><td align="right">yes</td><td>on, for every page</td></tr><tr><td><code>auto</code></td><td align="right">no</td><td>on when the origin asks for it</td></tr></tbody></table>
<ul><li>It is read once, at start.<ul><li>Changes need a restart.</li><li>Or a reload signal.</li></ul></li><li>It applies to every origin.</li></ul>
</section>`, i, i, i, i, i, i, i, i, i, i, i)
	}
	b.WriteString(`<form action="/feedback" method="post"><label for="helpful">Was this page helpful?</label><select id="helpful" name="helpful"><option>Yes</option><option>No</option></select><input type="hidden" name="csrf" value="a1b2c3"><button>Send</button></form>
</article></main><aside class="related"><h2>Related</h2><ul>`)
	for i := range 30 {
		fmt.Fprintf(&b, `<li><a href="/blog/post-%d">Post %d about proxies and caching</a></li>`, i, i)
	}
	b.WriteString(`</ul></aside></div><footer><p>© 2026 Acme. <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer></div>
<div id="cookie-banner" role="dialog"><p>We use cookies.</p><button>Accept</button></div>
<script>`)
	b.WriteString(strings.Repeat(`(function(){var e=document.querySelectorAll("a.anchor");for(var t=0;t<e.length;t++)e[t].addEventListener("click",function(n){n.preventDefault()})})();`, 60))
	b.WriteString(`</script></body></html>`)
	return []byte(b.String())
}

// docsExpect is text of the last section of docsPage's article: an answer
// that has it was converted whole.
const docsExpect = "Section 39: the `option-39` setting"

// docsExpectHTML is the same text in the page's HTML.
const docsExpectHTML = "Section 39: the <code>option-39</code> setting"
