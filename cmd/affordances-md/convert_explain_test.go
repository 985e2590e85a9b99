package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConvertExplain(t *testing.T) {
	page := filepath.Join(t.TempDir(), "page.html")
	html := `<body><nav><a href="/">Home</a></nav><div class="post"><p>` + strings.Repeat("A sentence of the post, long enough to count. ", 8) +
		`</p><div class="related-links"><a href="/a">Another post</a></div></div></body>`
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"convert", "--explain", page}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dropped chrome       body > nav", "dropped boilerplate  body > div.post > div.related-links", "chose   "} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if strings.Contains(stdout.String(), "dropped") || !strings.Contains(stdout.String(), "A sentence of the post") {
		t.Errorf("stdout:\n%s", stdout.String())
	}

	stderr.Reset()
	if err := run(context.Background(), []string{"convert", page}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr without --explain:\n%s", stderr.String())
	}
}
