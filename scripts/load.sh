#!/usr/bin/env bash
# Load test: affordances-md serve in front of a local origin, on loopback
# only, for a bounded time. Builds both programs, starts the origin
# (internal/cmd/loadtest origin: a ~80 KB documentation page at every
# path) and serve in front of it, then sends Markdown requests for distinct
# pages from many clients at once and reports throughput, latency
# percentiles, errors and serve's peak memory (VmHWM). Fails on any error,
# or when serve's peak memory passes the bound. With -peer, the same load
# then asks for the pages' HTML, which serve passes through untouched: the
# cost of the reverse proxy alone, to compare with.
#
#   scripts/load.sh                      # 64 clients, 30 s
#   scripts/load.sh -peer                # and the HTML pass-through after it
#   scripts/load.sh -c 16 -d 3s          # the short form CI runs
#   scripts/load.sh -page FILE -expect TEXT
set -euo pipefail
cd "$(dirname "$0")/.."

clients=64 duration=30s max_rss_mb=256 page= expect= peer=
while [ $# -gt 0 ]; do
	case $1 in
	-c) clients=$2; shift 2 ;;
	-d) duration=$2; shift 2 ;;
	-max-rss-mb) max_rss_mb=$2; shift 2 ;;
	-page) page=$2; shift 2 ;;
	-expect) expect=$2; shift 2 ;;
	-peer) peer=1; shift ;;
	*) echo "usage: $0 [-c clients] [-d duration] [-max-rss-mb N] [-peer] [-page FILE -expect TEXT]" >&2; exit 2 ;;
	esac
done

. scripts/procs.sh

go build -o "$work/affordances-md" ./cmd/affordances-md
go build -o "$work/loadtest" ./internal/cmd/loadtest

"$work/loadtest" origin -listen 127.0.0.1:0 ${page:+-page "$page"} >"$work/origin.log" 2>&1 &
pids+=($!)
origin=$(wait_for "$work/origin.log" 'http://127\.0\.0\.1:[0-9]*')

"$work/affordances-md" serve --origin "$origin" --listen 127.0.0.1:0 --no-llms 2>"$work/serve.log" &
serve_pid=$!
pids+=("$serve_pid")
listen=$(wait_for "$work/serve.log" 'listen=127\.0\.0\.1:[0-9]*')
front=http://${listen#listen=}

echo "== load: $clients clients for $duration against serve ($front) in front of $origin"
"$work/loadtest" run -url "$front" -clients "$clients" -duration "$duration" \
	-pid "$serve_pid" -max-rss-mb "$max_rss_mb" ${expect:+-expect "$expect"}
echo "serve logged $(grep -c 'msg=markdown' "$work/serve.log" || true) Markdown requests"
if [ -n "$peer" ]; then
	echo "== peer: the same load asking for the pages' HTML, passed through"
	# A page of one's own is only checked to be HTML.
	"$work/loadtest" run -url "$front" -clients "$clients" -duration "$duration" -mode html \
		-pid "$serve_pid" -max-rss-mb "$max_rss_mb" ${page:+-expect "<"}
fi
