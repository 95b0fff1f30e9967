#!/usr/bin/env bash
# The validation suite on whole phones: every case's phone also holds N other apps with
# background work (default 10) and Apple's maintenance. Prints the scorecard, then fits
# the scheduler constants of scheduler-constants.yaml to it (about 7 minutes on 2 cores).
# Usage: experiments/fits/whole-phone-suite.sh [N] [OUT]   (after a release build)
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
.build/release/bgsim calibrate --suite "$work/suite" --out "$out" --quiet
.build/release/bgsim fit "$work/fit.yaml" --out "$out" --quiet
