#!/usr/bin/env bash
# A real shared cache in front of affordances-md serve: nginx with
# proxy_cache, on loopback, in front of serve, in front of a local site
# (internal/cmd/cachecheck origin). Checks (internal/cmd/cachecheck check)
# that a public page's Markdown is cached and that Vary: Accept keeps a
# page's HTML and Markdown apart at one URL, whichever is cached first; and
# that Markdown asked for with a session cookie or a bearer token, or of a
# page that sets a cookie or is private, is never served from the cache to
# another client; and that a request with a forged Host or
# X-Forwarded-Proto, sent before or together with real ones, leaves no
# Markdown with its links for other clients. Exits non-zero when a check
# fails.
#
# nginx (Debian's package) is installed with apt-get when it is missing and
# this runs as root; otherwise the script says why it skips and exits 0.
#
# The nginx configuration is a plain one, with no rule of its own for
# cookies or credentials: the Markdown's own headers must be enough. (A
# site behind a cache usually also adds proxy_cache_bypass for requests with
# credentials, so signed-in users are not served the public copy; that is
# about their seeing their own page, not about privacy.)
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
	echo "SKIP nginx-cache: $*"
	exit 0
}

nginx=$(command -v nginx || true)
[ -z "$nginx" ] && [ -x /usr/sbin/nginx ] && nginx=/usr/sbin/nginx
if [ -z "$nginx" ]; then
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
		skip "nginx is not installed, and installing it needs root and apt-get"
	fi
	echo "== installing nginx (Debian package) with apt-get"
	log=$(mktemp)
	install() { DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -q --no-install-recommends nginx >>"$log" 2>&1; }
	if ! install && ! { timeout 300 apt-get update -q >>"$log" 2>&1 && install; }; then
		tail -5 "$log"
		skip "nginx could not be installed"
	fi
	nginx=$(command -v nginx || echo /usr/sbin/nginx)
fi
echo "== $("$nginx" -v 2>&1)"

. scripts/procs.sh

go build -o "$work/affordances-md" ./cmd/affordances-md
go build -o "$work/cachecheck" ./internal/cmd/cachecheck

"$work/cachecheck" origin 127.0.0.1:0 >"$work/origin.log" 2>&1 &
pids+=($!)
origin=$(wait_for "$work/origin.log" 'http://127\.0\.0\.1:[0-9]*')

"$work/affordances-md" serve --origin "$origin" --listen 127.0.0.1:0 --no-llms 2>"$work/serve.log" &
pids+=($!)
listen=$(wait_for "$work/serve.log" 'listen=127\.0\.0\.1:[0-9]*')
serve=${listen#listen=}

port=$("$work/cachecheck" freeport)
mkdir -p "$work/nginx"
user=
[ "$(id -u)" = 0 ] && user="user root;" # the workers write the cache in $work
cat >"$work/nginx/nginx.conf" <<CONF
$user
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
	access_log $work/nginx/access.log;
	client_body_temp_path $work/nginx/client_body;
	proxy_temp_path $work/nginx/proxy_temp;
	fastcgi_temp_path $work/nginx/fastcgi_temp;
	uwsgi_temp_path $work/nginx/uwsgi_temp;
	scgi_temp_path $work/nginx/scgi_temp;
	proxy_cache_path $work/nginx/cache levels=1:2 keys_zone=pages:1m max_size=64m inactive=10m use_temp_path=off;
	server {
		listen 127.0.0.1:$port;
		location / {
			proxy_pass http://$serve;
			proxy_http_version 1.1;
			proxy_set_header Host \$http_host;
			proxy_cache pages;
			add_header X-Cache-Status \$upstream_cache_status always;
		}
	}
}
CONF
"$nginx" -p "$work/nginx" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" &
pids+=($!)
for _ in $(seq 100); do
	(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
	sleep 0.1
done

echo "== nginx on 127.0.0.1:$port (proxy_cache) -> serve on $serve -> site on $origin"
if ! timeout 120 "$work/cachecheck" check "http://127.0.0.1:$port"; then
	echo "-- nginx error log"; tail -20 "$work/nginx/error.log" || true
	echo "-- serve log"; tail -20 "$work/serve.log" || true
	exit 1
fi
