#!/usr/bin/env bash
# Browse + cart + checkout traffic against the release binary for a bounded time (default 60 s,
# 16 shoppers), on SQLite and then on PostgreSQL; prints errors (must be 0) and latency
# percentiles per step. Usage: bench/load.sh [SECONDS] [SHOPPERS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shoppers=${2:-16}
make -s web release >/dev/null
cargo build --release -q -p laden --example load
pg=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
out=$(mktemp -d); pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; psql "$pg" -qc "DROP DATABASE IF EXISTS laden_bench WITH (FORCE)" >/dev/null 2>&1; rm -rf "$out"' EXIT
run() { # $1: label, $2: DATABASE_URL or empty
  local port=18911 data="$out/data-$1"
  DATABASE_URL="$2" LADEN_ADMIN_PASSWORD=Lasttest-2026 LADEN_LOG=warn \
    ./target/release/laden --data-dir "$data" --addr 127.0.0.1:$port >"$out/laden-$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do curl -sf "127.0.0.1:$port/healthz" >/dev/null && break; sleep 1; done
  echo "### $1"
  ./target/release/examples/load "http://127.0.0.1:$port" admin@localhost Lasttest-2026 "$seconds" "$shoppers"
  echo "laden RSS after the run: $(( $(ps -o rss= -p $pid) / 1024 )) MB"
  kill $pid; wait $pid 2>/dev/null || true; pid=
}
run sqlite ""
psql "$pg" -qc "DROP DATABASE IF EXISTS laden_bench WITH (FORCE)" >/dev/null 2>&1 || true
psql "$pg" -qc "CREATE DATABASE laden_bench" >/dev/null
run postgres "${pg%/*}/laden_bench"
