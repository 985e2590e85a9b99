package md

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// prose returns n sentences of article text, distinct from each other.
func prose(n int, topic string) string {
	var sb strings.Builder
	for i := range n {
		sb.WriteString("The " + topic + " study, part " + string(rune('a'+i%26)) +
			", found that readers remember long, careful paragraphs far better than fragments, and that they return to them. ")
	}
	return sb.String()
}

// commentPost returns a forum's post named a comment, about topic, with
// a line of controls (a link to the parent post, a share toggle named
// after the comment) and an advert named so too.
func commentPost(topic string) string {
	return `<div class="comment"><div class="comment-body"><p>` + prose(2, topic) + `</p></div>` +
		`<div class="commentSub"><a href="/c?cid=1">Parent</a> <a href="#" class="comment_share_toggle btn">Share</a></div><div class="comment-ad"><p>Buy kettles now</p></div></div>`
}

// checkSnippets reports each of in that md lacks and each of out it has.
func checkSnippets(t *testing.T, md string, in, out []string) {
	t.Helper()
	for _, s := range in {
		if !strings.Contains(md, s) {
			t.Errorf("missing %q in:\n%s", s, md)
		}
	}
	for _, s := range out {
		if strings.Contains(md, s) {
			t.Errorf("kept %q in:\n%s", s, md)
		}
	}
}

