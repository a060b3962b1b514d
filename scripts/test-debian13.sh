#!/usr/bin/env bash
# Builds and tests CQL Workbench with Qt 6.8 and KF6 SyntaxHighlighting in a Debian 13 (trixie) chroot,
# then packages that build and checks the package in a clean Debian 13.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The chroot is cached outside the repository (CQLWB_TRIXIE_CHROOT, default
# /var/cache/cqlwb/trixie-chroot) and reused; a stamp file inside it records the
# package list, so changing the list below reinstalls. The source tree is
# bind-mounted read-only; the build directory lives inside the chroot, so
# later runs build incrementally. Every mount is undone on exit, also after a
# failure or an interrupt.
#
# The .deb made from that build (scripts/package-deb.sh, lintian) is installed
# with apt into a copy of a second, minimal chroot (CQLWB_TRIXIE_CLEAN, default
# /var/cache/cqlwb/trixie-clean: debootstrap plus the checking tools only),
# which scripts/check-install.sh --clean checks and removes it from; the copy
# is thrown away afterwards.
#
# usage: scripts/test-debian13.sh [--shell]   (--shell: open a shell in the chroot instead)
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CHROOT=${CQLWB_TRIXIE_CHROOT:-/var/cache/cqlwb/trixie-chroot}
CLEAN=${CQLWB_TRIXIE_CLEAN:-/var/cache/cqlwb/trixie-clean}
JOBS=${CQLWB_JOBS:-$(nproc)}

# Everything the project needs to build and run every test on Debian 13.
PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libkf6syntaxhighlighting-dev libkf6syntaxhighlighting-tools
  libgl-dev libzstd-dev zlib1g-dev zstd libre2-dev
  python3 xvfb xauth libxml2-utils
  stockfish fairy-stockfish libgaviotatb-dev gaviotatb ccache
  librsvg2-bin lintian desktop-file-utils appstream shared-mime-info man-db
  python3-distributed      # cluster.dask: a real local Dask cluster (docs/cluster.md)
)
# The clean system the package is installed into: what a desktop has that the
# package's dependencies do not bring, and the tools the checks run.
CLEAN_PACKAGES=(xvfb xauth desktop-file-utils appstream shared-mime-info man-db)

say() { printf '== debian13: %s\n' "$*"; }
die() { printf 'debian13: error: %s\n' "$*" >&2; exit 1; }

if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || die "needs root (chroot, mount): run it as root or install sudo"
  exec sudo --preserve-env=CQLWB_TRIXIE_CHROOT,CQLWB_TRIXIE_CLEAN,CQLWB_JOBS,CI "$0" "$@"
fi

if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap on the host"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null; } \
    || die "could not install debootstrap"
fi

mkdir -p "$(dirname "$CHROOT")" "$(dirname "$CLEAN")"
# One run at a time per chroot: a second run would share its mounts and build dir.
exec 9>"$CHROOT.lock"
flock -n 9 || { say "another run holds $CHROOT.lock; waiting"; flock 9; }

mounted_below() { findmnt -rn -o TARGET | grep -F -- "$1/" || true; }

