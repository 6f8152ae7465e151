#!/usr/bin/env bash
# Laden next to nginx serving a saved copy of the same page, in the same run, with wrk on
# loopback (the load generator shares the 2 cores). Every load is bounded: wrk runs 10 s,
# the order runs 20 s. Figures go to stdout; BENCHMARKS.md records them.
# Usage: bench/run.sh   (builds the release binary and the web app first; LADEN_BENCH_PEERS=0
# leaves nginx and WordPress out, e.g. to compare two builds of Laden)
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v wrk >/dev/null || need+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
make -s web release >/dev/null
cargo build --release -q -p laden --example load
pg=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
out=$(mktemp -d); pid=
chmod 755 "$out"   # nginx's workers (nobody) read the saved copy below it
wp_dir="$out/wp"; mkdir -p "$wp_dir"
. bench/wordpress.sh
port=18901; nport=18902
cleanup() {
  wordpress_down
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  [ -f "$out/nginx.pid" ] && kill "$(cat "$out/nginx.pid")" 2>/dev/null
  psql "$pg" -qc "DROP DATABASE IF EXISTS laden_bench WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$out"
}
trap cleanup EXIT
ms() { date +%s%3N; }
start() { # $1: DATABASE_URL or empty; sets pid, and took: milliseconds from start to the first answered page
  local t0; t0=$(ms)
  DATABASE_URL="$1" LADEN_ADMIN_PASSWORD=Lasttest-2026 LADEN_LOG=${LADEN_LOG:-warn} \
    ./target/release/laden --data-dir "$out/data" --addr 127.0.0.1:$port >>"$out/laden.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 30000); do curl -sf -o /dev/null "127.0.0.1:$port/" && break; sleep 0.01; done
  took=$(( $(ms) - t0 ))
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=; }
wrk_run() { # $1: label, then wrk arguments
  local label=$1; shift
  echo "### $label"
  wrk -t2 -c32 -d10s --latency "$@" | grep -E "requests in|Requests/sec|Latency |50%|99%|Non-2xx|Socket errors" || true
}
miss_times() { # $1: path; 200 sequential first renders (a new query string each time is a new cache key)
  for i in $(seq 1 200); do curl -s -o /dev/null -w '%{time_total}\n' "127.0.0.1:$port$1?bench=$i"; done | sort -n |
    awk '{ a[NR] = $1 * 1000 } END { printf "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms (n=%d)\n", a[int(NR*0.5)], a[int(NR*0.9)], a[int(NR*0.99)], NR }'
}

for db in sqlite postgres; do
  rm -rf "$out/data"
  url=""
  if [ $db = postgres ]; then
    psql "$pg" -qc "DROP DATABASE IF EXISTS laden_bench WITH (FORCE)" >/dev/null 2>&1 || true
    psql "$pg" -qc "CREATE DATABASE laden_bench" >/dev/null
    url="${pg%/*}/laden_bench"
  fi
  echo; echo "======== $db ========"
  start "$url"; echo "first start (imports the demo shop): $took ms"
  stop
  start "$url"; echo "### start-up to the first answered page, demo database imported: $took ms"
  slug=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["permalink"].rstrip("/").rsplit("/", 1)[1])')
  page="/produkt/$slug/"
  curl -s -o /dev/null "127.0.0.1:$port$page"
  if [ $db = sqlite ] && [ "${LADEN_BENCH_PEERS:-1}" = 1 ]; then
    # The same bytes for nginx: the page as Laden sends it, and Laden's own brotli and gzip copies.
    www="$out/www/produkt/$slug"; mkdir -p "$www"
    curl -s "127.0.0.1:$port$page" -o "$www/index.html"
    curl -s -H 'Accept-Encoding: gzip' "127.0.0.1:$port$page" -o "$www/index.html.gz"
    curl -s -H 'Accept-Encoding: br' "127.0.0.1:$port$page" -o "$www/index.html.br"
    echo "page: $(stat -c %s "$www/index.html") bytes, gzip $(stat -c %s "$www/index.html.gz"), brotli $(stat -c %s "$www/index.html.br")"
    for workers in 1 auto; do
      cat >"$out/nginx.conf" <<CONF
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes $workers;
pid $out/nginx.pid;
error_log $out/nginx-error.log;
events { worker_connections 1024; }
# As operators run it: Debian's defaults (sendfile, tcp_nopush), a high keep-alive limit, no
# access log; the pre-compressed copies served as they are (gzip_static, brotli_static).
http { access_log off; default_type text/html; sendfile on; tcp_nopush on; keepalive_requests 100000;
  gzip_static on; brotli_static on;
  server { listen 127.0.0.1:$nport; root $out/www; index index.html; } }
