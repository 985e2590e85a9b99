package md

import (
	"bytes"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The scoring stage finds the content of a page that does not mark it (no
// main marker, no <main>; in ExtractScore, no main marker), in the spirit
// of Readability and trafilatura, but biased towards keeping too much
// rather than too little: an empty or truncated page costs an agent more
// than a stray share bar.
//
//  1. The page's chrome goes, as in the reference rule (nav, header,
//     footer, aside, dialog and their landmark roles), but not chrome that
//     holds the page's <main> (an unclosed aside that swallowed the page).
//  2. Boilerplate goes: subtrees whose class or id (or test id or
//     component name: isNameAttr) names what they are (share bars,
//     related lists, upsells, a shop's selling points and loyalty
//     banners, tooltips and popovers, comments, signatures, avatars, a
//     poster's details, counts of a post's votes or likes, a post's
//     number, the badge beside the thread's starter, a poster's badges
//     (rank, role), cookie banners, newsletter boxes, ads (not a
//     heading named so), sidebars, menus, calls to action, the content's
//     own footer "article-footer"...), newsletter sign-ups however named
//     (a form asking only for an email address, with its heading and
//     pitch), skip links, breadcrumb trails, copyright lines, credit
//     lines, short disclaimers (an affiliate disclosure), an article's
//     byline, date and reading time, and lines saying when the page was
//     last updated; on a product's page, its reviews and the shop's
//     testimonials.
//     Not when the part wraps the article, is long prose under a
//     misleading name, is a listing's items drawn as buttons (links
//     each naming an item in full), is a widget that is a field of each
//     of a list's items (a game's blurb, its price, its tags), is one of a
//     run of rows alike named for a sidebar's side, or is how the site
//     names its content (a forum's posts are "comments").
//  3. Each element is scored by the text under it: text in sentences
//     counts in full, short fragments less, link text little.
//  4. From the page's single <article> if it has one holding much of the
//     text (a list of article teasers is no such hint), else from its
//     single <main> holding as much (in ExtractScore), else from the body,
//     the content narrows to the child with the best score, weighted up
//     for an <article>, a part named content or a thread's posts, while
//     that child holds nearly all of its parent's score (a phone's copy
//     of a bar beside it, whose words the rest says, counted once); never
//     to a single paragraph, list or table, nor into one of a thread's
//     posts, nor into the product the page's microdata offers, so an
//     article in sections, a listing's items, a product's specs table, a
//     product with its summary and details or a forum's posts are kept
//     whole.
//  5. Beside the content, up to three levels up, prose and titles (an
//     intro, the heading), parts like it (a second list of products, a
//     grid of the listing's items under a heading of its own; before it,
//     a list of links each naming an item in full), a product's specs and
//     its footnotes are added back, and the page's only <h1>
//     above it (further up, with its key points beside it; on a product's
//     page, with the summary right after it); not a box about the writer
//     after it, nor a short part after it that is prose only narrowly
//     (isFaintProse), nor a short box holding a form (a sign-up, a search
//     box) on either side. Inside it, when the content itself is prose,
//     link-dense blocks (related lists, tag clouds, lists of nothing but
//     links to the site's own pages with their heading, written as a list
//     or as a run of paragraphs; a large block only nearly so is judged by
//     its parts; not a list item's title beside its summary, a title with
//     one link, a teaser card, a link around a title and a sentence; links
//     to other sites written as their address count as text) and lists of
//     teasers of other articles (a "Latest news" column) are dropped; on a
//     product's page (its og:type, its JSON-LD, its <body>'s class), lists
//     of other products' cards (a name, a price) when it states a price of
//     its own, and a section headed "Disclaimer" (the shop's, said on every
//     product's page). Always: lines of links with bars between them
//     (navigation bars) and rows of logos without text; parts that repeat word
//     for word a part above (a mobile version), quotations of what the content
//     said above (a reply quoting an earlier post), a carousel's copies of its
//     first slides after its last (or a run of them said three times or more),
//     tab panels saying what another panel says, headings that say again the
//     heading right before them, and <h1>s that say again the first <h1>; a
//     text written at several lengths for several screens, but the longest; a
//     part shown on small screens only whose words the rest of the content says
//     (a phone's copy), or hidden by the bare class "hidden" (a thread's first
//     post copied for a script; or labels for screen readers only, "Unit
//     price"), even when added back beside the content; a card's title said
//     twice in the card (a link stretched
//     over it, and its heading); parts headed as leading to other pages
//     ("Related services", "From our blog") whose text is mostly links; a
//     box about the writer at the end (beginning with the name the page's
//     author meta tag or JSON-LD gives) and a line "By" that name; a
//     byline too long to judge until a part of it went (the writer's
//     tooltip, with a bio), judged again; form controls each of a list's
//     items repeats with the same words (a "Compare" checkbox, a "View
//     Details" overlay shown on hover); a carousel of reviews, however
//     long; what a forum says of each poster ("Posts: 701", "Join Date:
//     Mar 2016") and a post's or a card's count
//     of replies ("27 comments", "Show more replies"); lines of links
//     right above the title (the section the article is filed under);
//     and, when the content is prose, up to three lines of links ending it
//     (a call to action, the article's tags); and a heading left ending
//     the content over nothing, what it headed having gone.
//  6. When the result is not convincing (too little text), or the passes
//     of step 5 left no text of it, every removal but the chrome's is
//     undone and the body is the content, as in the reference rule; when
//     the chrome is all the page says, it stays.

// Thresholds of the scoring stage.
const (
	// descendShare is the share of its parent's score a child must hold for
	// the content to narrow to it.
	descendShare = 0.86
	// boilerplateMaxShare: parts named by one of siteWords that together
	// hold more than this share of the page's text may be its content.
	boilerplateMaxShare = 0.5
	// minContentRunes is the least text a chosen subtree must have, else the
	// stage falls back to the body.
	minContentRunes = 140
	// minContentShare is the least share of the body's score the chosen
	// subtree must hold, else the stage falls back to the body.
	minContentShare = 0.35
	// articleShare is the least share of the page's score a single
	// <article> must hold to be taken as the content.
	articleShare = 0.4
	// wrapperShare: a part named boilerplate that holds more than this
	// share of the page's text wraps the page ("reader-nav-root").
	wrapperShare = 0.8
	// wrappedShare is the least share of the page's text the content a
	// part named furniture wraps must hold: less is one of its widgets.
	wrappedShare = 0.25
	// wrappedRunes is the least text of a part named content that a part
	// named boilerplate wraps: less is one of its fields (a forum's
	// "post-count", a teaser's "entry-date"), not what it is around.
	wrappedRunes = 100
	// minArticleRunes is the least text outside the comments for a page to
	// be an article with comments rather than a discussion.
	minArticleRunes = 2500
	// discussionShare: a page whose comments hold more than this share of
	// its text is a discussion (a forum thread, a Slashdot story), whose
	// comments are content.
	discussionShare = 0.85
	// proseRunes is the least text outside links that makes a subtree
	// prose: more than boilerplate ever holds, unless it is comments.
	proseRunes = 1500
	// proseLinkShare is the most share of its text a content subtree may
	// hold in links to be prose, whose blocks of links (pruneLinkLists)
	// and last lines of links (pruneTrailers) are not its own; more is a
	// listing or an index, whose items are links.
	proseLinkShare = 0.35
	// linkDenseShare: inside prose, a block whose text is at least this
	// share link text is a list of links, not content.
	linkDenseShare = 0.6
	// mixedLinkRunes and clearLinkShare: a block of at least
	// mixedLinkRunes of text whose links are under clearLinkShare of it
	// is not judged whole by linkDenseShare but by its parts (a column of
	// link lists beside a paragraph of text).
	mixedLinkRunes = 500
	clearLinkShare = 0.7
	// navProseRunes is the least text outside links that makes a part named
	// navigation text rather than links.
	navProseRunes = 200
	// facetScore: a part named for filtering whose text outside links
	// scores below this share of its length is made of labels, its filters.
	facetScore = 0.9
	// repeatRunes is the least text of a part that, said again word for
	// word, is a repeat rather than a phrase a page uses twice.
	repeatRunes = 100
	// repeatReads bounds the text pruneRepeats reads, as a multiple of
	// the content's.
	repeatReads = 8
	// longProseScore is the least score, as a share of its text outside
	// links, of a long block (proseRunes) beside the content that makes
	// it prose: lists and subheadings score less than sentences.
	longProseScore = 0.8
	// headerRunes is the most text an article's header holds.
	headerRunes = 800
	// bioRunes is the most text a box about an article's writer holds.
	bioRunes = 1000
	// signupRunes is the most text the box around a newsletter's sign-up
	// form holds: its heading, its pitch, the form.
	signupRunes = 400
	// summaryScore is the least score, as a share of its text outside
	// links, of a product's summary beside its name (summaryAfter).
	summaryScore = 0.8
	// oneThingShare: a part whose sentences, by length, are at least this
	// share ones it said before says one thing over and over.
	oneThingShare = 0.5
)

// stat is what the scorer knows of a subtree.
type stat struct {
	runes     int     // characters of text
	solid     int     // characters of text other than spaces
	linkRunes int     // characters of text inside links
	score     float64 // content score of the text
}

// scorer holds the statistics of the elements under a root.
type scorer struct {
	stats map[*html.Node]stat
	// changed, while forget sums them again, holds the elements whose
	// statistics changed; nil while measuring.
	changed map[*html.Node]bool
	// screens holds smallScreenOnly's answer by class list (see
	// screenOnly).
	screens map[string]bool
}

// measure computes the statistics of every element under root (root included).
func measure(root *html.Node) *scorer {
	// The map is made as large as the elements under root, most of which
	// have text: counting them costs less than growing it step by step.
	k := 0
	walk(root, func(n *html.Node) bool {
		if n.Type == html.ElementNode {
			k++
		}
		return true
	})
	s := &scorer{stats: make(map[*html.Node]stat, k)}
	s.visit(root, false)
	return s
}

func (s *scorer) get(n *html.Node) stat { return s.stats[n] }

// screenOnly returns smallScreenOnly(n), which reads n's class list
// alone: a page repeats a few lists over and over, and every element of
// the content is asked by screenOnlyScores and again by
// pruneScreenCopies.
func (s *scorer) screenOnly(n *html.Node) bool {
	class := getAttr(n, "class")
	if class == "" {
		return false
	}
	small, ok := s.screens[class]
	if !ok {
		if s.screens == nil {
			s.screens = map[string]bool{}
		}
		small = smallScreenOnly(n)
		s.screens[class] = small
	}
	return small
}

// statOf returns the statistics of n's subtree as measure(n).get(n) does,
// without keeping those of the elements under it.
func statOf(n *html.Node) stat {
	st := (&scorer{}).visit(n, false)
	if n.Type != html.ElementNode || st.runes == 0 {
		return stat{} // as measure keeps no statistics of these
	}
	return st
}

// visit computes n's statistics and records those of the elements with text.
func (s *scorer) visit(n *html.Node, inLink bool) stat {
	var st stat
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			r, solid, sc := textScore(c.Data, inLink)
			st.runes += r
			st.solid += solid
			if inLink {
				st.linkRunes += r
			}
			st.score += sc
		case html.ElementNode:
			// A form's list (what it asks for) counts as links, and for
			// nothing in the score: it is the page's furniture, not its prose.
			_, formList := attrOK(c, formListAttr)
			var cs stat
			if s.changed == nil || s.changed[c] {
				cs = s.visit(c, inLink || isLink(c) || formList)
			} else {
				cs = s.stats[c] // as measured: nothing under it changed
			}
			if formList {
				cs.score = 0
			}
			st.runes += cs.runes
			st.solid += cs.solid
			st.linkRunes += cs.linkRunes
			st.score += cs.score
		}
	}
	switch {
	case n.Type != html.ElementNode, s.stats == nil:
	case st.runes > 0:
		s.stats[n] = st
	default:
		delete(s.stats, n) // its text was all removed
	}
	return st
}

// forget brings the statistics of the elements under root up to date once
// the subtrees removed are gone. Only their ancestors' statistics change:
// those are summed again from their children, in the order measure sums
// them and so to the same figures, at the cost of the ancestors rather
// than of the page. The removed subtrees keep theirs, out of the tree.
func (s *scorer) forget(root *html.Node, removed []removal) {
	s.changed = map[*html.Node]bool{}
	for _, r := range removed {
		for p := r.parent; p != nil && !s.changed[p]; p = p.Parent {
			s.changed[p] = true
			if p == root {
				break
			}
		}
	}
	s.visit(root, false)
	s.changed = nil
}

// isLink reports whether n is a link that leads somewhere: an <a> without
// an address, or with "#" or a script for one, is a control (an
// accordion's question, a tab) whose text is the page's, not a link's.
func isLink(n *html.Node) bool {
	if n.DataAtom != atom.A {
		return false
	}
	href, ok := attrOK(n, "href")
	href = strings.TrimSpace(href)
	return ok && href != "" && href != "#" && !(len(href) >= 11 && strings.EqualFold(href[:11], "javascript:"))
}

// weight is how much an element's name adds to its score when the content
// narrows from its parent: a part named content or for a thread's posts,
// an article or a main (which reaches the scoring stage only in
// ExtractScore) is likelier the content than an anonymous one.
func weight(n *html.Node) float64 {
	if n.DataAtom == atom.Article || isMain(n) {
		return 1.25
	}
	if kind, _ := hintOf(n); kind == hintContent || nameHas(n, threadWords) {
		return 1.25
	}
	return 1
}

// threadWords name the container of a thread's posts: the content, kept
// whole, however long its first post.
var threadWords = words("posts messages replies")

// withText returns how many child elements of n have text.
func withText(n *html.Node, s *scorer) int {
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if _, ok := s.stats[c]; ok && c.Type == html.ElementNode {
			k++
		}
	}
	return k
}

// textScore returns the length in characters of a text node's content, with
// runs of space counted once, its length without spaces, and its score:
// full for text in sentences, less for short fragments (menu items,
// labels, prices), little for links.
func textScore(text string, inLink bool) (runes, solid int, score float64) {
	words, marks := 0, 0
	space := true
	for _, r := range text {
		if isHTMLSpace(r) || r == '\u00a0' {
			if !space {
				runes++
			}
			space = true
			continue
		}
		if space {
			words++
		}
		space = false
		runes++
		switch r {
		case '.', ',', ';', '!', '?', '。', '、', '،', '！', '？':
			marks++
		}
	}
	if runes == 0 {
		return 0, 0, 0
	}
	solid = runes - (words - 1)
	if space {
		solid-- // a run of space at the end
	}
	sc := float64(runes)
	switch {
	case inLink:
		sc *= 0.15
	case words < 4 && marks == 0 && !isIdeographic(text):
		sc *= 0.35
	case marks > 0:
		sc *= 1 + min(float64(marks), 10)*0.03
	}
	return runes, solid, sc
}

// isIdeographic reports whether text is in a script written without spaces,
// whose sentences have few "words".
func isIdeographic(text string) bool {
	for _, r := range text {
		if r >= utf8.RuneSelf && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Thai, r)) {
			return true
		}
	}
	return false
}

// hintKind is what an element's class, id or role say it is.
type hintKind int8

const (
	hintNone hintKind = iota
	hintContent
	// hintWeak names page furniture (sidebars, menus, widgets) that a
	// content name on the same element outweighs ("content-sidebar-wrap").
	hintWeak
	// hintStrong names boilerplate (share bars, comments, related lists,
	// cookie banners, ads) even on an element that is also named content
	// ("post-share", "article-comments").
	hintStrong
)

// strongWords name boilerplate; weakWords name page furniture; contentWords
// name content. Words are matched whole, against the parts of class and id
// values split at punctuation and case changes ("relatedPosts" is
// "related" and "posts"), so "shadow" is not an "ad".
var (
	strongWords = words("ad ads adv advert adverts advertisement advertising adsense adslot dfp gpt " +
		"sponsor sponsored sponsors promo promos promoted promotion sidebanner " +
		"cookie cookies cookiebanner cookielawinfo consent gdpr onetrust " +
		"newsletter newsletters subscribe subscription signup optin mailchimp " +
		"share shares sharing sharebar sharedaddy addtoany addthis sociallinks socialshare social " +
		"related relatedposts recommended recommendations recommendation recirc recirculation outbrain taboola " +
		"upsell upsells crosssell crosssells " +
		"comment comments commentlist disqus respond " +
		"breadcrumb breadcrumbs popup modal paywall quickshop quickview " +
		"skiplink skip " +
		"authorbox bio signature signatures " +
		"usp loyalty")
	weakWords = words("sidebar side rail widget widgets menu submenu dropdown navbar nav navigation masthead " +
		"footer pagination pager tagcloud tags toolbar actions controls buttons cta " + facetNames)
	contentWords = words("article articlebody content entry entrycontent post postcontent main story body text blog hentry prose markdown richtext")
)

// tooltipWords name a tooltip, help shown on hover beside a label, or a
// popover, the same help shown on a click: not the page's text.
// triggerWords, beside them, name the label it is shown beside, which is.
var (
	tooltipWords = words("tooltip tooltips popover popovers")
	triggerWords = words("trigger toggle has anchor target label wrap wrapper")
)

// compound returns the word of the vocabulary that prev and w, parts of a
// name in a row, spell together ("cross-sell", "up-sells", "toolTip",
// "quick-view"), or "" when they are two words. A product card's quick
// view ("quick-shop", "QuickView") is a popup: the product's purchase form
// (variants, quantity, cart button) shown over the listing. "quick-add"
// is not one of them: Shopify's "quick-add-hidden" marks the parts of a
// product's own page its quick-add popup leaves out.
func compound(prev, w string) string {
	switch {
	case (prev == "cross" || prev == "up") && (w == "sell" || w == "sells"),
		prev == "tool" && (w == "tip" || w == "tips"),
		prev == "quick" && (w == "shop" || w == "view"),
		prev == "data" && w == "sheet":
		return prev + w
	}
	return ""
}

// adWords, among strongWords, name an advert, as family (no plural "s").
var adWords = words("ad adv advert advertisement advertising adsense adslot")

// siteWords may be how a site names its content: a forum's posts are
// "comments", a shop's products "promos", a page builder's blocks
// "widgets", a publisher's listing of articles a "recirc" list. Other names
// of boilerplate are never the content, however much of the page they
// cover.
var siteWords = words("comment commentlist promo promotion promoted widget recirc recirculation")

// drawnWords, among menuWords, name controls by how they are drawn, not
// by where they lead: a part so named may be a listing's items drawn as
// buttons (isItemLinks).
var drawnWords = words("buttons controls actions")

// linkWords name furniture made of links: such a part with text and few
// links is not that furniture. menuWords, among them, name the controls
// that act on a part or lead away from it, not its tags, which describe
// it (a listing's items keep theirs).
var (
	menuWords = words("menu submenu dropdown navbar nav navigation pagination pager toolbar actions controls buttons")
	linkWords = union(menuWords, words("tagcloud tags"))
)

// ctaTextRunes is the least text outside links that makes a part named a
// call to action ("cta") text rather than a button and its line.
const ctaTextRunes = 100

// facetNames name a listing's filters (facets, sort options): labels,
// checkboxes and counts, which say nothing of the items listed. A
// filterable grid names its items so too ("filter-item"), and they are
// sentences, not labels: see isFacets.
const facetNames = "filter filters facet facets"

var facetWords = words(facetNames)

// isFacets reports whether a part whose name says it filters the listing
// (word) is that: links, and short labels that score less than their
// length, where the text of a filterable grid's item ("item
// filter-active") is in sentences. Link text, which scores 0.15 of its
// length, is allowed a little more, so that a list of links is facets.
func isFacets(word string, st stat) bool {
	return facetWords[word] && st.score < facetScore*float64(st.runes-st.linkRunes)+0.2*float64(st.linkRunes)
}

// reviewWords name a product's reviews: on a product's page, what its
// buyers say of it, like the comments under an article.
var reviewWords = words("review reviews")

// buyerReviewWords name each of the reviews a product's buyers wrote, or
// their list: "review", "comment", "commentlist", and what its customers
// say of the shop, "testimonial".
var buyerReviewWords = words("review reviews comment comments commentlist testimonial testimonials")

// holdsBuyersReviews reports whether n, a product's part named for its
// reviews with st, holds its text mostly in parts named for its buyers'
// reviews (buyerReviewWords: WooCommerce's reviews tab around its
// "comments"), so that its prose is theirs, with its heading and rating
// summary around them, and not the shop's own review.
func holdsBuyersReviews(n *html.Node, s *scorer, st stat) bool {
	return 2*namedRunes(n, s, buyerReviewWords) >= st.runes
}

// carouselWords name a carousel (of reviews: see pruneReviewCarousels).
var carouselWords = words("carousel slider swiper slides")

// proseWords name boilerplate that is prose: comments are text, but not the
// article's.
var proseWords = words("comment comments commentlist disqus respond")

// isProse reports whether a subtree holds long text outside links.
func isProse(st stat) bool { return st.runes-st.linkRunes > proseRunes }

// authorBoxWords, beside "author" in a name, make it an author box;
// userExtraWords, beside "user", what a forum shows of a post's author.
var (
	authorBoxWords = words("about bio box card info profile summary description details")
	userExtraWords = words("title banner extras stats statistics rank badge badges")
)

// userDetailsWord is what hintOf says of a part named for a post's
// author's details ("user-details"): furniture, unless it holds the
// author's name (posterNameWords), linked or not.
const userDetailsWord = "user's details"

// posterNameWords name the element that holds a post's author's name
// (XenForo's "message-name", "username").
var posterNameWords = words("name username")

// hintVocabulary holds every word hintOf looks for.
var hintVocabulary = union(strongWords, weakWords, contentWords, authorBoxWords, userExtraWords, tooltipWords, triggerWords, words("author authors user"))

// union returns a set of the words in any of sets.
func union(sets ...map[string]bool) map[string]bool {
	u := map[string]bool{}
	for _, set := range sets {
		for w := range set {
			u[w] = true
		}
	}
	return u
}

func words(s string) map[string]bool { return phrases(strings.Fields(s)...) }

