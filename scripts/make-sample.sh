#!/usr/bin/env bash
# Rebuilds resources/sample/sample.pgn.zst from the team's shared/data folder beside the checkout.
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DATA=${1:-$ROOT/../shared/data}
GAMES=${CQLWB_SAMPLE_GAMES:-3000}
[[ -f $DATA/masters20k.pgn.zst && -f $DATA/studies.pgn ]] || { echo "no masters20k.pgn.zst and studies.pgn in $DATA" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# The first $GAMES games: everything before the ($GAMES+1)th line starting with [Event.
zstd -q -dc "$DATA/masters20k.pgn.zst" | awk -v n="$GAMES" '/^\[Event / { g++ } g <= n' >"$tmp"
cat "$DATA/studies.pgn" >>"$tmp"
zstd -q -19 -f "$tmp" -o "$ROOT/resources/sample/sample.pgn.zst"
echo "wrote resources/sample/sample.pgn.zst: $(grep -c '^\[Event ' "$tmp") games"
