#!/usr/bin/env bash
# Runs every fuzz target of the repository, one after the other, each for
# the given time (default 10m), on one core (-parallel 1), and prints one
# summary line per target: its last progress line (elapsed, execs, new
# interesting) and whether it failed. A failing input is written by go test
# to the package's testdata/fuzz/ directory, where it stays as a test case.
#
#   scripts/fuzz.sh            # every target, 10 minutes each
#   scripts/fuzz.sh 30s FuzzParse FuzzPagePath
#
# Not run by CI: CI runs the seeds and the committed corpus as ordinary tests.
set -uo pipefail
cd "$(dirname "$0")/.."
time=${1:-10m}
shift || true
targets=(
	md:FuzzConvert md:FuzzIdempotent md:FuzzResolveSuspense md:FuzzFormsAndMarkers
	llms:FuzzParse llms:FuzzWriteTxt
	server:FuzzAcceptsMarkdown server:FuzzPagePath server:FuzzRequestTarget
	markers:FuzzMarkdownPath
)
if [ $# -gt 0 ]; then
	want=" $* "
	keep=()
	for t in "${targets[@]}"; do
		[[ $want == *" ${t#*:} "* ]] && keep+=("$t")
	done
	targets=("${keep[@]}")
fi
log=$(mktemp -d)
status=0
for t in "${targets[@]}"; do
	pkg=${t%%:*} name=${t#*:}
	echo "== $pkg $name ($time)"
	before=$(ls "$pkg/testdata/fuzz/$name" 2>/dev/null | wc -l)
	go test "./$pkg" -run '^$' -fuzz "^$name\$" -fuzztime "$time" -parallel 1 -timeout 0 >"$log/$name" 2>&1
	rc=$?
	after=$(ls "$pkg/testdata/fuzz/$name" 2>/dev/null | wc -l)
	last=$(grep -E '^fuzz: elapsed' "$log/$name" | tail -1)
	if [ $rc -ne 0 ] && [ "$after" = "$before" ] && grep -q '^    context deadline exceeded$' "$log/$name"; then
		echo "ok   $pkg $name: $last (ended by Go's fuzztime race, golang/go#75804: no failing input)"
	elif [ $rc -ne 0 ]; then
		status=1
		echo "FAIL $pkg $name: $last"
		grep -vE '^fuzz: elapsed' "$log/$name" | head -40
	else
		echo "ok   $pkg $name: $last"
	fi
done
echo "logs: $log"
exit $status
