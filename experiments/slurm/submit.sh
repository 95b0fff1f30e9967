#!/usr/bin/env bash
# Runs a bgsim experiment on a Slurm cluster: an array of SHARDS shard jobs, then a
# merge job that waits for all of them (afterok).
#   BGSIM=/path/to/bgsim bash experiments/slurm/submit.sh EXPERIMENT.yaml SHARDS OUT [extra bgsim run args]
# OUT must be on storage that every node shares. Prints the two job ids. With
# BGSIM_COMMAND=fit, EXPERIMENT is a fit file and the merge job finishes the fit.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: BGSIM=/path/to/bgsim $0 EXPERIMENT.yaml SHARDS OUT [extra bgsim run args]" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
export EXPERIMENT="$(realpath "$1")" SHARDS="$2" OUT="$(realpath -m "$3")"
shift 3
export BGSIM_ARGS="$*" BGSIM="$(realpath "${BGSIM:?set BGSIM to the bgsim binary}")"
mkdir -p "$OUT"
array=$(sbatch --parsable --export=ALL --chdir="$OUT" --array="1-$SHARDS" "$here/shards.sbatch")
merge=$(sbatch --parsable --export=ALL --chdir="$OUT" --dependency="afterok:${array%%;*}" "$here/merge.sbatch")
echo "array job ${array%%;*}, merge job ${merge%%;*}; the result will be in $OUT/merged"
