package demo

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"github.com/affordances/affordances-md/markers"
)

//go:embed templates static
var files embed.FS

// store is the site: its pages, rendered from templates, and its files.
type store struct {
	mux   *http.ServeMux
	pages map[string]*template.Template // by page template name
	csrf  string                        // the checkout form's token
	next  []chunk                       // the streamed page
	wait  waitFunc
	log   *slog.Logger
}

// page is what the layout needs of every page.
type page struct {
	Path        string
	Title       string
	Description string
}

func newStore(opts Options) (*store, error) {
	st := &store{mux: http.NewServeMux(), pages: map[string]*template.Template{}, wait: opts.Wait, log: opts.Logger}
	if st.wait == nil {
		st.wait = sleep
	}
	if st.log == nil {
		st.log = slog.Default()
	}
	var err error
	if st.next, err = nextCapture(); err != nil {
		return nil, err
	}
	token := make([]byte, 16)
	rand.Read(token) // never fails (crypto/rand)
	st.csrf = hex.EncodeToString(token)

	funcs := markers.Funcs()
	funcs["markdownPath"] = markers.MarkdownPath
	layout, err := template.New("layout").Funcs(funcs).ParseFS(files, "templates/layout.html")
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	for _, name := range []string{"home", "product", "checkout", "docs", "account", "notfound"} {
		t, err := template.Must(layout.Clone()).ParseFS(files, "templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("demo: %w", err)
		}
		st.pages[name] = t
	}
	static, err := fs.Sub(files, "static")
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}

	m := st.mux
	m.HandleFunc("GET /{$}", st.home)
	m.HandleFunc("GET /products/{slug}", st.product)
	m.HandleFunc("GET /streamed", st.streamed)
	m.HandleFunc("GET /checkout", st.checkout)
	m.HandleFunc("POST /checkout", st.pay)
	m.HandleFunc("GET /docs/orders-api", st.docs)
	m.HandleFunc("GET /account", st.account)
	m.Handle("GET /tee", http.RedirectHandler("/products/heavyweight-tee", http.StatusMovedPermanently))
	m.HandleFunc("GET /.well-known/affordances.json", st.siteIndex)
	m.HandleFunc("GET /sitemap.xml", st.sitemap)
	m.HandleFunc("GET /robots.txt", st.robots)
	m.Handle("GET /static/", cacheFor("public, max-age=3600", http.StripPrefix("/static/", http.FileServerFS(static))))
	m.HandleFunc("/", st.notFound)
	return st, nil
}

func (st *store) ServeHTTP(w http.ResponseWriter, r *http.Request) { st.mux.ServeHTTP(w, r) }

// render writes a page: its graph when the request asks for one, else its
// HTML from the named template.
func (st *store) render(w http.ResponseWriter, r *http.Request, status int, name string, data any, g *graph) {
	if g != nil && wantsGraph(r) {
		writeGraph(w, r, g)
		return
	}
	var buf bytes.Buffer
	if err := st.pages[name].ExecuteTemplate(&buf, "layout", data); err != nil {
		st.log.Error("demo: page template", "page", name, "err", err)
		http.Error(w, "the page could not be rendered", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	varyAccept(w.Header())
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

func (st *store) home(w http.ResponseWriter, r *http.Request) {
	products := catalogue()
	var entities []map[string]any
	for _, p := range products {
		entities = append(entities, map[string]any{"name": p.Name, "price": p.Price, "inStock": p.InStock(), "url": "/products/" + p.Slug})
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	st.render(w, r, http.StatusOK, "home", struct {
		page
		Products []product
	}{page{"/", Name, "Studio goods made in small runs in Lisbon."}, products},
		&graph{Route: "/", Entities: map[string]any{"products": entities}})
}

func (st *store) product(w http.ResponseWriter, r *http.Request) {
	p, ok := productBySlug(r.PathValue("slug"))
	if !ok {
		st.notFound(w, r)
		return
	}
	sizes := map[string]bool{}
	for _, s := range p.Sizes {
		sizes[s.Name] = s.InStock
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	st.render(w, r, http.StatusOK, "product", struct {
		page
		Product product
	}{page{r.URL.Path, p.Name + " · " + Name, p.Text}, p},
		&graph{Route: "/products/[slug]", Entities: map[string]any{"product": map[string]any{
			"name": p.Name, "price": p.Price, "colours": p.ColourNames(), "inStock": sizes,
		}}})
}

func (st *store) checkout(w http.ResponseWriter, r *http.Request) {
	st.render(w, r, http.StatusOK, "checkout", struct {
		page
		CSRF string
	}{page{"/checkout", "Checkout · " + Name, "Pay for your cart."}, st.csrf},
		&graph{Route: "/checkout", Entities: map[string]any{"cart": []map[string]any{
			{"item": "Heavyweight Tee", "size": "M", "colour": "black", "price": "$48"},
		}}})
}

// pay takes the checkout form. The demo declines every card: a form with
// the right token goes back to the checkout, which says so.
func (st *store) pay(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "the form could not be read", http.StatusBadRequest)
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.PostForm.Get("csrf")), []byte(st.csrf)) != 1 {
		http.Error(w, "the form's token is missing or stale: reload the checkout", http.StatusForbidden)
		return
	}
	http.Redirect(w, r, "/checkout", http.StatusSeeOther)
}

func (st *store) docs(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "public, max-age=60")
	st.render(w, r, http.StatusOK, "docs", page{"/docs/orders-api", "Orders API · " + Name, "How shops order wholesale over HTTP."},
		&graph{Route: "/docs/orders-api", Entities: map[string]any{}})
}

// account is a private page: a visitor without a session gets a new one,
// a guest's, in a cookie.
func (st *store) account(w http.ResponseWriter, r *http.Request) {
	if _, err := r.Cookie("session"); err != nil {
		id := make([]byte, 16)
		rand.Read(id)
		http.SetCookie(w, &http.Cookie{Name: "session", Value: hex.EncodeToString(id), Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	st.render(w, r, http.StatusOK, "account", page{"/account", "Your account · " + Name, ""},
		&graph{Route: "/account", Entities: map[string]any{"orders": []any{}, "addresses": []any{}}})
}

func (st *store) notFound(w http.ResponseWriter, r *http.Request) {
	st.render(w, r, http.StatusNotFound, "notfound", page{r.URL.Path, "Not found · " + Name, ""}, nil)
}

// varyAccept says the answer depends on Accept (the page or its graph),
// unless a handler in front (the middleware) said so already.
func varyAccept(h http.Header) {
	for _, v := range h.Values("Vary") {
		for token := range strings.SplitSeq(v, ",") {
			if t := strings.TrimSpace(token); t == "*" || strings.EqualFold(t, "Accept") {
				return
			}
		}
	}
	h.Add("Vary", "Accept")
}

// cacheFor sets Cache-Control on what h serves.
func cacheFor(value string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", value)
		h.ServeHTTP(w, r)
	})
}
