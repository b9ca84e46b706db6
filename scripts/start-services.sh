#!/usr/bin/env bash
# Starts the PostgreSQL and Redis the server's tests use (127.0.0.1:5432 with trust and a `test` database,
# 127.0.0.1:6379), if they are not answering already. Idempotent; never stops or restarts a running one.
set -euo pipefail
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  version=$(ls /etc/postgresql | sort -n | tail -1)
  hba=/etc/postgresql/$version/main/pg_hba.conf
  # The tests connect as postgres without a password over TCP: trust on the loopback address only.
  if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -q -h 127.0.0.1 -p 5432 || { echo "PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }
if [ -z "$(psql -h 127.0.0.1 -U postgres -Atc "SELECT 1 FROM pg_database WHERE datname = 'test'")" ]; then
  psql -h 127.0.0.1 -U postgres -qc 'CREATE DATABASE test'
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null || { echo "Redis does not answer on 127.0.0.1:6379" >&2; exit 1; }
