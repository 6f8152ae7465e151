#!/usr/bin/env bash
# Where a cached product page's time goes: the release binary on the demo shop (SQLite) under
# `wrk -t2 -c32` for 10 s, sampled by `perf` for 6 s of it; prints the entries with the most
# samples of their own (self time, by symbol). Usage: bench/profile.sh [wrk header, e.g. 'Accept-Encoding: br']
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v wrk >/dev/null || need+=(wrk)
command -v perf >/dev/null || need+=(linux-perf)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
make -s web release >/dev/null
out=$(mktemp -d); port=18931; pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$out"' EXIT
LADEN_LOG=${LADEN_LOG:-warn} LADEN_ADMIN_PASSWORD=Profil-2026 ./target/release/laden --data-dir "$out/data" --addr 127.0.0.1:$port >"$out/laden.log" 2>&1 &
pid=$!
for _ in $(seq 1 3000); do curl -sf -o /dev/null "127.0.0.1:$port/" && break; sleep 0.1; done
slug=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["permalink"].rstrip("/").rsplit("/", 1)[1])')
url="http://127.0.0.1:$port/produkt/$slug/"
curl -s -o /dev/null "$url"
args=(); [ $# -gt 0 ] && args=(-H "$1")
wrk -t2 -c32 -d10s "${args[@]}" "$url" >"$out/wrk.txt" &
wpid=$!
sleep 2
perf record -q -F 999 -p "$pid" -o "$out/perf.data" -- sleep 6 2>/dev/null
wait $wpid
grep -E "Requests/sec" "$out/wrk.txt"
perf report -q -i "$out/perf.data" --stdio --no-children --sort symbol --percent-limit 0.7 2>/dev/null | grep -v '^$' | head -40