// hintOf says what n's class, id and role name it, and the word that says so.
func hintOf(n *html.Node) (hintKind, string) {
	if isSelfAnchor(n) {
		return hintNone, ""
	}
	var weak, content string
	for _, a := range n.Attr {
		if a.Namespace != "" || !isNameAttr(a.Key) || a.Val == "" {
			continue
		}
		if a.Key == "id" && isHeadingAnchor(n, a.Val) {
			// The id spells the part's heading (Pandoc, Quarto, Sphinx:
			// "related-work"): it names the topic, not the part.
			continue
		}
		var strong string
		author, box, user, extra, details := false, false, false, false, false
		tooltip, trigger, footer := false, false, false
		// Each name is read once, for its content word and for the
		// words of the hint (its parts are those of the whole value).
		// A content word before a menu in one name qualifies it:
		// "post-menu" is the post's menu, "main-nav" the site's; a
		// name that ends otherwise is content ("entry-content",
		// "content-sidebar-wrap"): see nameContentReader. The words
		// of the hint run on across the names.
		prev := ""
		site := "" // a strong word among siteWords, in the name read
		var nc nameContentReader
		hint := func(w string) bool {
			nc.read(w)
			if c := compound(prev, w); c != "" {
				w = c // one word, written in two
			}
			prev = w
			if !hintVocabulary[w] {
				// Most words of a class list are none of these: one
				// lookup, not seven.
				return true
			}
			switch {
			case tooltipWords[w]:
				tooltip = true
			case triggerWords[w]:
				trigger = true
			case strongWords[w] && siteWords[w] && strong == "":
				// Perhaps how the site names its content: a part of it
				// may follow in the name ("comment_share_toggle").
				if site == "" {
					site = w
				}
			case strongWords[w]:
				strong = w
				return false
			case weakWords[w]:
				weak = w
			case w == "author" || w == "authors":
				author = true
			case w == "user":
				user = true
			}
			box = box || authorBoxWords[w]
			extra = extra || userExtraWords[w]
			details = details || w == "details"
			return true
		}
		names := namesRead(a.Val)
		post := postClasses{classes: names}
		for name := range strings.FieldsSeq(names) {
			if a.Key == "class" && isTaxonomyName(name) && post.is() {
				continue // the post's topic: "category-social" is no share bar
			}
			nc = nameContentReader{}
			stopped, part := false, ""
			weakBefore := weak
			nameParts(componentHead(name), func(w string) bool {
				footer = footer || isContentFooter(part, w)
				part = w
				stopped = !hint(w)
				return !stopped
			})
			if !stopped && testimonialWords[nc.head] {
				// "widget-testimonials": a widget of what customers
				// say, which is content, not a widget area.
				weak = weakBefore
			}
			if strong == "" && site != "" {
				strong, stopped = site, true // no other strong word after it
			}
			if stopped {
				break // a strong word: the content words no longer count
			}
			if c := nc.content(); c != "" {
				content = c
			}
		}
		if strong == "" && tooltip && !trigger {
			// A tooltip's text, not the label it is shown beside
			// ("tooltip-trigger", "has-tooltip").
			strong = "tooltip"
		}
		if strong == "" && footer {
			return hintStrong, contentFooterWord
		}
		if strong != "" {
			return hintStrong, strong
		}
		if author && box {
			// "author-bio", "about-the-author", "author-summary": an
			// author box, not a byline ("post-author").
			return hintStrong, "author box"
		}
		if user && extra {
			// "userTitle", "userBanner", "userExtras": what a forum says of
			// a post's author beside the name (rank, join date, counts).
			return hintStrong, "user details"
		}
		if user && details {
			// "MessageCard__user-details": the poster's post count and
			// join date; XenForo's "message-userDetails" holds the name
			// too (see removeBoilerplate).
			return hintStrong, userDetailsWord
		}
	}
	switch {
	case weak != "" && content == "":
		return hintWeak, weak
	case content != "":
		return hintContent, content
	}
	return hintNone, ""
}

// hintCache remembers hintOf's answers for elements named by one
// attribute alone, by that attribute: a page's parts repeat a few class
// lists over and over (each card, each item), and removeBoilerplate asks
// of every element with text. A heading's or a section's answer also
// reads its text (isSelfAnchor, isHeadingAnchor) and is not kept.
type hintCache map[html.Attribute]hintAnswer

// hintAnswer is what hintOf returns.
type hintAnswer struct {
	kind hintKind
	word string
}

// of returns hintOf(n).
func (h hintCache) of(n *html.Node) (hintKind, string) {
	var key html.Attribute
	named := 0
	for _, a := range n.Attr {
		if a.Namespace == "" && isNameAttr(a.Key) && a.Val != "" {
			key = a
			named++
		}
	}
	if named == 0 {
		return hintNone, ""
	}
	if named > 1 || isHeading(n) || n.DataAtom == atom.Section {
		return hintOf(n)
	}
	if ans, ok := h[key]; ok {
		return ans.kind, ans.word
	}
	kind, word := hintOf(n)
	h[key] = hintAnswer{kind, word}
	return kind, word
}

// testimonialWords, as the last word of a name, name what customers say of
// a shop or a service: content (a service's page is much of it), whatever
// furniture word qualifies the name ("widget-testimonials").
var testimonialWords = words("testimonial testimonials")

// galleryWords, as the head noun of a component's name, name a gallery
// of the page's items: what it shows, whatever words qualify it.
var galleryWords = words("gallery galleries grid lineup showcase products")

// componentHead returns name, a CSS module's class ("Component_local__hash"),
// without the words of page furniture (weakWords) that only qualify the
// component's head noun, its last word, when that names a gallery
// (galleryWords): a "StickyFooterGallery" is a gallery with a sticky
// footer, not a footer. A head of no such meaning ("FooterWrapper",
// "NavigationItems") leaves the furniture word naming the part. Other
// names are returned as they are.
func componentHead(name string) string {
	i := strings.IndexByte(name, '_')
	if i <= 0 || name[0] < 'A' || name[0] > 'Z' || !strings.Contains(name[i+1:], "__") {
		return name
	}
	head, n := "", 0
	nameParts(name[:i], func(w string) bool {
		head, n = w, n+1
		return true
	})
	if n < 2 || !galleryWords[head] {
		return name // most names: read once, nothing made
	}
	var b strings.Builder
	k := 0
	nameParts(name[:i], func(w string) bool {
		if k++; k == n || !weakWords[w] {
			b.WriteString(w)
			b.WriteByte('-')
		}
		return true
	})
	return b.String() + name[i+1:]
}

// nameContentReader finds the content word of one class or id name, read
// part by part (read): none when it has none or its last word names a
// menu that the content word qualifies ("js-post-menu": the post's menu,
// not the post). The last word is the last part that is a word: a serial
// number or a generated suffix after it ("menu-main-menu-1",
// "header-module--mainNav--5bcuZ") says which one, not what it is.
type nameContentReader struct {
	found, last, head string
}

// read reads the name's next part.
func (r *nameContentReader) read(w string) {
	if c := compound(r.last, w); c != "" {
		w = c
	}
	prev := r.last
	r.last = w
	if !isNameSuffix(w) {
		r.head = w
	}
	if contentWords[w] && !placeWords[prev] {
		r.found = w
	}
}

// placeWords, right before a content word in a name, place the part
// beside the content rather than name it: "below-content", "after-post",
// "above-content" are the slots a theme fills with widgets, adverts and
// notes around the article.
var placeWords = words("below above after before under beneath beside")

// content returns the content word of the parts read.
func (r *nameContentReader) content() string {
	if menuWords[r.head] {
		return ""
	}
	return r.found
}

// isNameSuffix reports whether w, a part of a class or id name, is no word
// but what a generator or a serial adds to one: a part with a digit ("1",
// "5bcu") or of one or two letters (the "ul" of "main-menu-ul", a CSS
// module's hash cut at its case changes: "Jy", "XN").
func isNameSuffix(w string) bool {
	if len(w) <= 2 {
		return true
	}
	return strings.ContainsAny(w, "0123456789")
}

// contentFooterWord is what hintOf says of the footer of the content
// itself: a part named for the content and then "footer" in one name
// ("article-footer", "entry-footer", "post_footer").
const contentFooterWord = "the content's footer"

// isContentFooter reports whether the parts prev and w of one class or id
// name say "footer" right after a content word: the strip under an
// article or a documentation page (its tags, share buttons, author, "Help
// improve this page", when it was last changed). It is the content's
// furniture, whatever other names the element has ("content-section
// article-footer").
func isContentFooter(prev, w string) bool {
	return w == "footer" && contentWords[prev]
}

// isNamedContentFooter reports whether n's class or id names it the
// content's footer (isContentFooter): one kept because it wraps a part
// named content ("blog_footer" around a "prose" box about the blog) is
// still not prose to add back beside the content.
func isNamedContentFooter(n *html.Node) bool {
	kind, word := hintOf(n)
	return kind == hintStrong && word == contentFooterWord
}

// articleWords name an article's text, as opposed to any part's insides;
// footnoteWords its notes.
var (
	articleWords  = words("article articlebody entry entrycontent post postcontent story hentry blog")
	footnoteWords = words("footnote footnotes endnote endnotes")
)

// nameHas reports whether a word of n's class or id is in set.
func nameHas(n *html.Node, set map[string]bool) bool {
	found := false
	for _, a := range n.Attr {
		if a.Namespace == "" && isNameAttr(a.Key) {
			nameParts(namesRead(a.Val), func(w string) bool {
				found = set[w]
				return !found
			})
		}
		if found {
			return true
		}
	}
	return false
}

// isHeadingAnchor reports whether n is a <section> whose id is the anchor
// of its own heading, its first child element: the same letters, case
// aside, as the heading's text (section numbers, "¶" links and dashes
// aside), as documentation and paper generators write them. Other elements
// are not: a page's <figure id="comments"> with its heading "Comments" is
// where its comments go.
func isHeadingAnchor(n *html.Node, id string) bool {
	if n.DataAtom != atom.Section {
		return false
	}
	h := n.FirstChild
	for h != nil && h.Type != html.ElementNode {
		h = h.NextSibling
	}
	return h != nil && isHeading(h) && spellsText(h, id)
}

// spellsText reports whether id spells h's text: the same letters, case,
// digits, punctuation and "¶" links aside.
func spellsText(h *html.Node, id string) bool {
	// An id is short; a heading's text longer than maxAnchorRunes times
	// its letters is not read.
	want := letters(id)
	text := readableText(h, maxAnchorRunes*len(id)+16)
	return want != "" && letters(text) == want
}

// isSelfAnchor reports whether n is a heading whose id spells its text:
// the anchor a document's table of contents links to, as Markdown
// renderers, WordPress and Docusaurus write them. Its id names its topic
// and its class styles the anchor ("anchorWithStickyNavbar"): neither
// says it is boilerplate.
func isSelfAnchor(n *html.Node) bool {
	if !isHeading(n) {
		return false
	}
	id := getAttr(n, "id")
	// WordPress's block editor prefixes "h-" to the anchors it makes.
	return id != "" && (spellsText(n, id) || strings.HasPrefix(id, "h-") && spellsText(n, id[2:]))
}

// maxAnchorRunes bounds, per byte of an id, the heading text
// isHeadingAnchor reads.
const maxAnchorRunes = 4

// letters returns the letters of s, lowercased.
func letters(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// nameParts calls fn with each lowercase part of a class or id value,
// split at anything but letters and digits and where lowercase turns
// uppercase, until fn returns false. Parts longer than maxNamePart bytes
// are generated names and are skipped. A part is a slice of v, or, when
// it has capitals to lower, of v lowered once for all its parts: class
// lists are long and read often, and camel-cased names have several.
func nameParts(v string, fn func(string) bool) {
	start, upper := 0, false // the part so far is v[start:i]
	lower := ""              // v with its ASCII letters lowered, once a part needs it
	part := func(end int) bool {
		w := v[start:end]
		if w == "" || len(w) > maxNamePart {
			return true
		}
		if upper {
			// A part is ASCII letters and digits: lowered in place, its
			// bytes stay where they were.
			if lower == "" {
				lower = lowerASCII(v)
			}
			w = lower[start:end]
		}
		return fn(w)
	}
	prevLower := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			prevLower = c >= 'a'
		case 'A' <= c && c <= 'Z':
			if prevLower {
				if !part(i) {
					return
				}
				start = i
			}
			upper = true
			prevLower = false
		default:
			if !part(i) {
				return
			}
			start, upper = i+1, false
			prevLower = false
		}
	}
	part(len(v))
}

// lowerASCII returns s with its ASCII capitals lowered and every other
// byte as it was.
func lowerASCII(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// isNameAttr reports whether an attribute named key names the part its
// element is, and is read as class and id are: a test id or a component's
// name. Pages styled by CSS-in-JS have hashed classes ("css-1k7zvfh",
// "_6o3atz13p") that say nothing, and name their parts only there
// (data-testid="related-articles", data-name="DisplayBanner"). Other data
// attributes point at other parts (data-target, data-toggle) or say a
// topic (data-section="css"), not what their element is.
func isNameAttr(key string) bool {
	switch key {
	case "class", "id",
		"data-testid", "data-test-id", "data-test", "data-testing-id", "data-qa", "data-cy", "data-automation-id", "data-enzyme-id",
		"data-component", "data-module", "data-block", "data-name", "data-name-id":
		return true
	}
	return false
}

// nameSayer names, for the explain report, the attribute of n whose name
// says word: "class or id" for those, else the attribute itself
// ("data-testid"), so that a reader looks where the word came from.
func nameSayer(n *html.Node, word string) string {
	if nameHasWord(n, "class", word) || nameHasWord(n, "id", word) {
		return "class or id"
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && isNameAttr(a.Key) && nameHasWord(n, a.Key, word) {
			return a.Key
		}
	}
	return "class or id"
}

// nameHasWord reports whether n's attribute key says word, read as
// nameSayer reads it.
func nameHasWord(n *html.Node, key, word string) bool {
	found, prev := false, ""
	nameParts(namesRead(getAttr(n, key)), func(w string) bool {
		found = w == word || compound(prev, w) == word
		prev = w
		return !found
	})
	return found
}

// maxNamePart is the longest part of a class or id nameParts reads.
const maxNamePart = 24

// maxNameBytes is how much of a class or id value is read for the names
// of a part: a long Tailwind class list is a kilobyte; a hostile one of
// sixty thousand names, on a parent asked once for each of its children,
// would be read whole each time.
const maxNameBytes = 4096

// namesRead returns the names of v, a class or id value, that are read:
// those in its first maxNameBytes, cut at the last space within them.
func namesRead(v string) string {
	if len(v) <= maxNameBytes {
		return v
	}
	if i := strings.LastIndexAny(v[:maxNameBytes+1], " \t\n\f\r"); i > 0 {
		return v[:i]
	}
	return v[:maxNameBytes]
}

// remover detaches subtrees and can put them back: the scoring stage's
// removals are undone when it falls back to the body. Its decisions reach
// the explainer only when kept.
type remover struct {
	ex   *explainer
	done []removal
}

type removal struct {
	n, parent, next *html.Node
	decision        Decision
}

// remove detaches n, for the reason given. st is n's statistics as the
// scorer last summed them; the decision gives what n holds when it goes,
// as the passes before may have removed parts of it since (a score stays
// 0 for a rule that did not score).
func (r *remover) remove(n *html.Node, rule, reason string, st stat) {
	rm := removal{n: n, parent: n.Parent, next: n.NextSibling}
	if r.ex != nil {
		now := subtreeStat(n)
		if st.score == 0 {
			now.score = 0
		}
		rm.decision = Decision{Action: "dropped", Rule: rule, Path: selectorPath(n), Text: now.runes, Links: now.linkRunes, Score: now.score, Reason: reason}
	}
	n.Parent.RemoveChild(n)
	r.done = append(r.done, rm)
}

// undo puts every removed subtree back where it was.
func (r *remover) undo() {
	for i := len(r.done) - 1; i >= 0; i-- {
		rm := r.done[i]
		rm.parent.InsertBefore(rm.n, rm.next)
	}
	r.done = nil
}

// commit records the removals' decisions.
func (r *remover) commit() {
	if r.ex != nil {
		for _, rm := range r.done {
			r.ex.decisions = append(r.ex.decisions, rm.decision)
		}
	}
	r.done = nil
}

// pageFacts is what a page's metadata says of it that the scoring stage
// weighs (see meta).
type pageFacts struct {
	product bool       // the page is a product's (meta.product)
	offer   *html.Node // the product its microdata offers (meta.offer), or nil
	desc    string     // the description its JSON-LD gives the product (meta.productDesc)
	host    string     // the site's host (meta.siteHost), or ""
	authors []string   // the names of its writers (meta.authors)
}

// scoreContent is the scoring stage: it returns the content of a body that
// has no main marker (and, in ExtractAuto, no <main>), and records its
// choices in ex. facts are what the page's metadata says of it.
func scoreContent(body *html.Node, ex *explainer, facts pageFacts) []*html.Node {
	chrome := &remover{ex: ex}
	removeChrome(body, chrome, descKey(facts.desc))
	s := measure(body)
	page := s.get(body)
	if page.runes == 0 {
		// Never empty when the page has text: if its chrome is all it
		// says, the chrome is the content.
		chrome.undo()
		if st := statOf(body); st.runes > 0 {
			ex.choose(body, "body", "only the page's chrome has text: the whole body", st)
		} else {
			ex.choose(body, "empty", "the page has no text", stat{})
		}
		return []*html.Node{body}
	}
	chrome.commit()
	rm := &remover{ex: ex}
	var cutBylines map[*html.Node]bool
	if removeBoilerplate(body, s, rm, facts.product) {
		cutBylines = bylinesCut(rm.done, s)
		s.forget(body, rm.done)
	}
	total := s.get(body)

	content := body
	if a := singleArticle(body, s); a != nil {
		content = a
	} else if m := onlyElement(body, atom.Main, s); m != nil && s.get(m).score >= articleShare*total.score {
		// As strong a hint (auto mode takes a <main> before scoring):
		// the wrapper around it holds other posts' previews.
		content = m
	}
	var stop string // why the content narrowed no further, for explanations
	if content == body && plainDocument(body) {
		// Headings and paragraphs right in the body: the body is the
		// document, and its largest part is only a part of it.
		stop = "the body holds its headings and paragraphs itself: a plain document"
	}
	phone := screenOnlyScores(content, s)
	desc := descFollower{key: descKey(facts.desc)}
	if !facts.product {
		desc.key = ""
	}
	for stop == "" {
		best, score := bestChild(content, s)
		if best == nil {
			stop = "no child element holds text"
			break
		}
		if whole := s.get(content).score; score < descendShare*whole &&
			(phone[content] == phone[best] || score < descendShare*(whole-phoneBeside(content, best, phone, s))) &&
			!desc.follows(best, score, whole, s) {
			stop = "no child holds enough of its score"
			if ex != nil {
				// For the explanation, which child holds how much: it
				// formats every child of the content.
				stop = childShares(content, s)
			}
			break
		}
		if isBlock(best) {
			stop = "its best child is a block, " + selectorPart(best) + ", not a container"
			break
		}
		if content != body && nameHas(content, threadWords) && withText(content, s) >= 2 {
			stop = "it holds a thread's posts, kept whole"
			break
		}
		if content == facts.offer {
			// Its name, summary and rating above the description and its
			// details beside it are the product's as much as its
			// description is.
			stop = "it is the product the page offers (schema.org microdata), kept whole"
			break
		}
		if kind, word := hintOf(best); (kind == hintStrong || kind == hintWeak) && siteWords[strings.TrimSuffix(word, "s")] {
			// Named boilerplate but kept for its size: most often a
			// discussion, whose context (the story it discusses) stays
			// with it.
			stop = fmt.Sprintf("its best child, %s, is named %q but holds most of the score: kept with its context", selectorPart(best), word)
			break
		}
		content = best
	}

	fallback := func(why string) []*html.Node {
		rm.undo()
		ex.choose(body, "fallback", why+": the body without its chrome", ex.textStat(body))
		return []*html.Node{body}
	}
	cs := s.get(content)
	if cs.runes < minContentRunes && 3*cs.runes < page.runes {
		return fallback(fmt.Sprintf("the best subtree, %s, has only %d characters of text", selectorPart(content), cs.runes))
	}
	if content != body && cs.score < minContentShare*total.score {
		return fallback(fmt.Sprintf("the best subtree, %s, holds only %.0f%% of the page's score", selectorPart(content), 100*cs.score/total.score))
	}
	// The buy box's parts go before withTitle looks for the title outside
	// the content, and again after it (the summary it adds).
	nodes := desc.outsideBoxes(withSiblings(content, body, s))
	nodes = desc.outsideBoxes(withTitle(nodes, body, s, facts.product))
	pruneTeasers(content, body, nodes, s, rm)
	if facts.product {
		pruneProductCards(nodes, s, rm)
		pruneFillerText(nodes, s, rm)
		pruneDisclaimers(nodes, s, rm)
	}
	pruneLinkLists(content, s, rm, facts.host)
	pruneLogoWalls(nodes, s, rm)
	pruneRepeatedHeadings(nodes, s, rm)
	pruneLoopCopies(nodes, s, rm)
	pruneRepeats(nodes, s, rm)
	pruneTitleCopies(nodes, s, rm)
	pruneQuoteCopies(nodes, s, rm)
	pruneExcerpts(nodes, s, rm)
	pruneScreenCopies(nodes, s, rm)
	pruneRelated(nodes, s, rm)
	prunePointerLines(nodes, s, rm)
	pruneAuthorBios(nodes, facts.authors, s, rm)
	pruneAuthorLines(nodes, facts.authors, s, rm)
	pruneLeftBylines(nodes, cutBylines, s, rm)
	pruneItemControls(nodes, s, rm)
	pruneReviewCarousels(nodes, content, s, rm)
	prunePosterStats(nodes, s, rm)
	pruneKickers(nodes, s, rm)
	pruneTrailers(nodes, s, rm)
	for _, n := range nodes {
		pruneLinkBars(n, s, rm)
	}
	if facts.product {
		prunePurchaseForms(nodes, content, s, rm)
		pruneProductFiling(nodes, s, rm)
		pruneContactBoxes(nodes, content, s, rm)
	}
	pruneListShells(nodes, s, rm)
	// Last: a heading is over nothing once every pass above is done.
	pruneOrphanHeadings(nodes, s, rm)
	if !showsText(nodes, body) {
		// Never empty: the passes above may each have been right about
		// every part, and yet left nothing (a page of nothing but
		// "Related: ..." lines).
		return fallback(fmt.Sprintf("the passes after the choice left no text of %s", selectorPart(content)))
	}
	rm.commit()
	// A part added back beside the content that a pass above dropped (a
	// copy) is no longer on the page: it is not written either.
	nodes = slices.DeleteFunc(nodes, func(n *html.Node) bool { return n != content && n.Parent == nil })
	for _, n := range nodes {
		if n != content {
			ex.choose(n, "sibling", "prose or a title beside the content (an intro, a standfirst, a heading)", s.get(n))
			continue
		}
		rule := "score"
		if content == body {
			rule = "body"
		}
		if ex != nil {
			ex.choose(content, rule, "the deepest element holding nearly all of the page's content score; "+stop, statOf(content))
		}
	}
	return nodes
}

// descFollower narrows a product's page to its description when the
// description sits beside the buy box or the photo gallery (a shop's two
// columns: the photos and the description, the title, price, cart button,
// seller and delivery box). Neither column holds descendShare of the score, so
// the content would stop above both; the column holding the description
// that the product's JSON-LD gives is what the page is about, the buy
// box beside it what every listing of the shop repeats: its prose is not
// added back beside the content, its title is. Once out of the buy box,
// the content follows the description down its column (past the buy box
// above it, the shop's delivery, returns and seller boxes under it, unless
// they are prose withSiblings adds back), up to descFollows times.
type descFollower struct {
	key   string       // the description's leading words (descKey), or "" when not a product's page
	boxes []*html.Node // the buy box the content left (its parts holding a cart form), if it did
	n     int          // how many times the content followed the description
}

// follows reports whether the content narrows to best, holding score of
// its parent's whole, although best holds less than descendShare: best
// holds descFollowShare of the score or more and the description, and
// either the content already left a buy box or best's siblings are a buy
// box (buyBoxBeside).
func (d *descFollower) follows(best *html.Node, score, whole float64, s *scorer) bool {
	if d.key == "" || d.n >= descFollows || score < descFollowShare*whole {
		return false
	}
	if holds, _ := holdsDesc(best, d.key); !holds {
		return false
	}
	if d.boxes == nil {
		if d.boxes = buyBoxBeside(best, s); d.boxes == nil {
			return false
		}
	}
	d.n++
	return true
}

// outsideBoxes returns nodes without those in the buy box the content
// left but its title (<h1>): its seller's blurb or delivery note is prose
// that withSiblings or withTitle would add back.
func (d *descFollower) outsideBoxes(nodes []*html.Node) []*html.Node {
	if d.boxes == nil {
		return nodes
	}
	return slices.DeleteFunc(nodes, func(n *html.Node) bool {
		return n.DataAtom != atom.H1 && slices.ContainsFunc(d.boxes, func(b *html.Node) bool { return b == n || isAncestor(b, n) })
	})
}

// descFollowShare is the least share of its parent's score the part
// holding a product's description has for descFollower to narrow to it;
// descFollows is how many times it does at most (each reads a bounded
// text, descSpan times the description's key).
const (
	descFollowShare = 0.5
	descFollows     = 8
)

// buyBoxRest is the most share of its parent's score a sibling of the
// description's column that is not the buy box may hold: photos, a
// "Report this item" link, not a section of specs or questions.
const buyBoxRest = 0.05

// photoWords name a product's photo gallery, whose text is a carousel's
// instructions or its captions ("This is an image gallery carousel with
// clickable slides...").
var photoWords = words("gallery carousel slider slideshow photos media")

// buyBoxBeside returns the buy box beside n, when n's siblings with text
// are one: one or more holding a form that puts the product in the cart
// (isPurchaseForm) or named a photo gallery (photoWords), the others of
// little score (under buyBoxRest of the parent's); else nil. Stacked
// sections beside a description (specs, FAQs) are the product's too, and
// keep the content above them.
func buyBoxBeside(n *html.Node, s *scorer) []*html.Node {
	whole := s.get(n.Parent).score
	var boxes []*html.Node
	for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
		st, ok := s.stats[c]
		if c == n || !ok {
			continue
		}
		if findFirst(c, isPurchaseForm) != nil || nameHas(c, photoWords) {
			boxes = append(boxes, c)
		} else if st.score >= buyBoxRest*whole {
			return nil
		}
	}
	return boxes
}

