package md

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

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
func dropStockAlts(content []*html.Node, ex *explainer) {
	type use struct {
		imgs  []*html.Node
		addrs map[string]bool
	}
	uses := map[string]*use{}
	var order []string // alt texts in page order, for explanations
	for _, root := range content {
		walk(root, func(c *html.Node) bool {
			if c.DataAtom != atom.Img {
				return true
			}
			alt, src := collapseSpace(getAttr(c, "alt")), imageSource(c)
			if alt == "" || src == "" {
				return false
			}
			u := uses[alt]
			if u == nil {
				u = &use{addrs: map[string]bool{}}
				uses[alt] = u
				order = append(order, alt)
			}
			u.imgs = append(u.imgs, c)
			u.addrs[src] = true
			return false
		})
	}
	for _, alt := range order {
		u := uses[alt]
		if len(u.addrs) < stockAltImages {
			continue
		}
		for _, img := range u.imgs[1:] {
			ex.drop(img, "stock-alt", "the alt text of an image, \""+alt+"\", that the content gives to many different pictures: said once", stat{})
			for i := range img.Attr {
				if img.Attr[i].Namespace == "" && img.Attr[i].Key == "alt" {
					img.Attr[i].Val = ""
				}
			}
			img.Attr = append(img.Attr, html.Attribute{Key: stockAltAttr})
		}
	}
}