func TestExtractAuto(t *testing.T) {
	article := prose(6, "reading")
	// review is a buyer's review of a product, on a topic of its own.
	review := func(topic string) string {
		return `<div class="contribution"><h3>Great kettle</h3><p>` + prose(3, topic) + `</p></div>`
	}
	// testimonial is what a customer says of a shop, on a topic of its own.
	testimonial := func(topic string) string {
		return `<div class="testimonial">Ann from Leeds says: ` + prose(3, topic) + `</div>`
	}
	tests := []struct {
		name    string
		html    string
		in, out []string
	}{
		{
			name: "main marker wins over main",
			html: `<body><main><p>In main.</p></main><div data-affordances-md="main"><p>Marked.</p></div></body>`,
			in:   []string{"Marked."},
			out:  []string{"In main."},
		},
		{
			name: "main element unchanged, boilerplate inside it too",
			html: `<body><header>Site</header><main><p>` + article + `</p><div class="share-bar"><a href="/s">Share on X</a></div></main><footer>Foot</footer></body>`,
			in:   []string{"careful paragraphs", "Share on X"},
			out:  []string{"Site", "Foot"},
		},
		{
			name: "first main empty but for an ad, second holds the article",
			html: `<body><main><div class="ad">Advertisement</div></main><main><article><h1>Title</h1><p>` + article + `</p></article></main></body>`,
			in:   []string{"careful paragraphs"},
			out:  []string{"Advertisement"},
		},
		{
			name: "carousel clones named by their library dropped, in main too",
			html: `<body><main><p>` + article + `</p><div class="swiper"><div class="swiper-slide swiper-slide-duplicate">Swiper clone quote</div>` +
				`<div class="swiper-slide">First quote</div><div class="swiper-slide">Second quote</div></div>` +
				`<div class="owl-stage"><div class="owl-item cloned">Owl clone quote</div><div class="owl-item">Third quote</div></div>` +
				`<div class="splide__slide splide__slide--clone">Splide clone quote</div><div class="glide__slide glide__slide--clone">Glide clone quote</div>` +
				`<div class="slick-slide slick-cloned">Slick clone quote</div><p class="cloned">A sheep cloned</p></main></body>`,
			in:  []string{"First quote", "Second quote", "Third quote", "A sheep cloned"},
			out: []string{"Swiper clone", "Owl clone", "Splide clone", "Glide clone", "Slick clone"},
		},
		{
			// Slick marks each slide out of view aria-hidden; the arrows
			// bring it into view.
			name: "carousel slides out of view kept, other aria-hidden parts dropped",
			html: `<body><main><p>` + article + `</p><div class="slick-track">` +
				`<div class="slick-slide slick-cloned" aria-hidden="true">Slick clone quote</div>` +
				`<div class="slick-slide slick-current slick-active" aria-hidden="false">First testimonial</div>` +
				`<div class="slick-slide" tabindex="-1" aria-hidden="true">Second testimonial</div></div>` +
				`<div class="swiper-slide" aria-hidden="true">Third testimonial</div>` +
				`<div class="slide-note" aria-hidden="true">Hidden note</div></main></body>`,
			in:  []string{"First testimonial", "Second testimonial", "Third testimonial"},
			out: []string{"Slick clone", "Hidden note"},
		},
		{
			name: "first main with real text stays the content",
			html: `<body><main><p>` + prose(3, "first") + `</p></main><main><p>` + prose(12, "second") + `</p></main></body>`,
			in:   []string{"The first study"},
			out:  []string{"The second study"},
		},
		{
			// Pandoc, Quarto and Sphinx give each section the id of its
			// heading: a paper's "Related Work" or "Comments" is no
			// related list or comment thread.
			name: "sections whose ids are their headings' anchors",
			html: `<body><div class="page"><h1>A study of caching</h1>
<section id="introduction" class="level2"><h2>Introduction</h2><p>` + article + `</p></section>
<section id="related-work" class="level2"><h2><span class="header-section-number">2</span> Related Work</h2><p>Earlier studies measured caches in browsers and in proxies.</p></section>
<section id="comments"><h2>Comments<a class="headerlink" href="#comments">¶</a></h2><p>Reviewers asked whether the workloads are representative.</p></section>
<section id="share-of-hits"><h2>Share of hits</h2><p>The share of hits grew with the size of the cache.</p></section>
<section id="related"><h2>Conclusion</h2><p>Cache for a day, and spend the rest elsewhere.</p></section>
<div id="share-bar"><a href="/x">Share on X</a> <a href="/f">Share on Facebook</a></div></div></body>`,
			in:  []string{"Earlier studies", "Reviewers asked", "The share of hits grew"},
			out: []string{"Cache for a day", "Share on X"},
		},
		{
			// HTML allows <main> only outside header, footer, nav and
			// aside: one inside the page's header is a theme's box for
			// the logo, not the page's content (The Quietus).
			name: "main inside the page's header is not the content",
			html: `<body><header class="mobile-header"><main><a href="/"><img src="/logo.svg" alt="Logo"></a><aside><a href="/search">Search</a></aside></main></header>
<div class="post"><h1>Albums of the month</h1><p>` + article + `</p><p>` + prose(3, "record") + `</p></div></body>`,
			in:  []string{"careful paragraphs", "The record study"},
			out: []string{"Logo"},
		},
		{
			// The parser puts the rest of the page into an unclosed
			// <aside>, as a browser does (Fermyon's blog).
			name: "main with text inside an unclosed aside is the content",
			html: `<body><aside class="banner"><a href="/news">News</a></header><main><p>` + article + `</p></main>
<div class="footer-links"><p>` + prose(8, "outside") + `</p></div></body>`,
			in:  []string{"careful paragraphs"},
			out: []string{"The outside study"},
		},
		{
			name: "news page without main: article kept, boilerplate dropped",
			html: `<body>
<div class="site-header"><a href="/">Home</a> <a href="/login">Login</a></div>
<div id="cookie-banner"><p>We use cookies to improve your experience. Accept all cookies?</p></div>
<div class="wrapper">
 <div class="post">
  <h1>Readers and paragraphs</h1>
  <p class="standfirst">A new study looks at how people read long articles, and what they keep.</p>
  <div class="post-body"><p>` + article + `</p><p>` + prose(4, "memory") + `</p>
   <div class="social-share"><a href="/tw">Tweet</a> <a href="/fb">Share</a></div>
  </div>
  <div class="related-posts"><h3>Related</h3><ul><li><a href="/a">Another story about readers</a></li><li><a href="/b">Yet another story about books</a></li></ul></div>
  <div id="comments"><div class="comment"><p>Great post, thanks! I loved it.</p></div></div>
 </div>
 <div class="sidebar"><div class="widget"><h3>Newsletter</h3><p>Subscribe to our newsletter for weekly updates.</p></div></div>
</div>
<div class="site-footer">© 2025 Example Media. All rights reserved.</div>
</body>`,
			in:  []string{"Readers and paragraphs", "careful paragraphs", "The memory study", "A new study looks"},
			out: []string{"Login", "cookies", "Tweet", "Another story", "Great post", "Subscribe", "All rights reserved"},
		},
		{
			name: "a widget that is a field of each of a listing's items stays",
			html: `<body><div class="nav-bar"><a href="/">Home</a></div><div class="sale"><h1>Summer sale</h1><p>` + prose(2, "sale") + `</p>` +
				strings.Repeat(`<div class="card"><h3><a href="/g">A game of rivers</a></h3><div class="info"><div class="StoreSaleWidgetShortDesc">Build a city on a river and keep its people fed through the long winter.</div><div class="price">$9.99 until Sunday</div></div></div>`, 4) +
				`</div><div class="extras"><div class="follow-widget"><p>Follow us everywhere for our daily deals.</p></div><div class="follow-widget"><p>Gift cards for every budget, delivered by email.</p></div></div></body>`,
			in:  []string{"A game of rivers", "Build a city on a river", "$9.99 until Sunday"},
			out: []string{"Follow us everywhere", "Gift cards for every"},
		},
		{
			name: "a widget field of each item stays however short: its price, its row of tags",
			html: `<body><div class="nav-bar"><a href="/">Home</a></div><div class="sale"><h1>Summer sale</h1><p>` + prose(2, "sale") + `</p>` +
				strings.Repeat(`<div class="card"><div class="a"><div class="b"><div class="c"><div class="d"><div class="e"><h3><a href="/g">A game of rivers</a></h3><p>Build a city on a river and keep its people fed through the long winter.</p>`+
					`<div class="labels"><div class="TagBox"><a class="WidgetTag" href="/t/1">Strategy</a><a class="WidgetTag" href="/t/2">Sandbox</a></div></div>`+
					`<div class="PriceWidget">$9.99</div></div></div></div></div></div></div>`, 4) +
				`</div><div class="extras"><div class="follow-widget"><p>Follow us everywhere for our daily deals.</p></div><div class="follow-widget"><p>Gift cards for every budget, delivered by email.</p></div></div></body>`,
			in:  []string{"A game of rivers", "Strategy", "Sandbox", "$9.99"},
			out: []string{"Follow us everywhere", "Gift cards for every"},
		},
		{
			name: "a related block around its own content, named so, goes with its heading",
			html: `<body><div class="page"><article><h1>Readers</h1><p>` + article + `</p><p>` + prose(4, "memory") + `</p>` +
				`<div class="block block-related-content"><h2>Recommended articles</h2><div class="content">` +
				strings.Repeat(`<div class="related_blog_item"><a href="/a">Another story about readers and books</a><p>Read more</p></div>`, 3) +
				`</div></div></article></div></body>`,
			in:  []string{"Readers", "careful paragraphs", "The memory study"},
			out: []string{"Recommended articles", "Another story", "Read more"},
		},
		{
			name: "links back up the page go, links down it and headings' own anchors stay",
			html: `<body><div class="awards"><h1 id="project">Awards</h1><ul class="toc"><li><a href="#winners">The winners of the year</a></li></ul><p>` + prose(2, "awards") + `</p>` +
				strings.Repeat(`<div class="entry"><h3><a href="/p">A house by the sea</a></h3><p>`+prose(1, "house")+`</p><div><a href="#project">Back to Project</a></div></div>`, 3) +
				`<h2 id="winners"><a href="#winners">Winners</a></h2><p>` + prose(2, "winners") + `</p><p><a href="#top">Back to top</a></p></div></body>`,
			in:  []string{"[The winners of the year](#winners)", "## Winners", "A house by the sea", "The winners study"},
			out: []string{"Back to Project", "Back to top"},
		},
		{
			// A <main> is taken as it is, but a link back up the page is
			// never content: it goes there too.
			name: "links back up the page go inside a main",
			html: `<body><main><h1 id="product">Microphone</h1><p>` + prose(2, "mic") + `</p><div id="specs"><h2>Specs</h2><p>` + prose(1, "spec") + `</p><p><a href="#product">Back to navigation</a></p></div>` +
				`<p><a href="#specs">Back to specs</a></p><p>See <a href="#specs">the specs</a> above.</p></main></body>`,
			in:  []string{"The mic study", "## Specs", "See [the specs](#specs) above."},
			out: []string{"Back to navigation", "Back to specs"},
		},
		{
			name: "a form control each item repeats with the same words goes, a choice among options stays",
			html: `<body><div class="shop"><h1>Kettles</h1><p>` + prose(2, "kettle") + `</p><div class="grid">` +
				func() string {
					var b strings.Builder
					for i, metal := range []string{"steel", "copper", "iron", "glass"} {
						compare := `<div class="compare"><label><input type="checkbox"> Compare</label></div>`
						if i%2 == 1 {
							// Beside the item's picture, in a part of no other text.
							compare = `<div class="media"><a href="/k"><img src="/k.jpg" alt=""></a>` + compare + `</div>`
						}
						b.WriteString(`<article class="card"><h3><a href="/k">A kettle of ` + metal + `</a></h3><p>` + prose(1, metal) + `</p>` + compare + `</article>`)
					}
					return b.String()
				}() +
				`</div><ol class="survey">` +
				strings.Repeat(`<li class="question"><p>Did the kettle boil water fast enough for you?</p><label><input type="radio" name="q" value="y"> Yes</label><label><input type="radio" name="q" value="n"> No</label></li>`, 3) +
				`</ol></div></body>`,
			in:  []string{"A kettle of steel", "The steel study", "Did the kettle boil", "Yes"},
			out: []string{"Compare"},
		},
		{
			// A card's overlay shown on hover is a control's label when every
			// card says it; a portfolio's titles shown so, each its own, stay.
			name: "an overlay shown on hover that each card repeats goes, one naming each card stays",
			html: `<body><div class="shop"><h1>Shoes</h1><p>` + prose(2, "shoe") + `</p><div class="grid">` +
				func() string {
					var b strings.Builder
					for i, name := range []string{"Black shoes", "Brown shoes", "Tan socks", "Navy socks"} {
						overlay := `<div class="absolute opacity-0 group-hover:opacity-100"><h4>View Details</h4></div>`
						if i%2 == 1 {
							overlay = `<span class="invisible group-hover:visible">View Details</span>`
						}
						b.WriteString(`<div class="col"><a class="group" href="/s"><div class="relative"><img src="/s.jpg" alt="">` + overlay + `</div><h2>` + name + `</h2><p>$30</p></a></div>`)
					}
					return b.String()
				}() + `</div><div class="gallery">` +
				strings.Repeat(`<div class="tile"><a class="group" href="/p"><img src="/p.jpg" alt=""><span class="hidden group-hover:block">A house by the sea</span></a></div>`, 2) +
				`<div class="tile"><a class="group" href="/p"><img src="/p.jpg" alt=""><span class="hidden group-hover:block">A barn in the hills</span></a></div>` +
				`<div class="tile"><a class="group" href="/p"><img src="/p.jpg" alt=""><span class="hidden group-hover:block">A school in town</span></a></div>` +
				`</div></div></body>`,
			in:  []string{"Black shoes", "Navy socks", "$30", "A barn in the hills", "A school in town"},
			out: []string{"View Details"},
		},
		{
			// A span named a button is a control a script makes; beside the
			// card's price and stock, it is read apart from them.
			name: "a part named a button each card repeats goes, the price beside it stays",
			html: `<body><div class="shop"><h1>Cameras</h1><p>` + prose(2, "camera") + `</p><div class="grid">` +
				func() string {
					var b strings.Builder
					for i, name := range []string{"Canon R100", "Canon R50", "Sony a7", "Nikon Z5"} {
						b.WriteString(`<div class="product_x1Yz"><h3><a href="/c">` + name + `</a></h3><ul><li>24MP sensor</li><li>4K video</li></ul>` +
							`<div class="conversion"><div class="price">$` + fmt.Sprint(500+i*100) + `</div><div class="stock">In Stock</div>` +
							`<div class="shipping"><span class="shipMessageBtn_Go9mWg">Calculate Shipping</span></div></div></div>`)
					}
					return b.String()
				}() + `</div></div></body>`,
			in:  []string{"Canon R100", "$500", "$800", "In Stock", "4K video"},
			out: []string{"Calculate Shipping"},
		},
		{
			// A CSS module's component named for a gallery is one, whatever
			// furniture word qualifies it; one named for its furniture with
			// a head of no meaning ("FooterWrapper") is that furniture.
			name: "a gallery component qualified by a furniture word stays, a footer wrapper goes",
			html: `<body><div class="Page_main__x1Y2z"><h1>Watches</h1><p>` + prose(2, "watch") + `</p>` +
				`<div class="StickyFooterGallery_gallery__WZwXc"><h2>Explore the lineup.</h2>` +
				strings.Repeat(`<div class="StickyFooterGallery_galleryItem__ZGmEN"><h3>Watch Series</h3><p>The ultimate way to watch your health.</p><p>From $399</p></div>`, 3) +
				`</div><p>` + prose(2, "health") + `</p></div>` +
				`<div class="FooterWrapper_wrapper__Q1w2e"><a href="/about">About the company</a> <a href="/jobs">Careers at the company</a></div></body>`,
			in:  []string{"Explore the lineup.", "The ultimate way to watch your health.", "From $399"},
			out: []string{"Careers at the company"},
		},
		{
			name: "testimonials named as a widget stay, a widget of other things goes",
			html: `<body><div class="shop"><h1>Feeders</h1><p>` + prose(2, "feeder") + `</p><ul class="products">` +
				`<li><div class="widget-testimonials"><p>"Birdbuddy produces stunning imagery and has a lively community."</p><p>"My new, favorite gadget."</p></div></li>` +
				`<li><div class="widget-archives"><a href="/2024">Archives of 2024</a> <a href="/2023">Archives of 2023</a></div></li>` +
				`</ul><p>` + prose(2, "seed") + `</p></div></body>`,
			in:  []string{"stunning imagery", "favorite gadget", "The seed study"},
			out: []string{"Archives of 2024"},
		},
		{
			name: "listing keeps its items",
			html: `<body><div class="nav-bar"><a href="/">Home</a></div><div class="content"><h1>All courses</h1><p>` + prose(1, "catalogue") + `</p><ul class="course-list">` +
				strings.Repeat(`<li><h2><a href="/c">Course on reading</a></h2><p>Learn to read well in six weeks.</p></li>`, 12) +
				`</ul></div><div class="footer">© Example</div></body>`,
			in:  []string{"Course on reading", "Learn to read well", "All courses"},
			out: []string{"© Example"},
		},
		{
			name: "product keeps its specs table",
			html: `<body><div class="top-menu"><a href="/">Shop</a> <a href="/cart">Cart</a></div><div id="product"><h1>Oak chair</h1><p>A solid oak chair, oiled by hand, built to last for decades of daily use.</p>
<table><tr><th>Width</th><td>45 cm</td></tr><tr><th>Height</th><td>90 cm</td></tr><tr><th>Weight</th><td>6 kg</td></tr></table>
<div class="recommendations"><a href="/x">You may also like: Oak table</a></div></div></body>`,
			in:  []string{"Oak chair", "45 cm", "90 cm", "| Weight"},
			out: []string{"You may also like", "Cart"},
		},
		{
			name: "forum posts named comments are the content",
			html: `<body><div class="topbar"><a href="/">Forum</a></div><div class="thread"><h1>How do you read?</h1><div class="comments">` +
				`<div class="comment"><p>` + prose(2, "first reply") + `</p></div>` +
				`<div class="comment"><p>` + prose(2, "second reply") + `</p></div>` +
				`<div class="comment"><p>` + prose(2, "third reply") + `</p></div></div></div></body>`,
			in: []string{"first reply", "second reply", "third reply"},
		},
		{
			// Where a forum names its posts comments, a part of a post
			// named for the comment and then a share bar or an advert
			// ("comment_share_toggle", "comment-ad") is that part, not
			// the post; "comment-body" is the post.
			name: "a forum post's share control named after the comment is not the post",
			html: `<body><div class="thread"><h1>How do you read?</h1><div class="comments">` + commentPost("first reply") + commentPost("second reply") + commentPost("third reply") + `</div></div></body>`,
			in:   []string{"The first reply study", "The third reply study", "[Parent](/c?cid=1)"},
			out:  []string{"Share", "Buy kettles"},
		},
		{
			name: "a single article is the content, its footnotes stay with it",
			html: `<body><div class="top-strip"><p>` + prose(2, "strip") + `</p></div><article><h1>Essay</h1><p>` + prose(5, "essay") + `</p></article>
<div class="wrap"><div class="post-footnotes"><ol><li id="fn-1">See the earlier essay, section two.</li></ol></div></div>
<div><p>` + prose(2, "unrelated") + `</p></div></body>`,
			in:  []string{"# Essay", "The essay study", "See the earlier essay"},
			out: []string{"The strip study", "The unrelated study"},
		},
		{
			name: "a list of article teasers is not an article",
			html: `<body><div class="intro"><h1>Latest</h1></div><div class="teasers">` +
				strings.Repeat(`<article><h2><a href="/p">A story about reading</a></h2><p>`+prose(1, "teaser")+`</p></article>`, 6) +
				`</div></body>`,
			in: []string{"Latest", "A story about reading"},
		},
		{
			name: "a sidebar of post teasers does not wrap the content",
			html: `<body><div class="with-sidebar-layout"><div class="main"><div class="entry-content"><h1>Readers</h1><p>` + article + `</p><p>` + prose(6, "memory") + `</p></div></div>
<div class="sidebar">` + strings.Repeat(`<div class="loop-item is-type-post"><h3><a href="/p">A story about reading</a></h3><p>`+prose(1, "teaser")+`</p></div>`, 2) + `</div></div></body>`,
			in:  []string{"Readers", "careful paragraphs", "The memory study"},
			out: []string{"A story about reading", "The teaser study"},
		},
		{
			name: "a grid of teasers of other articles beside an article goes",
			html: `<body><div class="page"><div class="col"><h1>Readers</h1><p>` + article + `</p><p>` + prose(10, "memory") + `</p></div>
<div class="col"><h3>Latest news</h3><div class="grid">` + strings.Repeat(`<article class="card"><h3><a href="/p">A story about reading</a></h3><p>`+prose(1, "teaser")+`</p><a href="/p">Read more</a></article>`, 3) + `</div></div></div></body>`,
			in:  []string{"Readers", "careful paragraphs", "The memory study"},
			out: []string{"A story about reading", "The teaser study", "Read more"},
		},
		{
			name: "after the article, a box about its writer is not added back",
			html: `<body><div class="page"><div class="body"><h1>Readers</h1><p>` + article + `</p></div>
<div class="more"><p>An aside, said after the study: readers, it seems, remember what they reread, and they reread what moves them.</p></div>
<div class="about"><p class="post-author-name">Jane Doe</p><p>Jane Doe writes about reading, memory and libraries, and has done so, happily, for ten years.</p></div></div></body>`,
			in:  []string{"Readers", "careful paragraphs", "An aside, said after the study"},
			out: []string{"Jane Doe"},
		},
		{
			name: "a page of short text is never empty",
			html: `<body><div class="menu"><a href="/a">A</a></div><div><p>Opening hours: 9 to 5.</p></div></body>`,
			in:   []string{"Opening hours: 9 to 5."},
		},
		{
			name: "a page whose only text is its chrome keeps the chrome",
			html: `<body><header><nav><a href="/about">About us</a></nav></header><footer>Contact: hello@example.com</footer></body>`,
			in:   []string{"About us", "hello@example.com"},
		},
		{
			name: "body hidden until its CSS loads is content",
			html: `<body style="visibility:hidden"><div><h1>Visible later</h1><p>` + article + `</p></div></body>`,
			in:   []string{"Visible later", "careful paragraphs"},
		},
		{
			// vBulletin's div#posts: the thread is the content, whole,
			// however long its first post; the forum's welcome notice
			// beside it is not.
			name: "a part named for a thread's posts is the content, kept whole",
			html: `<body><table><tr><td><p>Welcome to the forum, the place to be for everyone interested in video conversion.</p><p>Before you start posting please read the forum rules, and be kind to each other.</p></td></tr></table>
<div id="posts"><div><div class="page"><p>` + prose(9, "question") + `</p></div></div>
<div><div class="page"><p>Does turning off hardware decoding change anything?</p></div></div></div></body>`,
			in:  []string{"The question study", "Does turning off hardware decoding"},
			out: []string{"Welcome to the forum"},
		},
		{
			// A service's offers, each a link around a card with its title
			// and a description in sentences, are content inside prose; a
			// card of labels is a link like any other.
			name: "links around cards with a summary in sentences are not a block of links",
			html: `<body><div class="page"><h1>HR consulting</h1><p>` + article + `</p><p>` + prose(4, "staffing") + `</p>
<div class="grid"><a href="/s/1"><div class="card"><h3>Employee relations</h3><p>Training managers to improve relations and morale, reducing turnover.</p></div></a>
<a href="/s/2"><div class="card"><h3>Compliance</h3><p>Full check-ups that identify the regulations that apply to you.</p></div></a></div>
<a href="/l/1"><div class="promo"><h3>Data science</h3><p>Explore learning activities</p></div></a></div></body>`,
			in:  []string{"Employee relations", "reducing turnover", "identify the regulations"},
			out: []string{"Explore learning activities"},
		},
		{
			// A design system's card elements title the card with an
			// element ARIA makes a heading (role="heading"), not an h3:
			// the card is one all the same, the band of case studies the
			// service's own text.
			name: "links around cards titled by an ARIA heading are not a block of links",
			html: `<body><div class="page"><h1>Security services</h1><p>` + article + `</p><p>` + prose(4, "defense") + `</p>
<div class="cards"><h2>Case studies</h2><x-card-group><a href="/c/1" style="display: contents;"><x-card-item><x-card-heading role="heading" aria-level="3">Harbor Digital Works</x-card-heading><div>Harbor hardens its security posture to enable future growth.</div></x-card-item></a>
<a href="/c/2" style="display: contents;"><x-card-item><x-card-heading role="heading" aria-level="3">Northwind Networks Inc.</x-card-heading><div>Northwind acts on threat intelligence against attacks in real time.</div></x-card-item></a>
<a href="/c/3" style="display: contents;"><x-card-item><x-card-heading role="heading" aria-level="3">City Health Digital</x-card-heading><div>Boosting preparedness and resilience for the sake of patient care.</div></x-card-item></a></x-card-group></div></div></body>`,
			in: []string{"Harbor Digital Works", "hardens its security posture", "threat intelligence against attacks", "for the sake of patient care"},
		},
		{
			// A blog's teaser cards write their summary as a block of text
			// alone, cut short with an ellipsis: a card all the same.
			name: "links around cards with a summary cut short are not a block of links",
			html: `<body><div class="page"><h1>Project software</h1><p>` + article + `</p><p>` + prose(4, "planning") + `</p>
<div class="grid"><a href="/b/1"><article><h2 class="entry-title">Leading change</h2><div class="entry-summary">Whether you are a team of five or fifty, projects multiply as you grow and boards fill…</div></article></a>
<a href="/b/2"><article><h2 class="entry-title">Release notes</h2><div class="entry-summary">The new release brings several improvements across the platform for teams…</div></article></a></div></div></body>`,
			in: []string{"Leading change", "team of five or fifty", "several improvements"},
		},
		{
			// A service's offers written in spans, no heading: a title,
			// then a line that ends a sentence, the link around both. A
			// card whose line asks a question leads to another page's
			// answer; a card of labels is a link like any other.
			name: "links around a title and a sentence, without a heading, are not a block of links",
			html: `<body><div class="page"><h1>Customer service</h1><p>` + article + `</p><p>` + prose(4, "support") + `</p>
<h2>Explore service capabilities</h2><div class="links"><a href="/s/ai"><span class="icon"></span><span><span>AI agents</span><span>Automate most of your interactions.</span></span></a>
<a href="/s/help"><span><span>Help center</span><span>Let customers serve themselves, any time.</span></span></a>
<a href="/s/voice"><span><span>Voice</span><span>Make it easier to scale phone support.</span></span></a></div>
<div class="more"><a href="/r/1"><span>Seating guide</span><span>Does a round table seat eight or ten?</span></a>
<a href="/r/2"><span>Tent guide</span><span>What size of tent do I need for fifty guests?</span></a>
<a href="/r/3"><span>Place settings</span><span>How much does it cost to rent place settings?</span></a></div></div></body>`,
			in:  []string{"Explore service capabilities", "Automate most of your interactions.", "Let customers serve themselves", "Make it easier to scale"},
			out: []string{"Does a round table seat", "What size of tent"},
		},
		{
			// A roundup's item opens with its award and its product's
			// name, linked: a title, not a block of links; two linked
			// titles together are.
			name: "a title block with one link is not a block of links",
			html: `<body><div class="page"><h1>Best bread makers</h1><p>` + article + `</p>
<div class="item"><div class="heading"><h2>Runner-up, best overall</h2><a href="/p/1"><h3>Zojirushi Home Bakery Virtuoso Plus Bread Maker</h3></a></div><p>` + prose(3, "baking") + `</p></div>
<div class="more"><a href="/r/1"><h3>Other bread makers we tested this year</h3></a><a href="/r/2"><h3>How we test kitchen appliances</h3></a></div></div></body>`,
			in:  []string{"Runner-up, best overall", "Virtuoso Plus Bread Maker", "The baking study"},
			out: []string{"Other bread makers we tested"},
		},
		{
			// The product's picture links to it too, beside its title: a
			// link without text is no second link of the title block.
			name: "a title block with one link is not a block of links, its picture linked too",
			html: `<body><div class="page"><h1>Best bread makers</h1><p>` + article + `</p>
<div class="record"><div class="heading"><h2>Runner-up, best overall</h2><a href="/p/1"><h3>Zojirushi Home Bakery Virtuoso Plus Bread Maker</h3></a></div>
<div class="figure"><a href="/p/1"><img src="/i/1.jpg" alt=""></a></div></div><p>` + prose(3, "baking") + `</p></div></body>`,
			in: []string{"Runner-up, best overall", "Virtuoso Plus Bread Maker", "The baking study"},
		},
		{
			// A link written as its address, to another site, cites a
			// source: a reply that says little more than where to read is
			// a reply, not a block of links. The site's own links written
			// so stay links.
			name: "links written as their address to another site are not counted as links",
			html: `<body><div class="page"><h1>Thread</h1><div class="post"><p>` + prose(3, "laptop") + `</p></div><div class="post"><p>` + prose(3, "battery") + `</p></div>
<div class="post"><a href="/u/diizzy">diizzy</a><p>It throttles a lot, see <a href="https://www.notebookcheck.example/LG-Gram-17-2024-laptop-review-Small-improvements.826926.0.html">https://www.notebookcheck.example/LG-Gram-17-2024-laptop-review-Small-improvements.826926.0.html</a></p></div>
<div class="more"><p>Also: <a href="/insurance/embrace-pet-insurance-plans-and-prices">https://www.example.com/insurance/embrace-pet-insurance-plans-and-prices</a></p></div></div></body>`,
			in:  []string{"It throttles a lot", "notebookcheck"},
			out: []string{"embrace-pet-insurance"},
		},
		{
			// Discourse frames a quote in an <aside> under who said it: the
			// reply's text, not the page's box. A quote of a post above goes
			// whole, with its line; a pull quote under its speaker's credit
			// is the page's aside.
			name: "an aside framing a quotation under who said it is the reply's",
			html: `<body><div class="thread"><div class="post"><p>` + prose(3, "valuation") + `</p></div>
<div class="post"><aside class="quote"><div class="title"><img src="/a.png" alt=""> paulw:</div><blockquote><p>I merely try to think about reasonable expectations for the next few years.</p></blockquote></aside><p>` + prose(2, "growth") + `</p></div>
<div class="post"><aside class="quote"><div class="title">ryshab:</div><blockquote><p>The valuation study, part a, found that readers remember long, careful paragraphs far better than fragments, and that they return to them.</p></blockquote></aside><p>` + prose(2, "margin") + `</p>
<aside class="pull-quote"><blockquote>Machine learning is changing every industry, and leaders need to understand it.</blockquote><span class="credit">Aleksander Madry, professor</span></aside></div></div></body>`,
			in:  []string{"paulw:", "reasonable expectations for the next few years", "The growth study", "The margin study"},
			out: []string{"ryshab:", "Machine learning is changing"},
		},
		{
			// The line that says whose words they are is the one above the
			// quotation: a control after it (Discourse's "expand") is
			// no part of that line.
			name: "an aside's line above its quotation ends in a colon, whatever follows it",
			html: `<body><div class="thread"><div class="post"><p>` + prose(3, "valuation") + `</p></div>
<div class="post"><aside class="quote"><div class="title">kofi:</div><blockquote><p>I merely try to think about reasonable expectations for the next few years.</p></blockquote><div class="quote-controls"><a href="#expand">expand</a></div></aside><p>` + prose(2, "growth") + `</p></div></div></body>`,
			in: []string{"kofi:", "reasonable expectations for the next few years", "The growth study"},
		},
		{
			// HTML-AAM maps an <aside> inside an article or a section,
			// without a name, to no landmark: in prose, it is a note of
			// the article's own; a box of links there, or an aside beside
			// the article, is still chrome.
			name: "an aside of prose inside the article is the article's",
			html: `<body><article><h1>Sitting</h1><p>` + article + `</p>
<aside class="center"><p>Americans spend a lot of time sitting: at desks, in cars, and in front of screens. Studies show, again and again, that long hours of it, day after day, raise the risks of heart disease, diabetes and some cancers.</p></aside>
<p>` + prose(3, "posture") + `</p><aside><ul><li><a href="/a">Walking</a></li><li><a href="/b">Standing desks</a></li></ul></aside></article>
<aside><p>Our sister site writes about exercise, nutrition and sleep, every week, and its newsletter, sent on Fridays, gathers the best of it for readers who want more of it.</p></aside></body>`,
			in:  []string{"Americans spend a lot of time sitting", "The posture study"},
			out: []string{"Standing desks", "Our sister site"},
		},
		{
			// A part named a call to action is a button and its line; one
			// with text of its own is a service's offer, named for its
			// button.
			name: "calls to action go, offers named for them stay",
			html: `<body><div class="page"><h1>Accounting services</h1><p>` + article + `</p>
<div class="section-cta"><p>Ready to grow your business?</p><a href="/c">Request a free consultation</a></div>
<div class="cmp-cta__standard"><h3>Payroll</h3><p>We run your payroll every month, file the returns and answer your staff's questions, so that you never have to.</p></div>
<p>` + prose(3, "ledger") + `</p></div></body>`,
			in:  []string{"We run your payroll every month", "The ledger study"},
			out: []string{"Ready to grow your business?", "Request a free consultation"},
		},
		{
			// A post's heading beside a text nested in wrappers deeper than
			// the siblings added back reach: the page's only <h1> is its
			// title and stays with it.
			name: "the page's only h1 above deeply wrapped content stays",
			html: `<body><div class="post"><div class="bar"><a href="/u/1">poster</a></div><h1>Enameled pans</h1>
<div class="text-body"><div class="a"><div class="b"><div class="c"><p>` + article + `</p><p>` + prose(3, "pans") + `</p></div></div></div></div></div></body>`,
			in: []string{"# Enameled pans", "The pans study"},
		},
		{
			// The <h1> comes with the key points beside it in its header,
			// when the content is too deeply wrapped for the siblings
			// added back to reach them; not with its byline.
			name: "the only h1 comes with its key points",
			html: `<body><div class="page"><div class="hero"><div class="inner"><h1>Cloud stocks</h1><p class="byline">By Ann Lee</p>
<div class="key"><h2>Key Points</h2><ul><li>Spending on the cloud, analysts say, is projected to triple by 2030, from a third of that today.</li><li>Three large providers lead the market, and, so far, they grow faster than the rest of it.</li></ul></div></div></div>
<div class="body"><div class="a"><div class="b"><div class="c"><div class="text"><p>` + article + `</p><p>` + prose(3, "cloud") + `</p></div></div></div></div></div></div></body>`,
			in:  []string{"# Cloud stocks", "projected to triple", "Three large providers", "The cloud study"},
			out: []string{"By Ann Lee"},
		},
		{
			// Docusaurus styles every heading's anchor
			// "anchorWithStickyNavbar"; WordPress writes "h-" and the
			// heading's words as its id: a heading whose id spells its
			// text is the document's, whatever its names say.
			name: "headings whose ids spell their text are not named boilerplate",
			html: `<body><div class="doc"><h1>Search guide</h1><p>` + article + `</p>
<h2 id="product-search-feature" class="anchor anchorWithStickyNavbar_LWe7">Product search feature</h2><p>` + prose(2, "search") + `</p>
<h2 id="h-what-is-social-shopping" class="wp-block-heading">What is social shopping?</h2><p>` + prose(2, "shopping") + `</p>
<h2 class="related-title">More to read</h2><p>` + prose(2, "closing") + `</p></div></body>`,
			in:  []string{"## Product search feature", "## What is social shopping?", "The shopping study"},
			out: []string{"More to read"},
		},
		{
			// The WAI-ARIA accordion, disclosure and tabs patterns: a
			// collapsed panel is content folded away, and a trigger in a
			// heading is its text. A submenu folded under its button is
			// links, a form folded so is a select's options, a dialog and a
			// combobox's suggestions are popups, and what merely hides
			// stays hidden.
			name: "collapsed accordion and tab panels are content; hidden menus and dialogs are not",
			html: `<body><div><h1>Plans</h1><p>` + article + `</p>
<h3><button aria-expanded="false" aria-controls="faq-1">Can I cancel?</button> <button>Copy link</button></h3>
<div id="faq-1" aria-hidden="true"><p>Yes, you can cancel at any time from your account page.</p></div>
<h3><div role="button" aria-expanded="false" aria-controls="faq-2">How long is the warranty?</div></h3>
<div id="faq-2"><div class="inner" hidden><p>Two years on every frame we sell, parts and labour.</p></div></div>
<h3><button aria-expanded="false">What sizes are there?</button></h3>
<div style="display:none"><p>Sizes run from extra small to extra extra large.</p></div>
<div role="tablist"><button role="tab" id="tab-2" aria-selected="false">Pricing</button></div>
<div role="tabpanel" aria-labelledby="tab-2" hidden><p>Every plan is billed monthly, with no setup fee.</p></div>
<div role="region" aria-labelledby="tab-2" style="display: none"><p>Annual billing saves two months.</p></div>
<a role="button" id="q-3" aria-controls="a-3">Do you offer refunds?</a><div id="a-3" role="region" aria-labelledby="q-3" style="display:none"><p>Refunds are issued within thirty days.</p></div>
<button aria-expanded="false" aria-controls="ship">Estimate shipping</button><div id="ship" aria-hidden="true"><label>Country</label><select><option>Australia</option><option>Austria</option><option>Belgium</option><option>Canada</option></select></div>
<input role="combobox" aria-expanded="false" aria-controls="suggest"><div id="suggest" hidden><p>A suggested search for warm winter coats.</p></div>
<button aria-expanded="false" aria-controls="sub">Products</button>
<ul id="sub" hidden><li><a href="/a">Product A</a></li><li><a href="/b">Product B</a></li></ul>
<button aria-expanded="false" aria-controls="dlg">Sign in</button>
<div id="dlg" role="dialog" hidden><p>Sign in to your account to continue.</p></div>
<div hidden><p>An unrelated hidden note.</p></div></div></body>`,
			in: []string{"### Can I cancel?\n", "Yes, you can cancel", "### How long is the warranty?\n", "Two years on every frame",
				"### What sizes are there?\n", "extra extra large", "billed monthly", "Annual billing", "Refunds are issued"},
			out: []string{"Product A", "Sign in to your account", "unrelated hidden note", "Copy link", "Pricing", "Belgium", "warm winter coats"},
		},
		{
			// An FAQ written without ARIA: a heading's one button holding
			// all of its text is the question. A button beside a
			// heading's title is a control.
			name: "a heading's button that is all its text",
			html: `<body><div><h1><span>Crate tokio</span> <button>Copy item path</button></h1><p>` + article + `</p><ul class="faq">
<li><h3 class="faq-header"><button class="faq-button"><span>Can I return my Mac?</span></button></h3><div><p>Yes, within fourteen days, with the receipt and the box.</p></div></li>
<li><h3 class="faq-header"><button class="faq-button"><span>Is setup easy?</span></button></h3><div><p>Yes, bring your phone near it and sign in.</p></div></li></ul></div></body>`,
			in:  []string{"### Can I return my Mac?\n", "### Is setup easy?\n", "within fourteen days", "# Crate tokio\n"},
			out: []string{"Copy item path"},
		},
		{
			// An accordion whose items are buttons above their panels, not
			// in headings: each button's words title its panel. A button
			// folding a filter's values, or saying little, is a control.
			name: "an accordion's button outside a heading titles its panel",
			html: `<body><div><h1>Skin care course</h1><p>` + article + `</p><div class="accordions">
<div class="accordion"><button aria-controls="s1" aria-expanded="true"><span>01. Getting Started</span></button><div id="s1"><p>How the course works, and what each week covers.</p></div></div>
<div class="accordion"><button aria-controls="s2" aria-expanded="false"><span>02. Common skin conditions</span></button><div id="s2" hidden><p>Acne, rosacea and eczema, and how each is treated.</p></div></div>
<div class="accordion"><button aria-controls="s3" aria-expanded="false">Show more</button><div id="s3" hidden><p>Sun protection, lotions and potions, and what they do.</p></div></div>
<div class="facet"><button aria-controls="f1" aria-expanded="false">Recommended Use</button><div id="f1"><ul><li><button>Hiking trips</button></li><li><button>Camping trips</button></li></ul></div></div></div></div></body>`,
			in:  []string{"Getting Started\n", "Common skin conditions\n", "Acne, rosacea", "Sun protection"},
			out: []string{"Show more", "Recommended Use"},
		},
		{
			// A "Read more" that unfolds the rest of a text in place: the
			// whole copy, hidden, is the text; the cut one goes. A hidden
			// text that no visible copy begins stays hidden, and so does
			// one whose teaser is not cut short (no ellipsis).
			name: "the whole text a Read more unfolds in place is shown, its cut copy dropped",
			html: `<body><div><h1>Free courses</h1><p class="intro"><span class="intro__more">Our specialist programmes give you job-role training and formal workplace skills. In fewer than three hours you can com... <span>…Read More</span></span>` +
				`<span class="intro__less" style="display:none">Our specialist programmes give you job-role training and formal workplace skills. In fewer than three hours you can complete any of our free courses with certificates. <span>Read Less</span></span></p><p>` + article + `</p>` +
				`<div class="note">Shipping is free on every order placed before noon today.</div><div class="note" style="display:none">Shipping is free on every order placed before noon today, and returns are free as well.</div>` +
				`<div style="display:none">A hidden promotion that nothing on the page shows at all.</div></div></body>`,
			in:  []string{"you can complete any of our free courses", "The reading study"},
			out: []string{"you can com...", "Read More", "returns are free", "hidden promotion"},
		},
		{
			name: "class hide hides, as Bootstrap and Foundation style it; a panel so folded is unfolded",
			html: `<body><div id="bar" class="notice-bar hide"><p>Free shipping on orders over fifty dollars, see our shipping page.</p></div>
<div class="hidden-xs"><h1>Plans</h1></div><p>` + article + `</p>
<h3><button aria-expanded="false" aria-controls="faq-9">Can I pause?</button></h3>
<div id="faq-9" class="panel hide"><p>Yes, for up to three months a year.</p></div></body>`,
			in:  []string{"# Plans", "The reading study", "### Can I pause?\n", "for up to three months"},
			out: []string{"Free shipping on orders"},
		},
		{
			// A tab set written without ARIA, whose script shows one panel
			// at a time by its inline style (jQuery's show and hide): the
			// hidden panels beside the shown one are folded content. An
			// accordion's panels, each under its title, and a part hidden
			// by a class as well are not such a set.
			name: "panels side by side that a script shows one at a time are unfolded",
			html: `<body><h1>Graphics card</h1><p>` + article + `</p><div class="tab-panes">
<div class="tab-pane" style="display:block"><p>Overview: a fast card for games and video editing.</p></div>
<div class="tab-pane" style="display: none;"><p>Specifications: twelve gigabytes of memory, three fans.</p></div>
<div class="tab-pane hide" style="display:none"><p>Warranty terms hidden by a class as well.</p></div></div>
<div class="videos"><div class="clip" style="display:block"><p>The first clip, shown.</p></div><div class="expander"><a href="/v2">Second clip</a></div>
<div class="clip" style="display:none"><p>The second clip's summary, folded under its title.</p></div></div></body>`,
			in:  []string{"Overview: a fast card", "Specifications: twelve gigabytes"},
			out: []string{"Warranty terms", "second clip's summary"},
		},
		{
			// A tab set has a few panels: a panel further than
			// maxTabPanels siblings from the shown one is not read as one
			// of them, so a run of thousands of hidden twins is not read
			// once for each of them.
			name: "a tab set's shown panel is looked for a few siblings away",
			html: `<body><h1>Graphics card</h1><p>` + article + `</p><div class="tab-panes">
<div class="tab-pane" style="display:block"><p>Overview: a fast card for games and video editing.</p></div>` +
				func() string {
					var b strings.Builder
					for i := 1; i <= 40; i++ {
						fmt.Fprintf(&b, `<div class="tab-pane" style="display:none"><p>Hidden panel number %02d of the set.</p></div>`, i)
					}
					return b.String()
				}() + `</div></body>`,
			in:  []string{"Overview: a fast card", "Hidden panel number 05", "Hidden panel number 32"},
			out: []string{"Hidden panel number 33", "Hidden panel number 40"},
		},
		{
			// Panels of thousands of classes, sharing only their last: each
			// sibling's classes are looked up in a set of the panel's, not
			// compared with each of them (thousands times thousands).
			name: "a tab set's panels of thousands of classes are twins by the one they share",
			html: `<body><h1>Graphics card</h1><p>` + article + `</p><div class="tab-panes">` +
				func() string {
					var b strings.Builder
					for i := range 4 {
						fmt.Fprintf(&b, `<div class="`)
						for k := range 3000 {
							fmt.Fprintf(&b, "p%dc%d ", i, k)
						}
						display := "none"
						if i == 0 {
							display = "block"
						}
						fmt.Fprintf(&b, `pane" style="display:%s"><p>Panel number %d of the tab set.</p></div>`, display, i)
					}
					return b.String()
				}() + `</div></body>`,
			in: []string{"Panel number 0 of", "Panel number 3 of"},
		},
		{
			name: "Discourse posts inside noscript are content; notices are not",
			html: `<body><noscript><p>This site works best with JavaScript enabled.</p></noscript><section id="main"></section>
<noscript><div id="main-outlet"><h1>Thread title</h1><div class="topic-body"><div class="post"><p>` + prose(3, "forum") + `</p></div></div></div></noscript>
<noscript>&lt;img src="https://t.example/pixel.gif" width=1 height=1&gt;</noscript></body>`,
			in:  []string{"Thread title", "The forum study"},
			out: []string{"works best with JavaScript", "pixel.gif"},
		},
		{
			name: "the article's header beside its body: title, standfirst, byline",
			html: `<body><div class="site"><article><div class="article-header"><h1>Readers and paragraphs</h1>
<p class="subtitle">Why long careful paragraphs stay with readers longer than lists of fragments and bullet points do</p>
<div class="byline">By <a href="/a/1">Ann Lee</a> and <a href="/a/2">Bo Kim</a> · Updated March 3 2026 · Reviewed by <a href="/a/3">Cy Dunn</a> · Fact checked by <a href="/a/4">Di Eve</a> · 12 minute read · Filed under Reading Science and Memory Research · Part of the series How We Read Now with new episodes every month</div></div>
<div class="article-content"><div class="list-sc"><p>` + article + `</p><p>` + prose(12, "memory") + `</p></div></div></article></div></body>`,
			in: []string{"# Readers and paragraphs", "Why long careful paragraphs", "The memory study"},
		},
		{
			name: "a link inside a sentence is the sentence's, whatever its class says",
			html: `<body><div class="story"><h1>Readers</h1><p>After <a class="recommendation-inline-link" href="/a">announcing the results</a>, the team wrote up <a class="external-popup" href="/b">the method</a> in full.</p><p>` + article + `</p>
<div class="recommended-links"><a href="/c">Five other studies</a></div>Read on <div class="advert">Buy the study guide today</div> below.</div></body>`,
			in:  []string{"After [announcing the results](/a), the team wrote up [the method](/b) in full."},
			out: []string{"Five other studies", "Buy the study guide"},
		},
		{
			name: "a link styled as a button, alone in its block",
			html: `<body><div class="story"><h1>Readers</h1><p>` + article + `</p><p>See <a class="btn-link" href="/guide">our reading guide</a> for more.</p>
<div class="actions"><a class="btn btn-primary" href="/quote">Ask for our price list</a></div></div></body>`,
			in:  []string{"The reading study", "See [our reading guide](/guide) for more."},
			out: []string{"price list"},
		},
		{
			name: "a short control that says it is a button",
			html: `<body><div class="thread"><h1>Readers</h1><p>` + article + `</p><blockquote><p>` + prose(1, "quoted") + `</p><div class="expandLink"><a role="button" tabindex="0">Click to expand...</a></div></blockquote>
<div role="button" tabindex="0"><p>` + prose(2, "card") + `</p></div></div></body>`,
			in:  []string{"The quoted study", "The card study"},
			out: []string{"Click to expand"},
		},
		{
			name: "a question styled as a button titles the answer it unfolds",
			html: `<body><div class="faq"><h1>Insurance</h1><p>` + article + `</p><ul>
<li><div role="button" tabindex="0">Do I need insurance?</div><div><p>` + prose(2, "cover") + `</p></div></li>
<li><div role="button" tabindex="0">Why?</div><div><p>` + prose(2, "claim") + `</p></div></li></ul>
<div role="button" tabindex="0">Show all questions</div></div></body>`,
			in:  []string{"Do I need insurance?", "The cover study", "The claim study"},
			out: []string{"Why?", "Show all questions"},
		},
		{
			name: "a breadcrumb trail not named so",
			html: `<body><div class="story"><ul class="trail"><li><a href="/">Home</a></li><li>›</li><li><a href="/blogs/">Our Blogs</a></li></ul>
<h1>Readers</h1><p>` + article + `</p><ul><li><a href="/">Home</a> is where the <a href="/heart">heart</a> is, and readers return to it.</li></ul></div></body>`,
			in:  []string{"# Readers", "The reading study", "[Home](/) is where the [heart](/heart) is"},
			out: []string{"Our Blogs"},
		},
		{
			// A forum thread's category trail under its title, marked as
			// schema.org's BreadcrumbList but named for its topic; a list
			// of links so marked that is prose stays.
			name: "a breadcrumb trail marked by its structured data",
			html: `<body><div class="thread"><h1>Readers</h1><div class="topic-category" itemscope itemtype="http://schema.org/BreadcrumbList"><span itemprop="itemListElement" itemscope itemtype="http://schema.org/ListItem"><a href="/c/help/5" itemprop="item"><span itemprop="name">Help desk</span></a></span></div>
<ol vocab="https://schema.org/" typeof="BreadcrumbList"><li property="itemListElement" typeof="ListItem"><a property="item" href="/c/">Hardware hub</a></li></ol>
<p>` + article + `</p><div itemscope itemtype="https://schema.org/BreadcrumbList"><p>` + prose(2, "crumb") + ` <a href="/x">more</a></p></div></div></body>`,
			in:  []string{"# Readers", "The reading study", "The crumb study"},
			out: []string{"Help desk", "Hardware hub"},
		},
		{
			name: "a call to action among links only is a button, in a sentence a link",
			html: `<body><div class="story"><h1>Readers</h1><p>` + article + `</p><p>` + prose(3, "memory") + `</p>
<p>To comment, <a href="/join">sign up</a> first.</p>
<p><a href="/signup">Sign up for free →</a> <a href="/sales">Contact sales →</a></p>
<p><a class="btn" href="/join">Sign up now →</a></p><div><a href="/trial">Start a free trial</a></div></div></body>`,
			in:  []string{"The memory study", "[sign up](/join) first"},
			out: []string{"Sign up now", "Start a free trial", "Sign up for free", "Contact sales"},
		},
		{
			name: "a line of links with bars between them is a navigation bar; names listed are not",
			html: `<body><h2>Hardware</h2><p>` + article + `</p><p>` + prose(3, "catalog") + `</p>
<p>Authors: <a href="/a">Ann</a>, <a href="/b">Bo</a>, <a href="/c">Cy</a></p><p><a href="/d">Dee</a>, <a href="/e">Eve</a>, <a href="/f">Fay</a></p>
<table><tr><th>Year</th><th>Laureates</th></tr><tr><td>1903</td><td><a href="/h">Henri</a>; <a href="/p">Pierre</a>; <a href="/m">Marie</a></td></tr></table>
<h3><a href="/s">Stories of the catalog</a> <span>(<a href="/x">example.com</a>)</span></h3><p><a href="/t1">#go</a> <a href="/t2">#html</a> <a href="/t3">#web</a></p>
<ul><li><a href="/l1">Locks</a></li><li><a href="/l2">Hinges</a></li><li><a href="/l3">Saws</a></li></ul>
<p style="text-align:center"><a href="/help">Help with reading</a> -- <a href="/bad">Report a bad link</a> -- <a href="/new">Suggest a listing</a></p>
<div><span><a href="/">Home</a> | <a href="/about">About us</a> | <a href="/jobs">Jobs</a></span></div><center>[ <a href="/1">One</a> ] [ <a href="/2">Two</a> ] [ <a href="/3">Three</a> ]</center></body>`,
			in:  []string{"The catalog study", "[Ann](/a), [Bo](/b)", "[Dee](/d), [Eve](/e)", "[Henri](/h); [Pierre](/p)", "[Stories of the catalog](/s)", "[#go](/t1)", "[Locks](/l1)"},
			out: []string{"Help with reading", "About us", "Three"},
		},
		{
			name: "two links with a bar between them are no navigation bar, however many empty links before them",
			html: `<body><div class="copy"><h2>Discount sneakers</h2><p>` + article + `</p><p>` + prose(3, "sneaker") + `</p>
<p><a href="/m"></a><a href="/c"></a><a href="/m"></a><a href="/c">Shop clearance sneakers</a> | <a href="/f">Shop factory seconds</a></p></div></body>`,
			in: []string{"The sneaker study", "[Shop clearance sneakers](/c) | [Shop factory seconds](/f)"},
		},
		{
			name: "a sentence with a link in a part named navigation is a note, not navigation",
			html: `<body><div class="category"><h1>Category: Languages</h1>
<div class="hatnote navigation-not-searchable">The main article for this category is <a href="/wiki/PL">Programming language</a>.</div>
<div class="nav-links"><a href="/prev">Previous page</a> <a href="/next">Next page</a></div>
<p>` + article + `</p><p>` + prose(3, "language") + `</p></div></body>`,
			in:  []string{"The main article for this category is [Programming language](/wiki/PL).", "The language study"},
			out: []string{"Previous page"},
		},
		{
			name: "a second grid of the listing's cards beside it is added back",
			html: `<body><div class="page"><div class="head"><h1>Monitor arms</h1></div><div class="product-items">` +
				strings.Repeat(`<div class="product-item"><p class="title">Single arm</p><p>Holds one monitor up to 32 inches, in steel, with a desk clamp.</p><p>From $300</p></div>`, 10) +
				`</div><section class="add-ons"><h2>Add Ons</h2><div class="product-items"><div class="product-item"><p class="title">Dock three</p><p>Central hub for power</p></div>` +
				`<div class="product-item"><p class="title">Dock four</p><p>Power for your devices</p></div></div></section><div class="legal"><p>Prices in dollars</p></div></div></body>`,
			in:  []string{"Holds one monitor", "Dock three", "Power for your devices"},
			out: []string{"Prices in dollars"},
		},
		{
			name: "an article's sections named alike are no listing's items",
			html: `<body><div class="page"><div class="body"><div class="n p"><p>` + article + `</p></div><div class="n p"><p>` + prose(5, "section") + `</p></div><div class="n p"><p>` + prose(5, "memory") + `</p></div></div>` +
				`<div class="follow"><div class="n p"><a href="/w">Written by Ann</a></div><div class="n p"><a href="/f">Follow the blog</a></div></div></div></body>`,
			in:  []string{"The reading study", "The memory study"},
			out: []string{"Written by Ann", "Follow the blog"},
		},
		{
			name: "a byline of linked names is no author box",
			html: `<body><div class="story"><h1>Readers</h1><ul class="loop-card__author-list"><li><a href="/ann">Ann Lee</a></li><li><a href="/bo">Bo Park</a></li></ul><p>` + article + `</p><p>` + prose(3, "memory") + `</p>
<div class="author-bio"><p>Ann writes about memory and reading.</p><a href="/ann">More from Ann</a></div></div></body>`,
			in:  []string{"[Ann Lee](/ann)", "[Bo Park](/bo)", "The memory study"},
			out: []string{"Ann writes about memory", "More from Ann"},
		},
		{
			name: "Bootstrap's d-none hides unless a breakpoint's display class shows it",
			html: `<body><div class="page"><h1>Plans</h1><div class="d-none"><p>Mobile copy of the sale banner, extra forty percent off.</p></div><p>` + article + `</p><div class="d-none d-md-block"><p>Wide screens show this comparison note.</p></div>
<h3><button aria-expanded="false" aria-controls="faq-8">Can I switch?</button></h3><div id="faq-8" class="d-none"><p>Yes, plans switch at the next bill.</p></div></div></body>`,
			in:  []string{"The reading study", "comparison note", "plans switch at the next bill"},
			out: []string{"Mobile copy of the sale banner"},
		},
		{
			name: "a dropdown of links is a menu",
			html: `<body><section class="hero"><h1>Consulting</h1><div class="hero-select__dropdown"><ul><li><a href="/tax">Tax services</a><ul><li><a href="/audit">Audit and assurance</a></li><li><a href="/esop">ESOP services</a></li></ul></li><li><a href="/it">Technology solutions</a></li></ul></div></section>
<section class="overview"><p>` + article + `</p><p>` + prose(3, "consulting") + `</p></section>
<div class="faq-dropdown"><h2>Questions</h2><p>` + prose(2, "question") + `</p></div></body>`,
			in:  []string{"# Consulting", "The reading study", "The question study"},
			out: []string{"Tax services", "ESOP services"},
		},
		{
			name: "an address-less link is a control: its text is the page's",
			html: `<body><div class="page"><p>` + article + `</p><p>` + prose(3, "hiring") + `</p>
<div class="accordion"><div class="accordion__title"><h5><a href="#">Why would I support the employees I am letting go?</a></h5><a href="#" class="indicator"></a></div><div class="accordion__content"><p>Because it helps them and you.</p></div>
<div class="accordion__title"><h5><a href="javascript:void(0)">How long does a transition take for the people involved?</a></h5></div></div>
<div class="more"><a href="/a">Another story about reading long texts</a> <a href="/b">A second story about reading</a></div></div></body>`,
			in:  []string{"Why would I support the employees", "How long does a transition take"},
			out: []string{"Another story"},
		},
		{
			name: "cards that are links, each a heading and a summary, are teasers, not a related list",
			html: `<body><div class="page"><p>` + article + `</p><p>` + prose(4, "services") + `</p>
<div class="cards"><h2>Our services</h2><a href="/s/1"><h3>Compliance reviews</h3><p>Full check-ups of the rules that apply to you.</p></a><a href="/s/2"><h3>Career transition</h3><p>Support for the people who leave.</p></a></div>
<div class="more"><a href="/a">Another story about reading long texts</a> <a href="/b">A second story about reading</a></div></div></body>`,
			in:  []string{"Compliance reviews", "Full check-ups of the rules", "Career transition"},
			out: []string{"Another story"},
		},
		{
			name: "beside a listing, text with a few links is its intro",
			html: `<body><div class="page"><div class="intro"><div class="note">The main article for this category is <a href="/wiki/PL">Programming language</a>.</div>
<p>This category lists individual <a href="/wiki/PL">programming languages</a>. Articles about general topics belong in <a href="/wiki/Cat:Topics">Category:Topics</a>.</p>
<p>Jump to: <a href="#a">A</a> <a href="#b">B</a> <a href="#c">C</a> <a href="#d">D</a> <a href="#e">E</a> <a href="#f">F</a> <a href="#all">All the languages</a></p></div>
<div class="listing"><h2>Pages in this category</h2><ul>` + strings.Repeat(`<li><a href="/wiki/L">A language with a long name</a></li>`, 300) + `</ul></div></div></body>`,
			in: []string{"This category lists individual", "The main article for this category", "A language with a long name"},
		},
		{
			name: "a listing named recirculation is the content",
			html: `<body><div class="taxonomy"><h1>Dinner recipes</h1><p>` + prose(2, "kitchen") + `</p><div class="tax-sc__recirc-list">` +
				strings.Repeat(`<a class="card" href="/r"><span class="card__title">Ten one-pan dinners that have supper on the table in no time</span></a>`, 8) + `</div></div></body>`,
			in: []string{"# Dinner recipes", "Ten one-pan dinners"},
		},
		{
			name: "a recirculation list beside an article is a related list",
			html: `<body><div class="story"><h1>Readers</h1><p>` + article + `</p><p>` + prose(3, "dinner") + `</p><div class="recirc-list">` +
				strings.Repeat(`<a class="card" href="/r"><span class="card__title">Ten one-pan dinners</span></a>`, 5) + `</div></div></body>`,
			in:  []string{"The dinner study"},
			out: []string{"Ten one-pan dinners"},
		},
		{
			name: "a shop's upsell and cross-sell boxes are not the product",
			html: `<body><div class="product"><h1>Steel kettle</h1><p class="price">$40</p><p>` + prose(4, "kettle") + `</p>
<div class="up-sells upsells products"><h2>Add-ons</h2><a href="/a">Kettle descaler tablets</a> <span>$9</span></div>
<section class="block crosssell"><h2>Goes well with</h2><a href="/b">Loose-leaf tea sampler</a> <span>$19</span></section></div></body>`,
			in:  []string{"# Steel kettle", "$40", "The kettle study"},
			out: []string{"Kettle descaler tablets", "Loose-leaf tea sampler"},
		},
		{
			// A shop's selling points ("USP") and loyalty banners say the
			// same on every product's page: free delivery, points earned.
			name: "a shop's selling points and loyalty banner are not the product",
			html: `<body><div class="product"><h1>Steel kettle</h1><p class="price">$40</p><p>` + prose(4, "kettle") + `</p>
<div class="product-usp__wrapper"><p>Need some help? <a href="/chat">Chat with one of our experts</a></p><p>Free delivery on orders over $75</p></div>
<div class="lm--loyalty-banner"><span>Members earn 40 points on this purchase.</span></div></div></body>`,
			in:  []string{"# Steel kettle", "$40", "The kettle study"},
			out: []string{"Chat with one of our experts", "Free delivery", "Members earn"},
		},
		{
			// A product card's quick view is a popup over the listing:
			// the product's purchase form, its variants and cart button.
			// "quick-add-hidden" marks what such a popup leaves out of a
			// product's own page: not the popup.
			name: "a product card's quick view goes, however its name is written",
			html: `<body><div class="collection"><h1>Coffee</h1><p>` + prose(3, "coffee") + `</p><ul class="grid">` +
				strings.Repeat(`<li class="card"><h3><a href="/p/1">Dark roast coffee</a></h3><span class="price">$19.99</span>
<div class="quick-shop-wrapper"><label for="s">Size</label><select id="s" name="size"><option>One bag</option><option>Two bags</option><option>Five bags</option></select></div>
<div class="QuickView"><p>Whole bean or ground, shipped within a day of roasting.</p></div></li>`, 3) +
				`</ul><div class="rte quick-add-hidden"><p>` + prose(2, "bean") + `</p></div></div></body>`,
			in:  []string{"# Coffee", "Dark roast coffee", "$19.99", "The coffee study", "The bean study"},
			out: []string{"Two bags", "shipped within a day"},
		},
		{
			name: "other products' cards beside a product's page go, with their heading",
			html: `<head><meta property="og:type" content="product"></head><body><div class="item"><h1>Steel kettle</h1><span class="price">US $40.00</span><p>` + prose(3, "kettle") + `</p>
<div class="more"><h2>Similar items</h2><a href="/all">See all</a><ul>` +
				strings.Repeat(`<li><a href="/p/2"><img src="/k.jpg" alt=""></a><div>Copper kettle, two litres, whistling lid</div><span>Pre-owned</span><span>$35.50</span><span>+ $9.00 delivery</span></li>`, 4) + `</ul></div></div></body>`,
			in:  []string{"# Steel kettle", "US $40.00", "The kettle study"},
			out: []string{"Copper kettle", "Similar items", "See all"},
		},
		{
			name: "a product in JSON-LD: other products' cards go",
			html: `<head><script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"Product","name":"Steel kettle","offers":{"@type":"Offer","price":"40.00","priceCurrency":"EUR"}}]}</script></head>
<body><div class="item"><h1>Steel kettle</h1><p><b>€40</b></p><p>` + prose(3, "kettle") + `</p><h2>You may also like</h2><div class="grid">` +
				strings.Repeat(`<div class="card"><a href="/p/2">Copper kettle</a> <span>€35</span></div>`, 3) + `</div></div></body>`,
			// The heading over the cards goes with them: it heads nothing
			// (pruneOrphanHeadings).
			in:  []string{"# Steel kettle", "€40", "The kettle study"},
			out: []string{"Copper kettle", "You may also like"},
		},
		{
			// A tooltip's text shows on hover: help beside a label, not
			// the page's text. Names written in two words ("tool-tip",
			// "cross-sell") are the one word.
			name: "tooltips and cross-sells go, however their names are written",
			html: `<body><div class="product"><h1>Steel kettle</h1><p>` + prose(4, "kettle") + `</p>
<table class="specs"><tr><td><span>Impedance</span> <span class="tooltip">Impedance is how much a circuit resists the current.</span></td><td>37 Ω</td></tr>
<tr><td>Sensitivity <tool-tip class="tool-tip"><div class="tool-tip__content">Sensitivity measures how loud a pair of headphones will be.</div></tool-tip></td><td>94 dB</td></tr></table>
<ul><li><span class="tooltip-trigger">Warranty: two years</span></li><li><span class="has-tooltip">Returns: thirty days</span></li></ul>
<div class="cross-sells"><h2>Goes well with</h2><a href="/b">Loose-leaf tea sampler</a></div>
<div class="upSell"><h2>Add-ons</h2><a href="/a">Kettle descaler tablets</a></div></div></body>`,
			in:  []string{"The kettle study", "Impedance", "37 Ω", "Sensitivity", "94 dB", "Warranty: two years", "Returns: thirty days"},
			out: []string{"how much a circuit resists", "how loud a pair", "Loose-leaf tea sampler", "Kettle descaler tablets"},
		},
		{
			// The writer's tooltip made the byline too long to judge;
			// once it has gone, "By Jesse Porter" is a byline.
			name: "a byline left once its author's tooltip has gone",
			html: `<body><article><div class="article-header"><h1>Gooseneck kettles</h1><div class="bylines"><div class="bylines__item"><span>By</span> <a href="/jesse-porter">Jesse Porter</a>` +
				`<div class="author-tooltip"><p>Jesse has worked as a sommelier, a bartender, and a spirits rep, and has written about coffee, tea and the kettles that make them for ten years; he is available to have a drink with you next week or the week after.</p><a href="/about">Editorial Process</a></div></div>` +
				`<div class="bylines__date">Updated on 09/11/25</div></div></div><div class="article-content"><p>` + prose(4, "kettle") + `</p></div></article></body>`,
			in:  []string{"# Gooseneck kettles", "The kettle study"},
			out: []string{"Jesse Porter", "sommelier", "Editorial Process", "Updated on"},
		},
		{
			// A popover is a tooltip shown on a click: the help beside
			// a label goes, the label stays.
			name: "a popover's help goes, its trigger stays",
			html: `<body><div class="product"><h1>Steel kettle</h1><p>` + prose(4, "kettle") + `</p>
<p><span class="popover-trigger">Star seller</span><span class="popover"><span>Star sellers have an outstanding track record for a great customer experience.</span></span></p>
<p>Ships in two days<div class="wt-popover"><p>Your order should arrive by this date if you buy today.</p></div></p></div></body>`,
			in:  []string{"The kettle study", "Star seller", "Ships in two days"},
			out: []string{"outstanding track record", "should arrive by this date"},
		},
		{
			// Text for screen readers only that repeats the text before
			// it would be said twice; one that says something else stays.
			name: "a screen reader's copy of the text before it goes",
			html: `<body><div class="item"><h1>Steel kettle</h1><p>` + prose(3, "kettle") + `</p>
<div class="price"><span class="bold">EUR 20.99<span class="clipped">EUR 20.99</span></span></div>
<div class="was"><span class="sr-only">Previous price:</span> <s>EUR 25.00</s></div>
<div class="date"><span>Tue, Mar 04</span><span class="visually-hidden">Tue, Mar 04</span></div></div></body>`,
			in:  []string{"EUR 20.99", "Previous price:", "EUR 25.00", "Tue, Mar 04"},
			out: []string{"EUR 20.99EUR 20.99", "Tue, Mar 04Tue, Mar 04"},
		},
		{
			// The key features under a product's name come back with it,
			// past the rating row between them; the seller's links and
			// the price do not.
			name: "a product's key features after its name and rating row",
			html: `<head><meta property="og:type" content="product"></head><body><div class="nav"><a href="/">Home</a> <a href="/gpu">GPUs</a></div><div class="page"><div class="product-main"><div class="gallery"><img src="/g.jpg" alt=""></div><div class="product-wrap"><div class="seller">` +
				`<a href="/s0">Seller store link number 0</a> <a href="/s1">Seller store link number 1</a> <a href="/s2">Seller store link number 2</a> <a href="/s3">Seller store link number 3</a> <a href="/s4">Seller store link number 4</a> <a href="/s5">Seller store link number 5</a> <a href="/s6">Seller store link number 6</a> <a href="/s7">Seller store link number 7</a> <a href="/s8">Seller store link number 8</a> <a href="/s9">Seller store link number 9</a> <a href="/s10">Seller store link number 10</a> <a href="/s11">Seller store link number 11</a> </div><h1>Titan graphics card</h1><div class="product-rating"><span>(1)</span> <a href="/review">Write a Review</a></div>` +
				`<div class="product-bullets"><ul><li>5760 CUDA Cores</li><li>12GB 768-Bit GDDR5</li><li>PCI Express 3.0</li></ul></div><div class="price">$999</div><button>Add to cart</button></div></div>` +
				`<div class="tabs"><div id="overview"><h2>Overview</h2>` + strings.Repeat(`<p>`+strings.Repeat("The card study found that readers remember long, careful paragraphs far better than fragments. ", 5)+`</p>`, 8) + `</div></div></div></body>`,
			in:  []string{"# Titan graphics card", "- 5760 CUDA Cores", "- PCI Express 3.0", "The card study"},
			out: []string{"Write a Review", "Seller store", "$999"},
		},
		{
			// On a product's page, its buyers' reviews are what the
			// comments are under an article; its specs, beside the
			// description, stay with it.
			name: "a product's reviews go, its specs stay",
			html: `<head><meta property="og:type" content="product"></head><body><section class="product"><h1>Steel kettle</h1>
<article id="desc"><h2>About the kettle</h2><p>` + prose(8, "kettle") + `</p></article>
<section class="product-specs"><h2>Tech Specs</h2><ul><li>Capacity: 1.7 l</li><li>Power: 2200 W</li></ul></section>
<section class="product-reviews"><h2>Reviews</h2>` + strings.Repeat(`<article class="product-review"><h3>Great kettle</h3><p>`+prose(2, "boiling")+`</p><footer>Verified buyer</footer></article>`, 3) + `</section></section></body>`,
			in:  []string{"# Steel kettle", "The kettle study", "Capacity: 1.7 l", "Power: 2200 W"},
			out: []string{"Great kettle", "The boiling study", "Verified buyer"},
		},
		{
			// WooCommerce says so by the <body>'s class alone, with an
			// og:type of article: its reviews go too.
			name: "a product's page by its body class: its reviews go",
			html: `<head><meta property="og:type" content="article"></head><body class="product-template-default single-product woocommerce"><div class="product type-product"><h1>Steel kettle</h1>
<div id="tab-description"><h2>Description</h2><p>` + prose(8, "kettle") + `</p></div>
<div id="reviews"><h2>Share your thoughts!</h2><p>4.8 out of 5 stars</p>` + strings.Repeat(`<div class="review-body"><h3>Great kettle</h3><p>`+prose(2, "boiling")+`</p></div>`, 3) + `</div></div></body>`,
			in:  []string{"# Steel kettle", "The kettle study"},
			out: []string{"Share your thoughts", "Great kettle", "The boiling study"},
		},
		{
			// Its buyers' reviews long enough to read as prose, in a list
			// named for them ("comments") inside the reviews tab, go with
			// the tab's heading and rating summary: the prose is theirs,
			// not the shop's own review.
			name: "a product's reviews tab goes whole, its buyers' reviews long",
			html: `<head><meta property="og:type" content="product"></head><body><div class="product type-product"><h1>Steel kettle</h1>
<div class="summary"><p>` + prose(4, "summary") + `</p></div>
<div id="tab-description"><h2>Description</h2><p>` + prose(14, "kettle") + `</p></div>
<div id="tab-reviews" class="panel entry-content"><div id="reviews"><h2>Share your thoughts!</h2><p>4.8 out of 5 stars</p><div id="comments">` + review("boiling") + review("steam") + review("handle") + review("lid") + `</div></div></div></div></body>`,
			in:  []string{"# Steel kettle", "The summary study", "The kettle study"},
			out: []string{"Share your thoughts", "4.8 out of 5", "Great kettle", "The boiling study", "The lid study"},
		},
		{
			// Each review's text styled as prose (Tailwind's "prose") is
			// no content the reviews wrap: it must be the article's, a
			// quarter of the page.
			name: "a product's reviews go, their texts styled as prose too",
			html: `<head><meta property="og:type" content="product"></head><body><div class="page"><section class="product"><h1>Steel kettle</h1>
<div class="description"><p>` + prose(8, "kettle") + `</p></div></section>
<section id="reviews"><div class="wrap"><h2>Customer Reviews</h2>` + strings.Repeat(`<div class="card"><span>Verified buyer</span><div class="prose"><p>`+prose(2, "boiling")+`</p></div></div>`, 2) + `</div></section></div></body>`,
			in:  []string{"# Steel kettle", "The kettle study"},
			out: []string{"Customer Reviews", "The boiling study", "Verified buyer"},
		},
		{
			// On a product's page, the shop's testimonials (what its
			// customers say of the shop) go as its reviews do; on a
			// service's page they stay (see "testimonials named as a widget stay").
			name: "a product's page: the shop's testimonials go",
			html: `<head><meta property="og:type" content="product"></head><body><section class="product"><h1>Steel kettle</h1>
<div class="description"><p>` + prose(8, "kettle") + `</p></div>
<div class="testimonial-section"><strong>Our Customers Say</strong>` + strings.Repeat(`<div class="testimonial">Ann from Leeds says: `+prose(1, "service")+`</div>`, 4) + `</div></section></body>`,
			in:  []string{"# Steel kettle", "The kettle study"},
			out: []string{"Our Customers Say", "Ann from Leeds", "The service study"},
		},
		{
			// However long they run: each is a customer's, not the
			// shop's own review in prose.
			name: "a product's page: the shop's long testimonials go",
			html: `<head><meta property="og:type" content="product"></head><body><section class="product"><h1>Steel kettle</h1>
<div class="summary"><p>` + prose(5, "summary") + `</p></div>
<div class="description"><p>` + prose(12, "kettle") + `</p></div>
<div class="testimonial-section"><strong>Our Customers Say</strong>` + testimonial("service") + testimonial("delivery") + testimonial("price") + testimonial("help") + `</div></section></body>`,
			in:  []string{"# Steel kettle", "The summary study", "The kettle study"},
			out: []string{"Our Customers Say", "Ann from Leeds", "The service study", "The help study"},
		},
		{
			// A shop's disclaimer under a heading of its own says the
			// same on every product's page; an article's section so
			// headed is the writer's own caveat.
			name: "a product's page: the shop's disclaimer section goes",
			html: `<head><meta property="og:type" content="product"></head><body><section class="product"><h1>Almond thins</h1>
<div class="summary"><p>` + prose(4, "summary") + `</p></div>
<div class="details"><h2>Description</h2><p>` + prose(8, "almond") + `</p>
<div><h3><strong>Disclaimer</strong></h3><div><p>While the shop strives to ensure the accuracy of its product images and information, some manufacturing changes may be pending update on our site.</p></div></div>
<h2>Ingredients</h2><p>Flour, cane sugar, egg whites, almonds.</p></div></section></body>`,
			in:  []string{"# Almond thins", "The summary study", "The almond study", "## Ingredients", "Flour, cane sugar"},
			out: []string{"Disclaimer", "strives to ensure"},
		},
		{
			name: "an article's section headed Disclaimer stays",
			html: `<body><article><h1>Choosing tools</h1><p>` + prose(8, "tool") + `</p>
<div><h3><strong>Disclaimer</strong></h3><div><p>The focus of this method is on tools you are planning to use over a certain period of time.</p></div></div>
<h2>Next steps</h2><p>` + prose(4, "step") + `</p></article></body>`,
			in: []string{"Disclaimer", "The focus of this method", "The tool study", "Next steps"},
		},
		{
			// A review in prose, the shop's own, is text; its buyers'
			// short reviews are not.
			name: "a product's long review in prose stays",
			html: `<head><meta property="og:type" content="product"></head><body><section class="product"><h1>Steel kettle</h1>
<div class="description"><p>` + prose(3, "kettle") + `</p></div>
<section class="expert-review"><h2>Our review</h2><p>` + prose(14, "expert") + `</p></section>
<section class="reviews">` + strings.Repeat(`<div class="review"><h3>Great kettle</h3><p>`+prose(1, "boiling")+`</p></div>`, 3) + `</section></section></body>`,
			in:  []string{"# Steel kettle", "The kettle study", "Our review", "The expert study"},
			out: []string{"Great kettle", "The boiling study"},
		},
		{
			// A buying guide declares in JSON-LD the products it reviews,
			// offered for sale: its parts named review are its text.
			name: "a buying guide's reviews of products stay",
			html: `<head><meta property="og:type" content="article"><script type="application/ld+json">[{"@type":"Product","name":"Steel kettle","offers":{"price":"40"}},{"@type":"Product","name":"Glass kettle","offers":{"price":"35"}}]</script></head>
<body><div class="story"><h1>The best kettles</h1><p>` + prose(3, "kettle") + `</p>` +
				strings.Repeat(`<div class="product-review"><h2>Steel kettle</h2><p>`+prose(2, "boiling")+`</p></div>`, 3) + `</div></body>`,
			in: []string{"The best kettles", "The kettle study", "The boiling study"},
		},
		{
			// Cards that name the product in full are its own sizes.
			name: "a product's own sizes as cards stay",
			html: `<head><meta property="og:type" content="product"></head><body><div class="item"><h1>The Vitality Elixir</h1><span class="price">$130</span><p>` + prose(3, "elixir") + `</p><div class="sizes">` +
				`<div><a href="/p/s">Vitality Elixir sample</a><p>A week of evenings</p><span>$19</span></div><div><a href="/p/d">Vitality Elixir demi</a><p>Two months of evenings</p><span>$52</span></div><div><a href="/p/f">VITALITY ELIXIR</a><p>Half a year of evenings</p><span>$130</span></div></div>
<div class="pairs"><div><a href="/p/m">Bean mask</a><span>$85</span></div><div><a href="/p/c">Unveil cleanser</a><span>$75</span></div><div><a href="/p/b">Mahalo balm</a><span>$115</span></div></div></div></body>`,
			in:  []string{"Vitality Elixir sample", "Vitality Elixir demi", "The elixir study"},
			out: []string{"Bean mask", "Mahalo balm"},
		},
		{
			// Microdata that offers one product marks the product: its
			// summary and rating above the description and its details
			// beside it are kept with the description, however much more
			// the description weighs. The offer's fields are often hidden.
			name: "the product a page's microdata offers is kept whole",
			html: `<body><div class="page" itemscope itemtype="http://schema.org/Product"><div itemprop="offers" itemscope itemtype="http://schema.org/Offer" style="display:none"><meta itemprop="price" content="40"></div>
<div class="top"><h1 itemprop="name">Steel kettle</h1><div class="glance"><span>Recent reviews:</span> <span>Very positive</span></div></div>
<div class="middle"><div class="right"><div class="detail">Capacity: 1.7 l</div><div class="detail">Power: 2200 W</div></div>
<div class="left"><h2>About the kettle</h2><p>` + prose(12, "kettle") + `</p></div></div></div></body>`,
			in: []string{"# Steel kettle", "Very positive", "Capacity: 1.7 l", "The kettle study"},
		},
		{
			// The description, in a tab below the gallery, is the
			// content; the name above it comes back, and so does the
			// summary beside the name, not a subtitle that is no sentence.
			name: "a product's summary beside its name comes back with it",
			html: `<head><meta property="og:type" content="product"></head><body><div class="layout"><div class="row"><div class="left"><img src="/k.jpg" alt=""></div>
<div class="right"><h1>Steel kettle</h1><div class="stars"></div><div class="short"><p>Looking for a compact and durable kettle for the office? Discover the <strong>steel kettle</strong>: it boils a litre in a minute!</p></div><div class="badges">Two-year warranty</div></div></div>
<div class="tabs"><div class="panes"><div class="pane"><div id="description"><div class="desc"><p>` + prose(8, "kettle") + `</p><p>` + prose(4, "boiling") + `</p></div></div></div></div></div></div></body>`,
			in:  []string{"# Steel kettle", "it boils a litre in a minute!", "The kettle study", "The boiling study"},
			out: []string{"Two-year warranty"},
		},
		{
			// The same cards are a listing's content: a page that does not
			// say it is a product's keeps them.
			name: "product cards on a listing stay",
			html: `<head><meta property="og:type" content="product.group"></head><body><div class="shop"><h1>Kettles</h1><span class="price">US $40.00</span><p>` + prose(3, "kettle") + `</p><ul>` +
				strings.Repeat(`<li><a href="/p/2">Copper kettle</a><span>$35.50</span></li>`, 4) + `</ul></div></body>`,
			in: []string{"Kettles", "The kettle study", "Copper kettle"},
		},
		{
			// A product's page that states no price outside the cards may
			// be a shop's front page, its cards its content.
			name: "product cards beside no price of the product's own stay",
			html: `<head><meta property="og:type" content="product"></head><body><div class="shop"><h1>Kettles</h1><p>` + prose(3, "kettle") + `</p><ul>` +
				strings.Repeat(`<li><a href="/p/2">Copper kettle</a><span>$35.50</span></li>`, 4) + `</ul></div></body>`,
			in: []string{"Kettles", "The kettle study", "Copper kettle"},
		},
		{
			name: "a loading notice is a placeholder, a longer one in a part named as a loader too; loading in a sentence or a heading is text",
			html: `<body><div class="story"><h1>Readers</h1><p>` + article + `</p><div class="spinner-wrap"><span>Loading posts…</span></div><p>Loading...</p><div>LOADING</div>
<h2>Loading</h2><p>Loading the dishwasher takes a minute.</p><div>Loading recommendations</div><div class="item-loader"><div class="spinner"></div><span>Loading prices for your region&#8230;</span></div><p>Loading the van and the trailer...</p></div></body>`,
			in:  []string{"## Loading", "Loading the dishwasher takes a minute.", "Loading the van and the trailer..."},
			out: []string{"Loading posts", "Loading...", "LOADING", "Loading recommendations", "Loading prices"},
		},
		{
			name: "a forum post's author keeps the name, not the rank, banner and counts",
			html: `<body><div class="thread"><h1>Messages in iCloud</h1>` + strings.Repeat(`<article class="message"><div class="message-cell message-cell--user"><section class="message-user"><div class="message-userDetails"><h4 class="message-name"><a href="/members/felixen">felixen</a></h4><h5 class="userTitle message-userTitle">macrumors 6502a</h5><div class="userBanner message-userBanner"><strong>Original poster</strong></div></div><div class="message-userExtras"><dl class="pairs"><dt>Joined</dt><dd>Apr 13, 2009</dd></dl><dl class="pairs"><dt>Reaction score</dt><dd>114</dd></dl></div></section></div>
<div class="message-cell message-cell--main"><div class="bbWrapper"><p>`+prose(2, "storage")+`</p></div></div></article>`, 3) + `</div></body>`,
			in:  []string{"felixen", "The storage study"},
			out: []string{"macrumors 6502a", "Original poster", "Reaction score", "Apr 13, 2009"},
		},
		{
			// The post count and join date beside the name go; a part so
			// named around the name itself, linked or not, keeps it.
			name: "a forum post's author's details, not the name",
			html: `<body><div class="thread"><h1>Lawn tractors</h1>` + strings.Repeat(`<article class="js-post"><header class="MessageCard__header"><div class="MessageCard__user-info"><a class="MessageCard__user-info__name" href="/members/josephf">JosephF</a>
<div class="MessageCard__user-details"><span class="MessageCard__post-count">410 posts</span> · <span>Joined 2002</span></div></div></header>
<div class="message-userDetails"><span class="message-name"><span class="username">paulb203</span></span></div>
<div class="message-body"><p>`+prose(2, "mowing")+`</p></div></article>`, 3) + `</div></body>`,
			in:  []string{"JosephF", "paulb203", "The mowing study"},
			out: []string{"410 posts", "Joined 2002"},
		},
		{
			// A count of votes or likes beside a post goes (a comment's
			// "voters" box around its "upvoter" count too); a number in
			// a part so named with more words, or a count named
			// otherwise, stays.
			name: "a post's count of votes or likes is not the post",
			html: `<body><div class="thread"><h1>Why is RAID not a backup?</h1>` + strings.Repeat(`<div class="answer"><div class="votecell"><div class="js-vote-count">131</div></div><div class="post-text"><p>`+prose(2, "backup")+`</p></div><span class='post-likes'>27 Likes</span></div>`, 3) +
				strings.Repeat(`<div class="entry"><div class="voters"><a class="upvoter" href="/login">48</a></div><p>`+prose(1, "raid")+`</p></div>`, 2) +
				`<p class="likes">Readers who liked it gave 12 reasons.</p><p><span class="count">9042 views</span></p></div></body>`,
			in:  []string{"The backup study", "The raid study", "gave 12 reasons", "9042 views"},
			out: []string{"131", "27 Likes", "48"},
		},
		{
			// A post's number goes, linked ("#12", the permalink) or marked
			// as its schema.org position; an issue's number in a sentence
			// and a list item's position stay.
			name: "a post's number in its thread is not the post",
			html: `<body><div class="thread"><h1>Quiet kettles</h1>` + strings.Repeat(`<article itemscope itemtype="http://schema.org/Comment"><header><a href="/u/ann">ann</a> <time>Jan 4, 2024</time> <span itemprop="position">7</span><ul><li><a href="/t/kettles/post-123">#12</a></li></ul></header><p>`+prose(2, "kettle")+`</p></article>`, 3) +
				`<p>The hum was fixed in <a href="/issues/4321">#4321</a>, which every kettle since has had.</p><ol><li itemscope itemtype="https://schema.org/ListItem"><span itemprop="position">42</span> Copper kettles</li></ol></div></body>`,
			in:  []string{"The kettle study", "[#4321](/issues/4321)", "42 Copper kettles"},
			out: []string{"#12", "Jan 4, 2024 7"},
		},
		{
			// What a forum says of each post's author under the name, the
			// count of their posts and the day they joined, goes; a label
			// before words, not a number or a date, stays.
			name: "a poster's join date and count of posts are not the post",
			html: `<body><div class="thread"><h1>Quiet kettles</h1>` + strings.Repeat(`<div class="post"><dl><dt><a href="/u/ann">ann</a></dt><dd><span>Registered: 2016-07-02</span></dd><dd><span>Posts: 1,267</span></dd></dl><div class="smallfont">&nbsp;<br><div>Join Date: Mar 2016</div><div>Posts: 701</div></div><p>`+prose(2, "kettle")+`</p></div>`, 3) +
				`<p>Posts: what each of us wrote about kettles since the spring.</p></div></body>`,
			in:  []string{"The kettle study", "[ann](/u/ann)", "Posts: what each of us wrote"},
			out: []string{"Registered: 2016", "Posts: 1,267", "Join Date", "Posts: 701"},
		},
		{
			// A post count in a part named for the poster's statistics
			// goes, as one named for their stats does; the name stays.
			name: "a poster's statistics beside the name are not the post",
			html: `<body><div class="thread"><h1>New fish</h1>` + strings.Repeat(`<div class="post"><div class="postprofile"><a href="/u/diana"><span itemprop="name">Diana</span></a><div class="user-statistics"><span class="nowrap"><span>1,267</span></span></div></div><div class="content"><p>`+prose(2, "quarantine")+`</p></div></div>`, 3) + `</div></body>`,
			in:   []string{"Diana", "The quarantine study"},
			out:  []string{"1,267"},
		},
		{
			// A post's count of replies or comments, and the control that
			// shows them, go; a heading saying "Comments" and a count in a
			// line of text stay.
			name: "a post's count of replies is not the post",
			html: `<body><div class="thread"><h1>Quiet kettles</h1>` + strings.Repeat(`<div class="post"><p>`+prose(2, "kettle")+`</p><div class="meta"><a href="/t/kettles#comments">27<span>&nbsp;comments</span></a></div><div><label class="reply-label"><span>Show more</span>&nbsp;<span>replies</span></label></div><div><span class="toggle">0&nbsp; Reply</span></div></div>`, 3) +
				`<h2>Comments</h2><p>` + prose(1, "comment") + `</p><blockquote><a href="/c/1">18 comments</a> <font size="1">this item posted by the management</font></blockquote></div></body>`,
			in:  []string{"The kettle study", "## Comments", "The comment study", "[18 comments](/c/1) this item posted"},
			out: []string{"27 comments", "Show more", "0  Reply", "Reply"},
		},
		{
			// A control that answers a post, as text or as its button's
			// picture, goes; a link saying "Quote" to anything but a
			// reply stays.
			name: "a post's reply controls are not the post",
			html: `<body><main><h1>Quiet kettles</h1>` + strings.Repeat(`<div class="post"><p>`+prose(2, "kettle")+`</p><div class="links"><a href="/threads/kettles.12/reply?quote=34">Reply</a> <a href="newreply.php?do=newreply&amp;p=34"><img src="quote.gif" alt="Reply With Quote"></a> <a href="/u/ann">ann</a></div></div>`, 3) +
				`<p><a href="/stocks/kettle-co">Quote</a></p></main></body>`,
			in:  []string{"The kettle study", "[Quote](/stocks/kettle-co)", "[ann](/u/ann)"},
			out: []string{"[Reply]", "Reply With Quote"},
		},
		{
			// The badge a forum writes beside the thread's starter goes;
			// the word in a sentence or in a table's cell stays.
			name: "a badge marking the thread's starter is not the post",
			html: `<body><div class="thread"><h1>Quiet kettles</h1>` + strings.Repeat(`<div class="post"><div class="poster"><a href="/u/ann">ann</a> <span class="badge">Discussion starter</span> <span>OP</span></div><p>`+prose(2, "kettle")+`</p></div>`, 3) +
				`<p>The OP asked about quiet kettles.</p><table><tr><th>Code</th><th>Meaning</th></tr><tr><td>OP</td><td>Operation pending</td></tr></table></div></body>`,
			in:  []string{"The kettle study", "The OP asked", "| OP |"},
			out: []string{"Discussion starter", "starter OP", "(/u/ann) OP"},
		},
		{
			// The badges a forum writes beside a poster's name (their
			// rank, their role) go; a badge named for something else and
			// a table's cell so named stay.
			name: "a poster's badges are not the post",
			html: `<body><div class="thread"><h1>Quiet kettles</h1>` + strings.Repeat(`<article class="message"><div class="poster"><a href="/u/ann">ann</a><div class="post-badges"><div class="post-badge"><span>Science Advisor</span></div><div class="post-badge"><span>Gold Member</span></div></div><strong class="ipsBadge ipsComment_authorBadge">Author</strong></div><p>`+prose(2, "kettle")+`</p></article>`, 3) +
				`<p><span class="product-badge">Quiet pick</span></p><table><tr><th>Rank</th><th>Since</th></tr><tr><td class="member-badge">Gold tier</td><td>2020</td></tr></table></div></body>`,
			in:  []string{"The kettle study", "[ann](/u/ann)", "Quiet pick", "Gold tier"},
			out: []string{"Science Advisor", "Gold Member", "Author"},
		},
		{
			name: "a forum post's signature is not the post",
			html: `<body><div class="topic"><h1>New fish</h1>` + strings.Repeat(`<div class="post"><div class="author"><a href="/u/diana">Diana</a></div><div class="content"><p>`+prose(2, "quarantine")+`</p></div>
<div class="signature">A friend will help you move. 220 gallon cichlid tank, 90 gallon planted.</div></div>`, 3) + `</div></body>`,
			in:  []string{"Diana", "The quarantine study"},
			out: []string{"A friend will help you move", "220 gallon cichlid tank"},
		},
		{
			name: "a forum post's avatar is not the post; a part named so with text is",
			html: `<body><div class="thread"><h1>Messages in iCloud</h1>` + strings.Repeat(`<article class="message"><div class="message-avatar"><a class="avatar" href="/members/felixen"><img src="/a/f.jpg" alt="felixen"></a></div>
<div class="message-avatar"><a class="avatar avatar--default" href="/members/cynics"><span>C</span></a></div><h4><a href="/members/felixen">felixen</a></h4><dl><dt class="has-avatar avatar-username">Marn</dt></dl><p>`+prose(2, "storage")+`</p></article>`, 3) + `</div></body>`,
			in:  []string{"#### [felixen]", "Marn", "The storage study"},
			out: []string{"![felixen]", "[C](/members/cynics)"},
		},
		{
			name: "an avatar in a wrapper of no text that names it a picture goes",
			html: `<body><div class="feed"><h1>Posts</h1>` + strings.Repeat(`<div class="story"><div class="story-meta"><div class="story-author-pic"><a class="story-avatar" href="/ann"><img src="/a/ann.jpg" alt="ann_reads profile"></a></div><a href="/ann">Ann Reed</a></div>
<h2><a href="/p">A week of reading</a></h2><p>`+prose(1, "week")+`</p></div>`, 3) + `</div></body>`,
			in:  []string{"Ann Reed", "A week of reading", "The week study"},
			out: []string{"ann_reads profile"},
		},
		{
			name: "the title is no heading when the content's first heading says it",
			html: `<title>Defining Shared Behavior with Traits - The Rust Programming Language</title><body><div><h2>Defining Shared Behavior with Traits</h2><p>` + article + `</p></div></body>`,
			in:   []string{"## Defining Shared Behavior with Traits"},
			out:  []string{"# Defining Shared Behavior with Traits - The Rust", "The Rust Programming Language"},
		},
		{
			name: "the title is a heading above a section's short heading",
			html: `<title>Shop Furniture Online - Modern and Affordable Options | Target</title><body><div><h2>Furniture</h2><p>` + article + `</p></div></body>`,
			in:   []string{"# Shop Furniture Online - Modern and Affordable Options | Target", "## Furniture"},
		},
		{
			name: "the title heading goes without the site's name after it",
			html: `<title>Gardening Shows to Watch - Modern Farmer</title><meta property="og:site_name" content="Modern Farmer"><body><div><p>` + article + `</p></div></body>`,
			in:   []string{"# Gardening Shows to Watch\n"},
			out:  []string{"Modern Farmer"},
		},
		{
			name: "the title heading keeps the site's name before it",
			html: `<title>Birdbuddy : Shop</title><meta property="og:site_name" content="Birdbuddy"><body><div><p>` + article + `</p></div></body>`,
			in:   []string{"# Birdbuddy : Shop\n"},
		},
		{
			name: "a promo bar saying one message in every currency is no site's content",
			html: `<body><div class="promo-bar"><div class="promo-bar__carousel">` + strings.Repeat(`<p>Free standard shipping on orders 65€ or more. For more information on shipping rates and timelines, please visit our <a href="/intl">international page</a></p>`, 20) + `</div></div>
<section class="collection"><h1>Skincare sets</h1><ul>` + strings.Repeat(`<li><h3><a href="/p/trio">Balm Dotcom Trio</a></h3><p>Original formula</p><p>Sale price €49,95</p></li>`, 4) + `</ul></section></body>`,
			in:  []string{"Skincare sets", "Balm Dotcom Trio"},
			out: []string{"Free standard shipping", "international page"},
		},
		{
			name: "a post's actions are controls, not the post",
			html: `<body><div class="thread"><h1>Quiet kettles</h1>` + strings.Repeat(`<div class="reply"><div class="reply-body"><p>`+prose(2, "kettle")+`</p></div>
<div class="post-actions"><a href="/t/1/reply">Reply</a> <a href="/t/1/quote">Quote this reply</a> <a href="/t/1/report">Report</a></div></div>`, 3) + `</div></body>`,
			in:  []string{"The kettle study"},
			out: []string{"Quote this reply"},
		},
		{
			name: "a post's menu is a menu, not the post",
			html: `<body><div class="question"><h1>Why is RAID not a backup?</h1>` + strings.Repeat(`<div class="answer"><div class="s-prose"><p>`+prose(2, "backup")+`</p></div>
<div class="js-post-menu pt2"><a href="/q/1/share">Share</a> <a href="/posts/1/edit">Improve this answer</a> <button>Follow</button></div></div>`, 3) + `</div></body>`,
			in:  []string{"The backup study"},
			out: []string{"Improve this answer"},
		},
		{
			name: "a section named signature, with a heading, is a section",
			html: `<body><div class="menu-page"><h1>Our kitchen</h1><p>` + article + `</p><section id="signature-dishes"><h2>Signature dishes</h2><p>Slow-roasted lamb with rosemary and garlic.</p></section></div></body>`,
			in:   []string{"## Signature dishes", "Slow-roasted lamb"},
		},
		{
			name: "a prompt to sign in before taking part is not the discussion",
			html: `<body><div class="thread"><h1>New UI 2024</h1><p>` + article + `</p><div class="guest"><h2>Create an account or sign in to comment</h2><p>You need to be a member in order to leave a comment.</p></div>
<p><a href="/join">Join</a> to see EXIF info for this image</p><div>Log in or register to post comments</div><p>You must be logged in to post a comment.</p>
<h2>How to sign in to comment</h2><p>Readers can log in to comment, and many do.</p><h3>Log in to your account</h3></div></body>`,
			in:  []string{"## How to sign in to comment", "Readers can log in to comment, and many do.", "### Log in to your account"},
			out: []string{"Create an account or sign in", "You need to be a member", "EXIF", "Log in or register", "You must be logged in"},
		},
		{
			// A guest's box: the invitations to register and to sign in go;
			// a sentence about accounts stays.
			name: "a prompt to register or sign in is not the discussion",
			html: `<body><div class="thread"><h1>New UI 2024</h1><p>` + article + `</p><div class="guest-teaser"><p>Sign up for a new account in our community. It's easy!</p><p><a href="/register">Register a new account</a></p><p>Already have an account? Sign in here.</p></div>
<p>If you already have an account, the kettle remembers you.</p></div></body>`,
			in:  []string{"If you already have an account, the kettle remembers you."},
			out: []string{"Sign up for a new account", "Register a new account", "Already have an account?"},
		},
		{
			name: "a part named navigation holding text and few links is not navigation",
			html: `<body><div class="page"><div class="site-menu"><a href="/">Home</a> <a href="/a">About</a> <a href="/b">Blog</a></div>
<div class="sections"><div id="sec-1" class="lm_navSource"><h2>Leads</h2><p>` + prose(2, "leads") + `</p></div>
<div id="sec-2" class="lm_navSource"><h2>Deals</h2><p>` + prose(2, "deals") + `</p></div></div></div></body>`,
			in:  []string{"Leads", "The leads study", "The deals study"},
			out: []string{"About"},
		},
		{
			name: "a listing's filters, labels and links, are furniture",
			html: `<body><div class="shop"><h1>Garden tools</h1>
<div class="product-filters"><h3>Colour</h3><label><input type="checkbox"> Green</label><label><input type="checkbox"> Red</label><label><input type="checkbox"> Blue</label>
<h3>Price</h3><a href="?p=1">Under $20</a><a href="?p=2">$20 to $50</a><a href="?p=3">Over $50</a><h3>Brand</h3><label><input type="checkbox"> Leonard</label><label><input type="checkbox"> Felco</label></div>
<ul class="products">` + strings.Repeat(`<li><h2><a href="/t">Stainless steel hand trowel with an ash handle</a></h2><p>$12</p></li>`, 8) + `</ul></div></body>`,
			in:  []string{"Garden tools", "Stainless steel hand trowel"},
			out: []string{"Colour", "Under $20", "Leonard"},
		},
		{
			name: "the items of a filterable grid are not its filters",
			html: `<body><div class="faq"><h1>Questions</h1><div class="item filter-active"><h3>Returns</h3><p>` + prose(4, "returns") + `</p></div>
<div class="item filter-active"><h3>Care</h3><p>` + prose(4, "care") + `</p></div><div class="item filter-active"><h3>Delivery</h3><p>` + prose(4, "delivery") + `</p></div></div></body>`,
			in: []string{"Questions", "The returns study", "The care study", "The delivery study"},
		},
		{
			name: "a long intro with its own list beside the content",
			html: `<body><div class="page"><div class="intro"><h2>In short</h2><p>` + prose(2, "intro") + `</p><ul>` +
				strings.Repeat(`<li>A powerful course builder for every team</li><li>Live sessions</li>`, 30) +
				`</ul></div><div class="post"><h1>Platforms</h1><p>` + prose(100, "platform") + `</p></div></div></body>`,
			in: []string{"In short", "The intro study", "A powerful course builder", "Platforms", "The platform study"},
		},
		{
			name: "a newsletter sign-up goes with its box, however named",
			html: `<body><div class="post"><h1>Readers</h1><p>` + article + `</p>
<section class="el-section"><div class="el-col"><h3>Join Our Newsletter</h3><p>Fresh updates every week.</p>
<form action="/subscribe"><input type="hidden" name="id" value="7"><label>Email <input type="email" name="email"></label>
<label><input type="checkbox" name="consent"> I agree to the terms</label><button>Sign Up</button></form></div></section>
<p>` + prose(2, "memory") + `</p></div></body>`,
			in:  []string{"Readers", "careful paragraphs", "The memory study"},
			out: []string{"Join Our Newsletter", "Fresh updates", "Email (email)"},
		},
		{
			name: "an email form in a product card, a hero or beside other fields stays",
			html: `<body><div class="page"><div class="hero"><h1>The complete help desk</h1><p>Answer every customer from one place.</p>
<form><input type="email" aria-label="Work email"><button>Start your free trial</button></form></div>
<ul class="grid"><li><h2><a href="/feeder">Feeder</a></h2><p>Out soon.</p><form><input type="email" name="email" aria-label="Your email"><button>Join waitlist</button></form></li>
<li><h2><a href="/roof">Roof</a></h2><p>$20</p></li></ul><p>` + article + `</p>
<form><h3>Write to us</h3><label>Email <input type="email" name="email"></label><label>Message <textarea name="m"></textarea></label></form></div></body>`,
			in: []string{"The complete help desk", "Work email (email)", "Your email (email)", "Write to us", "Message"},
		},
		{
			name: "a link alone in a block styled as a button goes",
			html: `<body><div class="work"><h1>Our work</h1><div class="slide"><h2>Universal Appeal</h2><p>` + article + `</p>
<div class="slide-button-wrapper"><a href="/work/museum"><div class="slide-button-text">Go above and beyond</div></a></div></div>
<div class="slide"><h2>Lift Off</h2><p>` + prose(3, "label") + `</p><div class="button-row"><a href="/work/beer">Beyond the label</a> or read our notes.</div></div></div></body>`,
			in:  []string{"Universal Appeal", "careful paragraphs", "Lift Off", "The label study", "Beyond the label"},
			out: []string{"Go above and beyond"},
		},
		{
			name: "a listing's item titles stay, a link card in prose goes",
			html: `<body><div class="news"><h1>News</h1><ul class="row">` +
				strings.Repeat(`<li class="col"><div><h4><a href="/news/tutoring">Tutoring program shows promise but faces an obstacle</a></h4></div>
<div class="date">12/09/2025</div><div><p>`+prose(2, "tutoring")+`</p></div></li>`, 4) +
				`</ul><div class="story"><p>` + article + `</p><div class="bucketwrap internallink"><h4><a href="/other">An internal link to another story on the site</a></h4></div><p>` + prose(2, "ending") + `</p></div></div></body>`,
			in:  []string{"#### [Tutoring program shows promise", "The tutoring study", "The ending study"},
			out: []string{"An internal link to another story"},
		},
		{
			// A teaser's summary linked again to the article, hidden from
			// screen readers as a duplicate of the title's link, is shown.
			name: "a link hidden from screen readers but not from sight",
			html: `<body><div class="topic"><h1>Headphones</h1>` + strings.Repeat(`<article class="river">
<a href="/a/1" aria-hidden="true" tabindex="-1"><img src="/t.jpg" alt="Thumbnail of the beats"></a>
<h2><a href="/a/1">Beats gain new colors</a></h2>
<p class="river-desc"><a href="/a/1" aria-hidden="true" tabindex="-1">Walmart now has the Beats Solo 4 in new retailer-exclusive colorways.</a></p>
<p><a href="/x" aria-hidden="true">A hidden link still in the tab order</a></p></article>`, 3) + `</div></body>`,
			in:  []string{"Beats gain new colors", "Walmart now has the Beats Solo 4"},
			out: []string{"Thumbnail of the beats", "still in the tab order"},
		},
		{
			// A part named content inside boilerplate is the article it
			// wraps only when it is long enough to be one: a short
			// field named for a post is the boilerplate's own.
			name: "boilerplate around a short part named content",
			html: `<body><div class="page"><h1>Fish care</h1><p>` + article + `</p>
<div class="sponsored"><div class="entry-content">Sponsored by Acme: try our tanks today.</div><a href="/acme">Acme</a></div>
<div class="share"><div class="entry-content"><p>` + prose(1, "shared") + `</p></div></div></div></body>`,
			in:  []string{"careful paragraphs", "The shared study"},
			out: []string{"Sponsored by Acme"},
		},
		{
			// One title for wide screens and one for narrow ones, shown
			// one at a time: said once. A heading said again after text
			// opens a part of its own.
			name: "a heading said again right after itself",
			html: `<body><div class="page"><h1 class="d-none d-md-block">Leave your resume to the experts</h1><h1 class="d-md-none">Leave your resume to the experts</h1><p>` + article + `</p>
<div class="card"><h3><span>Risk-based patching</span></h3> <h3>Risk-based patching</h3><p>` + prose(1, "patching") + `</p></div>
<h2>Notes</h2><p>` + prose(1, "first") + `</p><h2>Notes</h2><p>` + prose(1, "second") + `</p></div></body>`,
			in:  []string{"# Leave your resume to the experts\n\nThe reading study", "### Risk-based patching\n\nThe patching study", "## Notes\n\nThe first study", "## Notes\n\nThe second study"},
			out: []string{"experts\n\n# Leave", "patching\n\n### Risk"},
		},
		{
			// "Trusted by": the customers' logos vouch for the service
			// and say nothing of it; a gallery's photos, described in
			// lower case or numbered in turn, and linked tiles stay.
			name: "a row of logos without text goes",
			html: `<body><div class="page"><h1>Design together</h1><p>` + article + `</p>
<ul class="css-1xj69t0"><li><img src="/a.svg" alt="AirBnb"></li><li><img src="/b.svg" alt="Atlassian"></li><li><img src="/c.svg" alt="The New York Times"></li><li><img src="/d.svg" alt="Zoom"></li><li><img src="/d.svg" alt=""></li></ul>
<p>` + prose(2, "ending") + `</p>
<div class="gallery"><img src="/1.jpg" alt="camping at the lake"><img src="/2.jpg" alt="rain coat and pants"><img src="/3.jpg" alt="hiking to the pass"><img src="/4.jpg" alt="the tent at dawn"></div>
<div class="tiles"><a href="/sofas"><img src="/s.jpg" alt="Sofas"></a><a href="/chairs"><img src="/c.jpg" alt="Chairs"></a><a href="/beds"><img src="/b.jpg" alt="Beds"></a><a href="/desks"><img src="/k.jpg" alt="Desks"></a></div>
<div class="album"><img src="/t1.jpg" alt="Lake Trip 1"><img src="/t2.jpg" alt="Lake Trip 2"><img src="/t3.jpg" alt="Lake Trip 3"><img src="/t4.jpg" alt="Lake Trip 4"><img src="/t5.jpg" alt="Lake Trip 5"></div></div></body>`,
			in:  []string{"The ending study", "camping at the lake", "Sofas", "Lake Trip 1", "/t5.jpg"},
			out: []string{"AirBnb", "The New York Times"},
		},
		{
			name: "id naming a topic is not boilerplate",
			html: `<body><div class="doc"><h1>SELECT</h1><div id="SQL-FOR-UPDATE-SHARE"><h2>The locking clause</h2><p>` + prose(12, "locking") + `</p></div><p>` + prose(2, "select") + `</p></div></body>`,
			in:   []string{"The locking clause", "The locking study"},
		},
		{
			// An icon beside a link or a menu's name says nothing its
			// text does not; a rating, or a checkmark alone in a
			// comparison table's cell, is a value.
			name: "icons' alt text is not written",
			html: `<body><main><p>Only Apple makes <a href="/i">iPhones</a>. <img alt="leaving site icon" src="/o.png" width="10" height="10"> Apple uses iOS.</p>
<p>Menu <img alt="Menu Arrow" src="/a.svg"> <img alt="" role="presentation" src="/d.png"></p><p><img alt="Decor swirl" role="none" src="/s.png"></p>
<table><tr><th>Plan</th><th>Alerts</th></tr><tr><td>Basic</td><td><span><img alt="Checkmark icon" src="/c.svg"></span></td></tr></table>
<p><img alt="Rated 4.5 out of 5 stars" src="/r.svg"> by 200 readers.</p></main></body>`,
			in:  []string{"Apple uses iOS", "Checkmark icon", "4.5 out of 5 stars"},
			out: []string{"leaving site icon", "Menu Arrow", "Decor swirl"},
		},
		{
			// The filters it named are boilerplate: the heading over them
			// heads nothing; one over a slot the page's scripts fill, in a
			// <main> taken as it is, neither.
			name: "a heading for screen readers only over nothing",
			html: `<body><div class="listing"><h1>Sofas</h1><p>` + prose(3, "sofa") + `</p>
<h2 class="sr-only">Sort and Filter</h2><div class="filter-panel"><a href="?c=red">Red</a> <a href="?c=blue">Blue</a></div>
<h2><span class="u-visuallyhidden">Results list</span></h2><h3>Glostad sofa</h3><p>` + prose(3, "glostad") + `</p>
<h2 class="visually-hidden">Recently viewed</h2></div><footer>Foot</footer></body>`,
			in:  []string{"Results list", "The glostad study"},
			out: []string{"Sort and Filter", "Recently viewed"},
		},
		{
			// How the post was sent, not what it says; a sentence that
			// begins so and goes on stays.
			name: "a post's sent-from line",
			html: `<body><main><div class="post">` + prose(2, "watch") + `<br>
<br>
Sent from my SM-S908U using <a href="http://r.example/byo">AC Forums mobile app</a></div>
<div class="post"><p>` + prose(2, "band") + `</p><p>Sent from my iPhone</p></div>
<p>Sent from my hometown, the letters reached every county of the state within a week.<br>They were read aloud.</p></main></body>`,
			in:  []string{"The watch study", "The band study", "Sent from my hometown"},
			out: []string{"Sent from my SM-S908U", "AC Forums mobile app", "Sent from my iPhone"},
		},
		{
			// An AEM page's settings, which its scripts read and remove;
			// a block of the same name whose cells hold more is shown.
			name: "a settings block read by the page's scripts",
			html: `<body><main><div><div class="section-metadata"><div><div>aggregator</div><div>true</div></div>
<div><div>source</div><div>insurance_lp_hero</div></div></div><h1>Pet insurance</h1><p>` + prose(3, "cover") + `</p></div>
<div class="metadata"><div><div>Style</div><div>text-center</div></div></div>
<div class="post-metadata"><div><div>Published</div><div><time>May 5, 2025</time></div></div></div></main></body>`,
			in:  []string{"Pet insurance", "The cover study", "May 5, 2025"},
			out: []string{"insurance_lp_hero", "aggregator", "text-center"},
		},
		{
			// A theme's alt text on every thumbnail describes none of
			// them, which stay pictures; the same checkmark in every row
			// is a value.
			name: "a stock alt text written once",
			html: `<body><main><h1>Best of year</h1><p>` + prose(3, "award") + `</p><ul>` +
				strings.Repeat(`<li><img src="/t.jpg" alt="Checked"> Winner</li>`, 5) +
				`<li><img src="/p1.jpg" alt="Best of Year 2023"> Loft</li><li><img src="/p2.jpg" alt="Best of Year 2023"> Cabin</li>
<li><img src="/p3.jpg" alt="Best of Year 2023"> Barn</li><li><img src="/p4.jpg" alt="Best of Year 2023"> Villa</li><li><img src="/p5.jpg" alt="Best of Year 2023"> Tower</li></ul></main></body>`,
			in:  []string{"![Best of Year 2023](/p1.jpg)", "![](/p2.jpg) Cabin", "![](/p5.jpg) Tower", "![Checked](/t.jpg) Winner\n- ![Checked](/t.jpg)"},
			out: []string{"![Best of Year 2023](/p2.jpg)", "![Best of Year 2023](/p5.jpg)"},
		},
		{
			// On a product's page a photo's alt text is left out,
			// whether it says the product's name or describes the shot,
			// also in a gallery's link to the picture's file: the
			// heading and the description say what the product is. A
			// swatch whose picture is all its link says keeps it; on a
			// page for no product, the same picture keeps its alt text.
			name: "a product page's photos written without their alt texts",
			html: `<head><title>Steel kettle, 1.7 l | Acme</title><meta property="og:type" content="product"></head><body><main><h1>Steel kettle</h1>
<img src="/k1.jpg" alt="Acme steel kettle 1.7 l"><a href="/k2-large.jpg"><img src="/k2.jpg" alt="Steel kettle, side"></a>
<img src="/k3.jpg" alt="The kettle's spout up close, on a wooden table">
<p>Colour: <a href="/p/kettle-red"><img src="/red.png" alt="Steel kettle, red"></a></p><p>` + prose(3, "kettle") + `</p></main></body>`,
			in:  []string{"![](/k1.jpg)", "[![](/k2.jpg)](/k2-large.jpg)", "![](/k3.jpg)", "[![Steel kettle, red](/red.png)](/p/kettle-red)", "The kettle study"},
			out: []string{"Acme steel", "kettle, side", "spout up close"},
		},
		{
			name: "a photo's alt text kept on a page that is no product's",
			html: `<head><title>Steel kettle, 1.7 l | Acme</title></head><body><main><h1>Steel kettle</h1>
<img src="/k1.jpg" alt="Brushed Acme steel kettle 1.7 l"><p>` + prose(3, "kettle") + `</p></main></body>`,
			in: []string{"![Brushed Acme steel kettle 1.7 l](/k1.jpg)"},
		},
		{
			// A thumbnail whose alt text is its item's title says the
			// title twice, even under a badge of its own, calling
			// itself a logo or framed as one picture of several ("Image
			// 1 of the ..."), split between the card's title and the
			// line under it, or in a card indented more than it says;
			// the pictures of one card's gallery named alike but for a
			// number or a view ("Interior") say it once, on the first.
			// A photo's own description, or an image in a paragraph of
			// prose that happens to use its words, keeps it, and so does
			// one whose words the card runs together ("HOKAClifton"),
			// unless it is a thumbnail inside a link the card's title
			// names (TestExtractLinkedAlts: "Our guide on the trail").
			name: "an alt text the text beside it says written without it",
			html: `<body><main><h1>Books</h1><p>` + prose(3, "book") + `</p><ul>
<li><a href="/b/1"><img src="/c1.jpg" alt="Pride and Prejudice"></a> <a href="/b/1">Pride and Prejudice</a> by Jane Austen</li>
<li><a href="/b/2"><img src="/c2.jpg" alt="Marry Me Chicken recipe"></a> <a href="/b/2">Marry Me Chicken</a> 31 reviews</li>
<li><img src="/c3.jpg" alt="Green wallet on a wooden table"> <a href="/b/3">Bifold wallet</a> USD 39.90</li>
<li><div><span>Instant savings</span> <img src="/c4.jpg" alt="Marcy Home Gym"></div> <a href="/b/4">Marcy Home Gym</a> $374.00</li>
<li><img src="/c5.png" alt="Automation Anywhere logo"> Automation Anywhere: 9.1</li>
<li><a href="/b/5"><img src="/c8.jpg" alt="Image 1 of the Felco Lubricant Spray"></a><h3><a href="/b/5">Felco Lubricant Spray</a></h3></li>
<li><a href="/b/6"><img src="/c6.jpg" alt="Glostad Sofa, dark gray"></a><h3><a href="/b/6">Glostad Sofa</a></h3><p>Dark gray, $199</p></li>
<li><a href="/b/7"><img src="/c7.jpg" alt="Trail Runner Socks"></a>` + strings.Repeat("\n        ", 300) + `<h3><a href="/b/7">Trail Runner Socks</a></h3></li>
<li><a href="/b/8"><ul><li><div><img src="/k2.jpg" alt="IKEA Kivik Sofa - Beige, front view 2"></div></li><li><div><img src="/k3.jpg" alt="IKEA Kivik Sofa - Beige, front view 3"></div></li></ul></a>
<a href="/b/8"><span>IKEA</span><span>Kivik Sofa - Beige</span></a> $899</li>
<li><a href="/b/9"><img src="/h.jpg" alt="HOKA Clifton 10 Road Running Shoes Women's"></a> <a href="/b/9"><span>HOKA</span><span>Clifton 10 Road Running Shoes - Women's</span></a></li>
<li><a href="/b/10"><div><img src="/t0.jpg" alt="REI Trailmade 60 Pack - Men's 0"></div><div><img src="/t1.jpg" alt="REI Trailmade 60 Pack - Men's Interior"></div><div><img src="/t2.jpg" alt="REI Trailmade 60 Pack - Men's 6"></div><div><img src="/t3.jpg" alt="Our guide on the trail"></div></a>
<a href="/b/10"><span>REI</span><span>Trailmade Pack</span></a> $106</li></ul>
<p><img src="/d.png" alt="the book study chart"> ` + prose(4, "book") + `</p></main></body>`,
			in:  []string{"[![](/c1.jpg)](/b/1) [Pride and Prejudice](/b/1)", "[![](/c2.jpg)](/b/2)", "![Green wallet on a wooden table](/c3.jpg)", "![the book study chart](/d.png)", "Instant savings ![](/c4.jpg)", "![](/c5.png) Automation Anywhere: 9.1", "![IKEA Kivik Sofa - Beige, front view 2](/k2.jpg) ![](/k3.jpg)", "![HOKA Clifton 10 Road Running Shoes Women's](/h.jpg)", "![REI Trailmade 60 Pack - Men's 0](/t0.jpg) ![](/t1.jpg) ![](/t2.jpg) ![](/t3.jpg)"},
			out: []string{"![Pride and Prejudice]", "![Marry Me Chicken recipe]", "![Marcy Home Gym]", "![Automation Anywhere logo]", "![Glostad", "![Trail Runner", "![Image 1 of", "Men's Interior"},
		},
		{
			// The text beside an image is looked for echoLevels
			// ancestors up at most: each level reads the whole alt text.
			name: "an alt text echoed only from beyond echoLevels kept",
			html: `<body><main><h1>Books</h1><p>` + prose(3, "book") + `</p><ul><li>` + strings.Repeat("<div>", echoLevels) +
				`<img src="/c1.jpg" alt="Pride and Prejudice">` + strings.Repeat("</div>", echoLevels) + ` <a href="/b/1">Pride and Prejudice</a> by Jane Austen</li></ul></main></body>`,
			in: []string{"![Pride and Prejudice](/c1.jpg)"},
		},
		{
			// Under a heading, or over a card's title, in a section too
			// long for echoed to read.
			name: "an alt text saying the heading right beside it dropped, one with text between kept",
			html: `<body><main><h1>Courses</h1><section><h2>Udemy Beginner Graphic Design Courses</h2>` +
				`<p><img src="/u.png" alt="Udemy beginner graphic design courses"></p><p>` + prose(6, "design") + `</p></section>` +
				`<div class="card"><a href="/n/1"><img src="/d.jpg" alt="Altman doubles down on Dubai"></a><h3><a href="/n/1">Altman doubles down on Dubai</a></h3><p>` + prose(5, "dubai") + `</p></div>` +
				`<section><h2>YouTube TV – Best overall</h2><p>` + prose(5, "tv") + `</p><img src="/y.jpg" alt="YouTube TV - Best overall"></section></main></body>`,
			in:  []string{"![](/u.png)", "[![](/d.jpg)](/n/1)", "![YouTube TV - Best overall](/y.jpg)"},
			out: []string{"![Udemy", "![Altman"},
		},
		{
			// A chart named for what the paragraph over it says, a
			// screenshot for the app the paragraph under it names, a
			// photo its caption rewords.
			name: "an alt text the paragraph next to it says dropped, one saying more of its own kept",
			html: `<body><main><h1>Social commerce</h1><p>` + prose(3, "commerce") + `</p><p><img src="/c4.png" alt="image"></p><p>` + prose(2, "end") + `</p>` +
				`<p>` + prose(2, "whale") + `</p><figure><img src="/c5.jpg" alt="Buck Cullen with whale jawbones in his back yard"></figure><p>Buck Cullen keeps the whale jawbones in his yard.</p>` +
				`<p>TikTok's monthly active users passed a billion in 2021. ` + prose(2, "growth") + `</p><p><img src="/c1.png" alt="TikTok monthly active users"></p>` +
				`<p>` + prose(2, "market") + `</p><div><span><img src="/c2.png" alt="Drops app"></span></div><p>The Drops app teaches words in five-minute games, each image a word. ` + prose(1, "drops") + `</p>` +
				`<p>` + prose(2, "buyers") + `</p><p><img src="/c3.png" alt="TikTok users by country"></p><p>An image of the TikTok users. ` + prose(1, "users") + `</p></main></body>`,
			in:  []string{"![](/c1.png)", "![](/c2.png)", "![TikTok users by country](/c3.png)", "![image](/c4.png)", "![](/c5.jpg)"},
			out: []string{"![TikTok monthly", "![Drops", "![Buck"},
		},
		{
			// Each word said by the heading beside it: the heading's
			// keywords, or a brand's name over its section.
			name: "an alt text saying part of the heading right beside it dropped, one with a word of its own kept",
			html: `<body><main><h1>Providers</h1><section><h2>4. Helios HR</h2><p><img src="/h.png" alt="Helios"></p><p>` + prose(5, "helios") + `</p></section>` +
				`<section><h2>AI Use Cases in Retail</h2><figure><img src="/a.png" alt="AI use cases"></figure><p>` + prose(5, "retail") + `</p></section>` +
				`<section><h2>Trinet</h2><p><img src="/t.png" alt="Trinet office in Dublin"></p><p>` + prose(5, "trinet") + `</p></section></main></body>`,
			in:  []string{"![](/h.png)", "![](/a.png)", "![Trinet office in Dublin](/t.png)"},
			out: []string{"![Helios", "![AI use"},
		},
		{
			// mdBook folds the lines a snippet needs to compile; a
			// "boring" span outside code is text like any other.
			name: "mdBook's folded lines of code",
			html: `<body><main><h1>Traits</h1><p>` + prose(3, "trait") + `</p><pre><code class="language-rust"><span class="boring">pub trait Summary {
</span><span class="boring">    fn summarize(&amp;self) -&gt; String;
</span><span class="boring">}
</span>impl Summary for Tweet {}
</code></pre><p>A <span class="boring">dull</span> remark.</p></main></body>`,
			in:  []string{"impl Summary for Tweet {}", "A dull remark."},
			out: []string{"pub trait Summary", "fn summarize"},
		},
		{
			// Shopify's themes write a price regular and on sale; the
			// price's state shows one. A lone form, or forms apart from a
			// price, are text like any other.
			name: "the form of a price its state hides",
			html: `<body><main><h1>Coffee</h1><p>` + prose(3, "coffee") + `</p><ul>` +
				`<li>Dark roast <div class="price"><div class="price__container"><div class="price__regular">Regular price $19.99</div><div class="price__sale">Regular price <s></s> Sale price $19.99</div></div></div></li>` +
				`<li>Blueberry <div class="price price--on-sale"><div class="price__container"><div class="price__regular">Regular price $17</div><div class="price__sale">Sale price $17 Regular price <s>$29.00</s></div></div></div></li>` +
				`<li>Espresso <div class="price"><div class="price__sale">Sale price $12</div></div></li>` +
				`<li>Mocha <div class="offer"><div class="price__regular">Regular price $14</div><div class="price__sale">Sale price $11</div></div></li>` +
				`</ul></main></body>`,
			in:  []string{"Regular price $19.99", "Sale price $17 Regular price ~~$29.00~~", "Sale price $12", "Regular price $14", "Sale price $11"},
			out: []string{"Sale price $19.99", "Regular price $17"},
		},
		{
			name: "is-hidden states a page's scripts reveal",
			html: `<body><main><h1>Garden</h1><p>` + prose(3, "garden") + `</p><div class="feedback"><div class="feedback__success is-hidden">Thanks for your feedback!</div>
<p class="is-hidden-mobile">Shown on wider screens.</p></div></main></body>`,
			in:  []string{"The garden study", "Shown on wider screens."},
			out: []string{"Thanks for your feedback!"},
		},
		{
			name: "a picture for the dark colour scheme only is hidden",
			html: `<body><main><h1>Hub</h1><p>` + prose(3, "hub") + `</p><div class="card"><h3>Activity</h3>` +
				`<img src="/a.svg" class="w-full dark:hidden" alt="Hub activity feed"><img src="/a-dark.svg" class="hidden w-full dark:block" alt="Hub activity feed">` +
				`<img src="/w.svg" class="hidden md:block" alt="Wide chart"><img src="/n.svg" class="hidden md:dark:block" alt="Night chart"></div></main></body>`,
			in:  []string{"![Hub activity feed](/a.svg)", "![Wide chart](/w.svg)", "![Night chart](/n.svg)"},
			out: []string{"/a-dark.svg"},
		},
		{
			// Its buttons are never content; a question over other
			// buttons may be the page's text.
			name: "a page's rating question over its buttons",
			html: `<body><main><h1>Services</h1><p>` + prose(3, "service") + `</p>
<div class="rating"><div class="rating__q">Was this page helpful?</div><button aria-label="Thumbs up"></button> <button aria-label="Thumbs down"></button></div>
<p>Did you find this useful?</p><div><button>Yes</button><button>No</button></div>
<p>Easy enough, right?</p><div><button>Book a move</button><button>Get a quote</button></div></main></body>`,
			in:  []string{"The service study", "Easy enough, right?"},
			out: []string{"Was this page helpful?", "Did you find this useful?"},
		},
		{
			name: "an ad's label",
			html: `<body><main><h1>Sofas</h1><p>` + prose(3, "sofa") + `</p><p class="label">Advertisement</p><div class="ad-slot"></div>
<ul><li><a href="/p/1">Glostad sofa</a> <span>Sponsored</span></li><li><a href="/p/2">Kivik sofa</a> <span>Sponsored by <a href="/b">Ikea</a></span></li></ul></main></body>`,
			in:  []string{"The sofa study", "Glostad sofa", "Sponsored by"},
			out: []string{"Advertisement", "Glostad sofa](/p/1) Sponsored"},
		},
		{
			// "Sponsored" a letter a span, between UUIDs a stylesheet
			// hides; a UUID the page says, and letters a span, stay.
			name: "an ad's label scrambled between UUIDs",
			html: `<body><main><h1>Sofas</h1><p>` + prose(3, "sofa") + `</p>
<div class="sp"><span class="a">9</span><span class="b">303097ac-d3e5-41e1-baf5-303640756ebf</span> <span class="a">S</span><span class="b">2bf8403c-6590-4d73-8b16-95f6c3ecdef8</span><span class="a">p</span><span></span><span class="b">84f535a2-9d93-4358-b5a8-c77d761c12e9</span></div>
<p><span>Your key: </span><span>4a67b082-0a4c-41cf-b6c7-440b29bb8c4f</span></p>
<p class="drop"><span>D</span><span>r</span><span>o</span><span>p</span></p></main></body>`,
			in:  []string{"The sofa study", "Your key: 4a67b082-0a4c-41cf-b6c7-440b29bb8c4f", "Drop"},
			out: []string{"303097ac", "2bf8403c"},
		},
		{
			name: "a heading for screen readers only over nothing, in a main",
			html: `<body><main><h1>News</h1><p>` + prose(3, "news") + `</p><ul><li><h3 class="h-sr-only">Loading...</h3></li><li><h3 class="h-sr-only">Loading...</h3></li></ul>
<h2>Visible but empty</h2><h2><img src="/a.png" alt="A photo heading"></h2><p>After the photo.</p></main></body>`,
			in:  []string{"Visible but empty", "A photo heading"},
			out: []string{"Loading..."},
		},
		{
			name: "a carousel's slide counters, in a main",
			html: `<body><main><h1>Roomba</h1><p>` + prose(3, "robot") + `</p><div class="gallery"><img src="/a.jpg" alt="Front view"><div>1 of 23</div>
<span class="visually-hidden">Image 1 of 11</span><span class="slider__slide-count">2/4</span></div>
<table><tr><th>Cup</th><th>Fill</th></tr><tr><td>Small</td><td>3 of 4</td></tr></table><div class="kys">3/4</div><p>Part 2 of 3</p><div>5 of 4</div></main></body>`,
			in:  []string{"Front view", "| Small | 3 of 4 |", "3/4", "Part 2 of 3", "5 of 4"},
			out: []string{"1 of 23", "Image 1 of 11", "2/4"},
		},
		{
			name: "a shop's add-to-cart links and role=button controls, in a main",
			html: `<body><main><h1>Beard oil</h1><p>` + prose(3, "beard") + `</p><ul><li><a href="/p/norse">Norse beard oil</a> $29 <a href="/p/norse" class="btn">Add to cart</a></li>
<li><a href="/p/bold">Bold beard oil</a> $29 <a href="?add-to-cart=2"><span>Add to Cart</span></a></li></ul><div role="button" tabindex="0"><div>Add to Wishlist</div></div>
<p>Click <b>Add to cart</b> below the price, then check out.</p><p><a href="/cart">View your cart</a></p></main></body>`,
			in:  []string{"Norse beard oil", "Bold beard oil", "$29", "Click **Add to cart** below", "View your cart"},
			out: []string{"[Add to cart](/p/norse)", "Add to Cart", "Add to Wishlist"},
		},
		{
			// A share bar's label goes once its icons are gone; alone it
			// says nothing of the page. A table's "Share" column, a
			// field's label and "Share your story" are the page's own.
			name: "share bars' labels, in a main",
			html: `<body><main><h1>Savings</h1><div class="meta"><span>Share</span><a href="https://x.com/share"><svg></svg></a></div><p>` + prose(3, "saving") + `</p>
<h3>Share this:</h3><ul class="sharing"><li><a href="https://x.com/share"><svg></svg></a></li></ul><h5>Share this post</h5><div><div>SHARE ARTICLE</div></div>
<table><tr><th>Fund</th><th>Share</th></tr><tr><td>Bonds</td><td>40%</td></tr></table>
<p><strong>Share your story</strong></p><p>Share this with a friend.</p><form><label for="s">Share</label><input type="checkbox" id="s" name="s"><label>Share <input name="t"></label></form></main></body>`,
			in:  []string{"The saving study", "| Fund | Share |", "**Share your story**", "Share this with a friend.", "Share (checkbox)", "- Share\n"},
			out: []string{"Savings\n\nShare", "Share this:", "Share this post", "SHARE ARTICLE"},
		},
		{
			name: "the reader's star-rating control, in a main; an item's rating stays",
			html: `<body><main><h1>Best books</h1><p>` + prose(3, "book") + `</p><table><tr><td><a href="/b/1">Pride and Prejudice</a> <span>4.30 avg rating</span> <span>4 of 5 stars</span>` +
				`<div class="stars"><a class="star off" title="did not like it" href="#">1 of 5 stars</a><a class="star off" href="#">2 of 5 stars</a><a class="star off" href="#">3 of 5 stars</a><a class="star off" href="#">4 of 5 stars</a><a class="star off" href="#">5 of 5 stars</a></div>` +
				`<div><a href="/r/1">1 of 5 stars</a><a href="/r/2">2 of 5 stars</a><a href="/r/3">3 of 5 stars</a></div></td></tr></table></main></body>`,
			in:  []string{"Pride and Prejudice", "4.30 avg rating", "4 of 5 stars", "[1 of 5 stars](/r/1)"},
			out: []string{"5 of 5 stars"},
		},
		{
			// The control's labels go with it; a rating the item has, a
			// number beside such a row, is not a label, and stays.
			name: "the reader's star-rating control with its labels, in a main",
			html: `<body><main><h1>Best books</h1><p>` + prose(3, "book") + `</p><table><tr><td><a href="/b/1">Pride and Prejudice</a></td><td>` +
				`<div class="ratingStars"><div class="starsErrorTooltip hidden">Error rating book. Refresh and try again.</div><div class="myRating">Rate this book</div><div class="clearRating">Clear rating</div>` +
				`<div class="stars"><a href="#">1 of 5 stars</a><a href="#">2 of 5 stars</a><a href="#">3 of 5 stars</a><a href="#">4 of 5 stars</a><a href="#">5 of 5 stars</a></div></div>` +
				`<div class="ratingStars"><div class="avg">4.30 avg rating</div><div class="stars"><a href="#">1 of 5 stars</a><a href="#">2 of 5 stars</a><a href="#">3 of 5 stars</a></div></div></td></tr></table></main></body>`,
			in:  []string{"Pride and Prejudice", "4.30 avg rating"},
			out: []string{"Rate this book", "Clear rating", "Error rating book", "5 of 5 stars"},
		},
		{
			// A stepper's label goes with its buttons; a stepper around a
			// field is what the page asks for, and the forms pass lists it;
			// a spec's "Quantity" row and a sentence saying it stay.
			name: "a shop's quantity steppers with their labels, in a main",
			html: `<body><main><h1>Sound machine</h1><p>` + prose(3, "sound") + `</p>
<div class="qty"><span class="sr-only">Quantity: 1</span><button aria-label="Decrease quantity">-</button><span aria-hidden="true">1</span><button aria-label="Increase quantity">+</button></div>
<div><div>Qty</div><div><span role="button" tabindex="0">&minus;</span> 2 <span role="button" tabindex="0">+</span></div></div>
<div><div>Quantity: </div><div><button type="button" aria-label="Decrease quantity"></button><input type="number" value="1" aria-label="Amount"><button type="button" aria-label="Increase quantity"></button></div></div>
<table><tr><th>Quantity</th><td>12 pieces</td></tr></table><p>Quantity discounts apply from 10 units.</p><p>Qty <button>1</button> <button>2</button> <a href="/bulk">bulk orders</a></p></main></body>`,
			in:  []string{"The sound study", "Quantity:\n\n- Amount (number)", "| Quantity | 12 pieces |", "Quantity discounts apply", "bulk orders"},
			out: []string{"Quantity: 1", "Qty\n", "−"},
		},
		{
			// A script's toggle under a cut text goes; a teaser's link,
			// a toggle beside the count it shows ("Show more replies"),
			// a heading and a sentence saying the words stay.
			name: "a cut text's read-more toggles, in a main",
			html: `<body><main><h1>Racing game</h1><div class="autocollapse"><p>` + prose(3, "racing") + `</p></div><div class="fade"><div class="readmore">READ MORE</div></div>
<div class="specs"><p>Memory: 8 GB RAM</p></div><div class="fade"><span role="button">Show less ▾</span></div>
<div class="card"><h3>Other game</h3><a href="/games/2"><span>Read more</span></a></div>
<div><span>Show more</span>&nbsp;<span>replies</span></div><h2>See more</h2><p>Read more about it in our <b>see more</b> guide.</p></main></body>`,
			in:  []string{"The racing study", "Memory: 8 GB RAM", "[Read more](/games/2)", "Show more", "replies", "## See more", "**see more**"},
			out: []string{"READ MORE", "Show less"},
		},
		{
			name: "a skip link inside a main",
			html: `<body><main><a class="visually-hidden" href="#ProductInfo-main">Skip to product information</a><h1>Backpack</h1><p>` + prose(3, "pack") + `</p>
<p><a href="#specs">Skip ahead</a> to the specs, or <a href="/skip">Skip the line</a>.</p><div><a href="#footer">Skip to footer</a></div></main></body>`,
			in:  []string{"The pack study", "[Skip ahead](#specs) to the specs", "Skip the line"},
			out: []string{"Skip to product information", "Skip to footer"},
		},
		{
			// Deep markup's indentation is no text: a control whose
			// words are few is one however far its markup is indented.
			name: "indented add-to-cart and skip links, in a main",
			html: "<body><main><a href=\"#content\">\n" + strings.Repeat(" ", 40) + "<span>\n" + strings.Repeat(" ", 44) + "Skip to content\n" + strings.Repeat(" ", 40) + "</span>\n</a><h1>Beard oil</h1><p>" + prose(3, "beard") + "</p>\n" +
				"<ul><li><a href=\"/p/norse\">Norse beard oil</a> $29 <a href=\"?add-to-cart=1\">\n" + strings.Repeat(" ", 36) + "<span>\n" + strings.Repeat(" ", 40) + "<span>Add to cart</span>\n" + strings.Repeat(" ", 36) + "</span>\n</a></li></ul></main></body>",
			in:  []string{"The beard study", "Norse beard oil", "$29"},
			out: []string{"Skip to content", "Add to cart"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Convert([]byte(tt.html), Options{NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			checkSnippets(t, res.Markdown, tt.in, tt.out)
		})
	}
}

// TestExtractScore: score mode treats a <main> as a hint, not as the
// content as it is, and still obeys main markers.
func TestExtractScore(t *testing.T) {
	article := prose(6, "reading")
	tests := []struct {
		name            string
		html            string
		in, out, autoIn []string
		rule            string // the rule that chose the content
	}{
		{
			// A layout names each row of a page by the side its picture
			// sits on ("switchback sidebar-left"): three rows alike are
			// the content laid out so, not three sidebars; the page's one
			// sidebar still goes.
			name: "rows alike named for a sidebar's side are content, a lone sidebar is not",
			html: `<body><div class="page"><h1>Platform</h1><p>` + article + `</p>
<div class="rows"><div class="switchback sidebar-left"><h3>Grows with you</h3><p>From first user to first million, without worry. Your app handles viral moments automatically.</p><ul><li>Free tier that works</li><li>Managed security</li></ul></div>
<div class="switchback sidebar-left"><h3>Ships fast</h3><p>Every change gets a preview link, so teams review work before it goes live anywhere.</p><ul><li>Instant preview links</li><li>Rollbacks in one click</li></ul></div>
<div class="switchback sidebar-left"><h3>Runs anywhere</h3><p>Functions run at the edge, close to every user, with no servers to manage at all.</p><ul><li>Edge functions</li><li>Background jobs</li></ul></div></div>
<p>` + prose(3, "platform") + `</p>
<div class="sidebar"><p>Popular this week on our site, the staff picks for you.</p></div></div></body>`,
			in:   []string{"Grows with you", "viral moments", "Managed security", "Ships fast", "Runs anywhere", "Background jobs", "The platform study"},
			out:  []string{"Popular this week"},
			rule: "score",
		},
		{
			// The form that puts the product in the cart holds what the
			// buyer picks (a size, a quantity), not what the product is;
			// on a page that is no product's, or a form wrapping the
			// product's whole text, it stays.
			name: "a product's purchase form goes, a long one holding its text stays",
			html: `<head><meta property="og:type" content="product"></head><body><div class="product"><h1>Trail pack</h1><div class="summary"><p>` + article + `</p>
<form class="variations_form cart" action="/product/trail-pack/" method="post"><table class="variations"><tr><th><label for="size">Select size</label></th><td><select id="size" name="size"><option>Small</option><option>Medium</option><option>Large</option></select></td></tr></table><input type="number" name="quantity" aria-label="Trail pack quantity" value="1"><button type="submit">Add to cart</button></form>
<form action="/cart/add" method="post"><p>` + prose(5, "pack") + `</p><input type="hidden" name="id" value="7"></form></div></div></body>`,
			in:   []string{"Trail pack", "The reading study", "The pack study"},
			out:  []string{"Select size", "Medium", "quantity"},
			rule: "score",
		},
		{
			name: "a purchase form on a page that is no product's stays",
			html: `<body><div class="post"><h1>Our cart</h1><p>` + article + `</p>
<form class="cart" action="/cart/update" method="post"><label for="q">Quantity of the reading lamp</label><input id="q" type="number" name="q"></form></div></body>`,
			in:   []string{"Our cart", "The reading study", "Quantity of the reading lamp"},
			rule: "score",
		},
		{
			// A page builder's section left with its template's filler
			// ("Lorem ipsum") says nothing of the product; the sentence
			// after it in its own block, and the product's text, stay.
			name: "placeholder text on a product's page goes, the text beside it stays",
			html: `<head><meta property="og:type" content="product"></head><body><div class="product"><h1>Slim wallet</h1><div class="desc"><p>` + article + `</p>
<div class="feature"><div class="desktop"><h3>Built to last</h3><p><span style="font-size:12px">Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</span></p><p>Holds up to twelve cards without stretching.</p></div></div>
<p>` + prose(3, "wallet") + `</p></div></div></body>`,
			in:   []string{"Slim wallet", "The reading study", "Holds up to twelve cards", "The wallet study"},
			out:  []string{"Lorem ipsum", "consectetur"},
			rule: "score",
		},
		{
			// Elsewhere filler may be what the page shows (a theme's demo,
			// a typography test): it stays.
			name: "placeholder text on a page that is no product's stays",
			html: `<body><div class="post"><h1>Typography demo</h1><p>` + article + `</p>
<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p></div></body>`,
			in:   []string{"Typography demo", "The reading study", "Lorem ipsum dolor"},
			rule: "score",
		},
		{
			// The lines filing a product under the shop's categories and
			// tags (WooCommerce's product_meta: rel="tag" links, or a
			// theme's "posted_in"/"tagged_as" spans) lead to other
			// listings, as a breadcrumb does; the SKU beside them stays.
			name: "a product's category and tag lines go, its SKU stays",
			html: `<head><meta property="og:type" content="product"></head><body><div class="product"><h1>Reusable cup</h1><div class="summary"><p>` + article + `</p>
<div class="product_meta"><span class="sku_wrapper">SKU: AU4</span> <span class="cat">Category: <a href="/c/cups/" rel="tag">Reusable Cups</a></span> <span class="tg">Tag: <a href="/t/reusable-cups/" rel="tag">reusable-cups</a></span>
<span class="posted_in">See all <a href="/shop/?cat=jewelry">Jewelry</a>, <a href="/shop/?cat=necklaces">Necklaces</a></span><span class="tagged_as">See others tagged <a href="/shop/?tag=diamond">diamond</a></span></div>
<p>` + prose(3, "cup") + `</p></div></div></body>`,
			in:   []string{"Reusable cup", "The reading study", "The cup study", "SKU: AU4"},
			out:  []string{"Reusable Cups", "reusable-cups", "Necklaces", "tagged"},
			rule: "score",
		},
		{
			// A box after a product's description and specs inviting the
			// buyer to call the shop's staff, its phone line a tel: link,
			// is the shop's, on every product's page; a phone line on a
			// page that is no product's stays.
			name: "a shop's contact box after a product's description goes",
			html: `<head><meta property="og:type" content="product"></head><body><main><section class="product"><article id="desc"><h1>Studio microphone</h1><p>` + prose(2, "reading") + `</p><p>` + prose(2, "microphone") + `</p></article>
<section class="product-specs"><h2>Tech Specs</h2><table><tr><th>Polar pattern</th><td>Cardioid, with a wide and even pickup across the front of the capsule</td></tr><tr><th>Connector</th><td>XLR, three pins, gold plated for a long and clean connection</td></tr></table></section>
<section id="experts"><h2>What makes our experts great?</h2><p>Our experts are a world-class team dedicated to you, hand selected from across the globe, each with years of experience in the world of music gear.</p><p>Friendly relationships, real trust and the right gear are only a call or a click away.</p><p><a href="tel:+18005550100">(800) 555-0100</a> <a href="/contact/">Contact your expert</a></p></section></section></main></body>`,
			in:   []string{"Studio microphone", "The reading study", "The microphone study", "Cardioid"},
			out:  []string{"experts great", "555-0100"},
			rule: "score",
		},
		{
			name: "a contact box on a page that is no product's stays",
			html: `<body><main><section class="product"><article id="desc"><h1>Studio microphone</h1><p>` + prose(2, "reading") + `</p><p>` + prose(2, "microphone") + `</p></article>
<section class="product-specs"><h2>Tech Specs</h2><table><tr><th>Polar pattern</th><td>Cardioid, with a wide and even pickup across the front of the capsule</td></tr><tr><th>Connector</th><td>XLR, three pins, gold plated for a long and clean connection</td></tr></table></section>
<section id="experts"><h2>What makes our experts great?</h2><p>Our experts are a world-class team dedicated to you, hand selected from across the globe, each with years of experience in the world of music gear.</p><p>Friendly relationships, real trust and the right gear are only a call or a click away.</p><p><a href="tel:+18005550100">(800) 555-0100</a> <a href="/contact/">Contact your expert</a></p></section></section></main></body>`,
			in:   []string{"Studio microphone", "The reading study", "The microphone study", "Cardioid", "experts great", "555-0100"},
			rule: "score",
		},
		{
			// An article's tags stay: its readers, and references, often
			// keep them.
			name: "an article's tag line stays",
			html: `<body><div class="post"><h1>Tokyo in spring</h1><div class="entry"><p>` + article + `</p>
<p class="terms">Filed under: <a href="/tag/japan/" rel="tag">Japan</a>, <a href="/tag/tokyo/" rel="tag">Tokyo</a></p>
<p>` + prose(3, "tokyo") + `</p></div></div></body>`,
			in:   []string{"Tokyo in spring", "The tokyo study", "Japan"},
			rule: "score",
		},
		{
			// A shop's strip of selling points ("usp": Need some help?
			// Found a better price?) and its loyalty programme's banner
			// (Members earn 179 points) sit in every product's buy box
			// and say nothing of the product.
			name: "a product's selling-point strip and loyalty banner go",
			html: `<body><div class="product"><h1>Open-back headphones</h1><div class="info"><p>` + article + `</p>
<div class="product-usp__wrapper"><div class="product-usp"><p>Need some help?</p><p>Chat with one of our experts</p></div><div class="product-usp"><p>Found a better price?</p><p>Learn about our price matching policy</p></div></div>
<div class="app-block lantern_loyalty_banner"><p>Members earn 179 points on this purchase.</p></div>
<p>` + prose(3, "headphones") + `</p></div></div></body>`,
			in:   []string{"Open-back headphones", "The reading study", "The headphones study"},
			out:  []string{"Need some help", "better price", "Members earn"},
			rule: "score",
		},
		{
			// A shop's tab beside the description wraps its specs a few
			// levels deep (PrestaShop's table.data-sheet): the tab is the
			// specs, added back as a part named for them is; a tab of
			// reviews beside it is not.
			name: "a tab around a product's data sheet is its specs, added back beside the description",
			html: `<body><div class="product"><h1>Charcoal grill</h1><div class="tabs"><div class="tab"><div id="description"><div class="desc"><p>` + article + `</p><p>` + prose(3, "grill") + `</p></div></div></div>
<div class="tab tab--sm"><div id="product-details"><section class="features"><h2>Features</h2><div class="panel"><table class="table data-sheet"><tr><th>Brand</th><td>Ember</td></tr><tr><th>Grate</th><td>40 cm</td></tr><tr><th>Fuel</th><td>Charcoal</td></tr><tr><th>Material</th><td>Stainless steel</td></tr></table></div></section></div></div>
<div class="tab tab--sm"><div id="product-extra"><section class="extra"><h2>Delivery</h2><div class="panel"><table class="table options"><tr><th>Home</th><td>5 days</td></tr><tr><th>Store</th><td>2 days</td></tr></table></div></section></div></div></div></div></body>`,
			in:   []string{"Charcoal grill", "The grill study", "Ember", "40 cm", "Stainless steel"},
			out:  []string{"Delivery", "5 days"},
			rule: "score",
		},
		{
			// "below-content" places a theme's widget area under the
			// article; it does not name the content: the widget there (a
			// fundraising appeal) goes as any widget does.
			name: "a widget named for its place below the content is a widget",
			html: `<body><div class="page"><article><h1>Tutoring</h1><div class="entry-content"><p>` + article + `</p><p>` + prose(4, "tutoring") + `</p>
<section id="block-4" class="below-content widget widget_block"><div class="group"><h4>Support our newsroom</h4><p>If you believe stories like the one you just finished matter, please consider pitching in what you can. Thank you.</p></div></section></div></article></div></body>`,
			in:   []string{"Tutoring", "The tutoring study"},
			out:  []string{"Support our newsroom", "pitching in"},
			rule: "score",
		},
		{
			// A box with a form to fill in beside the content (a sign-up
			// asking for a name and an email, with its pitch and its
			// thanks; a search box) is the site's, not the article's
			// intro: it is not added back as prose beside it.
			name: "a short part holding a form is not added back beside the content",
			html: `<body><div class="page"><h1>Types of catering</h1><div class="right"><div class="box">
<div class="form-block"><form><label>Never miss a single post. Get our blog posts sent to your inbox weekly.</label><label for="name">First Name</label><input type="text" id="name" name="name" required><label for="email">Best Email</label><input type="email" id="email" name="email" required><input type="submit" value="Get Content"></form>
<div class="form-done"><p>Thank you! Please check your inbox now for your welcome email.</p></div><div class="form-fail"><p>There was an issue with the form. Please try again, or write to us.</p></div></div>
<div class="story"><p>` + article + `</p><p>` + prose(4, "catering") + `</p></div></div></div></div></body>`,
			in:   []string{"Types of catering", "The catering study"},
			out:  []string{"Never miss a single post", "Best Email", "check your inbox", "issue with the form"},
			rule: "score",
		},
		{
			name: "boilerplate inside main dropped",
			html: `<body><header>Site</header><main><h1>Readers</h1><p>` + article + `</p>
<div class="share-bar"><a href="/s">Share on X</a></div>
<div class="newsletter-signup"><p>Get our newsletter every week!</p></div>
<div class="related-posts"><h2>Related</h2><ul><li><a href="/1">Other story one</a></li><li><a href="/2">Other story two</a></li></ul></div></main><footer>Foot</footer></body>`,
			in:     []string{"Readers", "careful paragraphs"},
			out:    []string{"Share on X", "newsletter every week", "Other story one", "Site", "Foot"},
			autoIn: []string{"Share on X", "newsletter every week", "Other story one"},
			rule:   "score",
		},
		{
			// A heading is never an advert's slot: named "ad", it titles
			// a sponsored item of the listing or its id spells a section
			// on adverts. The slot beside the content still goes.
			name: "headings named for adverts kept",
			html: `<body><div class="page"><h1>Leather wallets</h1><p>` + article + `</p><ul class="grid">
<li><a href="/l/1" class="card"><h2 id="ad-listing-title-1" class="card__title">Slim bifold wallet in brown leather</h2><p>USD 40.00</p></a></li>
<li><a href="/l/2" class="card"><h2 id="ad-listing-title-2" class="card__title">Front pocket card holder with a snap</h2><p>USD 35.00</p></a></li>
<li><a href="/l/3" class="card"><h2 id="listing-title-3" class="card__title">Minimalist coin purse in green suede</h2><p>USD 25.00</p></a></li></ul>
<h2 id="buying-ads">How to buy wallet ads</h2><p>` + prose(3, "advert") + `</p>
<div class="ad-slot"><a href="/promo">Cheap loans, apply today</a></div></div></body>`,
			in:   []string{"Slim bifold wallet in brown leather", "Front pocket card holder", "Minimalist coin purse", "How to buy wallet ads", "The advert study"},
			out:  []string{"Cheap loans"},
			rule: "score",
		},
		{
			// Hashed classes say nothing: the part's test id or its
			// component's name says what it is. A data attribute saying
			// a topic (data-section) names no part.
			name: "parts named by test ids and component names",
			html: `<body><div class="css-1k7zvfh"><h1>Office chairs</h1><p>` + article + `</p>
<div class="_6o3atz13p" data-enzyme-id="Display-Ad-Container"><p>Big savings on executive chairs, shop the sale now.</p></div>
<div class="sc-bdfBwQ" data-testid="related-articles"><h2>More</h2><ul><li><a href="/1">Other chair story</a></li><li><a href="/2">Desk story</a></li></ul></div>
<div class="sc-kEjbQP" data-section="newsletter"><p>` + prose(2, "desk") + `</p></div></div></body>`,
			in:   []string{"Office chairs", "careful paragraphs", "The desk study"},
			out:  []string{"Big savings", "Other chair story"},
			rule: "score",
		},
		{
			// A copyright line is boilerplate however long, beginning
			// with the sign or ending "All rights reserved": a game's
			// publisher names its trademarks and terms under the text.
			// One that opens a paragraph in a span of its own is a
			// picture's credit, and the paragraph after it stays; so does
			// a note whose last line is its copyright, without the line.
			name: "copyright lines dropped however long",
			html: `<body><div class="page"><h1>Racing game</h1><p>` + article + `</p>
<div class="legal"><p>© Maker 2025. All Rights Reserved. Maker, the Maker logo and Racing Game are trademarks of the Maker group of companies. All other trademarks are property of their respective owners. An account and acceptance of the Services Agreement and the Privacy Statement are required to play. Game offers in-app purchases. Persistent internet connection required.</p></div>
<p><span class="caption">© Provided by Photo Desk</span> ` + prose(2, "picture") + `</p>
<div class="legal"><p>Racer® is a registered trademark of Maker Ltd. in the United States and other countries. All rights reserved.</p></div>
<div class="note"><p>` + prose(1, "note") + `</p><p>Maker Ltd. All rights reserved.</p></div></div></body>`,
			in:   []string{"Racing game", "careful paragraphs", "The picture study", "The note study"},
			out:  []string{"All Rights Reserved", "Persistent internet", "registered trademark", "Maker Ltd. All rights"},
			rule: "score",
		},
		{
			name:   "content outside a main that holds a widget",
			html:   `<body><main><div class="widget"><p>Top stories this week, briefly: markets, weather and sport.</p></div></main><div class="story"><h1>Readers</h1><p>` + article + `</p><p>` + prose(4, "memory") + `</p></div></body>`,
			in:     []string{"Readers", "careful paragraphs", "The memory study"},
			out:    []string{"Top stories this week"},
			autoIn: []string{"Top stories this week"},
			rule:   "score",
		},
		{
			// A band headed "From our blog" (a label) or "Related
			// services" (a heading) whose text is mostly links leads to
			// other pages; a heading that is itself a link, over prose,
			// stays with the prose.
			name: "parts headed as leading to other pages dropped",
			html: `<body><div class="page"><h1>Screen recording</h1><p>` + article + `</p><p>` + prose(3, "video") + `</p>
<h3><a href="/core">Related: the core value</a></h3><p>` + prose(1, "safety") + `</p>
<div class="band"><header><p>From our blog</p><h2>Stories</h2></header><ul><li><a href="/a">How async video helps teams</a></li><li><a href="/b">When to choose sync or async</a></li></ul></div>
<div class="more"><h2>Related services</h2><ul><li><a href="/seo">Search optimization</a></li><li><a href="/paid">Paid media campaigns</a></li></ul></div></div></body>`,
			in:   []string{"Screen recording", "The video study", "The safety study", "Related: the core value"},
			out:  []string{"From our blog", "async video helps", "Related services", "Paid media campaigns"},
			rule: "score",
		},
		{
			// A shop's bands of other products, headed "Frequently
			// bought together" or "Recently viewed", and a "More like
			// this" band lead to other pages as "Related" does.
			name: "shop bands headed as leading to other products dropped",
			html: `<body><div class="page"><h1>Trail pack</h1><p>` + article + `</p><p>` + prose(3, "pack") + `</p>
<div class="band"><h3>Frequently bought together</h3><ul><li><a href="/a">Rain cover for packs</a></li><li><a href="/b">Hydration bladder</a></li></ul></div>
<div class="band"><h2>Recently viewed</h2><ul><li><a href="/c">Camp stove deluxe</a></li><li><a href="/d">Trekking poles pair</a></li></ul></div>
<div class="band"><h2>More like this</h2><ul><li><a href="/e">Day pack for hikes</a></li><li><a href="/f">Summit bag small</a></li></ul></div></div></body>`,
			in:   []string{"Trail pack", "The pack study"},
			out:  []string{"Frequently bought", "Rain cover", "Recently viewed", "Camp stove", "More like this", "Day pack"},
			rule: "score",
		},
		{
			// A paragraph at the end of the article beginning with the
			// name of its writer (the author meta tag) and going on as a
			// biography does is a box about the writer, with the line
			// saying the name above it; in the middle of the article, a
			// paragraph about the writer is the article's. A line "By"
			// the writer is the byline, whatever its class.
			name: "a box about the writer at the end of the article dropped",
			html: `<head><meta name="author" content="Jane Porter"></head><body><div class="post"><h1>Tea gardens</h1><div class="x7f2">By Jane Porter · Jan 3, 2026</div><p>` + article + `</p><p>By Jane Porter’s count, the terraces hold nine kinds of tea.</p><p>Jane Porter was surprised by the steep terraces on her first visit, and by how early the pickers start.</p><p>` + prose(8, "tea") + `</p>
<div class="box"><h4>Jane Porter</h4><p>Jane Porter is a travel writer covering gardens and the people who keep them, based in Lisbon.</p></div></div></body>`,
			in:   []string{"Tea gardens", "The tea study", "Jane Porter was surprised", "By Jane Porter’s count"},
			out:  []string{"travel writer covering gardens", "#### Jane Porter", "By Jane Porter ·"},
			rule: "score",
		},
		{
			// "By" is a word of its own: a line beginning "Byron Smith"
			// names no byline of the page's author Ron Smith.
			name: "a line whose first word begins with by is no byline",
			html: `<head><meta name="author" content="Ron Smith"></head><body><div class="post"><h1>Herb gardens</h1><p>` + article + `</p><p>Byron Smith wrote back the next day.</p><p>` + prose(8, "herb") + `</p></div></body>`,
			in:   []string{"The herb study", "Byron Smith wrote back"},
			rule: "score",
		},
		{
			// A label in a paragraph of its own heads the list after it:
			// at the end of the article, "You might also like:" over links
			// to other posts goes with them; in the middle of it, a bold
			// line over a list is as often the writer's own and stays.
			name: "a label's own paragraph heads what follows it",
			html: `<body><div class="post"><h1>Woodworking</h1><p>` + article + `</p><p><strong>Related reading:</strong></p><ul><li><a href="/saws">Choosing hand saws for beginners</a></li><li><a href="/glue">Which wood glue holds best</a></li></ul><h2>Joints</h2><p>` + prose(3, "wood") + `</p>
<p><strong>You might also like:</strong></p><ul><li><a href="/deck">Twelve deck and porch projects</a></li><li><a href="/table">A farmhouse dining table</a></li></ul><h2>Thanks!</h2></div></body>`,
			in:   []string{"Woodworking", "The wood study", "Related reading", "Choosing hand saws", "Thanks!"},
			out:  []string{"You might also like", "Twelve deck and porch", "farmhouse dining table"},
			rule: "score",
		},
		{
			// A line of a label saying it points elsewhere, a colon and
			// a linked title, between the paragraphs, is the publisher's
			// promotion of another article, in whatever block it is set
			// (a heading, a quote); a label followed by words of its own
			// is the article's, and "See also" is a reference work's
			// cross-reference.
			name: "lines pointing to another article dropped",
			html: `<body><div class="post"><h1>Woodworking</h1><p>` + article + `</p><p><strong>Related:</strong> <a href="/saws">Choosing hand saws for beginners</a></p><p>` + prose(3, "wood") + `</p>
<blockquote><div><span>READ MORE: </span><a href="/glue">Which wood glue holds best</a></div></blockquote><h5>» Don’t miss: <a href="/finish">Oil finishes compared</a></h5>
<p>Recommended clamp: a <a href="/bar">bar clamp</a> of two feet or more for every joint you glue.</p><p>See also: <a href="/joinery">Joinery basics</a></p><p>` + prose(3, "joint") + `</p></div></body>`,
			in:   []string{"Woodworking", "The wood study", "The joint study", "Recommended clamp", "Joinery basics"},
			out:  []string{"Choosing hand saws", "Related:", "Which wood glue", "READ MORE", "Oil finishes compared"},
			rule: "score",
		},
		{
			name: "main marker wins",
			html: `<body><main><p>` + article + `</p></main><div data-affordances-md="main"><p>Marked.</p></div></body>`,
			in:   []string{"Marked."},
			out:  []string{"careful paragraphs"},
			rule: "main-marker",
		},
		{
			// The page's only <main>, holding much of its score, is where
			// the content narrows from, as from a single <article>: not
			// the wrapper holding it beside other posts' previews.
			name: "content narrows from the only main",
			html: `<body><div class="page"><div class="a"><div class="b"><div class="c"><main><h1>Desk organizing</h1><p>` + article + `</p><p>` + prose(3, "desk") + `</p></main></div></div></div>
<div class="more"><h2>Elsewhere on the blog</h2><p>` + prose(4, "elsewhere") + `</p></div></div></body>`,
			in:   []string{"Desk organizing", "The desk study"},
			out:  []string{"The elsewhere study"},
			rule: "score",
		},
		{
			// An unclosed <aside> (an announcement bar) swallowed the
			// page: the <main> inside it is the content, not chrome, while
			// the nav beside it still goes.
			name: "a main inside an aside that swallowed the page",
			html: `<body><aside class="announcement-banner"><p>Our conference is in May.</p><nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
<main><h1>Spin apps</h1><p>` + article + `</p><div class="related-posts"><a href="/x">Recommended post one</a></div></main></aside></body>`,
			in:   []string{"Spin apps", "careful paragraphs"},
			out:  []string{"Recommended post one", "Docs"},
			rule: "score",
		},
		{
			// The strip under a documentation page, named for the content
			// and then "footer", is its furniture, though the same element
			// is named content too; a box named prose inside another such
			// footer does not bring it back beside the content.
			name: "the content's footer dropped",
			html: `<body><main><div class="article-body"><h1>Flexbox</h1><p>` + article + `</p>
<section class="content-section article-footer"><h2>Help improve the docs</h2><a href="/contribute">Learn how to contribute</a> <p>This page was last modified on Dec 5, 2025.</p></section></div>
<footer class="blog_footer"><p>Software Corner</p><div class="prose"><div>I am an incurable collector of apps and enjoy few things more than trying new ones. If you have the same bug, you will find here, week after week, the apps worth your time.</div></div> <a href="/rss">Subscribe via RSS here</a>
<div class="blog_footer_secondary prose"><a href="/news">Get the blog by newsletter</a> | <a href="/guests">Guest book</a> | <a href="/contact">Contact form</a> | <a href="/about">About</a> | <a href="/now">Now</a> | <a href="/elsewhere">Find me elsewhere</a></div></footer></main></body>`,
			in:   []string{"Flexbox", "careful paragraphs"},
			out:  []string{"Help improve the docs", "Learn how to contribute", "last modified", "incurable collector", "Subscribe via RSS"},
			rule: "score",
		},
		{
			// A line saying when the page was last changed dates it, as
			// a byline does; a sentence that begins with the same verb,
			// and a date in a link (a card's field), are text.
			name: "a last-updated line dropped",
			html: `<body><main><h1>Playbooks</h1><p><i>Last updated: March 3, 2025</i></p><p>` + article + `</p>
<p>Updated figures for 2024 show a rise.</p><p><a href="/repo">Updated 3 days ago</a></p><p>Updated marketing plans for 2024.</p>
<p>This page was last modified on Dec 5, 2025.</p></main></body>`,
			in:   []string{"Playbooks", "careful paragraphs", "Updated figures for 2024", "Updated marketing plans", "Updated 3 days ago"},
			out:  []string{"Last updated", "last modified"},
			rule: "score",
		},
		{
			// A forum post's note of when it was edited goes; whose text
			// a book is ("Edited by" a name) and a note naming who edited
			// a post before its date stay.
			name: "a post's last-edited line dropped",
			html: `<body><main><h1>Quiet kettles</h1>` + strings.Repeat(`<article class="message"><p>`+prose(2, "kettle")+`</p><div class="message-lastEdit">Last edited: <time>Oct 10, 2024</time></div><span><strong>Edited <time>January 29</time> by ann</strong></span></article>`, 3) +
				`<p><i>Edited by Hans Obrist and Kostas Stasinopoulos</i></p><p>Last edited by chunix64 (2025-11-01 15:15:18)</p></main></body>`,
			in:   []string{"The kettle study", "Edited by Hans Obrist", "Last edited by chunix64"},
			out:  []string{"Last edited:", "Edited January 29"},
			rule: "score",
		},
		{
			name: "a main of short items stays whole",
			html: `<body><nav><a href="/">Home</a></nav><main><h1>Products</h1><ul>` + strings.Repeat(`<li><a href="/p">Kettle, steel</a> $20</li>`, 12) + `</ul></main></body>`,
			in:   []string{"Products", "Kettle, steel"},
			out:  []string{"Home"},
			rule: "score",
		},
		{
			// What the site says of itself beside the article, named a
			// disclaimer or an affiliate disclosure, is not the article:
			// the short line goes. A link named so in a sentence, a long
			// part so named (the terms of an offer) and a folding
			// widget's panel (Headless UI's "disclosure-panel") stay.
			name: "disclaimers and affiliate disclosures",
			html: `<body><main><article class="post"><h1>Kettles</h1><div class="affiliate-disclaimer"><p>We may earn a commission from your purchases. Learn more.</p></div>
<p class="mm-disclosure">We independently evaluate all of our recommendations.</p><p>` + article + ` Buy it at <a class="affiliate-link" href="https://shop.example/k">the kettle shop</a> today.</p>
<div id="headlessui-disclosure-panel-1"><p>Descale the kettle monthly with vinegar.</p></div>
<p class="disclaimer">` + prose(3, "offer") + `</p>
<p>` + prose(3, "kettle") + `</p></article></main></body>`,
			in:   []string{"The reading study", "the kettle shop", "Descale the kettle", "The offer study", "The kettle study"},
			out:  []string{"earn a commission", "independently evaluate"},
			rule: "score",
		},
		{
			// Who took a picture is not the article's text: the line goes,
			// the picture and its caption's sentence stay. A post tagged
			// "credits" (WordPress's tag-cloud-credits) is no credit line,
			// nor a card offer's fields (credit-card-name, credit-score).
			name: "credit lines",
			html: `<body><main><article class="post tag-cloud-credits"><h1>Ovens</h1><p>` + article + `</p>
<figure><img src="/o.jpg" alt="An oven"><figcaption>The oven in our lab. <span>Credit: Reviewed / Jo Lee</span></figcaption></figure>
<div class="lead-image"><img src="/k.jpg" alt="A kettle"><div class="imageCredit">Ann Doe / Getty Images</div></div>
<figure class="photo-credit-image"><img src="/h.jpg" alt="A hob"></figure>
<figure><img src="/s.jpg" alt="A stove"><figcaption>Photo by Bo Chan</figcaption></figure>
<div class="offer"><div class="credit-card-name">Oven Rewards Visa</div><div class="credit-score">Good to excellent</div></div>
<p>` + prose(3, "oven") + `</p></article></main></body>`,
			in:   []string{"![An oven](/o.jpg)", "The oven in our lab.", "![A kettle](/k.jpg)", "![A hob](/h.jpg)", "![A stove](/s.jpg)", "The oven study", "Oven Rewards Visa", "Good to excellent"},
			out:  []string{"Credit: Reviewed", "Getty Images", "Photo by Bo Chan"},
			rule: "score",
		},
		{
			// Who wrote the article and when, which its frontmatter says,
			// and how long it takes to read: the byline (a post's "info"
			// or "author" too, and a part named date around a <time>) and
			// the reading time go; a part named meta or info that says
			// neither (a recipe's times, a contact line), a date not in a
			// <time> (a game's release date) or an event's (its date)
			// stays, and so do the bylines and reading times of a list's
			// items, each its own.
			name: "an article's byline, date line and reading time",
			html: `<body><main><article class="post"><h1>Tutoring</h1><div class="entry-meta">By <a href="/a/jill">Jill Barshay</a> August 25, 2025</div><p>` + article + `</p>
<ul class="elementor-post-info"><li><span class="elementor-post-info__item"><time>September 4, 2025</time></span></li></ul><div class="wp-block-post-date"><time datetime="2025-12-19">Dec 19, 2025</time></div>
<div class="release_date">Release date: Oct 2, 2024</div><div class="article__author">By Kim Ode</div>
<div class="recipe-meta">Prep time 2 hrs, cook time 50 mins</div><div class="event-meta">March 5, 2026, 7 pm, Hall A</div><div class="contact-info">Call us at 555 0100, Monday to Friday</div><p>` + prose(3, "tutor") + `</p>
<span class="time">8 min read</span>
<h2>More posts</h2><ul><li><h3>First post</h3><p class="p--meta">Written by Ann Lee on May 5, 2025</p><p>` + prose(1, "first") + `</p><p class="rt">4 min read</p></li>
<li><h3>Second post</h3><p class="p--meta">Written by Bo Chan on May 6, 2025</p><p>` + prose(1, "second") + `</p><p class="rt">4 min read</p></li></ul></article></main></body>`,
			in:   []string{"The reading study", "Prep time 2 hrs", "March 5, 2026, 7 pm", "Call us at 555 0100", "Release date: Oct 2, 2024", "Written by Ann Lee", "Written by Bo Chan", "4 min read"},
			out:  []string{"Jill Barshay", "August 25, 2025", "September 4, 2025", "Dec 19, 2025", "Kim Ode", "8 min read"},
			rule: "score",
		},
		{
			// An article's date alone, in a <time> or around one, dates
			// it as a byline does; a date in a sentence, an event's and
			// each of a list's items' stay.
			name: "an article's date alone in a time element",
			html: `<body><main><article class="post"><header><h1>Self-host Postgres</h1><span class="post-info__item"><time>July 2, 2025</time></span></header><p>` + article + `</p>
<p>The release of <time>May 3, 2024</time> changed the defaults.</p><div class="event-info"><time>March 5, 2026</time></div><p>` + prose(3, "host") + `</p>
<h2>More posts</h2><ul><li><h3>First post</h3><time>May 5, 2025</time><p>` + prose(1, "first") + `</p></li>
<li><h3>Second post</h3><time>May 6, 2025</time><p>` + prose(1, "second") + `</p></li></ul></article></main></body>`,
			in:   []string{"The reading study", "The release of May 3, 2024 changed", "March 5, 2026", "May 5, 2025", "May 6, 2025"},
			out:  []string{"July 2, 2025"},
			rule: "score",
		},
		{
			// A date in a sentence is the sentence's, even when it is the
			// page's only <time>.
			name: "a lone time element in a sentence stays",
			html: `<body><main><article class="post"><h1>Self-host Postgres</h1><p>` + article + `</p>
<p>The release of <time>May 3, 2024</time> changed the defaults.</p><p>` + prose(3, "host") + `</p></article></main></body>`,
			in:   []string{"The release of May 3, 2024 changed"},
			rule: "score",
		},
		{
			// An event's date, in a part named for it, is the event's,
			// even when it is the page's only <time>.
			name: "an event's lone date stays",
			html: `<body><main><article class="post"><h1>Meetup</h1><p>` + article + `</p>
<div class="event-info"><time>March 5, 2026</time></div><p>` + prose(3, "meet") + `</p></article></main></body>`,
			in:   []string{"March 5, 2026"},
			rule: "score",
		},
		{
			// A theme that names both the line under the title and the
			// categories under the article "entry-meta": the first, the
			// only one that dates the article, is its byline.
			name: "a byline beside a part of its kind that is none",
			html: `<body><main><article class="post"><h1>Planters</h1><p class="entry-meta">May 3, 2017 By <a href="/a/erin">Erin Spain</a></p><p>` + article + `</p><p>` + prose(3, "planter") + `</p>
<p class="entry-meta">Filed Under: Woodworking, Garden</p></article></main></body>`,
			in:   []string{"The planter study", "Filed Under: Woodworking"},
			out:  []string{"Erin Spain", "May 3, 2017"},
			rule: "score",
		},
		{
			// A box about the writer names its text as content does
			// ("abh_text"): its insides, not an article it wraps.
			name: "an author box around a part named text",
			html: `<body><main><article class="post"><h1>Retreats</h1><div class="entry-content"><p>` + article + `</p>
<div class="abh_box"><section class="vcard author abh_about_tab"><div class="abh_text"><h3>Autumn Adams</h3><div class="description">Autumn founded the studio in 2014 to share her love of adventure, yoga and travel, and she has led retreats on four continents since then.</div></div></section></div></div></article></main></body>`,
			in:   []string{"The reading study"},
			out:  []string{"Autumn founded the studio", "Autumn Adams"},
			rule: "score",
		},
		{
			// "text" names text, not an article: a utility class
			// ("text-center") or a pitch's box ("slickText-wrapper")
			// inside a newsletter's box is the box's insides.
			name: "a newsletter box around a part named text",
			html: `<body><main><article class="post"><h1>Bakeries</h1><div class="article-body"><p>` + article + `</p>
<section class="newsletter"><div class="text-center"><h2>Want breaking news at your fingertips?</h2><p>Get today's need-to-know restaurant industry intelligence, sent to your phone on the news that matters to your brand.</p></div></section></div></article></main></body>`,
			in:   []string{"The reading study"},
			out:  []string{"breaking news", "need-to-know"},
			rule: "score",
		},
		{
			// A list of nothing but links to the site's own pages
			// (relative, or on the canonical URL's host) inside prose
			// leads away from it; a list of other sites' tools, or of
			// sources written as their addresses, is the article's, and so
			// is a list a sentence ending in a colon says.
			name: "a list of links to the site's other pages dropped from prose",
			html: `<head><link rel="canonical" href="https://www.desks.example/blog/standing"></head><body><div class="page"><h1>Standing desks</h1><p>` + article + `</p><p>` + prose(4, "posture") + `</p>
<p>Apps that remind you to stand:</p><ul><li><a href="https://apps.example/stretchly">Stretchly</a></li><li><a href="https://other.example/standup">Stand Up reminder</a></li><li><a href="https://third.example/move">Move timer</a></li><li><a href="https://fourth.example/break">Break time</a></li></ul>
<ol><li><a href="https://journals.example/a/1">https://journals.example/a/1</a></li><li><a href="https://journals.example/b/2">https://journals.example/b/2</a></li><li><a href="https://journals.example/c/3">https://journals.example/c/3</a></li><li><a href="https://journals.example/d/4">https://journals.example/d/4</a></li></ol>
<p>The desks we tested come from four makers:</p><ul><li><a href="/b/uplift">Uplift Desk</a></li><li><a href="/b/fully">Fully Jarvis</a></li><li><a href="/b/vari">Vari Electric</a></li><li><a href="/b/flexi">FlexiSpot Pro</a></li></ul><p>` + prose(1, "maker") + `</p>
<p><b>You might also like:</b></p><ul><li><a href="/blog/chairs">The best ergonomic chairs of the year</a></li><li><a href="https://desks.example/blog/mats">Anti-fatigue mats, tested</a></li><li><a href="/blog/monitors">Monitor arms for every budget</a></li><li><a href="https://www.desks.example/blog/lamps">Desk lamps that spare your eyes</a></li></ul>
<div class="mw-heading"><h2>See also<span class="edit"><a href="/edit">edit</a></span></h2></div><ul><li><a href="/wiki/Sitting">Sitting and health</a></li><li><a href="/wiki/Posture">Human posture</a></li><li><a href="/wiki/Ergonomics">Office ergonomics</a></li><li><a href="/wiki/Treadmill_desk">Treadmill desk</a></li></ul></div></body>`,
			in:   []string{"The posture study", "Apps that remind you to stand:", "Stretchly", "Break time", "https://journals.example/d/4", "See also", "Treadmill desk", "four makers:", "Fully Jarvis", "FlexiSpot Pro"},
			out:  []string{"ergonomic chairs", "Anti-fatigue mats", "Desk lamps", "You might also like"},
			rule: "score",
		},
		{
			// The same list written as paragraphs, one link a line: a run
			// of four or more goes with its heading, and the prose around
			// it stays; a run a colon line introduces, or one saying the
			// same word in each line (a test of addresses), is the
			// article's.
			name: "a run of paragraphs each one link to the site's pages dropped from prose",
			html: `<head><link rel="canonical" href="https://www.clean.example/blog/costs"></head><body><div class="page"><h1>Cleaning costs</h1><p>` + article + `</p><p>` + prose(4, "price") + `</p>
<h2>Costs in other cities</h2><p><a href="/blog/austin"><strong>Cleaning costs in Austin</strong></a></p><p><a href="/blog/boston">Cleaning costs in Boston</a></p><p><a href="https://clean.example/blog/chicago">Cleaning costs in Chicago</a></p><p><a href="/blog/denver">Cleaning costs in Denver</a></p><p><a href="/blog/el-paso">Cleaning costs in El Paso</a></p>
<p>` + prose(1, "tipping") + `</p>
<p>Our three guides:</p><p><a href="/g/kitchen">Kitchen guide</a></p><p><a href="/g/bath">Bath guide</a></p><p><a href="/g/floor">Floor guide</a></p><p><a href="/g/window">Window guide</a></p>
<p><a href="/a">link</a></p><p><a href="/b">link</a></p><p><a href="/c">link</a></p><p><a href="/d">link</a></p><p>` + prose(1, "closing") + `</p></div></body>`,
			in:   []string{"The price study", "The tipping study", "Kitchen guide", "Window guide", "link", "The closing study"},
			out:  []string{"Costs in other cities", "in Austin", "in Chicago", "in El Paso"},
			rule: "score",
		},
		{
			// Above the title, the sections the article is filed under,
			// as links alone (a category, a trail of them), lead to other
			// pages; a line with words of its own ends them, and a link
			// alone below the title is the article's.
			name: "lines of links right above the title dropped",
			html: `<body><div class="post"><p>Posted in <a href="/c/columns">Proof Points</a></p><p><a href="/c/health">Health</a></p><ul><li><a href="/blog">Blog</a></li><li><a href="/blog/fitness">Fitness</a></li></ul>
<h1>Why tutoring stalled</h1><p>` + article + `</p><p><a href="/report">The full report</a></p><p>` + prose(3, "tutoring") + `</p></div></body>`,
			in:   []string{"Posted in", "Proof Points", "Why tutoring stalled", "The full report", "The tutoring study"},
			out:  []string{"Health", "Blog", "Fitness"},
			rule: "score",
		},
		{
			// The lines of links ending prose (a call to action, the
			// article's tags) lead to other pages; a link in the last
			// sentence, a "Next up:" line with words of its own and
			// what comes before them stay (a "Read more:" line is a
			// pointer to another article: prunePointerLines).
			name: "lines of links ending the content dropped",
			html: `<body><div class="post"><h1>Bread at home</h1><p>` + article + `</p><p>` + prose(3, "baking") + ` Start with <a href="/guide">the starter guide</a>.</p>
<p><strong>Next up:</strong> <a href="/flour">Which flour to buy</a></p>
<div class="box"><p><a href="/contact">Get started today</a></p></div><div><a href="/tag/news">News</a> <a href="/tag/food">Food</a></div></div></body>`,
			in:   []string{"The baking study", "the starter guide", "Next up:", "Which flour to buy"},
			out:  []string{"Get started today", "News", "Food"},
			rule: "score",
		},
		{
			// WordPress classes a post by its tags and categories
			// ("category-social", "tag-comments") beside its type and
			// status: they name its topic, not a share bar or comments.
			// Elsewhere, or as an id, a name of that shape is the site's
			// own ("category-sharing", "category-sidebar-filters").
			name: "WordPress taxonomy classes name a post's topic",
			html: `<body><div class="page"><h1>Latest news</h1><p>` + prose(3, "news") + `</p><ul class="posts">
<li class="post type-post status-publish category-social tag-comments"><h2><a href="/x">Networks test a new ad format</a></h2><p>` + prose(1, "advertising") + `</p></li>
<li class="post category-venture"><h2><a href="/y">A startup fund stumbles in its debut</a></h2><p>` + prose(1, "funding") + `</p></li></ul>
<div class="category-sharing"><a href="/share?x">Share on X</a> <a href="/share?fb">Share on Facebook</a></div>
<div id="category-sidebar-filters"><h4>Company size</h4><label><input type="checkbox"> Small Business (35)</label><label><input type="checkbox"> Mid Market (40)</label><label><input type="checkbox"> Enterprise (37)</label></div></div></body>`,
			in:   []string{"The news study", "new ad format", "The advertising study", "The funding study"},
			out:  []string{"Mid Market (40)", "Share on Facebook"},
			rule: "score",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Convert([]byte(tt.html), Options{NoFrontmatter: true, Extract: ExtractScore, Explain: true})
			if err != nil {
				t.Fatal(err)
			}
			checkSnippets(t, res.Markdown, tt.in, tt.out)
			var rules []string
			for _, d := range res.Explanation {
				if d.Action == "chose" {
					rules = append(rules, d.Rule)
				}
			}
			if !slices.Contains(rules, tt.rule) || slices.Contains(rules, "main") {
				t.Errorf("content chosen by %v, want %s", rules, tt.rule)
			}
			auto, err := Convert([]byte(tt.html), Options{NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tt.autoIn {
				if !strings.Contains(auto.Markdown, s) {
					t.Errorf("auto mode lost %q (it takes <main> as it is):\n%s", s, auto.Markdown)
				}
			}
		})
	}
}

// TestExtractRepeats: a part of the content said again word for word
// elsewhere (a mobile version, a teaser listed twice, a carousel's copies
// of its first slides, a banner in boxes for two widths of screen) is
// said once; the same field of two items of one list (two products at one
// price) and a paragraph said twice stay.
func TestExtractRepeats(t *testing.T) {
	intro := `<h2>About the shop</h2><p>` + prose(1, "intro") + `</p>`
	item := func(name string) string {
		return `<li class="product"><h3><a href="/p">` + name + `</a></h3><div class="specs"><p>For monitors from five to twenty-two pounds, with screens up to forty-three inches.</p><p>Starting at $434 with free delivery</p></div></li>`
	}
	// A carousel says its first slides again after its last, to loop
	// round: the copies go.
	quote := func(name string) string {
		return `<figure class="quote"><div><blockquote>` + name + ` says the shop made her working days far more comfortable.</blockquote><figcaption><p>` + name + `, designer</p></figcaption></div></figure>`
	}
	// A banner written for wide screens and again for narrow ones: the
	// same field of the same box, but in boxes named otherwise.
	banner := func(class string) string {
		return `<div class="` + class + `"><div class="banner"><div class="text"><p>Certified secure, audited each year by an outside firm.</p><p>Read the audit report and the list of its findings.</p></div></div></div>`
	}
	// A tab set's panel written again in an accordion for small screens,
	// each a web component's custom elements: a part as a <div> is.
	panel := `<c-panel><c-item><h3>Agentic SOC</h3><p>How agents triage alerts around the clock, with a person on call deciding what matters and what waits.</p></c-item></c-panel>`
	// A scroller of four figures that says its run three times, so that
	// it never ends: each figure is said once.
	figures := ""
	for _, f := range [][2]string{{"30+ million", "app downloads"}, {"2+ billion", "tasks completed"}, {"160+ countries", "worldwide"}, {"1+ million", "Pro users"}} {
		figures += `<div class="stat"><p>` + f[0] + `</p><p>` + f[1] + `</p></div>`
	}
	// The mobile copy does not end its paragraph with a space: the same
	// text, written otherwise.
	mobile := strings.Replace(intro, " </p>", "</p>", 1)
	if mobile == intro {
		t.Fatal("the mobile copy is the desktop one")
	}
	page := `<body><div class="page"><div class="intro-desktop">` + intro + `</div><div class="intro-mobile">` + mobile + `</div>
<ul class="products">` + item("Single arm") + item("Single arm with slider") + item("Dual arm") + `</ul>
<p>` + prose(1, "twice") + `</p><p>` + prose(1, "twice") + `</p>
<div class="quotes">` + quote("Ann Lee") + quote("Bo Chan") + quote("Cy Diaz") + quote("Ann Lee") + quote("Bo Chan") + `</div>
` + banner("col-wide") + `<p>` + prose(1, "between") + `</p>` + banner("col-narrow") + `
<c-tabs>` + panel + `</c-tabs><c-accordion><c-accordion-item>` + panel + `</c-accordion-item></c-accordion>
<div class="scroller">` + strings.Repeat(figures, 3) + `</div></div></body>`
	res, err := Convert([]byte(page), Options{NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	checkCounts(t, "auto", res.Markdown, []snippetCount{
		{"About the shop", 1},
		{"Certified secure", 1},
		{"The intro study", 1},
		{"Starting at $434", 3},
		{"Dual arm", 1},
		{"The twice study", 2},
		{"Ann Lee, designer", 1},
		{"Bo Chan, designer", 1},
		{"Cy Diaz, designer", 1},
		{"Agentic SOC", 1},
		{"agents triage alerts", 1},
		{"app downloads", 1},
		{"Pro users", 1},
	})
}

// TestExtractRepeatedTitle: the page's title written twice as an <h1>,
// in the header and again above the article, is said once, whatever is
// between them; a section's <h2> saying it stays.
func TestExtractRepeatedTitle(t *testing.T) {
	page := `<body><div class="page"><div class="article-header"><h1>Porting a parser</h1><h2>How it was built, step by step</h2><p>Posted: 2 days ago</p></div>
<div class="article-body"><h1>Porting a parser</h1><p>` + prose(4, "porting") + `</p><h2>Porting a parser</h2><p>` + prose(3, "tests") + `</p></div></div></body>`
	res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: ExtractScore})
	if err != nil {
		t.Fatal(err)
	}
	checkCounts(t, "score", res.Markdown, []snippetCount{
		{"Porting a parser", 2},
		{"## Porting a parser", 1},
		{"How it was built", 1},
		{"The porting study", 4},
	})
}

// TestExtractRepeatedTeaser: a teaser listed in two lists is said once,
// its picture with it: the card around the text said again goes whole,
// not its text alone. (The pictures, of cards whose titles are links, are
// written without their alt texts: TestExtractLinkedAlts.)
func TestExtractRepeatedTeaser(t *testing.T) {
	card := func(pic, title, summary string) string {
		return `<li class="card"><img src="/` + pic + `.png" alt="Archive drawing ` + pic + `"><div class="text"><h3><a href="/` + pic + `">` + title + `</a></h3><p>` + summary + `</p></div></li>`
	}
	lamps := card("lamps", "New lamps light the harbour", "The harbour's new lamps use a tenth of the power of the old ones, the port says, and last twice as long.")
	page := `<body><div class="nav-bar"><a href="/">Home</a></div><div class="page"><h1>News</h1>` +
		`<h2>Latest</h2><ul class="latest">` + lamps + card("ferry", "The ferry runs again", "After a winter in dock the ferry to the islands runs again from Monday, twice a day, with a new deck.") + `</ul>` +
		`<h2>Popular</h2><ul class="popular">` + lamps + card("market", "The market moves indoors", "The Saturday market moves into the old fish hall for the winter, with forty stalls and a café by the door.") + `</ul>` +
		`<p>` + prose(1, "sleep") + `</p></div></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"New lamps light", 1},
		{"(/lamps.png)", 1},
		{"(/ferry.png)", 1},
		{"(/market.png)", 1},
	})
}

// TestExtractTitleCopies: a card that writes its title twice, in a link
// stretched over the card and in its heading (or in plain text), says it
// once: the heading, else the link with its address. Two cards' links
// that say the same to two places, a sentence's link saying the heading
// above it, and a card's link beside a heading that does not link (the
// link is the card's only address) stay.
func TestExtractTitleCopies(t *testing.T) {
	story := func(slug, title string) string {
		return `<div class="story"><a class="story-navigation-link" href="/` + slug + `">` + title + `</a>` +
			`<div class="meta"><a href="/ann">Ann Reed</a> <time>Mar 7</time></div>` +
			`<h2 class="story-title"><a href="/` + slug + `">` + title + `</a></h2><p>#reading #books</p></div>`
	}
	tile := func(slug, title string) string {
		return `<div class="tile"><a class="tile-overlay" href="/p/` + slug + `"><span>` + title + `</span></a>` +
			`<img src="/` + slug + `.jpg" alt=""><span class="tile-title">` + title + `</span><div class="price">$449.00</div></div>`
	}
	page := `<body><div class="nav-bar"><a href="/">Home</a></div><div class="feed"><h1>Posts</h1><p>` + prose(1, "feed") + `</p>` +
		story("a", "How I read a thousand books") + story("b", "The quiet joy of libraries") + story("c", "Notes on a winter reading list") +
		tile("row", "Indoor rowing machine with screen") + tile("gym", "Stack home gym of steel") + tile("mat", "Folding exercise mat in green") +
		`<div class="awards"><div class="award"><p>` + prose(1, "award") + `</p><a href="/r1">Read the report</a></div>` +
		`<div class="award"><p>` + prose(1, "prize") + `</p><a href="/r2">Read the report</a></div></div>` +
		`<div class="tile"><a class="tile-overlay" href="/p/bench"><span>Utility bench of oak</span></a><h3>Utility bench of oak</h3><p>$99.00</p></div>` +
		`<div class="box"><h4>Information you will need</h4><p>See what <a href="/info">information you will need</a> for each version.</p></div>` +
		`</div></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"How I read a thousand books", 1},
		{"## [How I read a thousand books](/a)", 1},
		{"The quiet joy of libraries", 1},
		{"Stack home gym of steel", 1},
		{"[Stack home gym of steel](/p/gym)", 1},
		{"Read the report", 2},
		{"information you will need", 1},
		{"[Utility bench of oak](/p/bench)", 1}, // the card's only address
		{"### Utility bench of oak", 1},
		{"Information you will need", 1},
	})
}

// TestBeginsNearlyEmpty: a part whose text an earlier pass removed is no
// excerpt of its sibling (pruneExcerpts would drop its pictures).
func TestBeginsNearlyEmpty(t *testing.T) {
	if beginsNearly("The sheets study, part a", "") {
		t.Error("an empty text begins a text")
	}
	if !beginsNearly("The sheets study, part a", "The sheets stu") {
		t.Error("a cut text does not begin its whole")
	}
}

// TestExtractExcerpts: a text written at several lengths, one for each
// size of screen, in siblings of one element and different classes, is
// written once, the longest, however each version splits it in
// paragraphs; two paragraphs that say the same stay.
func TestExtractExcerpts(t *testing.T) {
	page := `<body><div class="nav-bar"><a href="/">Home</a></div><div class="shop"><h1>All sheets</h1><div class="copy">` +
		`<span class="excerpt view--lrg">` + prose(2, "sheets") + `</span>` +
		`<span class="excerpt view--med">` + prose(2, "sheets") + `</span>` +
		`<span class="excerpt view--sml">` + prose(1, "sheets") + `The sheets stu…</span></div>` +
		`<p>` + prose(3, "sleep") + `</p><p>` + prose(1, "twice") + `</p><p>` + prose(1, "twice") + `</p>` +
		`<div class="seo"><span class="excerpt view--sml">` + strings.Replace(prose(3, "beds"), "readers remember", "readers remembers", 1) + `</span>` +
		`<span class="copy">` + prose(4, "beds") + `</span></div>` +
		`<div class="seo"><span class="excerpt view--sml">` + prose(3, "cots") + `</span>` +
		`<span class="copy">` + prose(4, "mats") + `</span></div>` +
		`<div class="seo"><div class="excerpt view--sml"><p>` + strings.TrimSpace(prose(1, "rugs")) + `</p><p>The rugs stu…</p></div>` +
		`<div class="excerpt view--lrg"><p>` + prose(2, "rugs") + `</p></div></div></div></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"The sheets study, part a", 1},
		{"The sheets study, part b", 1},
		{"The sheets stu…", 0},
		{"The sleep study, part c", 1},
		{"The twice study", 2},
		{"readers remembers", 0},
		{"The beds study, part a", 1},
		{"The cots study, part a", 1},
		{"The mats study, part a", 1},
		{"The rugs study, part a", 1}, // the cut version's paragraphs are words apart
	})
}

