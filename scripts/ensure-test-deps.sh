#!/usr/bin/env bash
# Makes sure what the test suite talks to is present: Debian's Chromium for Playwright and the
# PostgreSQL server on 127.0.0.1:5432. Installs or starts them when it can (as root), else says what is missing.
set -euo pipefail

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "[test] installing Debian chromium for the browser tests"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "[test] /usr/bin/chromium is missing: install Debian's chromium package" >&2
    exit 1
  fi
fi

pg_up() { (echo > /dev/tcp/127.0.0.1/5432) >/dev/null 2>&1; }
if ! pg_up; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    echo "[test] starting the local PostgreSQL server"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || { echo "[test] PostgreSQL is not reachable on 127.0.0.1:5432" >&2; exit 1; }
fi
