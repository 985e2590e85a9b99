package bpe

import (
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// The reference implementation, tiktoken-go, loads its tables through a
// package-level loader; tests set it once to the offline one and keep one
// encoder per encoding, as building one takes a while.
var (
	setLoader = sync.OnceFunc(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
	refMu     sync.Mutex
	refs      = map[string]*tiktoken.Tiktoken{}
)

// reference returns tiktoken-go's encoder for the named encoding.
func reference(tb testing.TB, name string) *tiktoken.Tiktoken {
	tb.Helper()
	setLoader()
	refMu.Lock()
	defer refMu.Unlock()
	if enc, ok := refs[name]; ok {
		return enc
	}
	enc, err := tiktoken.GetEncoding(name)
	if err != nil {
		tb.Fatal(err)
	}
	refs[name] = enc
	return enc
}

// referenceCount is tiktoken-go's count of s: Encode with no special
// tokens allowed or disallowed.
func referenceCount(tb testing.TB, name, s string) int {
	return len(reference(tb, name).Encode(s, nil, nil))
}