// plainDocument reports whether the body holds its headings and
// paragraphs directly, as a plain document does (three or more with text),
// rather than in regions of its own.
func plainDocument(body *html.Node) bool {
	n := 0
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.P, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			if strings.TrimSpace(textContent(c)) != "" {
				n++
			}
		}
	}
	return n >= 3
}

// singleArticle returns the page's one <article>, when it has only one
// (outside other articles) and it holds at least articleShare of the
// page's score: a strong hint, where a list of article teasers is none.
func singleArticle(body *html.Node, s *scorer) *html.Node {
	found := onlyElement(body, atom.Article, s)
	if found == nil || s.get(found).score < articleShare*s.get(body).score {
		return nil
	}
	return found
}

// onlyElement returns the one element of kind a with text under root
// (outside others of its kind), or nil when there is none or more than one.
func onlyElement(root *html.Node, a atom.Atom, s *scorer) *html.Node {
	var found *html.Node
	n := 0
	walk(root, func(c *html.Node) bool {
		if c.DataAtom == a {
			if _, ok := s.stats[c]; ok {
				found = c
				n++
			}
			return false
		}
		return n < 2
	})
	if n != 1 {
		return nil
	}
	return found
}

// siblingLevels is how many levels above the chosen content its siblings
// are looked at.
const siblingLevels = 3

// withSiblings returns content with the siblings of it and of its nearest
// ancestors (up to siblingLevels, not above body) that are prose, in page
// order: an intro or a standfirst set apart from the article's body.
func withSiblings(content, body *html.Node, s *scorer) []*html.Node {
	nodes := []*html.Node{content}
	n := content
	items := itemKinds(content, s)
	for range siblingLevels {
		if n == body || n.Parent == nil {
			break
		}
		like := func(c *html.Node) bool {
			return isProseBlock(c, s) || isLike(c, content, s) || holdsItems(c, items) || isFootnotes(c) || isSpecs(c, s)
		}
		if n.Parent == body {
			// The body's children are the page's regions: of those beside
			// the content, only its footnotes and the title right before
			// it are its own.
			like = isFootnotes
			if c := prevWithText(n, s); c != nil && isTitleBlock(c, s) {
				nodes = append([]*html.Node{c}, nodes...)
			}
		}
		var before []*html.Node
		for c := n.PrevSibling; c != nil; c = c.PrevSibling {
			if like(c) && !isFormBox(c, s) || n.Parent != body && (isTitleBlock(c, s) || isArticleHeader(c, s) || isItemLinks(c, s)) {
				before = append(before, c)
			}
		}
		slices.Reverse(before)
		nodes = append(before, nodes...)
		for c := n.NextSibling; c != nil; c = c.NextSibling {
			if like(c) && !isAuthorBio(c, s) && !isNamedContentFooter(c) && !isFaintProse(c, n, content, items, s) && !isFormBox(c, s) {
				nodes = append(nodes, c)
			}
		}
		if n.Parent == body {
			break
		}
		n = n.Parent
	}
	return nodes
}

// itemLinks is the least number of links, and itemLinkRunes the least
// mean length of their text, that make a list of links a list of items
// rather than a menu: a menu's, a pager's or a toolbar's links are a
// word or three ("Sofas", "Next", "Sort by"), an item's title names it
// whole ("MacBook Air, 13-inch, M5 Chip, Midnight, 16GB memory").
// itemLinkReads bounds the elements isItemLinks reads of a part.
const (
	itemLinks     = 6
	itemLinkRunes = 40
	itemLinkReads = 4096
)

// isItemLinks reports whether n is made of links (nearly all its text),
// itemLinks or more of them, to other pages (not a table of contents'
// places in this one), whose text is itemLinkRunes long or more on the
// mean: a listing's items, each named in full.
func isItemLinks(n *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || n.Type != html.ElementNode || 10*st.linkRunes < 9*st.runes || st.linkRunes < itemLinks*itemLinkRunes {
		return false
	}
	most := st.linkRunes / itemLinkRunes // more links are shorter
	links, reads := 0, 0
	walk(n, func(d *html.Node) bool {
		if reads++; reads > itemLinkReads || links > most {
			return false
		}
		if isLink(d) {
			if !strings.HasPrefix(strings.TrimSpace(getAttr(d, "href")), "#") {
				links++
			}
			return false
		}
		return true
	})
	return reads <= itemLinkReads && links >= itemLinks && links <= most
}

// isFormBox reports whether n is a short part (up to signupRunes) holding
// a form the forms pass listed: a box beside the content asking the
// reader for something (a sign-up with a name and an email, its pitch and
// its thanks; a search box under a note about the site), which is the
// site's, however its few lines score as prose. withSiblings does not add
// it back beside the content.
func isFormBox(n *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || st.runes > signupRunes {
		return false
	}
	return findFirst(n, func(c *html.Node) bool {
		_, form := attrOK(c, formListAttr)
		return form
	}) != nil
}

// afterProseScore is the least score a character of its text outside
// links that a block after the content, added back as prose only, needs:
// more than before it (isProseBlock's 1.05), as what follows an article
// is likelier a sign-up box, an offer or a note about the site than its
// text. The bar is a text with five punctuation marks, which textScore
// weighs 1 + 5×0.03 = 1.15 a character: such a text passes, one with
// four (1.12) does not. It is written 1.149, a thousandth under 1.15,
// because a block's score is summed over its text nodes in floating
// point, and such a sum may fall a rounding error short of 1.15 times the
// block's length: at exactly 1.15 the bar would fail some of the texts it
// is meant to pass.
const afterProseScore = 1.149

// longAfterProseScore is what a block after the content of longFaintRunes
// characters or more outside links needs a character instead: a text
// scores at most 1.3 a character (ten marks, see textScore), which a
// short one cannot reach, but a long run of sentences mostly does; a
// long block just over afterProseScore is a few marks spread over a
// mission statement, a disclaimer or a list of categories.
const longAfterProseScore = 1.25

// longFaintRunes is the length from which a block after the content
// needs longAfterProseScore: prose has a mark about every 30 characters,
// so ten of them from here.
const longFaintRunes = 300

// isFaintProse reports whether c, a sibling after the content or after
// n, its ancestor, is like the content only as prose (isProseBlock), and
// only narrowly: short prose (up to proseRunes outside links) scoring
// under afterProseScore a character (longAfterProseScore from
// longFaintRunes characters), not a paragraph, neither of the content's
// kind, items, footnotes or specs, nor of n's element and class (the
// thread's next post). Whether such a block is prose turns on a few
// words; after the content it is most often a call to sign up or to get
// in touch.
func isFaintProse(c, n, content *html.Node, items map[itemKind]bool, s *scorer) bool {
	st, ok := s.stats[c]
	if !ok || c.Type != html.ElementNode || c.DataAtom == atom.P {
		// A paragraph right beside the content is its text.
		return false
	}
	text := st.runes - st.linkRunes
	least := afterProseScore
	if text >= longFaintRunes {
		least = longAfterProseScore
	}
	if text > proseRunes || st.score >= least*float64(text) {
		return false
	}
	if cls := getAttr(c, "class"); cls != "" && c.DataAtom == n.DataAtom && cls == getAttr(n, "class") {
		return false
	}
	return !isLike(c, content, s) && !holdsItems(c, items) && !isFootnotes(c) && !isSpecs(c, s)
}

// withTitle returns nodes, the content and its siblings in page order,
// with the page's title before them when they lack it: the page's only
// <h1>, above the content in a part of the page that holds both (a post's
// heading, several wrappers above its text), where the siblings added back
// do not reach; on a product's page (product), with the summary after it.
func withTitle(nodes []*html.Node, body *html.Node, s *scorer, product bool) []*html.Node {
	h1 := onlyElement(body, atom.H1, s)
	if h1 == nil {
		return nodes
	}
	for _, n := range nodes {
		if n == h1 || isAncestor(n, h1) {
			return nodes
		}
	}
	// The title is above the first node, under one of its ancestors below
	// the body. Which comes first is which of the ancestor's children
	// holding them does: those are found from below, once, not asked of
	// each child (thousands of them, the title hundreds deep).
	first := nodes[0]
	for a := first.Parent; a != nil && a != body; a = a.Parent {
		if !isAncestor(a, h1) {
			continue
		}
		hc, fc := childToward(a, h1), childToward(a, first)
		for c := a.FirstChild; c != nil; c = c.NextSibling {
			switch c {
			case hc:
				return append(titleHeader(h1, c, s, product), nodes...)
			case fc:
				return nodes // the <h1> comes after the content
			}
		}
	}
	return nodes
}

// childToward returns the child of a that is n or holds it, or nil when
// a is not above n.
func childToward(a, n *html.Node) *html.Node {
	for ; n != nil; n = n.Parent {
		if n.Parent == a {
			return n
		}
	}
	return nil
}

// titleHeader returns the <h1> with the prose of the header it opens,
// up to its ancestor top, in page order: a standfirst, the article's key
// points, but not its byline or its date; on a product's page (product),
// the summary right after it too (summaryAfter).
func titleHeader(h1, top *html.Node, s *scorer, product bool) []*html.Node {
	nodes := []*html.Node{h1}
	if product {
		nodes = append(nodes, summaryAfter(h1, s)...)
	}
	for n := h1; n != top && n.Parent != nil; n = n.Parent {
		var before []*html.Node
		for c := n.PrevSibling; c != nil; c = c.PrevSibling {
			if isKeyPoints(c, s) {
				before = append(before, c)
			}
		}
		slices.Reverse(before)
		nodes = append(before, nodes...)
		after := n.NextSibling
		if n == h1 {
			after = nodes[len(nodes)-1].NextSibling // past the summary
		}
		for c := after; c != nil; c = c.NextSibling {
			if isKeyPoints(c, s) {
				nodes = append(nodes, c)
			}
		}
	}
	return nodes
}

// summaryAfter returns a product's summary: the blocks right after its
// title h1, up to the first with text that is not a summary, 60 characters
// or more outside links, under a quarter links, ending a sentence and
// scoring as sentences do (summaryScore; its bold key words, a shop's
// habit, keep it under prose's), or the product's key features
// (isFeatureList). Up to two short blocks before the first (a rating
// row: "(1) Write a Review") are passed over, and left out. On a product's page the content often
// narrows to the description, in a tab below the gallery; the name above
// it comes back (withTitle), and its summary beside it should too.
func summaryAfter(h1 *html.Node, s *scorer) []*html.Node {
	var nodes []*html.Node
	skipped := 0
	for c := h1.NextSibling; c != nil; c = c.NextSibling {
		st, ok := s.stats[c]
		if !ok || c.Type != html.ElementNode {
			continue
		}
		text := st.runes - st.linkRunes
		if isFeatureList(c, st) {
			nodes = append(nodes, c)
			continue
		}
		if text < 60 && len(nodes) == 0 && skipped < 2 {
			skipped++ // a rating row between the name and its summary
			continue
		}
		end, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(textContent(c)))
		if text < 60 || 4*st.linkRunes > st.runes || st.score < summaryScore*float64(text) || !strings.ContainsRune(".!?", end) {
			break
		}
		nodes = append(nodes, c)
	}
	return nodes
}

// isFeatureList reports whether n is a product's key features: a list,
// or an element of one list, of three to eight items without links, each
// a few words.
func isFeatureList(n *html.Node, st stat) bool {
	if st.linkRunes > 0 || st.runes > 400 {
		return false
	}
	list := n
	if n.DataAtom != atom.Ul {
		list = onlyChildElement(n)
		if list == nil || list.DataAtom != atom.Ul {
			return false
		}
	}
	items := 0
	for c := list.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.DataAtom != atom.Li || utf8.RuneCountInString(strings.TrimSpace(textContent(c))) > 80 {
			return false
		}
		items++
	}
	return items >= 3 && items <= 8
}

// onlyChildElement returns n's one child element, or nil when it has
// none or more.
func onlyChildElement(n *html.Node) *html.Node {
	var only *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			if only != nil {
				return nil
			}
			only = c
		}
	}
	return only
}

// isKeyPoints reports whether n is a list of sentences (isProseBlock): an
// article's key points set beside its title.
func isKeyPoints(n *html.Node, s *scorer) bool {
	return isProseBlock(n, s) && findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Li }) != nil
}

// isProseBlock reports whether n is an element of sentences, few links;
// or of long text, few links, whose lists and subheadings (fragments
// without punctuation) keep its score under that of sentences: an intro
// written as a section of its own, with its own list of points.
func isProseBlock(n *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || n.Type != html.ElementNode {
		return false
	}
	text := st.runes - st.linkRunes
	if 4*st.linkRunes > st.runes {
		return false
	}
	if text > proseRunes && st.score >= longProseScore*float64(text) {
		return true
	}
	return text >= 60 && st.score >= 1.05*float64(text)
}

// isLike reports whether n is a part of the page like content: an element
// of the same kind and class (a second list of products), one with a fifth
// of its score and as few links (a second column of the article), or,
// beside a listing, text that is mostly not links (the listing's intro).
func isLike(n, content *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || n.Type != html.ElementNode {
		return false
	}
	cs := s.get(content)
	if n.DataAtom == content.DataAtom && getAttr(n, "class") == getAttr(content, "class") && getAttr(n, "class") != "" {
		return true
	}
	linkShare := func(st stat) float64 { return float64(st.linkRunes) / float64(max(st.runes, 1)) }
	if linkShare(cs) >= 0.5 && st.runes-st.linkRunes >= 60 && linkShare(st) <= 0.5 {
		// Beside a listing, text that is mostly not links is its intro.
		return true
	}
	return st.score >= 0.2*cs.score && linkShare(st) <= max(0.25, linkShare(cs)+0.1)
}

// itemKind is an element and its class: what a listing's items share.
type itemKind struct{ tag, class string }

// minItems is the least number of content's children of one kind that
// make them a listing's items.
const minItems = 3

// itemKinds returns the kinds of content's items: the elements with a
// class that minItems or more of its children share ("div.product-item"),
// each holding on average no more text than a teaser (teaserRunes): cards,
// not an article's sections, which a site's generated classes ("n p")
// may name alike.
func itemKinds(content *html.Node, s *scorer) map[itemKind]bool {
	type tally struct{ n, runes int }
	tallies := map[itemKind]tally{}
	for c := content.FirstChild; c != nil; c = c.NextSibling {
		if class := getAttr(c, "class"); c.Type == html.ElementNode && class != "" {
			k := itemKind{c.Data, class}
			t := tallies[k]
			tallies[k] = tally{t.n + 1, t.runes + s.get(c).runes}
		}
	}
	kinds := map[itemKind]bool{}
	for k, t := range tallies {
		if t.n >= minItems && t.runes <= teaserRunes*t.n {
			kinds[k] = true
		}
	}
	return kinds
}

// holdsItems reports whether n holds two or more items of kinds, the
// listing content's: a second grid of the same cards beside it, under a
// heading of its own ("Add-ons"), too short to score like the content.
func holdsItems(n *html.Node, kinds map[itemKind]bool) bool {
	if len(kinds) == 0 || n.Type != html.ElementNode {
		return false
	}
	k := 0
	walk(n, func(c *html.Node) bool {
		if c.Type != html.ElementNode || k >= 2 {
			return false
		}
		if kinds[itemKind{c.Data, getAttr(c, "class")}] {
			k++
			return false
		}
		return true
	})
	return k >= 2
}

// prevWithText returns the closest previous sibling of n that has text.
func prevWithText(n *html.Node, s *scorer) *html.Node {
	for c := n.PrevSibling; c != nil; c = c.PrevSibling {
		if _, ok := s.stats[c]; ok && c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

// specWords name a product's specifications.
var specWords = words("spec specs specification specifications techspecs")

// specsLevels is how many levels under a part isSpecs looks for the part
// named for the specifications that holds most of its text.
const specsLevels = 4

// isSpecs reports whether n is a part named for a product's
// specifications, with text: a specs table beside the description, which
// the score of its fragments does not make prose. So is a part whose
// text is mostly such a part's, up to specsLevels levels under it (each
// holding more than half of n's text): the shop's tab panel around its
// "Data sheet", PrestaShop's table.data-sheet of the product's features.
func isSpecs(n *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || n.Type != html.ElementNode {
		return false
	}
	for range specsLevels + 1 {
		if nameHas(n, specWords) || nameHasWord(n, "class", "datasheet") {
			return true
		}
		var most *html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && 2*s.stats[c].runes > st.runes {
				most = c
				break
			}
		}
		if most == nil {
			return false
		}
		n = most
	}
	return false
}

// isFootnotes reports whether n is, or holds, the article's footnotes.
func isFootnotes(n *html.Node) bool {
	return n.Type == html.ElementNode && findFirst(n, func(c *html.Node) bool {
		r := getAttr(c, "role")
		return hasToken(r, "doc-endnotes") || hasToken(r, "doc-footnote") || nameHas(c, footnoteWords)
	}) != nil
}

// isTitleBlock reports whether n is a heading, or a short block holding
// one: the title of the content that follows it.
func isTitleBlock(n *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || n.Type != html.ElementNode || st.runes > 300 {
		return false
	}
	switch n.DataAtom {
	case atom.H1, atom.H2:
		return true
	}
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.H1 }) != nil
}

// isLinkedTitle reports whether n is a title block with one link: its
// text all in headings (up to 300 characters), one of them a link and
// another not, as a roundup's item opens with its product's name linked
// under its award (and its picture, linked to the product too: links
// without text are not counted). A linked heading alone is a card
// pointing elsewhere.
func isLinkedTitle(n *html.Node, s *scorer) bool {
	st := s.get(n)
	if st.runes > 300 {
		return false
	}
	inHeadings, links := 0, 0
	walk(n, func(c *html.Node) bool {
		if c.Type != html.ElementNode {
			return false
		}
		if isLink(c) && s.get(c).runes > 0 {
			// A picture linked beside the title, without text, is
			// no second link.
			links++
		}
		if isHeading(c) && !inHeading(c, n) {
			inHeadings += s.get(c).runes
		}
		return true
	})
	return links == 1 && inHeadings == st.runes && st.linkRunes < st.runes
}

// inHeading reports whether an ancestor of n, below top, is a heading.
func inHeading(n, top *html.Node) bool {
	for p := n.Parent; p != nil && p != top; p = p.Parent {
		if isHeading(p) {
			return true
		}
	}
	return false
}

// isArticleHeader reports whether n is the header of the article it opens:
// a block holding its <h1>, with a standfirst and a byline beside it, up to
// headerRunes of text and mostly not links.
func isArticleHeader(n *html.Node, s *scorer) bool {
	st, ok := s.stats[n]
	if !ok || n.Type != html.ElementNode || st.runes > headerRunes || 2*st.linkRunes > st.runes {
		return false
	}
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.H1 }) != nil
}

// isBlock reports whether n is a block of content rather than a container
// of blocks: the content never narrows to a paragraph, a list or a table,
// which would leave out its heading and its siblings.
func isBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.P, atom.Pre, atom.Blockquote, atom.Ul, atom.Ol, atom.Dl, atom.Li,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Figure, atom.Details:
		return true
	case atom.Table, atom.Thead, atom.Tbody, atom.Tfoot, atom.Tr, atom.Td, atom.Th:
		// A data table is a block: a part of it is no table at all. A
		// layout table's cells are regions of the page, as divs are.
		t := n
		for t != nil && t.DataAtom != atom.Table {
			t = t.Parent
		}
		if t == nil {
			return false
		}
		rows, _ := tableRows(t)
		return !isLayoutTable(t, rows)
	}
	return false
}

// childShares describes how n's score is spread over its children, the
// largest shares first, for explanations.
func childShares(n *html.Node, s *scorer) string {
	type share struct {
		n *html.Node
		f float64
	}
	var shares []share
	total := s.get(n).score
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if st, ok := s.stats[c]; ok && c.Type == html.ElementNode && total > 0 {
			shares = append(shares, share{c, st.score * weight(c) / total})
		}
	}
	sort.Slice(shares, func(i, j int) bool { return shares[i].f > shares[j].f })
	var parts []string
	for i, sh := range shares {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("%d more", len(shares)-3))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %.0f%%", selectorPart(sh.n), 100*sh.f))
	}
	return fmt.Sprintf("no child holds %.0f%% of its score (%s)", 100*descendShare, strings.Join(parts, ", "))
}

