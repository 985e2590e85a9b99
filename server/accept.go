package server

import "strings"

// acceptsMarkdown reports whether the Accept header values name
// text/markdown with a q-value above zero.
//
// The header is read as RFC 9110 says: comma-separated media ranges, each
// with parameters, quoted strings kept whole, media types and parameter
// names case-insensitive (in ASCII: a media type is a token, and no other
// letter folds into one), whitespace around them the header's own spaces
// and tabs. Only an explicit text/markdown range counts:
// "*/*" and "text/*" accept anything, which is what browsers send, and are
// not a request for Markdown. A text/markdown range with q=0 is a refusal
// and wins over any other text/markdown range in the same header. A range
// whose q-value is not a valid qvalue is ignored.
func acceptsMarkdown(values []string) bool {
	found := false
	for _, v := range values {
		for len(v) > 0 {
			var r string
			r, v = nextRange(v)
			mt, q, ok := parseRange(r)
			if !ok || mt != "text/markdown" {
				continue
			}
			if q == 0 {
				return false
			}
			found = true
		}
	}
	return found
}

// nextRange splits off the first comma-separated element of an Accept
// value, leaving commas inside quoted strings alone.
func nextRange(s string) (elem, rest string) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == ',':
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// parseRange reads one media range: its lowercased type/subtype and its
// q-value in thousandths (1000 when absent). ok is false for an empty or
// malformed range, or one with an invalid q-value.
func parseRange(r string) (mediaType string, q int, ok bool) {
	params := strings.Split(r, ";")
	mediaType = lowerASCII(strings.Trim(params[0], " \t"))
	if mediaType == "" || strings.Count(mediaType, "/") != 1 {
		return "", 0, false
	}
	q = 1000
	for _, p := range params[1:] {
		name, val, _ := strings.Cut(p, "=")
		if name = strings.Trim(name, " \t"); name != "q" && name != "Q" {
			continue
		}
		if q, ok = parseQ(strings.Trim(val, " \t")); !ok {
			return "", 0, false
		}
	}
	return mediaType, q, true
}

// parseQ reads a qvalue ("0", "0.5", "1.000"; at most three decimals, at
// most 1) in thousandths.
func parseQ(s string) (int, bool) {
	if s == "" || len(s) > 5 || (s[0] != '0' && s[0] != '1') {
		return 0, false
	}
	q := int(s[0]-'0') * 1000
	if len(s) > 1 {
		if s[1] != '.' {
			return 0, false
		}
		scale := 100
		for _, c := range s[2:] {
			if c < '0' || c > '9' {
				return 0, false
			}
			q += int(c-'0') * scale
			scale /= 10
		}
	}
	if q > 1000 {
		return 0, false
	}
	return q, true
}

// lowerASCII lowers the ASCII letters of s and nothing else: Unicode case
// folding would read "text/mar\u212Adown" (a Kelvin sign) as text/markdown.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
