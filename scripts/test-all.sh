#!/usr/bin/env bash
# The whole test suite: lint, typecheck, pure tests, database tests on both engines (embedded PGlite and
# the PostgreSQL server), then the built app served for real and driven over HTTP and in a browser,
# once per engine. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm install --no-audit --no-fund
bash scripts/ensure-test-deps.sh

export PG_ADMIN_URL="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
REPORTS="$(mktemp -d)"
run_vitest() { # name, args...
  local name="$1"; shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile="$REPORTS/$name.json"
}

echo "== lint"; npm run -s lint
echo "== format"; npm run -s format:check
echo "== typecheck"; npm run -s typecheck
echo "== exports"; npm run -s check:exports
echo "== pure tests"; run_vitest pure --project pure
echo "== database tests on PGlite"; TEST_DB=pglite run_vitest db-pglite --project db --no-file-parallelism
echo "== database tests on PostgreSQL"; TEST_DB=postgres run_vitest db-postgres --project db --no-file-parallelism

echo "== build"; npx next build >"$REPORTS/build.log" 2>&1 || { tail -50 "$REPORTS/build.log"; exit 1; }

SERVER_PID=""
DB_NAME=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; fi
  if [ -n "$DB_NAME" ]; then psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE)" >/dev/null 2>&1 || true; DB_NAME=""; fi
}
trap stop_server EXIT

for engine in pglite postgres; do
  # A port the OS says is free: a fixed or random one may belong to another service on the machine.
  port="$(node_modules/.bin/tsx tests/free-port.ts)"
  data_dir="$(mktemp -d)"
  if [ "$engine" = postgres ]; then
    DB_NAME="rbs_e2e_$$_$RANDOM"
    psql "$PG_ADMIN_URL" -qc "CREATE DATABASE \"$DB_NAME\"" >/dev/null
    db_url="postgres://postgres@127.0.0.1:5432/$DB_NAME"
  else
    db_url=""
  fi
  echo "== serving the built app on port $port ($engine)"
  # The next binary itself, not npx: its PID is then the server, so stop_server leaves no orphan behind.
  # BOOKING_TEST_CLOCK: booking's clock can be moved per account through DATA_DIR (tests only).
  DATABASE_URL="$db_url" DATA_DIR="$data_dir" PORT="$port" NODE_ENV=production LOG_LEVEL=warn BOOKING_TEST_CLOCK=true \
    node_modules/.bin/next start -p "$port" >"$REPORTS/server-$engine.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$REPORTS/server-$engine.log"; exit 1; }
    sleep 1
  done
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null || { echo "server did not become ready"; cat "$REPORTS/server-$engine.log"; exit 1; }
  export BASE_URL="http://127.0.0.1:$port" DATA_DIR="$data_dir" DATABASE_URL="$db_url" TEST_DB="$engine"
  echo "== API tests over HTTP ($engine)"
  run_vitest "api-$engine" --project api --no-file-parallelism || { tail -80 "$REPORTS/server-$engine.log"; exit 1; }
  echo "== browser tests ($engine)"
  npx playwright test || { tail -80 "$REPORTS/server-$engine.log"; exit 1; }
  unset DATABASE_URL
  stop_server
done

node scripts/summarize-tests.mjs "$REPORTS"