// TestExtractQuoteCopies: a reply quoting an earlier post of the thread
// does not say the post again, even as it read before an edit; a
// quotation of what the page does not say, a quoted code example and a
// quotation of a few words the page repeats stay.
func TestExtractQuoteCopies(t *testing.T) {
	post := func(body string) string {
		return `<article class="message"><h4><a href="/members/ann">ann</a></h4><div class="bbWrapper">` + body + `</div></article>`
	}
	first := `The kettle on the left boils in two minutes, and it is quiet enough to use at night.`
	note := `<blockquote><p>Detailed Explanation</p><p>Read more on <a href="/guide">the guide</a>.</p></blockquote>`
	page := `<body><div class="thread"><h1>Quiet kettles</h1>` +
		post(`<p>`+first+`</p><p>`+prose(2, "kettle")+`</p>`+note) +
		post(`<blockquote><div class="quote-title"><a href="/goto/post?id=1">ann said:</a></div><div>`+first+`</div><div><a role="button" tabindex="0">Click to expand...</a></div></blockquote><p>Mine too, and it keeps the water hot for an hour afterwards.</p>`) +
		post(`<blockquote><p>`+first+`</p><p>Then it hissed, before the edit.</p></blockquote><p>Quoted before ann edited it.</p>`) +
		post(`<blockquote><p>Let every kettle sing its own song, said the old tinker to the town.</p></blockquote><p>`+prose(1, "song")+`</p>`) +
		post(`<p>Set it with <code>boil --quiet --minutes=2 --night</code> on the kettle's panel.</p><blockquote><code>boil --quiet --minutes=2 --night</code></blockquote>`) +
		post(note+`<p>`+prose(1, "guide")+`</p>`) +
		`</div></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"boils in two minutes", 1},
		{"ann said:", 0},
		{"before the edit", 0},
		{"Quoted before ann edited it.", 1},
		{"Mine too", 1},
		{"> Let every kettle sing", 1},
		{"boil --quiet --minutes=2 --night", 2},
		{"> Detailed Explanation", 2},
	})
}

// TestExtractAutoNextSuspense: a Next.js page whose <main> holds only a
// Suspense fallback until the streamed segment resolves it. Extraction sees
// the tree after the Suspense pass, so the article is the content.
func TestExtractAutoNextSuspense(t *testing.T) {
	page := `<!DOCTYPE html><html><body><div id="__next"><nav><a href="/">Home</a></nav>
<main><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--></main></div>
<div hidden id="S:0"><article><h1>Streamed post</h1><p>` + prose(4, "streamed") + `</p></article></div>
<script>$RC=function(b,c){};$RC("B:0","S:0")</script>
<script>self.__next_f.push([1,"junk"])</script></body></html>`
	doc := parse([]byte(page))
	resolveSuspense(doc)
	if findFirst(doc, func(n *html.Node) bool { return getAttr(n, "id") == "S:0" }) != nil {
		t.Skip("the Suspense pass does not resolve $RC yet")
	}
	res, err := Convert([]byte(page), Options{NoFrontmatter: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Markdown, "# Streamed post") || !strings.Contains(res.Markdown, "The streamed study") {
		t.Errorf("streamed article missing:\n%s", res.Markdown)
	}
	if strings.Contains(res.Markdown, "Loading") || strings.Contains(res.Markdown, "Home") {
		t.Errorf("fallback or chrome kept:\n%s", res.Markdown)
	}
}

// TestExplainNameAttr: a part dropped for a word its test id says is
// explained by that attribute, not by its class or id.
func TestExplainNameAttr(t *testing.T) {
	page := `<body><div id="page"><div class="entry-content"><p>` + prose(6, "explained") + `</p>
<div data-testid="share-buttons"><a href="/x">Share</a></div>
<div class="share-bar"><a href="/y">Send</a></div></div></div></body>`
	res, err := Convert([]byte(page), Options{Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Explanation {
		if d.Rule == "boilerplate" {
			got = append(got, d.Reason)
		}
	}
	want := []string{`data-testid says "share"`, `class or id says "share"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("reasons:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestExplain(t *testing.T) {
	page := `<body><nav><a href="/">Home</a></nav><div id="page"><div class="entry-content"><p>` + prose(6, "explained") + `</p>
<div class="share-buttons"><a href="/x">Share</a></div></div>
<div class="related"><a href="/r">Related story one</a> <a href="/r2">Related story two</a></div></div></body>`
	res, err := Convert([]byte(page), Options{Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Explanation {
		got = append(got, d.Action+" "+d.Rule+" "+d.Path)
		if d.String() == "" || d.Reason == "" {
			t.Errorf("decision without words: %#v", d)
		}
	}
	want := []string{
		"dropped chrome body > nav",
		"dropped boilerplate body > div#page > div.entry-content > div.share-buttons",
		"dropped boilerplate body > div#page > div.related",
		"chose score body > div#page > div.entry-content",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("explanation:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, d := range res.Explanation {
		if d.Rule == "score" && (d.Score <= 0 || d.Text < 500) {
			t.Errorf("chosen content without its figures: %v", d)
		}
	}

	res, err = Convert([]byte(page), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Explanation != nil {
		t.Errorf("explanation without Options.Explain: %v", res.Explanation)
	}
	res, err = Convert([]byte(page), Options{Explain: true, Extract: ExtractNone})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Explanation) != 1 || res.Explanation[0].Rule != "none" || res.Explanation[0].Path != "body" {
		t.Errorf("extract none explanation: %v", res.Explanation)
	}
}

// TestExplainFiguresAfterRemovals: a decision's figures are those of what
// it kept or dropped, not of its subtree before passes removed parts of
// it: a sibling chosen beside the content, and a "Related posts" part
// dropped, each holding a copy for small screens that went before them,
// read as they do on the same page without the copies; the Markdown is
// the same either way.
func TestExplainFiguresAfterRemovals(t *testing.T) {
	links := `<ul><li><a href="/a">Harbour walks</a></li><li><a href="/b">Pier lights</a></li><li><a href="/c">Boat yards</a></li><li><a href="/d">Tide tables</a></li></ul>`
	page := func(copies bool) string {
		intro, quoted := "", ""
		if copies {
			intro = `<div class="d-lg-none"><p>The harbour study, part a, found that readers remember.</p></div>`
			quoted = links
		}
		return `<body><nav><a href="/">Home</a></nav><div class="wrap"><div class="intro"><p>` + prose(1, "pier") + `</p>` + intro + `</div>` +
			`<div class="posts"><h1>Harbour</h1><div class="post"><p>` + prose(3, "harbour") + `</p></div>` +
			`<div class="post"><blockquote><p>` + prose(2, "harbour") + `</p>` + quoted + `</blockquote><p>` + prose(3, "tide") + `</p></div>` +
			`</div></div></body>`
	}
	figures := func(res Result) map[string]Decision {
		m := map[string]Decision{}
		for _, d := range res.Explanation {
			if strings.HasSuffix(d.Path, "div.intro") || strings.HasSuffix(d.Path, "blockquote") {
				m[d.Action+" "+d.Path] = d
			}
		}
		return m
	}
	for _, mode := range []ExtractMode{ExtractAuto, ExtractScore} {
		with, err := Convert([]byte(page(true)), Options{Explain: true, Extract: mode})
		if err != nil {
			t.Fatal(err)
		}
		without, err := Convert([]byte(page(false)), Options{Explain: true, Extract: mode})
		if err != nil {
			t.Fatal(err)
		}
		if with.Markdown != without.Markdown {
			t.Fatalf("mode %v: the copies are written:\n%s", mode, with.Markdown)
		}
		got, want := figures(with), figures(without)
		if len(want) != 2 {
			t.Fatalf("mode %v: want the intro chosen and the quotation dropped in %v", mode, without.Explanation)
		}
		for key, w := range want {
			g := got[key]
			if g.Text != w.Text || g.Links != w.Links || math.Abs(g.Score-w.Score) > 0.5 {
				t.Errorf("mode %v: %s reads (text %d, links %d, score %.0f), want (text %d, links %d, score %.0f)", mode, key, g.Text, g.Links, g.Score, w.Text, w.Links, w.Score)
			}
		}
	}
}

// TestExplainKeptBoilerplate: when narrowing stops at a boilerplate-named
// child kept for its size, the reason names the word that named it, not a
// guess at what the part is.
func TestExplainKeptBoilerplate(t *testing.T) {
	page := `<body><div id="page"><div class="promo-area"><p>` + prose(12, "offer") + `</p><p>` + prose(8, "deal") + `</p></div><p>Short intro text here.</p></div></body>`
	res, err := Convert([]byte(page), Options{Explain: true, Extract: ExtractScore})
	if err != nil {
		t.Fatal(err)
	}
	var chose Decision
	for _, d := range res.Explanation {
		if d.Action == "chose" {
			chose = d
		}
	}
	if !strings.Contains(chose.Reason, `div.promo-area, is named "promo"`) || strings.Contains(chose.Reason, "discussion") {
		t.Errorf("reason for stopping above a kept promo part: %q", chose.Reason)
	}
	if !strings.Contains(res.Markdown, "deal") {
		t.Errorf("kept part lost:\n%s", res.Markdown)
	}
}

func TestExplainPrune(t *testing.T) {
	page := `<body><main><p>Visible text.</p>
<div style="display: none"><p>Hidden details</p><span data-affordances-md="only">Kept for agents</span></div>
<div data-affordances-md="skip">Skipped promo</div>
<noscript>Please enable JavaScript.</noscript>
<script>var x = "not listed";</script></main></body>`
	res, err := Convert([]byte(page), Options{Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Explanation {
		got = append(got, d.Action+" "+d.Rule+" "+d.Path)
	}
	want := []string{
		`dropped hidden body > main > div`,
		`dropped skip-marker body > main > div`,
		`dropped noscript body > main > noscript`,
		`chose main body > main`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("explanation:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(res.Explanation[0].Reason, "only markers") {
		t.Errorf("hidden subtree with an only marker: %q", res.Explanation[0].Reason)
	}
	if !strings.Contains(res.Markdown, "Kept for agents") || strings.Contains(res.Markdown, "Hidden details") {
		t.Errorf("explaining changed the result:\n%s", res.Markdown)
	}
}

func TestSelectorPath(t *testing.T) {
	page := `<body><div id="a" class="x y z"><section><div><div><div><div><p role="note" class="deep">t</p></div></div></div></div></section></div></body>`
	doc := parse([]byte(page))
	p := findFirst(doc, func(n *html.Node) bool { return getAttr(n, "class") == "deep" })
	if got, want := selectorPath(p), `body > … > div > div > div > div > p.deep[role="note"]`; got != want {
		t.Errorf("selectorPath = %q, want %q", got, want)
	}
	a := findFirst(doc, func(n *html.Node) bool { return getAttr(n, "id") == "a" })
	if got, want := selectorPath(a), "body > div#a.x.y"; got != want {
		t.Errorf("selectorPath = %q, want %q", got, want)
	}
}

func TestHintOf(t *testing.T) {
	tests := []struct {
		class string
		kind  hintKind
		word  string
	}{
		{"relatedPosts", hintStrong, "related"},
		{"post-share-buttons", hintStrong, "share"},
		{"shadow-lg rounded", hintNone, ""},
		{"header", hintNone, ""},
		{"ad-slot", hintStrong, "ad"},
		{"content-sidebar-wrap", hintContent, "content"},
		{"sidebar", hintWeak, "sidebar"},
		{"entry-content", hintContent, "content"},
		{"c-Comments__list", hintStrong, "comments"},
		{"aVeryLongGeneratedClassNameThatMeansNothingshare", hintNone, ""},
		{"learn-post__author-summary", hintStrong, "author box"},
		{"about-the-author", hintStrong, "author box"},
		{"post-author", hintContent, "post"},
		{"right-rail", hintWeak, "rail"},
		{"message-userExtras", hintStrong, "user details"},
		{"MessageCard__user-details", hintStrong, userDetailsWord},
		{"userBanner message-userBanner", hintStrong, "user details"},
		{"message-userDetails", hintStrong, userDetailsWord}, // kept for the name it holds
		{"post-signature flex--item", hintStrong, "signature"},
		{"user-content", hintContent, "content"},
		{"js-post-menu pt2", hintWeak, "menu"},
		{"product-item-actions", hintWeak, "actions"},
		{"ipsItemControls", hintWeak, "controls"},
		{"hero__cta", hintWeak, "cta"},
		{"hs-cta-wrapper", hintWeak, "cta"},
		{"post-menu entry-content", hintContent, "content"},
		{"post-content", hintContent, "content"},
		{"article-body", hintContent, "body"},
		{"menu-main-menu-1", hintWeak, "menu"},
		{"header-module--mainNav--5bcuZ", hintWeak, "nav"},
		{"nm-main-menu-ul", hintWeak, "menu"},
		{"post-2829", hintContent, "post"},
	}
	for _, tt := range tests {
		n := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "class", Val: tt.class}}}
		kind, word := hintOf(n)
		if kind != tt.kind || word != tt.word {
			t.Errorf("hintOf(%q) = %v %q, want %v %q", tt.class, kind, word, tt.kind, tt.word)
		}
	}
}

func TestNoscriptNotice(t *testing.T) {
	tests := []struct {
		html   string
		notice bool
	}{
		{`<noscript>Please enable JavaScript to view this site.</noscript>`, true},
		{`<noscript><img src="/pixel.gif" width="1" height="1"></noscript>`, true},
		{`<noscript><img src="/photo.jpg" alt="A red door"></noscript>`, false},
		// A lazy-loading image's fallback, beside the image the page shows:
		// the Markdown has the image once.
		{`<img src="data:image/gif;base64,R0lGOD" data-src="/photo.jpg" alt="A red door"><noscript><img src="/photo.jpg" alt="A red door"></noscript>`, true},
		{`<div><div class="media"><img src="/photo.jpg" alt="A red door"></div><noscript><div><img src="/photo.jpg" alt="A red door"></div></noscript></div>`, true},
		// The image beside it has no address the Markdown can use, is
		// hidden, or says something else: the fallback is the image.
		{`<img src="data:image/gif;base64,R0lGOD" alt="A red door"><noscript><img src="/photo.jpg" alt="A red door"></noscript>`, false},
		{`<img src="/photo.jpg" alt="A red door" hidden><noscript><img src="/photo.jpg" alt="A red door"></noscript>`, false},
		{`<img src="/photo.jpg" alt="A blue door"><noscript><img src="/photo.jpg" alt="A red door"></noscript>`, false},
		{`<noscript>&lt;iframe src="https://tracker.example"&gt;&lt;/iframe&gt;</noscript>`, true},
		{`<noscript><style>.a{display:none}` + strings.Repeat(".b{color:red}", 50) + `</style></noscript>`, true},
		{`<noscript><div class="post"><p>` + prose(3, "noscript") + `</p></div></noscript>`, false},
	}
	for _, tt := range tests {
		doc := parse([]byte("<body>" + tt.html + "</body>"))
		n := findFirst(doc, func(n *html.Node) bool { return n.Data == "noscript" })
		if n == nil {
			t.Fatalf("no noscript in %s", tt.html)
		}
		if got := isNoscriptNotice(n); got != tt.notice {
			t.Errorf("isNoscriptNotice(%s) = %v, want %v", tt.html, got, tt.notice)
		}
	}
}

// TestExtractAutoHostile: pages built to stress the scoring stage convert,
// keep their text, and explain themselves without trouble.
func TestExtractAutoHostile(t *testing.T) {
	deep := strings.Repeat(`<div class="share-wrap">`, 5000) + `<p>` + prose(2, "deep") + `</p>` + strings.Repeat(`</div>`, 5000)
	wide := `<div class="content">` + strings.Repeat(`<div class="comment"><p>`+prose(1, "wide")+`</p></div>`, 3000) + `</div>`
	longClass := `<div class="` + strings.Repeat("a", 1<<20) + `Share"><p>` + prose(2, "named") + `</p></div>`
	// Each link asks whether it is all its block says: a block of 20,000
	// of them and 60 KB of text must not be read 20,000 times.
	actions := `<div><p>` + strings.Repeat(prose(20, "long"), 3) + `</p>` + strings.Repeat(`<a href="/s">Sign up</a> `, 20000) + `</div>`
	bars := `<div><p>` + strings.Repeat(prose(20, "long"), 3) + `</p>` + strings.Repeat(`<p><span><a href="/a">A</a> | <a href="/b">B</a> | <a href="/c">C</a></span></p>`, 20000) + `</div>`
	// Nested blocks of links, each asking whether it holds a teaser, must
	// not each read all of the links under it.
	nested := `<div><p>` + strings.Repeat(prose(20, "long"), 10) + `</p>` + strings.Repeat(`<div>`, 400) + strings.Repeat(`<a href="/x">x</a> `, 20000) +
		`<a href="/c"><h3>Card</h3><p>Summary.</p></a>` + strings.Repeat(`</div>`, 400) + `</div>`
	// Each <noscript> image looks beside it for the image it is the
	// fallback of: 20,000 of them side by side must not each read all.
	var fallbacks strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&fallbacks, `<noscript><img src="/%d.jpg" alt="Photo %d"></noscript>`, i, i)
	}
	noscripts := `<div><p>` + strings.Repeat(prose(20, "long"), 3) + `</p>` + fallbacks.String() + `</div>`
	// Parts that repeat a part above are looked for in every container:
	// 500 nested ones, each holding its own paragraph, must not each be
	// read whole.
	var nestedParts strings.Builder
	for i := range 500 {
		fmt.Fprintf(&nestedParts, `<div><p>Part %d. %s</p>`, i, strings.Repeat(prose(1, "nested"), 20))
	}
	nestedParts.WriteString(strings.Repeat(`</div>`, 500))
	nestedPage := `<div><p>` + strings.Repeat(prose(20, "long"), 600) + `</p>` + nestedParts.String() + `</div>`
	// Each part asks whether its children are teasers, and each of those
	// looks for a linked title under it: parts named titles nested 500
	// deep must not each read all of the parts under them.
	titles := `<article><p>` + strings.Repeat(prose(20, "long"), 10) + `</p>` +
		strings.Repeat(strings.Repeat(`<div class="post-title">`, 500)+`<span>w</span>`+strings.Repeat(`</div>`, 500), 20) + `</article>`
	// Each hidden panel asks how much of its text is links: chains of
	// panels nested 500 deep must not each read all of the panels under
	// them.
	chain := strings.Repeat(`<div role="tabpanel" hidden><p>Folded answer.</p>`, 500) + strings.Repeat(`</div>`, 500)
	panels := `<div><p>` + strings.Repeat(prose(20, "long"), 3) + `</p>` + strings.Repeat(chain, 100) + `</div>`
	// A screen reader's note compares itself with the text right before
	// it: notes after parts holding a long text must not each read it.
	spoken := strings.Repeat(strings.Repeat(`<div><div>`, 300)+`<p>`+strings.Repeat(prose(1, "long"), 400)+`</p>`+
		strings.Repeat(`</div><span class="sr-only">Price</span></div>`, 300), 10)
	// Nor read spaces, which its characters do not count: notes nested
	// 300 deep over 4 MB of them.
	spokenSpaces := `<div><p>` + prose(3, "long") + `</p>` + strings.Repeat(`<div><div>`, 300) + `<b>1</b>` + strings.Repeat(" ", 4<<20) +
		strings.Repeat(`</div><span class="sr-only">Price</span></div>`, 300) + `</div>`
	// A long part under a strong name asks whether it says one thing over
	// and over: parts nested in such parts must not each read all of it.
	repeating := strings.Repeat(`<div class="share"><p>`+prose(2, "nested")+`</p>`, 300) + `<p>` + strings.Repeat(prose(1, "long"), 10000) + `</p>` + strings.Repeat(`</div>`, 300)
	// A widget asks whether the items beside its own hold a field like
	// it: thousands of items, each with a widget of a class of its own,
	// must not each read all the others.
	var cards strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&cards, `<div class="card"><h3>Item number %d of the grid</h3><div class="widget-%d">`+prose(1, "card")+`</div></div>`, i, i)
	}
	fields := `<div><p>` + prose(3, "grid") + `</p>` + cards.String() + `</div>`
	// Nor, with grids of such items side by side, each grid once per
	// widget; nor, with items each of a class of its own, all the items.
	var grids, unlike strings.Builder
	for g := range 10 {
		grids.WriteString(`<div class="grid">`)
		for i := range 1000 {
			fmt.Fprintf(&grids, `<div class="card"><h3>Item number %d of the grid</h3><div class="widget-%d-%d">`+prose(1, "card")+`</div></div>`, i, g, i)
		}
		grids.WriteString(`</div>`)
	}
	for i := range 10000 {
		fmt.Fprintf(&unlike, `<div class="card-%d"><h3>Item number %d of the grid</h3><div class="widget-%d">`+prose(1, "card")+`</div></div>`, i, i, i)
	}
	gridFields := `<div><p>` + prose(3, "grid") + `</p>` + grids.String() + `</div>`
	// The page's title, far from its content under an ancestor of
	// hundreds of thousands of children, is looked for once, not once
	// per child.
	farTitle := `<div>` + strings.Repeat(`<b></b>`, 700000) + strings.Repeat(`<div>`, 480) + `<h1>The far title</h1>` + strings.Repeat(`</div>`, 480) +
		strings.Repeat(`<div>`, 480) + `<article><p>` + prose(30, "title") + `</p></article>` + strings.Repeat(`</div>`, 480) + `</div>`
	// On a product's page, each element of a card may be its price, and
	// each card the product's: cards and prices nested 400 deep over
	// 4 MB of spaces (one character of text) must not each read them.
	spaces := strings.Repeat(" ", 4<<20)
	spacedPrices := `<meta property="og:type" content="product"><div><h1>Main</h1><p>` + prose(3, "product") + `</p>` +
		strings.Repeat(`<div>`, 400) + `<b>1</b>` + spaces + strings.Repeat(`</div>`, 400) + `</div>`
	spacedCards := `<meta property="og:type" content="product"><div><h1>Main</h1><p>` + prose(3, "product") + `</p>` +
		strings.Repeat(`<div>`, 400) + `<a href="/x">x</a><span>$1</span>` + spaces + strings.Repeat(`</div>`, 400) + `</div>`
	// Each short part's text is read for what it says (a copyright line,
	// a skip link): parts nested 400 deep, none the only child of the
	// other, over 4 MB of spaces (a few words of text) must not each read
	// them.
	spacedParts := `<div><p>` + prose(3, "long") + `</p>` + strings.Repeat(`<div><b></b>`, 400) + `Short line` + spaces + `ends here` +
		strings.Repeat(`</div>`, 400) + `</div>`
	// Nor, read whole, the elements under them: parts nested 480 deep
	// over 30,000 empty elements, a skip link at the bottom, must not
	// each read those of the parts inside them.
	overElements := `<div><p>` + prose(3, "long") + `</p>` + strings.Repeat(strings.Repeat(`<div><b></b>`, 480)+`Short line`+
		strings.Repeat(`<i></i>`, 30000)+` ends here <a href="#main">Skip to content</a>`+strings.Repeat(`</div>`, 480), 8) + `</div>`
	// Each short part named for navigation asks whether it is a sentence
	// with a link in it: parts nested 400 deep over 3 MB of spaces must
	// not each read them.
	navNotes := `<div><p>` + prose(10, "long") + `</p>` + strings.Repeat(`<div class="nav"><b></b>`, 400) + `<a href="/x">Read the</a> long note` +
		strings.Repeat(" ", 3<<20) + `here.` + strings.Repeat(`</div>`, 400) + `</div>`
	// On a product's page, each card of a list is compared with the
	// product's names, its <h1>s: thousands of each must not all be
	// compared.
	var named strings.Builder
	named.WriteString(`<meta property="og:type" content="product"><div><h1>Main</h1><p>` + prose(3, "product") + `</p><span>$5.00</span>`)
	for i := range 15000 {
		fmt.Fprintf(&named, "<h1>Name%dalpha word%dbeta</h1>", i, i)
	}
	named.WriteString("<ul>")
	for i := range 15000 {
		fmt.Fprintf(&named, `<li><a href="/p%d">Product %d of the grid</a><span>$%d.99</span></li>`, i, i, i)
	}
	named.WriteString("</ul></div>")
	unlikeFields := `<div><p>` + prose(3, "grid") + `</p><div>` + unlike.String() + `</div></div>`
	// Siblings of one element and two classes compare their texts:
	// pairs nested 300 deep must not each read all of the text under
	// them.
	variants := strings.Repeat(`<div class="v-lg"><p>`+prose(2, "variant")+`</p>`, 300) + `<p>` + strings.Repeat(prose(1, "long"), 1000) + `</p>` +
		strings.Repeat(`</div><div class="v-sm"><p>`+prose(2, "variant")+`</p></div>`, 300)
	// Each icon asks whether it is alone in a table cell: 40,000 of them
	// in one part, or in one cell, must not each read all the others.
	icons := strings.Repeat(`<img role="presentation" src="/i.png">`, 40000)
	iconPage := `<div><p>` + prose(3, "icons") + `</p><div>` + icons + `</div><table><tr><td>` + icons + `</td></tr></table></div>`
	// Each link to a fragment asks whether it is all its block says:
	// 40,000 in one block must not each read all of it.
	backLinks := `<div><p>` + prose(3, "back") + `</p><p>` + strings.Repeat(`<a href="#top">Back to top</a> `, 40000) + `</p></div>`
	// On a product's page, each heading saying "Disclaimer" climbs to the
	// part it heads: thousands of them in a parent of 200,000 empty
	// elements must not each read those.
	disclaimers := `<meta property="og:type" content="product"><div><h1>Main</h1><div><div>` + strings.Repeat(`<i></i>`, 200000) +
		strings.Repeat(`<h2>Disclaimer</h2><p>`+prose(1, "shop")+`</p>`, 5000) + `</div>` + strings.Repeat(`<p>`+prose(2, "long")+`</p>`, 15000) + `</div></div>`
	// Each short link asks whether text is beside it: links each opening
	// a span of a line nested 500 deep must not each copy the rest of it.
	lineLinks := `<div><p>` + prose(3, "long") + `</p><p>` + strings.Repeat(`<span><a href="/x">A link of the line</a>`, 500) +
		strings.Repeat("Plain words of the line. ", 40000) + strings.Repeat(`</span>`, 500) + `</p></div>`
	// Each picture asks whether the block beside its own says its alt
	// text: 100,000 pictures of one gallery beside a paragraph must not
	// each read the paragraph.
	gallery := `<div><p>` + prose(10, "gallery") + `</p><div>` + strings.Repeat(`<img src="/g.jpg" alt="Careful paragraphs">`, 100000) +
		`<img src="/o.jpg" alt="Sunset over the harbour"></div></div>`
	for name, page := range map[string]string{"gallery beside a paragraph": gallery, "disclaimers": disclaimers, "links opening a nested line": lineLinks, "icons": iconPage, "back links": backLinks, "short parts over spaces": spacedParts, "short parts over elements": overElements, "navigation notes over spaces": navNotes, "prices over spaces": spacedPrices, "cards over spaces": spacedCards, "far title": farTitle, "product names": named.String(), "widget fields": fields, "widget fields in grids": gridFields, "widget fields of unlike items": unlikeFields, "variants": variants, "parts in parts": repeating, "screen reader notes": spoken, "screen reader notes over spaces": spokenSpaces, "nested panels": panels, "nested titles": titles, "nested parts": nestedPage, "noscript fallbacks": noscripts, "deep": deep, "wide": wide, "long class": longClass, "calls to action": actions, "link bars": bars, "nested link blocks": nested} {
		t.Run(name, func(t *testing.T) {
			res, err := Convert([]byte("<body>"+page+"</body>"), Options{Explain: true})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Markdown, "study, part") {
				t.Errorf("text lost: %.300s", res.Markdown)
			}
			if name == "far title" && !strings.Contains(res.Markdown, "# The far title") {
				t.Errorf("title lost: %.300s", res.Markdown)
			}
			if name == "short parts over spaces" && !strings.Contains(res.Markdown, "Short line ends here") {
				t.Errorf("short line lost: %.300s", res.Markdown)
			}
			if name == "short parts over elements" && (!strings.Contains(res.Markdown, "Short line ends here") || strings.Contains(res.Markdown, "Skip")) {
				t.Errorf("short line lost, or skip link kept: %.300s", res.Markdown)
			}
			if name == "gallery beside a paragraph" && (strings.Contains(res.Markdown, "![Careful") || !strings.Contains(res.Markdown, "![Sunset over the harbour]")) {
				t.Errorf("alt text the paragraph says kept, or one of its own lost: %.300s", res.Markdown)
			}
			if len(res.Explanation) == 0 {
				t.Error("no explanation")
			}
		})
	}
}

