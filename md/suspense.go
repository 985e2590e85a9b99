package md

import "golang.org/x/net/html"

// resolveSuspense moves the content React streamed for each <Suspense>
// boundary into place, as the browser's runtime would.
func resolveSuspense(doc *html.Node) {}