// bestChild returns n's child element with the highest weighted score,
// and that score.
func bestChild(n *html.Node, s *scorer) (*html.Node, float64) {
	var best *html.Node
	var bestScore float64
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		st, ok := s.stats[c]
		if !ok {
			continue
		}
		if sc := st.score * weight(c); best == nil || sc > bestScore {
			best, bestScore = c, sc
		}
	}
	return best, bestScore
}

// screenOnlyScores returns, for each element under root (root included)
// that a class shows on small screens only (smallScreenOnly) or that holds
// such parts, the score of those parts, for phoneBeside.
func screenOnlyScores(root *html.Node, s *scorer) map[*html.Node]float64 {
	scores := map[*html.Node]float64{}
	var visit func(n *html.Node) float64
	visit = func(n *html.Node) float64 {
		st, ok := s.stats[n]
		if !ok || n.Type != html.ElementNode {
			return 0
		}
		if s.screenOnly(n) {
			scores[n] = st.score
			return st.score
		}
		sum := 0.0
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			sum += visit(c)
		}
		if sum > 0 {
			scores[n] = sum
		}
		return sum
	}
	visit(root)
	return scores
}

// phoneReads bounds the text phoneBeside reads, as a multiple of the text
// of content outside best.
const phoneReads = 4

// phoneBeside returns the score of the parts under content, outside best,
// that a class shows on small screens only and whose words the rest of
// content outside best says (copyShare): a phone's copy of a promo bar or
// of a menu beside best, which a reader sees instead of the wide
// screen's, not besides it. Counted, it would weigh that bar twice and
// keep it, with the page's other bars, beside the content. A phone's copy
// of best's own text (a product's description written twice) is not
// one: the pair is content's, not best's. The parts outside best are
// read once per level the content narrows by, each level's apart from
// the others', and within phoneReads times their text.
func phoneBeside(content, best *html.Node, phone map[*html.Node]float64, s *scorer) float64 {
	var parts []*html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c == best || phone[c] == 0:
			case s.screenOnly(c):
				parts = append(parts, c)
			default:
				find(c)
			}
		}
	}
	find(content)
	budget := phoneReads * (s.get(content).runes - s.get(best).runes + 1)
	isPart := map[*html.Node]bool{best: true}
	for _, p := range parts {
		isPart[p] = true
	}
	said := map[string]bool{}
	walk(content, func(n *html.Node) bool {
		if budget <= 0 || isPart[n] {
			return false
		}
		if n.Type == html.TextNode {
			budget -= len(n.Data)
			for _, w := range textWords(n.Data) {
				said[w] = true
			}
		}
		return true
	})
	sum := 0.0
	for _, p := range parts {
		k, all := 0, 0
		walk(p, func(n *html.Node) bool {
			if budget <= 0 {
				return false
			}
			if n.Type == html.TextNode {
				budget -= len(n.Data)
				for _, w := range textWords(n.Data) {
					all++
					if said[w] {
						k++
					}
				}
			}
			return true
		})
		if budget <= 0 {
			return 0 // too much to read: counted as it stands
		}
		if 5*k >= copyShare*all {
			sum += phone[p]
		}
	}
	return sum
}

// pruneReviewCarousels drops the carousels of reviews in the content, on
// any page: parts named for reviews and for a carousel (reviewWords,
// carouselWords: "reviews-carousel"), the content's root aside, however
// long their reviews run: the shop's picks of what its buyers said, not
// the page's text. (On a product's page, its reviews named so went
// before.) They go once the content is chosen, not before: the listing
// they sit in, with its intro beside it, is still the content.
func pruneReviewCarousels(nodes []*html.Node, content *html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			if _, ok := s.stats[n]; !ok {
				return false
			}
			if nameHas(n, reviewWords) && nameHas(n, carouselWords) && n != content {
				drop = append(drop, n)
				return false
			}
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "boilerplate", "a carousel of reviews: what buyers said, the shop's picks", s.get(n))
	}
}

// removeBoilerplate removes, through rm, the outermost subtrees under root
// that say they are boilerplate (skip links, copyright lines) or are named
// so, unless they hold most of the page, are long prose under a misleading
// name, or wrap a part named content, and avatars, which have no text to
// be scored by. A word of siteWords whose subtrees together hold more than
// boilerplateMaxShare of the page's text, when what the other removals
// leave is too short to be an article or they hold nearly all of it, is
// how this site names its content ("comment" on a forum, "promo" on a
// shop) and removes nothing; a part that says one thing over and over
// (saysOneThing) is no such content. Subtrees with a marker are the page
// author's choice and stay. It reports whether it removed any.
func removeBoilerplate(root *html.Node, s *scorer, rm *remover, product bool) bool {
	type candidate struct {
		n    *html.Node
		word string
		st   stat
	}
	total := s.get(root)
	signups := signupBoxes(root, s)
	ignored := map[string]bool{}
	texts := partTexts{}
	kinds := elementKinds{root: root} // nothing is removed before the end
	twins := siblingKinds{}
	hints := hintCache{}
	var drop []candidate
	for range 4 {
		drop = drop[:0]
		byWord := map[string]int{}
		var visit func(n *html.Node)
		visit = func(n *html.Node) {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type != html.ElementNode {
					continue
				}
				if _, marked := markerOf(c); marked {
					continue
				}
				if isPreformatted(c.DataAtom) {
					// Code is content whole: highlighters name the spans
					// of a comment in it "hljs-comment", "token comment".
					continue
				}
				st, ok := s.stats[c]
				if isAvatar(c, st) {
					drop = append(drop, candidate{c, "an avatar: a picture of the poster, whose name is beside it", st})
					continue
				}
				if !ok {
					// No text: nothing to decide, but the avatars in
					// it, in a wrapper of their own ("author-pic").
					for _, a := range avatarsIn(c) {
						drop = append(drop, candidate{a, "an avatar: a picture of the poster, whose name is beside it", stat{}})
					}
					continue
				}
				if signups[c] {
					drop = append(drop, candidate{c, "a newsletter sign-up: a form asking only for an email address, with its heading and pitch", st})
					continue
				}
				var ctext partText // c's text, when short
				if st.runes <= copyrightRunes && isCopyrightLine(c, st) {
					drop = append(drop, candidate{c, "a copyright line", st})
					continue
				}
				if st.runes <= boilerplateTextRunes {
					ctext = texts.of(c)
					delete(texts, c) // read by no other part: its parts' are
					// A few words in more spaces and elements than a page
					// indents a line with are not judged.
					if ctext.reads <= boilerplateTextReads {
						if reason := boilerplateText(c, ctext.text, st, s.stats[n]); reason != "" {
							drop = append(drop, candidate{c, reason, st})
							continue
						}
						// A product's date (a game's release) is what
						// the product is, not when a page was written.
						dateLine := !product && isDateLine(c, ctext.text)
						if (isByline(c, ctext.text) || isReadingTime(ctext.text) || dateLine) && kinds.onlyBylineOfItsKind(c) {
							// Each item of a list (a Slashdot story, a
							// paper's listing, a forum's post) has its
							// own: its field.
							reason := "a byline: who wrote the article, and when"
							switch {
							case isByline(c, ctext.text):
							case isReadingTime(ctext.text):
								reason = "a reading time: how long the article is, not what it says"
							default:
								reason = "an article's date alone: when it was written, not what it says"
							}
							drop = append(drop, candidate{c, reason, st})
							continue
						}
					}
				}
				kind, word := hints.of(c)
				// A product's reviews, named so, wrap content only as
				// furniture does (strictly): each review's text may be
				// styled "prose" or named "content". The shop's
				// testimonials, what its customers say of the shop, are
				// not the product's text either, though a service's page
				// is much of them.
				reviews := false
				if product && kind != hintStrong && (nameHas(c, reviewWords) || nameHas(c, testimonialWords)) {
					kind, word, reviews = hintStrong, "reviews", true
				}
				family := strings.TrimSuffix(word, "s")
				if (kind == hintStrong || kind == hintWeak) && !inSentence(c) {
					switch {
					case ignored[family]:
					case kind == hintWeak && linkWords[word] && st.runes-st.linkRunes >= navProseRunes && 5*st.linkRunes < st.runes:
						// Navigation is made of links; this is text, in a
						// part named for the navigation that leads to it
						// ("lm_navSource"), or a restaurant's menu.
					case kind == hintWeak && drawnWords[word] && isItemLinks(c, s):
						// Links each as long as a line of text, in a part
						// named for the buttons they are drawn as
						// ("selection-buttons"): a listing's items, not
						// controls. (Navigation of such links, a column of
						// headlines, is still navigation.)
					case kind == hintWeak && linkWords[word] && isLinkedSentence(st, ctext):
						// A sentence with a link in it, in a part named for
						// navigation: a note that points to another page
						// ("The main article for this category is ..."),
						// not the navigation itself.
					case kind == hintWeak && sideWords[word] && twins.hasTwin(c):
						// One of a run of parts alike, each named for the
						// side its picture sits on ("n-switchback
						// n-sidebar-left"): rows of the content laid out
						// so, not the page's sidebar, of which a side has
						// one.
					case word == "cta" && st.runes-st.linkRunes >= ctaTextRunes:
						// A call to action is a button and a line; this is
						// text, a service's offer named for its button.
					case kind == hintWeak && facetWords[word] && !isFacets(word, st):
						// Sentences in a part named for filtering: the
						// items of a filterable grid, not its filters.
					case word == userDetailsWord && holdsPosterName(c, st):
						// The poster's name with what the forum says of
						// them (XenForo's "message-userDetails"): the name
						// stays, the rank and banner go by their own names.
					case word == "author box" && st.linkRunes == st.runes:
						// Only links: the names of a byline
						// ("loop-card__author-list"), not a box about them.
					case adWords[family] && isHeading(c):
						// An advert is a slot for a picture or a script,
						// not a heading: a heading named "ad" titles a
						// sponsored item of the listing ("ad-listing-title")
						// or its id spells a section on adverts
						// ("how-to-add-shopping-ads").
					case family == "signature" && findFirst(c, isHeading) != nil:
						// A signature is a line or two under a forum post; a
						// part with a heading is a section on the topic
						// ("signature-dishes", an id made from a heading).
					case kind == hintStrong && isProse(st) && !proseWords[word] && !saysOneThing(c, st) && !(reviews && holdsBuyersReviews(c, s, st)):
						// Boilerplate is short or made of links; this is
						// text, named for something else ("SQL-FOR-UPDATE-SHARE").
						// (A sidebar or a footer may hold prose: not content.)
						// A product's reviews in prose are the shop's own
						// review, unless the prose is its buyers' reviews.
					case family == "widget" && isItemField(c, s, st):
						// One of the fields of a list's items, each drawn
						// as a widget (a game's blurb in a shop's grid):
						// the item's text, not the page's furniture.
						// Its text is still the widgets' for the
						// question whether they are the site's content.
						byWord[family] += st.runes
					case !siteWords[family] && float64(st.runes) > wrapperShare*float64(total.runes):
						// Most of the page: a wrapper named for one of
						// its parts ("reader-nav-root"), not that part.
					case wrapsContent(c, s, st, total, kind == hintWeak || reviews || aboutWriter[word], family):
					default:
						drop = append(drop, candidate{c, word, st})
						if !siteWords[family] || !saysOneThing(c, st) {
							// A part that says one thing over and over (a
							// promo bar's message in each currency) is no
							// site's content, however long.
							byWord[family] += st.runes
						}
						continue
					}
				}
				visit(c)
			}
		}
		visit(root)
		left := total.runes
		for _, runes := range byWord {
			left -= runes
		}
		stable := true
		for w, runes := range byWord {
			if (siteWords[w] || reviewWords[w]) && float64(runes) > boilerplateMaxShare*float64(total.runes) &&
				(left < minArticleRunes || float64(runes) > discussionShare*float64(total.runes)) {
				ignored[w] = true
				stable = false
			}
		}
		if stable {
			break
		}
	}
	for _, d := range drop {
		reason := d.word
		if !strings.Contains(reason, " ") {
			reason = nameSayer(d.n, d.word) + " says " + quote(d.word)
		}
		rm.remove(d.n, "boilerplate", reason, d.st)
	}
	return len(drop) > 0
}

// sideWords name a page's sidebar: one on each side at most.
var sideWords = words("sidebar side rail")

// siblingKinds counts, for each parent hasTwin was asked about, its
// children of each tag and class list, read once per parent: hasTwin is
// asked of each child, and a parent may have a hundred thousand, each
// named for a side and of a class of its own.
type siblingKinds map[*html.Node]map[siblingKind]int

// siblingKind is what hasTwin compares: a tag and a class list.
type siblingKind struct{ tag, class string }

// hasTwin reports whether an element beside n, a sibling, has n's tag and
// its class list, and n has one. The tree must not change between calls.
func (k siblingKinds) hasTwin(n *html.Node) bool {
	class := getAttr(n, "class")
	if class == "" || n.Parent == nil {
		return false
	}
	counts, ok := k[n.Parent]
	if !ok {
		counts = map[siblingKind]int{}
		for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				if cl := getAttr(c, "class"); cl != "" {
					counts[siblingKind{c.Data, cl}]++
				}
			}
		}
		k[n.Parent] = counts
	}
	return counts[siblingKind{n.Data, class}] >= 2 // n and another
}

// aboutWriter holds what hintOf says of a box about an article's writer,
// which names its text as content does ("abh_text", "author-box__content"):
// it wraps content only as furniture does (strictly, see wrapsContent).
var aboutWriter = phrases("author box", "bio")

// holdsPosterName reports whether n, a part named for a post's author's
// details, with the statistics st, holds the author's name: a link (to
// the profile) or an element named for a name.
func holdsPosterName(n *html.Node, st stat) bool {
	return st.linkRunes > 0 || findFirst(n, func(c *html.Node) bool { return c != n && nameHas(c, posterNameWords) }) != nil
}

// isItemField reports whether n, with the statistics st, is a field of
// one of a list's items, however short and whether text or links (a
// blurb, a price, a row of tags): inside an element (up to
// itemFieldLevels above it, as a game's tags in a shop's grid sit eight
// wrappers deep) with text of its own beside n, two or more of whose
// siblings, of the same element and class, hold an element of n's
// element and class too. Sidebar widgets, each a sibling of the others,
// are the items themselves, not their fields.
func isItemField(n *html.Node, s *scorer, st stat) bool {
	// holds reports whether d holds an element like n, reading d's
	// elements against scan (itemFieldScan), which the siblings of the
	// items read count against too.
	scan := itemFieldScan
	var holds func(d *html.Node) bool
	holds = func(d *html.Node) bool {
		for c := d.FirstChild; c != nil && scan >= 0; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if scan--; sameElement(c, n) || holds(c) {
				return true
			}
		}
		return false
	}
	item := n
	for range itemFieldLevels {
		item = item.Parent
		if item == nil || item.Parent == nil {
			return false
		}
		if s.get(item).runes-st.runes < itemFieldRunes {
			continue // a wrapper of the field, not yet its item
		}
		// Items are alike: when the first few siblings like item do not
		// hold the field, the rest need not be read (a grid of thousands).
		k, read := 0, 0
		for sib := item.Parent.FirstChild; sib != nil && k < 2 && read < itemFieldReads && scan >= 0; sib = sib.NextSibling {
			if scan--; sib != item && sib.Type == html.ElementNode && sameElement(sib, item) {
				read++
				if sameElement(sib, n) || holds(sib) {
					k++
				}
			}
		}
		if k >= 2 {
			return true
		}
		if scan < 0 {
			return false // items this large are no cards
		}
	}
	return false
}

// sameElement reports whether a and b are the same element with the same
// class.
func sameElement(a, b *html.Node) bool {
	return a.DataAtom == b.DataAtom && a.Data == b.Data && getAttr(a, "class") == getAttr(b, "class")
}

const (
	// itemFieldLevels is how far above a field its item may be.
	itemFieldLevels = 8
	// itemFieldReads is how many siblings like an item isItemField reads
	// for the field.
	itemFieldReads = 8
	// itemFieldScan is the most nodes isItemField reads, at all levels,
	// of the siblings of the items around n and of the elements in them:
	// a field is found in a few elements (15 at most on the corpora's
	// pages, 500 read in all at one level), and a widget in each item of
	// a grid beside other grids, or of items each unlike the others,
	// would read them all once per widget.
	itemFieldScan = 2000
	// itemFieldRunes is the least text of an item beside its field: less
	// is a wrapper of the field, not yet the item.
	itemFieldRunes = 20
)

// saysOneThing reports whether most of n's text is sentences n said
// before: a rotating bar's message, one per country or currency, rather
// than a thread's comments or a shop's products, each its own. Sentences
// end at a stop or a block; only those of four words or more count as
// repeats, not a card's labels ("Add to cart").
func saysOneThing(n *html.Node, st stat) bool {
	if st.runes < proseRunes {
		return false
	}
	seen := map[string]bool{}
	repeated, all := 0, 0
	sentence := func(t string) {
		t = strings.TrimSpace(t)
		all += len(t)
		if seen[t] && strings.Count(t, " ") >= 3 {
			repeated += len(t)
		}
		seen[t] = true
	}
	var sb strings.Builder
	flush := func() {
		text := lowerFields(sb.String())
		sb.Reset()
		for text != "" {
			i := strings.IndexAny(text, ".!?")
			if i < 0 {
				sentence(text)
				break
			}
			sentence(text[:i+1])
			text = text[i+1:]
		}
	}
	// Its start says whether it repeats itself: parts nested in parts
	// must not each be read whole.
	var visit func(c *html.Node) bool
	visit = func(c *html.Node) bool {
		switch {
		case all+sb.Len() > oneThingReads:
			return false
		case c.Type == html.TextNode:
			sb.WriteString(c.Data[:min(len(c.Data), oneThingReads+1-all-sb.Len())])
		case c.Type == html.ElementNode && isBlockName(c.DataAtom):
			flush()
		}
		for d := c.FirstChild; d != nil; d = d.NextSibling {
			if !visit(d) {
				return false
			}
		}
		return true
	}
	visit(n)
	flush()
	return float64(repeated) >= oneThingShare*float64(all)
}

// lowerFields returns s's words (strings.Fields') lowercased and joined
// by a space, as strings.ToLower(strings.Join(strings.Fields(s), " "))
// does, in one pass and one string.
func lowerFields(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// oneThingReads is about the most text, in bytes, saysOneThing reads of
// a part.
const oneThingReads = 32 << 10

// isLinkedSentence reports whether n, short, is a sentence with links in
// it: four words or more, at most half of them link text, ending with a
// full stop, an exclamation or a question mark. Menus, pagers and tag
// lists are labels and links, never sentences. t is what was read of n's
// text when n is that short (removeBoilerplate's partText): read again
// for each part of a nest of them, over megabytes of spaces, the text
// would be read once per part.
func isLinkedSentence(st stat, t partText) bool {
	if st.runes > boilerplateTextRunes || st.linkRunes == 0 || 2*st.linkRunes > st.runes {
		return false
	}
	return t.last != 0 && strings.ContainsRune(".!?", t.last) && t.words >= 4
}

// avatarWords name a picture of a person: a post's author, a commenter.
var avatarWords = words("avatar avatars gravatar")

// avatarRunes is the most text an avatar holds: the initial a site shows
// for a user without a picture.
const avatarRunes = 2

// signupBoxes returns the boxes around the newsletter sign-ups under root
// (forms that ask for an email address and nothing else, see isSignup),
// however they are named: each is the outermost element around the form,
// below root, with at most signupRunes of text (the form with its heading
// and pitch, "Join our newsletter").
func signupBoxes(root *html.Node, s *scorer) map[*html.Node]bool {
	boxes := map[*html.Node]bool{}
	walk(root, func(n *html.Node) bool {
		if n.Type != html.ElementNode || getAttr(n, formListAttr) != formSignup {
			return true
		}
		box := n
		for p := n.Parent; p != nil && p != root && s.get(p).runes <= signupRunes; p = p.Parent {
			box = p
		}
		if !inItem(n.Parent, root) && findFirst(box, isH1) == nil {
			boxes[box] = true
		}
		return false
	})
	return boxes
}

// inItem reports whether n is, or is inside, a list item below root: a
// sign-up there belongs to the item (a product's waiting list in a grid
// of products).
func inItem(n, root *html.Node) bool {
	for ; n != nil && n != root; n = n.Parent {
		if n.DataAtom == atom.Li {
			return true
		}
	}
	return false
}

// isH1 reports whether n is a level-1 heading: the page's title, which no
// newsletter box holds (a hero's "Start your free trial" form does).
func isH1(n *html.Node) bool { return n.DataAtom == atom.H1 }

// isAvatar reports whether n is an avatar: named so, with no more text
// than an initial. Its image's alt text repeats the name of the person it
// stands beside (a forum poster, a commenter, an article's author); a
// part named for avatars that has text ("has-avatar avatar-username",
// "posts--show-avatar") is not one.
func isAvatar(n *html.Node, st stat) bool {
	// Every element asks: each of avatarWords spells "avatar", which a
	// name holding one spells in some case.
	return st.runes <= avatarRunes && nameSpells(n, "avatar") && nameHas(n, avatarWords)
}

// nameSpells reports whether a class or id of n (isNameAttr) holds s,
// ASCII case aside: a search that turns most elements away before their
// names are split into words.
func nameSpells(n *html.Node, s string) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && isNameAttr(a.Key) && containsFoldASCII(a.Val, s) {
			return true
		}
	}
	return false
}

// avatarsIn returns the outermost avatars (isAvatar) under n, a part
// without text, n aside: an avatar's link in a wrapper that names it only
// as a picture ("crayons-story__author-pic > a.crayons-avatar"), whose
// image's alt text names the author beside it.
func avatarsIn(n *html.Node) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, func(e *html.Node) bool {
			if e.Type != html.ElementNode {
				return false
			}
			if isAvatar(e, stat{}) {
				out = append(out, e)
				return false
			}
			return true
		})
	}
	return out
}

// inSentence reports whether n is a part of running text: a phrasing
// element with text right beside it ("After <a class=recommendation-link>
// announcing your engagement</a>, you may..."), whose name says what it
// links to, not what the sentence is. A block beside text (an ad's <div>)
// is not.
func inSentence(n *html.Node) bool {
	switch n.DataAtom {
	case atom.A, atom.Span, atom.Em, atom.I, atom.Strong, atom.B, atom.U, atom.Small, atom.Mark,
		atom.Abbr, atom.Cite, atom.Code, atom.Q, atom.Sub, atom.Sup, atom.Time, atom.Del, atom.Ins, atom.S:
	default:
		return false
	}
	for _, c := range [2]*html.Node{n.PrevSibling, n.NextSibling} {
		if c != nil && c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return true
		}
	}
	return false
}

