package md

import (
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The passes of this file write an image without its alt text (dropAlt)
// when the alt text says nothing the Markdown does not, once the content
// is chosen, in every mode. convertDocument runs them in this order, one
// concern each: a file's name (dropFileAlts), a logo's label
// (dropLogoAlts), a template's stock text (dropStockAlts), what the text
// beside the image, the block next to it or the first picture of its
// gallery says (dropEchoAlts), the words of the link it is a thumbnail in
// (dropLinkedAlts), the heading beside it (dropHeadingAlts), the words of
// an <h1> of the content or of the page's title wherever the image is
// (dropFarHeadingAlts), and on a product's page any photo's
// (dropProductAlts).

// contentImage is an <img> of the content and its address
// (imageSource), which the alt passes, that change nothing but alt texts,
// leave as it is.
type contentImage struct {
	n   *html.Node
	src string
}

// contentImages holds the images of each root of the content, in page
// order: gathered once (gatherImages), so that the alt passes, each
// reading every image, do not each walk the whole content and read each
// address again.
type contentImages [][]contentImage

// any reports whether the content has an image.
func (imgs contentImages) any() bool {
	for _, root := range imgs {
		if len(root) > 0 {
			return true
		}
	}
	return false
}

// gatherImages returns the images of content, root by root.
func gatherImages(content []*html.Node) contentImages {
	imgs := make(contentImages, len(content))
	for i, root := range content {
		walk(root, func(c *html.Node) bool {
			if c.DataAtom != atom.Img {
				return true
			}
			imgs[i] = append(imgs[i], contentImage{c, imageSource(c)})
			return false
		})
	}
	return imgs
}

// stockAltImages is the least number of pictures, each at an address of
// its own, that share one alt text for it to be a template's stock text.
const stockAltImages = 5

// stockAltAttr marks an image whose alt text dropStockAlts took: the
// renderer writes it without one, where it leaves out an image that has
// none (a decoration).
const stockAltAttr = "data-affordances-md-stock-alt"

// dropStockAlts writes once an alt text that the content gives to
// stockAltImages or more different pictures (images at as many
// addresses): a theme's stock text ("Interior Design Best of Year 2023"
// on every thumbnail of a listing, "image" on every screenshot), which
// describes none of them and, said on each, buries the text between
// them. The first image keeps it; the others are written without it, each
// still a picture of its own. The same picture over and over (a
// checkmark, a difficulty's colour, a star) is a value each time and
// keeps it.
func dropStockAlts(imgs contentImages, ex *explainer) {
	type use struct {
		imgs  []*html.Node
		addrs map[string]bool
	}
	uses := map[string]*use{}
	var order []string // alt texts in page order, for explanations
	for _, root := range imgs {
		for _, im := range root {
			c := im.n
			alt, src := collapseSpace(getAttr(c, "alt")), im.src
			if alt == "" || src == "" {
				continue
			}
			u := uses[alt]
			if u == nil {
				u = &use{addrs: map[string]bool{}}
				uses[alt] = u
				order = append(order, alt)
			}
			u.imgs = append(u.imgs, c)
			u.addrs[src] = true
		}
	}
	for _, alt := range order {
		u := uses[alt]
		if len(u.addrs) < stockAltImages {
			continue
		}
		for _, img := range u.imgs[1:] {
			dropAlt(img, ex, "stock-alt", "the alt text of an image, \""+alt+"\", that the content gives to many different pictures: said once")
		}
	}
}

// echoShare is the least share, in quarters, of the words of an image's
// alt text that the text beside it must say for the alt text to be its
// echo.
const echoShare = 3

// echoRunes is the most text the element beside an image may hold for
// that text to be the image's caption or card rather than a body of text
// that says any words at all.
const echoRunes = 500

// echoLevels is the most ancestors of an image whose text is compared
// with its alt text: a caption or a card is a few levels up, and each
// level reads the whole alt text, which a page nesting long alt texts
// hundreds of levels deep under a few words would read hundreds of times.
const echoLevels = 32

// dropEchoAlts writes without its alt text an image whose alt text the
// text beside it says already: a listing's thumbnail whose alt text is
// the item's title under it ("Pride and Prejudice" on the cover of Pride
// and Prejudice), "Marry Me Chicken recipe" over the recipe's name, a
// photo described by its caption. Said twice, the alt text buries the
// item's own text; the image stays a picture. The text beside an image is
// that of each of its ancestors below the content's root, up from the
// closest, up to echoLevels of them, while it holds at most echoRunes (a
// badge over the picture, then the card with its title); its alt text is
// an echo when one of them says echoShare quarters or more of its words
// (words naming the picture, "logo", "photo", count as said), compared as
// words since captions cut or reorder what the alt text says. An alt text
// that says something of its own (a photo's subject in a card whose text
// is a price), or an image in a long body of text, keeps it, unless the
// block right beside its own says it (saidNextTo).
func dropEchoAlts(content []*html.Node, imgs contentImages, ex *explainer) {
	beside := newBesides() // read once for all its images
	for i, root := range content {
		var prev *html.Node // the image before, and its alt text unnumbered
		prevName := ""
		gallery := "" // the name of the gallery prev is in: its first picture's
		for _, im := range imgs[i] {
			c := im.n
			alt := collapseSpace(getAttr(c, "alt"))
			if alt == "" || im.src == "" {
				continue
			}
			name := unnumbered(alt)
			named := name == prevName || extendsName(name, gallery)
			if !named || !beside.sameGallery(prev, c, root) {
				named, gallery = false, name // a gallery of its own
			}
			ws := textWords(alt)
			switch {
			case echoed(c, root, ws, beside):
				dropAlt(c, ex, "echo-alt", "the alt text of an image, \""+alt+"\", that the text beside it says already")
			case saidNextTo(c, root, ws, beside):
				dropAlt(c, ex, "echo-alt", "the alt text of an image, \""+alt+"\", that the block next to it says already")
			case named:
				dropAlt(c, ex, "gallery-alt", "the alt text of an image, \""+alt+"\", that the first picture of its gallery says but for a number or a view")
			}
			prev, prevName = c, name
		}
	}
}

// imageExtensions are the endings of an image file's name.
var imageExtensions = words("png jpg jpeg gif webp avif heic heif bmp tif tiff svg")

// dropFileAlts writes without its alt text an image whose alt text is a
// file's name (isFileName: "IMG_2876.jpeg", "Screen Shot 2022-07-10 at
// 8.11.16 AM.png", "98A6BAD0-D867-451F-AB8A-72E7EC6954E0.png"): what a
// forum or a site's editor fills in for an attachment nobody described.
// It says nothing of the picture, and its pieces read as words of the
// text; the image stays a picture.
func dropFileAlts(imgs contentImages, ex *explainer) {
	dropAltsIf(imgs, isFileName, func(img *html.Node, alt string) {
		dropAlt(img, ex, "file-alt", "the alt text of an image, \""+alt+"\", that is a file's name")
	})
}

// dropLogoAlts writes without its alt text an image whose alt text names
// it a logo (isLogoAlt): a brand's mark, which the text around it says if
// anything needs saying. The image stays a picture.
func dropLogoAlts(imgs contentImages, ex *explainer) {
	dropAltsIf(imgs, isLogoAlt, func(img *html.Node, alt string) {
		dropAlt(img, ex, "logo-alt", "the alt text of an image, \""+alt+"\", that names it a logo")
	})
}

// dropAltsIf calls drop with each image of imgs that has a source and
// whose alt text, spaces collapsed, is one that says reports.
func dropAltsIf(imgs contentImages, says func(alt string) bool, drop func(img *html.Node, alt string)) {
	for _, root := range imgs {
		for _, im := range root {
			if alt := collapseSpace(getAttr(im.n, "alt")); im.src != "" && says(alt) {
				drop(im.n, alt)
			}
		}
	}
}

// logoAltWords is the most words of an alt text that names its image a
// logo: a brand's name and the word ("Wirecutter Logo", "Logo for U.S.
// News & World Report").
const logoAltWords = 8

// isLogoAlt reports whether alt names its image a logo: "logo" or "logos"
// its first or last word, in logoAltWords words at most.
func isLogoAlt(alt string) bool {
	ws := textWords(alt)
	if len(ws) == 0 || len(ws) > logoAltWords {
		return false
	}
	first, last := ws[0], ws[len(ws)-1]
	return first == "logo" || first == "logos" || last == "logo" || last == "logos"
}

// isFileName reports whether alt, an alt text, is a file's name: a name
// ending in the extension of an image file (imageExtensions: "photo.JPG",
// not ".png" alone), or a slug, one word of letters and digits joined by
// an underscore or by two hyphens or more ("catering-business-resource",
// "review_star"), the name of a file without its extension; not a word
// with one hyphen ("T-shirt", "Wi-Fi").
func isFileName(alt string) bool {
	if i := strings.LastIndexByte(alt, '.'); i > 0 && imageExtensions[strings.ToLower(alt[i+1:])] {
		return true
	}
	hyphens, underscores := 0, 0
	for i, r := range alt {
		switch {
		case r == '-' || r == '_':
			if i == 0 || i == len(alt)-1 || alt[i-1] == '-' || alt[i-1] == '_' {
				return false
			}
			if r == '-' {
				hyphens++
			} else {
				underscores++
			}
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			return false
		}
	}
	return underscores > 0 || hyphens >= 2
}

// dropProductAlts writes without its alt text each image of a product's
// page (isProductPage): its photos show the product that the heading
// names and the description describes, and their alt texts say it once
// more ("Nike Air Max 90 Men's Shoes" under that title) or describe the
// shot ("The tee in black, front", "A model wearing the tee on a beach"),
// between the price and the description. The picture that is all a link
// or a button says (a colour swatch) keeps it, as its alt text names the
// control. Each image stays a picture.
func dropProductAlts(imgs contentImages, ex *explainer) {
	dropAltsIf(imgs, hasAlt, func(img *html.Node, alt string) {
		if !namesControl(img) {
			dropAlt(img, ex, "product-alt", "the alt text of an image, \""+alt+"\", on the page of a product")
		}
	})
}

// hasAlt reports whether alt, an image's alt text, says anything: the
// rules that drop every alt text of a kind of image ask no more.
func hasAlt(alt string) bool { return alt != "" }

// nameRunes is how much of a link's text namesControl reads: enough to
// tell a link with words from one without.
const nameRunes = 16

// namesControl reports whether img is all a link or a button says, so
// that its alt text is the control's name: a colour swatch linking to the
// product in that colour ("Black/Anthracite/White"), which without it
// would say nothing. A link to the picture's own file (a gallery's zoom)
// names no other page and is no such control.
func namesControl(img *html.Node) bool {
	for p := img.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		switch p.DataAtom {
		case atom.A:
			return !hasWords(p) && !isPictureFile(getAttr(p, "href"))
		case atom.Button:
			return !hasWords(p)
		}
	}
	return false
}

