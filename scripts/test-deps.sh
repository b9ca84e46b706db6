#!/usr/bin/env bash
# Before `npm test` does minutes of work: what the browser tests need (Debian's Chromium) is there, or is
# installed now where this user can (root with apt-get: scripts/install-system-deps.sh, as CI does), or the
# run stops at once with the command to run.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "npm test: Chromium (for the browser tests) is missing: installing Debian's chromium..." >&2
  bash scripts/install-system-deps.sh
  [ -x "$chromium_path" ] && exit 0
fi
cat >&2 <<MSG
npm test: the browser tests need Chromium at $chromium_path, and it is not there.
  On Debian or Ubuntu:  sudo bash scripts/install-system-deps.sh   (or: sudo apt-get install chromium)
  Elsewhere: install Chromium and run with CHROMIUM_PATH=/path/to/chromium npm test
Stopped before any check ran.
MSG
exit 1
