// Converts every page named on standard input (one path a line) with the
// JavaScript peers of affordances-md, on one thread, and prints one line per
// peer: "name MB/s" (the median of the runs), as the Go benchmarks do.
//
//   node bench.mjs RUNS < pages.txt
//
// It is run by scripts/bench.sh, which installs the peers in a temporary
// directory; nothing of theirs is kept in this repository.
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import TurndownService from 'turndown'
import { gfm } from 'turndown-plugin-gfm'
import { htmlToMarkdown } from 'mdream'

const runs = Number(process.argv[2] || 3)
const pages = readFileSync(0, 'utf8').split('\n').filter(Boolean).map((p) => readFileSync(p, 'utf8'))
const bytes = pages.reduce((n, p) => n + Buffer.byteLength(p), 0)

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' })
turndown.use(gfm)

const peers = {
  turndown: (html) => turndown.turndown(html),
  mdream: (html) => htmlToMarkdown(html),
}

for (const [name, convert] of Object.entries(peers)) {
  const rates = []
  for (let r = 0; r < runs; r++) {
    const start = performance.now()
    for (const p of pages) {
      try {
        convert(p)
      } catch {
        // a page a peer cannot convert still counts its bytes: it is the
        // peer's failure, not a speed-up
      }
    }
    rates.push(bytes / 1e6 / ((performance.now() - start) / 1000))
  }
  rates.sort((a, b) => a - b)
  console.log(`${name} ${rates[Math.floor(rates.length / 2)].toFixed(1)}`)
}
