package main

import (
	"context"
	"fmt"
	"io"

	"github.com/affordances/affordances-md/llms"
)

// runCheck validates an llms.txt: the reference parser's rules and a
// CommonMark reading (llms.Parse). It prints each problem as NAME:LINE:
// message and fails when there is one.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check", "FILE|URL|-", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() == 0:
		return usageError(fs, "which llms.txt? Give a FILE, a URL, or - for standard input")
	case fs.NArg() > 1:
		return usageError(fs, "one llms.txt at a time, got %d arguments", fs.NArg())
	}
	src, name, err := readInput(ctx, fs.Arg(0), nil)
	if err != nil {
		return err
	}
	f, problems := llms.Parse(src)
	for _, p := range problems {
		fmt.Fprintf(stdout, "%s:%d: %s\n", name, p.Line, p.Message)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %d %s", name, len(problems), plural(len(problems), "problem"))
	}
	links := 0
	for _, s := range f.Sections {
		links += len(s.Links)
	}
	_, err = fmt.Fprintf(stdout, "%s: ok: %q, %d %s, %d %s\n", name, f.Title,
		len(f.Sections), plural(len(f.Sections), "section"), links, plural(links, "link"))
	return err
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
