#!/usr/bin/env bash
# Orders per second paid by card through Stripe against orders by Vorkasse, same build, same
# machine, alternating on fresh SQLite data folders: 16 shoppers for 20 s (new cart, add-item,
# checkout; for a card also the card token, as Stripe.js makes one). Stripe is its test server
# localstripe (installed by make test from PyPI), started here on a free port; a card order
# waits for Laden's two calls to it (create and confirm the PaymentIntent), so the card figure
# is bounded by that single-process Python server, not by Stripe. So the script also prints the
# CPU time Laden itself spent per order (from /proc), the figure that compares the two paths.
# localstripe is started afresh for each run (its state grows and slows it). A card order is
# paid at once and so gets its invoice (PDF and XML) at once, a Vorkasse order only when the
# transfer arrives: LOAD_INVOICES=never compares the two without invoices.
# Usage: bench/payments.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
cargo build --release -q -p laden --bin laden --example load
port=18921; sport=18922; pid=; spid=; out=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  [ -n "$spid" ] && kill "$spid" 2>/dev/null
  [ -n "$out" ] && rm -rf "$out"
  true
}
trap cleanup EXIT
# CPU seconds a process has used (user + system), from /proc.
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat"; }
for round in $(seq 1 "$rounds"); do
  for how in bacs card; do
    python3 -m localstripe --port $sport --from-scratch >/dev/null 2>&1 &
    spid=$!
    for _ in $(seq 1 500); do curl -sf -o /dev/null "127.0.0.1:$sport/js.stripe.com/v3/" && break; sleep 0.02; done
    out=$(mktemp -d)
    env -u DATABASE_URL LADEN_ADMIN_PASSWORD=Lasttest-2026 LADEN_LOG=warn \
      LADEN_STRIPE_SECRET_KEY=sk_test_load LADEN_STRIPE_PUBLISHABLE_KEY=pk_test_load \
      LADEN_STRIPE_WEBHOOK_SECRET=whsec_load LADEN_STRIPE_API_BASE="http://127.0.0.1:$sport" \
      ./target/release/laden --data-dir "$out/data" --addr 127.0.0.1:$port >>"$out/log" 2>&1 &
    pid=$!
    for _ in $(seq 1 6000); do curl -sf -o /dev/null "127.0.0.1:$port/" && break; sleep 0.01; done
    echo "round $round, $how:"
    before=$(cpu "$pid")
    LOAD_STRIPE="http://127.0.0.1:$sport" LOAD_STRIPE_PK=pk_test_load LOAD_INVOICES="${LOAD_INVOICES:-paid}" \
      ./target/release/examples/load "http://127.0.0.1:$port" admin@localhost Lasttest-2026 20 16 orders "$how" | tee "$out/load"
    orders=$(sed -nE 's/.*orders: ([0-9]+) .*/\1/p' "$out/load")
    used=$(awk -v a="$before" -v b="$(cpu "$pid")" 'BEGIN { printf "%.2f", b - a }')
    echo "Laden CPU: $used s for $orders orders, $(awk -v u="$used" -v n="$orders" 'BEGIN { printf "%.2f", 1000 * u / n }') ms per order"
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
    kill "$spid"; wait "$spid" 2>/dev/null || true; spid=
    rm -rf "$out"; out=
  done
done
