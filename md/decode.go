package md

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
)

// decode turns the page's bytes into valid UTF-8.
//
// The encoding is chosen as a browser would, with one exception real pages
// need: a byte order mark; else, bytes that are valid UTF-8 and contain
// multi-byte sequences are UTF-8 whatever the page or its Content-Type
// claims (many pages declare windows-1252 or gb2312 and are UTF-8); else the
// label given by the caller; else a <meta charset> near the top; else
// windows-1252, the web's default. Whatever remains invalid becomes U+FFFD,
// and text encoded in UTF-8 twice is read once (see undoDoubleUTF8).
// (A UTF-16 label is read first, when the bytes have the NULs of UTF-16
// text: those are never UTF-8 a page meant.)
func decode(src []byte, label string) ([]byte, error) {
	if len(src) == 0 {
		return nil, nil
	}
	if e, bom := fromBOM(src); e != nil {
		out, err := transform(src[bom:], e)
		if err != nil {
			return nil, err
		}
		return undoDoubleUTF8(out), nil
	}
	if e := utf16Label(src, label); e != nil {
		// Sniffed after decoding: in UTF-16, text has NUL bytes.
		out, err := transform(src, e)
		if err != nil {
			return nil, err
		}
		if notHTML(out) {
			return nil, ErrNotHTML
		}
		return undoDoubleUTF8(out), nil
	}
	if notHTML(src) {
		return nil, ErrNotHTML
	}
	if hasMultiByte(src) && utf8.Valid(src) {
		return undoDoubleUTF8(src), nil
	}
	e := declared(src, label)
	if e == nil {
		return undoDoubleUTF8(validUTF8(src)), nil
	}
	out, err := transform(src, e)
	if err != nil {
		return nil, err
	}
	return undoDoubleUTF8(out), nil
}

// undoDoubleUTF8 repairs text encoded in UTF-8 twice: UTF-8 bytes read as
// Latin-1 and written out again, so that "’" (E2 80 99) became "â" and the
// C1 controls U+0080 and U+0099. A character from U+00C2 to U+00F4 followed
// by the continuations its UTF-8 lead byte asks for, characters from U+0080
// to U+00BF of which one at least is a C1 control (U+0080 to U+009F, which
// no text means: HTML itself reads their references as windows-1252), is
// that character's bytes, and becomes it again; so does "Â" followed by a
// no-break space (U+00C2 U+00A0), a no-break space encoded twice, which
// pages copied from word processors hold between words ("editionÂ of"):
// no word ends in a capital Â before one. Control characters between the
// characters of such a sequence are read through and dropped with it (see
// skipDroppedControls). Other text is untouched. A repair may leave such
// a sequence (a no-break space encoded three times is "Â" and one, read
// once): the text is read again, up to doubleUTF8Passes times, until none
// is left, so that what it gives reads the same.
func undoDoubleUTF8(b []byte) []byte {
	for range doubleUTF8Passes {
		out := undoDoubleUTF8Once(b)
		if len(out) == len(b) {
			break
		}
		b = out
	}
	return b
}

// doubleUTF8Passes is the most times undoDoubleUTF8 reads a text: each
// encoding doubles a character's bytes at least, so that text encoded
// more often than this is no page's.
const doubleUTF8Passes = 8

