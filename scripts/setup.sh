#!/usr/bin/env bash
# Sets up, builds and starts (run) or tests (test) CQL Workbench on Debian 12/13 and Ubuntu 24.04.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/setup.sh run    install what is missing, build, start the workbench
#        scripts/setup.sh test   install what is missing, build, run every test
#
# Only packages that are not installed yet are installed (apt-get, with sudo
# when not root). The build goes to build/ (Ninja, RelWithDebInfo, all cores);
# with GCC the core is built profile-guided (scripts/pgo-train.sh trains it on
# the sample database first); CQLWB_PGO=0 builds it without.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${CQLWB_BUILD_DIR:-$ROOT/build}   # CQLWB_BUILD_DIR: another build folder
MODE=${1:-}
EXAMPLE=resources/examples/smothered-mate.cql
SAMPLE=resources/sample/sample.pgn.zst

REQUIRED=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libgl-dev zlib1g-dev libzstd-dev zstd libre2-dev python3 xvfb xauth
  libxml2-utils            # xmllint: the syntax definition test
  # Installation and the Debian package (packaging/, scripts/package-deb.sh):
  # icons drawn from the SVG, the package's dependencies, and the checks.
  librsvg2-bin dpkg-dev lintian desktop-file-utils appstream shared-mime-info man-db
)
# Installed when the distribution has them. KSyntaxHighlighting 6 gives the
# editor Kate's highlighting engine; a command-line highlighter (KF6, else KF5
# as on Debian 12) runs the highlighting reference tests.
OPTIONAL=(libkf6syntaxhighlighting-dev ccache)   # ccache: rebuilds after a fresh clone are quick
# clang-format checks the code against .clang-format (ctest style.clang-format,
# registered when it is version 14, the one the style was written for).
OPTIONAL+=(clang-format)
# CQL-S analysis: :evaluation and :moveevaluation ask a UCI engine (stockfish),
# :endgameevaluation probes Gaviota tablebases (the library and the 3-piece
# tables). Without them the build and the tests still work: those keywords
# report what is missing and their tests are skipped. Fairy-Stockfish analyses
# the variants (Three-check, King of the Hill, Antichess, Crazyhouse).
OPTIONAL+=(stockfish fairy-stockfish libgaviotatb-dev gaviotatb)
HIGHLIGHTER_TOOLS=(libkf6syntaxhighlighting-tools libkf5syntaxhighlighting-tools)
# For `test` only: Dask distributed, whose real local cluster (a scheduler and
# two workers) the sharded search's test cluster.dask runs on (docs/cluster.md).
TEST_ONLY=(python3-distributed)

