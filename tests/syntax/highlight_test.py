#!/usr/bin/env python3
# Highlighting reference test: runs the KSyntaxHighlighting command-line tool on every input and compares with the references.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Highlight every file of INPUTS with the real engine and compare with REFERENCES.

usage: highlight_test.py --highlighter BIN --definition cql.xml --inputs DIR
                         --references DIR [--update] [--actual DIR]

The engine is kate-syntax-highlighter (KF5) or ksyntaxhighlighter6 (KF6). It
prints, under each source line, where every token starts and the name of its
format (--syntax-trace format); with the colours removed this text depends
only on the definition, not on the theme or the engine version. It finds the
definition through XDG_DATA_DIRS, pointed at a private copy. Anything the
engine writes on stderr (a warning about the definition) is a failure.
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ANSI = re.compile(r'\x1b\[[0-9;]*[A-Za-z]')


def known_formats(definition):
    """The itemData names of the definition: the only names the trace can show."""
    import xml.etree.ElementTree as ET
    root = ET.parse(definition).getroot()
    return sorted((e.get('name') for e in root.iter('itemData')), key=len, reverse=True)


def utf16_len(s):
    return len(s.encode('utf-16-le')) // 2


def utf16_slice(s, start, end=None):
    b = s.encode('utf-16-le')
    return b[2 * start:None if end is None else 2 * end].decode('utf-16-le', 'replace')


def read_trace(trace, source_lines, formats):
    """Turn the trace back into one line per source line, tokens as <Format>text</Format>.

    Under each source line the tool prints pairs of rows: a row with '|' at the
    start of every token still unnamed, then a row naming some of them (a name
    starts exactly at its token's start; names may cover later starts, which
    stay unnamed for a later pair). Offsets are UTF-16 indexes, as in QString.
    Adjacent tokens of one format are merged and Normal Text is left bare.
    """
    rows = trace.split('\n')
    pos = 0
    result = []
    for lineno, src in enumerate(source_lines, 1):
        if pos >= len(rows) or rows[pos].rstrip() != src.rstrip():
            raise ValueError(f'line {lineno}: expected the source line, got {rows[pos] if pos < len(rows) else "end of output"!r}')
        pos += 1
        pending = None
        named = {}
        while pending is None or pending:
            if pos + 1 >= len(rows) or not rows[pos] or set(rows[pos]) - {' ', '|'}:
                if pending is None:
                    break  # a line without tokens
                raise ValueError(f'line {lineno}: trace ends with tokens unnamed at {sorted(pending)}')
            marks = [i for i, c in enumerate(rows[pos]) if c == '|']
            if pending is None:
                pending = set(marks)
            elif set(marks) != pending:
                raise ValueError(f'line {lineno}: marker row {rows[pos]!r} does not match the unnamed tokens')
            names = rows[pos + 1]
            pos += 2
            covered = 0  # names on this row cover the starts before this column
            for start in sorted(pending):
                if start < covered or start >= len(names) or names[start] in ' |':
                    continue
                name = next((f for f in formats if names.startswith(f, start)), None)
                if name is None:
                    raise ValueError(f'line {lineno}: unknown format name at column {start}: {names[start:]!r}')
                named[start] = name
                covered = start + len(name)
            pending -= named.keys()
        starts = sorted(named)
        out = []
        for k, start in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else utf16_len(src)
            text = utf16_slice(src, start, end)
            if out and out[-1][0] == named[start]:
                out[-1][1] += text
            else:
                out.append([named[start], text])
        if starts and starts[0] != 0:
            raise ValueError(f'line {lineno}: first token starts at {starts[0]}')
        result.append(''.join(text if fmt == 'Normal Text' else f'<{fmt}>{text}</{fmt}>' for fmt, text in out).rstrip())
    if any(r.strip() for r in rows[pos:]):
        raise ValueError(f'unexpected output after the last source line: {rows[pos]!r}')
    return '\n'.join(result) + '\n'


