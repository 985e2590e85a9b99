// Usage: NODE_ENV=production node render.js <version> [outfile]
// Renders a fixed component tree with react-dom/server renderToPipeableStream
// from v/<version>/node_modules beside this script and writes the complete streamed HTML
// (all chunks concatenated, exactly as sent) plus a chunk timeline (.chunks.json).
'use strict';
const path = require('path');
const fs = require('fs');
const { Writable } = require('stream');

const version = process.argv[2];
if (!version) throw new Error('usage: node render.js <version> [outfile]');
const mode = process.env.NODE_ENV === 'production' ? 'prod' : 'dev';
const base = path.join(__dirname, 'v', version, 'node_modules');
const React = require(path.join(base, 'react'));
const { renderToPipeableStream } = require(path.join(base, 'react-dom/server'));
const h = React.createElement;
const { Suspense } = React;
const major = parseInt(React.version, 10);

// --- tiny suspense cache: read(key, ms, value|Error) ---------------------------
const cache = new Map();
function read(key, ms, value) {
  let e = cache.get(key);
  if (!e) {
    e = { status: 'pending' };
    e.promise = new Promise((res) => setTimeout(() => {
      if (value instanceof Error) { e.status = 'rejected'; e.error = value; }
      else { e.status = 'fulfilled'; e.value = value; }
      res();
    }, ms));
    cache.set(key, e);
  }
  if (e.status === 'fulfilled') return e.value;
  if (e.status === 'rejected') throw e.error;
  throw e.promise; // works in 18 and 19
}

function Delayed({ id, ms, children }) {
  read(id, ms, true);
  return children;
}
function ThrowLater({ ms }) {
  read('throw-later', ms, new Error('Boom after ' + ms + 'ms'));
  return h('p', null, 'unreachable');
}
function ThrowNow() {
  throw new Error('Boom during shell render');
}

const bigParas = [];
for (let i = 0; i < 100; i++) {
  bigParas.push(h('p', { key: i }, 'Big boundary paragraph ' + i +
    ' - lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam.'));
}

function App() {
  return h('html', { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Fizz fixture ' + React.version)),
    h('body', null,
      h('h1', null, 'Shell heading'),
      h('p', null, 'Shell paragraph before boundaries.'),
      // 1. completes synchronously -> inlined <!--$-->..<!--/$--> in the shell
      h(Suspense, { fallback: h('p', null, 'Loading instant...') },
        h('p', { id: 'instant' }, 'Instant boundary content.')),
      // 2. boundary A: two suspending children without their own boundary
      //    (-> partial segments + $RS) and a nested boundary B resolving later.
      h(Suspense, { fallback: h('p', { className: 'fb' }, 'Loading A...') },
        h('section', { id: 'a' },
          h('h2', null, 'Section A'),
          h(Delayed, { id: 'a1', ms: 100 }, h('p', null, 'A part 1 (100ms).')),
          h('p', null, 'A static text between parts.'),
          h(Delayed, { id: 'a2', ms: 250 }, h('p', null, 'A part 2 (250ms).')),
          h(Suspense, { fallback: h('p', { className: 'fb' }, 'Loading nested B...') },
            h(Delayed, { id: 'b', ms: 450 },
              h('div', { id: 'b' }, h('h3', null, 'Nested B'), h('p', null, 'B content (450ms).')))))),
      // 3. boundary C: errors after suspending -> $RX late (client render)
      h(Suspense, { fallback: h('p', { className: 'fb' }, 'Loading C (will error)...') },
        h(ThrowLater, { ms: 150 })),
      // 4. boundary D: errors during the shell -> <!--$!--><template data-dgst...>
      h(Suspense, { fallback: h('p', { className: 'fb' }, 'Loading D (errored in shell)...') },
        h(ThrowNow)),
      // 5. boundary E: delayed, contains a precedence stylesheet (React 19: $RR)
      h(Suspense, { fallback: h('p', { className: 'fb' }, 'Loading E...') },
        h(Delayed, { id: 'e', ms: 200 },
          h('div', { id: 'e' },
            major >= 19 ? h('link', { rel: 'stylesheet', href: 'e.css', precedence: 'default' }) : null,
            h('p', null, 'E content with stylesheet (200ms).')))),
      // 6. big boundary completing synchronously (>12.8KB; React 19.2 outlines it)
      h(Suspense, { fallback: h('p', { className: 'fb' }, 'Loading big...') },
        h('div', { id: 'big' }, bigParas)),
      // 7. table context: pending boundary inside <tbody> (segment container is <table hidden><tbody>)
      h('table', null, h('tbody', null,
        h('tr', null, h('td', null, 'row 0')),
        h(Suspense, { fallback: h('tr', null, h('td', null, 'Loading rows...')) },
          h(Delayed, { id: 'rows', ms: 120 },
            h('tr', null, h('td', null, 'row 1 (120ms)')),
            h('tr', null, h('td', null, 'row 2 (120ms)')))))),
      h('p', null, 'Shell footer.')));
}

const out = process.argv[3] || path.join(__dirname, 'out', version + (process.env.EXTERNAL_RUNTIME ? '.extrt' : '') + (mode === 'dev' ? '.dev' : '') + '.html');
fs.mkdirSync(path.dirname(out), { recursive: true });
const chunks = [];
const t0 = Date.now();
const sink = new Writable({
  write(chunk, enc, cb) { chunks.push({ t: Date.now() - t0, s: chunk.toString('utf8') }); cb(); },
});
sink.on('finish', () => {
  fs.writeFileSync(out, chunks.map((c) => c.s).join(''));
  fs.writeFileSync(out.replace(/\.html$/, '.chunks.json'), JSON.stringify(chunks, null, 1));
  console.error(`${React.version} ${mode}: ${chunks.length} chunks -> ${out}`);
});
let digestN = 0;
// EXTERNAL_RUNTIME=1 -> instructions as <template data-rxi/data-rci/data-rri/data-rsi> (experimental builds only)
const extra = process.env.EXTERNAL_RUNTIME ? { unstable_externalRuntimeSrc: 'react-dom-server-external-runtime.js' } : {};
const stream = renderToPipeableStream(h(App), {
  ...extra,
  onShellReady() { stream.pipe(sink); },
  onShellError(e) { console.error('shell error', e); process.exitCode = 1; },
  onError(err) { return 'digest-' + (++digestN); }, // return value becomes data-dgst / $RX digest
});
