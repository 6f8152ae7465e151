#!/usr/bin/env bash
# The whole suite: installs or starts what it needs, builds once, reuses the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Each stage says how long the suite has run so far: CI allows 90 minutes on 2 cores.
step() { printf '\n== %s == [%dm%02ds]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# --- What the suite needs on a fresh Debian machine ---
step "Prerequisites"
need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
# The WooCommerce client's compatibility test puts a TLS proxy (self-signed certificate) in front.
command -v openssl >/dev/null || need_apt+=(openssl)
# pg_dump and pg_restore for `laden backup`/`restore`; nginx for two instances behind one proxy.
{ command -v pg_isready >/dev/null && command -v psql >/dev/null && command -v pg_dump >/dev/null; } || need_apt+=(postgresql-client)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need_apt+=(nginx-light)
if [ ${#need_apt[@]} -gt 0 ]; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# The invoice tests read every PDF back with the Factur-X reference library and Saxon-HE.
if ! python3 -c 'import facturx, saxonche' 2>/dev/null; then
  command -v pip3 >/dev/null || python3 -m pip --version >/dev/null 2>&1 || {
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3-pip >/dev/null
  }
  # Debian's own Python refuses packages beside its own unless told (PEP 668).
  python3 -m pip install --quiet --disable-pip-version-check -r scripts/invoice-check-requirements.txt ||
    python3 -m pip install --quiet --disable-pip-version-check --break-system-packages -r scripts/invoice-check-requirements.txt
fi

# Stripe's stand-in for the payment tests: localstripe, a stateful Stripe test server from PyPI
# that signs its webhooks and serves a Stripe.js stand-in. Started once for the whole suite.
if ! python3 -c 'import localstripe' 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check -r scripts/payments-requirements.txt ||
    python3 -m pip install --quiet --disable-pip-version-check --break-system-packages -r scripts/payments-requirements.txt
fi
stripe_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m localstripe --port "$stripe_port" --from-scratch >/dev/null 2>&1 &
stripe_pid=$!
e2e_data=""
fuzz_pid=""
web_pid=""
cleanup() {
  kill "$stripe_pid" 2>/dev/null || true
  [ -z "$web_pid" ] || kill -- "-$web_pid" 2>/dev/null || true
  # The fuzz run is a process group of its own (setsid): cargo and the fuzz targets go with it.
  [ -z "$fuzz_pid" ] || kill -- "-$fuzz_pid" 2>/dev/null || true
  [ -z "$e2e_data" ] || rm -rf "$e2e_data"
}
trap cleanup EXIT
export LADEN_TEST_STRIPE="http://127.0.0.1:$stripe_port"
python3 -c 'import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(sys.argv[1] + "/js.stripe.com/v3/", timeout=1); break
    except Exception: time.sleep(0.2)' "$LADEN_TEST_STRIPE"

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
pg_hostport=$(printf '%s' "$TEST_DATABASE_URL" | sed -E 's#^postgres(ql)?://([^@/]*@)?([^/:?]+)(:([0-9]+))?.*#\3 \5#')
pg_host=${pg_hostport% *}; pg_port=${pg_hostport#* }; pg_port=${pg_port:-5432}
if ! pg_isready -q -h "$pg_host" -p "$pg_port"; then
  echo "No PostgreSQL answers at $pg_host:$pg_port; starting one."
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >/dev/null
  fi
  version=$(ls /etc/postgresql | sort -V | tail -1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || as_root pg_ctlcluster "$version" main start
  for _ in $(seq 1 30); do pg_isready -q -h "$pg_host" -p "$pg_port" && break; sleep 1; done
  pg_isready -h "$pg_host" -p "$pg_port"
fi

# Each PostgreSQL test creates a laden_t_* database of its own (random names) and leaves it. A run
# leaves some 380; dropped one psql at a time they held up the start by minutes. One session drops
# them all, in the background: earlier runs' now, this run's once its Rust tests are done.
drop_test_databases() {
  psql "$TEST_DATABASE_URL" -Atqc \
    "SELECT format('DROP DATABASE IF EXISTS %I WITH (FORCE);', datname) FROM pg_database WHERE datname LIKE 'laden_t_%'" 2>/dev/null |
    psql "$TEST_DATABASE_URL" -q >/dev/null 2>&1 || true
}
drop_test_databases &
drop_pid=$!

# The fuzz smoke run (10 s per target) builds its own instrumented copy of the stack: some 11 CPU
# minutes. At the lowest priority it uses only what the other stages leave idle (the HTTP tests
# and the browser wait on one core much of the time) and is waited for at the end, instead of a
# stage of its own that held up the rest for 5 to 7 minutes.
# `setsid` gives it a session of its own, and with it (where the kernel groups by session, as
# Debian's does: /proc/sys/kernel/sched_autogroup_enabled) a scheduling group of its own that
# competes with this one as an equal whatever its nice value: it took a third of both cores
# from the Rust build, which rose from 16 to 29 minutes. The group's own nice value is what
# counts there, so the run sets it first.
fuzz_log=$(mktemp)
setsid bash -c '{ echo 19 >/proc/self/autogroup; } 2>/dev/null || true
  exec nice -n 19 bash scripts/fuzz.sh 10' >"$fuzz_log" 2>&1 &
fuzz_pid=$!

# --- Front end: dependencies, types, lint, format, bundles; beside the Rust build ---
# The type checker, ESLint and Vite run mostly on one core, as do rustc's long single-crate steps:
# side by side they fill both. The Rust tests read the bundles, so they wait for this.
step "Web: install, type-check, lint, format, build, size budget (beside the Rust build)"
web_log=$(mktemp)
setsid bash -c 'set -euo pipefail
  make -s web-deps
  cd web
  npx tsc --noEmit -p .
  npx eslint --max-warnings 0 src
  npx prettier --check .
  npx vite build --logLevel warn
  npx vite build --config vite.server.config.ts --logLevel warn
  echo "First-load size budget (JS and CSS, gzip):"
  node scripts/size-budget.mjs' >"$web_log" 2>&1 &
web_pid=$!

# Waits for the web stage and prints its log; stops the suite if it failed. Once only.
finish_web() {
  [ -n "$web_pid" ] || return 0
  local status=0
  wait "$web_pid" || status=$?
  web_pid=""
  cat "$web_log"
  if [ "$status" != 0 ]; then
    echo "The web checks or bundles failed (above)."
    exit 1
  fi
}
# The same, only if the stage has ended already: a failed lint stops the suite early.
web_ended() { [ -z "$web_pid" ] || kill -0 "$web_pid" 2>/dev/null || finish_web; }

# --- Server: lints, unit and HTTP tests on SQLite and PostgreSQL ---
step "Rust: format"
cargo fmt --all --check

# Clippy lints the workspace while the tests build, in the same compilation: clippy-driver as the
# workspace's compiler (what `cargo clippy` runs, in check mode) with its arguments (-D warnings)
# in CLIPPY_ARGS. A separate `cargo clippy --all-targets` compiled every dependency a second time
# (check mode shares nothing with a build) and took as long as the test build itself. Every cargo
# command after this keeps the two variables, or it would build the workspace again.
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
step "Rust: build the tests, linted by clippy (-D warnings)"
cargo test --workspace --no-run --quiet
web_ended

step "Web: waiting for its checks and bundles"
finish_web

step "Rust: tests (SQLite and PostgreSQL)"
cargo test --workspace

# --- The front end's tests, some against the real binary (REST client, @wordpress/api-fetch) ---
wait "$drop_pid" 2>/dev/null || true
drop_test_databases &
drop_pid=$!

step "Web: Vitest"
# `cargo test --workspace` built the binary too (its HTTP tests need it), with the features the
# tests unify: `cargo build -p laden` here would build the whole stack again for laden's own.
export LADEN_E2E_BIN="$root/target/debug/laden"
(cd web && npx vitest run)

# --- Browser: the real binary, the demo shop, Debian's Chromium ---
step "Playwright (Chromium, three viewport bands)"
e2e_data=$(mktemp -d)
export LADEN_E2E_DATA="$e2e_data"
e2e_status=0
(cd web && npx playwright test) || e2e_status=$?
# Clicks the browser refused and a spec then dispatched (page-builder.spec), with the page's state.
if [ -s "$e2e_data/click-refusals.log" ]; then
  echo "Refused clicks:"
  cat "$e2e_data/click-refusals.log"
fi
[ "$e2e_status" = 0 ] || exit "$e2e_status"

wait "$drop_pid" 2>/dev/null || true

step "Fuzz: waiting for the smoke run"
fuzz_status=0
wait "$fuzz_pid" || fuzz_status=$?
fuzz_pid=""
if [ "$fuzz_status" != 0 ]; then
  tail -n 40 "$fuzz_log"
  echo "The fuzz smoke run failed (log above)."
  exit 1
fi
tail -n 12 "$fuzz_log"

step "All tests passed"