// boilerplateText says why n is boilerplate by what it says, or "": a
// link that skips to the content, a short copyright line, a breadcrumb
// trail, a short control that says it is a button or a link styled as one
// (itself, or a block of nothing but links around it) alone in its block,
// or a call to action in a block of nothing but links ("Sign up", "Get
// started").
//
// n has at most boilerplateTextRunes of text: text, lowercased and
// collapsed. st is n's statistics, parent its parent's: the text of the
// parent is not read, as a parent may have many such links.
func boilerplateText(n *html.Node, text string, st, parent stat) string {
	switch {
	case n.DataAtom == atom.A && strings.HasPrefix(getAttr(n, "href"), "#") && strings.HasPrefix(text, "skip "):
		return "a link that skips to the content"
	case strings.HasPrefix(text, "©") || strings.HasPrefix(text, "copyright ©") || strings.HasPrefix(text, "(c) "):
		return "a copyright line"
	case n.DataAtom == atom.A && callsToAction[strings.TrimRight(text, ".!→› ")] && parent.runes-parent.linkRunes <= 3:
		return "a call to action"
	case st.runes <= 120 && strings.Contains(text, " to ") && signInPrompt.MatchString(text):
		return "a prompt to sign in or register before taking part"
	case st.runes <= 120 && isAccountPrompt(text):
		return "a prompt to sign in or register before taking part"
	case isLoadingNotice(n, text):
		return "a loading notice, which the page's scripts replace"
	case isSpokenRepeat(n, text):
		return "a screen reader's copy of the text right before it"
	case isBreadcrumb(n, st) || isMarkedBreadcrumb(n, st):
		return "a breadcrumb trail"
	case isCounter(n, text, st):
		return "a count of votes or likes"
	case isPostNumber(n, text, parent):
		return "a post's number in its thread"
	case starterBadges[text] && n.DataAtom != atom.Td && n.DataAtom != atom.Th:
		return "a badge marking the thread's starter"
	case isPosterBadge(n):
		return "a badge beside a post's author: their rank or role, not the post"
	case isCredit(n, text, st):
		return "a credit line: who took a picture, who built the site"
	case isDisclaimer(n):
		return "a disclaimer: what the site says of itself (that it earns from the links), not the content"
	case isDateStamp(n, text, st):
		return "a line saying when the page was last changed"
	case st.runes <= 40 && hasToken(getAttr(n, "role"), "button") && !isQuestionLabel(text):
		return "a control (role button)"
	case n.DataAtom == atom.A && st.runes <= 40 && nameHas(n, buttonWords) && parent.runes == st.runes:
		return "a link styled as a button"
	case st.runes <= 40 && st.linkRunes == st.runes && nameHas(n, buttonWords) && parent.runes == st.runes:
		return "a link in a block styled as a button"
	}
	return ""
}

// disclaimerWords name a line the site says of itself beside its content:
// that it earns from the links in it ("affiliate-disclaimer",
// "post-affiliate-commission", "disclosure-text"), that its prices may
// change ("disclaimer"). foldWords beside "disclosure" in the same name
// make it a folding widget instead (Headless UI's "disclosure-panel",
// Shopify's "disclosure-has-popup"), whose panel is content.
var (
	disclaimerWords = words("disclaimer disclaimers disclosure disclosures affiliate affiliates")
	foldWords       = words("panel panels button buttons toggle trigger popup has")
)

// isDisclaimer reports whether n, a part of at most boilerplateTextRunes
// of text, is a disclaimer: a block named by disclaimerWords, not a link
// or a phrase in a sentence (a link to a shop named "affiliate-link").
// A longer part so named (a calculator's notes, an insurer's policy
// terms) is the page's text and is not asked.
func isDisclaimer(n *html.Node) bool {
	if n.DataAtom == atom.A || inSentence(n) {
		return false
	}
	// Every short part asks; each of disclaimerWords spells "discl" or
	// "affiliat", which a name holding one spells in some case.
	if !slices.ContainsFunc(n.Attr, func(a html.Attribute) bool {
		return a.Namespace == "" && isNameAttr(a.Key) && (containsFoldASCII(a.Val, "discl") || containsFoldASCII(a.Val, "affiliat"))
	}) {
		return false
	}
	return anyPartName(n, func(name string) bool {
		found, fold := false, false
		nameParts(name, func(w string) bool {
			found = found || disclaimerWords[w]
			fold = fold || foldWords[w]
			return true
		})
		return found && !fold
	})
}

// isQuestionLabel reports whether text, lowercased and collapsed, is a
// question of three words or more: an accordion's trigger styled as a
// button (role="button") that titles the answer it unfolds, "Do I need
// insurance?", not a control, whose label says what it does ("Show
// more", "Add to cart").
func isQuestionLabel(text string) bool {
	return strings.HasSuffix(text, "?") && len(strings.Fields(text)) >= 3
}

// copyrightRunes is the most text of a copyright line isCopyrightLine
// reads: the owner, the trademarks it names, the terms a game's publisher
// adds ("Persistent internet connection required").
const copyrightRunes = 600

// copyrightReads is how many nodes and bytes of spaces isCopyrightLine
// reads before the first text or after the last, as many as textUpTo
// reads for the line, and how many nodes it reads for a heading.
const copyrightReads = spaceBytes * copyrightRunes

// isCopyrightLine reports whether n, with the statistics st, is a
// copyright line: up to copyrightRunes of text, no heading, said by an
// element holding nine tenths of it that begins with the copyright sign
// ("© Microsoft 2025. All Rights Reserved. Microsoft, ... are trademarks
// of ...", "Copyright © 2011, Harvard University. For more information
// about ...") or ends saying all rights are reserved ("Unturned® is a
// registered trademark of ... All rights reserved."). Not a picture's
// credit ("© Provided by ...") in a span that opens the paragraph after
// it, nor a short article whose last line is its copyright. Short lines
// that begin with the sign, "Copyright ©" or "(c) " are read with the
// rest of boilerplateText, however many elements say them; a long text
// begun by "(c) " is a list's third item.
func isCopyrightLine(n *html.Node, st stat) bool {
	budget := copyrightReads
	first := firstText(n, &budget)
	if first == nil {
		return false
	}
	var line *html.Node
	if head := strings.TrimSpace(first.Data); strings.HasPrefix(head, "©") || hasPrefixFoldASCII(head, "copyright") {
		line = first.Parent
	} else {
		budget = copyrightReads
		last := lastText(n, &budget)
		if last == nil {
			return false
		}
		if !hasSuffixFoldASCII(strings.TrimRight(last.Data, " \t\n\r\f."), "all rights reserved") {
			return false
		}
		line = last.Parent
	}
	text, whole := textUpTo(line, copyrightRunes)
	text = strings.ToLower(collapseSpace(strings.TrimSpace(text)))
	if !whole || 10*utf8.RuneCountInString(text) < 9*st.runes {
		return false
	}
	begins := strings.HasPrefix(text, "©") || strings.HasPrefix(text, "copyright ©")
	ends := strings.HasSuffix(strings.TrimRight(text, "."), "all rights reserved")
	if !begins && !ends {
		return false
	}
	budget = copyrightReads
	headed, whole := headingWithin(n, &budget)
	return whole && !headed
}

// headingWithin reports whether n is or holds a heading, and whether it
// read all of n to tell, within budget nodes: the boilerplate pass asks
// it of each of the nested parts around one line, a few hundred deep
// over a hundred thousand empty elements.
func headingWithin(n *html.Node, budget *int) (found, whole bool) {
	if *budget--; *budget < 0 {
		return false, false
	}
	if n.Type == html.ElementNode && isHeading(n) {
		return true, true
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if found, whole := headingWithin(c, budget); found || !whole {
			return found, whole
		}
	}
	return false, true
}

// firstText returns the first text node under n, in page order, that is
// not only spaces, or nil when there is none within budget: a node costs
// one, a text node its bytes too.
func firstText(n *html.Node, budget *int) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if found := textIn(c, budget, firstText); found != nil {
			return found
		}
		if *budget < 0 {
			return nil
		}
	}
	return nil
}

// lastText is firstText from the end: the last text node under n that is
// not only spaces.
func lastText(n *html.Node, budget *int) *html.Node {
	for c := n.LastChild; c != nil; c = c.PrevSibling {
		if found := textIn(c, budget, lastText); found != nil {
			return found
		}
		if *budget < 0 {
			return nil
		}
	}
	return nil
}

// textIn returns c when it is a text node other than spaces, else what
// next finds under it, against budget (see firstText).
func textIn(c *html.Node, budget *int, next func(*html.Node, *int) *html.Node) *html.Node {
	if *budget--; *budget < 0 {
		return nil
	}
	if c.Type == html.TextNode {
		if *budget -= len(c.Data); *budget < 0 {
			return nil
		}
		if strings.TrimSpace(c.Data) != "" {
			return c
		}
		return nil
	}
	return next(c, budget)
}

// dateStampRunes is the most text of a line saying when a page was last
// changed: the verb, a date, who changed it.
const dateStampRunes = 80

// dateStampHeads begin a line saying when the page was last changed,
// before its verb (dateStampVerbs).
var dateStampHeads = []string{"this page was last ", "this page was ", "this article was last ", "this article was ", "page last ", "last "}

// dateStampVerbs say the page was changed. "Edited" with a date right
// after it is a forum post's note of when it was changed ("Last edited:
// Oct 10, 2024", "Edited January 29 by ErnestQ"); "Edited by" a name is
// whose text it is (a book's editors, "Last edited by ann (2025-11-01)"),
// and beginsDate leaves it.
var dateStampVerbs = []string{"updated", "modified", "reviewed", "revised", "edited"}

// isDateStamp reports whether n, with the lowercased text text, is a line
// saying when the page was last changed ("Last updated: Jan 5, 2026",
// "This page was last modified on Dec 5, 2025 by MDN contributors"):
// short, beginning so, with a digit after the verb (a date, a year), not
// a heading, and no link in it: a date in a link is a field of a card
// ("Updated 3 days ago" on each of a listing's items), one beside a link
// to what changed a record the page shows (a listing's revision history).
// It dates the page, as a byline does; it is not its text.
func isDateStamp(n *html.Node, text string, st stat) bool {
	if st.runes > dateStampRunes || st.linkRunes > 0 || isHeading(n) {
		return false
	}
	for _, head := range dateStampHeads {
		if rest, ok := strings.CutPrefix(text, head); ok {
			text = rest
			break
		}
	}
	for _, verb := range dateStampVerbs {
		if rest, ok := strings.CutPrefix(text, verb); ok {
			return beginsDate(rest)
		}
	}
	return false
}

// beginsDate reports whether text, what follows a date stamp's verb,
// begins with a date: after "on", "at" or a colon, a digit or a month
// ("on Dec 5, 2025", ": 2026-01-26", " 2 days ago"), not a word of a
// sentence ("Updated figures for 2024 show...", "Updated marketing plans
// for 2024").
func beginsDate(text string) bool {
	text = strings.TrimLeft(text, " :")
	for _, prep := range []string{"on ", "at "} {
		text = strings.TrimPrefix(text, prep)
	}
	r, _ := utf8.DecodeRuneInString(text)
	if unicode.IsDigit(r) {
		return true
	}
	return firstWordIn(text, monthWords) && strings.ContainsAny(text, "0123456789")
}

// counterWords name a count of a post's votes, likes or reactions:
// "js-vote-count", "post-likes", "aggregate_reactions_counter", a
// comment's "voters" box around its "upvoter" count.
var counterWords = words("vote votes votecell votecount likes likecount upvote upvotes upvoter voters reactions")

// counterRunes is the most text a count holds: "2 Likes", "-4".
const counterRunes = 20

// isCounter reports whether n, with the lowercased text text, is a count
// of what readers did with a post (votes, likes): named so (counterWords),
// a number and at most one word. It says how a post was received, not
// what it says; the number alone means nothing to a reader of the text.
func isCounter(n *html.Node, text string, st stat) bool {
	if st.runes > counterRunes || !strings.ContainsAny(text, "0123456789") || fieldCount(text, 2) > 2 {
		return false
	}
	return nameHas(n, counterWords)
}

// posterCountLabels label a forum poster's count of posts ("Posts: 701"),
// posterDateLabels the day they joined ("Join Date: Mar 2016",
// "Registered: 2016-07-02"): what a forum writes under the name of the
// poster of each post.
var (
	posterCountLabels = []string{"posts:", "messages:"}
	posterDateLabels  = []string{"join date:", "joined:", "registered:", "member since:", "member since"}
)

// posterStatRunes is the most text of a poster's count or join date;
// posterStatBytes the most its text is read for, nodes included and
// spaces not (lowerTextUpTo).
const (
	posterStatRunes = 40
	posterStatBytes = 80
)

// prunePosterStats removes, through rm, what a forum says of each post's
// author under the name, by its words (isPosterStat): the count of their
// posts, the day they joined; and each post's or card's count of its
// replies or comments, or the control showing them (isReplyCount). It runs once the content is chosen, as
// these lines are a thread's own: taken out before, they would lower the
// score of the posts against the page around them.
func prunePosterStats(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	var buf [2 * posterStatBytes]byte
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			st, ok := s.stats[n]
			if !ok || st.runes > posterStatRunes {
				return true // (an element the scorer did not count: its parts may be)
			}
			if st.runes == 0 {
				return false
			}
			text, whole := lowerTextUpTo(buf[:0], n, posterStatBytes)
			if whole && (isPosterStat(n, string(text), st) || isReplyCount(n, string(text))) {
				drop = append(drop, n)
				return false
			}
			return true // (the block around the poster's lines: they may be its parts)
		})
	}
	for _, n := range drop {
		rm.remove(n, "boilerplate", "a poster's join date or count of posts, or a post's count of replies", s.get(n))
	}
}

// replyNouns are what a post's count of answers counts; replyVerbs, the
// verbs of a control that shows them.
var (
	replyNouns = words("reply replies comment comments")
	replyVerbs = words("show view load see hide")
)

// isReplyCount reports whether n, with the lowercased text text, is a
// post's or a card's count of its replies or comments, or the control
// that shows them: a number and the noun ("27 comments", "0 Reply"), or
// a verb, "all", "more" or a number, and the plural ("Show more replies",
// "View comments", "View 3 replies"); not a heading (a "Comments" section
// heads the comments), a table's cell nor words in a sentence. It says
// how much was answered, not what.
func isReplyCount(n *html.Node, text string) bool {
	if isHeading(n) || n.DataAtom == atom.Td || n.DataAtom == atom.Th || !saysReplyCount(text) {
		return false
	}
	return !inTextLine(n)
}

// saysReplyCount reports whether text, lowercased, says a count of
// replies or comments, or the control showing them (isReplyCount).
func saysReplyCount(text string) bool {
	f := strings.Fields(text) // (a no-break space between the number and the noun)
	switch {
	case len(f) == 2 && isCountWord(f[0]):
		return replyNouns[f[1]]
	case len(f) >= 2 && len(f) <= 4 && replyVerbs[f[0]]:
		for _, w := range f[1 : len(f)-1] {
			if w != "all" && w != "more" && !isCountWord(w) {
				return false
			}
		}
		last := f[len(f)-1]
		return replyNouns[last] && strings.HasSuffix(last, "s")
	}
	return false
}

// inTextLine reports whether n is part of a line of text: the nearest node
// before or after it, past spaces, is text, or a phrasing element other
// than a link that holds text ("<a>18 comments</a> <font>this item posted
// by ...</font>", a post's footer that says more than the count).
func inTextLine(n *html.Node) bool {
	for _, next := range [2]func(*html.Node) *html.Node{
		func(c *html.Node) *html.Node { return c.PrevSibling },
		func(c *html.Node) *html.Node { return c.NextSibling },
	} {
		c := next(n)
		for c != nil && c.Type == html.TextNode && strings.TrimSpace(c.Data) == "" {
			c = next(c)
		}
		switch {
		case c == nil:
		case c.Type == html.TextNode:
			return true
		case c.Type == html.ElementNode && c.DataAtom != atom.A && !isBlockName(c.DataAtom) && c.DataAtom != atom.Br:
			// hasText stops at the first text: aloneOnLine asks of every
			// short link, and a sibling may hold the rest of a deep line.
			if hasText(c) {
				return true
			}
		}
	}
	return false
}

// isCountWord reports whether w is a count as a card writes it: digits,
// with commas or a "k" ("1,204", "1.2k").
func isCountWord(w string) bool {
	return w != "" && '0' <= w[0] && w[0] <= '9' && strings.Trim(w, "0123456789,.k") == ""
}

// isPosterStat reports whether n, with the lowercased text text, is what
// a forum says of a post's author beside the name: the count of their
// posts, a label and a number ("Posts: 1,267"), or the day they joined, a
// label and a date ("Join Date: Mar 2016", "Registered: 2025-11-01");
// short, no heading, not a table's cell (a table of a forum's figures).
// It says who wrote the post, not what it says, as the poster's rank and
// avatar do, which go by their names.
func isPosterStat(n *html.Node, text string, st stat) bool {
	if st.runes > posterStatRunes || isHeading(n) || n.DataAtom == atom.Td || n.DataAtom == atom.Th {
		return false
	}
	for _, label := range posterCountLabels {
		if rest, ok := strings.CutPrefix(text, label); ok {
			return isCountWord(strings.TrimSpace(rest))
		}
	}
	for _, label := range posterDateLabels {
		if rest, ok := strings.CutPrefix(text, label); ok {
			return beginsDate(rest)
		}
	}
	return false
}

// starterBadges are what a forum writes beside the name of the poster
// who started the thread, in each of their posts: a badge, not the post.
var starterBadges = phrases("op", "original poster", "thread starter", "discussion starter", "topic starter", "topic author", "thread author")

// badgeWords name a badge; posterWords, in the same name, make it the
// badge of a post's author ("post-badges", "ipsComment_authorBadge",
// "member-badge").
var (
	badgeWords  = words("badge badges")
	posterWords = words("post message comment author poster member user")
)

// isPosterBadge reports whether n is named a badge of a post or of its
// author (badgeWords and posterWords in one name): a forum's
// "Science Advisor", "Gold Member" or "Author" beside the poster's name
// says who they are on the site, not what the post says. Not a cell of a
// table.
func isPosterBadge(n *html.Node) bool {
	if n.DataAtom == atom.Td || n.DataAtom == atom.Th {
		return false
	}
	for _, a := range n.Attr {
		// Every short part asks; each of badgeWords spells "badge",
		// which a name holding one spells in some case.
		if a.Namespace != "" || !isNameAttr(a.Key) || !containsFoldASCII(a.Val, "badge") {
			continue
		}
		for name := range strings.FieldsSeq(namesRead(a.Val)) {
			badge, poster := false, false
			nameParts(name, func(w string) bool {
				badge = badge || badgeWords[w]
				poster = poster || posterWords[w]
				return !(badge && poster)
			})
			if badge && poster {
				return true
			}
		}
	}
	return false
}

// postNumberRunes is the most text of the line a post's number stands
// in: the number, the post's date, separators.
const postNumberRunes = 60

// isPostNumber reports whether n, with the lowercased text text, is a
// post's number in its thread: a link saying "#" and digits ("#12", the
// post's permalink), in a line of up to postNumberRunes (its parent's
// stat) beside its date at most, not in a sentence ("fixed in #1234");
// or a number alone marked as the post's schema.org position in a part
// other than a list's item. A reader of the text has no use for it.
func isPostNumber(n *html.Node, text string, parent stat) bool {
	if n.DataAtom == atom.A {
		return len(text) > 1 && text[0] == '#' && allDigits(text[1:]) && parent.runes <= postNumberRunes
	}
	if getAttr(n, "itemprop") != "position" || !allDigits(text) {
		return false
	}
	for p := n.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if _, ok := attrOK(p, "itemscope"); ok {
			return !strings.HasSuffix(getAttr(p, "itemtype"), "ListItem")
		}
	}
	return false
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// minuteWords say minutes in a reading time ("5 min read").
var minuteWords = words("min min. mins minute minutes")

// isReadingTime reports whether text (lowercased and collapsed) is all a
// reading time: a number, minutes and "read" ("5 min read", "3 MIN.
// READ").
func isReadingTime(text string) bool {
	// Every short part asks: its words are read without a slice of them.
	i := 0
	for f := range strings.FieldsSeq(text) {
		switch i {
		case 0:
			if strings.ContainsFunc(f, func(r rune) bool { return !unicode.IsDigit(r) }) {
				return false
			}
		case 1:
			if !minuteWords[f] {
				return false
			}
		case 2:
			if strings.TrimRight(f, ".") != "read" {
				return false
			}
		default:
			return false
		}
		i++
	}
	return i == 3
}

// creditRunes is the most text of a credit line: a name or two and an
// agency ("Credit: Reviewed / Timothy Renzi", "Getty Images").
const creditRunes = 160

// creditWords name the credit line of a picture or of the site
// ("image-credit", "CaptionCredit", "footer-credits"; each has "credit"
// in it, which namesCredit looks for first); creditPrefixes begin one in
// a figure, however named.
var (
	creditWords    = words("credit credits imagecredit photocredit")
	creditPrefixes = []string{"credit:", "credits:", "image credit", "photo credit", "photo:", "photo by ",
		"photo courtesy", "photograph by ", "image:", "image by ", "image courtesy", "image source:", "courtesy of "}
)

// isCredit reports whether n, with the statistics st and text (lowercased
// and collapsed), is a credit line: short, and named a credit, or in a
// figure and saying it is one. References to the pictures' makers are not
// the page's text; a caption's sentence before them is, and stays.
func isCredit(n *html.Node, text string, st stat) bool {
	if st.runes > creditRunes || n.DataAtom == atom.Figure || holdsPicture(n) {
		// The picture credited is content: only the line goes.
		return false
	}
	if namesCredit(n) {
		return true
	}
	return inFigure(n) && slices.ContainsFunc(creditPrefixes, func(p string) bool { return strings.HasPrefix(text, p) })
}

// bylineWords name an article's byline and date line ("entry-meta",
// "post-meta", "article-byline", "posted-on", Elementor's
// "elementor-post-info", "article__author"), unless they are an event's
// (eventWords); bylineStarts begin one, and monthWords date one. A part
// named "info" that says neither ("contact-info") is no byline.
// dateWords name the article's date line only around a <time>
// ("wp-block-post-date"): a product's "release_date" or a card's
// "item__date" is its field.
var (
	bylineWords  = words("byline bylines meta postmeta entrymeta dateline posted info author authors")
	bylineStarts = []string{"by ", "posted ", "written by ", "published ", "updated ", "last updated "}
	eventWords   = words("event events")
	dateWords    = words("date dates published")
	monthWords   = words("january february march april may june july august september october november december " +
		"jan feb mar apr jun jul aug sep sept oct nov dec")
)

// holdsTime reports whether n is or holds a <time> element.
func holdsTime(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.Time }) != nil
}

// isByline reports whether n, with text (lowercased and collapsed, at most
// boilerplateTextRunes), is an article's byline: named so (bylineWords,
// or dateWords around a <time>), and saying who wrote it or when ("By
// Jill Barshay August 25, 2025", "Posted on December 20, 2025"). The
// frontmatter says it once; a recipe's times or a plan's price, in a part
// named "meta" too, say neither and stay.
func isByline(n *html.Node, text string) bool {
	byline, date, event := bylineNames(n)
	if !byline && !(date && holdsTime(n)) || event {
		// An event's details ("event-meta") say when it is, which is
		// what its page says.
		return false
	}
	if saysWhoWrote(text) {
		return true
	}
	month, number := false, false
	for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		month = month || monthWords[w]
		number = number || unicode.IsDigit(rune(w[0]))
	}
	return month && number
}

