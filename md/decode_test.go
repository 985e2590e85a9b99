package md

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"
)

// TestDecodeUTF16Label checks that a page in UTF-16 without a byte order
// mark, as its Content-Type says, is read in UTF-16 (browsers honour the
// header) rather than refused as binary for its NUL bytes, and that the
// label is not taken at its word for bytes that cannot be UTF-16.
func TestDecodeUTF16Label(t *testing.T) {
	page := `<!doctype html><title>UTF-16</title><p>日本語 and café</p>`
	le, _ := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder().String(page)
	be, _ := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewEncoder().String(page)
	tests := []struct {
		name, src, label, want string
	}{
		{"little endian", le, "utf-16le", page},
		{"big endian", be, "UTF-16BE", page},
		{"utf-16 means little endian", le, "utf-16", page},
		{"an ASCII page mislabelled", "<p>plain</p>", "utf-16", "<p>plain</p>"},
		{"a UTF-8 page mislabelled", "<p>café</p>", "utf-16le", "<p>café</p>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := decode([]byte(tt.src), tt.label)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("decoded %q, want %q", got, tt.want)
			}
		})
	}
	// Binary data with the label is still binary.
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + strings.Repeat("\x00", 64)
	if _, err := decode([]byte(png), "utf-16le"); !errors.Is(err, ErrNotHTML) {
		t.Errorf("a PNG labelled utf-16le: err = %v, want ErrNotHTML", err)
	}
}

// TestDecodeDoubleUTF8 checks that text encoded in UTF-8 twice (its UTF-8
// bytes read as Latin-1, so that "’" is "â" and two C1 controls) is read
// once, beside text in UTF-8 or alone, and that text without C1 controls,
// which may mean what it says, is left alone.
func TestDecodeDoubleUTF8(t *testing.T) {
	double := func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			b.WriteRune(rune(c))
		}
		return b.String()
	}
	tests := []struct {
		name, src, want string
	}{
		{"apostrophe and dash", "<p>" + double("it’s here—now") + "</p>", "<p>it’s here—now</p>"},
		{"emoji", "<p>" + double("ok 😀") + "</p>", "<p>ok 😀</p>"},
		{"beside real UTF-8", "<p>日本 " + double("don’t") + "</p>", "<p>日本 don’t</p>"},
		{"no C1 control: left alone", "<p>" + double("café") + " Ã©</p>", "<p>" + double("café") + " Ã©</p>"},
		{"a no-break space", "<p>" + double("free\u00a0edition") + " and\u00a0more</p>", "<p>free\u00a0edition and\u00a0more</p>"},
		{"a no-break space encoded three times", "<p>a" + double(double("\u00a0")) + "b</p>", "<p>a\u00a0b</p>"},
		{"a run of Â before a no-break space", "<p>a" + strings.Repeat("Â", 20) + "\u00a0b</p>", "<p>a\u00a0b</p>"},
		{"a capital Â before a space", "<p>CHÂ TEAU \u00c2\u00a9</p>", "<p>CHÂ TEAU \u00c2\u00a9</p>"},
		{"a lone C1 control", "<p>a\u0085b</p>", "<p>a\u0085b</p>"},
		// A control character shows nothing and the converter drops it
		// (the parser a NUL, the writer the others): one between the
		// characters of a doubled sequence is read through, and dropped,
		// else the Markdown would hold the sequence whole, repaired when
		// read again. Line breaks and tabs are text and stay.
		{"a NUL in a no-break space", "<p>a\u00c2\x00\u00a0b</p>", "<p>a\u00a0b</p>"},
		{"a DEL in a no-break space", "<p>a\u00c2\x7f\u00a0b</p>", "<p>a\u00a0b</p>"},
		{"controls in a run of Â", "<p>a\u00c2\x01\u00c2\f\x02\u00a0b</p>", "<p>a\u00a0b</p>"},
		{"controls in an apostrophe", "<p>a" + double("’")[:2] + "\x00" + double("’")[2:4] + "\x1b" + double("’")[4:] + "b</p>", "<p>a’b</p>"},
		{"a line feed is text", "<p>a\u00c2\n\u00a0b " + double("’")[:2] + "\t" + double("’")[2:] + "</p>", "<p>a\u00c2\n\u00a0b " + double("’")[:2] + "\t" + double("’")[2:] + "</p>"},
		{"truncated at the end", "<p>x</p>" + double("’")[:4], "<p>x</p>" + double("’")[:4]},
		// Whatever the page's charset, as the Markdown (UTF-8) of that page
		// is read again the same way.
		{"in UTF-16 with a byte order mark", "\xfe\xff\x00<\x00p\x00>\x00\xcd\x00\x80", "<p>\u0340"},
		{"in UTF-16 by its label", "\x00<\x00p\x00>\x00\xcd\x00\x80\x00.", "<p>\u0340."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			label := ""
			if strings.HasPrefix(tt.src, "\x00") {
				label = "utf-16be"
			}
			got, err := decode([]byte(tt.src), label)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("decoded %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNBSPRunEnd: nbspRun says where a run of "Â" ends, so that a run
// followed by no no-break space is read once, not once from each of its
// "Â" (a million of them cost their square: minutes).
func TestNBSPRunEnd(t *testing.T) {
	for _, tt := range []struct {
		name      string
		src       string
		end, runs int
	}{
		{"a no-break space", "ÂÂ\u00a0x", 6, 4},
		{"a run before a letter", "ÂÂÂx\u00a0", 0, 6},
		{"no Â", "x\u00a0", 0, 0},
		{"controls in the run", "Â\x00Â\x7f\u00a0x", 8, 6},
	} {
		end, runEnd := nbspRun([]byte(tt.src), 0)
		if end != tt.end || runEnd != tt.runs {
			t.Errorf("%s: nbspRun = %d, %d, want %d, %d", tt.name, end, runEnd, tt.end, tt.runs)
		}
	}
	// The run's end is where the repair goes on reading (runEnd above),
	// so each "Â" is read once; the page itself must come out unchanged.
	src := "<p>" + strings.Repeat("Â", 10_000) + "x\u00a0</p>"
	if got, _ := decode([]byte(src), ""); string(got) != src {
		t.Errorf("a run of Â before a letter changed")
	}
}
