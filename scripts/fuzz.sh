#!/usr/bin/env bash
# Runs the libFuzzer targets (tests/fuzz/fuzz_*.cpp; docs/fuzzing.md).
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/fuzz.sh [MINUTES] [TARGET...]     fuzz each target MINUTES (default 30)
#        scripts/fuzz.sh --merge [MINUTES] [TARGET...]
#                                                  ... then merge what the work corpus
#                                                  adds to the coverage into the tree
#        scripts/fuzz.sh --merge 0                 merge only, no fuzzing
#
# TARGET is one of pgn fen san cql6 cqls eval (default all). The build goes to
# build-fuzz/ (clang, -DCQLWB_FUZZ=ON: the core with ASan, UBSan and the
# fuzzer's coverage hooks; nothing of the GUI or the tests). Each target runs
# on a work corpus build-fuzz/corpus/<target>/, which starts from the seeds
# tests/fuzz/corpus/<target>/ and the regressions tests/fuzz/regressions/<target>/
# and grows from run to run. Crashes, timeouts, leaks and out-of-memory inputs
# are copied into tests/fuzz/regressions/<target>/, where the ctest test
# fuzz.<target> replays them in every build: fix them, or move an input for a
# bug someone else is fixing to tests/fuzz/pending/<target>/.
#
# Environment:
#   FUZZ_PARALLEL=N     run N targets at the same time (default 1: one after another)
#   FUZZ_KEEP_GOING=1   go on after a crash (libFuzzer's -fork=1 -ignore_crashes ...),
#                       to collect several findings in one run
#   CXX_FUZZ=clang++-N  the clang to build with (default clang++)
#   FUZZ_JOBS=N         build jobs (default: all cores)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build-fuzz
ALL_TARGETS=(pgn fen san cql6 cqls eval)

die() { printf 'fuzz: error: %s\n' "$*" >&2; exit 1; }
say() { printf '== %s\n' "$*"; }

MERGE=0
if [[ ${1:-} == --merge ]]; then MERGE=1; shift; fi
MINUTES=30
if [[ ${1:-} =~ ^[0-9]+$ ]]; then MINUTES=$1; shift; fi
TARGETS=("$@")
((${#TARGETS[@]})) || TARGETS=("${ALL_TARGETS[@]}")
for t in "${TARGETS[@]}"; do
  [[ " ${ALL_TARGETS[*]} " == *" $t "* ]] || die "unknown target '$t' (targets: ${ALL_TARGETS[*]})"
done
PARALLEL=${FUZZ_PARALLEL:-1}
[[ $PARALLEL =~ ^[1-9][0-9]*$ ]] || die "FUZZ_PARALLEL must be a positive number"

# The longest input worth trying: enough for a few games, a long query, a FEN.
max_len() {
  case $1 in
    pgn) echo 8192 ;; fen) echo 256 ;; san) echo 48 ;;
    cql6|cqls) echo 4096 ;; eval) echo 3000 ;;
  esac
}

CXX_FUZZ=${CXX_FUZZ:-clang++}
command -v "$CXX_FUZZ" >/dev/null || die "$CXX_FUZZ not found (Debian: apt-get install clang libfuzzer-14-dev)"
say "configuring $BUILD ($CXX_FUZZ)"
mkdir -p "$BUILD"
cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER="$CXX_FUZZ" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCQLWB_FUZZ=ON -DCQLWB_BUILD_GUI=OFF -DCQLWB_BUILD_TESTS=OFF -DCQLWB_BUILD_BENCHMARKS=OFF -DCQLWB_PGO= \
  >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log" >&2; die "cmake configuration failed"; }
say "building ${TARGETS[*]/#/fuzz_}"
nice -n 10 cmake --build "$BUILD" -j "${FUZZ_JOBS:-$(nproc)}" --target "${TARGETS[@]/#/fuzz_}" \
  || die "the build failed"

