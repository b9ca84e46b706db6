#!/usr/bin/env bash
# System packages the tests need (Debian): Chromium for the browser tests. Idempotent.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: run 'sudo apt-get install chromium'" >&2
    exit 1
  fi
fi