// bylineNames reports whether n's class or id has a word of bylineWords,
// of dateWords and of eventWords, as namedBy does for each set, reading
// the names once with one lookup a word (bylineNameSets): every short
// part with text asks.
func bylineNames(n *html.Node) (byline, date, event bool) {
	var sets uint8
	anyPartName(n, func(name string) bool {
		nameParts(name, func(w string) bool {
			sets |= bylineNameSets[w]
			return sets != allBylineNameSets
		})
		return sets == allBylineNameSets
	})
	return sets&bylineNameSet != 0, sets&dateNameSet != 0, sets&eventNameSet != 0
}

// bylineNameSets says, for each word of bylineWords, dateWords and
// eventWords, which of them holds it.
var bylineNameSets = func() map[string]uint8 {
	m := map[string]uint8{}
	for set, words := range []map[string]bool{bylineWords, dateWords, eventWords} {
		for w := range words {
			m[w] |= 1 << set
		}
	}
	return m
}()

const (
	bylineNameSet uint8 = 1 << iota
	dateNameSet
	eventNameSet
	allBylineNameSets = bylineNameSet | dateNameSet | eventNameSet
)

// isDateLine reports whether n, with text (lowercased and collapsed), is
// an article's date alone: a <time>, or an element around one, not an
// event's (nor in an event's part), not in a sentence, whose words are a
// month and numbers ("September 4, 2025", "15 Dec, 2025"). Like a byline,
// it dates the article; it is not its text.
func isDateLine(n *html.Node, text string) bool {
	// The text is read first: the names of n's parent, read for each of
	// its children, only for those that say a date.
	month, number := false, false
	for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		switch {
		case monthWords[w]:
			month = true
		case allDigits(w) && len(w) <= 4:
			number = true
		default:
			return false
		}
	}
	if !month || !number || namedBy(n, eventWords) || n.Parent != nil && namedBy(n.Parent, eventWords) || isHeading(n) || inSentence(n) {
		return false
	}
	return holdsTime(n)
}

// elementKinds counts the elements under root by element and class, all
// at once when first asked: a page of ten thousand bylines, each of a
// class of its own, would otherwise read the whole part for each.
type elementKinds struct {
	root  *html.Node
	count map[elementKind]int
	// dated counts, of a kind with several elements, those that say who
	// wrote something or when (isByline, isDateLine) or how long it reads,
	// read once per kind when first asked.
	dated map[elementKind]int
	// outermost lists the elements of each kind that no element of their
	// kind holds (outermostByKind), made when dated first asks.
	outermost map[elementKind][]*html.Node
}

// elementKind is what sameElement compares.
type elementKind struct {
	atom  atom.Atom
	tag   string
	class string
}

func kindOf(n *html.Node) elementKind {
	return elementKind{n.DataAtom, n.Data, getAttr(n, "class")}
}

// onlyOfItsKind reports whether n, under root, is the only element there
// of its element and class (sameElement). The tree must not change
// between calls.
func (k *elementKinds) onlyOfItsKind(n *html.Node) bool {
	if k.count == nil {
		k.count = map[elementKind]int{}
		walk(k.root, func(c *html.Node) bool {
			if c.Type == html.ElementNode {
				k.count[kindOf(c)]++
			}
			return true
		})
	}
	return k.count[kindOf(n)] <= 1
}

// bylineReadBytes bounds the text, nodes included and spaces not
// (textUpTo), onlyBylineOfItsKind reads of an element: a short line in
// the tags a template wraps it in.
const bylineReadBytes = 8 * boilerplateTextRunes

// onlyBylineOfItsKind reports whether n is the only element of its kind
// under the root (onlyOfItsKind) that is a byline, a reading time or a
// date line: a theme may name the article's footer as its byline
// ("entry-meta" for "Filed under: DIY" below, "May 3, 2017 By Erin
// Spain" above), while each item of a list has a byline of its own.
func (k *elementKinds) onlyBylineOfItsKind(n *html.Node) bool {
	if k.onlyOfItsKind(n) {
		return true
	}
	kind := kindOf(n)
	if k.dated == nil {
		k.dated = map[elementKind]int{}
	}
	dated, ok := k.dated[kind]
	if !ok {
		if k.outermost == nil {
			k.outermost = outermostByKind(k.root)
		}
		for _, c := range k.outermost[kind] {
			// Read as the byline was: its text collapsed, up to
			// boilerplateTextRunes, however indented.
			b, whole := lowerTextUpTo(nil, c, bylineReadBytes)
			text := string(b)
			if whole && utf8.RuneCountInString(text) <= boilerplateTextRunes && (isByline(c, text) || isReadingTime(text) || isDateLine(c, text)) {
				dated++
			}
		}
		k.dated[kind] = dated
	}
	return dated <= 1
}

// outermostByKind returns the elements under root, root included, by
// kind, in document order: those with no ancestor of their kind up to
// root. It reads the tree once for every kind: a page of thousands of
// kinds of bylines, two of each, must not read the whole part for each.
func outermostByKind(root *html.Node) map[elementKind][]*html.Node {
	out := map[elementKind][]*html.Node{}
	open := map[elementKind]int{} // the kinds of the ancestors of where the reading is
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		kind := kindOf(n)
		if open[kind] == 0 {
			out[kind] = append(out[kind], n)
		}
		open[kind]++
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				visit(c)
			}
		}
		open[kind]--
	}
	visit(root)
	return out
}

// namesCredit reports whether a class or id of n names a credit line:
// "credit" not followed by what a lender's credit is ("credit-card-name",
// "credit-score"), which names a field of a financial offer.
func namesCredit(n *html.Node) bool {
	// Every short part asks; each of creditWords has "credit" in it,
	// which a name holding one spells in some case.
	if !slices.ContainsFunc(n.Attr, func(a html.Attribute) bool {
		return a.Namespace == "" && (a.Key == "class" || a.Key == "id") && containsFoldASCII(a.Val, "credit")
	}) {
		return false
	}
	return anyPartName(n, func(name string) bool {
		found, prev := false, ""
		nameParts(name, func(w string) bool {
			if prev != "" && lendingWords[w] {
				found = false // "credit-card": not a credit line
			} else if creditWords[w] {
				found, prev = true, w
				return true
			}
			prev = ""
			return !found
		})
		return found
	})
}

// lendingWords, after "credit" in a name, make it a lender's credit.
var lendingWords = words("card cards score scores union unions report reports limit limits rating ratings")

// namedBy reports whether a class or id of n has a word of set.
func namedBy(n *html.Node, set map[string]bool) bool {
	return anyPartName(n, func(name string) bool {
		found := false
		nameParts(name, func(w string) bool {
			found = set[w]
			return !found
		})
		return found
	})
}

// anyPartName reports whether f holds for one of the names in n's class
// and id that name a part. A class of WordPress's taxonomy
// ("tag-cloud-credits", "category-meta", beside the post's type or status:
// isTaxonomyName, isPostClasses) names the topic of a post, not a part.
func anyPartName(n *html.Node, f func(name string) bool) bool {
	for _, a := range n.Attr {
		if a.Namespace != "" || !isNameAttr(a.Key) {
			continue
		}
		names := namesRead(a.Val)
		post := postClasses{classes: names}
		for name := range strings.FieldsSeq(names) {
			if a.Key == "class" && isTaxonomyName(name) && post.is() {
				continue
			}
			if f(name) {
				return true
			}
		}
	}
	return false
}

// isTaxonomyName reports whether a class name is one WordPress gives a
// post for its tags and categories ("tag-social-media", "category-news"):
// the post's topic, not what the part is, when the classes beside it are a
// post's (isPostClasses). Only classes are: an id of that shape
// ("category-sidebar-filters") is the site's own name for a part.
func isTaxonomyName(name string) bool {
	return strings.HasPrefix(name, "tag-") || strings.HasPrefix(name, "category-")
}

// isPostClasses reports whether the class list classes is the one
// WordPress gives a post (post_class): a class of its type or of its
// status ("type-post", "status-publish"), or "hentry", beside its tags and
// categories; one of them is enough. Elsewhere a class such as "tag-menu"
// or "category-submenu" is the site's own name for a part.
func isPostClasses(classes string) bool {
	for c := range strings.FieldsSeq(classes) {
		if c == "hentry" || strings.HasPrefix(c, "type-") || strings.HasPrefix(c, "status-") {
			return true
		}
	}
	return false
}

// postClasses answers isPostClasses for one class list, read once when
// first asked: each of its taxonomy names asks, and a list of thousands
// of them must not be read again for each.
type postClasses struct {
	classes    string
	read, post bool
}

// is reports isPostClasses(p.classes).
func (p *postClasses) is() bool {
	if !p.read {
		p.read, p.post = true, isPostClasses(p.classes)
	}
	return p.post
}

// inFigure reports whether n is a <figure> or <figcaption> or inside one,
// up to figureLevels levels up.
func inFigure(n *html.Node) bool {
	for i := 0; n != nil && i <= figureLevels; i, n = i+1, n.Parent {
		if n.Type == html.ElementNode && (n.DataAtom == atom.Figure || n.DataAtom == atom.Figcaption) {
			return true
		}
	}
	return false
}

// figureLevels is how far up inFigure looks for a figure.
const figureLevels = 4

// holdsPicture reports whether n holds an image, a video or a drawing.
func holdsPicture(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool {
		switch c.DataAtom {
		case atom.Img, atom.Picture, atom.Video, atom.Svg, atom.Iframe:
			return true
		}
		return false
	}) != nil
}

// spokenWords name text only a screen reader reads, kept off the screen.
var spokenWords = phrases("clipped", "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "screen-reader-only")

// isSpokenRepeat reports whether n is text for screen readers only (a
// class of spokenWords) that says again the text right before it, which
// the screen shows ("EUR 20.99<span class=clipped>EUR 20.99</span>"):
// written out, the page would say it twice. text is n's text, lowercased
// and collapsed.
func isSpokenRepeat(n *html.Node, text string) bool {
	if text == "" || !classIn(n, spokenWords) {
		return false
	}
	prev := n.PrevSibling
	for prev != nil && prev.Type == html.CommentNode {
		prev = prev.PrevSibling
	}
	if prev == nil {
		return false
	}
	var before string
	if prev.Type == html.TextNode {
		before = prev.Data
	} else {
		// Read no more than could match: a long article before a
		// screen reader's note, or a nest of notes over many spaces
		// (which its characters do not count), is not read whole, once
		// per note.
		t, whole := textUpTo(prev, len(text)+spokenSlack)
		if !whole {
			return false
		}
		before = t
	}
	return strings.ToLower(collapseSpace(before)) == text
}

// spokenSlack is how many bytes of space and nodes the text before a
// screen reader's note may hold beside the note's text (isSpokenRepeat).
const spokenSlack = 1 << 10

// boilerplateTextRunes is the most text of a part boilerplateText reads.
const boilerplateTextRunes = 200

// boilerplateTextReads bounds the bytes of text, spaces included, and the
// nodes of a part whose text removeBoilerplate reads (as textsUpTo counts
// them): 14,700 at most on the corpora's pages, in indentation.
const boilerplateTextReads = 64 << 10

// partText is what removeBoilerplate reads of a subtree: its text,
// lowercased and collapsed (collapsedText), while the nodes and bytes
// textsUpTo would read of it, reads, are at most boilerplateTextReads, and
// whether its raw text starts and ends with HTML space; and, however long,
// what isLinkedSentence asks of its text with spaces trimmed (Unicode's):
// how many words (up to maxWords) and its last character.
type partText struct {
	text        string
	lead, trail bool
	reads       int
	words       int  // strings.Fields' count, up to maxWords or a little past
	last        rune // the last character other than space, or 0
	// first and end: whether the raw text starts and ends with a space.
	first, end bool
	empty      bool // no raw text at all
}

// maxWords is the count of words past which partText stops counting.
const maxWords = 8

// partTexts holds the partText of the elements read, so that each node is
// read once: parts nested in parts, each reading the nodes under it,
// would read those at the bottom once per part above them, up to 512
// times 64 KB of them.
type partTexts map[*html.Node]partText

// rawPartText is the partText of a text node's text s.
func rawPartText(s string) partText {
	t := partText{reads: len(s), empty: s == ""}
	if s == "" {
		return t
	}
	t.lead, t.trail = isHTMLSpace(s[0]), isHTMLSpace(s[len(s)-1])
	if len(s) <= boilerplateTextReads {
		t.text = collapse(s, true)
	}
	// The words are counted up to maxWords+1: past them, only the last
	// character is looked for, from the end.
	space, i := true, 0
	for i < len(s) && t.words <= maxWords {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			t.words++
		}
		space = false
		t.last = r
	}
	for j := len(s); j > i; {
		r, size := utf8.DecodeLastRuneInString(s[i:j])
		if !unicode.IsSpace(r) {
			t.last = r
			break
		}
		j -= size
	}
	first, _ := utf8.DecodeRuneInString(s)
	end, _ := utf8.DecodeLastRuneInString(s)
	t.first, t.end = unicode.IsSpace(first), unicode.IsSpace(end)
	return t
}

// of returns the partText of the element n, from those of its children.
func (m partTexts) of(n *html.Node) partText {
	if n.FirstChild == nil {
		return partText{empty: true}
	}
	if t, ok := m[n]; ok {
		return t
	}
	t := partText{empty: true}
	var sb strings.Builder // once two children have text
	joined := false
	for d := n.FirstChild; d != nil; d = d.NextSibling {
		t.reads++
		var dt partText
		switch d.Type {
		case html.TextNode:
			dt = rawPartText(d.Data)
		case html.ElementNode:
			dt = m.of(d)
			if dt.text == "" && dt.reads <= boilerplateTextReads {
				// No text, so no part to judge: read by n alone.
				delete(m, d)
			}
			if isBlockName(d.DataAtom) {
				dt = dt.spaced()
			}
		default:
			continue
		}
		t.reads += dt.reads
		if dt.empty {
			continue
		}
		// The words and the last character, as of the raw text joined.
		if t.empty {
			t.first = dt.first
		} else if t.words > 0 && dt.words > 0 && !t.end && !dt.first {
			t.words-- // one word across the two
		}
		t.words = min(t.words+dt.words, maxWords+1)
		if dt.last != 0 {
			t.last = dt.last
		}
		t.end, t.empty = dt.end, false
		if t.reads > boilerplateTextReads {
			t.text, joined = "", false // not read whole: no text
			continue
		}
		switch {
		case dt.text == "":
			// Space only, or nothing: a run of space pending, or none.
			if t.text == "" && !joined {
				t.lead = t.lead || dt.lead
			}
			t.trail = t.trail || dt.trail
		case t.text == "" && !joined:
			t.text, t.lead, t.trail = dt.text, t.lead || dt.lead, dt.trail
		default:
			if !joined {
				sb.Reset()
				sb.Grow(len(t.text) + 1 + len(dt.text))
				sb.WriteString(t.text)
				joined = true
			}
			if t.trail || dt.lead {
				sb.WriteByte(' ')
			}
			sb.WriteString(dt.text)
			t.trail = dt.trail
		}
	}
	if joined {
		t.text = sb.String()
	}
	m[n] = t
	return t
}

// spaced returns t as its parent reads a block: with a space before and
// after it (as textContent sets blocks apart).
func (t partText) spaced() partText {
	t.lead, t.trail, t.first, t.end, t.empty = true, true, true, true, false
	return t
}

// onlyChild returns n's only child element when n has nothing else but
// comments and space, whose text is then that child's; else nil.
func onlyChild(n *html.Node) *html.Node {
	var only *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.ElementNode && only == nil:
			only = c
		case c.Type == html.ElementNode:
			return nil
		case c.Type == html.TextNode && strings.TrimLeftFunc(c.Data, isHTMLSpace[rune]) != "":
			return nil
		}
	}
	return only
}

// signInPrompt matches, in lowercase, what a site tells a visitor who is
// not signed in about taking part: "Log in to answer this question",
// "Create an account or sign in to comment", "You must be logged in to
// post a comment", "Join to see EXIF info for this image". Not "How to sign
// in": the prompt starts with the verb.
var signInPrompt = regexp.MustCompile(`^(?:please )?(?:` +
	`you (?:need to|must|have to) (?:be (?:a member|logged in|signed in|registered)|log ?in|sign ?in|register)|` +
	`(?:log ?in|sign ?in|sign up|register|join|create an account)(?: or (?:log ?in|sign ?in|sign up|register|create an account))?` +
	`)(?: in order)? to (?:comment|reply|answer|post|leave a|add a|see|view|vote|participate|join the|ask|continue)`)

// accountPrompts begin, in lowercase, what a site tells a visitor who
// has no account or is not signed in: "Already have an account? Sign in
// here.", "Sign up for a new account in our community."
var accountPrompts = []string{"already have an account?", "don't have an account?", "don’t have an account?", "sign up for a new account", "register a new account"}

// isAccountPrompt reports whether text, lowercased and collapsed, begins
// with one of accountPrompts.
func isAccountPrompt(text string) bool {
	for _, p := range accountPrompts {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}

// isLoadingNotice reports whether n says only that something is loading
// ("Loading...", "Loading posts…", "Loading recommendations"): a
// placeholder the page's scripts replace, which says nothing without them.
// text is n's text, lowercased and collapsed; a heading is never one.
func isLoadingNotice(n *html.Node, text string) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return false
	}
	rest, ok := strings.CutPrefix(text, "loading")
	if !ok || len(text) > 40 {
		return false
	}
	rest = strings.TrimRight(rest, ".… ")
	if rest == "" || rest[0] != ' ' {
		return rest == ""
	}
	// Up to two words say what is loading ("Loading posts…"); more
	// ("Loading prices for your region…") only in a part its name or
	// its parent's says is a loader, beside the spinner.
	return len(strings.Fields(rest)) <= 2 || inLoader(n)
}

// inLoader reports whether n or its parent is named as a loading
// placeholder ("listicle-item-loader", "spinner").
func inLoader(n *html.Node) bool {
	return nameHas(n, loaderWords) || n.Parent != nil && nameHas(n.Parent, loaderWords)
}

// loaderWords name a placeholder a page's scripts fill once they load.
var loaderWords = words("loader loading preloader spinner")

// isBreadcrumb reports whether n is a breadcrumb trail not named so: a
// short run of links, the first one home, with nothing but separators
// between them ("Home › Blogs").
func isBreadcrumb(n *html.Node, st stat) bool {
	if st.runes > 120 || st.runes-st.linkRunes > 12 {
		return false
	}
	first := findFirst(n, func(c *html.Node) bool { return c.DataAtom == atom.A })
	if first == nil || first == n || !saysHome(first) {
		return false
	}
	links := 0
	walk(n, func(c *html.Node) bool {
		if c.DataAtom == atom.A {
			links++
			return false
		}
		return true
	})
	return links >= 2 && links <= 6
}

// isMarkedBreadcrumb reports whether n is a breadcrumb trail by its
// structured data: schema.org's BreadcrumbList, as microdata (itemtype) or
// RDFa (typeof), whatever its class says ("topic-category" over a forum
// thread's title), of links and separators only (at most breadcrumbPlain
// characters outside links).
func isMarkedBreadcrumb(n *html.Node, st stat) bool {
	if st.linkRunes == 0 || st.runes-st.linkRunes > breadcrumbPlain {
		return false
	}
	if t := getAttr(n, "itemtype"); t != "" {
		for f := range strings.FieldsSeq(t) {
			if strings.HasSuffix(f, "/BreadcrumbList") {
				return true
			}
		}
	}
	for f := range strings.FieldsSeq(getAttr(n, "typeof")) {
		if f == "BreadcrumbList" || strings.HasSuffix(f, ":BreadcrumbList") {
			return true
		}
	}
	return false
}

// breadcrumbPlain is the most text outside links a breadcrumb trail has:
// separators, and the current page's name unlinked.
const breadcrumbPlain = 60

// saysHome reports whether the text of the link a says "Home", spaces
// and case aside. Every short part with a link asks: the text is read
// into a buffer on the stack, and read whole only when it is longer.
func saysHome(a *html.Node) bool {
	var buf [64]byte
	text := buf[:0]
	if !textsUpTo(a, len(buf), func(s string) { text = append(text, s...) }) {
		text = []byte(textContent(a))
	}
	return bytes.EqualFold(bytes.TrimSpace(text), []byte("home"))
}

// pruneLinkBars removes, through rm, the navigation bars under root (see
// isLinkBar). It runs once the content is chosen: a bar's links count
// little in the score, and its going must not make the block around it
// (a heading and a bar of social links) look like prose.
func pruneLinkBars(root *html.Node, s *scorer, rm *remover) {
	drop := s.outermost(root, func(n *html.Node) bool { return isLinkBar(n, s.get(n)) })
	for _, n := range drop {
		rm.remove(n, "boilerplate", "a line of links with nothing but separators between them: a navigation bar", s.get(n))
	}
}

// outermost returns, in document order, the elements with text under
// root (root excluded) that match, the outermost ones: what is under a
// match is not looked at.
func (s *scorer) outermost(root *html.Node, match func(*html.Node) bool) []*html.Node {
	var found []*html.Node
	walk(root, func(n *html.Node) bool {
		if _, ok := s.stats[n]; !ok || n.Type != html.ElementNode {
			return false
		}
		if n != root && match(n) {
			found = append(found, n)
			return false
		}
		return true
	})
	return found
}

// isLinkBar reports whether n is a line of three or more links with
// nothing but bars, dashes or dots between them ("Home -- Search --
// Authors", "About | Jobs | Press"): a navigation bar, whatever its markup.
// An empty link shows nothing and is none of the three.
// The links must be inline in n, not items of a list or cards holding
// blocks, as a listing's are; a heading, a table's cell or a list's item is
// never one, and names listed with commas (authors, formats) are not either.
func isLinkBar(n *html.Node, st stat) bool {
	switch n.DataAtom {
	case atom.A, atom.Td, atom.Th, atom.Li, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return false
	}
	// Inline elements are parts of the line their block holds: each node
	// is then read only by its nearest block, and the pass stays linear.
	if st.runes > 300 || isInlineText(n) {
		return false
	}
	links, separators := 0, 0
	ok := true
	walk(n, func(c *html.Node) bool {
		if !ok {
			return false
		}
		switch c.Type {
		case html.TextNode:
			for _, r := range c.Data {
				switch {
				case strings.ContainsRune(barSeparators, r):
					separators++
				case !isHTMLSpace(r) && r != '\u00a0':
					ok = false
				}
			}
			return false
		case html.ElementNode:
		default:
			return false
		}
		switch c.DataAtom {
		case atom.A:
			if strings.TrimSpace(textContent(c)) != "" {
				links++ // an empty link shows nothing: no link of the bar
			}
			ok = findFirst(c, func(d *html.Node) bool { return d != c && !isInlineText(d) }) == nil
			return false
		case atom.Br:
			return false
		}
		if c != n && !isInlineText(c) {
			ok = false
		}
		return ok
	})
	return ok && links >= 3 && separators > 0
}

