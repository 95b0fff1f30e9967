#!/usr/bin/env bash
# The coverage study of the default experiment: 60 runs of 20 owners × 8 days, each
# with its own seed, against one run of 1,500 owners taken as the truth (the figures
# the statistics issue set), then 400 runs for a closer estimate. Prints each
# interval's coverage and writes coverage.csv under notebooks-data/coverage-60/ and
# notebooks-data/coverage-400/. About a minute in a release build.
#   bash experiments/coverage/run.sh [EXPERIMENT.yaml]
# RUNS (default "60 400") and REFERENCE (default 1500) make it smaller, as CI runs it.
# Exits as bgsim coverage does: 1 when an interval is out of its band, else 4 after its
# warning that 20 owners are too few for the stalled phones (use 40 for a clean study).
set -euo pipefail
cd "$(dirname "$0")/../.."
bgsim=.build/release/bgsim
[ -x "$bgsim" ] || swift build -c release --product bgsim >&2
status=0
for runs in ${RUNS:-60 400}; do
  "$bgsim" coverage "$@" --runs "$runs" --devices 20 --days 8 --reference-devices "${REFERENCE:-1500}" \
    --out "notebooks-data/coverage-$runs" || status=$?
done
exit "$status"
