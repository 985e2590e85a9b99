package demo

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// graphType is the media type of an Affordances graph.
const graphType = "application/vnd.affordances+json"

// graph is a page's Affordances graph: what the page shows, as data. The
// demo's pages have no actions: the graph is there so that what the site
// index and llms.txt say about the site holds.
type graph struct {
	Route    string
	Entities map[string]any
}

// wantsGraph reports whether a request asks for the page's graph: with
// Accept naming the graph's type (q > 0), or ?affordances=1.
func wantsGraph(r *http.Request) bool {
	if r.URL.Query().Get("affordances") == "1" {
		return true
	}
	for _, v := range r.Header.Values("Accept") {
		for part := range strings.SplitSeq(v, ",") {
			typ, params, err := mime.ParseMediaType(part)
			if err != nil || typ != graphType {
				continue
			}
			if q, err := strconv.ParseFloat(params["q"], 64); params["q"] == "" || err == nil && q > 0 {
				return true
			}
		}
	}
	return false
}

func writeGraph(w http.ResponseWriter, r *http.Request, g *graph) {
	h := w.Header()
	h.Set("Content-Type", graphType)
	h.Set("Cache-Control", "private, no-store")
	varyAccept(h)
	json.NewEncoder(w).Encode(map[string]any{
		"v":        "0",
		"page":     r.URL.Path,
		"route":    g.Route,
		"entities": g.Entities,
		"actions":  []any{},
	})
}

// siteIndex serves /.well-known/affordances.json: every route, with its
// description for agents.
func (st *store) siteIndex(w http.ResponseWriter, r *http.Request) {
	type routeJSON struct {
		Route       string `json:"route"`
		Description string `json:"description"`
		Actions     []any  `json:"actions"`
	}
	index := struct {
		V      string      `json:"v"`
		Name   string      `json:"name"`
		Routes []routeJSON `json:"routes"`
		Auth   []string    `json:"auth"`
	}{V: "0", Name: Name, Auth: []string{"cookie"}}
	for _, rt := range siteRoutes() {
		index.Routes = append(index.Routes, routeJSON{rt.Pattern, rt.Description, []any{}})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=60")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(index)
}

// publicPaths are the pages a crawler may list: every page but the
// private ones.
func publicPaths() []string {
	var paths []string
	for _, rt := range siteRoutes() {
		switch {
		case rt.Private:
		case rt.Pattern == "/products/[slug]":
			for _, p := range catalogue() {
				paths = append(paths, "/products/"+p.Slug)
			}
		default:
			paths = append(paths, rt.Pattern)
		}
	}
	return paths
}

// origin is the site's origin as the request names it: sitemaps and
// robots.txt need absolute URLs.
func origin(r *http.Request) *url.URL {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return &url.URL{Scheme: scheme, Host: r.Host}
}

func (st *store) sitemap(w http.ResponseWriter, r *http.Request) {
	type loc struct {
		Loc string `xml:"loc"`
	}
	set := struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []loc    `xml:"url"`
	}{}
	base := origin(r)
	for _, p := range publicPaths() {
		set.URLs = append(set.URLs, loc{base.JoinPath(p).String()})
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=60")
	fmt.Fprint(w, xml.Header)
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	enc.Encode(set)
	fmt.Fprintln(w)
}

func (st *store) robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /account\n\nSitemap: %s\n", origin(r).JoinPath("/sitemap.xml"))
}
