// Package tiktokenref gives tests the reference token counter, tiktoken-go,
// to compare the project's own counter with.
package tiktokenref

import (
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// tiktoken-go loads its tables through a package-level loader: it is set
// once to the offline one, and one encoder is kept per encoding, as
// building one takes a while.
var (
	setLoader = sync.OnceFunc(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
	mu        sync.Mutex
	encoders  = map[string]*tiktoken.Tiktoken{}
)

// Encoder returns tiktoken-go's encoder for the named encoding
// ("o200k_base", "cl100k_base"), failing the test when it has none.
func Encoder(tb testing.TB, name string) *tiktoken.Tiktoken {
	tb.Helper()
	setLoader()
	mu.Lock()
	defer mu.Unlock()
	if enc, ok := encoders[name]; ok {
		return enc
	}
	enc, err := tiktoken.GetEncoding(name)
	if err != nil {
		tb.Fatal(err)
	}
	encoders[name] = enc
	return enc
}

// Count returns the number of tokens tiktoken-go counts in s, special
// tokens' text counted as ordinary text.
func Count(tb testing.TB, name, s string) int {
	tb.Helper()
	return len(Encoder(tb, name).Encode(s, nil, nil))
}
