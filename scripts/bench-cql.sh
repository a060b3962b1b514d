#!/usr/bin/env bash
# Speed benchmark of cqlwb-cli: a few typical queries over a large PGN file,
# with one thread and with all cores; prints seconds and games/s per run.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/bench-cql.sh [PGN] [CLI]
#   PGN  default: ../shared/data/masters.pgn.zst (beside the source tree)
#   CLI  default: $CQLWB_CLI, else the first of build*/app/cqlwb-cli found
# The file is decompressed to a temporary .pgn once, so the runs measure the
# search, not zstd; the "open" line is reading and indexing alone.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
pgn=${1:-$here/../shared/data/masters.pgn.zst}
cli=${2:-${CQLWB_CLI:-}}
if [[ -z $cli ]]; then
    for c in "$here"/build/app/cqlwb-cli "$here"/build*/app/cqlwb-cli; do
        if [[ -x $c ]]; then cli=$c; break; fi
    done
fi
[[ -x ${cli:-} ]] || { echo "bench-cql.sh: cqlwb-cli not found; build it or pass its path" >&2; exit 2; }
[[ -r $pgn ]] || { echo "bench-cql.sh: cannot read $pgn" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $pgn in
    *.zst) zstd -q -dc "$pgn" > "$tmp/input.pgn"; input=$tmp/input.pgn ;;
    *.gz) gzip -dc "$pgn" > "$tmp/input.pgn"; input=$tmp/input.pgn ;;
    *) input=$pgn ;;
esac

cores=$(nproc)
echo "cqlwb-cli: $cli"
echo "input:     $pgn ($(du -h "$input" | cut -f1) of PGN), $cores cores"
printf '%-34s %7s %9s %9s %9s %11s\n' query threads matches seconds "cpu s" games/s

# One run: prints the query, threads, matches, wall seconds, CPU seconds, games/s.
run() {
    local query=$1 threads=$2 shown=${3:-$1}
    local out start end line
    start=$(date +%s.%N)
    out=$( { /usr/bin/env time -f '%U %S' "$cli" -threads "$threads" -i "$input" -o /dev/null -cql "$query" \
             2>"$tmp/err" ; } 2>&1 ) || { echo "run failed: $query"; cat "$tmp/err"; return 1; }
    end=$(date +%s.%N)
    line=$(grep -E '^[0-9]+ matches of' <<<"$out")
    local cpu
    cpu=$(tail -1 "$tmp/err" | awk '{ printf "%.2f", $1 + $2 }')
    awk -v q="$shown" -v t="$threads" -v l="$line" -v s="$start" -v e="$end" -v c="$cpu" 'BEGIN {
        split(l, w, " "); wall = e - s;
        printf "%-34s %7d %9d %9.2f %9s %11.0f\n", q, t, w[1], wall, c, w[4] / wall }'
}

if ! command -v /usr/bin/time >/dev/null 2>&1 && ! /usr/bin/env time -f '' true 2>/dev/null; then
    echo "bench-cql.sh: GNU time is needed (apt-get install time)" >&2
    exit 2
fi

# Reading and indexing alone: a one-game range (on all cores: with one thread
# the search indexes as it reads, so a range would stop the index early).
start=$(date +%s.%N)
"$cli" -threads "$cores" -g 1 1 -i "$input" -o /dev/null -cql false >/dev/null 2>&1
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "%-34s %7s %9s %9.2f\n", "(open and index only)", "-", "-", e - s }'

for query in 'false' 'mate' 'flipcolor rotate90 {Ka1 kh8}' 'pin through A >= 2'; do
    run "$query" 1 "cql() $query"
    if (( cores > 1 )); then run "$query" "$cores" "cql() $query"; fi
done