say() { printf '== %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

case $MODE in
  run|test) ;;
  *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "installing packages needs root: run as root, or install sudo"
  fi
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
candidate() { apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { print $2 }'; }
available() { local c; c=$(candidate "$1"); [[ -n $c && $c != '(none)' ]]; }

UPDATED=0
apt_update() {
  if [[ $UPDATED -eq 0 ]]; then
    say "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    UPDATED=1
  fi
}

install_packages() {
  if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then
    die "this script needs a Debian or Ubuntu system (apt-get); elsewhere install Qt >= 6.4, CMake >= 3.25, Ninja, zlib and zstd by hand"
  fi
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    . /etc/os-release
    say "system: ${PRETTY_NAME:-unknown}"
  fi
  # apt-cache needs package lists; a fresh container has none.
  if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
    apt_update
  fi

  # Qt 6.4 is the oldest Qt this project builds with: check before installing anything.
  local qt
  if installed qt6-base-dev; then
    qt=$(dpkg-query -W -f='${Version}' qt6-base-dev)
  else
    qt=$(candidate qt6-base-dev)
    if [[ -z $qt || $qt == '(none)' ]]; then apt_update; qt=$(candidate qt6-base-dev); fi
  fi
  if [[ -z $qt || $qt == '(none)' ]]; then
    die "this distribution has no Qt 6 (package qt6-base-dev). Use Debian 12 or 13, or Ubuntu 24.04."
  fi
  if [[ $qt =~ ^([0-9]+:)?([0-9]+)\.([0-9]+) ]] && (( BASH_REMATCH[2] == 6 && BASH_REMATCH[3] < 4 )); then
    die "Qt $qt is too old: CQL Workbench needs Qt 6.4 or newer (and CMake 3.25).
       Ubuntu 22.04 ships Qt 6.2 and CMake 3.22, which cannot build it: use Ubuntu 24.04, Debian 12 or Debian 13."
  fi

  local wanted=("${REQUIRED[@]}") p
  for p in "${OPTIONAL[@]}"; do
    if installed "$p" || available "$p"; then wanted+=("$p"); fi
  done
  if [[ $MODE == test ]]; then
    for p in "${TEST_ONLY[@]}"; do
      if installed "$p" || available "$p"; then
        wanted+=("$p")
      else
        say "note: $p is not in this distribution's package lists (Ubuntu: the universe component): its tests will be skipped"
      fi
    done
  fi
  local tool=''
  for p in "${HIGHLIGHTER_TOOLS[@]}"; do
    if installed "$p"; then tool=$p; break; fi
  done
  if [[ -z $tool ]]; then
    for p in "${HIGHLIGHTER_TOOLS[@]}"; do
      if available "$p"; then tool=$p; break; fi
    done
  fi
  [[ -n $tool ]] && wanted+=("$tool")

  local missing=()
  for p in "${wanted[@]}"; do
    installed "$p" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    apt_update
    say "installing: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" \
      </dev/null >/dev/null || die "apt-get install failed"
  else
    say "all needed packages are installed"
  fi
  [[ -n $tool ]] || say "note: no command-line syntax highlighter in this distribution: the highlighting reference test will not run"
}

# GCC (not clang): the core can be built with profile-guided optimisation.
is_gcc() {
  local macros
  macros=$("${CXX:-c++}" -dM -E -x c++ /dev/null 2>/dev/null) || return 1
  grep -q __GNUC__ <<<"$macros" && ! grep -q __clang__ <<<"$macros"
}

build() {
  mkdir -p "$BUILD"
  local options=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
  if [[ ${CQLWB_PGO:-1} != 0 ]] && is_gcc; then
    # Searches run 7-20% faster; costs a build of the core and a few seconds of training.
    say "profile-guided build: training the core on the sample database (CQLWB_PGO=0 skips this)"
    if bash "$ROOT/scripts/pgo-train.sh" "$BUILD" "${options[@]}"; then
      options+=(-DCQLWB_PGO=use)
    else
      # A slower build beats none.
      say "warning: the profile-guided training failed (see $BUILD/pgo-train.log); building without it"
      options+=(-DCQLWB_PGO=)
    fi
  else
    options+=(-DCQLWB_PGO=)
  fi
  say "configuring ($BUILD)"
  local log=$BUILD/configure.log
  cmake -S "$ROOT" -B "$BUILD" -G Ninja "${options[@]}" >"$log" 2>&1 \
    || { cat "$log" >&2; die "cmake configuration failed"; }
  grep -E 'KF6SyntaxHighlighting|not available|syntax\.' "$log" | sed 's/^-- /   /' || true
  say "building with $(nproc) jobs"
  cmake --build "$BUILD" -j "$(nproc)" || die "the build failed"
}

start=$SECONDS
install_packages
build
say "set-up and build took $((SECONDS - start)) s"

if [[ $MODE == test ]]; then
  say "running every test"
  cd "$ROOT"
  ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)"
  exit $?
fi

cd "$ROOT"
GUI=${BUILD#"$ROOT"/}/app/cqlwb   # shown relative to the checkout when it is inside
CLI=${BUILD#"$ROOT"/}/app/cqlwb-cli
if [[ ! -x $GUI ]]; then
  say "the workbench (GUI) is not built yet: app/gui is still being written."
  if [[ -x $CLI ]]; then
    say "the command-line engine is ready:  $CLI -i $SAMPLE $EXAMPLE"
  fi
  exit 0
fi
if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
  say "no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so the workbench is not started."
  say "on a desktop session, start it with:  $GUI $SAMPLE $EXAMPLE"
  [[ -x $CLI ]] && say "or search from the terminal:  $CLI -i $SAMPLE $EXAMPLE"
  exit 0
fi
say "starting $GUI $SAMPLE $EXAMPLE"
exec "$GUI" "$SAMPLE" "$EXAMPLE"
