#!/usr/bin/env bash
# End-to-end: affordances-md serve in front of a real Next.js app, and
# headless Chromium showing what a person sees.
#
#   scripts/nextjs.sh [--fresh] [--no-browser]
#
# 1. Installs scripts/nextapp with npm (npm ci, from its lockfile) and builds
#    it with next build, in a cache directory keyed by the app's files and the
#    Node.js version, so an unchanged app is installed and built once.
#    --fresh ignores the cache (and npm's) and starts from nothing, as a new
#    machine would.
# 2. Installs Debian's chromium and chromium-driver with apt-get when they are
#    missing and that is possible (as root); without them the browser tests
#    are skipped. --no-browser skips them on purpose.
# 3. Starts next start on a free loopback port, and runs the Go tests in
#    scripts/e2e against it: they start affordances-md serve in front of it
#    and drive Chromium through chromedriver.
#
# Exits 0 when the tests pass, or when Node.js 20.9+ and npm are not there or
# npm cannot install the app (it says SKIP); non-zero on any failure. Every process it starts is
# stopped on exit. Needs only loopback networking, and the npm registry and
# Debian's packages for installing.
set -euo pipefail

fresh=false
browser=true
for arg in "$@"; do
	case "$arg" in
	--fresh) fresh=true ;;
	--no-browser) browser=false ;;
	*)
		echo "usage: $0 [--fresh] [--no-browser]" >&2
		exit 2
		;;
	esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export PATH="$PATH:/usr/local/go/bin"
export NEXT_TELEMETRY_DISABLED=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

start=$SECONDS
phase_start=$SECONDS
timings=()
phase() { # phase NAME: record the time since the last phase under NAME
	timings+=("$1 $((SECONDS - phase_start))s")
	phase_start=$SECONDS
}

tmp="$(mktemp -d)"
next_pid=""
cleanup() {
	if [[ -n "$next_pid" ]]; then
		# next start runs next-server as a child: stop the group setsid made.
		kill -TERM -- "-$next_pid" 2>/dev/null || true
		wait "$next_pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- Node.js and npm
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "SKIP: Node.js and npm are needed to build the Next.js app, and are not installed"
	exit 0
fi
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a==20&&b>=9)?0:1)'; then
	echo "SKIP: Next.js 16 needs Node.js 20.9 or later; this is $(node --version)"
	exit 0
fi

# --- The app, installed and built once per version of its files
key="$( (cd scripts/nextapp && find . -type f ! -name README.md | LC_ALL=C sort | xargs sha256sum; node --version) | sha256sum | cut -c1-16)"
if $fresh; then
	app="$tmp/nextapp"
	export npm_config_cache="$tmp/npm-cache"
else
	cache="${AFFORDANCES_E2E_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/affordances-md}"
	app="$cache/nextapp-$key"
fi
if [[ -f "$app/.next/BUILD_ID" && -f "$app/.built" ]]; then
	echo "== the app: built before, in $app"
	phase "install+build(cached)"
else
	echo "== the app: npm ci and next build in $app"
	rm -rf "$app"
	mkdir -p "$app"
	cp -R scripts/nextapp/. "$app/"
	# A healthy npm ci takes seconds; one download was once seen to stall for
	# good, and npm ignores SIGTERM while fetching. Bound each try, try thrice
	# (what was downloaded stays in npm's cache, checked by its hash). A
	# registry that cannot be reached is no failure of affordances-md: skip.
	for try in 1 2 3; do
		if (cd "$app" && timeout --kill-after=10 120 npm ci --no-audit --no-fund --loglevel=error); then
			break
		elif [[ $try == 3 ]]; then
			rm -rf "$app"
			echo "SKIP: npm ci could not install the app from the npm registry in three tries of at most 2 minutes"
			exit 0
		fi
		echo "npm ci failed or stalled (try $try); trying again"
	done
	phase "npm-ci"
	(cd "$app" && node_modules/.bin/next build)
	phase "next-build"
	touch "$app/.built"
	if ! $fresh; then # older builds of the app are of no more use
		find "$cache" -mindepth 1 -maxdepth 1 -name 'nextapp-*' ! -name "nextapp-$key" -exec rm -rf {} +
	fi
fi

# --- Chromium and chromedriver
chromium="$(command -v chromium || true)"
chromedriver="$(command -v chromedriver || true)"
if $browser && [[ -z "$chromium" || -z "$chromedriver" ]]; then
	if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
		echo "== installing chromium and chromium-driver (Debian packages)"
		if apt-get -o DPkg::Lock::Timeout=300 update -qq &&
			DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends chromium chromium-driver >"$tmp/apt.log" 2>&1; then
			chromium="$(command -v chromium || true)"
			chromedriver="$(command -v chromedriver || true)"
		else
			tail -5 "$tmp/apt.log" || true
		fi
	fi
	phase "apt-chromium"
fi
if ! $browser; then
	echo "SKIP: the browser tests (--no-browser)"
	chromium="" chromedriver=""
elif [[ -z "$chromium" || -z "$chromedriver" ]]; then
	echo "SKIP: the browser tests: Debian's chromium and chromium-driver are not installed and could not be"
	chromium="" chromedriver=""
fi

# --- next start
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
origin="http://127.0.0.1:$port"
(cd "$app" && exec setsid node_modules/.bin/next start --hostname 127.0.0.1 --port "$port") >"$tmp/next.log" 2>&1 &
next_pid=$!
ready=false
for _ in $(seq 1 150); do
	if ! kill -0 "$next_pid" 2>/dev/null; then
		break
	fi
	if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$origin/csr"; then
		ready=true
		break
	fi
	sleep 0.2
done
if ! $ready; then
	echo "FAIL: next start did not answer on $origin" >&2
	cat "$tmp/next.log" >&2
	exit 1
fi
phase "next-start"

echo "== versions"
echo "go: $(go version)"
echo "node: $(node --version), npm: $(npm --version)"
echo "next: $(node -p "require('$app/node_modules/next/package.json').version"), react: $(node -p "require('$app/node_modules/react/package.json').version"), react-dom: $(node -p "require('$app/node_modules/react-dom/package.json').version")"
if [[ -n "$chromium" ]]; then
	echo "chromium: $("$chromium" --version 2>/dev/null)"
	echo "chromedriver: $("$chromedriver" --version 2>/dev/null)"
fi

# --- the tests
echo "== go test ./scripts/e2e (next start on $origin)"
status=0
AFFORDANCES_E2E_NEXT="$origin" AFFORDANCES_E2E_CHROMEDRIVER="$chromedriver" AFFORDANCES_E2E_CHROMIUM="$chromium" \
	go test -count=1 -timeout 10m -v ./scripts/e2e 2>&1 | tee "$tmp/test.log" || status=$?
phase "tests"

echo "== nextjs.sh: ${timings[*]}; total $((SECONDS - start))s"
if [[ $status != 0 ]]; then
	echo "== the app's log:"
	tail -40 "$tmp/next.log"
fi
exit "$status"