// TestPartTexts checks that partTexts reads each element as
// collapsedText and textsUpTo do: the same text, whole when they read it
// whole.
func TestPartTexts(t *testing.T) {
	pages := []string{
		`<div> <p>One <b>Two</b>three </p>  <p> </p><span>  Four</span><i></i>five<!-- c --> </div>`,
		"<div>\t<span> </span><span></span>A<span> B </span><span>C</span> <em>\u00a0</em>D\n</div>",
		`<ul><li>ÉCOLE <a href="#x">Skip to Content</a></li><li> <span> <b> Σίσυφος </b> </span> </li></ul>`,
		`<div><p>` + strings.Repeat(`<i></i>`, boilerplateTextReads/2-1) + `Near the limit</p><p>` + strings.Repeat(`<i></i>`, boilerplateTextReads/2) + `Past it</p></div>`,
		`<div><p>x` + strings.Repeat(" ", boilerplateTextReads) + `y</p><p>z` + strings.Repeat(" ", boilerplateTextReads-3) + `</p></div>`,
		strings.Repeat(`<div><b></b>Part `, 30) + strings.Repeat(`<i></i>`, boilerplateTextReads/40) + strings.Repeat(` end</div>`, 30),
		"<p>\u2003Read\u00a0<a>the</a>note<b>,\u3000now</b> <i></i>here.\u2003<span>\n</span></p><p>a<b>b</b>c <i>d e f g h i j k</i>l</p><p><!-- c --></p>",
		`<div>` + strings.Repeat(`<div><b></b>a `, 20) + strings.Repeat("&nbsp;", boilerplateTextReads/4) + ` end.` + strings.Repeat(`</div>`, 20) + `</div>`,
		`<div><ul><li>Piccolo</li><li>Espresso</li><li><b>Mac</b>chiato</li></ul>Cup<div></div>glass<span><p></p></span>set<p> </p>.</div>`,
		`<p>A<span><div>B</div></span>C<i><p></p></i></p><div><span></span><h2>D</h2></div>`,
	}
	for _, page := range pages {
		body := findBody(parse([]byte("<body>" + page + "</body>")))
		m := partTexts{}
		walk(body, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return true
			}
			got := m.of(n)
			text, whole := collapsedText(n, true, 0), textsUpTo(n, boilerplateTextReads, func(string) {})
			if got.reads <= boilerplateTextReads != whole || whole && got.text != text {
				t.Errorf("%s: partTexts gives %q (%d), collapsedText %q (whole %v)", selectorPath(n), got.text, got.reads, text, whole)
			}
			raw := strings.TrimSpace(textContent(n))
			last, _ := utf8.DecodeLastRuneInString(raw)
			if raw == "" {
				last = 0
			}
			if words := len(strings.Fields(raw)); got.last != last || min(words, maxWords+1) != min(got.words, maxWords+1) {
				t.Errorf("%s: partTexts gives %d words ending %q, the text %d ending %q", selectorPath(n), got.words, got.last, words, last)
			}
			return true
		})
	}
}