// hasWords reports whether n has text, reading no more of it than
// nameRunes: a link around a gallery of a thousand pictures is read
// once per picture.
func hasWords(n *html.Node) bool {
	text, whole := textUpTo(n, nameRunes)
	return !whole || strings.TrimSpace(text) != ""
}

// isPictureFile reports whether href is the address of a picture's file,
// by its path's extension (imageExtensions).
func isPictureFile(href string) bool {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return false
	}
	ext := path.Ext(u.Path)
	return ext != "" && imageExtensions[strings.ToLower(ext[1:])]
}

// dropAlt writes img without its alt text, still a picture (see
// stockAltAttr), and explains why.
func dropAlt(img *html.Node, ex *explainer, rule, why string) {
	ex.drop(img, rule, why, stat{})
	for i := range img.Attr {
		if img.Attr[i].Namespace == "" && img.Attr[i].Key == "alt" {
			img.Attr[i].Val = ""
		}
	}
	img.Attr = append(img.Attr, html.Attribute{Key: stockAltAttr})
}

// echoGalleryLevels is how far up from an image its gallery may be: the
// pictures of a card's carousel sit in slides, the slides in a track.
const echoGalleryLevels = 8

// unnumbered returns alt without a number that ends it ("Shoes - Women's
// 3" is "Shoes - Women's"), lowercased: the name a gallery's pictures
// share.
func unnumbered(alt string) string {
	ws := strings.Fields(strings.ToLower(alt))
	if n := len(ws); n > 1 && allDigits(ws[n-1]) {
		ws = ws[:n-1]
	}
	return strings.Join(ws, " ")
}

