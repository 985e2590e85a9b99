package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// chromiumFlags are the flags headless Chromium is started with. Without
// the background-networking ones Chromium keeps trying to reach Google's
// services, which a machine without a network refuses.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu",
	"--disable-background-networking", "--disable-component-update",
	"--disable-sync", "--no-first-run",
	// A fixed viewport and pixel ratio, so two screenshots of the same
	// page are the same pixels.
	"--window-size=1024,1400", "--force-device-scale-factor=1", "--hide-scrollbars",
}

// browser is a headless Chromium driven through chromedriver's W3C
// WebDriver HTTP API: enough of it to open a page, run a script in it and
// take a screenshot.
type browser struct {
	t       *testing.T
	session string // the session's URL, http://127.0.0.1:PORT/session/ID
	client  *http.Client
}

// startBrowser starts chromedriver and a Chromium session, both stopped
// when the test ends. It skips the test when the environment names no
// chromedriver or Chromium.
func startBrowser(t *testing.T) *browser {
	t.Helper()
	driver := need(t, envChromedriver)
	chromium := need(t, envChromium)
	dir := t.TempDir()
	port := freePort(t)
	cmd := exec.Command(driver, "--port="+port, "--log-path="+filepath.Join(dir, "chromedriver.log"))
	if err := cmd.Start(); err != nil {
		t.Fatalf("start chromedriver: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	b := &browser{t: t, client: &http.Client{Timeout: 60 * time.Second}}
	base := "http://127.0.0.1:" + port

	deadline := time.Now().Add(30 * time.Second)
	for {
		var status struct {
			Ready bool `json:"ready"`
		}
		if err := b.call("GET", base+"/status", nil, &status); err == nil && status.Ready {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromedriver did not get ready; its log is %s", filepath.Join(dir, "chromedriver.log"))
		}
		time.Sleep(100 * time.Millisecond)
	}

	args := append(chromiumFlags[:len(chromiumFlags):len(chromiumFlags)], "--user-data-dir="+filepath.Join(dir, "profile"))
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"browserName":        "chrome",
		"goog:chromeOptions": map[string]any{"binary": chromium, "args": args},
	}}}
	var created struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call("POST", base+"/session", caps, &created); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "chromedriver.log"))
		t.Fatalf("start Chromium: %v\n%s", err, tail(log, 2000))
	}
	b.session = base + "/session/" + created.SessionID
	t.Cleanup(func() { b.call("DELETE", b.session, nil, nil) })
	return b
}

// Version returns the browser's name and version, as it reports them.
func (b *browser) Version() string {
	return b.EvalString("return navigator.userAgent")
}

// Open loads url and waits for its load event.
func (b *browser) Open(url string) {
	b.t.Helper()
	if err := b.call("POST", b.session+"/url", map[string]string{"url": url}, nil); err != nil {
		b.t.Fatalf("open %s: %v", url, err)
	}
}

// Eval runs script, a function body, in the page with args, and decodes
// what it returns into out.
func (b *browser) Eval(out any, script string, args ...any) {
	b.t.Helper()
	if args == nil {
		args = []any{}
	}
	if err := b.call("POST", b.session+"/execute/sync", map[string]any{"script": script, "args": args}, out); err != nil {
		b.t.Fatalf("script %q: %v", script, err)
	}
}

// EvalString is Eval for a script that returns a string.
func (b *browser) EvalString(script string, args ...any) string {
	b.t.Helper()
	var s string
	b.Eval(&s, script, args...)
	return s
}

// Settled returns document.body.innerText once it has stopped changing:
// the same three times in a row, 200 ms apart, within 15 s. A streamed
// page keeps changing after its load event while React reveals the
// boundaries it has batched.
func (b *browser) Settled() string {
	b.t.Helper()
	var last string
	same := 0
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		s := b.EvalString("return document.readyState === 'complete' ? document.body.innerText : null")
		if s != "" && s == last {
			if same++; same == 2 {
				return s
			}
			continue
		}
		last, same = s, 0
	}
	b.t.Fatalf("the page's text did not settle in 15 s; last:\n%s", last)
	return ""
}

// WaitText waits until the page's text holds s, for up to 15 s, and
// returns the text.
func (b *browser) WaitText(s string) string {
	b.t.Helper()
	var text string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if text = b.EvalString("return document.body.innerText"); strings.Contains(text, s) {
			return text
		}
	}
	b.t.Fatalf("%q did not show in 15 s; the page's text:\n%s", s, text)
	return ""
}

// Screenshot returns the viewport as an image, and saves it as name.png
// in the directory AFFORDANCES_E2E_SHOTS names, when it names one.
func (b *browser) Screenshot(name string) image.Image {
	b.t.Helper()
	var s string
	if err := b.call("GET", b.session+"/screenshot", nil, &s); err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	if dir := os.Getenv(envShots); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), raw, 0o644); err != nil {
			b.t.Errorf("save screenshot: %v", err)
		}
	}
	return img
}

// call sends one WebDriver command and decodes its value into out (when
// not nil). A WebDriver error answer is returned as an error.
func (b *browser) call(method, url string, body, out any) error {
	var rd io.Reader
	if body != nil {
		j, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return err
	}
	var envelope struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &envelope); err != nil {
		return fmt.Errorf("%s %s: %s: %s", method, url, resp.Status, tail(raw, 500))
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error   string `json:"error"`
			Message string `json:"message"`
		}
		json.Unmarshal(envelope.Value, &e)
		return fmt.Errorf("%s %s: %s: %s: %s", method, url, resp.Status, e.Error, firstLine(e.Message))
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(envelope.Value, out)
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// diffPixels counts the pixels that differ between a and b, and reports
// whether they have the same size at all.
func diffPixels(a, b image.Image) (n int, sameSize bool) {
	if a.Bounds() != b.Bounds() {
		return 0, false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n, true
}
