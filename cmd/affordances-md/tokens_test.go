package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

func TestConvertTokens(t *testing.T) {
	const page = "../../testdata/pages/product.html"
	for _, tc := range []struct {
		flag  string
		count func(string) int
	}{
		{"", func(s string) int { return (len([]rune(s)) + 3) / 4 }},
		{"o200k_base", nil},
		{"cl100k_base", nil},
	} {
		args := []string{"convert", "--json", page}
		if tc.flag != "" {
			args = append(args[:1], "--tokens", tc.flag, "--json", page)
			counter, err := md.NewTokenCounter(tc.flag)
			if err != nil {
				t.Fatal(err)
			}
			tc.count = counter.CountTokens
		}
		var out bytes.Buffer
		if err := run(context.Background(), args, &out, io.Discard); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		var res struct {
			Markdown string `json:"markdown"`
			Tokens   int    `json:"tokens"`
		}
		if err := json.Unmarshal(out.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		if want := tc.count(res.Markdown); res.Tokens != want || want == 0 {
			t.Errorf("--tokens %q: %d tokens, want %d", tc.flag, res.Tokens, want)
		}
	}

	err := run(context.Background(), []string{"convert", "--tokens", "gpt-4o", page}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "o200k_base or cl100k_base") {
		t.Errorf("--tokens gpt-4o: error %v, want one listing the encodings", err)
	}
}
