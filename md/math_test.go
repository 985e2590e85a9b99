package md

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestMathHostile converts pages built to make the MathML conversion deep,
// large or quadratic: each must convert without panicking, and the
// conversion must give up (drop the equation) past its bounds. A walk gone
// quadratic shows as this test running into go test's timeout, not as a
// time limit here: these machines are too noisy for one.
func TestMathHostile(t *testing.T) {
	row := "<mtr>" + strings.Repeat("<mtd><mi>x</mi></mtd>", 300) + "</mtr>"
	for _, tc := range []struct {
		name, html string
		want       string // what the Markdown must not contain, or ""
		has        string // what it must contain, or ""
	}{
		{
			name: "deeply nested mrow",
			html: "<p>a<math>" + strings.Repeat("<mrow>", 5000) + "<mi>q</mi>" + strings.Repeat("</mrow>", 5000) + "</math>b</p>",
			want: "q",
		},
		{
			name: "deeply nested fractions",
			html: "<p>a<math>" + strings.Repeat("<mfrac><mi>q</mi>", 3000) + strings.Repeat("</mfrac>", 3000) + "</math>b</p>",
			want: "q",
		},
		{
			name: "huge mtable",
			html: "<p>a<math><mtable>" + strings.Repeat(row, 300) + "</mtable></math>b</p>",
			want: "x",
		},
		{
			name: "nested math wrappers without math",
			html: strings.Repeat(`<span data-math="x">`, 3000) + "text" + strings.Repeat("</span>", 3000),
		},
		{
			name: "many math wrappers around one deep subtree",
			html: strings.Repeat(`<div data-tex="x">`, 200) + strings.Repeat("<div>", 3000) + "<math><mi>y</mi></math>",
		},
		{
			// Each wrapper looks for its math among the first 2,000
			// elements under it: in a chain of ten over 1,995 elements
			// and the math, the sixth wrapper is the first to reach it.
			name: "wrappers reach the math within the bound",
			html: "<p>" + wrapperChain(10, 1995),
			want: "$w5$",
			has:  "$w6$",
		},
		{
			// Each of 500 nested wrappers scanning its 2,000 elements,
			// 200 times over: a chain's wrappers are decided from their
			// children's scans, once each.
			name: "many chains of nested wrappers",
			html: "<p>" + strings.Repeat(strings.Repeat(`<span data-tex="x">`, 499)+`<span data-tex="last">`+
				strings.Repeat("<i></i>", 1999)+"<math><mi>y</mi></math>"+strings.Repeat("</span>", 500), 200),
			want: "$x$",
			has:  "$last$",
		},
		{
			name: "many TeX delimiters, one closer at the end",
			html: "<p>" + strings.Repeat(`\( \[ `, 50000) + `\)`,
		},
		{
			name: "many TeX delimiter pairs",
			html: "<p>" + strings.Repeat(`\(x\) \[y\] `, 20000),
		},
		{
			name: "deeply nested CHTML fractions",
			html: "<p><mjx-container>" + strings.Repeat("<mjx-mfrac><mjx-num><mjx-mi>q</mjx-mi></mjx-num><mjx-den>", 3000),
			want: "q",
		},
		{
			name: "deep CHTML layout under one token",
			html: "<p><mjx-container><mjx-mi>" + strings.Repeat("<mjx-box>", 3000) + "<mjx-c>x</mjx-c>",
		},
		{
			name: "many TeX scripts after renderings",
			html: strings.Repeat(`<span class="MathJax_Preview">p</span><script type="math/tex">x</script>`, 5000),
		},
		{
			// Each image asks whether it is alone in its paragraph: the
			// blanks (kept apart by comments) before them must not be read
			// once per image.
			name: "many TeX images after many blanks",
			html: "<p>" + strings.Repeat(" <!---->", 30000) + strings.Repeat(`<img alt="\pi">`, 30000) + "</p>",
			has:  `$\pi$`,
		},
		{
			// A part found inside another part would be converted once
			// for each: nested ten deep over a large subtree, thousands
			// of times.
			name: "CHTML denominators inside numerators",
			html: "<p><mjx-container>" + strings.Repeat("<mjx-mfrac><mjx-num><mjx-den>", 10) + strings.Repeat("<i></i>", 300000),
			want: `\frac`,
		},
		{
			name: "CHTML scripts as their bases",
			html: "<p><mjx-container>" + strings.Repeat("<mjx-msub><mjx-script>", 12) + strings.Repeat("<i></i>", 300000),
			want: "_{",
		},
		{
			// Each mover reads its mark for an accent: marks nesting
			// marks 60 deep must not each read the 400,000 elements
			// under them.
			name: "marks nesting marks",
			html: "<p><math>" + strings.Repeat("<mover><mi>x</mi>", 60) + strings.Repeat("<mrow></mrow>", 400000),
			want: `\overset`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Convert([]byte(tc.html), Options{Extract: ExtractNone, NoFrontmatter: true})
			if err != nil {
				t.Fatal(err)
			}
			if tc.want != "" && strings.Contains(res.Markdown, tc.want) {
				t.Errorf("kept the equation past the bounds: %.200q", res.Markdown)
			}
			if tc.has != "" && !strings.Contains(res.Markdown, tc.has) {
				t.Errorf("lost %q: %.200q", tc.has, res.Markdown)
			}
		})
	}
}

