#!/usr/bin/env bash
# Product page (cache hit) and /wp-json/wc/store/v1/products next to nginx serving a saved copy
# of the same page, in the same run, with wrk on loopback. Bounded: each load runs 10 s.
# Usage: bench/run.sh   (builds the release binary and the web app first; figures go to stdout)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null; }
make -s web release >/dev/null
out=$(mktemp -d)
port=18901; nport=18902
./target/release/laden --data-dir "$out/data" --addr 127.0.0.1:$port >"$out/laden.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; [ -f "$out/nginx.pid" ] && kill $(cat "$out/nginx.pid") 2>/dev/null; rm -rf "$out"' EXIT
for _ in $(seq 1 300); do curl -sf "127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
slug=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=1" | sed -E 's/.*"permalink":"[^"]*\/produkt\/([^/"]+)\/".*/\1/')
page="/produkt/$slug/"
mkdir -p "$out/www/produkt/$slug"
curl -s "127.0.0.1:$port$page" -o "$out/www/produkt/$slug/index.html"
cat >"$out/nginx.conf" <<CONF
worker_processes 1;
pid $out/nginx.pid;
error_log $out/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; default_type text/html;
  server { listen 127.0.0.1:$nport; root $out/www; location / { try_files \$uri \$uri/index.html =404; } } }
CONF
nginx -c "$out/nginx.conf"
sleep 0.5
run() { echo "### $1"; wrk -t2 -c32 -d10s --latency "$2" | grep -E "Requests/sec|Latency |99%"; }
run "nginx, saved copy of $page" "http://127.0.0.1:$nport$page"
run "laden, $page (cache hit)" "http://127.0.0.1:$port$page"
run "laden, /wp-json/wc/store/v1/products?per_page=20" "http://127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=20"
echo "### laden RSS after the runs: $(ps -o rss= -p $pid) KiB"