# One target: fuzz, then copy its findings into the tree.
fuzz_one() {
  local t=$1 bin=$BUILD/tests/fuzz/fuzz_$1
  local work=$BUILD/corpus/$t artifacts=$BUILD/artifacts/$t log=$BUILD/logs/$t.log
  mkdir -p "$work" "$artifacts" "$BUILD/logs"
  rm -f "$artifacts"/*
  local dirs=("$work" "$ROOT/tests/fuzz/corpus/$t")
  [[ -d $ROOT/tests/fuzz/regressions/$t ]] && dirs+=("$ROOT/tests/fuzz/regressions/$t")
  local extra=()
  [[ ${FUZZ_KEEP_GOING:-0} == 1 ]] && extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # New inputs go to the first directory (the work corpus); the seeds stay as they are.
  # -close_fd_mask=1: the queries' message filter would flood the log.
  nice -n 10 "$bin" "${dirs[@]}" -max_total_time=$((MINUTES * 60)) -max_len="$(max_len "$t")" \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$artifacts/" -print_final_stats=1 -close_fd_mask=1 \
    "${extra[@]}" >"$log" 2>&1 || true
  local found=0 f
  for f in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/leak-*; do
    [[ -e $f ]] || continue
    mkdir -p "$ROOT/tests/fuzz/regressions/$t"
    cp "$f" "$ROOT/tests/fuzz/regressions/$t/"
    found=$((found + 1))
  done
  # The last status line has the final coverage; -print_final_stats the executions.
  # (|| true: a run that died while loading its corpus has no status line at all)
  local execs cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1) || true
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2) || true
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2) || true
  if [[ -z $execs ]]; then # fork mode prints no final stats: the last "#N:" line counts them
    execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#') || true
  fi
  local where=''
  ((found == 0)) || where=" -> tests/fuzz/regressions/$t/ (log ${log#"$ROOT"/})"
  printf '%-5s executions %-10s cov %-6s ft %-7s findings %d%s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" \
    "$found" "$where" >"$BUILD/logs/$t.summary"
}

if ((MINUTES > 0)); then
  say "fuzzing ${TARGETS[*]}: $MINUTES min each, $PARALLEL at a time (logs in build-fuzz/logs/)"
  rm -f "$BUILD"/logs/*.summary
  running=0
  for t in "${TARGETS[@]}"; do
    if ((PARALLEL == 1)); then
      fuzz_one "$t"
      cat "$BUILD/logs/$t.summary"
    else
      fuzz_one "$t" &
      running=$((running + 1))
      if ((running >= PARALLEL)); then wait -n || true; running=$((running - 1)); fi
    fi
  done
  wait
  say "summary"
  for t in "${TARGETS[@]}"; do cat "$BUILD/logs/$t.summary"; done
fi

if ((MERGE)); then
  # Only inputs that reach code the seeds do not are added (libFuzzer's -merge=1
  # into the seed folder), so the corpus in the tree stays small.
  for t in "${TARGETS[@]}"; do
    seeds=$ROOT/tests/fuzz/corpus/$t
    [[ -d $BUILD/corpus/$t ]] || continue
    before=$(find "$seeds" -type f | wc -l)
    nice -n 10 "$BUILD/tests/fuzz/fuzz_$t" -merge=1 -max_len="$(max_len "$t")" -timeout=10 -rss_limit_mb=2048 \
      -close_fd_mask=1 "$seeds" "$BUILD/corpus/$t" >"$BUILD/logs/$t.merge.log" 2>&1 \
      || die "merging $t failed (see build-fuzz/logs/$t.merge.log)"
    after=$(find "$seeds" -type f | wc -l)
    printf '%-5s merged: %d inputs added to tests/fuzz/corpus/%s/ (%s bytes in all)\n' "$t" $((after - before)) "$t" \
      "$(du -sb "$seeds" | cut -f1)"
  done
fi

# Findings make the run fail, as they make ctest fail.
if ((MINUTES > 0)); then
  for t in "${TARGETS[@]}"; do
    if grep -q 'findings [1-9]' "$BUILD/logs/$t.summary"; then
      say "findings in tests/fuzz/regressions/: replay one with build-fuzz/tests/fuzz/fuzz_TARGET FILE"
      exit 1
    fi
  done
fi