// wrapperChain returns n nested math wrappers, w1 to wn, over empty
// elements and a MathML equation of y.
func wrapperChain(n, empty int) string {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, `<span data-tex="w%d">`, i)
	}
	sb.WriteString(strings.Repeat("<i></i>", empty) + "<math><mi>y</mi></math>" + strings.Repeat("</span>", n))
	return sb.String()
}

// TestMathmlTeX checks conversions the goldens do not show.
func TestMathmlTeX(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`<math><mi>𝑥</mi><mo>+</mo><mi>ℎ</mi></math>`, `x + h`},
		{`<math><mi>απ</mi></math>`, `\alpha\pi`},
		{`<math><mi>λx</mi></math>`, `\lambda x`},
		{`<math><mtext>50% & $5_{a}</mtext></math>`, `\text{50\% \& \$5\_\{a\}}`},
		{`<math><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac></math>`, `\genfrac{}{}{0pt}{}{n}{k}`},
		{`<math><munder><mo>∑</mo><mi>i</mi></munder></math>`, `\sum_{i}`},
		{`<math><mover><mi>x</mi><mi>y</mi></mover></math>`, `\overset{y}{x}`},
		{`<math><msup><mrow><mi>a</mi><mi>b</mi></mrow></msup></math>`, `{a b}^{}`},
		{`<math><semantics><mi>x</mi><annotation-xml>y</annotation-xml></semantics></math>`, `x`},
		{`<math><mfenced open="{" close="" separators=";"><mi>a</mi><mi>b</mi></mfenced></math>`, `\left\{ a; b \right.`},
		{`<math></math>`, ``},
	} {
		doc := parse([]byte(tc.in))
		m := findFirst(doc, func(n *html.Node) bool { return n.Data == "math" })
		if got := mathmlTeX(m); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMathClass(t *testing.T) {
	for class, want := range map[string]bool{
		"hurmet-tex": true, "math-inline": true, "katex": true, "tex2jax_process": true,
		"mwe-math-fallback-image-inline": true, "latex": true, "equation": true,
		"text-center": false, "context": false, "vertex": false, "photo": false, "": false,
	} {
		if got := mathClass(class); got != want {
			t.Errorf("mathClass(%q) = %v, want %v", class, got, want)
		}
	}
}

func TestUnwrapStyle(t *testing.T) {
	for in, want := range map[string]string{
		`{\displaystyle ax^{2}+bx+c=0}`: `ax^{2}+bx+c=0`,
		`{\textstyle \frac{a}{b}}`:      `\frac{a}{b}`,
		`{\displaystyle a}{b}`:          `{\displaystyle a}{b}`,
		`{\displaystylex}`:              `{\displaystylex}`,
		`{\displaystyle \{}`:            `\{`,
		`{\displaystyle`:                `{\displaystyle`,
		`{\displaystyle}`:               `{\displaystyle}`,
		`x`:                             `x`,
	} {
		if got := unwrapStyle(in); got != want {
			t.Errorf("unwrapStyle(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTeXIsInert checks that TeX taken from a page, which the Markdown
// holds verbatim, cannot become Markdown or HTML for a reader without
// math: no tag, no link, no line that starts a block, no "$" that ends
// the math early.
func TestTeXIsInert(t *testing.T) {
	for _, tc := range []struct{ name, html, want string }{
		{"a tag in text between \\( \\)", `<p>Then \( a &lt;img src=x onerror=alert(1)&gt; b \) holds.</p>`, "Then $a \\lt img src=x onerror=alert(1)\\gt b$ holds.\n"},
		{"a link and a dollar in alttext", `<p><math alttext="x$ [a](javascript:alert(1))"></math></p>`, "$x\\$ [a] (javascript:alert(1))$\n"},
		{"blank lines in display math", "<math display=\"block\" alttext=\"a\n\n# Heading\n- item\"></math>", "$$a # Heading - item$$\n"},
		{"an autolink", `<p>\(&lt;https://example.com&gt;\)</p>`, "$\\lt https://example.com\\gt$\n"},
		// A backslash last would escape the closing dollar.
		{"a control space last", `<p>\[$\ \]</p>`, "$$\\$\\ {}$$\n"},
		{"a control space last, inline", `<p>\(a\ \)</p>`, "$a\\ {}$\n"},
		{"a lone backslash in alttext", `<p><math alttext="x\"></math></p>`, "$x\\ {}$\n"},
		{"a line break before a dollar", `<p><math alttext="a\\$b"></math></p>`, "$a\\\\\\$b$\n"},
		// A form feed is white space, a space once written.
		{"a form feed between the delimiters", "<p>\\[\\\f\\]</p>", "$$\\ {}$$\n"},
		// A digit after the closing dollar would keep it from closing.
		{"a digit right after inline math", `<p>\(x\)5 apples, \(\$\)0</p>`, "$x$&#53; apples, $\\$$&#48;\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Convert([]byte(tc.html), Options{NoFrontmatter: true, Extract: ExtractNone})
			if err != nil {
				t.Fatal(err)
			}
			if res.Markdown != tc.want {
				t.Errorf("got %q, want %q", res.Markdown, tc.want)
			}
		})
	}
}
