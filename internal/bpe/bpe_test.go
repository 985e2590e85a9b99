package bpe

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/affordances/affordances-md/internal/tiktokenref"
)

// adversarial holds texts where a tokenizer that only looks right would
// count differently from tiktoken-go.
var adversarial = []string{
	// Empty and tiny.
	"", " ", "\n", "a", "'", "''", "'''s", "\x00", "\x00\x01\x1f\x7f",
	// Contractions in every case, and look-alikes that are not.
	"'s", "'S", "'t", "'T", "'re", "'RE", "'rE", "'ve", "'VE", "'m", "'M", "'ll", "'LL", "'lL", "'d", "'D",
	"don't", "DON'T", "Don'T", "I'M", "we'VE", "they'Re", "x'dy", "'sfoo", "'s's", "abc'", "ABC'", "ABC'll",
	"’s", "don’t", "\u2019S", "'\u0130", "'\u212a", "'\u017f", "O'Neil's", "rock'n'roll", "''ll",
	// Whitespace runs and their line breaks.
	strings.Repeat(" ", 1000), strings.Repeat(" ", 1000) + "x", strings.Repeat("\n", 500),
	"  \n  \n\n   x", "\r\n\r\n", "\r\n\r\nx", "\t\t\tx", "\tx", " \u00a0 x", "\u00a0x", "\u3000\u3000x",
	"x\u2028y", "x\u0085y", "\v\f", "a \n b", "a  b", "a   b  ", "a \t\n\t b", " \r \n \r x", "\n\n\n!", "  !", " !",
	"x \u200b y", "end   ",
	// Numbers, in every script.
	"1", "12", "123", "1234", "12345678901234567890", "١٢٣٤٥", "Ⅻ", "½", "²³", "x2", "2x", " 2024-05-01",
	"3.14159", "1,000,000", "৫৬৭৮", "⁴⁵⁶",
	// Scripts, cases, marks.
	"helloмирhello", "Ελληνικά κείμενα", "русский ТЕКСТ Текст", "ab日本cd", "한국어 텍스트", "ไทยภาษา",
	"हिन्दी भाषा", "தமிழ்", "ǅungla ǅ", "ʰʰ", "ABCdef", "ABC DEF", "aBC", "HELLOʰworld", "ꭰꭱ", "HTMLParser",
	"camelCaseWord", "e\u0301", "\u0301", "\u0301ABC", " \u0301", "A\u0301B", "\u0301\u0301\u0301", "!\u0301",
	"ABC\u0301def", "ABC\u0301", "x\u0301'S", "\u0301'S", "𝐀𝐁𝐂 𝐚𝐛𝐜", "𠀀𠀁𠀂", "\U000f0000\U000e0001", "Ⓐⓑ",
	// CJK and right-to-left text.
	"中文文本，还有标点。", "日本語のテキストです。カタカナ、ひらがな。", strings.Repeat("中文", 150),
	"مرحبا بالعالم", "שלום עולם", "\u200fRTL\u200e", "\u202eabc\u202c", "ای\u200cنکه", "سلام،دنیا!",
	// Emoji, variation selectors and joiners.
	"😀", "👨‍👩‍👧‍👦", "🏳️‍🌈", "❤️", "❤️x", "x❤️", "👍🏽", "🇫🇷🇩🇪", "a😀b", "#️⃣", "1️⃣", "😀😀😀 ok",
	// Invisible and format characters.
	"a\u200bb", "a\u200db", "\ufeffabc", "a\u00adb", "\u2060x",
	// Invalid UTF-8.
	"\xff", "\xc3", "a\xffb", "\xe2\x82", "\xe2\x82 x", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "abc\xf0",
	"\xff\xfe\xfd words \xff",
	// Special-token text.
	"<|endoftext|>", "<|endofprompt|>", "<|fim_prefix|>x<|fim_middle|>y<|fim_suffix|>", "a<|endoftext|>b",
	"<|endoftext|><|endoftext|>", "<|im_start|>",
	// Markdown, code, paths.
	"```go\nfunc main() {}\n```\n", "});\n/** doc */", "// comment\n//\n", "x!\n/\r\n/y", "\n/\n//", "a/b//c///",
	"https://example.com/a/b?c=d#e", "**bold** _it_ [link](http://x.y)", "| a | b |\n| --- | --- |\n",
	"---\ntitle: \"x\"\n---\n", `C:\path\file.txt`, "<div class=\"x\">&nbsp;&amp;</div>",
	// Long pieces, merged with the heap.
	strings.Repeat("a", 300), strings.Repeat("ab", 200), strings.Repeat("=", 200), strings.Repeat("-", 100) + "\n",
	strings.Repeat("Supercalifragilistic", 20), strings.Repeat("xq", 90) + "z", strings.Repeat("é", 100),
	strings.Repeat("\u0301", 80), strings.Repeat("!?", 70),
	strings.Repeat("\x00\x01\x1f\x7f", 20), // no pair is a token
}

