#!/usr/bin/env python3
"""Differential test of answers against the reference engine.

usage: answer-diff.py --cli build/app/cqlwb-cli [--ref /work/refcql/cql]
                      [--count N] [--seed S] [--jobs 2] [--out DIR]
                      [--statements FILE] [--pgn FILE ...] [--games N]
                      [--header 'cql(variations)'] [--texts]

Makes short CQL 6 statements as grammar-diff.py does (mutations of the suites'
queries and the reference page's code), keeps those both engines accept, and
runs each on a few databases with both: by default the studies (variations,
comments, odd starts) and the first --games games of masters20k. The matched
games and the number of match markers in each are compared the way run.py
compares them (cqlout.py), and so are refusals at run time. With --texts the
text of every comment is compared instead (each game's comments as a sorted
list), which finds comments kept or lost where the markers agree.

Writes DIR/disagreements.tsv (statement, database, what differs) and
DIR/summary.txt; prints the summary. --statements FILE takes the statements of
FILE instead: one a line, or grammar-diff.py's statements.txt (accepted by both
where both columns are 1).
"""
import argparse
import concurrent.futures as cf
import importlib.util
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = '/work/shared'
sys.path.insert(0, os.path.join(SHARED, 'conformance'))

_spec = importlib.util.spec_from_file_location('grammar_diff', os.path.join(HERE, 'grammar-diff.py'))
gd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gd)
from cqlout import read_matches  # noqa: E402 (needs the path above)


HEADER = 'cql()'
TEXTS = False


def run(cmd, query, work, pgn, timeout):
    fd, qfile = tempfile.mkstemp(suffix='.cql', dir=work)
    with os.fdopen(fd, 'w', encoding='utf-8') as f:
        f.write(HEADER + '\n' + query + '\n')
    out = qfile + '-out.pgn'
    try:
        p = subprocess.run([cmd, '-i', pgn, '-o', out, qfile], capture_output=True, text=True,
                           errors='replace', timeout=timeout)
        rc, text = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        rc, text = None, 'timed out'
    pgntext = open(out, encoding='utf-8', errors='replace').read() if os.path.exists(out) else ''
    for f in (qfile, out):
        if os.path.exists(f):
            os.remove(f)
    lines = [l for l in text.split('\n') if l.strip() and not l.startswith('CQL version')
             and 'matches of' not in l and not l.startswith('<') and 'elapsed' not in l.lower()]
    return rc, (lines[0] if lines else '')[:160], (comment_texts(pgntext) if TEXTS else read_matches(pgntext))


def comment_texts(text):
    """--texts: {game_number: sorted comment texts}, whitespace folded. A game
    holding bytes past ASCII is left out: the reference writes them raw or as
    '?', we write UTF-8."""
    result, current = {}, None
    for c in re.finditer(r'\{([^}]*)\}', text, re.S):
        body = ' '.join(c.group(1).split())
        g = re.search(r'Game number (\d+)', body)
        if g:
            current = int(g.group(1))
            result[current] = []
        if current is not None and result[current] is not None:
            if any(ord(ch) > 127 or ch in '?\ufffd' for ch in body):
                result[current] = None
            elif body != 'game truncated':  # our note at a cut between moves (docs/cli.md)
                result[current].append(body)
    return {g: sorted(v) for g, v in result.items() if v is not None}


def differs(ref, ours):
    missing = sorted(set(ref) - set(ours))
    extra = sorted(set(ours) - set(ref))
    markers = [g for g in sorted(ref) if g in ours and ref[g] != ours[g]]
    if TEXTS and markers:
        g = markers[0]
        a, b = set(ref[g]), set(ours[g])
        return f'{len(markers)} games\' comments (game {g}: ref only {sorted(a - b)[:2]}, ours only {sorted(b - a)[:2]})'
    parts = []
    if missing:
        parts.append(f'{len(missing)} missing (first {missing[:4]})')
    if extra:
        parts.append(f'{len(extra)} extra (first {extra[:4]})')
    if markers:
        g = markers[0]
        parts.append(f'{len(markers)} marker counts (game {g}: ref {ref[g]}, ours {ours[g]})')
    return '; '.join(parts)


