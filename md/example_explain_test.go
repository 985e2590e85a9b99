package md_test

import (
	"fmt"

	"github.com/affordances/affordances-md/md"
)

// Explain lists what the extraction chose and dropped, and why.
func ExampleOptions_explain() {
	page := `<body>
<nav><a href="/">Home</a></nav>
<div class="post">
  <h1>On reading</h1>
  <div class="entry-content"><p>Long paragraphs, read slowly, stay with us. We return to them,
  quote them, and argue with them, long after the page is closed and the screen is dark.</p></div>
  <div class="share-buttons"><a href="/share">Share</a></div>
</div>
<div class="cookie-notice">We use cookies.</div>
</body>`
	res, err := md.Convert([]byte(page), md.Options{Explain: true, NoFrontmatter: true})
	if err != nil {
		panic(err)
	}
	for _, d := range res.Explanation {
		fmt.Println(d.Action, d.Rule, d.Path)
	}
	fmt.Print(res.Markdown)
	// Output:
	// dropped chrome body > nav
	// dropped boilerplate body > div.post > div.share-buttons
	// dropped boilerplate body > div.cookie-notice
	// chose sibling body > div.post > h1
	// chose score body > div.post > div.entry-content
	// # On reading
	//
	// Long paragraphs, read slowly, stay with us. We return to them, quote them, and argue with them, long after the page is closed and the screen is dark.
}
