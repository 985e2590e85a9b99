package llms

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
)

// Report is what Publish wrote.
type Report struct {
	// Pages counts the pages written, each in all three forms.
	Pages int
	// Failed lists the pages left out, in order.
	Failed []Failure
}

// Failure is a page left out and why.
type Failure struct {
	URL string // its path on the site
	Err error  // why it was left out: the Renderer's error, or a path no file can mirror
}

// Publish writes the site for static hosting under dir: llms.txt,
// llms-full.txt, and each page's Markdown (as the Renderer serves it,
// frontmatter included) at its .md path: "index.md" for "/",
// "docs/intro.md" for "/docs/intro". Each page is rendered once for all
// three.
//
// A page that fails to render, whose path has a query (no file can mirror
// it), or whose file another page already has ("/a%2Fb" and "/a/b") is
// left out of all three and listed in the Report. Files are written
// inside dir only: os.Root refuses any path that would leave it. llms.txt
// and llms-full.txt replace earlier ones only once complete; the .md files
// of pages no longer listed are not removed.
func (b *Builder) Publish(ctx context.Context, dir string, site *Site) (*Report, error) {
	public, fetch, err := b.origins()
	if err != nil {
		return nil, err
	}
	if public == nil {
		return nil, errors.New("llms: the site URL is needed to write absolute links")
	}
	if err := checkIntro(b.Intro); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()

	txtFile, err := root.Create("llms.txt.tmp")
	if err != nil {
		return nil, err
	}
	defer root.Remove("llms.txt.tmp") // after a failure; gone after the rename
	defer txtFile.Close()
	fullFile, err := root.Create("llms-full.txt.tmp")
	if err != nil {
		return nil, err
	}
	defer root.Remove("llms-full.txt.tmp")
	defer fullFile.Close()

	txtBuf, fullBuf := bufio.NewWriter(txtFile), bufio.NewWriter(fullFile)
	t := &txtWriter{ew: errWriter{w: txtBuf}}
	t.preamble(b.preamble(site, public))
	full := &errWriter{w: fullBuf}
	report := &Report{}
	files := &pageFiles{root: root, byName: map[string]string{}, byFold: map[string]string{}}

	need := func(e entry) bool { return e.path != "" }
	err = b.renderInOrder(ctx, b.entries(site, public, fetch), need, func(r *rendered) error {
		if r.path == "" { // a page elsewhere, with its title: listed as given
			t.item(r.section, r.title, r.link, r.description)
			return t.ew.err
		}
		if r.ok {
			if err := files.write(r.path, r.res.Markdown); err != nil {
				r.ok, r.err = false, err
				b.logger().Warn("llms: page left out", "page", r.path, "err", err)
			}
		}
		if !r.ok {
			report.Failed = append(report.Failed, Failure{URL: r.path, Err: r.err})
			return nil
		}
		report.Pages++
		if report.Pages > 1 {
			full.str("\n")
		}
		writeFullPage(full, r.url, r.path, r.res)
		title, desc, _ := txtItem(r)
		t.item(r.section, title, r.link, desc)
		return errors.Join(t.ew.err, full.err)
	})
	if err != nil {
		return report, err
	}
	for _, f := range []struct {
		buf  *bufio.Writer
		file *os.File
		name string
	}{{txtBuf, txtFile, "llms.txt"}, {fullBuf, fullFile, "llms-full.txt"}} {
		if err := f.buf.Flush(); err != nil {
			return report, err
		}
		if err := f.file.Close(); err != nil {
			return report, err
		}
		if err := root.Rename(f.name+".tmp", f.name); err != nil {
			return report, err
		}
	}
	return report, nil
}

// pageFiles writes each page's Markdown at its .md path under root, one
// page a file: two pages can map to one file ("/a/b" and "/a%2Fb", or
// "/FAQ" and "/faq" where the file system ignores case), and the second
// must not overwrite the first.
type pageFiles struct {
	root   *os.Root
	byName map[string]string // file name: the page written there
	byFold map[string]string // lower-cased file name: the first written
}

func (p *pageFiles) write(pagePath, markdown string) error {
	name, err := mdFile(pagePath)
	if err != nil {
		return err
	}
	if other, ok := p.byName[name]; ok {
		return fmt.Errorf("%s is already the file of %s", name, other)
	}
	fold := strings.ToLower(name)
	if first, ok := p.byFold[fold]; ok && p.sameFile(first, name) {
		return fmt.Errorf("%s is %s on this file system, already the file of %s", name, first, p.byName[first])
	}
	if dir := path.Dir(name); dir != "." {
		if err := p.root.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	if err := p.root.WriteFile(name, []byte(markdown), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	p.byName[name] = pagePath
	if _, ok := p.byFold[fold]; !ok {
		p.byFold[fold] = name
	}
	return nil
}

// sameFile reports whether names a and b are one file under the root.
func (p *pageFiles) sameFile(a, b string) bool {
	ai, err := p.root.Stat(a)
	if err != nil {
		return false
	}
	bi, err := p.root.Stat(b)
	return err == nil && os.SameFile(ai, bi)
}
