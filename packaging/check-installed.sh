#!/usr/bin/env bash
# Checks an installed CQL Workbench as a user meets it: its files are there,
# both programs run from the installation alone, the menu entry's command opens
# files, the metadata validates, the manual pages are clean and document every
# option the programs (cqlwb-dask too) have.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: packaging/check-installed.sh PREFIX APPID
#   PREFIX: where it is installed (/usr for the package; DESTDIR/usr/local
#   after cmake --install with DESTDIR). Used by the ctest packaging.install
#   (packaging/test-install.sh) and by scripts/check-install.sh.
#   A missing checking tool (desktop-file-validate, appstreamcli,
#   update-mime-database, man) skips its check with a note, or fails when
#   CQLWB_REQUIRE_TOOLS is set (ctest sets it: scripts/setup.sh installs them).
set -euo pipefail

[[ $# -eq 2 ]] || { echo "usage: $0 PREFIX APPID" >&2; exit 2; }
PREFIX=$(cd "$1" && pwd)
APPID=$2
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

say() { printf '== check-installed: %s\n' "$*"; }
FAILED=0
fail() { printf 'check-installed: FAIL: %s\n' "$*" >&2; FAILED=1; }
missing_tool() {
  if [[ -n ${CQLWB_REQUIRE_TOOLS:-} ]]; then fail "$1 is not installed"; else say "note: $1 is not installed; not checked"; fi
}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

while read -r line; do
  [[ -z $line || $line == \#* ]] && continue
  f=$PREFIX/${line//APPID/$APPID}
  [[ -s $f ]] || fail "not installed: $f"
done <"$HERE/installed-files.txt"

# Run from an empty folder with an empty home: nothing from a source tree or
# a user's settings is found by accident.
cd "$WORK"
export HOME=$WORK/home XDG_RUNTIME_DIR=$WORK/runtime XDG_CONFIG_HOME=$WORK/home/.config
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export PATH=$PREFIX/bin:$PATH
SAMPLE=$PREFIX/share/cqlwb/sample/sample.pgn.zst
QUERY=$PREFIX/share/cqlwb/examples/smothered-mate.cql
[[ $(command -v cqlwb-cli) == "$PREFIX/bin/cqlwb-cli" ]] || fail "cqlwb-cli is not found in $PREFIX/bin"

if cqlwb-cli -silent -i "$SAMPLE" -o "$WORK/found.pgn" "$QUERY" >"$WORK/cli.log" 2>&1; then
  games=$(grep -c '^\[Event ' "$WORK/found.pgn" || true)
  if [[ $games -gt 0 ]]; then
    say "cqlwb-cli: $games games of the installed sample match the installed $(basename "$QUERY")"
  else
    fail "cqlwb-cli found no game in the installed sample database"
  fi
else
  cat "$WORK/cli.log" >&2
  fail "cqlwb-cli on the installed sample database failed"
fi
version=$(cqlwb-cli -version) || fail "cqlwb-cli -version failed"
say "cqlwb-cli -version: $version"

# The workbench under a virtual X server when there is one (as a desktop
# starts it), else on Qt's offscreen platform.
if command -v xvfb-run >/dev/null; then
  gui() { timeout 300 xvfb-run -a -s '-screen 0 1280x900x24' "$@"; }
else
  gui() { QT_QPA_PLATFORM=offscreen timeout 300 "$@"; }
fi
out=$(gui cqlwb --version 2>"$WORK/gui.log") || { cat "$WORK/gui.log" >&2; fail "cqlwb --version failed"; }
[[ $out == "CQL Workbench "* && $version == *"${out#CQL Workbench }"* ]] \
  || fail "cqlwb --version says '$out', cqlwb-cli -version '$version'"
say "cqlwb --version: $out"
# The language comes from the environment, as on a German desktop.
help_de=$(LANGUAGE='' LC_ALL='' LANG=de_DE.UTF-8 gui cqlwb --help 2>/dev/null) || fail "cqlwb --help failed"
grep -q 'Schachpartien' <<<"$help_de" || fail "cqlwb --help on a German system is not in German: $help_de"

# The menu entry's command, with files as a file manager passes them (%F),
# and --screenshot so that it quits once the search is shown.
DESKTOP=$PREFIX/share/applications/$APPID.desktop
exec_line=$(sed -n 's/^Exec=//p' "$DESKTOP" | head -1)
if [[ $exec_line != *%F* ]]; then
  fail "the desktop file's Exec line takes no files: $exec_line"
else
  read -r -a argv <<<"${exec_line//%F/$SAMPLE $QUERY}"
  if gui "${argv[@]}" --screenshot "$WORK/shot.png" >"$WORK/exec.log" 2>&1 && [[ -s $WORK/shot.png ]]; then
    say "Exec=$exec_line opened the sample and the query: a $(stat -c %s "$WORK/shot.png")-byte screenshot"
  else
    cat "$WORK/exec.log" >&2
    fail "the desktop file's Exec line failed: ${argv[*]}"
  fi
fi

if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$DESKTOP" || fail "desktop-file-validate $DESKTOP"
else
  missing_tool desktop-file-validate
fi
if command -v appstreamcli >/dev/null; then
  # --no-net: the screenshots' URLs are not fetched (CI has no network to them).
  appstreamcli validate --no-net --pedantic "$PREFIX/share/metainfo/$APPID.metainfo.xml" >"$WORK/as.log" 2>&1 \
    || { cat "$WORK/as.log" >&2; fail "appstreamcli validate"; }
else
  missing_tool appstreamcli
fi
if command -v update-mime-database >/dev/null; then
  # The MIME package as shared-mime-info reads it, in a database of its own.
  mkdir -p "$WORK/mime/packages"
  cp "$PREFIX/share/mime/packages/$APPID.xml" "$WORK/mime/packages/"
  update-mime-database "$WORK/mime" 2>"$WORK/mime.log" || { cat "$WORK/mime.log" >&2; fail "update-mime-database"; }
  for g in '*.cql' '*.cqls'; do
    grep -qF ":text/x-cql:$g" "$WORK/mime/globs2" 2>/dev/null || fail "the MIME package does not make $g text/x-cql"
  done
else
  missing_tool update-mime-database
fi

# The manual pages: no groff warnings, and every option of the programs and of
# docs/workbench.md described in them.
manpage() { LC_ALL=C.UTF-8 MANWIDTH=100 MAN_KEEP_FORMATTING='' man --warnings=w -l "$PREFIX/share/man/man1/$1.1.gz" 2>"$WORK/man.log"; }
has_option() { grep -qE -- "(^|[^[:alnum:]-])$1([^[:alnum:]-]|\$)" <<<"$2"; }
if command -v man >/dev/null; then
  for page in cqlwb cqlwb-cli cqlwb-dask; do
    text=$(manpage "$page") || fail "man $page"
    [[ ! -s $WORK/man.log ]] || { cat "$WORK/man.log" >&2; fail "man $page warns"; }
    if [[ $page == cqlwb ]]; then
      # --help-all is Qt's own (its options for every program), not the workbench's.
      opts=$(gui cqlwb --help 2>/dev/null | grep -oE '^ +(-[[:alnum:]?], )?--[[:alnum:]-]+' | grep -oE -- '--[[:alnum:]-]+' \
             | grep -vx -- --help-all)
      manual=$(cat "$PREFIX/share/doc/cqlwb/workbench.md")
      for o in $opts; do
        [[ $o == --help || $o == --version ]] && continue
        has_option "$o" "$manual" || fail "cqlwb $o is not in the manual (docs/workbench.md)"
      done
    elif [[ $page == cqlwb-cli ]]; then
      opts=$(cqlwb-cli -help | grep -E '^  -' | grep -oE -- '(^|[ ,])-[[:alnum:]][[:alnum:]-]*' | tr -d ' ,')
    else
      opts=$(cqlwb-dask --help | grep -oE -- '--[[:alnum:]][[:alnum:]-]*' | sort -u | grep -vx -- --help) \
        || fail "cqlwb-dask --help failed"
    fi
    [[ -n $opts ]] || fail "no options read from $page's help"
    for o in $opts; do
      has_option "$o" "$text" || fail "$page $o is not in the manual page $page(1)"
    done
  done
else
  missing_tool man
fi

if ((FAILED)); then
  echo "check-installed: the installation in $PREFIX failed the checks above" >&2
  exit 1
fi
say "the installation in $PREFIX passed every check"
