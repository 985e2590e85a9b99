package md_test

import (
	"path/filepath"
	"testing"
)

func TestFormsGolden(t *testing.T) {
	goldenCases(t, filepath.Join("..", "testdata", "forms"))
}