// undoDoubleUTF8Once is one pass of undoDoubleUTF8.
func undoDoubleUTF8Once(b []byte) []byte {
	// A doubled sequence starts with C3 82..C3 B4 and holds a C2 80..C2 9F,
	// or is C3 82 C2 A0.
	if !bytes.Contains(b, []byte{0xC2}) || bytes.IndexByte(b, 0xC3) < 0 {
		return b
	}
	var out []byte
	last := 0    // b[last:i] is not yet copied to out
	noNBSP := -1 // an "Â" before b[noNBSP] starts no no-break space (nbspRun)
	for i := 0; i+3 < len(b); i++ {
		if b[i] != 0xC3 {
			j := bytes.IndexByte(b[i+1:], 0xC3) // skip to the next candidate
			if j < 0 {
				break
			}
			i += j // the loop's i++ lands on it
			continue
		}
		if b[i+1] < 0x82 || b[i+1] > 0xB4 {
			continue
		}
		if i >= noNBSP {
			j, runEnd := nbspRun(b, i)
			if j > 0 {
				out = append(append(out, b[last:i]...), 0xC2, 0xA0)
				last = j
				i = last - 1
				continue
			}
			// Every "Â" of this run ends at runEnd too: none is one.
			noNBSP = runEnd
		}
		lead := b[i+1] + 0x40 // the Latin-1 character's byte
		n := 2
		switch {
		case lead >= 0xF0:
			n = 4
		case lead >= 0xE0:
			n = 3
		}
		if i+2*n > len(b) {
			continue
		}
		var seq [4]byte
		seq[0] = lead
		c1 := false
		k, j := 1, i+2
		for ; k < n; k++ {
			j = skipDroppedControls(b, j)
			if j+1 >= len(b) || b[j] != 0xC2 || b[j+1] < 0x80 || b[j+1] > 0xBF {
				break
			}
			c1 = c1 || b[j+1] <= 0x9F
			seq[k] = b[j+1]
			j += 2
		}
		if k != n || !c1 {
			continue
		}
		if r, size := utf8.DecodeRune(seq[:n]); r == utf8.RuneError || size != n {
			continue
		}
		out = append(append(out, b[last:i]...), seq[:n]...)
		last = j
		i = last - 1
	}
	if out == nil {
		return b
	}
	return append(out, b[last:]...)
}

// nbspRun returns the end of the no-break space encoded twice or more that
// starts at b[i], "Â" (C3 82) once or more and then C2 A0, or 0 when none
// starts there: the whole run is one no-break space, read in one pass
// however long ("ÂÂ" and a no-break space would else be "Â" and one).
// It also returns where the run of "Â" from b[i] ends: a run followed by
// anything else holds no no-break space from any of its "Â", and the
// caller does not read it again from each (a page of a million "Â" would
// cost their square). Control characters in the run are part of it.
func nbspRun(b []byte, i int) (end, runEnd int) {
	j := i
	for j+1 < len(b) && b[j] == 0xC3 && b[j+1] == 0x82 {
		j = skipDroppedControls(b, j+2)
	}
	if j == i || j+1 >= len(b) || b[j] != 0xC2 || b[j+1] != 0xA0 {
		return 0, j
	}
	return j + 2, j
}

// skipDroppedControls returns the index of the first byte from b[j] on that
// is not a control character the converter drops (dropCodeControls): the
// parser drops a NUL, the writer the others, so that text with one between
// the characters of a sequence encoded twice is written with the sequence
// whole, which reads as its character when converted again. Read through,
// they leave the repair the same on both reads.
func skipDroppedControls(b []byte, j int) int {
	for j < len(b) && isDroppedControl(b[j]) {
		j++
	}
	return j
}

// isDroppedControl reports whether c is a control character that shows
// nothing, not even in code: all but tab, line feed and carriage return.
func isDroppedControl(c byte) bool {
	return c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f
}

// fromBOM returns the encoding named by a byte order mark and its length.
func fromBOM(src []byte) (encoding.Encoding, int) {
	switch {
	case bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF}):
		return encoding.Nop, 3
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), 2
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), 2
	}
	return nil, 0
}

// utf16Label returns the UTF-16 encoding the caller's label names, when the
// bytes can be UTF-16 without a byte order mark: markup in UTF-16 has a NUL
// byte in each ASCII character, and no signature of a binary format.
func utf16Label(src []byte, label string) encoding.Encoding {
	if label == "" || bytes.IndexByte(src, 0) < 0 {
		return nil
	}
	e, name := charset.Lookup(label)
	if (name != "utf-16le" && name != "utf-16be") || http.DetectContentType(src) != "application/octet-stream" {
		return nil
	}
	return e
}