// extendsName reports whether name, a picture's unnumbered alt text, is
// the name of its gallery's first picture, of two words or more, with
// the view it shows after it ("Trailmade 60 Pack - Men's Interior" after
// "Trailmade 60 Pack - Men's 0"): the same item, named again.
func extendsName(name, gallery string) bool {
	return strings.Contains(gallery, " ") && (name == gallery || strings.HasPrefix(name, gallery+" "))
}

// sameGallery reports whether a and b, a before b, sit within
// echoGalleryLevels levels of one ancestor below root that has no text:
// two pictures of one card's gallery, not the thumbnails of two cards of
// a list, which have their titles between them.
func (bs besides) sameGallery(a, b, root *html.Node) bool {
	n := b
	for range echoGalleryLevels {
		if n == root || n.Parent == nil {
			return false
		}
		n = n.Parent
		for d := a; d != nil; d = d.Parent {
			if d == n { // their nearest common ancestor
				t := bs.of(n)
				return !t.long && len(t.said) == 0
			}
		}
	}
	return false
}

// pictureWords name the picture an alt text is of rather than say
// anything: "Acme logo" beside Acme's name says no more than the name.
// An alt text of nothing else ("image") echoes nothing.
var pictureWords = words("logo logos image picture photo thumbnail")

// framingWords, with pictureWords and numbers, frame what an alt text
// says when they begin or end it: "A picture of ...", "Image 1 of the
// ...", "... - Image 1", "... 3".
var framingWords = words("a an the of showing photograph")

// altSubject returns where, in the words of an alt text, what it says
// the picture shows begins and ends: without the words that frame it at
// its start and end (picture words, framingWords, numbers: "Image 1 of
// the Felco Lubricant Spray"). An alt text with less than two words of
// its own ("1984", "Image 3", "An oven" over "The oven in our lab") is
// its own subject: the frame would be most of it.
func altSubject(alt []string) (lo, hi int) {
	frame := func(w string) bool {
		return pictureWords[w] || framingWords[w] || allDigits(w)
	}
	lo, hi = 0, len(alt)
	for lo < hi && frame(alt[lo]) {
		lo++
	}
	for hi > lo && frame(alt[hi-1]) {
		hi--
	}
	if hi-lo < 2 {
		return 0, len(alt) // the frame would be most of what it says
	}
	return lo, hi
}

// besideText is what an element around an image says: the words of its
// text, when it holds at most echoRunes of it.
type besideText struct {
	said map[string]bool
	long bool
}

// besides are the elements around images read so far, and the runs of
// inline content inside them: the images of one list share their
// ancestors, which are read once.
type besides struct {
	nodes map[*html.Node]besideText
	// runs holds what each run says, by its first node; runOf gives the
	// first node of the run of each inline child of a parent partitioned.
	runs  map[*html.Node]besideText
	runOf map[*html.Node]*html.Node
	// mixed tells, for each parent partitioned, whether it holds blocks
	// beside its runs.
	mixed map[*html.Node]bool
	// nexts holds the words of the block before or after each own block
	// saidNextTo read (nil when too long): the images of one gallery share
	// their own block, whose neighbours would be read again for each.
	nexts map[nextTo]map[string]bool
}

// nextTo is a block and a side of it: after it when next is set.
type nextTo struct {
	own  *html.Node
	next bool
}

// newBesides returns besides with nothing read yet.
func newBesides() besides {
	return besides{
		nodes: map[*html.Node]besideText{},
		runs:  map[*html.Node]besideText{},
		runOf: map[*html.Node]*html.Node{},
		mixed: map[*html.Node]bool{},
		nexts: map[nextTo]map[string]bool{},
	}
}

// of returns what a says.
func (bs besides) of(a *html.Node) besideText {
	b, seen := bs.nodes[a]
	if !seen {
		b = readBeside(shortText(a, echoRunes))
		bs.nodes[a] = b
	}
	return b
}

