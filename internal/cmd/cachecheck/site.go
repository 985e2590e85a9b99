package main

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// newSite is the site behind serve. Every page says which render of it
// this is ("Render N"), so a client can tell a cached answer from a fresh
// one, and every page but /private says Cache-Control: public,
// max-age=300, even the personal ones: the worst a site can do, and what
// affordances-md must make safe for its Markdown.
//
//	/public, /public2  the same for everyone
//	/account           "Signed in as NAME" from the session cookie or the
//	                   bearer token, else "Signed out"
//	/session           sets a visitor cookie and shows the visitor's number
//	/private           Cache-Control: private, max-age=300
//	/old               a public 301 to /public
//	/links, /links2    a public page with a link on the site, answered
//	                   after 200 ms, so that requests sent together
//	                   overlap in serve
//
// Every other path answers 404, the .md ones among them: the site has no
// Markdown files of its own.
func newSite() http.Handler {
	var renders atomic.Int64
	page := func(w http.ResponseWriter, title, body string) {
		n := renders.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!DOCTYPE html><html><head><title>%s</title></head><body><nav><a href="/">Home</a></nav>
<main><h1>%s</h1>%s<p>Render %d.</p></main></body></html>`, title, title, body, n)
	}
	mux := http.NewServeMux() // any other path, /public.md among them: 404
	for _, p := range []string{"/public", "/public2"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "public, max-age=300")
			page(w, "Public page", "<p>The same for everyone.</p>")
		})
	}
	mux.HandleFunc("/account", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=300")
		who := "Signed out"
		if c, err := r.Cookie("session"); err == nil {
			who = "Signed in as " + c.Value
		} else if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			who = "Signed in as " + tok
		}
		page(w, "Account", "<p>"+who+".</p>")
	})
	var visitors atomic.Int64
	mux.HandleFunc("/session", func(w http.ResponseWriter, r *http.Request) {
		n := visitors.Add(1)
		w.Header().Set("Cache-Control", "public, max-age=300")
		http.SetCookie(w, &http.Cookie{Name: "visitor", Value: fmt.Sprint(n), HttpOnly: true})
		page(w, "Welcome", fmt.Sprintf("<p>You are visitor %d.</p>", n))
	})
	mux.HandleFunc("/private", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "private, max-age=300")
		page(w, "Private", "<p>For this browser only.</p>")
	})
	for _, p := range []string{"/links", "/links2"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(200 * time.Millisecond)
			w.Header().Set("Cache-Control", "public, max-age=300")
			page(w, "Links", `<p>Read <a href="/public">the public page</a> next.</p>`)
		})
	}
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=300")
		http.Redirect(w, r, "/public", http.StatusMovedPermanently)
	})
	return mux
}
