#!/usr/bin/env bash
# Orders per second of two builds of Laden on PostgreSQL, alternating A, B, A, B, each on a fresh
# database: 16 shoppers for 20 s (new cart, add-item, checkout), the same load as bench/run.sh.
# Alternating on fresh databases keeps the server's state and the machine's drift out of the
# comparison. Usage: bench/orders-ab.sh <laden binary A> <laden binary B> [rounds, default 2];
# LADEN_AB_DB=sqlite runs them on SQLite instead (a new data folder each run).
set -euo pipefail
cd "$(dirname "$0")/.."
a=$1; b=$2; rounds=${3:-2}
cargo build --release -q -p laden --example load
pg=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
port=18911; pid=; out=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  [ -n "$out" ] && rm -rf "$out"
  psql "$pg" -qc "DROP DATABASE IF EXISTS laden_ab WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
for round in $(seq 1 "$rounds"); do
  for bin in "$a" "$b"; do
    out=$(mktemp -d)
    psql "$pg" -qc "DROP DATABASE IF EXISTS laden_ab WITH (FORCE)" >/dev/null 2>&1 || true
    psql "$pg" -qc "CREATE DATABASE laden_ab" >/dev/null
    db=(--database-url "${pg%/*}/laden_ab")
    [ "${LADEN_AB_DB:-postgres}" = sqlite ] && db=()
    env -u DATABASE_URL LADEN_ADMIN_PASSWORD=Lasttest-2026 LADEN_LOG=warn \
      "$bin" "${db[@]}" --data-dir "$out/data" --addr 127.0.0.1:$port >>"$out/log" 2>&1 &
    pid=$!
    for _ in $(seq 1 6000); do curl -sf -o /dev/null "127.0.0.1:$port/" && break; sleep 0.01; done
    echo "round $round, $bin: $(./target/release/examples/load "http://127.0.0.1:$port" admin@localhost Lasttest-2026 20 16 orders | grep -E '^requests:')"
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
    rm -rf "$out"; out=
  done
done
