#!/usr/bin/env bash
# Regenerates tests/syntax/reference/ from tests/syntax/input/ with the real KSyntaxHighlighting engine.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run it after changing resources/syntax/cql.xml or adding an input, then read
# the diff (git diff tests/syntax/reference) before committing it. KF5's
# kate-syntax-highlighter and KF6's ksyntaxhighlighter6 give the same
# references; the Debian 13 stage (scripts/test-debian13.sh) checks KF6.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${CQLWB_SYNTAX_HIGHLIGHTER:-$(command -v ksyntaxhighlighter6 || command -v kate-syntax-highlighter || true)}
if [[ -z $BIN ]]; then
  echo "no highlighter: install libkf6syntaxhighlighting-tools (Debian 13) or libkf5syntaxhighlighting-tools (Debian 12)" >&2
  exit 1
fi
python3 "$ROOT/tests/syntax/check_definition.py" "$ROOT/resources/syntax/cql.xml" | tail -1
rm -f "$ROOT"/tests/syntax/reference/*.ref
exec python3 "$ROOT/tests/syntax/highlight_test.py" --update --highlighter "$BIN" \
  --definition "$ROOT/resources/syntax/cql.xml" \
  --inputs "$ROOT/tests/syntax/input" --references "$ROOT/tests/syntax/reference"
