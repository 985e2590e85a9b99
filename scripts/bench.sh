#!/usr/bin/env bash
# Runs the speed benchmarks of BENCHMARKS.md side by side with their peers, in
# one run, on one core, and prints MB/s and the ratios the speed targets are set in.
#
#   scripts/bench.sh            # Go benchmarks, plus the Node.js peers when npm works
#   RUNS=5 scripts/bench.sh
#
# Needs the shared corpora (AFFORDANCES_SHARED, default ../shared); without
# them the benchmarks skip and there is nothing to report.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "== Go: md.Convert, html-to-markdown v2, html.Parse (one core, ${runs} runs each)"
go test ./md -run '^$' -bench '^BenchmarkCorpus$' -cpu 1 -benchtime "${runs}x" -count 1 | tee "$out/go.txt"
echo "== Go: exact token counts beside tiktoken-go"
go test ./md -run '^$' -bench '^BenchmarkTokens' -cpu 1 -benchtime "${runs}x" -count 1 | tee "$out/tokens.txt"

mbs() { awk -v name="$1" '$1 ~ name { for (i = 1; i <= NF; i++) if ($(i+1) == "MB/s") { print $i; exit } }' "$2"; }
ours=$(mbs 'BenchmarkCorpus/affordances-md' "$out/go.txt")
h2m=$(mbs 'BenchmarkCorpus/html-to-markdown' "$out/go.txt")
parse=$(mbs 'BenchmarkCorpus/html.Parse' "$out/go.txt")
if [ -z "$ours" ]; then
  echo "no figures: the corpora are missing (set AFFORDANCES_SHARED)"; exit 0
fi

peers=""
shared=${AFFORDANCES_SHARED:-$(cd .. && pwd)/shared}
if command -v node >/dev/null && command -v npm >/dev/null; then
  echo "== Node.js peers: turndown (+gfm), mdream"
  (cd "$out" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent \
      turndown@7.2.5 turndown-plugin-gfm@1.0.2 mdream@1.7.2 >/dev/null 2>&1) || echo "npm install failed: no Node.js peers"
  # mdream's native engine is an optional dependency that npm skips on
  # Node.js 20 (it asks for 22, and runs on 20): install it by name.
  (cd "$out" && npm install --no-audit --no-fund --silent "@mdream/rust-$(node -p 'process.platform + "-" + process.arch')-gnu@1.7.2" >/dev/null 2>&1) || true
  if [ -d "$out/node_modules/mdream" ]; then
    mkdir -p "$out/corpora"
    for c in wcxb-dev-sample readability defuddle; do tar xzf "$shared/corpora/$c.tgz" -C "$out/corpora"; done
    find "$out/corpora" -name source.html | sort > "$out/pages.txt"
    cp scripts/peers/bench.mjs "$out/"
    (cd "$out" && node bench.mjs "$runs" < pages.txt) | tee "$out/node.txt"
    peers=yes
  fi
fi

echo
echo "== Ratios"
awk -v o="$ours" -v h="$h2m" -v p="$parse" 'BEGIN {
  printf "md.Convert %.1f MB/s = %.2fx html-to-markdown v2 (%.1f MB/s), %.0f%% of html.Parse (%.1f MB/s)\n", o, o/h, h, 100*o/p, p }'
if [ -n "$peers" ]; then
  while read -r name rate; do
    awk -v o="$ours" -v n="$name" -v r="$rate" 'BEGIN { printf "md.Convert = %.2fx %s (%.1f MB/s)\n", o/r, n, r }'
  done < "$out/node.txt"
fi
awk '/BenchmarkTokens/ && /MB\/s/ { for (i = 1; i <= NF; i++) if ($(i+1) == "MB/s") print $1, $i, "MB/s" }' "$out/tokens.txt"