// run returns what the run of inline content c is in says, c an inline
// child of its parent (or an image), and whether that parent holds blocks
// beside the run: inline content between blocks is a paragraph of its own
// to a reader, as the Markdown writes it. Each parent's children are
// partitioned once.
func (bs besides) run(c *html.Node) (b besideText, mixed bool) {
	p := c.Parent
	if _, done := bs.mixed[p]; !done {
		var start *html.Node
		blocks := false
		for d := p.FirstChild; d != nil; d = d.NextSibling {
			if d.Type == html.ElementNode && isBlockName(d.DataAtom) {
				start, blocks = nil, true
				continue
			}
			if start == nil {
				start = d
			}
			bs.runOf[d] = start
		}
		bs.mixed[p] = blocks
	}
	start := bs.runOf[c]
	b, seen := bs.runs[start]
	if !seen {
		b = readBeside(shortRun(start, echoRunes))
		bs.runs[start] = b
	}
	return b, bs.mixed[p]
}

// readBeside is what a text read by shortText says.
func readBeside(text string, ok bool) besideText {
	b := besideText{long: !ok}
	if ok {
		said := textWords(text)
		b.said = make(map[string]bool, len(said))
		for _, w := range said {
			b.said[w] = true
		}
	}
	return b
}

// echoed reports whether the text of one of img's ancestors below root,
// up to echoLevels of them while they are short (echoRunes), says
// echoShare quarters or more of alt, the words of its alt text. An
// ancestor that runs two words of alt into one (a brand and a name in two
// spans without a space between them: "HOKAClifton") says them less well
// than the alt text, which stays. Before the element above it, an image
// (or the inline element holding it) is judged by its run of inline
// content between blocks (besides.run), the paragraph the Markdown
// writes it in; at the content's root only that run is, as the root's
// whole text says the whole content, not what is beside the image.
func echoed(img, root *html.Node, alt []string, beside besides) bool {
	if len(alt) == 0 || img == root {
		return false
	}
	lo, hi := altSubject(alt)
	// says reports whether b echoes alt, and whether to read no further.
	says := func(b besideText) (echo, stop bool) {
		if b.long {
			return false, true
		}
		if len(b.said) == 0 {
			return false, false
		}
		for i := 1; i < len(alt); i++ {
			if b.said[alt[i-1]+alt[i]] {
				return false, true // two of its words run into one
			}
		}
		k, named := 0, 0
		for i, w := range alt {
			switch {
			case b.said[w]:
				k++
			case pictureWords[w] || i < lo || i >= hi:
				named++
			}
		}
		return k > 0 && 4*(k+named) >= echoShare*len(alt), false
	}
	child := img
	for a, level := img.Parent, 0; a != nil && level < echoLevels; a, level = a.Parent, level+1 {
		if child.Type != html.ElementNode || !isBlockName(child.DataAtom) {
			// The paragraph child's run of inline content makes, when
			// a holds blocks beside it, or when a is the root (whose
			// whole text says the whole content, but whose inline
			// content is a paragraph the Markdown writes as one).
			if b, mixed := beside.run(child); mixed || a == root {
				if echo, stop := says(b); echo || stop {
					return echo
				}
			}
		}
		if a == root {
			break
		}
		if echo, stop := says(beside.of(a)); echo || stop {
			return echo
		}
		child = a
	}
	return false
}

// shortText returns the text under n, spaces collapsed, when it is at
// most limit characters long, reading little further than that; ok is
// false, and text empty, when it is longer. Blocks and line breaks are words apart (a
// card's title and the line under it, "Sofa" and "Dark gray", are not
// "SofaDark"), inline parts run together as the page writes them. The
// limit is on the collapsed text: a card's indentation, often longer
// than its text, is no text.
func shortText(n *html.Node, limit int) (text string, ok bool) {
	return shortSiblings(n.FirstChild, false, limit)
}

// shortRun is shortText of the run of inline content that begins at
// first, up to the first block after it.
func shortRun(first *html.Node, limit int) (text string, ok bool) {
	return shortSiblings(first, true, limit)
}

// shortSiblings is shortText of first and the siblings after it, up to
// the first block when run is set.
func shortSiblings(first *html.Node, run bool, limit int) (text string, ok bool) {
	var c collapser
	// runes counts the characters of c's first counted bytes, read once
	// the text holds more bytes than limit: past limit characters the
	// text is too long, and an ASCII one is not read on to 4*limit bytes.
	runes, counted := 0, 0
	var visit func(first *html.Node, run bool) bool
	visit = func(first *html.Node, run bool) bool {
		// Each child of a list is an item of its own as the Markdown
		// writes it, text or <b> as much as <li>: words apart.
		items := first != nil && first.Parent != nil && (first.Parent.DataAtom == atom.Ul || first.Parent.DataAtom == atom.Ol)
		for d := first; d != nil; d = d.NextSibling {
			if items {
				c.space = c.sb.Len() > 0
			}
			switch {
			case d.Type == html.TextNode:
				c.write(d.Data)
				if c.sb.Len() > 4*limit {
					return false // past the limit however wide its characters
				}
				if c.sb.Len() > limit {
					runes += utf8.RuneCountInString(c.sb.String()[counted:])
					counted = c.sb.Len()
					if runes > limit {
						return false
					}
				}
			case d.Type != html.ElementNode, d.DataAtom == atom.Script, d.DataAtom == atom.Style:
			case run && isBlockName(d.DataAtom):
				return true // the run ends
			case isBlockName(d.DataAtom) || d.DataAtom == atom.Br:
				c.space = c.sb.Len() > 0
				if !visit(d.FirstChild, false) {
					return false
				}
				c.space = c.sb.Len() > 0
			default:
				if !visit(d.FirstChild, false) {
					return false
				}
			}
		}
		return true
	}
	if !visit(first, run) {
		return "", false
	}
	text = c.sb.String()
	return text, utf8.RuneCountInString(text) <= limit
}