MOUNTS=()
SCRATCH=''   # the copy of the clean chroot the package is checked in
unmount_all() {
  local i
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
    umount -R "${MOUNTS[i]}" 2>/dev/null || umount -Rl "${MOUNTS[i]}" 2>/dev/null || true
  done
  MOUNTS=()
}
cleanup() {
  local rc=$? root
  unmount_all
  for root in "$CHROOT" ${SCRATCH:+"$SCRATCH"}; do
    if [[ -n $(mounted_below "$root") ]]; then
      printf 'debian13: warning: still mounted below %s:\n%s\n' "$root" "$(mounted_below "$root")" >&2
    fi
  done
  if [[ -n $SCRATCH && -d $SCRATCH && -z $(mounted_below "$SCRATCH") ]]; then
    rm -rf --one-file-system "$SCRATCH"
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

bootstrap() {  # bootstrap ROOT: a minimal Debian 13, once
  local root=$1 start
  [[ -f $root/.cqlwb-bootstrapped ]] && return 0
  # A half-made chroot from an interrupted run: only delete it with nothing mounted inside.
  if [[ -e $root ]]; then
    [[ -z $(mounted_below "$root") ]] || die "refusing to delete $root: something is still mounted below it"
    rm -rf --one-file-system "$root"
  fi
  say "debootstrap trixie into $root (once; cached afterwards)"
  start=$SECONDS
  debootstrap --variant=minbase trixie "$root" >"$root.debootstrap.log" 2>&1 \
    || { tail -20 "$root.debootstrap.log" >&2; die "debootstrap failed (log: $root.debootstrap.log)"; }
  touch "$root/.cqlwb-bootstrapped"
  say "debootstrap took $((SECONDS - start)) s"
}

mount_system() {  # mount_system ROOT: what programs in the chroot need of the host
  cp /etc/resolv.conf "$1/etc/resolv.conf" 2>/dev/null || true
  mkdir -p "$1/proc"
  mount -t proc proc "$1/proc"
  MOUNTS+=("$1/proc")
  bind /dev "$1/dev"
  bind /sys "$1/sys"
}

run_in() {  # run_in ROOT COMMAND...
  local root=$1
  shift
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 LC_ALL=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    DEBIAN_FRONTEND=noninteractive CI="${CI:-}" "$@"
}
in_chroot() { run_in "$CHROOT" "$@"; }

install_packages() {  # install_packages ROOT PACKAGE...: when the list changed since the last time
  local root=$1 wanted log start
  shift
  wanted=$(printf '%s\n' "$@" | sort -u)
  if [[ -f $root/.cqlwb-packages ]] && [[ $(cat "$root/.cqlwb-packages") == "$wanted" ]]; then
    return 0
  fi
  say "installing packages in $root"
  start=$SECONDS
  log=$root.apt.log
  { run_in "$root" apt-get update -q && run_in "$root" apt-get dist-upgrade -y -q \
      && run_in "$root" apt-get install -y -q --no-install-recommends "$@"; } >"$log" 2>&1 \
    || { tail -30 "$log" >&2; die "package installation in $root failed (log: $log)"; }
  run_in "$root" apt-get clean
  printf '%s\n' "$wanted" >"$root/.cqlwb-packages"
  say "package installation took $((SECONDS - start)) s"
}

bootstrap "$CHROOT"
mount_system "$CHROOT"
# The tests look for ../shared beside the source tree: mirror that layout.
bind "$SRC" "$CHROOT/cqlwb/src" ro
if [[ -d $SRC/../shared ]]; then
  bind "$SRC/../shared" "$CHROOT/cqlwb/shared" ro
fi
install_packages "$CHROOT" "${PACKAGES[@]}"

# shellcheck disable=SC2016  # ${Version} is dpkg-query's field, not a shell variable
say "Qt $(in_chroot dpkg-query -W -f='${Version}' qt6-base-dev), KF6 SyntaxHighlighting $(in_chroot dpkg-query -W -f='${Version}' libkf6syntaxhighlighting-dev)"

if [[ ${1:-} == --shell ]]; then
  in_chroot bash -c 'cd /cqlwb && exec bash -i'
  exit 0
fi

start=$SECONDS
# This stage checks the build with GCC 14, Qt 6.8 and KF6, not the optimisation:
# no profile-guided training (stage one of .ci/run trains and tests that path)
# and no debug information. With the tests' precompiled headers the stage went
# from 39 to 24 minutes from nothing (session 19).
in_chroot cmake -S /cqlwb/src -B /cqlwb/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCQLWB_PGO=
in_chroot cmake --build /cqlwb/build -j "$JOBS"
say "configure + build took $((SECONDS - start)) s"
start=$SECONDS
in_chroot ctest --test-dir /cqlwb/build --output-on-failure -j "$JOBS"
say "ctest took $((SECONDS - start)) s"

# The package of the build just tested (no second build), checked by lintian.
start=$SECONDS
in_chroot bash /cqlwb/src/scripts/package-deb.sh /cqlwb/build | tee "$CHROOT.package.log"
deb=$(tail -1 "$CHROOT.package.log")
[[ $deb == /cqlwb/build/deb/*.deb && -f $CHROOT$deb ]] || die "scripts/package-deb.sh made no package"
say "packaging took $((SECONDS - start)) s"

# Installed with apt into a clean Debian 13: a throwaway copy of the clean chroot.
start=$SECONDS
bootstrap "$CLEAN"
mount_system "$CLEAN"
install_packages "$CLEAN" "${CLEAN_PACKAGES[@]}"
unmount_all
SCRATCH=$CLEAN.run
if [[ -e $SCRATCH ]]; then
  [[ -z $(mounted_below "$SCRATCH") ]] || die "refusing to delete $SCRATCH: something is still mounted below it"
  rm -rf --one-file-system "$SCRATCH"
fi
cp -a "$CLEAN" "$SCRATCH"
# Every installed Debian has an /etc/hosts; debootstrap writes none, and a
# dependency's maintainer script (netbase, via python3) creating it would read
# as a file the package left behind.
[[ -e $SCRATCH/etc/hosts ]] || printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$SCRATCH/etc/hosts"
mount_system "$SCRATCH"
bind "$SRC" "$SCRATCH/cqlwb/src" ro
mkdir -p "$SCRATCH/cqlwb/deb" "$CLEAN.apt-archives/partial"
cp "$CHROOT$deb" "$SCRATCH/cqlwb/deb/"
# Downloaded dependencies are kept for the next run.
bind "$CLEAN.apt-archives" "$SCRATCH/var/cache/apt/archives"
run_in "$SCRATCH" apt-get update -q >"$CLEAN.apt.log" 2>&1 \
  || { tail -20 "$CLEAN.apt.log" >&2; die "apt-get update in the clean chroot failed"; }
run_in "$SCRATCH" bash /cqlwb/src/scripts/check-install.sh --clean "/cqlwb/deb/$(basename "$deb")" \
  || die "the package failed its checks in a clean Debian 13"
say "the installation check took $((SECONDS - start)) s"
