#!/usr/bin/env bash
# Filtered product lists on a 10,000-product catalogue (issue 27): the Store API list with filters
# from the cache (wrk, 10 s, 32 connections), and uncached filtered queries (200 sequential
# requests, each with its own query string, so each is a cache miss: store query + JSON).
# SQLite, then PostgreSQL. Every load is bounded. Figures go to stdout; BENCHMARKS.md records them.
# Usage: bench/catalogue.sh   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
cargo build --release -q -p laden
pg=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
out=$(mktemp -d); pid=
port=18911
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  psql "$pg" -qc "DROP DATABASE IF EXISTS laden_catalogue WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$out"
}
trap cleanup EXIT

# 10,000 simple products in 20 categories, 5 tags, prices 2–80 €, every fifth on sale, some sold out.
python3 - "$out/catalogue.csv" <<'PY'
import csv, random, sys
random.seed(27)
words = ["Kaffee", "Tee", "Tasse", "Kanne", "Mühle", "Filter", "Dose", "Becher", "Schokolade", "Keks"]
kinds = ["Espresso", "Sencha", "Porzellan", "Glas", "Edelstahl", "Bio", "Classic", "Reise", "Mini", "Gold"]
with open(sys.argv[1], "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Type", "SKU", "Name", "Regular price", "Sale price", "Stock", "Categories", "Tags", "Short description"])
    for i in range(10000):
        price = random.randint(200, 8000)
        sale = f"{price * 0.8 / 100:.2f}" if i % 5 == 0 else ""
        stock = 0 if i % 13 == 0 else random.randint(1, 200)
        cat = f"Sortiment {i % 4} > Bereich {i % 20}"
        tags = ", ".join(t for j, t in enumerate(["Bio", "Fair", "Neu", "Vegan", "Geschenk"]) if (i + j) % (j + 2) == 0)
        name = f"{random.choice(words)} {random.choice(kinds)} {i}"
        w.writerow(["simple", f"CAT-{i:05d}", name, f"{price / 100:.2f}", sale, stock, cat, tags, f"{name}: Testartikel."])
PY

filtered="/wp-json/wc/store/v1/products?per_page=20&min_price=1000&max_price=3000&stock_status=instock&on_sale=true&tag=bio"
for db in sqlite postgres; do
  rm -rf "$out/data"; mkdir -p "$out/data"
  url=""
  if [ $db = postgres ]; then
    psql "$pg" -qc "DROP DATABASE IF EXISTS laden_catalogue WITH (FORCE)" >/dev/null 2>&1 || true
    psql "$pg" -qc "CREATE DATABASE laden_catalogue" >/dev/null
    url="${pg%/*}/laden_catalogue"
  fi
  echo; echo "======== $db ========"
  t0=$(date +%s%3N)
  DATABASE_URL="$url" LADEN_NO_DEMO=1 ./target/release/laden --data-dir "$out/data" import "$out/catalogue.csv" | tail -1
  echo "import of 10,000 rows: $(( $(date +%s%3N) - t0 )) ms"
  DATABASE_URL="$url" LADEN_ADMIN_PASSWORD=Lasttest-2026 LADEN_LOG=warn LADEN_NO_DEMO=1 \
    ./target/release/laden --data-dir "$out/data" --addr 127.0.0.1:$port >>"$out/laden.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 3000); do curl -sf -o /dev/null "127.0.0.1:$port/healthz" && break; sleep 0.01; done
  echo "products matching the filter: $(curl -s -D - -o /dev/null "127.0.0.1:$port$filtered" | grep -i '^x-wp-total' | tr -d '\r')"
  echo "### cached filtered list: $filtered"
  wrk -t2 -c32 -d10s --latency "http://127.0.0.1:$port$filtered" | grep -E "Requests/sec|Latency |50%|99%|Non-2xx|Socket errors" || true
  echo "### uncached filtered lists (200 sequential, a new query each: store query + JSON)"
  for i in $(seq 1 200); do
    lo=$(( (i * 37) % 5000 ))
    curl -s -o /dev/null -w '%{time_total}\n' "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=20&min_price=$lo&max_price=$(( lo + 2500 ))&stock_status=instock&on_sale=true&orderby=price&bench=$i"
  done | sort -n | awk '{ a[NR] = $1 * 1000 } END { printf "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms (n=%d)\n", a[int(NR*0.5)], a[int(NR*0.9)], a[int(NR*0.99)], NR }'
  echo "### uncached search on the catalogue (200 sequential)"
  for i in $(seq 1 200); do
    curl -s -o /dev/null -w '%{time_total}\n' "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=20&search=tassen%20porzellan&bench=$i"
  done | sort -n | awk '{ a[NR] = $1 * 1000 } END { printf "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms (n=%d)\n", a[int(NR*0.5)], a[int(NR*0.9)], a[int(NR*0.99)], NR }'
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
