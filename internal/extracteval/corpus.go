package extracteval

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
)

// A Page is one case of a corpus: a page's HTML and what its main content is.
type Page struct {
	Corpus string // "wcxb", "readability" or "defuddle"
	ID     string // the case's folder name
	Type   string // page type (WCXB's: article, forum, product, ...); "" when unknown
	URL    string // the page's address, when known
	Source []byte // the page's HTML
	Want   string // the main content, as plain text

	With    []string // snippets the main content must have
	Without []string // snippets it must not have
}

// maxEntry bounds one file read from an archive.
const maxEntry = 64 << 20

// Load reads the cases of a corpus archive from the shared folder:
// wcxb-dev-sample.tgz (wcxb/dev-NNNN/{source.html,expected.txt,metadata.json}),
// readability.tgz (readability/CASE/{source.html,expected.html}) or
// defuddle.tgz (defuddle/CASE/{source.html,expected.md}). Cases lacking a
// source or a reference are skipped. Pages come sorted by ID.
func Load(tgz string) ([]Page, error) {
	files, err := readTGZ(tgz)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", tgz, err)
	}
	byCase := map[string]map[string][]byte{}
	for name, data := range files {
		dir, file := path.Split(name)
		dir = strings.TrimSuffix(dir, "/")
		if byCase[dir] == nil {
			byCase[dir] = map[string][]byte{}
		}
		byCase[dir][file] = data
	}
	var pages []Page
	for dir, fs := range byCase {
		src, ok := fs["source.html"]
		if !ok {
			continue
		}
		corpus, id := path.Split(dir)
		p := Page{Corpus: strings.Trim(corpus, "/"), ID: id, Source: src}
		switch {
		case fs["expected.txt"] != nil:
			p.Want = string(fs["expected.txt"])
			var m struct {
				URL      string   `json:"url"`
				PageType string   `json:"page_type"`
				With     []string `json:"with"`
				Without  []string `json:"without"`
			}
			if b := fs["metadata.json"]; b != nil {
				if err := json.Unmarshal(b, &m); err != nil {
					return nil, fmt.Errorf("load %s: %s: %w", tgz, dir, err)
				}
			}
			p.URL, p.Type, p.With, p.Without = m.URL, m.PageType, m.With, m.Without
		case fs["expected.html"] != nil:
			p.Want = HTMLText(string(fs["expected.html"]))
			p.URL = "http://fakehost/test/page.html" // Readability's tests resolve against it
		case fs["expected.md"] != nil:
			p.Want = PlainText(string(fs["expected.md"]))
		default:
			continue
		}
		pages = append(pages, p)
	}
	sort.Slice(pages, func(i, j int) bool { return pages[i].ID < pages[j].ID })
	return pages, nil
}

// readTGZ returns the regular files of a .tgz by path.
func readTGZ(name string) (map[string][]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(tr, maxEntry+1))
		if err != nil {
			return nil, err
		}
		if len(b) > maxEntry {
			return nil, fmt.Errorf("%s: larger than %d MB", h.Name, maxEntry>>20)
		}
		files[path.Clean(strings.TrimPrefix(h.Name, "./"))] = b
	}
}
