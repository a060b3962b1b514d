#!/usr/bin/env python3
# Suite benchmark: times every query of the conformance suites (cql6 and the
# official examples) over one database from the PGN text (-nostore) and from a
# warm game store, and prints each query's ratio, slowest gain first. Processor
# time (user + system) of the cqlwb-cli runs is compared, so the figures hold
# on a busy machine; each way runs twice (--runs) and the fastest run counts.
# On a busy machine a best of 2 can still move one query by a quarter: use
# --runs 3 or more before reading much into a single slow ratio.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: bench_suites.py [--cli BUILD/app/cqlwb-cli] [--pgn FILE]
#                        [--conformance ../shared/conformance] [--threads N]
#                        [--under SECONDS] [--runs N]
# --under leaves out the queries whose first run from the text takes longer
# (the README's figures use 3: the quick queries a user tries one after another).
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile


def queries(folder):
    for name in ("cql6-queries.tsv", "examples.tsv"):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                ident, body = line.rstrip("\n").split("\t", 1)
                # "@file" names a query file; else the body follows an implied cql().
                yield ident, [os.path.join(folder, body[1:])] if body.startswith("@") else ["-cql", body]


def cpu_seconds(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    shared = os.path.join(here, "..", "..", "shared")
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cli", default=os.path.join(here, "..", "build", "app", "cqlwb-cli"))
    ap.add_argument("--pgn", default=os.path.join(shared, "data", "masters20k.pgn.zst"))
    ap.add_argument("--conformance", default=os.path.join(shared, "conformance"))
    ap.add_argument("--threads", default="1")
    ap.add_argument("--under", type=float, default=0, help="only queries whose text run takes less (seconds)")
    ap.add_argument("--runs", type=int, default=2, help="runs each way; the fastest counts")
    a = ap.parse_args()
    for path in (a.cli, a.pgn, a.conformance):
        if not os.path.exists(path):
            sys.exit(f"bench_suites: {path}: not found")
    with tempfile.TemporaryDirectory(prefix="cqlwb-bench-suites-") as tmp:
        base = [a.cli, "-i", a.pgn, "-threads", a.threads, "-storedir", tmp, "-o", os.path.join(tmp, "out.pgn")]
        cpu_seconds(base + ["-cql", "false"])  # builds the store and the text cache once
        rows = []
        left_out = 0
        for ident, q in queries(a.conformance):
            first = cpu_seconds(base + ["-nostore"] + q)
            if a.under and first >= a.under:
                left_out += 1
                continue
            text = min([first] + [cpu_seconds(base + ["-nostore"] + q) for _ in range(a.runs - 1)])
            store = min(cpu_seconds(base + q) for _ in range(max(1, a.runs)))
            rows.append((text / store if store > 0 else float("inf"), ident, text, store))
    rows.sort()
    for ratio, ident, text, store in rows:
        print(f"{ratio:6.1f}x  {ident:<36} text {text:7.3f} s  store {store:7.3f} s")
    ratios = [r[0] for r in rows]
    print(f"{len(rows)} queries: median {statistics.median(ratios):.1f}x, "
          f"{sum(r >= 4 for r in ratios)} at least 4x, {sum(r < 1.5 for r in ratios)} below 1.5x; "
          f"text {sum(r[2] for r in rows):.1f} s, store {sum(r[3] for r in rows):.1f} s in all"
          + (f"; {left_out} left out (text run {a.under:g} s or more)" if left_out else ""))


if __name__ == "__main__":
    main()
