#!/usr/bin/env bash
# Installs and starts what the test suite needs beyond Node.js, on a Debian machine, idempotently:
# - chromium (Debian's package) for the browser tests, driven by playwright-core;
# - PostgreSQL, started if installed and stopped, installed if absent, and reachable as the `postgres` role on
#   127.0.0.1 without a password, which is where the suite's PostgreSQL tests connect by default
#   (REFEREE_TEST_PG; they never skip). Each test makes and drops a schema of its own in `postgres`.
# - Dovecot (Debian's dovecot-imapd and dovecot-lmtpd), installed if absent and never started as a service:
#   the mail tests start a private instance of their own (test/support/mail-servers.ts).
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v chromium >/dev/null || apt_install chromium

# The package's own service may fail to start (no init system on a CI machine, port 143 taken): that is no
# failure here, since the tests never use it; policy-rc.d 101 tells Debian's scripts not to start it at all.
if [ ! -x /usr/sbin/dovecot ]; then
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
    as_root chmod +x "$policy"
    policy_added=1
    trap 'as_root rm -f "$policy"' EXIT
  fi
  apt_install dovecot-imapd dovecot-lmtpd || [ -x /usr/sbin/dovecot ]
  if [ -n "${policy_added:-}" ]; then as_root rm -f "$policy"; trap - EXIT; fi
  as_root service dovecot stop >/dev/null 2>&1 || true
fi
test -x /usr/sbin/dovecot

if ! command -v pg_ctlcluster >/dev/null; then apt_install postgresql; fi
cluster_version() { ls /etc/postgresql | sort -n | tail -1; }
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  as_root pg_ctlcluster --skip-systemctl-redirect "$(cluster_version)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432

# Debian's pg_hba.conf asks for a password on TCP (scram-sha-256) and the postgres role has none. On a CI
# machine, let the postgres role in from 127.0.0.1 alone without one: a trust line placed first (the first
# matching line wins), added once, then a reload. Skipped when REFEREE_TEST_PG names another server, or when
# the tests can already connect (as on a machine set up with trust).
test_pg=${REFEREE_TEST_PG:-postgres://postgres@127.0.0.1:5432/postgres}
can_connect() { psql "$test_pg" -w -qAtc 'SELECT 1' >/dev/null 2>&1; }
if ! can_connect && [ -z "${REFEREE_TEST_PG:-}" ]; then
  hba=/etc/postgresql/$(cluster_version)/main/pg_hba.conf
  trust='host all postgres 127.0.0.1/32 trust # nomic-referee CI: the tests connect as postgres on loopback'
  if ! as_root grep -qxF "$trust" "$hba"; then
    as_root sed -i "1i $trust" "$hba"
  fi
  as_root pg_ctlcluster --skip-systemctl-redirect "$(cluster_version)" main reload
fi
if ! can_connect; then
  echo "ci-services: cannot connect to $test_pg without a password" >&2
  exit 1
fi
