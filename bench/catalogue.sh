#!/usr/bin/env bash
# A catalogue of N products (issues 27 and 65; default 10,000): the import, the Store API list
# with filters from the cache (wrk, 10 s, 32 connections), uncached filtered lists and searches
# (200 sequential requests, each with its own query string, so each is a cache miss: store query
# + JSON), and uncached listing pages as a shopper meets them (HTML with facet counts: the shop
# with a new price range, a category of N/20 products in each sort order, deep pages). SQLite,
# then PostgreSQL. Every load is bounded in count and time. Figures go to stdout; BENCHMARKS.md
# records them.
# Usage: bench/catalogue.sh [N]   (builds the release binary first), e.g. 1000, 10000, 100000
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-10000}
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

# N simple products in 20 categories (below 4 parents), 5 tags, prices 2–80 €, every fifth on
# sale, some sold out; a colour (8) and a size (5) as global attributes, the listings' facets;
# the first 40 a "Jubiläumsedition" (a search whose answer is the same at every size).
python3 - "$out/catalogue.csv" "$size" <<'PY'
import csv, random, sys
random.seed(27)
words = ["Kaffee", "Tee", "Tasse", "Kanne", "Mühle", "Filter", "Dose", "Becher", "Schokolade", "Keks"]
kinds = ["Espresso", "Sencha", "Porzellan", "Glas", "Edelstahl", "Bio", "Classic", "Reise", "Mini", "Gold"]
colours = ["Schwarz", "Weiß", "Rot", "Blau", "Grün", "Gelb", "Grau", "Braun"]
sizes = ["XS", "S", "M", "L", "XL"]
with open(sys.argv[1], "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Type", "SKU", "Name", "Regular price", "Sale price", "Stock", "Categories", "Tags", "Short description",
                "Attribute 1 name", "Attribute 1 value(s)", "Attribute 1 global",
                "Attribute 2 name", "Attribute 2 value(s)", "Attribute 2 global"])
    for i in range(int(sys.argv[2])):
        price = random.randint(200, 8000)
        sale = f"{price * 0.8 / 100:.2f}" if i % 5 == 0 else ""
        stock = 0 if i % 13 == 0 else random.randint(1, 200)
        cat = f"Sortiment {i % 4} > Bereich {i % 20}"
        tags = ", ".join(t for j, t in enumerate(["Bio", "Fair", "Neu", "Vegan", "Geschenk"]) if (i + j) % (j + 2) == 0)
        name = f"{random.choice(words)} {random.choice(kinds)} {i}"
        if i < 40:
            # 40 products at every size: a search whose answer does not grow with the catalogue.
            name += " Jubiläumsedition"
        w.writerow(["simple", f"CAT-{i:06d}", name, f"{price / 100:.2f}", sale, stock, cat, tags, f"{name}: Testartikel.",
                    "Farbe", colours[i % 8], 1, "Größe", sizes[(i // 8) % 5], 1])
PY

# Sorted milliseconds on stdin: p50, p90, p99 and the largest.
stats() {
  sort -n | awk '{ a[NR] = $1 * 1000 } END { printf "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms (n=%d)\n", a[int(NR*0.5)], a[int(NR*0.9)], a[int(NR*0.99)], a[NR], NR }'
}
# Times each path read from stdin, once (a 200 is checked: a page that is not found is no figure).
timed() {
  while read -r path; do
    curl -s -o /dev/null --max-time 30 -w '%{http_code} %{time_total}\n' "127.0.0.1:$port$path"
  done | awk '$1 != 200 { bad++ } { print $2 } END { if (bad) print bad " answers were not 200" > "/dev/stderr" }' | stats
}

filtered="/wp-json/wc/store/v1/products?per_page=20&min_price=1000&max_price=3000&stock_status=instock&on_sale=true&tag=bio"
for db in sqlite postgres; do
  rm -rf "$out/data"; mkdir -p "$out/data"
  url=""
  if [ $db = postgres ]; then
    psql "$pg" -qc "DROP DATABASE IF EXISTS laden_catalogue WITH (FORCE)" >/dev/null 2>&1 || true
    psql "$pg" -qc "CREATE DATABASE laden_catalogue" >/dev/null
    url="${pg%/*}/laden_catalogue"
  fi
  echo; echo "======== $db, $size products ========"
  t0=$(date +%s%3N)
  DATABASE_URL="$url" LADEN_NO_DEMO=1 timeout 1800 ./target/release/laden --data-dir "$out/data" import "$out/catalogue.csv" | tail -1
  echo "import of $size rows: $(( $(date +%s%3N) - t0 )) ms"
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
    echo "/wp-json/wc/store/v1/products?per_page=20&min_price=$lo&max_price=$(( lo + 2500 ))&stock_status=instock&on_sale=true&orderby=price&bench=$i"
  done | timed
  echo "### uncached search on the catalogue (200 sequential)"
  for i in $(seq 1 200); do
    echo "/wp-json/wc/store/v1/products?per_page=20&search=tassen%20porzellan&bench=$i"
  done | timed
  echo "### uncached search with an answer of one size at every catalogue size (40 products; 200 sequential)"
  for i in $(seq 1 200); do
    echo "/wp-json/wc/store/v1/products?per_page=20&search=jubil%C3%A4um&bench=$i"
  done | timed
  echo "### /shop/ page 1 with a new price range (HTML with facet counts; 30 sequential)"
  for i in $(seq 1 30); do
    lo=$(( 2 + i )); echo "/shop/?min_price=$lo&max_price=$(( lo + 20 ))"
  done | timed
  echo "### a category of $(( size / 20 )) products, page 1, each sort order (5 each)"
  for order in menu_order price price-desc date popularity rating; do
    printf '%-11s ' "$order"
    for i in $(seq 1 5); do echo "/produkt-kategorie/bereich-$i/?orderby=$order"; done | timed
  done
  echo "### deep /shop/ pages (30 sequential, spread over the catalogue's $(( size / 12 )) pages)"
  for i in $(seq 1 30); do echo "/shop/page/$(( i * size / 12 / 31 + 2 ))/"; done | timed
  echo "server RSS after the run: $(( $(awk '/VmRSS/ { print $2 }' /proc/$pid/status) / 1024 )) MB"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
