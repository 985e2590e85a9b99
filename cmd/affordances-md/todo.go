package main

import (
	"context"
	"errors"
	"io"
)

// The commands below land with their packages.

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("demo: not available in this build yet")
}
