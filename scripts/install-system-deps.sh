#!/usr/bin/env bash
# System packages the tests need (Debian): Chromium for the browser tests, PostgreSQL and Redis for the
# server's several-process tests, nginx and systemd-analyze for the deployment guide's test. Idempotent:
# installs only what is missing.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql 2>/dev/null)" ] || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# The deployment guide's test (packages/server/src/ops/deployment-guide.test.ts): nginx as the TLS proxy (the
# test runs its own; Debian's policy-rc.d, where present, keeps the package's service from starting) and
# systemd-analyze to verify the unit.
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    # Without a policy-rc.d the package starts its own nginx on port 80: the tests need none of it.
    if [[ " ${missing[*]} " == *" nginx "* ]] && [ -f /run/nginx.pid ]; then /usr/sbin/nginx -s quit || true; fi
  else
    echo "missing: ${missing[*]}: run 'sudo apt-get install ${missing[*]}'" >&2
    exit 1
  fi
fi
