#!/usr/bin/env bash
# The validation suite on whole phones: every case's phone also holds N other apps with
# background work (default 10) and Apple's maintenance. Prints the scorecard, then fits
# the scheduler constants of scheduler-constants.yaml to it (about 7 minutes on 2 cores).
# Usage: experiments/fits/whole-phone-suite.sh [N] [OUT]   (after a release build)
# CASES (default: every case, e.g. "P1 V1 S2"), OWNERS (default: each case's) and DRAWS
# (default: the fit file's) make it smaller, as CI runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-10}
out=${2:-notebooks-data/whole-phone-fit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/suite"
for f in experiments/validation/*.yaml; do
  sed "s/^scenario:\$/scenario:\n  other_apps: {background_active: $n}/" "$f" >"$work/suite/$(basename "$f")"
done
sed "s#suite: ../validation#suite: $work/suite#" experiments/fits/scheduler-constants.yaml >"$work/fit.yaml"
# The same cases and owners for the fit as for the scorecard.
[ -z "${CASES:-}" ] || sed -i "s/^targets:\$/targets:\n  cases: [$(echo $CASES | sed 's/ /, /g')]/" "$work/fit.yaml"
[ -z "${OWNERS:-}" ] || sed -i "s/^targets:\$/targets:\n  owners: $OWNERS/" "$work/fit.yaml"
if [ -n "${DRAWS:-}" ]; then
  sed -i "s/^  draws: .*/  draws: $DRAWS/; s/^  keep: .*/  keep: $(((DRAWS + 9) / 10))/" "$work/fit.yaml"
fi
picked=()
for c in ${CASES:-}; do picked+=(--case "$c"); done
sized=()
[ -z "${OWNERS:-}" ] || sized=(--owners "$OWNERS")
.build/release/bgsim calibrate --suite "$work/suite" --out "$out" --quiet "${picked[@]}" "${sized[@]}"
.build/release/bgsim fit "$work/fit.yaml" --out "$out" --quiet
