#!/usr/bin/env bash
# Server-render speed of the front end: first renders (cache misses: store reads + the render in
# QuickJS) of a product, a category and the home page, 300 sequential requests each with a new
# query string (a new cache key), on SQLite with the demo shop; the release binary; one run.
# Usage: bench/render.sh [web dist dir ...]   (default: web/dist; several dirs are measured in
# turn against the same binary and database, e.g. two builds of the front end side by side)
set -euo pipefail
cd "$(dirname "$0")/.."
make -s web release >/dev/null
dirs=("$@"); [ ${#dirs[@]} -gt 0 ] || dirs=(web/dist)
out=$(mktemp -d); port=18931; pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$out"' EXIT
miss_times() { # $1: path
  for i in $(seq 1 300); do curl -s -o /dev/null -w '%{time_total}\n' "127.0.0.1:$port$1?render=$i"; done | sort -n |
    awk '{ a[NR] = $1 * 1000 } END { printf "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms (n=%d)\n", a[int(NR*0.5)], a[int(NR*0.9)], a[int(NR*0.99)], a[NR], NR }'
}
for dir in "${dirs[@]}"; do
  LADEN_LOG=warn ./target/release/laden --data-dir "$out/data" --addr 127.0.0.1:$port --web-dir "$dir" >>"$out/laden.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do curl -sf -o /dev/null "127.0.0.1:$port/healthz" && break; sleep 1; done
  product=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=1" | python3 -c 'import json, sys; print("/" + json.load(sys.stdin)[0]["permalink"].split("/", 3)[3])')
  category=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products/categories" | python3 -c 'import json, sys; print("/produkt-kategorie/" + json.load(sys.stdin)[0]["slug"] + "/")')
  echo "## $dir"
  for path in "$product" "$category" /; do
    curl -s -o /dev/null "127.0.0.1:$port$path?warm"   # the render threads have loaded the bundle
    printf '%-40s %s\n' "$path" "$(miss_times "$path")"
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
