package requrl

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"
)

func TestScheme(t *testing.T) {
	for _, tt := range []struct {
		header string
		tls    bool
		want   string
	}{
		{"", false, "http"},
		{"", true, "https"},
		{"https", false, "https"},
		{" HTTPS , http", false, "https"},
		{"http", true, "http"},
		{"gopher", true, "https"},
		{"gopher", false, "http"},
	} {
		r := httptest.NewRequest("GET", "http://x.example/", nil)
		if tt.header != "" {
			r.Header.Set("X-Forwarded-Proto", tt.header)
		}
		if tt.tls {
			r.TLS = &tls.ConnectionState{}
		}
		if got := Scheme(r); got != tt.want {
			t.Errorf("X-Forwarded-Proto %q, TLS %v: %q, want %q", tt.header, tt.tls, got, tt.want)
		}
	}
}