// TestForgetMatchesMeasure checks that the statistics forget brings up to
// date after the boilerplate goes are those measuring the page again
// gives, to the last bit of every score.
func TestForgetMatchesMeasure(t *testing.T) {
	page := `<body><div class="content"><h1>Title</h1><p>` + prose(3, "kept") + `</p>` +
		`<div class="share">Share <a href="/t">Tweet</a></div><ul><li><a href="/a">One</a></li><li class="ad">Buy now</li></ul>` +
		`<form><div class="comments"><p>` + prose(1, "comment") + `</p></div></form>` +
		`<p>© 2024 Someone</p><div><span class="sponsored">only this</span></div></div></body>`
	doc := parse([]byte(page))
	body := findBody(doc)
	s := measure(body)
	rm := &remover{}
	if !removeBoilerplate(body, s, rm, false) {
		t.Fatal("nothing removed")
	}
	s.forget(body, rm.done)
	want := measure(body)
	walk(body, func(n *html.Node) bool {
		got, ok := s.stats[n]
		if w, wok := want.stats[n]; ok != wok || got != w {
			t.Errorf("%s: forget gives %+v (%v), measure %+v (%v)", selectorPath(n), got, ok, w, wok)
		}
		return true
	})
}

// TestExtractScreenCopies: a part a class shows on small screens only
// (the phone's copy of a summary, its words in another order) goes when
// the rest of the content says its words; one that says something of its
// own stays, and so do parts whose classes only look alike: a style for
// phones ("marginAlignment__Mobile", "is-full-mobile", "is-6-mobile"), a
// modifier ("is-pricing-section-mobile") or a phone field.
func TestExtractScreenCopies(t *testing.T) {
	summary := `<p>Hand-blown glass cup, 4oz.</p><ul><li>Espresso</li><li>Macchiato</li><li>Piccolo</li></ul>`
	phone := `<ul><li>Piccolo</li><li>Espresso</li><li>Macchiato</li></ul><p>Hand-blown glass cup, 4oz, made for</p>`
	page := `<body><div class="nav-bar"><a href="/">Home</a></div><div class="shop"><h1>Glass cup</h1>` +
		`<div class="summary hidden-sm hidden-xs">` + summary + `</div>` +
		`<div class="summary-mobile col-xs-12 vc_hidden-lg">` + phone + `</div>` +
		`<div class="lg:hidden"><p>Tap to call the shop before noon.</p></div>` +
		`<div class="max-lg:overflow-hidden"><p>Piccolo, espresso: a hand-blown cup.</p></div>` +
		`<div class="visible-sm visible-lg"><p>Macchiato, piccolo: a 4oz glass cup.</p></div>` +
		`<div class="badges-mobile"><p>Espresso, piccolo, macchiato cup.</p></div>` +
		`<div class="pane hideDesktop"><p>Glass cup, piccolo, hand-blown 4oz.</p></div>` +
		`<div class="cols collapsePhone"><p>Piccolo glass, the espresso cup.</p></div>` +
		`<div class="hide-mobile"><p>Espresso or piccolo, one glass cup.</p></div>` +
		`<div class="cols columns__stack-mobile"><p>Espresso, macchiato: glass cup stacked.</p></div>` +
		`<div class="fw-medium m:hidden"><p>Macchiato glass, piccolo cup.</p></div>` +
		`<div class="print:hidden"><p>Piccolo cup, glass espresso.</p></div>` +
		`<div class="panel marginAlignment__Mobile"><p>Espresso glass: piccolo, macchiato.</p></div>` +
		`<div class="column is-full-mobile"><p>Cup of glass: espresso, piccolo.</p></div>` +
		`<div class="column is-6-mobile"><p>Glass for espresso, cup for piccolo.</p></div>` +
		`<div class="padding-global is-pricing-section-mobile"><p>Piccolo plan: espresso glass cup.</p></div>` +
		`<div class="gfield gfield--type-phone"><p>Phone: glass cup, espresso, piccolo.</p></div>` +
		`<p>` + prose(4, "glass") + `</p></div></body>`
	for _, mode := range []ExtractMode{ExtractAuto, ExtractScore} {
		res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: mode})
		if err != nil {
			t.Fatal(err)
		}
		checkSnippets(t, res.Markdown,
			[]string{"Hand-blown glass cup, 4oz.", "Tap to call", "a hand-blown cup", "a 4oz glass cup", "one glass cup", "the espresso cup", "glass cup stacked", "glass espresso",
				"Espresso glass: piccolo", "Cup of glass", "Glass for espresso", "Phone: glass cup", "Piccolo plan"},
			[]string{"4oz, made for", "macchiato cup", "hand-blown 4oz", "Macchiato glass"})
		if got := strings.Count(res.Markdown, "- Piccolo"); got != 1 {
			t.Errorf("mode %v: the list %d times, want once, in:\n%s", mode, got, res.Markdown)
		}
	}
}

