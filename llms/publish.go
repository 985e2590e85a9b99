package llms

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
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
// A page that fails to render, or whose path has a query (no file can
// mirror it), is left out of all three and listed in the Report. Files
// are written inside dir only: os.Root refuses any path that would leave
// it. llms.txt and llms-full.txt replace earlier ones only once complete;
// the .md files of pages no longer listed are not removed.
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

	need := func(e entry) bool { return e.path != "" }
	err = b.renderInOrder(ctx, b.entries(site, public, fetch), need, func(r *rendered) error {
		if r.path == "" { // a page elsewhere, with its title: listed as given
			t.item(r.section, r.title, r.link, r.description)
			return t.ew.err
		}
		if r.ok {
			if err := writePage(root, r.path, r.res.Markdown); err != nil {
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

// writePage writes a page's Markdown at its .md path under root.
func writePage(root *os.Root, pagePath, markdown string) error {
	name, err := mdFile(pagePath)
	if err != nil {
		return err
	}
	if dir := path.Dir(name); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	if err := root.WriteFile(name, []byte(markdown), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}
