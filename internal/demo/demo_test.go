package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/affordances/affordances-md/llms"
)

func get(t *testing.T, h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

// noWait replays the streamed page without pausing.
func noWait(context.Context, time.Duration) error { return nil }

// TestStreamedFallbackFirst holds the streamed page at its first pause and
// reads what is on the wire: the shell with its fallbacks, and none of
// the content that replaces them. Released, the page goes on with the
// capture's own gaps and ends as the capture ends.
func TestStreamedFallbackFirst(t *testing.T) {
	paused := make(chan time.Duration)
	release := make(chan struct{})
	var mu sync.Mutex // the handler's goroutine appends, the test reads
	var gaps []time.Duration
	st, err := Store(Options{Wait: func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		gaps = append(gaps, d)
		first := len(gaps) == 1
		mu.Unlock()
		if first {
			paused <- d
			select {
			case <-release:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(st)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/streamed", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.ContentLength != -1 || len(resp.TransferEncoding) == 0 {
		t.Errorf("the page is not streamed: Content-Length %d, Transfer-Encoding %v", resp.ContentLength, resp.TransferEncoding)
	}
	select {
	case <-paused:
	case <-ctx.Done():
		t.Fatal("the page never paused")
	}

	// What was sent before the pause: read up to the end of the shell.
	var seen bytes.Buffer
	buf := make([]byte, 4096)
	for !bytes.Contains(seen.Bytes(), []byte("shell item 2")) {
		n, err := resp.Body.Read(buf)
		seen.Write(buf[:n])
		if err != nil {
			t.Fatalf("reading the shell: %v; %d bytes read", err, seen.Len())
		}
	}
	for _, want := range []string{"Loading A...", "Loading C (will error)..."} {
		if !bytes.Contains(seen.Bytes(), []byte(want)) {
			t.Errorf("the shell lacks the fallback %q", want)
		}
	}
	if bytes.Contains(seen.Bytes(), []byte("A content after 200ms.")) {
		t.Error("the streamed content was on the wire before the pause")
	}

	close(release)
	rest, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	chunks, _ := nextCapture()
	var whole strings.Builder
	var want []time.Duration
	for i, c := range chunks {
		whole.WriteString(c.S)
		if i > 0 && c.T > chunks[i-1].T {
			want = append(want, time.Duration(c.T-chunks[i-1].T)*time.Millisecond)
		}
	}
	if got := seen.String() + string(rest); got != whole.String() {
		t.Errorf("the page is not the capture: %d bytes, want %d", len(got), whole.Len())
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(gaps, want) {
		t.Errorf("paused %v, want the capture's gaps %v", gaps, want)
	}
}

// TestStreamedClientLeaves: a client that goes away stops the replay.
func TestStreamedClientLeaves(t *testing.T) {
	st, err := Store(Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	st.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/streamed", nil).WithContext(ctx))
	chunks, _ := nextCapture()
	if w.Body.String() != chunks[0].S+chunks[1].S {
		t.Errorf("after the client left the page went on: %d bytes", w.Body.Len())
	}
}

func TestSiteIndex(t *testing.T) {
	st, err := Store(Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := get(t, st, "http://acme.test"+llms.IndexPath)
	var index struct {
		V      string `json:"v"`
		Name   string `json:"name"`
		Routes []struct {
			Route       string `json:"route"`
			Description string `json:"description"`
			Actions     []any  `json:"actions"`
		} `json:"routes"`
		Auth []string `json:"auth"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &index); err != nil {
		t.Fatalf("%v\n%s", err, w.Body)
	}
	if index.V != "0" || index.Name != Name || !slices.Equal(index.Auth, []string{"cookie"}) || w.Header().Get("Content-Type") != "application/json" {
		t.Errorf("index: %+v, Content-Type %q", index, w.Header().Get("Content-Type"))
	}
	var routes []string
	for _, r := range index.Routes {
		routes = append(routes, r.Route)
		if r.Description == "" || r.Actions == nil {
			t.Errorf("route %s: description %q, actions %v", r.Route, r.Description, r.Actions)
		}
	}
	want := []string{"/", "/products/[slug]", "/streamed", "/checkout", "/docs/orders-api", "/account"}
	if !slices.Equal(routes, want) {
		t.Errorf("routes %q, want %q", routes, want)
	}
	// Each route answers: the index lists no page that is not there.
	for _, r := range want {
		path := strings.Replace(r, "[slug]", "stoneware-mug", 1)
		if code := get(t, st, path, "Accept", graphType).Code; code != http.StatusOK {
			t.Errorf("route %s: %s answers %d", r, path, code)
		}
	}
}

func TestSitemapAndRobots(t *testing.T) {
	st, err := Store(Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := get(t, st, "http://acme.test/sitemap.xml")
	var set struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(w.Body.Bytes(), &set); err != nil {
		t.Fatalf("%v\n%s", err, w.Body)
	}
	var locs []string
	for _, u := range set.URLs {
		locs = append(locs, u.Loc)
		loc, err := url.Parse(u.Loc)
		if err != nil || loc.Host != "acme.test" {
			t.Errorf("loc %q is not on the site", u.Loc)
			continue
		}
		if code := get(t, st, loc.Path).Code; code != http.StatusOK {
			t.Errorf("the sitemap lists %s, which answers %d", u.Loc, code)
		}
	}
	want := []string{"http://acme.test/", "http://acme.test/products/heavyweight-tee", "http://acme.test/products/stoneware-mug",
		"http://acme.test/streamed", "http://acme.test/checkout", "http://acme.test/docs/orders-api"}
	if !slices.Equal(locs, want) {
		t.Errorf("sitemap lists %q, want %q (no private page)", locs, want)
	}
	if robots := get(t, st, "http://acme.test/robots.txt").Body.String(); !strings.Contains(robots, "\nSitemap: http://acme.test/sitemap.xml\n") {
		t.Errorf("robots.txt:\n%s", robots)
	}
}

func TestGraph(t *testing.T) {
	st, err := Store(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		target, accept string
		graph          bool
	}{
		{"/products/heavyweight-tee", graphType, true},
		{"/products/heavyweight-tee", "text/html, " + graphType + ";q=0.5", true},
		{"/products/heavyweight-tee?affordances=1", "", true},
		{"/products/heavyweight-tee", graphType + ";q=0", false},
		{"/products/heavyweight-tee", "text/html", false},
		{"/products/heavyweight-tee", "application/json", false},
	} {
		w := get(t, st, tt.target, "Accept", tt.accept)
		isGraph := w.Header().Get("Content-Type") == graphType
		if isGraph != tt.graph {
			t.Errorf("%s with Accept %q: Content-Type %q", tt.target, tt.accept, w.Header().Get("Content-Type"))
			continue
		}
		if !isGraph {
			continue
		}
		var g struct {
			V, Page, Route string
			Entities       map[string]json.RawMessage
			Actions        []any
		}
		if err := json.Unmarshal(w.Body.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		if g.V != "0" || g.Page != "/products/heavyweight-tee" || g.Route != "/products/[slug]" || g.Entities["product"] == nil || g.Actions == nil {
			t.Errorf("graph %+v", g)
		}
		if w.Header().Get("Cache-Control") != "private, no-store" || w.Header().Get("Vary") != "Accept" {
			t.Errorf("graph headers %v", w.Header())
		}
	}
}

func TestCheckoutForm(t *testing.T) {
	st, err := Store(Options{})
	if err != nil {
		t.Fatal(err)
	}
	page := get(t, st, "/checkout").Body.String()
	m := regexp.MustCompile(`name="csrf" value="([0-9a-f]{32})"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no CSRF token in the form:\n%s", page)
	}
	post := func(form url.Values) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, "/checkout", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		st.ServeHTTP(w, r)
		return w
	}
	if w := post(url.Values{"csrf": {m[1]}, "email": {"a@b.test"}}); w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/checkout" {
		t.Errorf("with the token: %d %q", w.Code, w.Header().Get("Location"))
	}
	for _, token := range []string{"", "0123", strings.Repeat("0", 32)} {
		if w := post(url.Values{"csrf": {token}}); w.Code != http.StatusForbidden {
			t.Errorf("token %q: %d, want 403", token, w.Code)
		}
	}
	if w := post(url.Values{"note": {strings.Repeat("x", 100<<10)}, "csrf": {m[1]}}); w.Code != http.StatusBadRequest {
		t.Errorf("a 100 KB form: %d, want 400", w.Code)
	}
	other, _ := Store(Options{})
	if strings.Contains(get(t, other, "/checkout").Body.String(), m[1]) {
		t.Error("two stores share a CSRF token")
	}
}

func TestAccountCookie(t *testing.T) {
	st, err := Store(Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := get(t, st, "/account")
	c := w.Result().Cookies()
	if len(c) != 1 || c[0].Name != "session" || !c[0].HttpOnly || len(c[0].Value) != 32 {
		t.Fatalf("a first visit: cookies %v", c)
	}
	if w := get(t, st, "/account", "Cookie", "session="+c[0].Value); w.Header().Get("Set-Cookie") != "" {
		t.Errorf("a visit with a session sets %q", w.Header().Get("Set-Cookie"))
	}
}

func TestNotFound(t *testing.T) {
	st, err := Store(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/nope", "/products/hat", "/products/heavyweight-tee/x"} {
		w := get(t, st, path)
		if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "<h1>Not found</h1>") {
			t.Errorf("%s: %d", path, w.Code)
		}
	}
	// The path is text in the page, never markup.
	if body := get(t, st, "/%3Cscript%3E").Body.String(); strings.Contains(body, "<script>") {
		t.Errorf("the path was written as markup:\n%s", body)
	}
}

// TestLLMs: the llms files of the demo list its public pages, parse as the
// reference parser reads them, and hold the streamed content, not its
// fallbacks, nor anything the checkout form was filled in with.
func TestLLMs(t *testing.T) {
	h, err := New(Options{Wait: noWait, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	txt := get(t, h, "http://acme.test/llms.txt")
	if txt.Code != http.StatusOK {
		t.Fatalf("llms.txt: %d\n%s", txt.Code, txt.Body)
	}
	f, problems := llms.Parse(txt.Body.Bytes())
	if len(problems) > 0 {
		t.Errorf("llms.txt: %v\n%s", problems, txt.Body)
	}
	var links []string
	for _, s := range f.Sections {
		for _, l := range s.Links {
			links = append(links, l.URL)
		}
	}
	want := []string{"/index.md", "/streamed.md", "/checkout.md", "/docs/orders-api.md", "/products/heavyweight-tee.md", "/products/stoneware-mug.md"}
	for i := range want {
		want[i] = "http://acme.test" + want[i]
	}
	if f.Title != Name || !slices.Equal(links, want) {
		t.Errorf("llms.txt: %q links %q, want %q", f.Title, links, want)
	}

	token := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(get(t, h, "/checkout").Body.String())
	if token == nil {
		t.Fatal("no CSRF token in the checkout form")
	}
	full := get(t, h, "http://acme.test/llms-full.txt").Body.String()
	for _, want := range []string{"# Acme Store (http://acme.test/)", "# Next streaming fixture (http://acme.test/streamed)", "A content after 200ms.", "B content after 500ms.", "# Checkout (http://acme.test/checkout)", "# Stoneware Mug (http://acme.test/products/stoneware-mug)"} {
		if !strings.Contains(full, want) {
			t.Errorf("llms-full.txt lacks %q", want)
		}
	}
	for _, unwanted := range []string{"Loading A...", "Loading nested B...", "jane@example.com", "1234 1234", token[1], "Your account"} {
		if strings.Contains(full, unwanted) {
			t.Errorf("llms-full.txt has %q", unwanted)
		}
	}
}
