#!/usr/bin/env python3
# Runs a conformance suite of ../shared on cqlwb-cli; skips (exit 77) when the shared folder is absent.
# SPDX-License-Identifier: GPL-3.0-or-later
"""usage: run_conformance.py SHARED_DIR CLI SUITE"""
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    shared, cli, suite = sys.argv[1:]
    runner = os.path.join(shared, 'conformance', 'run.py')
    if not os.path.exists(runner):
        print(f'skipped: {runner} not found (the shared folder is not beside the source tree)')
        return 77
    return subprocess.call([sys.executable, runner, '--cli', cli, '--suite', suite, '--show', '1000'])


if __name__ == '__main__':
    sys.exit(main())