CONF
      nginx -c "$out/nginx.conf"
      sleep 0.5
      wrk_run "nginx (worker_processes $workers), saved copy of $page, identity" "http://127.0.0.1:$nport$page"
      wrk_run "nginx (worker_processes $workers), brotli" -H 'Accept-Encoding: br' "http://127.0.0.1:$nport$page"
      wrk_run "nginx (worker_processes $workers), gzip" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$nport$page"
      kill "$(cat "$out/nginx.pid")"; sleep 0.5
    done
    rm -f "$out/nginx.pid"
    # WordPress 6.1 (Debian) with a page holding the same product's name, texts and picture.
    curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=1" | python3 -c "$(cat <<'PY'
import html, json, sys
p = json.load(sys.stdin)[0]
print("<h1>" + html.escape(p["name"]) + "</h1>")
for img in p["images"][:1]:
    print('<img src="%s" srcset="%s" width="%d" height="%d" alt="">' % (img["src"], img["srcset"], img["width"], img["height"]))
print(p["short_description"])
print(p["description"])
PY
)" >"$out/wp-body.html"
    wp_page=$(wordpress_up 18903 "$out/wp-body.html")
    wrk_run "WordPress 6.1 (Debian, PHP-FPM, 4 workers), a page with the same product text" "http://127.0.0.1:18903$wp_page"
    wordpress_down
  fi
  wrk_run "laden, $page (cache hit), identity" "http://127.0.0.1:$port$page"
  wrk_run "laden, $page (cache hit), brotli" -H 'Accept-Encoding: br' "http://127.0.0.1:$port$page"
  wrk_run "laden, $page (cache hit), gzip" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port$page"
  etag=$(curl -sI "127.0.0.1:$port$page" | awk 'tolower($1) == "etag:" { print $2 }' | tr -d '\r')
  wrk_run "laden, $page revalidated (304 Not Modified)" -H "If-None-Match: $etag" "http://127.0.0.1:$port$page"
  if [ $db = sqlite ]; then
    # What the request log costs: the same hit with the default log (a line per request, info).
    stop; LADEN_LOG=info start "$url"
    curl -s -o /dev/null "127.0.0.1:$port$page"
    wrk_run "laden, $page (cache hit), identity, default request log on" "http://127.0.0.1:$port$page"
    echo "request log lines written: $(grep -c 'finished processing request' "$out/laden.log")"
    stop; start "$url"; curl -s -o /dev/null "127.0.0.1:$port$page"
  fi
  echo "### laden, $page first render (cache miss: store reads + server render)"
  miss_times "$page"
  wrk_run "laden, /wp-json/wc/store/v1/products?per_page=20" "http://127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=20"
  id=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=100" | python3 -c 'import json, sys; print(next(p["id"] for p in json.load(sys.stdin) if p["type"] == "simple" and p["is_in_stock"]))')
  wrk_run "laden, /wp-json/wc/store/v1/products/$id (one product)" "http://127.0.0.1:$port/wp-json/wc/store/v1/products/$id"
  cat >"$out/add.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"id":$id,"quantity":1}'
wrk.headers["Content-Type"] = "application/json"
LUA
  wrk_run "laden, POST cart/add-item (a new visitor's cart each time)" -s "$out/add.lua" "http://127.0.0.1:$port/wp-json/wc/store/v1/cart/add-item"
  echo "### laden, orders only (16 shoppers, 20 s: new cart, add-item, checkout)"
  ./target/release/examples/load "http://127.0.0.1:$port" admin@localhost Lasttest-2026 20 16 orders
  echo "### laden RSS after the runs: $(( $(ps -o rss= -p "$pid") / 1024 )) MB"
  stop
done
