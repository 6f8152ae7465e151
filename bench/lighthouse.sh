#!/usr/bin/env bash
# Lighthouse (npm `lighthouse`, mobile preset: a mid-range phone on a throttled 4G link) with
# Debian's Chromium against the release binary on the demo shop: home, a category, a product.
# Prints the performance score, LCP, CLS and TBT of each, and the accessibility score with the
# audits that cost points (issue 28 asks for 100). Usage: bench/lighthouse.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/chromium ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
make -s web release >/dev/null
(cd bench && npm ci --no-audit --no-fund --silent)
out=$(mktemp -d); port=18921; pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$out"' EXIT
LADEN_LOG=warn ./target/release/laden --data-dir "$out/data" --addr 127.0.0.1:$port >"$out/laden.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do curl -sf -o /dev/null "127.0.0.1:$port/" && break; sleep 1; done
product=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products?per_page=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["permalink"].split("/", 3)[3])')
category=$(curl -s "127.0.0.1:$port/wp-json/wc/store/v1/products/categories" | python3 -c 'import json, sys; print("produkt-kategorie/" + json.load(sys.stdin)[0]["slug"] + "/")')
echo "| page | score | LCP | CLS | TBT | accessibility |"
echo "|---|---:|---:|---:|---:|---:|"
for path in "" "$category" "$product"; do
  url="http://127.0.0.1:$port/$path"
  curl -s -o /dev/null "$url"   # the cache is warm, as for any visitor after the first
  CHROME_PATH=/usr/bin/chromium bench/node_modules/.bin/lighthouse "$url" --quiet --only-categories=performance,accessibility \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking" \
    --output=json --output-path="$out/report.json" >/dev/null 2>&1 || { echo "| /$path | lighthouse failed | | | | |"; continue; }
  python3 - "$out/report.json" "/$path" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
a = r["audits"]
a11y = r["categories"]["accessibility"]
failed = [ref["id"] for ref in a11y["auditRefs"] if ref["weight"] > 0 and (a[ref["id"]].get("score") is not None and a[ref["id"]]["score"] < 1)]
print(f'| {sys.argv[2]} | {round(r["categories"]["performance"]["score"] * 100)} | {a["largest-contentful-paint"]["numericValue"] / 1000:.2f} s | {a["cumulative-layout-shift"]["numericValue"]:.3f} | {a["total-blocking-time"]["numericValue"]:.0f} ms | {round(a11y["score"] * 100)}{" (" + ", ".join(failed) + ")" if failed else ""} |')
PY
done