// TestExtractHiddenCopies: a part whose class is the bare word "hidden"
// and whose words the rest of the content says (a thread's first post,
// copied above the posts for a script) goes, even when it was added back
// beside the content; a hidden part saying something of its own (a
// folded panel), a "hidden md:block" part (a wide screen's) and hidden
// code (a live example's source) stay. A copy for small screens beside the
// content is not written either. A hidden part of nothing but labels for
// screen readers ("Unit price", "per", around an empty price) goes.
func TestExtractHiddenCopies(t *testing.T) {
	first := `<p>` + prose(2, "lantern") + `</p>`
	post := func(who, text string) string {
		return `<article class="post"><div class="author">` + who + `</div><div class="body">` + text + `</div></article>`
	}
	page := `<body><div class="nav-bar"><a href="/">Home</a></div><div class="thread">` +
		`<div class="hidden">` + first + `</div>` +
		`<div class="d-lg-none"><p>` + prose(1, "lantern") + `</p></div>` +
		`<div class="posts">` + post("ann", first) + post("bo", `<p>`+prose(2, "candle")+`</p>`) +
		post("cy", `<p>`+prose(2, "torch")+`</p><div class="hidden"><p>Spoiler: the torch study was run twice, in winter.</p></div>`) +
		post("di", `<p>`+prose(2, "wick")+`</p><div class="hidden md:block"><p>The wick study, part a, found that readers remember.</p></div>`+
			`<pre class="brush: css hidden">the wick study part a found</pre>`) +
		post("ed", `<p>`+prose(2, "flame")+`</p><p>Price: $12.00</p><small class="unit-price hidden"><span class="visually-hidden">Unit price</span>`+
			`<span><span></span><span aria-hidden="true">/</span><span class="visually-hidden">per</span><span></span></span></small>`) +
		`</div></div></body>`
	for _, mode := range []ExtractMode{ExtractAuto, ExtractScore} {
		res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: mode})
		if err != nil {
			t.Fatal(err)
		}
		checkSnippets(t, res.Markdown, []string{"The candle study", "Spoiler: the torch study", "part a, found that readers remember.", "the wick study part a found", "The flame study", "Price: $12.00"}, []string{"Unit price"})
		if got := strings.Count(res.Markdown, "The lantern study, part a"); got != 1 {
			t.Errorf("mode %v: the first post %d times, want once, in:\n%s", mode, got, res.Markdown)
		}
	}
}

