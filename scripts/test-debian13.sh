#!/usr/bin/env bash
# Builds and tests CQL Workbench with Qt 6.8 and KF6 SyntaxHighlighting in a Debian 13 (trixie) chroot.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The chroot is cached outside the repository (CQLWB_TRIXIE_CHROOT, default
# /var/cache/cqlwb/trixie-chroot) and reused; a stamp file inside it records the
# package list, so changing the list below reinstalls. The source tree is
# bind-mounted read-only; the build directory lives inside the chroot, so
# later runs build incrementally. Every mount is undone on exit, also after a
# failure or an interrupt.
#
# usage: scripts/test-debian13.sh [--shell]   (--shell: open a shell in the chroot instead)
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CHROOT=${CQLWB_TRIXIE_CHROOT:-/var/cache/cqlwb/trixie-chroot}
JOBS=${CQLWB_JOBS:-$(nproc)}

# Everything the project needs to build and run every test on Debian 13.
PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libkf6syntaxhighlighting-dev libkf6syntaxhighlighting-tools
  libgl-dev libzstd-dev zlib1g-dev zstd libre2-dev
  python3 xvfb xauth libxml2-utils
  stockfish libgaviotatb-dev gaviotatb ccache
)

say() { printf '== debian13: %s\n' "$*"; }
die() { printf 'debian13: error: %s\n' "$*" >&2; exit 1; }

if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || die "needs root (chroot, mount): run it as root or install sudo"
  exec sudo --preserve-env=CQLWB_TRIXIE_CHROOT,CQLWB_JOBS,CI "$0" "$@"
fi

if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap on the host"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null; } \
    || die "could not install debootstrap"
fi

mkdir -p "$(dirname "$CHROOT")"
# One run at a time per chroot: a second run would share its mounts and build dir.
exec 9>"$CHROOT.lock"
flock -n 9 || { say "another run holds $CHROOT.lock; waiting"; flock 9; }

mounted_below() { findmnt -rn -o TARGET | grep -F -- "$CHROOT/" || true; }

MOUNTS=()
cleanup() {
  local rc=$? i
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
    umount -R "${MOUNTS[i]}" 2>/dev/null || umount -Rl "${MOUNTS[i]}" 2>/dev/null || true
  done
  if [[ -n $(mounted_below) ]]; then
    printf 'debian13: warning: still mounted below %s:\n%s\n' "$CHROOT" "$(mounted_below)" >&2
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

bind() {  # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mount --rbind "$1" "$2"
  MOUNTS+=("$2")
  mount --make-rslave "$2"
  if [[ ${3:-} == ro ]]; then
    mount -o remount,bind,ro "$2"
  fi
}

if [[ ! -f $CHROOT/.cqlwb-bootstrapped ]]; then
  # A half-made chroot from an interrupted run: only delete it with nothing mounted inside.
  if [[ -e $CHROOT ]]; then
    [[ -z $(mounted_below) ]] || die "refusing to delete $CHROOT: something is still mounted below it"
    rm -rf --one-file-system "$CHROOT"
  fi
  say "debootstrap trixie into $CHROOT (once; cached afterwards)"
  start=$SECONDS
  debootstrap --variant=minbase trixie "$CHROOT" >"$CHROOT.debootstrap.log" 2>&1 \
    || { tail -20 "$CHROOT.debootstrap.log" >&2; die "debootstrap failed (log: $CHROOT.debootstrap.log)"; }
  touch "$CHROOT/.cqlwb-bootstrapped"
  say "debootstrap took $((SECONDS - start)) s"
fi

cp /etc/resolv.conf "$CHROOT/etc/resolv.conf" 2>/dev/null || true
mkdir -p "$CHROOT/proc"
mount -t proc proc "$CHROOT/proc"
MOUNTS+=("$CHROOT/proc")
bind /dev "$CHROOT/dev"
bind /sys "$CHROOT/sys"
# The tests look for ../shared beside the source tree: mirror that layout.
bind "$SRC" "$CHROOT/cqlwb/src" ro
if [[ -d $SRC/../shared ]]; then
  bind "$SRC/../shared" "$CHROOT/cqlwb/shared" ro
fi

in_chroot() {
  chroot "$CHROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 LC_ALL=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    DEBIAN_FRONTEND=noninteractive CI="${CI:-}" "$@"
}

wanted=$(printf '%s\n' "${PACKAGES[@]}" | sort -u)
if [[ ! -f $CHROOT/.cqlwb-packages ]] || [[ $(cat "$CHROOT/.cqlwb-packages") != "$wanted" ]]; then
  say "installing packages in the chroot"
  start=$SECONDS
  log=$CHROOT.apt.log
  { in_chroot apt-get update -q && in_chroot apt-get dist-upgrade -y -q \
      && in_chroot apt-get install -y -q --no-install-recommends "${PACKAGES[@]}"; } >"$log" 2>&1 \
    || { tail -30 "$log" >&2; die "package installation in the chroot failed (log: $log)"; }
  in_chroot apt-get clean
  printf '%s\n' "$wanted" >"$CHROOT/.cqlwb-packages"
  say "package installation took $((SECONDS - start)) s"
fi

# shellcheck disable=SC2016  # ${Version} is dpkg-query's field, not a shell variable
say "Qt $(in_chroot dpkg-query -W -f='${Version}' qt6-base-dev), KF6 SyntaxHighlighting $(in_chroot dpkg-query -W -f='${Version}' libkf6syntaxhighlighting-dev)"

if [[ ${1:-} == --shell ]]; then
  in_chroot bash -c 'cd /cqlwb && exec bash -i'
  exit 0
fi

start=$SECONDS
# As scripts/setup.sh does: the core profile-guided (here with GCC 14).
in_chroot bash /cqlwb/src/scripts/pgo-train.sh /cqlwb/build -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  || { in_chroot tail -30 /cqlwb/build/pgo-train.log >&2; die "the profile-guided training failed"; }
in_chroot cmake -S /cqlwb/src -B /cqlwb/build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCQLWB_PGO=use
in_chroot cmake --build /cqlwb/build -j "$JOBS"
say "configure + build took $((SECONDS - start)) s"
start=$SECONDS
in_chroot ctest --test-dir /cqlwb/build --output-on-failure -j "$JOBS"
say "ctest took $((SECONDS - start)) s"
