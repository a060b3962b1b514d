#!/usr/bin/env bash
# Builds CQL Workbench's Debian package for the system it runs on (CPack), and
# checks it with lintian.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/package-deb.sh [BUILD]
#   Without BUILD: configures build-deb/ (Release, the core profile-guided with
#   GCC as scripts/setup.sh does, no tests), builds it and packages it.
#   With BUILD: packages that build folder (scripts/setup.sh's build/, or the
#   Debian 13 chroot's) without building it again; its install prefix is set
#   to /usr, which changes no object file.
#   The package goes to BUILD/deb/; its path is the last line printed.
#   Needs what scripts/setup.sh installs (dpkg-dev for the dependencies,
#   librsvg2-bin for the icons, lintian).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

say() { printf '== package-deb: %s\n' "$*"; }
die() { printf 'package-deb: error: %s\n' "$*" >&2; exit 1; }

for tool in dpkg-shlibdeps:dpkg-dev rsvg-convert:librsvg2-bin cpack:cmake; do
  command -v "${tool%%:*}" >/dev/null || die "${tool%%:*} is missing (package ${tool#*:}; scripts/setup.sh installs it)"
done

if [[ $# -ge 1 ]]; then
  BUILD=$(cd "$1" && pwd)
  [[ -f $BUILD/CMakeCache.txt ]] || die "$BUILD is not a configured build folder"
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_INSTALL_PREFIX=/usr >"$BUILD/package-configure.log" 2>&1 \
    || { cat "$BUILD/package-configure.log" >&2; die "configuring $BUILD failed"; }
else
  BUILD=$ROOT/build-deb
  mkdir -p "$BUILD"
  options=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DCQLWB_BUILD_TESTS=OFF)
  # The package is what users run: the core profile-guided when the compiler
  # can (GCC), as scripts/setup.sh builds it.
  if [[ ${CQLWB_PGO:-1} != 0 ]] && bash "$ROOT/scripts/pgo-train.sh" "$BUILD" "${options[@]}"; then
    options+=(-DCQLWB_PGO=use)
  else
    options+=(-DCQLWB_PGO=)
  fi
  cmake -S "$ROOT" -B "$BUILD" -G Ninja "${options[@]}" >"$BUILD/configure.log" 2>&1 \
    || { cat "$BUILD/configure.log" >&2; die "configuring $BUILD failed"; }
  say "building $BUILD"
  cmake --build "$BUILD" -j "$(nproc)" || die "the build failed"
fi

grep -q '^CQLWB_BUILD_GUI:BOOL=ON' "$BUILD/CMakeCache.txt" || die "$BUILD does not build the workbench (CQLWB_BUILD_GUI=OFF)"
say "cpack in $BUILD"
rm -rf "$BUILD/deb"
(cd "$BUILD" && cpack -G DEB -B "$BUILD/deb") >"$BUILD/cpack.log" 2>&1 \
  || { tail -30 "$BUILD/cpack.log" >&2; die "cpack failed (log: $BUILD/cpack.log)"; }
debs=("$BUILD"/deb/*.deb)
[[ ${#debs[@]} -eq 1 && -f ${debs[0]} ]] || die "cpack made no single .deb in $BUILD/deb"
deb=${debs[0]}
say "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version): depends on $(dpkg-deb -f "$deb" Depends)"

if command -v lintian >/dev/null; then
  say "lintian"
  # Errors fail; warnings are printed. Root may run it (CI, the chroot).
  lintian --allow-root --fail-on error --info "$deb" || die "lintian reports errors"
else
  say "note: lintian is not installed; the package is not checked"
fi
echo "$deb"
