#!/usr/bin/env bash
# Mutation testing with StrykerJS: each target's source is mutated and its own tests must fail on each mutant.
# Usage: scripts/mutation.sh [server|ratings|knights|tribes ...] (all four by default, smallest first);
# MUTATION_FILES=a.ts,b.ts narrows a run to those files of the target.
# CPU heavy (minutes to an hour per target on two cores): runs at nice 10; not part of `npm test`.
# Scores: reports/mutation/<target>/ (HTML and JSON); the package READMEs give the last measured ones.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(server ratings knights tribes)
for target in "${targets[@]}"; do
  echo "== mutation: $target"
  MUTATION_TARGET="$target" nice -n 10 npx stryker run scripts/mutation/stryker.config.mjs
done