// TestPruneMeetsMainMarkers checks what lets extractScored skip the search
// for main markers: on a page where the search finds one after pruning,
// prune reports that it met one (every page of testdata/markers, markers
// inside only markers and hidden subtrees, on <html> and <body>).
func TestPruneMeetsMainMarkers(t *testing.T) {
	pages := []string{
		`<p>plain</p>`,
		`<html data-affordances-md="main"><body><p>x</p></body></html>`,
		`<body DATA-AFFORDANCES-MD=" Main "><p>x</p></body>`,
		`<div hidden><affordances-md mode="only"><div data-affordances-md="main">x</div></affordances-md></div>`,
		`<div hidden><div data-affordances-md="main">x</div></div><p>y</p>`,
		`<affordances-md mode="main"><p>x</p></affordances-md>`,
	}
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "markers", "*.html"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no pages in testdata/markers (%v)", err)
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, string(src))
	}
	found := 0
	for _, page := range pages {
		doc := parse([]byte(page))
		met := prune(doc)
		if mains := mainMarkers(findBody(doc)); len(mains) > 0 {
			found++
			if !met {
				t.Errorf("%.80q: the search finds main markers, but prune met none", page)
			}
		}
	}
	if found == 0 {
		t.Error("no page with main markers: the check checked nothing")
	}
}

// A snippetCount is how many times a snippet is written.
type snippetCount struct {
	s    string
	want int
}

// checkCountsInModes converts page in auto and score mode and checks
// counts in each Markdown (checkCounts).
func checkCountsInModes(t *testing.T, page string, counts []snippetCount) {
	t.Helper()
	for _, mode := range []ExtractMode{ExtractAuto, ExtractScore} {
		res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: mode})
		if err != nil {
			t.Fatal(err)
		}
		checkCounts(t, fmt.Sprintf("mode %v", mode), res.Markdown, counts)
	}
}

// checkCounts checks that markdown writes each snippet as many times as
// its count says; label names the run in errors.
func checkCounts(t *testing.T, label, markdown string, counts []snippetCount) {
	t.Helper()
	for _, c := range counts {
		if got := strings.Count(markdown, c.s); got != c.want {
			t.Errorf("%s: %q %d times, want %d, in:\n%s", label, c.s, got, c.want, markdown)
		}
	}
}

// TestExtractHiddenMain: a <main> that shows next to nothing, all of its
// content in a part hidden until a script reveals it (a store behind a
// lockdown app), is shown; a hidden part beside a <main> that shows its
// content, or outside the <main>, or a hidden dialog, stays hidden.
func TestExtractHiddenMain(t *testing.T) {
	shop := `<body><header><a href="/">Shop</a></header><main role="main"><div class="notice" style="display:none">Enter the password</div>` +
		`<div class="lockdown-content" style="display:none"><h1>Coffee</h1><p>` + prose(20, "roast") + `</p></div></main>` +
		`<div class="drawer" style="display:none"><p>` + prose(20, "cart") + `</p></div></body>`
	checkCountsInModes(t, shop, []snippetCount{
		{"# Coffee", 1},
		{"The roast study, part a", 1},
		{"The cart study", 0},
		{"Enter the password", 0},
	})
	article := `<body><main><h1>Readers</h1><p>` + prose(6, "reading") + `</p>` +
		`<div class="panel" style="display:none"><p>` + prose(20, "panel") + `</p></div></main></body>`
	checkCountsInModes(t, article, []snippetCount{
		{"The reading study, part a", 1},
		{"The panel study", 0},
	})
	dialog := `<body><main><div role="dialog" style="display:none"><p>` + prose(20, "dialog") + `</p></div></main>` +
		`<div class="story"><h1>Readers</h1><p>` + prose(6, "reading") + `</p></div></body>`
	checkCountsInModes(t, dialog, []snippetCount{
		{"The reading study, part a", 1},
		{"The dialog study", 0},
	})
}

// TestExtractHiddenBody: a page without a <main> whose body shows only its
// header's links, its product in a wrapper hidden until a script reveals
// it, shows the wrapper; a larger hidden part named a footer stays hidden,
// and so does a hidden part of a body that shows its content.
func TestExtractHiddenBody(t *testing.T) {
	shop := `<body><div class="top"><a href="/a">Supplements</a> <a href="/b">Grocery</a> <a href="/c">Sign in</a></div>` +
		`<div class="product-wrapper defer-block" style="display:none"><h1>Almond thins</h1><p>` + prose(20, "almond") + `</p></div>` +
		`<div id="hide-footer" style="display:none"><p>` + prose(40, "footer") + `</p></div></body>`
	checkCountsInModes(t, shop, []snippetCount{
		{"# Almond thins", 1},
		{"The almond study, part a", 1},
		{"The footer study", 0},
	})
	article := `<body><div class="story"><h1>Readers</h1><p>` + prose(6, "reading") + `</p></div>` +
		`<div class="panel" style="display:none"><p>` + prose(20, "panel") + `</p></div></body>`
	checkCountsInModes(t, article, []snippetCount{
		{"The reading study, part a", 1},
		{"The panel study", 0},
	})
}

// TestExtractFileNameAlts: an image whose alt text is a file's name, with
// its extension or as a slug (a forum's attachment nobody described), is
// written without it, still a picture; an alt text describing the picture
// stays, even one that ends a sentence with a dot or names a format, and
// so does a word with one hyphen.
func TestExtractFileNameAlts(t *testing.T) {
	page := `<body><article><h1>Kettles</h1><p>` + prose(4, "kettle") + `</p>` +
		`<p><img src="/up/IMG_2876.jpeg" alt="IMG_2876.jpeg"></p><p>` + prose(2, "steam") + `</p>` +
		`<p><img src="/up/shot.png" alt="Screen Shot 2022-07-10 at 8.11.16 AM.PNG"> <img src="/up/3" alt="98A6BAD0-D867-451F-AB8A.PNG"></p>` +
		`<p><img src="/up/k.jpg" alt="Copper kettle on the stove"> <img src="/up/d.jpg" alt="Harbour at dusk."> <img src="/up/c.jpg" alt="Chart saved as png"></p>` +
		`<p><img src="/up/r.jpg" alt="kettle-buying-guide-hero"> <img src="/up/s.png" alt="review_star"> <img src="/up/t.jpg" alt="T-shirt"></p></article></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"![](/up/IMG_2876.jpeg)", 1},
		{"![](/up/shot.png) ![](/up/3)", 1},
		{"Screen Shot", 0},
		{"98A6BAD0", 0},
		{"![Copper kettle on the stove](/up/k.jpg)", 1},
		{"![Harbour at dusk.](/up/d.jpg)", 1},
		{"![Chart saved as png](/up/c.jpg)", 1},
		{"![](/up/r.jpg)", 1},
		{"![](/up/s.png)", 1},
		{"![T-shirt](/up/t.jpg)", 1},
	})
}

// TestExtractLogoAlts: an image whose alt text names it a logo, "logo"
// its first or last word, is written without it; a longer alt text that
// speaks of a logo describes a picture and stays.
func TestExtractLogoAlts(t *testing.T) {
	page := `<body><article><h1>Kettles</h1><p>` + prose(4, "kettle") + `</p>` +
		`<p><img src="/l/acme.svg" alt="Acme Review Logo"> <img src="/l/us.png" alt="Logo for U.S. News &amp; World Report"></p><p>` + prose(2, "steam") + `</p>` +
		`<p><img src="/p/d.jpg" alt="Our designer sketching a new logo for a coffee shop on a large tablet by the window"></p></article></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"![](/l/acme.svg)", 1},
		{"![](/l/us.png)", 1},
		{"World Report", 0},
		{"![Our designer sketching a new logo", 1},
	})
}