// barSeparators are what separates the links of a navigation bar.
const barSeparators = "|¦-–—·•∙/»›~*[]"

// isInlineText reports whether n is text or one of the phrasing elements
// a line of links is made of (not an image: a row of icons is no bar).
func isInlineText(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return true
	}
	switch n.DataAtom {
	case atom.Span, atom.B, atom.Strong, atom.I, atom.Em, atom.Font, atom.Small, atom.Big, atom.Tt, atom.U, atom.Br:
		return true
	}
	return false
}

// buttonWords, in a link's class, style it as a button.
var buttonWords = words("btn button")

// callsToAction are the texts of links that ask the reader to act rather
// than lead to more to read; in a block that says nothing but links, such a
// link is a button.
var callsToAction = phrases("sign up", "sign up for free", "sign up now", "sign in", "log in", "login",
	"register", "register now", "get started", "get started today", "get started for free",
	"start a free trial", "start free trial", "start your free trial", "try it free", "try for free", "try it now",
	"subscribe", "subscribe now", "shop now", "buy now", "order now", "download now",
	"request a quote", "get a quote", "contact us", "contact sales", "book a demo", "request a demo", "get a demo",
	"join now", "join now for free", "join for free", "create an account", "create account")

func phrases(ps ...string) map[string]bool {
	m := make(map[string]bool, len(ps))
	for _, p := range ps {
		m[p] = true
	}
	return m
}

// wrapsContent reports whether n, named boilerplate, wraps a part named
// content that holds much of its text: a wrapper like
// <div class="single comments-open"> around the article. A part named
// "text" alone is no such part: utility classes style any text so
// ("text-center", "text-18"), and a box names its pitch so
// ("slickText-wrapper").
//
// strict asks for stronger evidence, for a part named furniture (a
// sidebar) whose widgets often call their insides "content", or a box
// about the writer whose bio is its "text": an <article>,
// or a name of an article's text ("entry-content", "post-body"), that
// holds a quarter of the page's text (page): a sidebar's teasers are
// <article>s or "post"s too, each a few lines.
//
// A part named content that is itself mostly parts named as n is (family:
// "related") is n's own insides, a block's generic "content" div around
// its related items, not the article.
func wrapsContent(n *html.Node, s *scorer, st, page stat, strict bool, family string) bool {
	found := false
	// The names of the wrapper's kind of part: "related", "author" for an
	// author box.
	w, _, _ := strings.Cut(family, " ")
	var same map[string]bool // made when first needed: most parts wrap none
	walk(n, func(c *html.Node) bool {
		if found || c.Type != html.ElementNode {
			return false
		}
		if c == n {
			return true
		}
		cs, ok := s.stats[c]
		if !ok {
			return false
		}
		switch kind, word := hintOf(c); {
		case kind == hintStrong || kind == hintWeak:
			return false
		case c.DataAtom == atom.Article || kind == hintContent && word != "text" && !nameHas(c, weakWords) && (!strict || nameHas(c, articleWords)):
			if cs.runes >= wrappedRunes && 10*cs.runes >= 3*st.runes && (!strict || float64(cs.runes) >= wrappedShare*float64(page.runes)) {
				if same == nil {
					same = words(w + " " + w + "s")
				}
				if 2*namedRunes(c, s, same) < cs.runes {
					found = true
					return false
				}
			}
		}
		return true
	})
	return found
}

// namedRunes returns the text under n in parts named by a word of set.
func namedRunes(n *html.Node, s *scorer, set map[string]bool) int {
	runes := 0
	walk(n, func(c *html.Node) bool {
		if c != n && c.Type == html.ElementNode && nameHas(c, set) {
			runes += s.stats[c].runes
			return false
		}
		return true
	})
	return runes
}

// pruneLinkLists removes, from a content subtree that is prose, the blocks
// that are mostly links: lists of related articles, tag clouds, "read more"
// rows. A content subtree that is itself mostly links (a listing, an index)
// keeps them. A list is judged only when it is nothing but links to the
// site's pages (isLinkList): host is the site's, from the page's
// canonical URL or address (meta.siteHost), or "".
func pruneLinkLists(content *html.Node, s *scorer, rm *remover, host string) {
	cs := s.get(content)
	runs, runRunes := linkRuns(content, s, host)
	if cs.runes == 0 || float64(cs.linkRunes-runRunes) > proseLinkShare*float64(cs.runes-runRunes) {
		return
	}
	for _, run := range runs {
		lead := leadOf(run[0], s)
		for _, p := range run {
			rm.remove(p, "link-density", "a paragraph of a run of links to the site's pages inside prose", s.get(p))
		}
		if lead != nil {
			rm.remove(lead, "link-density", "the heading of a run of links inside prose", s.get(lead))
		}
	}
	var drop []*html.Node
	walk(content, func(n *html.Node) bool {
		if n == content || n.Type != html.ElementNode {
			return true
		}
		st, ok := s.stats[n]
		if !ok {
			return false
		}
		switch n.DataAtom {
		case atom.Div, atom.Section, atom.Table:
		case atom.Ul, atom.Ol:
			if !isLinkList(n, s, host) {
				return true
			}
		case atom.A:
			return !isSummaryCard(n)
		default:
			return true
		}
		if st.runes >= mixedLinkRunes && float64(st.linkRunes) < clearLinkShare*float64(st.runes) {
			// A large block near the threshold is judged by its parts:
			// whether it is over or under turns on a few words, and its
			// parts, links or text, are clearer.
			return true
		}
		if st.linkRunes >= 40 && float64(st.linkRunes) >= linkDenseShare*float64(st.runes) &&
			float64(st.runes) < 0.25*float64(cs.runes) && float64(st.linkRunes-addressRunes(n, s, host)) >= linkDenseShare*float64(st.runes) &&
			!hasHeadingLink(n) && !isItemTitle(n, content, s) && !isLinkedTitle(n, s) {
			drop = append(drop, n)
			return false
		}
		return true
	})
	for _, n := range drop {
		lead := listLead(n, s)
		rm.remove(n, "link-density", "a block of links inside prose", s.get(n))
		if lead != nil {
			rm.remove(lead, "link-density", "the heading of a list of links inside prose", s.get(lead))
		}
	}
}

// isLinkList reports whether the list n is nothing but links to the
// site's other pages: linkListItems items or more, each item's text all in
// one link, to a page of host (isOwnLink), whose text is no address. Other
// posts, services, locations, "You might also like": where a list of
// sources or of other sites' tools, links out, is the article's, and so
// is a list headed "See also".
func isLinkList(n *html.Node, s *scorer, host string) bool {
	if _, formList := attrOK(n, formListAttr); formList {
		return false // a form's fields, not links
	}
	if h := headingBefore(n); h != nil && strings.HasPrefix(strings.ToLower(strings.TrimSpace(textContent(h))), "see also") {
		// The document's own cross-references (Wikipedia's, a
		// manual's), however its heading's edit link follows it.
		return false
	}
	if introducedBySentence(n, s) {
		return false
	}
	items := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		st := s.get(c)
		if c.DataAtom != atom.Li || st.runes == 0 || st.linkRunes != st.runes || !isOwnLinkItem(c, host) {
			return false
		}
		items++
	}
	return items >= linkListItems
}

// linkRuns returns the runs of linkListItems paragraphs or more, one
// right after the other, each nothing but one link to a page of host
// (isLinkParagraph, as isLinkList judges a list's item): a list of the
// site's pages written as paragraphs ("Average Costs for Cleaning
// Services in Austin", one city a line). A run a sentence ending in a
// colon introduces is the article's, and so is a run saying one thing
// over and over. It returns the runs and their text.
func linkRuns(content *html.Node, s *scorer, host string) ([][]*html.Node, int) {
	var runs [][]*html.Node
	runes := 0
	walk(content, func(n *html.Node) bool {
		if n.Type != html.ElementNode || !isLinkParagraph(n, s, host) {
			return n.Type == html.ElementNode && n.DataAtom != atom.P
		}
		if p := prevElement(n); p != nil && isLinkParagraph(p, s, host) {
			return false // inside a run, read from its first paragraph
		}
		var run []*html.Node
		for e := n; e != nil && isLinkParagraph(e, s, host); e = nextElement(e) {
			run = append(run, e)
		}
		if len(run) >= linkListItems && !introducedBySentence(n, s) && namesEach(run) {
			runs = append(runs, run)
			for _, p := range run {
				runes += s.get(p).runes
			}
		}
		return false
	})
	return runs, runes
}

// namesEach reports whether each of the paragraphs run says something
// else: a list names its pages, where a run saying one word over and
// over ("link", a test of addresses) is no list of them.
func namesEach(run []*html.Node) bool {
	seen := map[string]bool{}
	for _, p := range run {
		t := strings.ToLower(collapseSpace(textContent(p)))
		if seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}

// isLinkParagraph reports whether n is a paragraph whose text is all one
// link to a page of host, no address (see isOwnLinkItem), and short: a
// line naming a page, not a sentence linked whole.
func isLinkParagraph(n *html.Node, s *scorer, host string) bool {
	if n.DataAtom != atom.P {
		return false
	}
	st := s.get(n)
	return st.runes > 0 && st.runes <= linkParagraphRunes && st.linkRunes == st.runes && isOwnLinkItem(n, host)
}

// linkParagraphRunes is the most text of a paragraph isLinkParagraph
// takes for a line of a list of links.
const linkParagraphRunes = 100

// introducedBySentence reports whether the element right before the list
// n is a line of up to listLeadRunes that ends in a colon and does not
// begin as a part leading elsewhere does (moreHeadings): "The top brands
// for backpacking packs include:" over a list of brands is a sentence the
// list ends, while "You might also like:" heads other pages.
func introducedBySentence(n *html.Node, s *scorer) bool {
	p := prevElement(n)
	if p == nil || isHeading(p) || s.get(p).runes > listLeadRunes {
		return false
	}
	text := collapseSpace(strings.ToLower(textContent(p)))
	if !strings.HasSuffix(text, ":") {
		return false
	}
	text += " "
	return !slices.ContainsFunc(moreHeadings, func(h string) bool { return strings.HasPrefix(text, h) })
}

// headingBefore returns the heading right before n, alone or the only
// element of a wrapper (Wikipedia's div.mw-heading), or nil.
func headingBefore(n *html.Node) *html.Node {
	return aloneHeading(prevElement(n))
}

// aloneHeading returns p when it is a heading, or the heading that is the
// only element of p (down wrappers of one element), or nil.
func aloneHeading(p *html.Node) *html.Node {
	for p != nil && !isHeading(p) {
		var only *html.Node
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				if only != nil {
					return nil
				}
				only = c
			}
		}
		p = only
	}
	return p
}

// listLead returns, for a list n of links that goes, what introduces it
// right before it and would be left heading nothing: a heading (alone or
// in its wrapper) or a short line ending in a colon ("You might also
// like:"), up to listLeadRunes; or nil.
func listLead(n *html.Node, s *scorer) *html.Node {
	if n.DataAtom != atom.Ul && n.DataAtom != atom.Ol {
		return nil
	}
	return leadOf(n, s)
}

// leadOf returns what introduces n, a list of links or the first
// paragraph of a run of them (linkRuns), right before it: a heading
// (alone or in its wrapper) or a short line ending in a colon, up to
// listLeadRunes; or nil.
func leadOf(n *html.Node, s *scorer) *html.Node {
	p := prevElement(n)
	if p == nil || s.get(p).runes > listLeadRunes {
		return nil
	}
	if aloneHeading(p) != nil || strings.HasSuffix(strings.TrimSpace(textContent(p)), ":") {
		return p
	}
	return nil
}

// listLeadRunes is the most text of a list's heading listLead drops with it.
const listLeadRunes = 120

// isOwnLinkItem reports whether the list item li holds one link, to a page
// of host, whose text is no address.
func isOwnLinkItem(li *html.Node, host string) bool {
	links, ok := 0, true
	walk(li, func(d *html.Node) bool {
		if !ok || !isLink(d) {
			return ok
		}
		// A second link ends the reading: an item of a nested list
		// is read no further than its first link and the next.
		links++
		ok = links == 1 && isOwnLink(getAttr(d, "href"), host) && !isAddressText(d)
		return false
	})
	return ok && links == 1
}

// isAddressText reports whether the link a's text is an address: a source
// cited as its URL.
func isAddressText(a *html.Node) bool {
	t := strings.TrimSpace(textContent(a))
	return strings.Contains(t, "://") || strings.HasPrefix(t, "www.")
}

// isOwnLink reports whether href leads to a page of the site whose host
// (without "www.") is host: a relative address, or an absolute one on
// that host. A #fragment of the page itself is relative too: a bare
// table of contents is judged as such a list (Defuddle's references drop
// one).
func isOwnLink(href, host string) bool {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return false
	}
	if u.Host == "" {
		return u.Scheme == "" || u.Scheme == "http" || u.Scheme == "https"
	}
	return host != "" && strings.TrimPrefix(strings.ToLower(u.Host), "www.") == host
}

// linkListItems is the fewest items of a list isLinkList judges.
const linkListItems = 4

// phrasing are the elements of running text, which a block is made of.
var phrasing = map[atom.Atom]bool{
	atom.A: true, atom.Span: true, atom.B: true, atom.Strong: true, atom.I: true, atom.Em: true,
	atom.Small: true, atom.Font: true, atom.U: true, atom.Label: true, atom.Time: true, atom.Abbr: true,
	atom.Code: true, atom.Sup: true, atom.Sub: true, atom.Mark: true, atom.Cite: true, atom.Q: true, atom.Br: true,
}

// isAncestor reports whether a is an ancestor of n.
func isAncestor(a, n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p == a {
			return true
		}
	}
	return false
}

// isSummaryCard reports whether the link a is a card: a heading (by its
// tag or its role) and a summary (isSummary) of 40 bytes or more that
// ends a sentence, or is cut short with an ellipsis. pruneLinkLists keeps
// such a link whole, as it keeps a block holding one: a service's grid of
// offers, each a link around its title and description, is not a list of
// links ("Explore learning", a card without a sentence, is).
func isSummaryCard(a *html.Node) bool {
	if findFirst(a, isTitleHeading) == nil {
		return isTitledCard(a)
	}
	return findFirst(a, func(c *html.Node) bool {
		if !isSummary(c) {
			return false
		}
		t := strings.TrimSpace(textContent(c))
		r, _ := utf8.DecodeLastRuneInString(t)
		return len(t) >= summaryRunes && strings.ContainsRune(".!?…", r)
	}) != nil
}

// hasHeadingLink reports whether n has a heading that is a link, or a
// link that is a card (a heading and a summary): a list of teasers, which
// is content on an index page and a related list in prose; it is kept,
// since the two are hard to tell apart.
func hasHeadingLink(n *html.Node) bool {
	return findFirst(n, func(c *html.Node) bool {
		switch c.DataAtom {
		case atom.H1, atom.H2:
			return findFirst(c, func(d *html.Node) bool { return d.DataAtom == atom.A }) != nil
		case atom.A:
			return findFirst(c, isCardTitle) != nil && findFirst(c, isSummary) != nil || isTitledCard(c)
		}
		return false
	}) != nil
}

// isTitledCard reports whether the link a, with no heading in it, is a
// card all the same: its text, all of it, in two blocks of text alone
// (cardBlocks), a title of up to titledCardBytes that ends no sentence,
// then a description of three words or more, longer than the title, that
// ends one with a full stop, an exclamation mark or an ellipsis ("AI
// agents" over "Automate 80% of interactions."). A service's grid of
// offers written in spans rather than headings is no list of links; a
// teaser whose line is a question ("Does a 60 inch table seat 8?") leads
// to another page's answer, and its list is judged as links.
func isTitledCard(a *html.Node) bool {
	if a.DataAtom != atom.A || findFirst(a, isHeading) != nil {
		return false
	}
	blocks, ok := cardBlocks(a)
	if !ok || len(blocks) != 2 {
		return false
	}
	title, line := blocks[0], blocks[1]
	t, _ := utf8.DecodeLastRuneInString(title)
	l, _ := utf8.DecodeLastRuneInString(line)
	return len(title) <= titledCardBytes && !strings.ContainsRune(".!?:", t) &&
		len(line) > len(title) && len(strings.Fields(line)) >= 3 && strings.ContainsRune(".!…", l)
}

// titledCardBytes is the longest title of a card isTitledCard takes: a
// name, not a sentence.
const titledCardBytes = 60

// cardBlocks returns the texts of the elements under n that hold text
// alone (no element but phrasing ones, and no <span> or <a>, which may
// wrap blocks of their own), in order, and whether they hold all of n's
// text: text beside them in a wrapper is no block of its own.
func cardBlocks(n *html.Node) ([]string, bool) {
	var blocks []string
	inBlocks := 0
	walk(n, func(c *html.Node) bool {
		if c.Type != html.ElementNode {
			return false
		}
		if c == n || !holdsTextAlone(c) {
			return true
		}
		if t := strings.TrimSpace(collapseSpace(textContent(c))); t != "" {
			blocks = append(blocks, t)
			inBlocks += solidLen(t)
		}
		return false
	})
	return blocks, inBlocks == solidLen(textContent(n))
}

// holdsTextAlone reports whether n holds nothing but text and phrasing
// elements other than <span> and <a>.
func holdsTextAlone(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (!phrasing[c.DataAtom] || c.DataAtom == atom.Span || c.DataAtom == atom.A) {
			return false
		}
	}
	return true
}

// solidLen is the length of s in bytes without its white space.
func solidLen(s string) int {
	k := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			k += utf8.RuneLen(r)
		}
	}
	return k
}

// isCardTitle reports whether n is the title of a teaser card: an h2 or
// h3, or an element ARIA makes a heading of that level (role="heading",
// aria-level 2 or 3, or none, which is 2), as a design system's custom
// card element writes its title.
func isCardTitle(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H2, atom.H3:
		return true
	}
	if !hasToken(getAttr(n, "role"), "heading") {
		return false
	}
	switch strings.TrimSpace(getAttr(n, "aria-level")) {
	case "", "2", "3":
		return true
	}
	return false
}

// isSummary reports whether n is a teaser's summary: a paragraph, or a
// block of text alone (no element inside it) of summaryRunes or more
// outside a heading (by its tag or its role), as a card's "entry-summary"
// writes it.
func isSummary(n *html.Node) bool {
	switch n.DataAtom {
	case atom.P:
		return true
	case atom.Div, atom.Span:
	default:
		return false
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return false
		}
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if isTitleHeading(p) {
			return false // the title's text, not a summary
		}
	}
	return len(strings.TrimSpace(textContent(n))) >= summaryRunes
}

// summaryRunes is the least text of a block alone that is a summary.
const summaryRunes = 40

// isItemTitle reports whether n is the title of a list item: a heading
// that is a link, in an item of a list (up to the content) whose text
// outside links, its summary, is beside it. A listing's items are
// its content, their titles with them; a list of links has no summaries.
func isItemTitle(n, content *html.Node, s *scorer) bool {
	if findFirst(n, func(c *html.Node) bool { return isHeading(c) && findFirst(c, isLink) != nil }) == nil {
		return false
	}
	for p := n.Parent; p != nil && p != content; p = p.Parent {
		if p.DataAtom == atom.Li {
			ps, ns := s.get(p), s.get(n)
			return (ps.runes-ps.linkRunes)-(ns.runes-ns.linkRunes) >= itemSummaryRunes
		}
	}
	return false
}

// itemSummaryRunes is the least text outside links a list item holds
// beside its title for it to be a teaser with a summary.
const itemSummaryRunes = 60

// teaserRunes is the most text a teaser holds: a title, a line or two of
// summary, a date, a "Read more".
const teaserRunes = 600

// titleWords name the title of a card ("post-title", "entry-headline").
var titleWords = words("title heading headline")

// isTeaserList reports whether n is a list of teasers of other articles:
// two or more of its child elements are teasers (isTeaser), and they hold
// nearly all of its text.
func (f *teaserFinder) isTeaserList(n *html.Node) bool {
	st, ok := f.s.stats[n]
	if !ok || n.Type != html.ElementNode || !f.holdsArticle(n) {
		// A child that holds an article part makes n hold one: most
		// parts hold none, and their children need not be asked.
		return false
	}
	k, runes := 0, 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f.isTeaser(c) {
			k++
			runes += f.s.get(c).runes
		}
	}
	return k >= 2 && 10*runes >= 8*st.runes
}

// isTeaser reports whether n is a teaser of another article: a short
// block (up to teaserRunes) that is, or holds, an <article> or a part
// named for one (a "post", an "entry"), with a title of three words or
// more that is a link (isTitleLink).
func (f *teaserFinder) isTeaser(n *html.Node) bool {
	// The few parts holding an article are asked about first.
	if n.Type != html.ElementNode || !f.holdsArticle(n) {
		return false
	}
	st, ok := f.s.stats[n]
	if !ok || st.runes > teaserRunes || phrasing[n.DataAtom] {
		return false
	}
	title := f.firstTitle(n)
	if title == nil {
		return false
	}
	long, ok := f.long[title]
	if !ok {
		long = len(strings.Fields(textContent(title))) >= 3
		f.long[title] = long
	}
	return long
}

// teaserFinder tells the teasers of a page apart (isTeaser). Each part
// asks it of its children, and they of theirs, so what it finds under a
// node is kept: found afresh, a part nested 500 deep would be read once
// per level above it, and its titles each once per level above them.
type teaserFinder struct {
	s       *scorer
	roots   []*html.Node              // the parts asked about are under these
	article map[*html.Node]bool       // the nodes that are or hold an article part, once asked
	title   map[*html.Node]*html.Node // the node's first linked title, or nil
	long    map[*html.Node]bool       // whether a title has three words or more
}

func newTeaserFinder(s *scorer, roots []*html.Node) *teaserFinder {
	return &teaserFinder{s: s, roots: roots, title: map[*html.Node]*html.Node{}, long: map[*html.Node]bool{}}
}

// holdsArticle reports whether n, under one of f's roots, is, or holds,
// an <article> or a part named for one (articleWords). The elements that
// do are found once, on the first question, by one walk of the roots: few
// do, and a set of them is cheaper than the answer kept for every element.
func (f *teaserFinder) holdsArticle(n *html.Node) bool {
	if f.article == nil {
		f.article = map[*html.Node]bool{}
		for _, root := range f.roots {
			f.markArticles(root)
		}
	}
	return f.article[n]
}

// markArticles adds to f.article n and the elements under it that are,
// or hold, an article part, and reports whether n does.
func (f *teaserFinder) markArticles(n *html.Node) bool {
	found := n.DataAtom == atom.Article || nameHas(n, articleWords)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && f.markArticles(c) {
			found = true
		}
	}
	if found {
		f.article[n] = true
	}
	return found
}

// firstTitle returns the first linked title (isTitleLink) in n or under
// it, in document order, or nil.
func (f *teaserFinder) firstTitle(n *html.Node) *html.Node {
	title, ok := f.title[n]
	if ok {
		return title
	}
	if isTitleLink(n) {
		title = n
	}
	for c := n.FirstChild; c != nil && title == nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			title = f.firstTitle(c)
		}
	}
	f.title[n] = title
	return title
}

