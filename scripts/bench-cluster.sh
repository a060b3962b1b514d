#!/usr/bin/env bash
# Times a search on one machine against the same search sharded over a local
# Dask cluster (a scheduler and WORKERS worker processes on this machine, one
# thread each) with scripts/cqlwb-dask.py, and checks that the outputs agree.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/bench-cluster.sh [BUILD] [DATABASE] [WORKERS]
#   BUILD     the build folder (default build/)
#   DATABASE  default ../shared/data/masters20k.pgn.zst, else the sample
#   WORKERS   worker processes (default 2)
# Needs python3-distributed. The game store is built first, so the times are
# those of a warm store; each search runs three times and the best is shown.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build}
DB=${2:-$ROOT/../shared/data/masters20k.pgn.zst}
[[ -f $DB ]] || DB=$ROOT/resources/sample/sample.pgn.zst
WORKERS=${3:-2}
CLI=$BUILD/app/cqlwb-cli
PY=python3
$PY -c 'import distributed' 2>/dev/null || PY=/usr/bin/python3
$PY -c 'import distributed' 2>/dev/null || { echo "bench-cluster: needs python3-distributed" >&2; exit 1; }

TMP=$(mktemp -d)
export XDG_CACHE_HOME=$TMP/cache
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

PORT=$($PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
ADDRESS=tcp://127.0.0.1:$PORT
$PY -m distributed.cli.dask_scheduler --host 127.0.0.1 --port "$PORT" --no-dashboard >"$TMP/scheduler.log" 2>&1 &
PIDS+=($!)
for w in $(seq 1 "$WORKERS"); do
  $PY -m distributed.cli.dask_worker "$ADDRESS" --name "w$w" --nthreads 1 --no-nanny --no-dashboard \
    --host 127.0.0.1 --local-directory "$TMP/w$w" >"$TMP/w$w.log" 2>&1 &
  PIDS+=($!)
done

"$CLI" -index "$DB" >/dev/null
best() { sort -n | head -1; }
# The wall time of a command, in seconds.
timed() { /usr/bin/time -f %e -o "$TMP/time" "$@" >/dev/null 2>&1; cat "$TMP/time"; }
echo "database: $DB ($("$CLI" -i "$DB" -cql false -o /dev/null | awk '{print $4}') games), $WORKERS workers, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-40s %10s %10s %12s %s\n' query "1 thread" "$(nproc) threads" "cluster" "same output"
for q in 'mate' 'sort "Checks" (find all check)' 'flipcolor rotate90 {Ka1 kh8}' 'pin through A >= 2'; do
  one=() all=() dist=()
  for _ in 1 2 3; do
    one+=("$(timed "$CLI" -threads 1 -i "$DB" -cql "$q" -o "$TMP/single.pgn")")
    all+=("$(timed "$CLI" -i "$DB" -cql "$q" -o "$TMP/single.pgn")")
    dist+=("$(timed $PY "$ROOT/scripts/cqlwb-dask.py" --scheduler "$ADDRESS" --wait-workers "$WORKERS" \
      --shards "$WORKERS" --threads 1 --cli "$CLI" -- -i "$DB" -cql "$q" -o "$TMP/merged.pgn")")
  done
  same=no
  cmp -s "$TMP/single.pgn" "$TMP/merged.pgn" && same=yes
  printf '%-40s %9ss %9ss %11ss %s\n' "$q" "$(printf '%s\n' "${one[@]}" | best)" \
    "$(printf '%s\n' "${all[@]}" | best)" "$(printf '%s\n' "${dist[@]}" | best)" "$same"
done
