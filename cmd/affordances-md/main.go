// Command affordances-md gives every page of a website a Markdown twin for
// LLM agents, and builds llms.txt and llms-full.txt for the whole site.
//
// Usage:
//
//	affordances-md convert [flags] [FILE|URL|-]   convert one page
//	affordances-md serve --origin URL [flags]     serve Markdown in front of a site
//	affordances-md llms --origin URL [flags]      publish llms.txt, llms-full.txt and .md files
//	affordances-md check FILE|URL|-               validate an llms.txt
//	affordances-md demo [--listen ADDR]           run the embedded demo site
//
// Run "affordances-md COMMAND -h" for a command's flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/affordances/affordances-md/md"
)

// command is one subcommand of the CLI.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"convert", "convert one page (a file, a URL or standard input) to Markdown", runConvert},
		{"serve", "serve every page's Markdown twin in front of a site", runServe},
		{"llms", "publish llms.txt, llms-full.txt and one .md per page", runLLMs},
		{"check", "validate an llms.txt file", runCheck},
		{"demo", "run the embedded demo store and print what to try", runDemo},
	}
}

// errUsage is returned after a command printed its usage for a mistake in
// its arguments (exit status 2); errHelp after it printed it on request.
var (
	errUsage = errors.New("usage")
	errHelp  = errors.New("help")
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	switch {
	case err == nil, errors.Is(err, errHelp):
	case errors.Is(err, errUsage):
		os.Exit(2)
	default:
		fmt.Fprintf(os.Stderr, "affordances-md: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	// A mistake in the arguments: status 2, the reason said last.
	usage(stderr)
	fmt.Fprintf(stderr, "\naffordances-md: unknown command %q\n", args[0])
	return errUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "affordances-md gives every page of a website a Markdown twin for LLM agents.")
	fmt.Fprintln(w, "\nUsage: affordances-md COMMAND [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun \"affordances-md COMMAND -h\" for a command's flags.")
}

// newFlags returns a flag set that prints its usage to stderr and reports
// errors instead of exiting.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: affordances-md %s %s\n", name, synopsis)
		flags := 0
		fs.VisitAll(func(*flag.Flag) { flags++ })
		if flags > 0 {
			fmt.Fprintf(stderr, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// extractFlag defines --extract on fs, the extract mode of the pages a
// command converts; the function it returns reads it once fs is parsed.
func extractFlag(fs *flag.FlagSet) func() (md.ExtractMode, error) {
	s := fs.String("extract", "auto", "what to convert: auto (markers, else <main>, else the content found by scoring), score (markers, else the content found by scoring, inside <main> too) or none (the whole body)")
	return func() (md.ExtractMode, error) { return md.ParseExtractMode(*s) }
}

// usageError prints fs's usage, then what is wrong with the arguments,
// last, as run does for an unknown command; it returns errUsage (status 2).
func usageError(fs *flag.FlagSet, format string, args ...any) error {
	fs.Usage()
	fmt.Fprintf(fs.Output(), "\naffordances-md %s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	return errUsage
}

// parseFlags parses args: -h gives errHelp, a bad flag errUsage.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return errUsage
	}
	return nil
}
