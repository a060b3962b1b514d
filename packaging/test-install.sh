#!/usr/bin/env bash
# ctest packaging.install: cmake --install into a scratch DESTDIR, then the
# checks of an installation (check-installed.sh) on what was installed there.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: packaging/test-install.sh BUILD PREFIX APPID
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: $0 BUILD PREFIX APPID" >&2; exit 2; }
BUILD=$1 PREFIX=$2 APPID=$3
DEST=$(mktemp -d)
trap 'rm -rf "$DEST"' EXIT
DESTDIR=$DEST cmake --install "$BUILD" >"$DEST/install.log" 2>&1 \
  || { cat "$DEST/install.log" >&2; echo "test-install: cmake --install failed" >&2; exit 1; }
# Nothing may go outside DESTDIR/PREFIX (an absolute DESTINATION would).
outside=$(find "$DEST" -type f ! -path "$DEST$PREFIX/*" ! -path "$DEST/install.log")
[[ -z $outside ]] || { echo "test-install: installed outside the prefix: $outside" >&2; exit 1; }
# Debian's own files are the package's only.
[[ ! -e $DEST$PREFIX/share/doc/cqlwb/changelog.Debian.gz ]] || { echo "test-install: changelog.Debian.gz installed by cmake --install" >&2; exit 1; }
bash "$(dirname "${BASH_SOURCE[0]}")/check-installed.sh" "$DEST$PREFIX" "$APPID"
