#!/usr/bin/env bash
# Installs and starts what the test suite needs beyond Node.js, on a Debian machine, idempotently:
# - chromium (Debian's package) for the browser tests, driven by playwright-core;
# - PostgreSQL, started if installed and stopped, installed if absent, with a `referee_test` database that
#   the local `postgres` role can reach on 127.0.0.1 (the suite's PostgreSQL tests never skip).
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v chromium >/dev/null || apt_install chromium

if ! command -v pg_ctlcluster >/dev/null; then apt_install postgresql; fi
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  version=$(ls /etc/postgresql | sort -n | tail -1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432