// dropHeadingAlts writes without its alt text an image each word of
// whose alt text the heading right beside it says: before it with no
// text between them ("## Udemy Beginner Graphic Design Courses" over a
// picture named so, "Helios" under "4. Helios HR"), or after it with none
// (a card's picture, then its title). The heading says it; said again, it
// buries the text under it. Words are compared, not characters: "YouTube
// TV – Best" and "YouTube TV - Best" are one title. A word of its own
// ("Trinet office in Dublin" under "Trinet") keeps it. A long text beside a picture in a body of text
// is not a heading, and echoed (dropEchoAlts) reads only short
// ancestors: this pass finds the title of a section or of a card however
// long its text.
func dropHeadingAlts(content []*html.Node, imgs contentImages, ex *explainer) {
	for i, root := range content {
		if len(imgs[i]) == 0 {
			continue // no alt text to drop: its headings need no reading
		}
		// The heading before, while no text followed it, and its words,
		// read when an image needs them: most headings have none beside
		// them.
		var lastHeading *html.Node
		var last map[string]bool
		var waiting []*html.Node // the images since the last text, before a heading after them
		walk(root, func(n *html.Node) bool {
			switch {
			case n.Type == html.TextNode:
				if strings.TrimSpace(n.Data) != "" {
					lastHeading, last, waiting = nil, nil, nil
				}
				return false
			case n.Type != html.ElementNode:
				return false
			case isTitleHeading(n):
				lastHeading, last = n, nil
				if len(waiting) > 0 {
					last = wordSet(textWords(textContent(n)))
					for _, img := range waiting {
						dropAltSaying(img, last, ex)
					}
				}
				waiting = nil
				return false
			case n.DataAtom == atom.Img:
				if lastHeading != nil && last == nil {
					last = wordSet(textWords(textContent(lastHeading)))
				}
				if !dropAltSaying(n, last, ex) {
					waiting = append(waiting, n)
				}
				return false
			}
			return true
		})
	}
}

// farHeadingAltWords is the fewest words of an alt text that the
// content's <h1> says for it to be that title: a word or two ("Overview")
// may name a picture of its own.
const farHeadingAltWords = 3

// maxFarTitles is the most <h1> titles dropFarHeadingAlts compares each
// image's alt text with: a page has one or a few; each image read against
// each of a hundred thousand would cost their product.
const maxFarTitles = 16

// dropFarHeadingAlts writes without its alt text an image whose alt text,
// of farHeadingAltWords words or more, says nothing but words of an <h1>
// of the content or of the page's title (og:title, else <title>),
// wherever the picture is: an article's picture named for its title,
// whole ("Top 10 Shoe Companies in the World") or in part ("Pros and Cons
// of Consulting" under "Pros and Cons of Consulting: Is It Right for
// You?"), the keywords a writer gives each picture. A word of its own
// ("Infographic: ...", a place, a person) keeps it. A section's heading
// with text between it and its picture (dropHeadingAlts) may be the
// picture's caption, and stays. Only the first maxFarTitles <h1> count.
func dropFarHeadingAlts(content []*html.Node, imgs contentImages, title string, ex *explainer) {
	type titled struct {
		said  map[string]bool // the words of a title
		whose string
	}
	var titles []titled
	add := func(text, whose string) {
		if ws := textWords(text); len(ws) >= farHeadingAltWords {
			titles = append(titles, titled{wordSet(ws), whose})
		}
	}
	if !imgs.any() {
		return // no alt text to drop: the titles need no reading
	}
	add(title, "the page's title")
	h1s := 0
	for _, root := range content {
		walk(root, func(n *html.Node) bool {
			if n.DataAtom == atom.H1 {
				if h1s++; h1s <= maxFarTitles {
					add(textContent(n), "the content's title")
				}
				return false
			}
			return n.Type == html.ElementNode || n.Type == html.DocumentNode
		})
	}
	if len(titles) == 0 {
		return
	}
	for _, root := range imgs {
		for _, im := range root {
			n := im.n
			alt := getAttr(n, "alt")
			ws := textWords(alt)
			if len(ws) < farHeadingAltWords || im.src == "" {
				continue
			}
			for _, t := range titles {
				if saysAll(t.said, ws) {
					dropAlt(n, ex, "heading-alt", "the alt text of an image, \""+collapseSpace(alt)+"\", whose words "+t.whose+" says")
					break
				}
			}
		}
	}
}

// saysAll reports whether said holds each of words.
func saysAll(said map[string]bool, words []string) bool {
	for _, w := range words {
		if !said[w] {
			return false
		}
	}
	return true
}

// dropAltSaying drops img's alt text (dropAlt) when each of its words is
// one of heading's, and reports whether it did.
func dropAltSaying(img *html.Node, heading map[string]bool, ex *explainer) bool {
	if len(heading) == 0 {
		return false // most images: no heading right before them
	}
	alt := getAttr(img, "alt")
	ws := textWords(alt)
	if len(ws) == 0 || imageSource(img) == "" || !saysAll(heading, ws) {
		return false
	}
	dropAlt(img, ex, "heading-alt", "the alt text of an image, \""+collapseSpace(alt)+"\", that the heading beside it says")
	return true
}

// wordSet returns the set of words.
func wordSet(words []string) map[string]bool {
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
	}
	return set
}

