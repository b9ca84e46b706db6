#!/usr/bin/env bash
# System packages the tests need (Debian): Chromium for the browser tests, PostgreSQL and Redis for the
# server's several-process tests. Idempotent: installs only what is missing.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql 2>/dev/null)" ] || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "missing: ${missing[*]}: run 'sudo apt-get install ${missing[*]}'" >&2
    exit 1
  fi
fi
