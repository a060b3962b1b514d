#!/usr/bin/env python3
# Runs a conformance suite of ../shared on cqlwb-cli; skips (exit 77) when the
# shared folder is absent. Differences listed in conformance-known.txt are
# printed as known and do not fail the test; any other difference does.
# SPDX-License-Identifier: GPL-3.0-or-later
"""usage: run_conformance.py SHARED_DIR CLI SUITE"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def known_differences():
    known = {}
    with open(os.path.join(HERE, 'conformance-known.txt'), encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                case, _, reason = line.partition(': ')
                known[case] = reason
    return known


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    shared, cli, suite = sys.argv[1:]
    runner = os.path.join(shared, 'conformance', 'run.py')
    if not os.path.exists(runner):
        print(f'skipped: {runner} not found (the shared folder is not beside the source tree)')
        return 77
    # run.py decompresses each .pgn.zst on first use from two threads at once,
    # which races on an empty cache: fill the cache first, one file at a time.
    cache = os.environ.get('CQL_CONFORMANCE_CACHE', os.path.join(tempfile.gettempdir(), 'cql-conformance-data'))
    os.makedirs(cache, exist_ok=True)
    names = set()
    expected = os.path.join(shared, 'conformance', f'{suite}-expected.jsonl')
    with open(expected, encoding='utf-8') as f:
        for line in f:
            names.add(json.loads(line)['pgn'])
    for name in sorted(names):
        plain, packed = os.path.join(shared, 'data', name), os.path.join(shared, 'data', name + '.zst')
        target = os.path.join(cache, name)
        if not os.path.exists(plain) and os.path.exists(packed) and not os.path.exists(target):
            subprocess.run(['zstd', '-q', '-d', '-f', packed, '-o', target + '.part'], check=True)
            os.replace(target + '.part', target)
    # run.py leaves its working folder (the outputs, about 0.5 GB a suite) behind:
    # give it a temporary folder of ours, removed afterwards.
    with tempfile.TemporaryDirectory(prefix='cqlwb-conformance-') as scratch:
        env = dict(os.environ, CQL_CONFORMANCE_CACHE=cache, TMPDIR=scratch)
        p = subprocess.run([sys.executable, runner, '--cli', cli, '--suite', suite, '--show', '100000'],
                           capture_output=True, text=True, env=env)
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    known = {k: v for k, v in known_differences().items() if k.startswith(suite + '/')}
    failed = set()
    for line in p.stdout.splitlines():
        m = re.match(r'FAIL (\S+ on \S+):', line)
        if m:
            failed.add(m.group(1))
    unexpected = sorted(failed - set(known))
    for case in sorted(failed & set(known)):
        print(f'KNOWN DIFFERENCE {case}: {known[case]}')
    # A known difference that sits on a byte boundary can pass with another
    # compiler's build; say so, but it is no failure.
    for case in sorted(set(known) - failed):
        print(f'{case} passes in this build (listed in tests/search/conformance-known.txt)')
    if p.returncode not in (0, 1) or unexpected:
        print(f'conformance {suite}: {len(unexpected)} unexpected difference(s)')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