def check(args, query, work):
    found = []
    for pgn in args.pgn:
        ref_rc, ref_msg, ref = run(args.ref, query, work, pgn, args.timeout)
        if ref_rc is None:
            continue  # the reference is too slow here: nothing to compare
        our_rc, our_msg, ours = run(args.cli, query, work, pgn, args.timeout * 4)
        name = os.path.basename(pgn)
        if (ref_rc == 0) != (our_rc == 0):
            found.append((name, f'exit ref {ref_rc} ours {our_rc}', ref_msg, our_msg))
        elif ref_rc == 0:
            d = differs(ref, ours)
            if d:
                found.append((name, d, ref_msg, our_msg))
    return query, found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--cli', required=True)
    ap.add_argument('--ref', default='/work/refcql/cql')
    ap.add_argument('--count', type=int, default=1000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--out', default='answer-diff-out')
    ap.add_argument('--statements')
    ap.add_argument('--pgn', action='append', help='databases (default: studies and a masters slice)')
    ap.add_argument('--games', type=int, default=300, help='games of masters20k in the default slice')
    ap.add_argument('--timeout', type=float, default=20, help="seconds for the reference's run")
    ap.add_argument('--header', default='cql()', help='the header before each statement: cql(variations) searches the '
                    'studies\' variations too')
    ap.add_argument('--texts', action='store_true', help='compare the text of every comment, not only the '
                    'match markers (games with bytes past ASCII are left out)')
    args = ap.parse_args()
    global HEADER, TEXTS
    HEADER = args.header
    TEXTS = args.texts
    args.cli = os.path.abspath(args.cli)
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix='cql-answer-diff-')
    empty = os.path.join(work, 'empty.pgn')
    open(empty, 'w').close()
    if not args.pgn:
        args.pgn = [os.path.join(SHARED, 'data', 'studies.pgn')]
        masters = subprocess.run(['zstd', '-dc', os.path.join(SHARED, 'data', 'masters20k.pgn.zst')],
                                 capture_output=True, text=True, errors='replace').stdout
        games = re.split(r'\n(?=\[Event )', masters)[:args.games]
        slice_path = os.path.join(work, f'masters{args.games}.pgn')
        with open(slice_path, 'w', encoding='utf-8') as f:
            f.write('\n'.join(games) + '\n')
        args.pgn.append(slice_path)

    if args.statements:
        statements = []
        for line in open(args.statements, encoding='utf-8'):
            line = line.rstrip('\n')
            cols = line.split('\t')
            if len(cols) == 3 and cols[0] in '01' and cols[1] in '01':
                if cols[0] == cols[1] == '1':
                    statements.append(cols[2])
            elif line.strip():
                statements.append(line)
    else:
        rng = random.Random(args.seed)
        pool = [t for t in (gd.tokens(q) for q in gd.seeds()) if t]
        seen, statements = set(), []
        tries = 0
        while len(statements) < args.count * 4 and tries < args.count * 80:
            tries += 1
            made = gd.mutate(rng, rng.choice(pool))
            if made and made[0] not in seen and '\n' not in made[0]:
                seen.add(made[0])
                statements.append(made[0])
        # Only statements both engines accept have answers to compare.
        with cf.ThreadPoolExecutor(args.jobs) as ex:
            verdicts = list(ex.map(lambda q: (q, run(args.ref, q, work, empty, 30)[0],
                                              run(args.cli, q, work, empty, 30)[0]), statements))
        statements = [q for q, a, b in verdicts if a == 0 and b == 0][:args.count]

    with cf.ThreadPoolExecutor(args.jobs) as ex:
        results = list(ex.map(lambda q: check(args, q, work), statements))
    for f in os.listdir(work):
        os.remove(os.path.join(work, f))
    os.rmdir(work)

    bad = [(q, f) for q, f in results if f]
    with open(os.path.join(args.out, 'disagreements.tsv'), 'w', encoding='utf-8') as out:
        for q, found in bad:
            for name, what, ref_msg, our_msg in found:
                out.write('\t'.join([q, name, what, ref_msg, our_msg]) + '\n')
    lines = [f'{len(results)} statements, {len(results) - len(bad)} answer alike, {len(bad)} differ']
    for q, found in bad[:60]:
        for name, what, ref_msg, our_msg in found:
            lines.append(f'  {q!r} on {name}: {what}' + (f' | ref: {ref_msg[:70]} | ours: {our_msg[:70]}'
                                                           if what.startswith('exit') else ''))
    summary = '\n'.join(lines)
    with open(os.path.join(args.out, 'summary.txt'), 'w', encoding='utf-8') as f:
        f.write(summary + '\n')
    print(summary)
    return 0


if __name__ == '__main__':
    sys.exit(main())
