#!/usr/bin/env bash
# `npm test`'s checks that are not tests: type-check, import circles, lint, format and the web app's build.
# Each is one single-threaded process that only reads the sources (tsc has noEmit; the build writes
# packages/web/dist, which eslint, prettier and dpdm ignore), so they run at the same time instead of one
# after another: on 2 cores about half the wall time. Each one's output is kept and printed whole, in this
# fixed order, after all have ended, then one line naming every check that failed; the exit status is
# non-zero if any failed, as the chain of `&&` it replaces.
set -uo pipefail
cd "$(dirname "$0")/.."
checks=(typecheck circles lint format:check build:web)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
start=$SECONDS
pids=()
for c in "${checks[@]}"; do
  (
    s=$SECONDS
    npm run "$c" >"$out/$c.log" 2>&1
    status=$?
    echo "$status $((SECONDS - s))" >"$out/$c.status"
    exit "$status"
  ) &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
failed=()
for c in "${checks[@]}"; do
  read -r status secs <"$out/$c.status" 2>/dev/null || { status=killed; secs=?; }
  if [ "$status" = 0 ]; then mark=ok; else mark="FAILED (exit $status)"; failed+=("$c"); fi
  echo "--- npm run $c: $mark, ${secs} s"
  cat "$out/$c.log"
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "npm test: failed: ${failed[*]} (the checks ran together in $((SECONDS - start)) s; their output is above)" >&2
  exit 1
fi
echo "npm test: checks passed in $((SECONDS - start)) s (${checks[*]}, together)"
