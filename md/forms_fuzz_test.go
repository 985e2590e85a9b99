package md_test

import (
	"strings"
	"testing"

	"github.com/affordances/affordances-md/md"
)

// FuzzFormsAndMarkers converts arbitrary pages built around forms and
// markers: no panic, and a value planted in every control never shows.
func FuzzFormsAndMarkers(f *testing.F) {
	for _, s := range []string{
		`<form><label>A <input name=a></label><select><optgroup label=g><option>x</select></form>`,
		`<table><form id=f><tr><td><input name=q form=f><fieldset disabled><legend><input type=checkbox></legend></fieldset>`,
		`<div hidden><affordances-md mode=only><affordances-md mode=main><label for=x>L</label><input id=x aria-labelledby="x y"><span id=y>Y</span>`,
		`<ul><li><input type=checkbox><form><li><input type=radio name=r><input type=radio name=r form=nope>`,
		`<affordances-md mode=text md="*x*"><form><input></form></affordances-md><p data-affordances-md=text md=y block><textarea>t</textarea>`,
		`<form><fieldset><legend>A</legend><fieldset><legend>B</legend><input type=checkbox name=c><input type=checkbox name=d></fieldset></fieldset></form>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		// Give every control the planted value, then check it never shows.
		const planted = "qzxplantedqzx"
		page = strings.NewReplacer("<input", "<input value="+planted+" ",
			"<textarea>", "<textarea>"+planted, "<option", "<option value="+planted+" ").Replace(page)
		if strings.Contains(strings.ReplaceAll(page, "value="+planted, ""), "qzxplanted") {
			return // the page itself shows it
		}
		for _, mode := range []md.ExtractMode{md.ExtractAuto, md.ExtractScore, md.ExtractNone} {
			res, err := md.Convert([]byte(page), md.Options{Extract: mode})
			if err != nil {
				return
			}
			if strings.Contains(res.Markdown, "qzxplanted") {
				t.Fatalf("extract %s: the planted value shows:\n%s\n---\n%s", mode, page, res.Markdown)
			}
		}
	})
}
