package llms

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPublish(t *testing.T) {
	s := storeSite(t)
	b := storeBuilder(s)
	sourceKinds[1].setup(s, b) // the sitemap
	s.setPage("/search?q=tee", pageHTML("Search", "", "<p>Results</p>"))
	s.set("/sitemap.xml", "application/xml", `<urlset>
		<url><loc>`+public+`/</loc></url>
		<url><loc>`+public+`/about</loc></url>
		<url><loc>`+public+`/docs/</loc></url>
		<url><loc>`+public+`/docs/intro</loc></url>
		<url><loc>`+public+`/broken</loc></url>
		<url><loc>`+public+`/search?q=tee</loc></url>
		<url><loc>`+public+`/caf%C3%A9</loc></url>
		<url><loc>`+public+`/a%2F..%2F..%2Fescape</loc></url>
	</urlset>`)
	s.setPage("/caf%C3%A9", pageHTML("Café", "", "<h1>Café</h1>"))
	var progress []Progress
	b.Progress = func(p Progress) { progress = append(progress, p) }

	site, err := b.Discover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "llms.txt"), []byte("old"), 0o644)
	report, err := b.Publish(context.Background(), dir, site)
	if err != nil {
		t.Fatal(err)
	}

	var files []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	want := []string{"about.md", "café.md", "docs.md", "docs/intro.md", "index.md", "llms-full.txt", "llms.txt"}
	slices.Sort(files)
	if !slices.Equal(files, want) {
		t.Errorf("files %q, want %q", files, want)
	}
	if report.Pages != 5 {
		t.Errorf("report: %d pages, want 5", report.Pages)
	}
	var failed []string
	for _, f := range report.Failed {
		failed = append(failed, f.URL)
	}
	if !slices.Equal(failed, []string{"/broken", "/search?q=tee"}) {
		t.Errorf("failed %q", failed)
	}
	if len(progress) != 7 || progress[6].Done != 7 || progress[6].Total != 7 {
		t.Errorf("progress: %+v", progress)
	}

	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read("docs/intro.md"); !strings.HasPrefix(got, "---\ntitle: \"Intro [beta] *new*\"") || !strings.Contains(got, "# Introduction to *Acme*") {
		t.Errorf("docs/intro.md is not the page as /page.md serves it:\n%s", got)
	}
	txt := read("llms.txt")
	if _, problems := Parse([]byte(txt)); len(problems) > 0 {
		t.Errorf("llms.txt has problems: %v\n%s", problems, txt)
	}
	for _, link := range []string{"https://acme.store/index.md", "https://acme.store/caf%C3%A9.md", "https://acme.store/docs/intro.md"} {
		if !strings.Contains(txt, "("+link+")") {
			t.Errorf("llms.txt does not link %s:\n%s", link, txt)
		}
	}
	if strings.Contains(txt, "search") || strings.Contains(txt, "broken") {
		t.Errorf("llms.txt lists a page that has no file:\n%s", txt)
	}
	full := read("llms-full.txt")
	if n := strings.Count(full, " (https://acme.store/"); n != 5 {
		t.Errorf("llms-full.txt has %d pages, want 5", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "llms.txt.tmp")); err == nil {
		t.Error("a temporary file was left behind")
	}
}