// isTitleLink reports whether n is the linked title of a card: a heading
// or an element named a title whose text is a link, or a link holding a
// heading.
func isTitleLink(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if isLink(n) {
		return findFirst(n, isHeading) != nil
	}
	if !isHeading(n) && !nameHas(n, titleWords) {
		return false
	}
	text := len(strings.TrimSpace(textContent(n)))
	link := findFirst(n, isLink)
	return link != nil && text > 0 && 2*len(strings.TrimSpace(textContent(link))) >= text
}

// maxTeaserLists is the most lists of teasers an article has beside it
// (a "Related posts" grid, a "Latest" column): a page of more is a
// listing made of them.
const maxTeaserLists = 2

// pruneTeasers removes, through rm, the lists of teasers of other articles
// (isTeaserList) from the content and its siblings, when the content is an
// article: prose, which without them still holds proseRunes of text
// outside links and more than they do, with at most maxTeaserLists of
// them. A listing, whose teasers are its content, keeps them, and so does
// a body the stage could not narrow.
func pruneTeasers(content, body *html.Node, nodes []*html.Node, s *scorer, rm *remover) {
	if content == body {
		return
	}
	var drop []*html.Node
	total, teasers := stat{}, stat{}
	f := newTeaserFinder(s, nodes)
	for _, root := range nodes {
		st := s.get(root)
		total.runes += st.runes
		total.linkRunes += st.linkRunes
		for _, n := range s.outermost(root, f.isTeaserList) {
			drop = append(drop, n)
			teasers.runes += s.get(n).runes
			teasers.linkRunes += s.get(n).linkRunes
		}
	}
	rest := total.runes - teasers.runes
	if len(drop) == 0 || len(drop) > maxTeaserLists || rest-(total.linkRunes-teasers.linkRunes) < proseRunes || teasers.runes >= rest {
		return
	}
	for _, n := range drop {
		rm.remove(n, "teasers", "a list of teasers of other articles beside an article", s.get(n))
	}
}

// bioWords name the writer of an article, in a part after it.
var bioWords = words("author authors contributor contributors writer byline")

// isAuthorBio reports whether n, after the content, is about its writer:
// a short part (up to bioRunes) holding a part named for the author
// ("post-author-block", "field-author"). Before the content such a part
// is the byline; a long one is more of the article.
func isAuthorBio(n *html.Node, s *scorer) bool {
	return n.Type == html.ElementNode && s.get(n).runes <= bioRunes &&
		findFirst(n, func(c *html.Node) bool { return nameHas(c, bioWords) }) != nil
}

// isPreformatted reports whether elements named a hold preformatted text:
// code, whose parts are never boilerplate.
func isPreformatted(a atom.Atom) bool {
	switch a {
	case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext:
		return true
	}
	return false
}

// logoWallImages is the least number of logos, each named differently,
// that make a row of images a logo wall.
const logoWallImages = 4

// logoWallWords is the most words a logo's alt text holds: a name
// ("The New York Times", "SOC 2 Type II Certified", capitalized as names
// are), not a description.
const logoWallWords = 5

// pruneLogoWalls removes, through rm, the logo walls in nodes: parts
// without text holding nothing but logoWallImages or more images, not
// links, whose alt texts are distinct short names (the customers that
// "trust us", the partners, the certifications beside a service's offer).
// They vouch for the page's subject and say nothing of it; a gallery's
// photos are described at more length, and an image that is a link (a
// category's tile) leads somewhere.
func pruneLogoWalls(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			if _, ok := s.stats[n]; ok {
				return true // text under it: look deeper
			}
			if isLogoWall(n) {
				drop = append(drop, n)
			}
			return false
		})
	}
	for _, n := range drop {
		rm.remove(n, "boilerplate", "a row of logos without text: who vouches for the page, not what it says", stat{})
	}
}

// isLogoWall reports whether n, an element without text, is a row of
// logos: logoWallImages or more images with distinct alt texts of
// logoWallWords words at most, each beginning with a capital or a digit,
// none of them in a link; alt texts that differ only by a number ending
// them are one (unnumbered: a gallery's pictures numbered in turn).
func isLogoWall(n *html.Node) bool {
	names := map[string]bool{}
	ok := true
	walk(n, func(c *html.Node) bool {
		if !ok || c.Type != html.ElementNode {
			return false
		}
		switch {
		case isLink(c):
			ok = false
		case c.DataAtom == atom.Img:
			alt := strings.Join(strings.Fields(getAttr(c, "alt")), " ")
			if alt == "" {
				return false // decorative: says nothing either way
			}
			r, _ := utf8.DecodeRuneInString(alt)
			if len(strings.Fields(alt)) > logoWallWords || !unicode.IsUpper(r) && !unicode.IsDigit(r) {
				ok = false // a description, "camping at refugio grey"
			}
			names[unnumbered(alt)] = true
		}
		return ok
	})
	return ok && len(names) >= logoWallImages
}

// controlRunes is the most text of a form control, with its label, that
// each of a list's items repeats ("Compare", "Add to cart").
const controlRunes = 40

// pruneItemControls removes, through rm, the form controls that each of a
// list's items repeats with the same words: a "Compare" checkbox, an "Add
// to cart" button in every card, which act on the item but say nothing of
// it. A control whose words differ from item to item (a product's
// variants, each named) stays.
func pruneItemControls(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(p *html.Node) bool {
			if p.Type != html.ElementNode || p.DataAtom == atom.Table || isPreformatted(p.DataAtom) {
				return false
			}
			if _, ok := s.stats[p]; !ok {
				return false
			}
			drop = append(drop, itemControls(p, s)...)
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "boilerplate", "a form control each of a list's items repeats with the same words", s.get(n))
	}
}

// itemControls returns the form controls of p's items (controlsIn) that
// three quarters or more of its children of one kind (itemKind), minItems
// or more, cards of teaserRunes or less on average, each hold with the
// same words.
func itemControls(p *html.Node, s *scorer) []*html.Node {
	// Every element asks: most have too few children with text to group.
	kids := 0
	for c := p.FirstChild; c != nil && kids < minItems; c = c.NextSibling {
		if _, ok := s.stats[c]; ok && c.Type == html.ElementNode {
			kids++
		}
	}
	if kids < minItems {
		return nil
	}
	// The groups, and the texts below, are read in the order they come
	// in, so that the controls are too.
	var groups [][]*html.Node
	group := map[itemKind]int{}
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if _, ok := s.stats[c]; ok && c.Type == html.ElementNode {
			k := itemKind{c.Data, getAttr(c, "class")}
			i, ok := group[k]
			if !ok {
				i = len(groups)
				group[k] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], c)
		}
	}
	var out []*html.Node
	for _, items := range groups {
		if len(items) < minItems {
			continue
		}
		runes := 0
		for _, it := range items {
			runes += s.get(it).runes
		}
		if runes > teaserRunes*len(items) {
			continue // sections, not cards
		}
		where := map[string][]*html.Node{}
		count := map[string]int{}
		var texts []string
		for _, it := range items {
			seen := map[string]bool{}
			for _, e := range controlsIn(it, s) {
				t := collapsedText(e, true, controlRunes)
				if _, ok := where[t]; !ok {
					texts = append(texts, t)
				}
				where[t] = append(where[t], e)
				if !seen[t] {
					seen[t] = true
					count[t]++
				}
			}
		}
		for _, t := range texts {
			if k := count[t]; k >= minItems && 4*k >= 3*len(items) {
				out = append(out, where[t]...)
			}
		}
	}
	return out
}

// controlsIn returns the outermost elements under item of controlRunes
// of text or less that hold a form control (isFormControl), or are shown
// only on hover (shownOnHover), and nothing
// else of the item: its picture, its linked name (a part holding those
// too is read further down, to the control beside them). A choice among options (a
// question's "Yes, No", a quantity's "1, 2, 3", written with commas) is
// a question the item asks, and stays.
func controlsIn(item *html.Node, s *scorer) []*html.Node {
	var out []*html.Node
	walk(item, func(e *html.Node) bool {
		if e.Type != html.ElementNode {
			return false
		}
		st, ok := s.stats[e]
		if !ok || isHeading(e) || e.DataAtom == atom.Table || isPreformatted(e.DataAtom) {
			return false
		}
		if e == item || st.runes > controlRunes {
			return true
		}
		if findFirst(e, isItemControl) == nil {
			return false
		}
		if findFirst(e, func(c *html.Node) bool { return c.DataAtom == atom.Img || isLink(c) }) != nil {
			return true // the control is in there, beside the item's picture
		}
		if !isItemControl(e) && mixesText(e, s) {
			return true // beside the item's price, its stock: read on to the control
		}
		if !strings.Contains(textContent(e), ",") {
			out = append(out, e)
		}
		return false
	})
	return out
}

// mixesText reports whether one of e's children holds text and no
// control (isItemControl) nor labels one: e is a part of the item (its
// price, whether it is in stock) with the control beside it, not the
// control and its label.
func mixesText(e *html.Node, s *scorer) bool {
	for c := e.FirstChild; c != nil; c = c.NextSibling {
		if st, ok := s.stats[c]; ok && c.Type == html.ElementNode && c.DataAtom != atom.Label && st.runes > 0 && findFirst(c, isItemControl) == nil {
			return true
		}
	}
	return false
}

// isItemControl reports whether n is a control an item of a list may
// repeat: a form's (isFormControl), an overlay shown on hover, or a part
// named a button (a "shipMessageBtn" span a script makes one of).
func isItemControl(n *html.Node) bool {
	v := getAttr(n, "class")
	return isFormControl(n) || shownOnHover(v) || namedButton(v)
}

// namedButton reports whether a name of the class list v ends in a
// button's word (buttonWords: "add-to-cart-btn", "shipMessageBtn_x9Kq"),
// a generated suffix aside.
func namedButton(v string) bool {
	if !strings.Contains(v, "tn") && !strings.Contains(v, "TN") {
		return false // neither "btn" nor "button": one search, not a split
	}
	for name := range strings.FieldsSeq(v) {
		head := ""
		nameParts(name, func(w string) bool {
			if !isNameSuffix(w) {
				head = w
			}
			return true
		})
		if buttonWords[head] {
			return true
		}
	}
	return false
}

// shownOnHover reports whether the class list v hides its element until
// the pointer is over the card around it (Tailwind's "opacity-0
// group-hover:opacity-100", "invisible group-hover:visible", "hidden
// group-hover:block"): an overlay such as a card's "View Details" or
// "Quick add", drawn over its picture, whose label is a control's.
func shownOnHover(v string) bool {
	if !strings.Contains(v, "hover:") {
		return false // most class lists: one search, not a split
	}
	hidden, shown := false, false
	for c := range strings.FieldsSeq(v) {
		lc := strings.ToLower(c)
		variant, u, ok := strings.Cut(lc, ":")
		switch {
		case !ok:
			hidden = hidden || lc == "opacity-0" || lc == "invisible" || lc == "hidden"
		case variant == "hover" || variant == "group-hover" || strings.HasPrefix(variant, "group-hover/"):
			shown = shown || u == "opacity-100" || u == "visible" || shownWords[u]
		}
	}
	return hidden && shown
}

// isFormControl reports whether n is a control a form's user acts with:
// a button, or the list the forms pass made of a form's fields (a
// checkbox, a radio button, a choice).
func isFormControl(n *html.Node) bool {
	if _, ok := attrOK(n, formListAttr); ok {
		return true
	}
	switch n.DataAtom {
	case atom.Button:
		return true
	case atom.Input:
		t := strings.ToLower(getAttr(n, "type"))
		return t == "checkbox" || t == "radio" || t == "submit" || t == "button"
	}
	r := getAttr(n, "role")
	return hasToken(r, "checkbox") || hasToken(r, "switch")
}

// addressRunes returns the text under n in links to other sites written
// as their address (isAddressText): a cited source, a forum reply's "see
// https://...", an infobox's website, which pruneLinkLists does not count
// as links. A link to the site's own page written so (a template showing
// its addresses in place of its cards' titles) is a link like any other.
func addressRunes(n *html.Node, s *scorer, host string) int {
	runes := 0
	walk(n, func(c *html.Node) bool {
		if !isLink(c) {
			return true
		}
		if isAddressText(c) && !isOwnLink(getAttr(c, "href"), host) {
			runes += s.get(c).runes
		}
		return false
	})
	return runes
}

// purchaseFormRunes is the most text a product's purchase form
// (isPurchaseForm) holds to be left out: its options, quantity and button
// are a few hundred characters; a form wrapping the product's whole
// description and details is the page's text.
const purchaseFormRunes = 600

// cartWords name a shop's cart.
var cartWords = words("cart basket")

// prunePurchaseForms removes, through rm, the forms under nodes that put
// the product of the page in the cart (isPurchaseForm), of up to
// purchaseFormRunes characters; not content, the part chosen, when it is
// such a form itself: it is written whole, as all the page says. It runs
// last, once the blocks of links are judged: a buy box whose swatches are
// links goes whole as one, which it would not be once its form is gone.
func prunePurchaseForms(nodes []*html.Node, content *html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			if st, ok := s.stats[n]; ok && n != content && st.runes <= purchaseFormRunes && isPurchaseForm(n) {
				drop = append(drop, n)
				return false
			}
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "boilerplate", "the shop's form that puts the product in the cart: its options, quantity and button", s.get(n))
	}
}

// disclaimerHeadings are the headings of a shop's disclaimer on a
// product's page, lowercased, without a colon.
var disclaimerHeadings = phrases("disclaimer", "disclaimers", "legal disclaimer", "product disclaimer")

// disclaimerRunes is the most text of a part headed as a disclaimer
// (pruneDisclaimers): a paragraph or two. disclaimerBlocks is the most
// blocks after a bare heading it takes.
const (
	disclaimerRunes  = 800
	disclaimerBlocks = 8
)

// pruneDisclaimers removes, through rm, the parts of a product's page's
// content headed "Disclaimer" (disclaimerHeadings, an h2-h6 of its own):
// what the shop says of all its listings ("While we strive to ensure the
// accuracy of our product images and information, ..."), on every
// product's page, not what this product is. The part is the outermost
// element the heading begins, holding no heading as high after it, of
// disclaimerRunes at most; a bare heading in a run of blocks takes the
// blocks after it up to the next heading as high. Not a part holding half
// of its root's text. On other pages a section so headed is the writer's
// own caveat, and stays.
func pruneDisclaimers(nodes []*html.Node, s *scorer, rm *remover) {
	var parts [][]*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			level := headingRank(n)
			if level < 2 {
				return true
			}
			st := s.get(n)
			if st.runes > 0 && st.runes <= 30 && st.linkRunes == 0 &&
				disclaimerHeadings[strings.TrimRight(collapsedText(n, true, st.runes), ": ")] {
				if part := disclaimerPart(n, root, level, s); part != nil {
					parts = append(parts, part)
				}
			}
			return false
		})
	}
	for _, part := range parts {
		for _, n := range part {
			if n.Parent != nil {
				rm.remove(n, "boilerplate", "a shop's disclaimer, headed so: what it says on every product's page", s.get(n))
			}
		}
	}
}

// disclaimerPart returns the elements the heading h of level heads inside
// root (see pruneDisclaimers), or nil when they run too long, hold
// nothing but the heading, or half of root's text or more.
func disclaimerPart(h, root *html.Node, level int, s *scorer) []*html.Node {
	top := h
	// The bound on text comes first: a parent of many headings may have
	// many empty children before its first with text.
	for p := top.Parent; p != nil && p != root && s.get(p).runes <= disclaimerRunes && firstWithText(p, s) == top && !headingAfter(top, level); p = p.Parent {
		top = p
	}
	part := []*html.Node{top}
	runes := s.get(top).runes
	if runes == s.get(h).runes {
		for c := top.NextSibling; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if r := headingRank(c); r > 0 && r <= level || hasHeadingUpTo(c, level) || len(part) > disclaimerBlocks {
				break
			}
			part = append(part, c)
			if runes += s.get(c).runes; runes > disclaimerRunes {
				return nil
			}
		}
	}
	if runes == s.get(h).runes || 2*runes >= s.get(root).runes {
		return nil
	}
	return part
}

// fillerClimb is how many elements above a text of filler
// pruneFillerText climbs to find the block that holds it.
const fillerClimb = 6

// pruneFillerText removes, through rm, the blocks under nodes whose text
// begins "Lorem ipsum": the filler a shop's theme or page builder ships in
// its sections, left where the shop wrote nothing (a phone's copy of a
// feature, a spec's note). On a product's page no one writes it for the
// product; elsewhere it may be what a page is about (a typography demo,
// a test page), so other pages keep it. Each text is read once and its
// block found within fillerClimb elements up.
func pruneFillerText(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	seen := map[*html.Node]bool{}
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.TextNode {
				return true
			}
			if !isFiller(strings.TrimLeftFunc(n.Data, unicode.IsSpace)) {
				return false
			}
			b := n.Parent
			for i := 0; i < fillerClimb && b != nil && b != root && !isBlockName(b.DataAtom); i++ {
				b = b.Parent
			}
			if b == nil || b == root || !isBlockName(b.DataAtom) || seen[b] {
				return false
			}
			budget := fillerNodes + len(n.Data)
			if firstText(b, &budget) == n {
				seen[b] = true
				drop = append(drop, b)
			}
			return false
		})
	}
	for _, n := range drop {
		if n.Parent != nil {
			rm.remove(n, "boilerplate", "placeholder text (\"Lorem ipsum\") a template ships with", s.get(n))
		}
	}
}

// fillerNodes is how many nodes, beside the filler's own text, of a
// block pruneFillerText reads to find the text that begins it.
const fillerNodes = 16

// isFiller reports whether s begins as placeholder text does: "Lorem
// ipsum", in any case.
func isFiller(s string) bool {
	const filler = "lorem ipsum"
	return len(s) >= len(filler) && strings.EqualFold(s[:len(filler)], filler)
}

// isPurchaseForm reports whether n is a <form> that puts a product in the
// cart: named for it (WooCommerce's form.cart, Etsy's add-to-cart-form,
// name="add_to_cart_54029") or sending to it (action="/cart/add"). Its
// fields are what the buyer picks (size, colour, quantity), which no
// reader of the product's description reads as its text.
func isPurchaseForm(n *html.Node) bool {
	if n.DataAtom != atom.Form {
		return false
	}
	if nameHas(n, cartWords) || nameHasWord(n, "name", "cart") {
		return true
	}
	action := strings.ToLower(getAttr(n, "action"))
	if u, err := url.Parse(action); err == nil {
		action = u.Path
	}
	for _, seg := range strings.Split(action, "/") {
		if cartWords[seg] || cartWords[strings.TrimSuffix(seg, ".php")] {
			return true
		}
	}
	return false
}

// filingRunes is the most text a line filing a product under the shop's
// categories or tags holds ("Categories: Men's Trail Packs, Rentals");
// filingLabelRunes the most of it outside its links ("See others tagged").
const (
	filingRunes      = 160
	filingLabelRunes = 40
)

// filingWords name the line of a product's categories or tags:
// WooCommerce's "posted_in" (read as the compound "postedin") and
// "tagged_as", a theme's "product-categories" or "tags".
var filingWords = words("tagged tags category categories postedin")

// pruneProductFiling removes, from a product's page, the lines filing the
// product under the shop's categories and tags ("Category: Reusable Cups",
// "See others tagged diamond"): links to the shop's other listings, like
// its breadcrumb, not what the product is. A line is one of them when its
// links are all taxonomy links (rel="tag") or its class names it so
// (filingWords), and its text beside the links is no more than a label.
// Its SKU beside them, a fact of the product, stays. Article pages keep
// their tags: their references often do.
func pruneProductFiling(nodes []*html.Node, s *scorer, rm *remover) {
	var drop []*html.Node
	for _, root := range nodes {
		walk(root, func(n *html.Node) bool {
			if n.Type != html.ElementNode {
				return false
			}
			st, ok := s.stats[n]
			if !ok || st.linkRunes == 0 {
				return false
			}
			if st.runes <= filingRunes && st.runes-st.linkRunes <= filingLabelRunes && isFilingLine(n) {
				drop = append(drop, n)
				return false
			}
			return true
		})
	}
	for _, n := range drop {
		rm.remove(n, "boilerplate", "the shop's categories or tags the product is filed under: links to other listings", s.get(n))
	}
}

// filingNodes is the most children isFilingLine reads of a line: a line
// of a few links has a few dozen; a short text among thousands of empty
// elements, asked at each level, would be read whole each time.
const filingNodes = 64

// isFilingLine reports whether n, a short line with links, is a product's
// categories or tags: named so, or a line of nothing but a label and links
// marked rel="tag" ("Category: <a rel=tag>Cups</a>"). A part holding more
// (a card's blurb, a SKU in a span of its own) is not one; a line of them
// inside it may be.
func isFilingLine(n *html.Node) bool {
	if namedFiling(n) {
		return true
	}
	links, seen := 0, 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if seen++; seen > filingNodes {
			return false
		}
		switch {
		case c.Type == html.TextNode, c.Type == html.CommentNode:
		case c.Type == html.ElementNode && c.DataAtom == atom.A && hasToken(getAttr(c, "rel"), "tag"):
			links++
		default:
			return false
		}
	}
	return links > 0
}

// namedFiling reports whether n's class names a line of categories or tags
// (filingWords), reading "posted_in" as one word.
func namedFiling(n *html.Node) bool {
	found, prev := false, ""
	nameParts(namesRead(getAttr(n, "class")), func(w string) bool {
		found = filingWords[w] || prev == "posted" && w == "in"
		prev = w
		return !found
	})
	return found
}

// contactBoxRunes is the most text a shop's contact box holds: a heading,
// a few paragraphs on its staff, the phone line.
const contactBoxRunes = 2000

// pruneContactBoxes removes, from a product's page, a part added back
// after the description (not the content itself), short, that offers the
// shop's phone line (a tel: link): the shop's box inviting the buyer to
// call its staff ("What makes our sales engineers great? (800) 222-4700"),
// on every product's page, not the product's. A part before the
// description (the title and price, a "call for price") stays.
func pruneContactBoxes(nodes []*html.Node, content *html.Node, s *scorer, rm *remover) {
	after := false
	for _, n := range nodes {
		if n == content {
			after = true
			continue
		}
		if !after || n.Type != html.ElementNode || s.get(n).runes > contactBoxRunes {
			continue
		}
		tel := findFirst(n, func(c *html.Node) bool {
			return c.DataAtom == atom.A && strings.HasPrefix(strings.ToLower(strings.TrimSpace(getAttr(c, "href"))), "tel:")
		})
		if tel != nil {
			rm.remove(n, "boilerplate", "the shop's contact box beside the product: its phone line", s.get(n))
		}
	}
}

// showsText reports whether any of nodes still on the page under body
// holds text: the content left once the passes after the choice are done.
func showsText(nodes []*html.Node, body *html.Node) bool {
	for _, n := range nodes {
		on := n == body
		for p := n.Parent; p != nil && !on; p = p.Parent {
			on = p == body
		}
		if on && hasWords(n) {
			return true
		}
	}
	return false
}
