#!/usr/bin/env bash
# Issue 30's target: making 1,000 invoices takes at most 10 s on this machine kind. Places
# 1,000 orders (not timed), then issues each invoice (number, kept document, own transaction)
# and makes and keeps its PDF/A-3 with the EN 16931 XML, one after another, on SQLite and on
# PostgreSQL. Figures go to stdout; BENCHMARKS.md records them.
# Usage: bench/invoices.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
pg=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
out=$(mktemp -d)
cleanup() {
  psql "$pg" -qc "DROP DATABASE IF EXISTS laden_bench_invoices WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$out"
}
trap cleanup EXIT
cargo build --release -q -p laden --example invoices
echo "== SQLite"
target/release/examples/invoices "sqlite://$out/invoices.db" "$n"
echo "== PostgreSQL"
psql "$pg" -qc "DROP DATABASE IF EXISTS laden_bench_invoices WITH (FORCE)" >/dev/null 2>&1
psql "$pg" -qc "CREATE DATABASE laden_bench_invoices" >/dev/null
target/release/examples/invoices "${pg%/*}/laden_bench_invoices" "$n"