// dropLinkedAlts writes without its alt text a thumbnail: an image inside
// a link that words name, the link's own text or that of another link of
// the content to the same address (a card whose picture and title each
// link to the item), or for a link with no text its title attribute,
// which the Markdown writes. The link's words say where it leads; the alt text
// describes the photo ("A bowl of soup garnished with cheddar" over "10
// Copycat Soups"), which, on every card of a listing, buries the titles
// between descriptions of pictures. A picture that is all its link says
// (a category's tile, a colour swatch) keeps it as the link's name, and
// so does one two words of which the link's words run into one
// ("HOKAClifton", see runInto: dropEchoAlts leaves that alt text as the
// better spelling of the name). So is the picture, in no link, of a card
// whose title is a link (inTeaserCard: a blog's teaser whose picture a
// script or a stretched link makes clickable). The image stays a picture.
func dropLinkedAlts(content []*html.Node, imgs contentImages, ex *explainer) {
	// Only the links to an address some picture links to are read: a
	// page's other links, most of them, name no thumbnail.
	thumbs := map[string]bool{} // the addresses of the links around pictures
	for _, root := range imgs {
		for _, im := range root {
			if a := linkAround(im.n); a != nil {
				thumbs[strings.TrimSpace(getAttr(a, "href"))] = true
			}
		}
	}
	named := map[string]map[string]bool{} // address: the words naming the links to it
	for _, root := range content {
		if len(thumbs) == 0 {
			break // no link to read
		}
		walk(root, func(c *html.Node) bool {
			if c.DataAtom != atom.A {
				return true
			}
			href := strings.TrimSpace(getAttr(c, "href"))
			if !thumbs[href] || len(named[href]) >= linkNameWords {
				return true
			}
			text, _ := textUpTo(c, linkNameRunes)
			if strings.TrimSpace(text) == "" {
				text = getAttr(c, "title")
				if strings.TrimSpace(text) == "" {
					return true
				}
			}
			if named[href] == nil {
				named[href] = map[string]bool{}
			}
			for _, w := range textWords(text) {
				if len(named[href]) >= linkNameWords {
					break
				}
				named[href][w] = true
			}
			return true
		})
	}
	dropAltsIf(imgs, hasAlt, func(img *html.Node, alt string) {
		if said, ok := thumbnailLink(img, named); ok && !runInto(textWords(alt), said) {
			dropAlt(img, ex, "linked-alt", "the alt text of an image, \""+alt+"\", inside a link that words name")
		} else if !ok && inTeaserCard(img) {
			dropAlt(img, ex, "linked-alt", "the alt text of an image, \""+alt+"\", in a card under a linked title")
		}
	})
}

// runPart is the fewest letters of each of two words run into one that
// runInto looks for: "within" is no "with" and "in" run together.
const runPart = 3

// runInto reports whether one of said's words is two of alt's run into
// one ("gearsouthwest" for "Mountain Gear Southwest 55 Pack"): a brand
// and a name in two spans without a space between them. A word is cut
// only where alt has words as long as both of its parts, so that a
// thousand thumbnails of one link named by long words each read a few
// cuts of them, not every one.
func runInto(alt []string, said map[string]bool) bool {
	in := make(map[string]bool, len(alt))
	long := map[int]bool{} // the lengths of alt's words of runPart letters or more
	var lengths []int
	for _, a := range alt {
		if len(a) < runPart || in[a] {
			continue
		}
		in[a] = true
		if !long[len(a)] {
			long[len(a)] = true
			lengths = append(lengths, len(a))
		}
	}
	for w := range said {
		for _, i := range lengths {
			if j := len(w) - i; j >= runPart && long[j] && in[w[:i]] && in[w[i:]] {
				return true
			}
		}
	}
	return false
}

// linkNameRunes is how much of a link's text dropLinkedAlts reads: a
// card's title, not the whole of a card that is one link.
const linkNameRunes = 300

// linkNameWords is the most words dropLinkedAlts keeps of the links to
// one address, each of which runInto reads for each of its images: a
// page linking a thousand times to one address is read once for its
// first titles.
const linkNameWords = 64

// leadsAway reports whether href is the address of a page: not empty, not
// a place on this one (#...), not a script.
func leadsAway(href string) bool {
	return href != "" && href[0] != '#' && !strings.HasPrefix(strings.ToLower(href), "javascript:")
}

// thumbnailLink returns the words of the texts naming the link img is in
// (see dropLinkedAlts), and whether there are any: the link leads to a
// page, not to a picture's file.
func thumbnailLink(img *html.Node, named map[string]map[string]bool) (map[string]bool, bool) {
	a := linkAround(img)
	if a == nil {
		return nil, false
	}
	href := strings.TrimSpace(getAttr(a, "href"))
	said, ok := named[href]
	return said, ok && leadsAway(href) && !isPictureFile(href)
}

// linkAround returns the closest <a> around img, or nil.
func linkAround(img *html.Node) *html.Node {
	for p := img.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if p.DataAtom == atom.A {
			return p
		}
	}
	return nil
}

// cardLevels is how far up from an image inTeaserCard looks for its card:
// the picture sits in a figure or a wrapper or two, the card around them.
const cardLevels = 6

// inTeaserCard reports whether img, in no link, is the picture of a card
// whose title is a link: the closest element around it that holds a
// heading, up to cardLevels up and with echoRunes of text at most, holds
// that one heading only, with a link to a page in it or around it (a
// blog's teaser, its picture beside the linked headline). A longer
// element is a body of text, and one of several headings a list of cards,
// no card.
func inTeaserCard(img *html.Node) bool {
	for p := img.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if p.DataAtom == atom.A {
			return false
		}
	}
	p := img.Parent
	for level := 0; p != nil && p.Type == html.ElementNode && level < cardLevels; p, level = p.Parent, level+1 {
		// Whole, p holds at most echoRunes nodes (textUpTo counts
		// them), which bounds the walk below. Only whether it is whole
		// is asked: its text is not built.
		if !readTexts(p, echoRunes, spaceBytes*echoRunes, func(string) {}) {
			return false
		}
		var headings []*html.Node
		walk(p, func(c *html.Node) bool {
			if isHeading(c) {
				headings = append(headings, c)
				return false
			}
			return true
		})
		if len(headings) > 0 {
			return len(headings) == 1 && isLinkedHeading(headings[0])
		}
		if level > 0 && !hasWords(img.Parent) && saysOnlyOneLink(p) {
			// The picture in a wrapper of its own beside the link, not
			// an image in a line of text beside a link.
			return true
		}
	}
	return false
}

