#!/usr/bin/env python3
# Makes a large test database of distinct games from a smaller one, for the
# scale benchmarks (issue 22): each pass over the source writes every game
# again with its Event and Round tags changed ("Event (copy 2)", round "2.x"),
# so no two games of the output are the same text, while the moves, and so
# every search's work per game, stay those of real games.
#
# usage: scripts/make-big-database.py [--games N] [--source FILE] OUT
#   --games N     how many games to write (default 2,000,000)
#   --source FILE a .pgn, .pgn.gz or .pgn.zst (default ../shared/data/masters.pgn.zst)
#   OUT           ends in .zst for a zstd-compressed file (needs the zstd program), else plain PGN
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import gzip
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(HERE, "..", "..", "shared", "data", "masters.pgn.zst")
TAG = re.compile(rb'^\[(Event|Round) "(.*)"\]\s*$')


def open_source(path):
    if path.endswith(".zst"):
        proc = subprocess.Popen(["zstd", "-dc", path], stdout=subprocess.PIPE)
        return proc.stdout, proc
    if path.endswith(".gz"):
        return gzip.open(path, "rb"), None
    return open(path, "rb"), None


def games(path):
    """The games of the file as lists of lines (bytes), tags first."""
    stream, proc = open_source(path)
    game, in_moves = [], False
    for line in stream:
        if line.startswith(b"[") and in_moves:
            yield game
            game, in_moves = [], False
        if not line.startswith(b"[") and line.strip():
            in_moves = True
        game.append(line)
    if game and any(l.strip() for l in game):
        yield game
    if proc:
        proc.wait()
        if proc.returncode:
            sys.exit(f"make-big-database: zstd failed on {path}")


def renamed(game, copy):
    if copy == 1:
        return game
    out = []
    for line in game:
        m = TAG.match(line)
        if m and m.group(1) == b"Event":
            line = b'[Event "%s (copy %d)"]\n' % (m.group(2), copy)
        elif m and m.group(1) == b"Round":
            line = b'[Round "%d.%s"]\n' % (copy, m.group(2))
        out.append(line)
    return out


def main():
    ap = argparse.ArgumentParser(description="Make a large database of distinct games by repeating a smaller one.")
    ap.add_argument("--games", type=int, default=2_000_000)
    ap.add_argument("--source", default=DEFAULT_SOURCE)
    ap.add_argument("out")
    a = ap.parse_args()
    if not os.path.exists(a.source):
        sys.exit(f"make-big-database: no source database {a.source}")
    tmp = a.out + ".part"
    if a.out.endswith(".zst"):
        sink = open(tmp, "wb")
        zproc = subprocess.Popen(["zstd", "-q", "-T0", "-3", "-c"], stdin=subprocess.PIPE, stdout=sink)
        out = zproc.stdin
    else:
        sink, zproc = None, None
        out = open(tmp, "wb")
    written, copy = 0, 0
    while written < a.games:
        copy += 1
        before = written
        for g in games(a.source):
            out.writelines(renamed(g, copy))
            if g and not g[-1].endswith(b"\n\n") and g[-1].strip():
                out.write(b"\n")
            written += 1
            if written >= a.games:
                break
        if written == before:
            sys.exit(f"make-big-database: {a.source} holds no games")
    out.close()
    if zproc:
        if zproc.wait():
            sys.exit("make-big-database: zstd failed")
        sink.close()
    # Written under a temporary name first: an interrupted run leaves no half file under OUT.
    os.replace(tmp, a.out)
    print(f"{written} games ({copy} passes over {a.source}) written to {a.out}")


if __name__ == "__main__":
    main()