func TestAdversarial(t *testing.T) {
	for _, name := range Names() {
		enc, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range adversarial {
			if got, want := enc.CountTokens(s), tiktokenref.Count(t, name, s); got != want {
				t.Errorf("%s: CountTokens(%q) = %d, tiktoken-go counts %d", name, s, got, want)
			}
		}
	}
}

// TestKnownCounts pins a few counts, so that a change in tiktoken-go itself
// cannot pass unnoticed.
func TestKnownCounts(t *testing.T) {
	for _, tc := range []struct {
		text          string
		o200k, cl100k int
	}{
		{"", 0, 0},
		{"hello world", 2, 2},
		{"<|endoftext|>", 7, 7}, // ordinary text, not the special token
		{"\xff", 1, 1},          // U+FFFD
	} {
		for name, want := range map[string]int{"o200k_base": tc.o200k, "cl100k_base": tc.cl100k} {
			enc, _ := New(name)
			if got := enc.CountTokens(tc.text); got != want {
				t.Errorf("%s: CountTokens(%q) = %d, want %d", name, tc.text, got, want)
			}
			if ref := tiktokenref.Count(t, name, tc.text); ref != want {
				t.Errorf("%s: tiktoken-go counts %q as %d, want %d", name, tc.text, ref, want)
			}
		}
	}
}

func TestNew(t *testing.T) {
	for _, name := range Names() {
		enc, err := New(name)
		if err != nil || enc.Name() != name {
			t.Errorf("New(%q) = %v, %v", name, enc, err)
		}
	}
	for _, name := range []string{"", "gpt2", "O200K_BASE", "p50k_base"} {
		if _, err := New(name); err == nil || !strings.Contains(err.Error(), "o200k_base or cl100k_base") {
			t.Errorf("New(%q): error %v, want one naming the valid encodings", name, err)
		}
	}
}

// TestClasses checks the class table against the unicode package for every
// rune, as the regular expression engine classifies them.
func TestClasses(t *testing.T) {
	c := newClasses()
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := classOf(r)
		if got := want; int(r) < len(c) {
			got = c[r]
			if got != want {
				t.Fatalf("class of %U = %05b, want %05b", r, got, want)
			}
		}
		if got := want&cS != 0; got != unicode.IsSpace(r) {
			t.Fatalf("%U: space %v, unicode.IsSpace %v", r, got, unicode.IsSpace(r))
		}
	}
}

