package extracteval

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Config says what Run measures.
type Config struct {
	Shared  string   // the shared folder, holding corpora/*.tgz
	Corpora []string // names of the corpora: "wcxb-dev-sample", "readability", "defuddle"
	Worst   int      // also list the pages with the lowest F1, so many
	By      string   // the extractor whose F1, P, R and snippets the worst pages show; the first if empty
	Dump    string   // if set, write each extracted text to Dump/CORPUS/PAGE.EXTRACTOR.txt
}

// Run loads each corpus, runs the extractors on its pages and writes the
// table of figures (and the worst pages) to w.
func Run(w io.Writer, cfg Config, extractors []Extractor) error {
	names := make([]string, len(extractors))
	by := 0
	for i, ex := range extractors {
		names[i] = ex.Name
		if ex.Name == cfg.By {
			by = i
		}
	}
	if cfg.By != "" && names[by] != cfg.By {
		return fmt.Errorf("no extractor %q to list the worst pages by (have %s)", cfg.By, strings.Join(names, ", "))
	}
	for _, c := range cfg.Corpora {
		pages, err := Load(filepath.Join(cfg.Shared, "corpora", c+".tgz"))
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("corpus %s not found in %s", c, filepath.Join(cfg.Shared, "corpora"))
		}
		if err != nil {
			return err
		}
		scores := Measure(pages, extractors)
		if err := WriteTable(w, fmt.Sprintf("%s: %d pages", c, len(pages)), names, scores); err != nil {
			return err
		}
		if cfg.Worst > 0 {
			fmt.Fprintln(w)
			if err := WriteWorst(w, cfg.Worst, by, names, scores); err != nil {
				return err
			}
		}
		if cfg.Dump != "" {
			if err := dump(filepath.Join(cfg.Dump, c), names, scores); err != nil {
				return err
			}
		}
		fmt.Fprintln(w)
	}
	return nil
}

// dump writes each extracted text to dir/PAGE.EXTRACTOR.txt.
func dump(dir string, names []string, all [][]Score) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, scores := range all {
		for _, s := range scores {
			name := filepath.Join(dir, s.Page.ID+"."+names[i]+".txt")
			if err := os.WriteFile(name, []byte(s.Text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
