#!/usr/bin/env bash
# Trains a profile-guided build of the core (GCC only).
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/pgo-train.sh BUILD [CMAKE-OPTIONS...]
#   Configures BUILD with an instrumented core, builds cqlwb-cli and bench_pgn,
#   replays and searches the bundled sample database with them (one thread, so
#   the profiles come out the same each time) and leaves the profiles in
#   BUILD/pgo-profile. BUILD is left configured with -DCQLWB_PGO=use: the next
#   build of it is the optimised one. scripts/setup.sh does all of this.
#   A profile trained on the same core sources, training inputs, compiler and
#   options is kept: then BUILD is only configured to use it, so a second
#   set-up on the same checkout neither trains nor rebuilds.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ $# -ge 1 ]] || { echo "usage: $0 BUILD [CMAKE-OPTIONS...]" >&2; exit 2; }
mkdir -p "$1"
BUILD=$(cd "$1" && pwd)
shift
PROFILE=$BUILD/pgo-profile
SAMPLE=$ROOT/resources/sample/sample.pgn.zst
log=$BUILD/pgo-train.log
: >"$log"

fail() { tail -30 "$log" >&2; echo "pgo-train: $*" >&2; exit 1; }
configure() {
  cmake -S "$ROOT" -B "$BUILD" -G Ninja "$@" "-DCQLWB_PGO_DIR=$PROFILE" >>"$log" 2>&1 || fail "configuring $BUILD failed"
}

# What the profile depends on. Other changes (the GUI, the tests, the build's
# other parts) leave the core's code as it was trained.
fingerprint() {
  {
    printf '%s\n' "$@"
    "${CXX:-c++}" --version 2>/dev/null | head -1
    sha256sum <"${BASH_SOURCE[0]}"
    sha256sum <"$ROOT/CMakeLists.txt"
    cd "$ROOT" && find core resources/sample resources/examples -type f -print0 | sort -z | xargs -0 sha256sum
  } | sha256sum | cut -d' ' -f1
}
stamp=$PROFILE/trained-on.sha256
current=$(fingerprint "$@")
if [[ -f $stamp && $(<"$stamp") == "$current" ]] && grep -qx 'CQLWB_PGO:STRING=use' "$BUILD/CMakeCache.txt" 2>/dev/null \
   && [[ -n $(find "$PROFILE" -name '*.gcda' -print -quit) ]]; then
  configure "$@" -DCQLWB_PGO=use
  echo "pgo-train: the profile in $PROFILE was trained on these core sources; kept (not trained again)"
  exit 0
fi

configure "$@" -DCQLWB_PGO=generate
cmake --build "$BUILD" -j "$(nproc)" --target cqlwb-cli bench_pgn >>"$log" 2>&1 \
  || fail "building the instrumented cqlwb-cli and bench_pgn failed"
# The optimised build compiles the core without warnings (see CMakeLists.txt):
# this build shows them.
grep -A3 -E 'warning:' "$log" >&2 || true

rm -rf "$PROFILE"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { "$@" >>"$log" 2>&1 || fail "the training step failed: $*"; }

# Reading and replaying: what every search does first (game trees), and -check.
run "$BUILD/benchmarks/bench_pgn" "$SAMPLE" --quiet --tree
run "$BUILD/benchmarks/bench_pgn" "$SAMPLE" --quiet --tree --variations
run "$BUILD/benchmarks/bench_pgn" "$SAMPLE" --quiet
# Typical queries: the speed benchmark's three, a few more, and the bundled examples.
cli=$BUILD/app/cqlwb-cli
i=0
for q in 'mate' 'flipcolor rotate90 {Ka1 kh8}' 'pin through A >= 2' 'find all check >= 3' \
         'move capture Q' 'line --> check --> check'; do
  i=$((i + 1))
  run "$cli" -threads 1 -silent -i "$SAMPLE" -o "$work/q$i.pgn" -cql "$q"
done
for f in "$ROOT"/resources/examples/*.cql; do
  i=$((i + 1))
  run "$cli" -threads 1 -silent -i "$SAMPLE" -o "$work/q$i.pgn" "$f"
done
# Variations (the studies have many) and two CQL-S scripts.
run "$cli" -threads 1 -silent -variations -i "$SAMPLE" -o "$work/v.pgn" -cql 'check'
printf '(match (position :check :btm))\n' >"$work/a.cqls"
printf '(match (position :piececount R 2 :piececount r 0 :attackcount Q k >=1))\n' >"$work/b.cqls"
for f in "$work"/a.cqls "$work"/b.cqls; do
  run "$cli" -threads 1 -silent -i "$SAMPLE" -o "$f.pgn" "$f"
done
n=$(find "$PROFILE" -name '*.gcda' 2>/dev/null | wc -l)
[[ $n -gt 0 ]] || fail "the training run wrote no profiles (is the compiler GCC?)"

echo "$current" >"$stamp"
configure "$@" -DCQLWB_PGO=use
echo "pgo-train: $n profiles in $PROFILE; $BUILD is configured to use them"