func TestNewRanks(t *testing.T) {
	bytes := func() map[string]int {
		m := map[string]int{}
		for b := range 256 {
			m[string([]byte{byte(b)})] = b
		}
		return m
	}
	m := bytes()
	m["ab"], m["abc"] = 256, 257
	r, err := newRanks(m)
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]uint32{"a": 'a', "ab": 256, "abc": 257, "bc": noRank, "abcd": noRank, "": noRank} {
		if got := r.lookup(s); got != want {
			t.Errorf("lookup(%q) = %d, want %d", s, got, want)
		}
	}
	for name, edit := range map[string]func(map[string]int){
		"missing byte":   func(m map[string]int) { delete(m, "\x00") },
		"long token":     func(m map[string]int) { m[strings.Repeat("a", maxTokenLen+1)] = 300 },
		"negative rank":  func(m map[string]int) { m["ab"] = -1 },
		"rank too large": func(m map[string]int) { m["ab"] = 1 << rankBits },
		"empty token":    func(m map[string]int) { m[""] = 300 },
	} {
		m := bytes()
		edit(m)
		if _, err := newRanks(m); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestMergers checks the heap against the quadratic scan on pieces of
// every length around the switch between them.
func TestMergers(t *testing.T) {
	enc, _ := New("o200k_base")
	tab, _ := enc.tables()
	var m merger
	for _, p := range []string{"ab", "abc", strings.Repeat("a", 129), strings.Repeat("xyzzy", 40), strings.Repeat("中文", 30), strings.Repeat(" ", 77)} {
		for l := 2; l <= len(p); l++ {
			q := p[:l]
			want, _ := countLinear(tab.ranks, q, nil)
			if got := m.count(tab.ranks, q); got != want {
				t.Errorf("heap counts %q as %d, the scan %d", q, got, want)
			}
		}
	}
}

// TestConcurrent counts from several goroutines at once; run with -race.
func TestConcurrent(t *testing.T) {
	enc, _ := New("cl100k_base")
	want := make([]int, len(adversarial))
	for i, s := range adversarial {
		want[i] = enc.CountTokens(s)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range adversarial {
				i := (i + g*7) % len(adversarial)
				if got := enc.CountTokens(adversarial[i]); got != want[i] {
					t.Errorf("goroutine %d: CountTokens(%q) = %d, want %d", g, adversarial[i], got, want[i])
				}
			}
		})
	}
	wg.Wait()
}

func FuzzCountTokens(f *testing.F) {
	for _, s := range adversarial {
		f.Add(s)
	}
	encs := make([]*Encoding, 0, 2)
	for _, name := range Names() {
		enc, _ := New(name)
		encs = append(encs, enc)
	}
	var m merger
	f.Fuzz(func(t *testing.T, s string) {
		for _, enc := range encs {
			if got, want := enc.CountTokens(s), tiktokenref.Count(t, enc.Name(), s); got != want {
				t.Errorf("%s: CountTokens(%q) = %d, tiktoken-go counts %d", enc.Name(), s, got, want)
			}
		}
		// The heap merges only long pieces when counting: check it on
		// every piece against the scan.
		tab, _ := encs[0].tables()
		s = strings.ToValidUTF8(s, "\uFFFD")
		for i := 0; i < len(s); {
			j := tab.classes.nextO200k(s, i)
			if p := s[i:j]; len(p) >= 2 && len(p) <= 1000 {
				want, _ := countLinear(tab.ranks, p, nil)
				if got := m.count(tab.ranks, p); got != want {
					t.Errorf("heap counts %q as %d, the scan %d", p, got, want)
				}
			}
			i = j
		}
	})
}

// TestSample compares with tiktoken-go on Markdown in several scripts: a few
// of Defuddle's expected outputs (see testdata/defuddle/SOURCE.json).
func TestSample(t *testing.T) {
	files, err := filepath.Glob("testdata/defuddle/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sample files: %v", err)
	}
	for _, name := range Names() {
		enc, _ := New(name)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := enc.CountTokens(string(b)), tiktokenref.Count(t, name, string(b)); got != want {
				t.Errorf("%s: %s: %d tokens, tiktoken-go counts %d", name, f, got, want)
			}
		}
	}
}

// BenchmarkCountTokens counts the checked-in sample, with this package and
// with tiktoken-go.
func BenchmarkCountTokens(b *testing.B) {
	files, _ := filepath.Glob("testdata/defuddle/*.md")
	var sb strings.Builder
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		sb.Write(text)
	}
	text := sb.String()
	for _, name := range Names() {
		enc, _ := New(name)
		enc.CountTokens("") // build the tables before the clock starts
		b.Run(name+"/bpe", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for range b.N {
				enc.CountTokens(text)
			}
		})
		ref := tiktokenref.Encoder(b, name)
		b.Run(name+"/tiktoken-go", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for range b.N {
				ref.Encode(text, nil, nil)
			}
		})
	}
}
