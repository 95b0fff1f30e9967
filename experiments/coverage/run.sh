#!/usr/bin/env bash
# The coverage study of the default experiment: 200 runs of 40 owners × 8 days, each
# with its own seed, against one run of 1,500 owners taken as the truth (the study CI
# runs), then 400 runs for a closer estimate. Prints each interval's coverage and
# writes coverage.csv under notebooks-data/coverage-200/ and notebooks-data/coverage-400/.
# About three minutes in a release build on 2 cores.
#   bash experiments/coverage/run.sh [EXPERIMENT.yaml]
# RUNS (default "200 400") and REFERENCE (default 1500) make it smaller, as CI runs it.
# Exits as bgsim coverage does: 1 when an interval is out of its band, else 4 after a
# warning (none for the default experiment: 40 owners are enough for its stalled phones).
set -euo pipefail
cd "$(dirname "$0")/../.."
bgsim=.build/release/bgsim
[ -x "$bgsim" ] || swift build -c release --product bgsim >&2
status=0
for runs in ${RUNS:-200 400}; do
  "$bgsim" coverage "$@" --runs "$runs" --devices 40 --days 8 --reference-devices "${REFERENCE:-1500}" \
    --out "notebooks-data/coverage-$runs" || status=$?
done
exit "$status"
