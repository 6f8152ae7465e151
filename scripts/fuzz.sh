#!/usr/bin/env bash
# Fuzz targets (fuzz/fuzz_targets): the CSV importer, the Cookie header, query parameters and the
# page-builder JSON validator. `scripts/fuzz.sh` runs each for a bounded smoke run (default 15 s,
# the corpus first); `scripts/fuzz.sh 3600` fuzzes each for an hour. Uses cargo-fuzz (installed
# when missing) on the stable toolchain (RUSTC_BOOTSTRAP lets it pass libFuzzer's -Z flags).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-15}
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null || cargo install --quiet --locked cargo-fuzz
# Without a sanitizer the smoke run builds fast; longer runs may add `--sanitizer address`.
sanitizer=${FUZZ_SANITIZER:-none}
cargo fuzz build --sanitizer "$sanitizer" --dev 2>&1 | grep -v "^\s*Compiling" || true
for target in csv_import cookies query_params page_json; do
  mkdir -p "corpus/$target" "artifacts/$target"
  echo "fuzz: $target (${seconds} s)"
  cargo fuzz run --sanitizer "$sanitizer" --dev "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=2048 -print_final_stats=0 2>&1 | tail -n 3
done