// notHTML reports whether src starts like binary data (an image, an archive,
// a font, or bytes no text contains), using the WHATWG sniffing rules.
func notHTML(src []byte) bool {
	ct := http.DetectContentType(src)
	switch {
	case strings.HasPrefix(ct, "text/"):
		return false
	case strings.HasPrefix(ct, "application/xml"), strings.HasPrefix(ct, "application/json"):
		return false
	case ct == "application/pdf", ct == "application/postscript":
		return true // text formats, whose signatures no page starts with
	}
	// Some signatures are letters a text may start with ("BM" of a bitmap,
	// "ID3" of an MP3, "OTTO" of a font): the data they start is binary, and
	// has bytes no text contains in its first bytes.
	return hasBinaryByte(src[:min(len(src), 512)])
}

// hasBinaryByte reports whether b has a control byte that no text holds, as
// the sniffing rules define them.
func hasBinaryByte(b []byte) bool {
	for _, c := range b {
		if c <= 0x08 || c == 0x0B || 0x0E <= c && c <= 0x1A || 0x1C <= c && c <= 0x1F {
			return true
		}
	}
	return false
}

// hasMultiByte reports whether src has a byte outside ASCII.
func hasMultiByte(src []byte) bool {
	for _, c := range src {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// declared returns the encoding the caller's label or the page itself
// declares, or nil when that is UTF-8 (or a superset of ASCII the bytes do
// not need, for pure ASCII input).
func declared(src []byte, label string) encoding.Encoding {
	var e encoding.Encoding
	var name string
	if label != "" {
		e, name = charset.Lookup(label)
	}
	if e == nil {
		e, name = prescan(src)
		// As in the HTML prescan: a page whose <meta> is readable as ASCII
		// is not UTF-16, and x-user-defined there means windows-1252.
		switch name {
		case "utf-16le", "utf-16be":
			return nil
		case "x-user-defined":
			e, name = charset.Lookup("windows-1252")
		}
	}
	switch {
	case e == nil, name == "utf-8":
		return nil
	case name == "iso-2022-jp":
		// Seven bits: its Japanese is escape sequences of ASCII bytes.
		return e
	case !hasMultiByte(src):
		// Pure ASCII reads the same in every other encoding we would choose.
		return nil
	}
	return e
}

// prescanWindow is how far into the page a <meta charset> is looked for.
// Browsers look at 1024 bytes first and re-decode when they meet a later
// declaration; pages with large inline scripts before their meta exist.
const prescanWindow = 64 << 10

// prescan finds the first <meta charset> or <meta http-equiv=content-type>
// near the top of the page, or returns windows-1252, the default for
// unlabelled pages.
func prescan(src []byte) (encoding.Encoding, string) {
	z := html.NewTokenizer(bytes.NewReader(src[:min(len(src), prescanWindow)]))
	for {
		switch z.Next() {
		case html.ErrorToken:
			e, _ := charset.Lookup("windows-1252")
			return e, "windows-1252"
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "meta" || !hasAttr {
				continue
			}
			var cs, httpEquiv, content string
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "charset":
					cs = string(v)
				case "http-equiv":
					httpEquiv = strings.ToLower(string(v))
				case "content":
					content = string(v)
				}
			}
			if cs == "" && httpEquiv == "content-type" {
				if _, params, err := mime.ParseMediaType(content); err == nil {
					cs = params["charset"]
				}
			}
			if cs == "" {
				continue
			}
			if e, name := charset.Lookup(cs); e != nil {
				return e, name
			}
		}
	}
}

// transform decodes src with e into valid UTF-8.
func transform(src []byte, e encoding.Encoding) ([]byte, error) {
	if e == encoding.Nop {
		return validUTF8(src), nil
	}
	out, err := e.NewDecoder().Bytes(src)
	if err != nil {
		return nil, fmt.Errorf("decode page: %w", err)
	}
	return validUTF8(out), nil
}

// validUTF8 returns b with each run of invalid bytes replaced by U+FFFD,
// without copying b when it is valid already.
func validUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	return bytes.ToValidUTF8(b, []byte("\uFFFD"))
}