func TestMdFile(t *testing.T) {
	tests := []struct{ path, want string }{
		{"/", "index.md"},
		{"/about", "about.md"},
		{"/docs/", "docs.md"},
		{"/docs/intro", "docs/intro.md"},
		{"/notes.md", "notes.md"},
		{"/caf%C3%A9", "café.md"},
		{"/a%20b", "a b.md"},
		{"/a%2F..%2F..%2Fx", ""},
		{"/%2E%2E/x", ""},
		{"/a%00b", ""},
		{"/a%5Cb", ""},
		{"/q?x=1", ""},
	}
	for _, tt := range tests {
		got, err := mdFile(tt.path)
		if tt.want == "" {
			if err == nil {
				t.Errorf("mdFile(%q) = %q, want an error", tt.path, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("mdFile(%q) = %q, %v; want %q", tt.path, got, err, tt.want)
		}
	}
}

func TestSitePath(t *testing.T) {
	pub, _ := parseOrigin("https://acme.store")
	fetch, _ := parseOrigin("http://127.0.0.1:3000")
	tests := []struct{ ref, want string }{
		{"/", "/"},
		{"/docs/intro", "/docs/intro"},
		{"https://acme.store", "/"},
		{"https://ACME.store:443/a?b=c#frag", "/a?b=c"},
		{"http://127.0.0.1:3000/x", "/x"},
		{"/caf%C3%A9", "/caf%C3%A9"},
		{"/a b", "/a%20b"},
		{"http://acme.store/a", ""}, // another scheme is another origin
		{"https://acme.store.evil.example/a", ""},
		{"https://user@acme.store/a", ""},
		{"//evil.example/a", ""},
		{"relative", ""},
		{"/a\\b", ""},
		{"/a/../b", ""},
		{"/a/%2E%2E/b", ""},
		{"/a%2F..%2Fb", ""},
		{"/a//b", ""},
		{"/a\x00", ""},
		{"javascript:alert(1)", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := sitePath(tt.ref, pub, fetch)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("sitePath(%q) = %q, %v; want %q", tt.ref, got, ok, tt.want)
		}
	}
}

func TestMdPath(t *testing.T) {
	for in, want := range map[string]string{
		"/": "/index.md", "/a": "/a.md", "/a/": "/a.md", "/a.md": "/a.md", "/a?q=1": "/a.md?q=1", "/file.html": "/file.html.md",
	} {
		if got := mdPath(in); got != want {
			t.Errorf("mdPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGroupSections(t *testing.T) {
	got := paths(&Site{Sections: groupSections([]string{"/", "/blog/b", "/about", "/docs", "/docs/a", "/blog/", "/getting-started/x", "/caf%C3%A9-menu/y", "/docs/a?x"})})
	want := []string{"Pages: / /about", "Blog: /blog/b /blog/", "Docs: /docs /docs/a /docs/a?x", "Getting started: /getting-started/x", "Café menu: /caf%C3%A9-menu/y"}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestPublishOneFileAPage checks two pages that map to one file (a slash
// written %2F) do not overwrite each other: the second is left out and
// reported. Pages whose names differ only by case both get their file
// where the file system tells them apart.
func TestPublishOneFileAPage(t *testing.T) {
	s := newTestSite(t)
	b := storeBuilder(s)
	s.setPage("/a/b", pageHTML("A slash B", "", "<p>The real page.</p>"))
	s.setPage("/a%2Fb", pageHTML("A encoded slash B", "", "<p>Another page.</p>"))
	s.setPage("/FAQ", pageHTML("Upper", "", "<p>Upper case.</p>"))
	s.setPage("/faq", pageHTML("Lower", "", "<p>Lower case.</p>"))
	site := &Site{Sections: []Section{{Title: "Pages", Pages: []Page{{URL: "/a/b"}, {URL: "/a%2Fb"}, {URL: "/FAQ"}, {URL: "/faq"}}}}}
	dir := t.TempDir()
	report, err := b.Publish(context.Background(), dir, site)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "a", "b.md"))
	if !strings.Contains(string(got), "The real page.") {
		t.Errorf("a/b.md was overwritten:\n%s", got)
	}
	if len(report.Failed) < 1 || report.Failed[0].URL != "/a%2Fb" || !strings.Contains(report.Failed[0].Err.Error(), "/a/b") {
		t.Errorf("failed: %+v, want /a%%2Fb, saying /a/b has its file", report.Failed)
	}
	txt, _ := os.ReadFile(filepath.Join(dir, "llms.txt"))
	full, _ := os.ReadFile(filepath.Join(dir, "llms-full.txt"))
	if strings.Contains(string(txt), "%2F") || strings.Contains(string(full), "Another page") {
		t.Errorf("the page left out is listed:\n%s\n%s", txt, full)
	}

	// FAQ and faq: both are written where the file system tells FAQ.md
	// from faq.md; where it does not, faq is left out.
	upperInfo, err1 := os.Stat(filepath.Join(dir, "FAQ.md"))
	lowerInfo, err2 := os.Stat(filepath.Join(dir, "faq.md"))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	upper, _ := os.ReadFile(filepath.Join(dir, "FAQ.md"))
	lower, _ := os.ReadFile(filepath.Join(dir, "faq.md"))
	if !strings.Contains(string(upper), "Upper case.") {
		t.Errorf("FAQ.md was overwritten:\n%s", upper)
	}
	if os.SameFile(upperInfo, lowerInfo) {
		if len(report.Failed) != 2 || report.Failed[1].URL != "/faq" {
			t.Errorf("failed: %+v, want /faq too", report.Failed)
		}
	} else if report.Pages != 3 || !strings.Contains(string(lower), "Lower case.") {
		t.Errorf("FAQ and faq: %d pages written, faq.md:\n%s", report.Pages, lower)
	}
}