def highlight(binary, data_dir, path, formats):
    env = dict(os.environ)
    # Only our copy of the definition: not the user's ~/.local/share one.
    env['XDG_DATA_DIRS'] = data_dir
    env['XDG_DATA_HOME'] = os.path.join(data_dir, 'no-user-data')
    # A private runtime/config/cache too, so no Qt warning about them can appear.
    for var in ('XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME'):
        env[var] = os.path.join(data_dir, var.lower())
        os.makedirs(env[var], mode=0o700, exist_ok=True)
    env.setdefault('LC_ALL', 'C.UTF-8')
    env['QT_QPA_PLATFORM'] = 'offscreen'
    proc = subprocess.run([binary, '-s', 'CQL', '-f', 'ansi', '--syntax-trace', 'format', path],
                          capture_output=True, env=env, timeout=60)
    trace = ANSI.sub('', proc.stdout.decode('utf-8', 'replace'))
    err = proc.stderr.decode('utf-8', 'replace').strip()
    if proc.returncode != 0 or err:
        return proc.returncode, trace, err
    with open(path, encoding='utf-8') as f:
        source_lines = f.read().split('\n')
    if source_lines and source_lines[-1] == '':
        source_lines.pop()
    try:
        return 0, read_trace(trace, source_lines, formats), ''
    except ValueError as e:
        return 0, None, f'cannot read the trace: {e}'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--highlighter', required=True)
    ap.add_argument('--definition', required=True)
    ap.add_argument('--inputs', required=True)
    ap.add_argument('--references', required=True)
    ap.add_argument('--update', action='store_true', help='rewrite the references')
    ap.add_argument('--actual', help='write the outputs that differ into this folder')
    args = ap.parse_args()

    inputs = sorted(f for f in os.listdir(args.inputs) if f.endswith(('.cql', '.cqls')))
    if not inputs:
        print(f'no .cql/.cqls inputs in {args.inputs}')
        return 1
    formats = known_formats(args.definition)
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix='cqlwb-syntax-') as tmp:
        syntax_dir = os.path.join(tmp, 'org.kde.syntax-highlighting', 'syntax')
        os.makedirs(syntax_dir)
        shutil.copy(args.definition, os.path.join(syntax_dir, 'cql.xml'))
        if args.update:
            os.makedirs(args.references, exist_ok=True)
        for name in inputs:
            ref_path = os.path.join(args.references, name + '.ref')
            rc, out, err = highlight(args.highlighter, tmp, os.path.join(args.inputs, name), formats)
            problem = None
            if rc != 0:
                problem = f'{args.highlighter} exited with {rc}'
            elif err:
                lines = err.split('\n')
                more = f'\n  ... {len(lines) - 5} more lines' if len(lines) > 5 else ''
                problem = 'the highlighter warned:\n  ' + '\n  '.join(lines[:5]) + more
            if problem:
                print(f'FAIL {name}: {problem}')
                failed += 1
                continue
            if args.update:
                with open(ref_path, 'w', encoding='utf-8') as f:
                    f.write(out)
                print(f'wrote {os.path.relpath(ref_path)}')
                passed += 1
                continue
            if not os.path.exists(ref_path):
                print(f'FAIL {name}: no reference {ref_path} (run scripts/update-syntax-references.sh)')
                failed += 1
                continue
            with open(ref_path, encoding='utf-8') as f:
                expected = f.read()
            if out == expected:
                passed += 1
                continue
            failed += 1
            print(f'FAIL {name}: highlighting differs from {ref_path}')
            diff = list(difflib.unified_diff(expected.splitlines(), out.splitlines(),
                                             'reference', 'actual', lineterm='', n=2))
            for line in diff[:60]:
                print('  ' + line)
            if len(diff) > 60:
                print(f'  ... {len(diff) - 60} more diff lines')
            if args.actual:
                os.makedirs(args.actual, exist_ok=True)
                with open(os.path.join(args.actual, name + '.ref'), 'w', encoding='utf-8') as f:
                    f.write(out)
    if not args.update:
        names = {n + '.ref' for n in inputs}
        for stale in sorted(f for f in os.listdir(args.references) if f.endswith('.ref') and f not in names):
            print(f'FAIL {stale}: reference without an input')
            failed += 1
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
