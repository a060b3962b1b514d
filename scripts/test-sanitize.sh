#!/usr/bin/env bash
# CI stage: builds the core, cqlwb-cli and every test but the GUI's with
# AddressSanitizer and UndefinedBehaviorSanitizer (-DCQLWB_SANITIZE=ON, the
# system compiler: GCC on Debian) into build-asan/ and runs ctest there. The
# fuzz targets' seeds and regressions are replayed too (fuzz.*). Any report of
# either sanitizer fails its test.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/test-sanitize.sh [CTEST-ARGS...]
#   without arguments: every test but conformance.examples (see below);
#   with: those ctest arguments instead, e.g. -R fuzz, or -R . for every test
#
# Needs what scripts/setup.sh installs (run that first on a fresh system).
# CQLWB_ASAN_BUILD_DIR: another build folder.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${CQLWB_ASAN_BUILD_DIR:-$ROOT/build-asan}

say() { printf '== %s\n' "$*"; }
die() { printf 'test-sanitize: error: %s\n' "$*" >&2; exit 1; }

start=$SECONDS
mkdir -p "$BUILD"
say "configuring $BUILD (AddressSanitizer, UndefinedBehaviorSanitizer)"
# The GUI is left out: its tests add most of the build time and little that the
# core's tests do not cover. Profile-guided optimisation is off (no training run).
cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCQLWB_SANITIZE=ON \
  -DCQLWB_BUILD_GUI=OFF -DCQLWB_BUILD_TESTS=ON -DCQLWB_BUILD_BENCHMARKS=OFF -DCQLWB_PGO= \
  >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log" >&2; die "cmake configuration failed"; }
say "building with $(nproc) jobs"
cmake --build "$BUILD" -j "$(nproc)" || die "the build failed"
built=$((SECONDS - start))

# A finding stops the program with a stack trace, so its test fails;
# -fno-sanitize-recover (CMakeLists.txt) makes UBSan reports fatal as well.
asan=halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1
asan+=:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-$asan}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# conformance.examples runs about ninety example queries over 20,000 games:
# more than half an hour with the sanitizers on two cores. The first CI stage
# runs it without them; the other conformance suites run here (about 8 minutes).
selection=(-E '^conformance[.]examples$')
(($#)) && selection=("$@")
say "running the tests (ASAN_OPTIONS=$ASAN_OPTIONS)"
cd "$ROOT"
status=0
ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)" "${selection[@]}" || status=$?
say "sanitizer stage: build $built s, tests $((SECONDS - start - built)) s"
exit $status
