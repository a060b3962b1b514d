#!/usr/bin/env bash
# Runs every benchmark program (benchmarks/bench_*.cpp) built in a build folder, one after the other.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/bench.sh [BUILD_DIR] [-- ARGS...]   (ARGS go to every benchmark)
# Build first (scripts/setup.sh run|test, or cmake --build build). Benchmarks
# are timing programs, not tests: run them on an otherwise idle machine.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build
if [[ $# -gt 0 && $1 != -- ]]; then BUILD=$(cd "$1" && pwd); shift; fi
[[ ${1:-} == -- ]] && shift
shopt -s nullglob
benches=("$BUILD"/benchmarks/bench_*)
if ((${#benches[@]} == 0)); then
  echo "no benchmark programs in $BUILD/benchmarks: build first (cmake --build $BUILD)" >&2
  exit 1
fi
status=0
for b in "${benches[@]}"; do
  [[ -x $b && -f $b ]] || continue
  printf '== %s\n' "$(basename "$b")"
  "$b" "$@" || { echo "$(basename "$b") failed" >&2; status=1; }
done
exit $status