// saysOnlyOneLink reports whether all of n's words are those of links to
// one page: a picture's wrapper whose only other text is the item's name,
// linked and stretched over the picture (Shopify's "media_link"), which
// makes the picture clickable. The card's heading, if it had one, may be gone as a
// copy of that name. n is small (inTeaserCard bounds it).
func saysOnlyOneLink(n *html.Node) bool {
	href, ok := "", true
	walk(n, func(c *html.Node) bool {
		switch {
		case !ok:
			return false
		case c.DataAtom == atom.A:
			h := strings.TrimSpace(getAttr(c, "href"))
			if hasWords(c) {
				ok = leadsAway(h) && (href == "" || h == href)
				href = h
			}
			return false
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			ok = false
		}
		return true
	})
	return ok && href != ""
}

// isLinkedHeading reports whether n, a heading, holds a link with words
// to a page or is inside one.
func isLinkedHeading(n *html.Node) bool {
	linksAway := func(l *html.Node) bool {
		return l.DataAtom == atom.A && leadsAway(strings.TrimSpace(getAttr(l, "href")))
	}
	for p := n.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if linksAway(p) {
			return hasWords(n)
		}
	}
	return findFirst(n, func(l *html.Node) bool { return linksAway(l) && hasWords(l) }) != nil
}

// neighbourRunes is the most text a block next to a picture may hold for
// saidNextTo to read it: a paragraph, not the rest of an article.
const neighbourRunes = 2000

// neighbourLevels is the most levels up from an image its own block may
// be: a paragraph, a figure, a wrapper or two around the picture.
const neighbourLevels = 8

// saidNextTo reports whether the block right before or right after img's
// own block, the largest element around it below root that has no text,
// up to neighbourLevels up, says echoShare quarters or more of alt, the
// words of its alt text, counted as echoed counts them (words framing it
// or naming a picture count as said when one other word is): a chart
// named for what the paragraph over it says ("TikTok monthly active
// users" under "TikTok's monthly active users passed a billion"), an
// app's screenshot named for the app the paragraph describes, a photo
// whose caption under it reworded says what it shows. The block says it;
// the alt text says it again. An alt text that says something of its own
// keeps it, and so does one of nothing but words naming a picture
// ("image").
func saidNextTo(img, root *html.Node, alt []string, beside besides) bool {
	if len(alt) == 0 || img == root {
		return false
	}
	own := img
	for level := 0; ; level++ {
		p := own.Parent
		if p == nil || p == root || p.Type != html.ElementNode {
			break
		}
		if b := beside.of(p); b.long || len(b.said) > 0 {
			break
		}
		if level == neighbourLevels {
			return false // no block of its own near it
		}
		own = p
	}
	lo, hi := altSubject(alt)
	for _, next := range []bool{false, true} {
		if said := beside.nextTo(own, next); said != nil && saysMost(said, alt, lo, hi) {
			return true
		}
	}
	return false
}

// nextTo returns the words of the block or text right before own (after
// it when next is set), as saidNextTo reads it, or nil when there is none
// or it is longer than neighbourRunes. Each is read once.
func (bs besides) nextTo(own *html.Node, next bool) map[string]bool {
	key := nextTo{own, next}
	if said, seen := bs.nexts[key]; seen {
		return said
	}
	var said map[string]bool
	if sib := neighbour(own, next); sib != nil {
		if text, whole := neighbourText(own, sib, next); whole {
			said = wordSet(textWords(text))
		}
	}
	bs.nexts[key] = said
	return said
}

// neighbourText returns the text of sib, the element or text next to
// own (after it when next is set), up to neighbourRunes, and whether that
// is all of it. Text beside an inline own is the run echoed reads, and
// is none; text beside a block is a paragraph of its own, as the Markdown
// writes it and reads it back, and it is read with the inline siblings
// it runs into, up to the next block.
func neighbourText(own, sib *html.Node, next bool) (string, bool) {
	if sib.Type == html.ElementNode {
		return textUpTo(sib, neighbourRunes)
	}
	if own.Type != html.ElementNode || !isBlockName(own.DataAtom) {
		return "", false
	}
	var sb strings.Builder
	left := neighbourRunes
	for d := sib; d != nil && !(d.Type == html.ElementNode && isBlockName(d.DataAtom)); d = nextOrPrev(d, next) {
		if left--; left < 0 { // each node counts, as textUpTo counts them
			return "", false
		}
		var text string
		switch d.Type {
		case html.TextNode:
			text = d.Data
		case html.ElementNode:
			t, whole := textUpTo(d, left)
			if !whole {
				return "", false
			}
			text = t
		default:
			continue
		}
		if left -= len(text); left < 0 {
			return "", false
		}
		sb.WriteString(" " + text)
	}
	return sb.String(), true
}

// nextOrPrev returns n's next sibling when next is set, else its previous.
func nextOrPrev(n *html.Node, next bool) *html.Node {
	if next {
		return n.NextSibling
	}
	return n.PrevSibling
}