// TestExtractSceneAlts: an image whose alt text describes the scene it
// shows, a sentence opening with an article, a count or the kind of
// picture, is written without it; a title ("A Tale of Two Cities"), a
// short alt text, one of another opening, a chart's or a diagram's, and a
// picture that is all its link says keep it.
func TestExtractSceneAlts(t *testing.T) {
	tests := []struct {
		name, img, want string
		keep            bool
	}{
		{"stock photo", `<img src="/s/1.jpg" alt="Two professionals smiling at a laptop in a modern office.">`, "smiling at a laptop", false},
		{"article", `<img src="/s/2.jpg" alt="A woman in a wheelchair sips coffee while looking at screens">`, "wheelchair sips", false},
		{"screenshot", `<img src="/s/3.png" alt="Screenshot of a web design interface showing a museum website">`, "museum website", false},
		{"drawing", `<img src="/s/4.svg" alt="Line drawing illustration of a code editor with HTML tags">`, "code editor with", false},
		{"no article", `<img src="/s/10.jpg" alt="Woman touches her face while looking in the mirror.">`, "looking in the mirror", false},
		{"seen from", `<img src="/s/11.jpg" alt="Aerial view of illuminated road interchange at night">`, "road interchange", false},
		{"scene verb", `<img src="/s/12.jpg" alt="Todoist app interface showing daily tasks and projects">`, "daily tasks and", false},
		{"verb in a title", `<img src="/s/13.jpg" alt="Team Working On an Interesting Project">`, "Interesting Project", true},
		{"brand inside", `<img src="/s/5.jpg" alt="A Acer Chromebook Plus 514 opened to display a screensaver.">`, "display a screensaver", false},
		{"title", `<img src="/s/6.jpg" alt="A Tale of Two Cities">`, "A Tale of Two Cities", true},
		{"short", `<img src="/s/7.jpg" alt="A red kettle">`, "A red kettle", true},
		{"other opening", `<img src="/s/8.jpg" alt="Our team at the annual summit in Lisbon">`, "annual summit in Lisbon", true},
		{"chart", `<img src="/s/14.png" alt="A bar chart of monthly active users by country">`, "monthly active users by country", true},
		{"diagram", `<img src="/s/15.png" alt="Screenshot of the deployment diagram showing three regions">`, "deployment diagram showing", true},
		{"link label", `<a href="/team"><img src="/s/9.jpg" alt="A group of people around a table"></a>`, "people around a table", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			page := `<body><article><h1>Kettles</h1><p>` + prose(4, "kettle") + `</p><p>` + tc.img + `</p><p>` + prose(2, "steam") + `</p></article></body>`
			n := 0
			if tc.keep {
				n = 1
			}
			checkCountsInModes(t, page, []snippetCount{{tc.want, n}})
		})
	}
}

// TestExtractFarHeadingAlts: an image whose alt text of three words or
// more says the content's <h1>, whole or in part, however far from it, is
// written without it; one saying a word of its own, or a section's heading
// far from it, stays.
func TestExtractFarHeadingAlts(t *testing.T) {
	page := `<body><article><h1>Quiet Kettles for Night Owls</h1><p>` + prose(3, "kettle") + `</p>` +
		`<p><img src="/k/hero.jpg" alt="Quiet kettles for night owls"></p><p>` + prose(2, "steam") + `</p>` +
		`<p><img src="/k/part.jpg" alt="Kettles for owls"></p><p>` + prose(2, "boil") + `</p>` +
		`<h2>The Copper Overview</h2><p>` + prose(1, "list") + `</p><p><img src="/k/o.jpg" alt="The copper overview"> <img src="/k/c.jpg" alt="Quiet kettles for night owls on a stove"></p></article></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"![](/k/hero.jpg)", 1},
		{"![](/k/part.jpg)", 1},
		{"![The copper overview](/k/o.jpg)", 1},
		{"![Quiet kettles for night owls on a stove](/k/c.jpg)", 1},
	})
}

// TestExtractTitleAlts: an image whose alt text of three words or more
// says nothing but words of the page's title is written without it; a
// shorter one, or one with a word of its own, stays.
func TestExtractTitleAlts(t *testing.T) {
	page := `<html><head><title>Copper kettles reviewed: the quiet ones</title></head><body><article><h1>Kettles</h1><p>` + prose(3, "kettle") + `</p>` +
		`<p><img src="/k/hero.jpg" alt="Copper Kettles, Reviewed"></p><p>` + prose(2, "steam") + `</p>` +
		`<p><img src="/k/q.jpg" alt="The quiet copper kettles"></p><p>` + prose(2, "boil") + `</p>` +
		`<p><img src="/k/s.jpg" alt="Quiet copper kettles on a stove"></p><p>` + prose(2, "pour") + `</p>` +
		`<p><img src="/k/c.jpg" alt="Copper kettles"></p></article></body></html>`
	checkCountsInModes(t, page, []snippetCount{
		{"![](/k/hero.jpg)", 1},
		{"![](/k/q.jpg)", 1},
		{"![Quiet copper kettles on a stove](/k/s.jpg)", 1},
		{"![Copper kettles](/k/c.jpg)", 1},
	})
}

// TestExtractLinkedAlts: a thumbnail, an image inside a link that words
// name (its own, or another link's to the same address: a card's title;
// or, for a link without text, its title attribute),
// is written without its alt text, which describes the photo; a picture
// that is all its link says (a category's tile), one linking to its own
// file, and one whose letters the title runs together keep it. So is the
// picture, in no link, of a card whose heading is a link or in one, or
// whose wrapper says nothing but a link's words (a title stretched over the
// picture); a card whose heading links nowhere keeps it, and so does a
// picture beside words that are not all one link's, or in a line with the
// link.
func TestExtractLinkedAlts(t *testing.T) {
	page := `<body><main><h1>Dinner recipes</h1><p>` + prose(4, "dinner") + `</p><ul>` +
		`<li><a href="/soups"><img src="/s.jpg" alt="A bowl of broccoli soup garnished with shredded cheddar"> Ten copycat soups</a></li>` +
		`<li><a href="/stew"><img src="/t.jpg" alt="An overhead view of a bowl of hearty beef stew"></a> <a href="/stew">Cozy stews for a snow day</a></li>` +
		`<li><a href="/tacos"><img src="/c.jpg" alt="Taco night"></a></li>` +
		`<li><a href="/big.jpg"><img src="/b.jpg" alt="Kettle of chili on the stove"></a> <a href="/big.jpg">Zoom</a></li>` +
		`<li><a href="/kayak"><img src="/k.jpg" alt="Eddyline Sitka 145 Kayak 0"></a> <a href="/kayak"><span>Eddyline</span><span>Sitka 145 Kayak</span></a></li>` +
		`<li><div class="card"><figure><img src="/g.jpg" alt="Two figures moving among green and translucent blocks"></figure><h2><a href="/guide">A practical guide to pull requests</a></h2><p>From idea to review.</p></div></li>` +
		`<li><div class="card"><img src="/h.jpg" alt="Harbour at dusk"><h2>Harbour evenings</h2><p>` + prose(1, "harbour") + `</p></div></li>` +
		`<li><div class="card"><a href="/market"><h2>The market moves indoors</h2></a><div><img src="/m.jpg" alt="Stalls in the old fish hall"></div></div></li>` +
		`<li><a href="/audit" title="Accounting and auditing"><img src="/a.png" alt="A student and a teacher going over paperwork"></a><h4>Accounting and auditing</h4></li>` +
		`<li><div class="card__media"><a href="/roast" class="media_link">Dark roast</a><div class="media"><img src="/r.jpg" alt="Dark roast ground coffee, 16 oz bag"></div></div><p>$19.99</p></li>` +
		`<li><p><a href="/menu">The menu</a> <img src="/q.jpg" alt="Chalkboard of the day's dishes"></p></li>` +
		`<li><div class="card__media"><a href="/pods">Pods</a> and <a href="/cups">cups</a><div class="media"><img src="/p.jpg" alt="Single-serve pods, box of ten"></div></div></li>` +
		`</ul></main></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"![](/s.jpg) Ten copycat soups", 1},
		{"![](/t.jpg)", 1},
		{"![Taco night](/c.jpg)", 1},
		{"![Kettle of chili on the stove](/b.jpg)", 1},
		{"![Eddyline Sitka 145 Kayak 0](/k.jpg)", 1},
		{"![](/g.jpg)", 1},
		{"![Harbour at dusk](/h.jpg)", 1},
		{"![](/m.jpg)", 1},
		{"[![](/a.png)](/audit \"Accounting and auditing\")", 1},
		{"![](/r.jpg)", 1},
		{"![Single-serve pods, box of ten](/p.jpg)", 1},
		{"![Chalkboard of the day's dishes](/q.jpg)", 1},
	})
}

// TestExtractEchoAltInlineRun: an image among the inline content of the
// content's root, or of a block that also holds blocks, is judged by that
// run of inline content, the paragraph the Markdown writes it in, as it is
// once that paragraph is a <p>: a card's picture and its title beside a
// long paragraph, or an image beside its own words at the root.
func TestExtractEchoAltInlineRun(t *testing.T) {
	card := `<img src="/k.jpg" alt="Copper kettle"> <b>Copper kettle</b>, 40 dollars`
	checkCountsInModes(t, `<body><main><h1>Kettles</h1><div><p>`+prose(8, "kettle")+`</p>`+card+`</div></main></body>`, []snippetCount{
		{"![](/k.jpg) **Copper kettle**", 1},
		{"Copper kettle", 1},
	})
	checkCountsInModes(t, `<body><main><h1>Kettles</h1><div><p>`+prose(8, "kettle")+`</p><p>`+card+`</p></div></main></body>`, []snippetCount{
		{"![](/k.jpg) **Copper kettle**", 1},
		{"Copper kettle", 1},
	})
	checkCountsInModes(t, `<img src="/k.jpg" alt="Kettle">Kettle`, []snippetCount{
		{"![](/k.jpg)Kettle", 1},
	})
	// Text right in a list is an item of its own, as the Markdown writes
	// it: "Red" beside the picture is a word of the list, not of "RedBlue".
	checkCountsInModes(t, `<body><ul>Red<img src="/r.jpg" alt="Red">Blue</ul></body>`, []snippetCount{
		{"![](/r.jpg)", 1},
		{"Red", 1},
	})
}

// TestExtractTabCopies: tab panels are alternatives, so one saying word
// for word what another says is a copy, even a single paragraph; panels
// saying something of their own stay.
func TestExtractTabCopies(t *testing.T) {
	page := `<body><div class="story"><h1>Readers</h1><p>` + prose(6, "reading") + `</p><div role="tablist"><button role="tab">Draw</button><button role="tab">Build</button><button role="tab">Plan</button><button role="tab">Ship</button></div>` +
		strings.Repeat(`<div role="tabpanel" class="panel"><p>Prompt to code anything you can imagine.</p></div>`, 3) +
		`<div role="tabpanel" class="panel"><p>Ship each build the day it passes review.</p></div></div></body>`
	res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: ExtractScore})
	if err != nil {
		t.Fatal(err)
	}
	checkSnippets(t, res.Markdown, []string{"Readers", "Ship each build"}, nil)
	if got := strings.Count(res.Markdown, "Prompt to code anything"); got != 1 {
		t.Errorf("the panel's text %d times, want once, in:\n%s", got, res.Markdown)
	}
}

// TestExtractMixedLinkBlock: a large block near the link share that makes
// a block of links (a column of link lists beside a paragraph) is judged
// by its parts: its links go, its paragraph stays; a large block of
// nothing but links still goes whole.
func TestExtractMixedLinkBlock(t *testing.T) {
	var links, more strings.Builder
	for i := range 10 {
		fmt.Fprintf(&links, `<a href="/guides/%d">Guide to the harbour walks, part %d</a> `, i, i)
		fmt.Fprintf(&more, `<a href="/tours/%d">Tour of the old lighthouse, stop %d</a> `, i, i)
	}
	page := `<body><div class="story"><h1>Harbour</h1><p>` + prose(20, "harbour") + `</p>` +
		`<div class="col"><p>The harbour office opens at nine and lends maps to walkers; ask at the desk for the tide tables and the ferry times before you set out, and leave word of your route.</p>` +
		`<div class="guides">` + links.String() + `</div></div>` +
		`<div class="tours">` + more.String() + `</div></div></body>`
	for _, mode := range []ExtractMode{ExtractAuto, ExtractScore} {
		res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: mode})
		if err != nil {
			t.Fatal(err)
		}
		checkSnippets(t, res.Markdown, []string{"The harbour office opens at nine", "The harbour study"},
			[]string{"Guide to the harbour walks", "Tour of the old lighthouse"})
	}
}

// TestExtractFaintProseAfter: a short block after the content that is
// prose only narrowly (a few commas) is not added back: after an article
// it is most often a sign-up box; the same block before it (an intro)
// is, and so is the thread's next post, of the post's own element and
// class.
func TestExtractFaintProseAfter(t *testing.T) {
	note := func(topic string) string {
		return `<p>Get our weekly letter of ` + topic + ` news, tide tables and walks, free to your inbox.</p>`
	}
	pages := []struct{ html, in, out string }{
		{
			html: `<body><div class="page"><div class="intro">` + note("harbour") + `</div><div class="story"><h1>Harbour</h1><p>` + prose(8, "harbour") + `</p></div>` +
				`<div class="box">` + note("ferry") + `</div></div></body>`,
			in: "weekly letter of harbour news", out: "ferry news",
		},
		{
			html: `<body><div class="thread"><div class="post"><div class="body"><p>` + prose(8, "mooring") + `</p></div><div class="meta">Posted by Ann</div></div>` +
				`<div class="post">` + note("mooring") + `</div></div></body>`,
			in: "weekly letter of mooring news",
		},
		{
			// A long block after the article needs the marks of sentences
			// (1.25 a character), not the few of a mission statement.
			html: `<body><div class="page"><div class="story"><h1>Harbour</h1><p>` + prose(30, "harbour") + `</p></div>` +
				`<div class="box"><div>Harbour Weekly  A calmer coast starts with Harbour Weekly and our small team is here to bring you the latest tide tables, ferry times, walking routes, lighthouse tours and harbour history from the people who know the coast best. Every story we publish is checked by our editors and written for readers who love the sea, the boats and the towns along it, old and new.</div></div></div></body>`,
			in: "harbour study, part a", out: "A calmer coast",
		},
	}
	for _, p := range pages {
		for _, mode := range []ExtractMode{ExtractAuto, ExtractScore} {
			res, err := Convert([]byte(p.html), Options{NoFrontmatter: true, Extract: mode})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			if p.out != "" {
				out = []string{p.out}
			}
			checkSnippets(t, res.Markdown, []string{p.in, "study, part a"}, out)
		}
	}
}

// TestExtractLastReplyALink: a thread's last reply that is only a link is
// the reply, a field every post before it has with words, and no line of
// links ending the content (pruneTrailers).
func TestExtractLastReplyALink(t *testing.T) {
	post := func(who, body string) string {
		return `<div class="post"><div class="author">` + who + `</div><div class="body">` + body + `</div></div>`
	}
	page := `<body><div class="thread"><h1>Lanterns</h1>` +
		post("ann", `<p>`+prose(3, "lantern")+`</p>`) + post("bo", `<p>`+prose(3, "candle")+`</p>`) +
		post("cy", `<p>`+prose(3, "torch")+`</p>`) +
		post("di", `<a href="https://news.example.org/story/42">Lantern makers strike in the north</a>`) +
		`</div><div class="cta"><a href="/join">Join the forum</a></div></body>`
	checkCountsInModes(t, page, []snippetCount{
		{"[Lantern makers strike in the north](https://news.example.org/story/42)", 1},
		{"The torch study, part c", 1},
	})
}

// TestExtractOrphanHeading: a heading left ending the content after the
// part it headed went (a related list) goes too; a heading over a part
// the page hides, a linked heading (a listing's last item) and a long
// one (a closing sentence) stay.
func TestExtractOrphanHeading(t *testing.T) {
	related := `<div class="related-posts"><a href="/a">Another story about tides</a> <a href="/b">A second story about tides</a></div>`
	pages := []struct {
		name    string
		html    string
		in, out []string
	}{
		{
			name: "the heading of a dropped related list goes",
			html: `<body><div class="story"><h1>Harbour</h1><p>` + prose(6, "harbour") + `</p><section><h2>From our blog</h2>` + related + `</section></div></body>`,
			in:   []string{"harbour study, part a"},
			out:  []string{"From our blog", "Another story"},
		},
		{
			name: "a heading over a hidden part stays",
			html: `<body><div class="story"><h1>Harbour</h1><p>` + prose(6, "harbour") + `</p><h2>Tide tables</h2><p hidden>` + prose(2, "tide") + `</p></div></body>`,
			in:   []string{"harbour study, part a", "Tide tables"},
		},
		{
			name: "a long heading closing the text stays",
			html: `<body><div class="story"><h1>Harbour</h1><p>` + prose(6, "harbour") + `</p><h3>Do you remember the first ferry you took across the bay? Tell us about it in the comments!</h3>` + related + `</div></body>`,
			in:   []string{"harbour study, part a", "Do you remember the first ferry"},
			out:  []string{"Another story"},
		},
		{
			name: "the heading of a carousel whose track went goes",
			html: `<body><div class="story"><h1>Harbour</h1><p>` + prose(6, "harbour") + `</p><h2>From our blog</h2><div class="slider"><div class="track">` + related + `</div></div></div></body>`,
			in:   []string{"harbour study, part a"},
			out:  []string{"From our blog", "Another story"},
		},
		{
			// The last passes (a bar of links, a cart's form) run before
			// the heading is judged.
			name: "the heading of a bar of links that went goes",
			html: `<body><div class="story"><h1>Harbour</h1><p>` + prose(6, "harbour") + `</p><h3>Shop by category:</h3><p><a href="/c/boots">Boots</a> | <a href="/c/coats">Coats</a> | <a href="/c/hats">Hats</a> | <a href="/c/bags">Bags</a></p></div></body>`,
			in:   []string{"harbour study, part a"},
			out:  []string{"Shop by category", "Boots"},
		},
		{
			name: "a listing's last item's title stays",
			html: `<body><div class="story"><h1>Harbour</h1><p>` + prose(6, "harbour") + `</p><ul><li><h3>Tide tables for May</h3>` + related + `</li></ul></div></body>`,
			in:   []string{"harbour study, part a", "Tide tables for May"},
			out:  []string{"Another story"},
		},
	}
	for _, p := range pages {
		res, err := Convert([]byte(p.html), Options{NoFrontmatter: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(p.name, func(t *testing.T) { checkSnippets(t, res.Markdown, p.in, p.out) })
	}
}

// TestExtractPhoneCopyBeside: a promo bar written twice, once for wide
// screens and once for phones (d-lg-none), counts once when the content
// narrows: the listing beside it holds nearly all of what a reader sees,
// and the bar is left out with the rest of the body. A phone's copy of
// the chosen part's own text (a description written for each screen) is
// no such copy: the part around both stays the content, with the line
// beside them.
func TestExtractPhoneCopyBeside(t *testing.T) {
	bar := `<p>Spring sale: extra forty percent off every order over two hundred dollars, this week only. Free returns on all watches.</p>`
	listing := `<body><div class="top-strip"><div class="d-none d-lg-flex">` + bar + `</div><div class="d-lg-none">` + bar + `</div></div>` +
		`<section class="listing"><h1>Watches</h1><p>` + prose(4, "watch") + `</p><p>` + prose(3, "strap") + `</p></section></body>`
	desc := `<p>` + prose(3, "glass") + `</p>`
	product := `<body><div class="product"><div class="d-none d-lg-block">` + desc + `</div><div class="d-lg-none">` + desc + `</div>` +
		`<p>Blown by hand in Lisbon.</p></div></body>`
	for _, tc := range []struct {
		name, page string
		in, out    []string
	}{
		{"bar beside", listing, []string{"# Watches", "The watch study", "The strap study"}, []string{"Spring sale"}},
		{"own copy", product, []string{"The glass study", "Blown by hand in Lisbon"}, nil},
	} {
		res, err := Convert([]byte(tc.page), Options{NoFrontmatter: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		checkSnippets(t, res.Markdown, tc.in, tc.out)
	}
}

// TestExtractItemLinksBefore: a list of links each naming an item in
// full (six or more, 40 characters on the mean), before the content,
// is the listing's items (a shop's models to choose from above its
// FAQ): it is added back, even when named for the buttons it is drawn
// as. A menu of short links, a list of long links named navigation (a
// column of headlines) and a table of contents (links to places in the
// page) stay out.
func TestExtractItemLinksBefore(t *testing.T) {
	items := func(class, href string, long bool) string {
		var sb strings.Builder
		sb.WriteString(`<div class="` + class + `">`)
		for i := range 6 {
			label := fmt.Sprintf("Model %d", i)
			if long {
				label = fmt.Sprintf("Laptop Air, %d-inch, 10-core CPU, Silver, 16GB memory, 1TB storage", 11+i)
			}
			sb.WriteString(`<div class="item"><a href="` + href + fmt.Sprint(i) + `">` + label + `</a></div>`)
		}
		return sb.String() + `</div>`
	}
	faq := `<div class="faq"><h2>Questions</h2><div class="accordion"><p>` + prose(6, "laptop") + `</p><p>` + prose(5, "battery") + `</p></div></div>`
	for _, tc := range []struct {
		name, part string
		in, out    []string
	}{
		{"items as buttons", items("selection-buttons", "/buy/", true), []string{"Laptop Air, 11-inch", "Laptop Air, 16-inch"}, nil},
		{"items", items("selection", "/buy/", true), []string{"Laptop Air, 11-inch"}, nil},
		{"short links", items("selection", "/buy/", false), nil, []string{"Model 1"}},
		{"navigation", items("hot-nav", "/buy/", true), nil, []string{"Laptop Air, 1"}},
		{"contents", items("selection", "#part-", true), nil, []string{"Laptop Air, 1"}},
	} {
		page := `<body><div class="wrap"><div class="head"><h1>Buy Laptop Air</h1></div>` + tc.part + faq + `</div></body>`
		res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.name, func(t *testing.T) {
			checkSnippets(t, res.Markdown, append(tc.in, "# Buy Laptop Air", "The battery study"), tc.out)
		})
	}
}

// TestExtractReviewCarousel: a carousel of buyers' reviews beside a
// shop's listing goes with its heading, however long its reviews run (a
// product's page's reviews go by that page's rule); a part named for
// reviews that is no carousel, on a page that is no product's, stays (a
// review site's reviews are its text).
func TestExtractReviewCarousel(t *testing.T) {
	grid := `<div class="grid">` + strings.Repeat(`<div class="card"><a href="/p/gummies">Sleep gummies, 30 count</a><p>Berry gummies with melatonin for a calmer night.</p><span>$39.99</span></div>`, 24) + `</div>`
	intro := `<div class="intro"><h1>Gummies</h1><p>` + prose(2, "gummy") + `</p></div>`
	reviews := ""
	for _, topic := range strings.Fields("sleep rest nap dream calm night bed pillow blanket quiet dusk dawn") {
		reviews += `<article class="review-card"><h3>Life changing</h3><p>` + prose(1, topic) + `</p><p class="who">Jo, verified buyer</p></article>`
	}
	for _, tc := range []struct {
		name, class string
		in, out     []string
	}{
		{"carousel", "reviews-carousel", []string{"Sleep gummies, 30 count", "The gummy study"}, []string{"Happy customers", "The sleep study", "Life changing"}},
		{"no carousel", "reviews-section", []string{"Sleep gummies, 30 count", "The gummy study", "The sleep study"}, nil},
	} {
		page := `<body><main class="listing">` + intro + grid + `<div class="` + tc.class + `"><h2>Happy customers</h2>` + reviews + `</div></main></body>`
		res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.name, func(t *testing.T) { checkSnippets(t, res.Markdown, tc.in, tc.out) })
	}
}

// TestExtractDescriptionDialog: a product's description a shop opens in
// a side sheet (role "dialog") is not chrome when its text is the
// description the page's JSON-LD gives the product it offers; another
// dialog (a size guide), a dialog on a page whose JSON-LD offers no
// product, and a long dialog only quoting the description still go.
func TestExtractDescriptionDialog(t *testing.T) {
	desc := "Hand thrown in stoneware and glazed in a deep blue, this mug holds a generous cup of tea and keeps it warm."
	ld := func(offers string) string {
		return `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue mug","description":"<p>` +
			desc + `</p>"` + offers + `}</script></head>`
	}
	page := func(head, sheet string) string {
		return head + `<body><main><div class="product"><h1>Blue mug</h1><p>$24</p>` +
			`<div class="reviews"><p>` + prose(3, "review") + `</p></div>` +
			`<div class="accordion"><button><h5>Description</h5></button><div class="sheet" role="dialog" aria-modal="false"><h5>Description</h5><p>` +
			sheet + `</p></div></div>` +
			`<div class="accordion"><button><h5>Size guide</h5></button><div class="sheet" role="dialog"><p>Small holds 250 ml, large holds 400 ml of tea.</p></div></div>` +
			`</div></main></body>`
	}
	offers := `,"offers":{"@type":"Offer","price":"24"}`
	for _, tc := range []struct {
		name, page string
		in, out    []string
	}{
		{"the description's sheet", page(ld(offers), desc), []string{"Hand thrown in stoneware", "Blue mug"}, []string{"Small holds 250 ml"}},
		{"no product offered", page(ld(""), desc), nil, []string{"Hand thrown in stoneware", "Small holds 250 ml"}},
		{"quoted among much else", page(ld(offers), desc+" "+prose(40, "mug")), nil, []string{"Hand thrown in stoneware", "Small holds 250 ml"}},
	} {
		res, err := Convert([]byte(tc.page), Options{NoFrontmatter: true, NoJSONLD: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.name, func(t *testing.T) { checkSnippets(t, res.Markdown, tc.in, tc.out) })
	}
}

// TestSpokenLabelSpaced: a label for screen readers only that the text
// before it runs into ("$34.99" and the next box's hidden "Original
// price: ") is set apart by a space; one the text already leaves a space
// for, or beginning with no letter or digit, is left as it is.
func TestSpokenLabelSpaced(t *testing.T) {
	for _, tc := range []struct {
		name, html string
		in, out    []string
	}{
		{"run into", `<div class="flex"><span><span class="sr-only">Current price: </span>$34.99</span><span class="ml-2"><span class="sr-only">Original price: </span>$49.99</span></div>`,
			[]string{"$34.99 Original price: $49.99"}, []string{"$34.99Original"}},
		{"spaced already", `<p>Rated 4.9 <span class="visually-hidden">out of 5</span></p>`, []string{"Rated 4.9 out of 5"}, []string{"4.9  out"}},
		{"punctuation", `<p>Bristol<span class="sr-only">, United Kingdom</span></p>`, []string{"Bristol, United Kingdom"}, nil},
	} {
		res, err := Convert([]byte(`<body><main><h1>Lamp</h1><p>`+prose(3, "lamp")+`</p>`+tc.html+`</main></body>`), Options{NoFrontmatter: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.name, func(t *testing.T) { checkSnippets(t, res.Markdown, tc.in, tc.out) })
	}
}

// TestPurchaseFormContent: a product's purchase form that is the content
// chosen, all the page says, is written whole and not also explained as
// dropped (which detached it from the page: its path lost the body).
func TestPurchaseFormContent(t *testing.T) {
	page := `<html><head><meta property="og:type" content="product"></head><body><header><a href="/">Shop</a></header>` +
		`<form class="cart" action="/cart/add"><h1>Copper kettle</h1><p>A copper kettle that boils a litre of water in three minutes on any stove, with a handle that stays cool.</p>` +
		`<select name="size"><option>1 l</option><option>2 l</option></select><button>Add to cart</button></form></body></html>`
	res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: ExtractScore, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	checkSnippets(t, res.Markdown, []string{"# Copper kettle", "boils a litre"}, nil)
	for _, d := range res.Explanation {
		if d.Action == "dropped" && strings.HasSuffix(d.Path, "form.cart") {
			t.Errorf("the content explained as dropped: %+v", d)
		}
	}
}

// TestExtractNeverEmptyAfterPasses: a page whose content the passes after
// the choice remove whole, each part rightly (nothing but "Related: ..."
// lines), is not written empty: the scoring stage falls back to the body
// without its chrome, and says so.
func TestExtractNeverEmptyAfterPasses(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<html><head><title>Harbour</title></head><body><div class="post">`)
	for i := range 300 {
		fmt.Fprintf(&sb, `<p>Related: <a href="/p%d">Another story about the harbour and its boats, number %d</a></p>`, i, i)
	}
	sb.WriteString(`</div></body></html>`)
	page := sb.String()
	checkCountsInModes(t, page, []snippetCount{{"number 0](/p0)", 1}, {"number 299](/p299)", 1}})
	res, err := Convert([]byte(page), Options{NoFrontmatter: true, Extract: ExtractScore, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, d := range res.Explanation {
		if d.Action == "chose" {
			rules = append(rules, d.Rule)
		}
	}
	if !slices.Equal(rules, []string{"fallback"}) {
		t.Errorf("chose by %v, want [fallback]", rules)
	}
}

// TestExtractDescriptionColumn: a product's page laid out in two columns,
// the buy box (title, price, seller, cart form) or the photo gallery
// beside the column holding the description its JSON-LD gives, narrows to
// the description (and the title); with no description in the JSON-LD,
// no cart form or gallery beside, or a section of FAQs beside it (the
// product's own stacked parts), the content stays above both.
func TestExtractDescriptionColumn(t *testing.T) {
	desc := "Wheel thrown in stoneware and glazed in a deep blue, this mug holds a generous cup of coffee and keeps it warm."
	ld := `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue mug","description":"` +
		desc + `","offers":{"@type":"Offer","price":"24"}}</script></head>`
	form := `<form class="add-to-cart-form" action="/cart/add"><button>Add to cart</button></form>`
	page := func(head, cart, beside string) string {
		return head + `<body><div class="wrap"><div class="photos"><img src="a.jpg" alt=""></div>` +
			`<div class="buy"><h1>Blue mug</h1><p>Price: $24</p><p>Star seller. This seller consistently earned five-star reviews, shipped on time and replied quickly. ` + prose(1, "seller") + `</p>` + cart + `</div>` +
			`<div class="info"><div><div class="details"><h2>Item details</h2><p>` + desc + ` ` + prose(4, "mug") + `</p></div>` +
			`<div class="shipping"><h2>Shipping and returns</h2><p>Order today to get it within two weeks. Returns and exchanges are accepted within fourteen days of delivery. ` + prose(1, "shipping") + `</p></div></div></div>` +
			beside + `</div></body>`
	}
	faq := `<div class="faq"><h2>FAQs</h2><p>` + prose(2, "faq") + `</p></div>`
	gallery := func(name string) string {
		return ld + `<body><div class="wrap"><div class="` + name + `"><p>This is an image gallery with clickable slides. Use the next and previous buttons to move between them. ` + prose(1, "slides") + `</p><img src="a.jpg" alt=""></div>` +
			`<div class="info"><h1>Blue mug</h1><p>$24</p><button>Add to bag</button><div class="details"><p>` + desc + ` ` + prose(4, "mug") + `</p></div>` +
			`<div class="delivery"><p>Order today to get it within two weeks. ` + prose(1, "delivery") + `</p></div></div></div></body>`
	}
	for _, tc := range []struct {
		name, page string
		in, out    []string
	}{
		{"two columns", page(ld, form, ""), []string{"# Blue mug", "Wheel thrown", "mug study"}, []string{"Star seller", "seller study"}},
		{"no description", page("", form, ""), []string{"Wheel thrown", "Star seller", "Returns and exchanges"}, nil},
		{"no cart form", page(ld, "", ""), []string{"Wheel thrown", "Star seller", "Returns and exchanges"}, nil},
		{"FAQs beside", page(ld, form, faq), []string{"Wheel thrown", "Star seller", "faq study"}, nil},
		{"a gallery beside", gallery("product-gallery"), []string{"# Blue mug", "Wheel thrown"}, []string{"image gallery", "slides study"}},
		{"notes beside", gallery("product-notes"), []string{"Wheel thrown", "image gallery", "delivery study"}, nil},
	} {
		res, err := Convert([]byte(tc.page), Options{NoFrontmatter: true, NoJSONLD: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.name, func(t *testing.T) { checkSnippets(t, res.Markdown, tc.in, tc.out) })
	}
}

// TestGappedBoxesSpaced: an inline element the page draws apart by a
// margin, padding or gap utility class, or as a title, is set apart from
// the text it would run into; a class of no gap ("ml-0", "-ml-2",
// "mx-auto") leaves the words as the page wrote them.
func TestGappedBoxesSpaced(t *testing.T) {
	for _, tc := range []struct {
		name, html string
		in, out    []string
	}{
		{"start margin", `<div><span>$49.99</span><span class="ml-3">Save $15</span></div>`, []string{"$49.99 Save $15"}, []string{"99Save"}},
		{"end margin", `<div><span class="mr2-sm">$116.97</span><span>$145</span></div>`, []string{"$116.97 $145"}, []string{"97$"}},
		{"variant prefix", `<div><b>4.9</b><span class="md:ms-1">1,113 reviews</span></div>`, []string{"4.9** 1,113 reviews"}, nil},
		{"flex gap", `<div class="flex gap-x-2"><span>Red</span><span>Blue</span></div>`, []string{"Red Blue"}, []string{"RedBlue"}},
		{"title", `<ul><li><span><em class="title">G-SYNC</em>NVIDIA G-SYNC is new display technology.</span></li></ul>`, []string{"*G-SYNC* NVIDIA G-SYNC is"}, []string{"*NVIDIA"}},
		{"no gap", `<div><span>super</span><span class="ml-0">market</span><span class="-ml-2">s</span><span class="mx-auto">ide</span></div>`, []string{"supermarketside"}, nil},
		{"first item", `<div class="gap-2">pre<span>fix</span></div>`, []string{"prefix"}, nil},
	} {
		res, err := Convert([]byte(`<body><main><h1>Lamp</h1><p>`+prose(3, "lamp")+`</p>`+tc.html+`</main></body>`), Options{NoFrontmatter: true, Extract: ExtractScore})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.name, func(t *testing.T) { checkSnippets(t, res.Markdown, tc.in, tc.out) })
	}
}
