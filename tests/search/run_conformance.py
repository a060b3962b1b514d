#!/usr/bin/env python3
# Runs a conformance suite of ../shared on cqlwb-cli; skips (exit 77) when the
# shared folder is absent. Differences listed in conformance-known.txt are
# printed as known and do not fail the test; any other difference does.
# SPDX-License-Identifier: GPL-3.0-or-later
"""usage: run_conformance.py SHARED_DIR CLI SUITE"""
import os
import re
import subprocess
import sys

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
    p = subprocess.run([sys.executable, runner, '--cli', cli, '--suite', suite, '--show', '100000'],
                       capture_output=True, text=True)
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
    for case in sorted(set(known) - failed):
        print(f'{case} passes now: remove it from tests/search/conformance-known.txt')
    if p.returncode not in (0, 1) or unexpected or set(known) - failed:
        print(f'conformance {suite}: {len(unexpected)} unexpected difference(s)')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
