#!/usr/bin/env bash
# Parameter recovery, the standard test of a calibration method: N synthetic launch logs
# (14 days, one owner, owner spreads 0, no swipe-aways: the log cannot record them) made
# by `bgsim run --write-log` at true values
# drawn from the priors (python3's random, seed 20261125), each fitted with `bgsim fit`
# (D draws, a tenth kept, or KEEP; REPS replicates, default 4). Run it from the checkout
# in a scratch folder:
#   mkdir -p /tmp/recovery && cd /tmp/recovery && BGSIM=$OLDPWD/.build/release/bgsim \
#     bash $OLDPWD/experiments/fits/recovery.sh 40 256
# Prints per fit: the index, the three true values, then per parameter the posterior
# median, its 90 % interval and the shrinkage (fit_summary.csv's last four columns).
# A run or fit that warns (exit 4) goes on; any other failure stops the script.
set -euo pipefail
# bgsim's exit 4 says it printed a warning (a synthetic log of one owner over 14 days
# draws the warm-up's): the figures are still written.
bgsim() { "$B" "$@" || { s=$?; [ "$s" -eq 4 ] || return "$s"; }; }
B=${BGSIM:-.build/release/bgsim}
N=${1:-20}; D=${2:-128}
python3 - "$N" > truths.txt <<'PY'
import random, sys
r = random.Random(20261125)
for k in range(int(sys.argv[1])):
    print(r.uniform(300, 1800), r.uniform(600, 14400), r.uniform(600, 3600))
PY
k=0
while read ep od sp; do
  cat > e$k.yaml <<Y
name: synthetic$k
days: 14
devices: 1
seed: $((100 + k))
persona: typical
app: {bundle: com.example.sync, opens_per_day: 5, force_quit_probability: 0, background_modes: [fetch, processing], permitted_identifiers: [refresh, cleanup]}
scheduler:
  evaluation_period: ${ep}s
  owners: {leniency_sigma: 0, processing_spacing_sigma: 0, overdue_sigma: 0, install_warmup_sigma: 0, stalled_release_share: 0}
  processing_launch_spacing: ${sp}s
  policies: {application: {overdue_after: ${od}s}}
arms:
  both:
    tasks:
      - {identifier: refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}
      - {identifier: cleanup, type: processing, earliest_begin: 15m, submit: [on_launch, on_completion], work: 30s}
Y
  bgsim run e$k.yaml --out run$k --quiet --write-log > /dev/null
  cat > f$k.yaml <<Y
name: fit$k
parameters:
  scheduler.evaluation_period: [5m, 30m]
  scheduler.policies.application.overdue_after: [10m, 4h]
  scheduler.processing_launch_spacing: [10m, 1h]
targets:
  log: run$k/launch_log.csv
  tasks: [refresh, cleanup]
  replicates: ${REPS:-4}
  scenario:
    persona: typical
    app:
      background_modes: [fetch, processing]
      permitted_identifiers: [refresh, cleanup]
      tasks:
        - {identifier: refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}
        - {identifier: cleanup, type: processing, earliest_begin: 15m, submit: [on_launch, on_completion], work: 30s}
    scheduler:
      owners: {leniency_sigma: 0, processing_spacing_sigma: 0, overdue_sigma: 0, install_warmup_sigma: 0, stalled_release_share: 0}
budget: {draws: $D, keep: ${KEEP:-$((D / 10))}}
Y
  bgsim fit f$k.yaml --out fit$k --quiet > /dev/null
  echo "$k $ep $od $sp $(tail -n +2 fit$k/fit_summary.csv | awk -F, '{printf "%s %s %s %s ", $(NF-3), $(NF-2), $(NF-1), $NF}')"
  k=$((k + 1))
done < truths.txt
