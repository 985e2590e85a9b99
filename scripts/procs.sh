# Sourced by the scripts that start local processes (load.sh,
# nginx-cache.sh): a work directory, the processes started (append their
# PIDs to pids), stopped and removed on exit, and wait_for.

work=$(mktemp -d)
pids=()
cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

# wait_for FILE PATTERN: the first match of PATTERN in FILE, within 10 s.
wait_for() {
	for _ in $(seq 100); do
		if m=$(grep -o -m1 "$2" "$1" 2>/dev/null); then echo "$m"; return 0; fi
		sleep 0.1
	done
	echo "timed out waiting for $2 in $1:" >&2
	cat "$1" >&2
	return 1
}
