package md

import (
	"math/rand/v2"
	"net/url"
	"testing"
)

// TestResolveFastPaths checks that resolve, whose scans settle most links
// without url.Parse, gives what url.Parse, ResolveReference and String
// give, and charges the same allowance, on references built from the
// bytes and pieces that make them differ.
func TestResolveFastPaths(t *testing.T) {
	bases := []string{"https://example.com/a/b?q#f", "https://h/a/./b/../c", "urn:isbn:1", "http://u:p@Ex-ample.com:8080/", "https://h/%7Ex/y", "ftp://h/x", "mailto:x@y", "https://a%C3%A9.com/", "HTTPS://Example.COM/A/", "http://[::1]:8080/x?y", "http://[fe80::1%25en0]/", "https://h", "https://h/a%2Fb/c;p", "https://u%40x@h/", "http:///x", "file:///x/y", "https://h/?q=1#"}
	pieces := []string{"http://", "https://", "HTTP://", "//", "/", "/.", "..", ".", "a", "B", "0", ":", "8", "@", "?", "#", "%", "%2F", "%e9", "%G1", " ", "\t", "[", "]", "'", "!", "(", "~", "+", "=", "&", "\\", "\"", "<", "é", "\x7f", "\x00", "*", "[::1]", "u@", "%25", "HTTPS://", "//u:p@h:1", ";", "$"}
	rng := rand.New(rand.NewPCG(1, 2))
	refs := []string{"https://example.com", "https://example.com/", "https://example.com/#", "https://example.com/?", "https://example.com:/", "https://:80/", "/a#", "/a?b#c", "/%41", "/a/./b", "/a/../b", "/a:b", "#", "#a", "#a#b", "#%41", "#?/:@"}
	for range 200000 {
		s := []string{"", "/", "https://h", "http://a.b:1/", "#", "http://[::1]:8/", "https://U@h/", "HTTP://H/"}[rng.IntN(8)]
		for range 1 + rng.IntN(6) {
			s += pieces[rng.IntN(len(pieces))]
		}
		refs = append(refs, s)
	}
	for _, b := range bases {
		base, err := url.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		opts := renderOptions{base: base}
		r := &renderer{allow: &allowance{resolve: resolveAllowance}}
		slow := &renderer{allow: &allowance{resolve: resolveAllowance}}
		opts.baseLen = len(base.String())
		slow.opts = opts
		if (base.Scheme == "http" || base.Scheme == "https") && base.Host != "" && base.Opaque == "" {
			o := url.URL{Scheme: base.Scheme, User: base.User, Host: base.Host}
			opts.origin = o.String()
		}
		r.opts = opts
		for _, s := range refs {
			want := s
			if u, err := url.Parse(s); err == nil && slow.afford(u, slow.opts.baseLen) {
				want = base.ResolveReference(u).String()
			}
			if got := r.resolve(s); got != want {
				t.Fatalf("base %q, ref %q: got %q, want %q", b, s, got, want)
			}
			if r.allow.resolve != slow.allow.resolve {
				t.Fatalf("base %q, ref %q: allowance %d, want %d", b, s, r.allow.resolve, slow.allow.resolve)
			}
		}
	}
}
