#!/usr/bin/env bash
# Checks the Debian package on the system it runs on: installs it with apt,
# checks the installation (packaging/check-installed.sh) and the system's
# caches, removes it and checks that nothing of it is left.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: scripts/check-install.sh [--clean] PACKAGE.deb
#   Needs root (apt-get) and xvfb-run; desktop-file-validate and appstreamcli
#   for those checks. --clean: the system is a throwaway one
#   (scripts/test-debian13.sh makes it): also remove the dependencies apt
#   pulled in, and require every file of the system to be as before.
# The package is removed again on any exit, also after a failure.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CLEAN=0
if [[ ${1:-} == --clean ]]; then CLEAN=1; shift; fi
[[ $# -eq 1 && -f $1 ]] || { echo "usage: $0 [--clean] PACKAGE.deb" >&2; exit 2; }
DEB=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[[ $(id -u) -eq 0 ]] || { echo "check-install: needs root (apt-get install)" >&2; exit 2; }

say() { printf '== check-install: %s\n' "$*"; }
FAILED=0
fail() { printf 'check-install: FAIL: %s\n' "$*" >&2; FAILED=1; }

NAME=$(dpkg-deb -f "$DEB" Package)
VERSION=$(dpkg-deb -f "$DEB" Version)
WORK=$(mktemp -d)
INSTALLED=0
export DEBIAN_FRONTEND=noninteractive

remove() {
  if ((INSTALLED)); then
    INSTALLED=0
    apt-get purge -y -q "$NAME" >"$WORK/purge.log" 2>&1 || { cat "$WORK/purge.log" >&2; fail "apt-get purge $NAME failed"; }
    if ((CLEAN)); then
      apt-get autoremove --purge -y -q >>"$WORK/purge.log" 2>&1 || fail "apt-get autoremove failed"
    fi
  fi
}
cleanup() {
  local rc=$?
  remove
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT

# Every path outside the places apt, dpkg and the shells write to as a matter
# of course: with --clean they must be the same after the removal.
snapshot() {
  find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /tmp -o -path /run -o -path /root \
       -o -path /var/cache -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/log -o -path /cqlwb \) -prune \
       -o -print 2>/dev/null | sort
}
if dpkg-query -W -f='${Status}' "$NAME" 2>/dev/null | grep -q 'install ok installed'; then
  echo "check-install: $NAME is installed already; remove it first (apt-get purge $NAME)" >&2
  exit 2
fi
if ((CLEAN)); then snapshot >"$WORK/before"; fi

say "apt-get install $DEB"
INSTALLED=1
apt-get install -y -q --no-install-recommends "$DEB" >"$WORK/install.log" 2>&1 \
  || { tail -30 "$WORK/install.log" >&2; echo "check-install: apt-get install failed" >&2; exit 1; }
dpkg -L "$NAME" | sort >"$WORK/files"
# shellcheck disable=SC1091  # in a subshell: os-release sets NAME and VERSION too
system=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME") || system='this system'
say "installed $NAME $VERSION on $system"

DESKTOP=$(grep -E '^/usr/share/applications/[^/]+\.desktop$' "$WORK/files" | head -1 || true)
APPID=$(basename "$DESKTOP" .desktop)
[[ -n $APPID ]] || { echo "check-install: the package has no desktop file" >&2; exit 1; }
CQLWB_REQUIRE_TOOLS=${CQLWB_REQUIRE_TOOLS:-1} bash "$ROOT/packaging/check-installed.sh" /usr "$APPID" \
  || fail "the installed package failed its checks"
# The packages' triggers have run: a file manager offers the workbench for
# PGN and CQL files, and knows .cql and .cqls.
if [[ -f /usr/share/applications/mimeinfo.cache ]]; then
  for type in text/x-cql application/vnd.chess-pgn; do
    grep -q "^$type=.*$APPID.desktop" /usr/share/applications/mimeinfo.cache \
      || fail "mimeinfo.cache does not offer $APPID for $type"
  done
fi
if [[ -f /usr/share/mime/globs2 ]]; then
  for g in '*.cql' '*.cqls'; do
    grep -qF ":text/x-cql:$g" /usr/share/mime/globs2 || fail "the system's MIME database does not know $g"
  done
fi

say "apt-get purge $NAME"
remove
left=()
while read -r f; do
  if [[ -e $f && ! -d $f ]]; then left+=("$f"); fi
done <"$WORK/files"
for d in /usr/share/cqlwb /usr/share/doc/cqlwb; do
  if [[ -e $d ]]; then left+=("$d"); fi
done
((${#left[@]} == 0)) || fail "left after the removal: ${left[*]}"
for cache in /usr/share/applications/mimeinfo.cache /usr/share/mime/globs2; do
  if [[ -f $cache ]] && grep -q -e "$APPID" -e 'text/x-cql' "$cache"; then fail "$cache still names the program"; fi
done
if ((CLEAN)); then
  snapshot >"$WORK/after"
  if ! diff "$WORK/before" "$WORK/after" >"$WORK/diff"; then
    cat "$WORK/diff" >&2
    fail "the system's files differ from before the installation (< only before, > only after)"
  fi
fi

if ((FAILED)); then
  echo "check-install: $NAME $VERSION failed the checks above" >&2
  exit 1
fi
say "all checks passed; nothing of $NAME is left"