// saysMost reports whether said holds echoShare quarters or more of the
// words of alt, and one at least: words naming a picture and those
// outside its subject (alt[lo:hi]) count as said. Text running two words
// of alt into one ("HOKAClifton") says them less well than alt does.
func saysMost(said map[string]bool, alt []string, lo, hi int) bool {
	for i := 1; i < len(alt); i++ {
		if said[alt[i-1]+alt[i]] {
			return false
		}
	}
	k, named := 0, 0
	for i, w := range alt {
		switch {
		case said[w]:
			k++
		case pictureWords[w] || i < lo || i >= hi:
			named++
		}
	}
	return k > 0 && 4*(k+named) >= echoShare*len(alt)
}

// neighbour returns n's sibling after it when next is set, else before
// it, past comments and blank text.
func neighbour(n *html.Node, next bool) *html.Node {
	for {
		n = nextOrPrev(n, next)
		if n == nil || n.Type == html.ElementNode || n.Type == html.TextNode && strings.TrimSpace(n.Data) != "" {
			return n
		}
	}
}

// sceneAltWords is the least number of words of an alt text that
// describes its picture's scene: fewer is a name ("A logo").
const sceneAltWords = 4

// sceneAltOpeners are the first words of an alt text that describes what
// its picture shows: an article or a count of who or what is in it ("A
// woman holding a tablet", "Two women race through a neighborhood"), who
// is in it with no article ("Woman touches her face", "Hands presenting a
// wrapped gift box"), where it is seen from ("Aerial view of ..."), or the
// kind of picture it is ("Screenshot of a web design interface",
// "Illustration of an exercise weight", "Line drawing illustration
// showing ...", "3d illustration of ...").
var sceneAltOpeners = map[string]bool{
	"a": true, "an": true, "two": true, "three": true, "four": true, "five": true,
	"several": true, "group": true, "close": true, "closeup": true, "aerial": true, "overhead": true,
	"man": true, "men": true, "woman": true, "women": true, "person": true, "people": true,
	"couple": true, "family": true, "girl": true, "boy": true, "child": true, "children": true,
	"kids": true, "hand": true, "hands": true,
	"photo": true, "image": true, "picture": true, "illustration": true,
	"screenshot": true, "graphic": true, "drawing": true, "line": true, "3d": true,
}

// dropSceneAlts writes without its alt text an image whose alt text
// describes the scene it shows (isSceneAlt): a stock photo's "Two
// professionals smiling at a laptop in a modern office", a screenshot's
// "Screenshot of a web design interface showing ...". It tells a reader
// who cannot see the picture what is in it, not what the page says, and
// between the sections of a landing page or an article's paragraphs it
// reads as sentences of the text. An alt text in title case names the
// picture's subject (a book's cover, "A Tale of Two Cities") and stays;
// so does the alt text of a picture that is all a link or a button says
// (namesControl). The image stays a picture.
func dropSceneAlts(imgs contentImages, ex *explainer) {
	dropAltsIf(imgs, isSceneAlt, func(img *html.Node, alt string) {
		if !namesControl(img) {
			dropAlt(img, ex, "scene-alt", "the alt text of an image, \""+alt+"\", that describes the scene it shows")
		}
	})
}

// isSceneAlt reports whether alt describes what its picture shows: at
// least sceneAltWords words, the first one of sceneAltOpeners or a later
// one of sceneVerbs ("Todoist app interface showing daily tasks"),
// written as a sentence, most words after the first lowercase, not as a
// title ("A Game of Thrones", "Team Working On an Interesting Project"),
// and not naming a picture of data in its first words (showsData).
func isSceneAlt(alt string) bool {
	ws := strings.Fields(alt)
	if len(ws) < sceneAltWords {
		return false
	}
	first := textWords(ws[0])
	if len(first) == 0 || !sceneAltOpeners[first[0]] && !saysScene(ws[1:]) || showsData(ws) {
		return false
	}
	lower, cased := 0, 0
	for _, w := range ws[1:] {
		r, _ := utf8.DecodeRuneInString(strings.TrimLeft(w, "\"'“‘([-"))
		if !unicode.IsLetter(r) {
			continue
		}
		cased++
		if unicode.IsLower(r) {
			lower++
		}
	}
	return 2*lower > cased
}

// sceneVerbs say what the people or things of a picture do or show:
// "Todoist app interface showing daily tasks", "Developer sitting at
// desk and writing code", "Sylvester wearing sunglasses".
var sceneVerbs = words("showing shows featuring depicting depicts displaying displays wearing sitting standing holding smiling looking using working")

// dataPictures name pictures that carry what the page says, as a table
// or a paragraph would: "A chart of monthly users by country", "A diagram
// of the request's path". Their alt text is the only reading of them an
// agent gets, so it stays however it is phrased.
var dataPictures = words("chart charts graph graphs diagram diagrams map maps infographic flowchart plot timeline table")

// dataPictureWords is how far into an alt text the kind of picture is
// read: "A bar chart of ...", "Screenshot of the deployment diagram ...";
// a chart further on is in the scene ("A laptop displaying colourful
// charts on a desk"), a stock photo's.
const dataPictureWords = 5

// showsData reports whether one of the first dataPictureWords of ws, an
// alt text's words, names a picture of dataPictures.
func showsData(ws []string) bool {
	for _, w := range ws[:min(len(ws), dataPictureWords)] {
		if dataPictures[strings.ToLower(strings.Trim(w, ",.;:()"))] {
			return true
		}
	}
	return false
}

// saysScene reports whether one of ws, an alt text's words after its
// first, is one of sceneVerbs.
func saysScene(ws []string) bool {
	for _, w := range ws {
		if sceneVerbs[strings.ToLower(strings.Trim(w, ",.;:"))] {
			return true
		}
	}
	return false
}
