#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares what the CQL-S variant keywords and CQL 6 filters find in the
shared variant games with the per-game facts an independent implementation
(chessops) computed: ../shared/data/variants/facts.jsonl.

usage: scripts/check-variant-keywords.py [--cli build/app/cqlwb-cli] [--data DIR]

Each query is run once per file with a unique match marker; the markers are
counted per game in the output (the games' Round tag is their number) and
compared with the count the facts predict. Prints one line per query with
the games that agree, and the first disagreeing games; exits 1 on any
disagreement not listed as expected.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

FILES = ["threecheck", "kingofthehill", "antichess", "crazyhouse"]
MARK = "VKEYSMARK"


def run(cli, query, pgn, cqls):
    with tempfile.TemporaryDirectory() as d:
        q = os.path.join(d, "q.cqls" if cqls else "q.cql")
        out = os.path.join(d, "out.pgn")
        with open(q, "w") as f:
            f.write(query + "\n")
        subprocess.run([cli, "-s", "-matchstring", MARK, "-i", pgn, "-o", out, q],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        counts = {}
        if not os.path.exists(out):
            return counts
        text = open(out, encoding="utf-8").read()
        for game in re.split(r"\n(?=\[Event )", text):
            m = re.search(r'\[Round "(\d+)"\]', game)
            if m:
                counts[int(m.group(1))] = game.count(MARK)
        return counts


def counters(fen):
    """Checks given (White, Black) from a Three-check FEN's checks-left field."""
    for field in fen.split()[1:]:
        m = re.fullmatch(r"(\d)\+(\d)", field)
        if m:
            return 3 - int(m.group(1)), 3 - int(m.group(2))
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(here, "..", "build", "app", "cqlwb-cli"))
    ap.add_argument("--data", default=os.path.join(here, "..", "..", "shared", "data", "variants"))
    a = ap.parse_args()
    facts = {}
    for line in open(os.path.join(a.data, "facts.jsonl")):
        f = json.loads(line)
        facts.setdefault(f["file"].split(".")[0], {})[f["game"]] = f

    def received(f):
        # Checks (White received, Black received) at the end of the game.
        c = counters(f["final_fen"]) if f["variant"] == "Three-check" else None
        w, b = c if c else f["checks_given"]
        return b, w

    def final_count(pred):
        return lambda f: 1 if pred(f) else 0

    checks = [
        # (query, CQL-S?, expected count per game, known disagreements: why)
        ("(match (position :threechecks))", True, final_count(lambda f: f["variant_end"] == "third_check"), None),
        ("(match (position :kingonthehill))", True, final_count(lambda f: f["king_on_hill_final"]), None),
        ("(match (position :losing))", True, final_count(lambda f: f["variant_end"] == "no_pieces"), None),
        ("(match (position :takeslastpiece))", True, final_count(lambda f: f["variant_end"] == "no_pieces"), None),
        ("(match (position :mate))", True, final_count(lambda f: f["end"] == "checkmate"), None),
        ("(match (position :stalemate))", True,
         final_count(lambda f: f["end"] == "stalemate" or f["variant_end"] == "stalemate_win"), None),
        ("(match (position :terminal :gameisover))", True, final_count(lambda f: f["end"] != "none"),
         "chessops ends 3 Antichess games by insufficient material; the seed's :matingmaterial is always true in Antichess"),
        ("(match (position :captureforced))", True, lambda f: f["must_capture_positions"], None),
        ("(match (position :mustcapture !:terminal))", True, lambda f: f["must_capture_positions"], None),
        ("(match (position :ischeck))", True, lambda f: sum(f["checks_given"]), None),
        ("(match (position :ischeck :wtm))", True, lambda f: f["checks_given"][0], None),
        ("(match (position :movefrom U[+]))", True, lambda f: f["drops"], None),
        ("(match (position :movefrom [Qq][+]))", True, lambda f: f["queen_drops"], None),
        ("(match (position :movefrom ???))", True, lambda f: f["plies"] - f["drops"], None),
        ("(match (position :line (--)))", True, lambda f: f["plies"], None),
        ("cql() mate", False, final_count(lambda f: f["end"] == "checkmate"), None),
        ("cql() stalemate", False,
         final_count(lambda f: f["end"] == "stalemate" or f["variant_end"] == "stalemate_win"), None),
        ("cql() not initial check", False, lambda f: sum(f["checks_given"]), None),
        ("cql() move from _", False, lambda f: f["drops"], None),
        ("cql() move capture [Aa]", False, lambda f: f["captures"], None),
    ]
    most = max(max(received(f)) for games in facts.values() for f in games.values())
    for k in range(0, most + 1):
        checks.append(("(match (position :terminal :checkcount %d : *))" % k, True,
                       final_count(lambda f, k=k: received(f)[0] == k), None))
        checks.append(("(match (position :terminal :checkcount * : %d))" % k, True,
                       final_count(lambda f, k=k: received(f)[1] == k), None))

    failed = False
    totals = [0, 0]
    for query, cqls, expect, known in checks:
        agree = games = 0
        wrong = []
        for name in FILES:
            got = run(a.cli, query, os.path.join(a.data, name + ".pgn.zst"), cqls)
            for n, f in sorted(facts[name].items()):
                games += 1
                want, have = expect(f), got.get(n, 0)
                if want == have:
                    agree += 1
                else:
                    wrong.append("%s #%d: %d, facts %d" % (name, n, have, want))
        totals[0] += agree
        totals[1] += games
        if query.startswith("(match (position :terminal :checkcount") and not wrong:
            continue  # one line for all of them below
        print("%-50s %4d / %d games agree" % (query, agree, games))
        if wrong:
            print("    " + "; ".join(wrong[:5]) + (" ..." if len(wrong) > 5 else ""))
            if known:
                print("    expected: " + known)
            else:
                failed = True
    print(":checkcount W : B at the final position, W and B 0..%d: any disagreement is listed above" % most)
    print("total: %d of %d (query, game) pairs agree" % (totals[0], totals[1]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
