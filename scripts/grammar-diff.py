#!/usr/bin/env python3
"""Differential test of the CQL 6 grammar against the reference engine.

usage: grammar-diff.py --cli build/app/cqlwb-cli [--ref /work/refcql/cql]
                       [--count N] [--seed S] [--jobs 2] [--out DIR]
                       [--statements FILE]

Makes short CQL 6 statements by mutating the conformance suites' queries, the
examples and the code in the CQL 6 reference page (windows of a few tokens,
token deletions, duplications, swaps, operator replacements, keyword pairs,
nesting in braces, parentheses, not and transforms), asks both engines whether
each is valid the way run.py --suite parse does (exit status 0 on an empty
database, the statement after a `cql()` header), and lists the disagreements
grouped by shape: the direction, and both engines' first messages with names,
numbers and places blanked.

A statement the reference accepts on the empty database is run again by it on
a few games (--games PGN): when it fails there, the refusal is a runtime one
(CQL 6.2 checks some things only when a position is evaluated), reported in
its own group.

Writes DIR/disagreements.tsv (direction, group, statement, messages) and
DIR/summary.txt; prints the summary. --statements FILE checks the statements
of FILE (one a line) instead of generating them.
"""
import argparse
import collections
import concurrent.futures as cf
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = '/work/shared'

OPERATORS = ['==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', '|', '&', '~', '=', '+=', '-=',
             '|=', '&=', ':', '->', '<-', '--', '-->', '<--', '#', 'in', 'and', 'or', 'not', '~~', '[x]',
             '=?', ',', '.', '(', ')', '{', '}', '[', ']']
KEYWORDS = ['check', 'mate', 'stalemate', 'wtm', 'btm', 'move', 'legal', 'previous', 'from', 'to', 'capture',
            'promote', 'count', 'find', 'all', 'line', 'path', 'echo', 'sort', 'min', 'max', 'quiet', 'message',
            'comment', 'str', 'dictionary', 'local', 'persistent', 'atomic', 'function', 'if', 'then', 'else',
            'flip', 'flipcolor', 'shift', 'rotate90', 'rotate45', 'reversecolor', 'dihedral', 'currentposition',
            'parent', 'child', 'position', 'hhdb', 'cooked', 'event', 'site', 'player', 'white', 'black', 'elo',
            'year', 'result', 'countmoves', 'square', 'piece', 'ray', 'xray', 'pin', 'through', 'attacks',
            'attackedby', 'between', 'up', 'down', 'diagonal', 'orthogonal', 'light', 'dark', 'file', 'rank',
            'power', 'abs', 'initial', 'terminal', 'ply', 'movenumber', 'gamenumber', 'tag', 'settag',
            'isbound', 'isunbound', 'unbind', 'fen', 'int', 'ascii', 'lowercase', 'uppercase', 'indexof',
            'loop', 'while', 'assert', 'sidetomove', 'pieceid', 'type', 'colortype', 'makesquare', 'x', 'y',
            'X', 'S', 'T', 'D', 'k', 'K', 'Q', 'q', 'A', 'a', '_', '1', '2', '"a"', 'e4', '[Aa]', 'a-h2']
WRAPS = [('{', '}'), ('(', ')'), ('not', ''), ('flip', ''), ('find', ''), ('line -->', ''),
         ('x=currentposition', 'x'), ('echo (s t)', ''), ('sort', ''), ('flipcolor', ''), ('S=', ''),
         ('if', 'check'), ('{', '} or check'), ('', ' --> mate'), ('', ':check')]

TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|-->|<--|->|<-|--|==|!=|<=|>=|\+=|-=|\*=|/=|%=|\|=|&=|=\?'
                   r'|~~|\[x\]|\[<=\]|\[>=\]|\[<\]|\[>\]|[(){}\[\],:=<>+\-*/%|&~#]|[^\s(){}\[\],:=<>+\-*/%|&~#"]+')


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return '\n'.join(re.sub(r'(^|\s)(//|;).*$', ' ', line) for line in text.split('\n'))


def body_of(query):
    """The body of a query: without its cql( ... ) header."""
    m = re.match(r'\s*cql\s*\(', query)
    if not m:
        return query
    depth, i = 1, m.end()
    while i < len(query) and depth:
        depth += {'(': 1, ')': -1}.get(query[i], 0)
        i += 1
    return query[i:]


def seeds():
    """Queries to mutate: bodies of the suites' queries and code from the reference page."""
    out = []
    conf = os.path.join(SHARED, 'conformance')
    tsv = os.path.join(conf, 'cql6-queries.tsv')
    if os.path.exists(tsv):
        for line in open(tsv, encoding='utf-8'):
            if '\t' in line and not line.startswith('#'):
                out.append(line.split('\t', 1)[1].replace('\\n', '\n'))
    for path in sorted(glob.glob(os.path.join(conf, 'examples', '*.cql')) +
                       glob.glob(os.path.join(ROOT, 'examples', '*.cql'))):
        out.append(body_of(strip_comments(open(path, encoding='utf-8', errors='replace').read())))
    sample = os.path.join(conf, 'parse-sample.jsonl')
    if os.path.exists(sample):
        for line in open(sample, encoding='utf-8'):
            out.append(json.loads(line)['query'])
    ref = os.path.join(SHARED, 'reference', 'cql6.md')
    if os.path.exists(ref):
        for code in re.findall(r'`([^`\n]+)`', open(ref, encoding='utf-8').read()):
            if not code.startswith('cql('):
                out.append(code)
    return [q for q in out if q.strip()]


def tokens(query):
    return [t for t in TOKEN.findall(query) if not t.startswith('//')]


def mutate(rng, toks):
    """One short statement made from the tokens of a query."""
    n = len(toks)
    if n == 0:
        return None
    # A window of a few tokens keeps statements short, as the hidden suite's are.
    size = rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 6, 8])
    start = rng.randrange(max(1, n - size + 1))
    w = list(toks[start:start + size])
    kind = rng.choice(['window', 'delete', 'duplicate', 'swap', 'operator', 'keyword', 'wrap', 'combine'])
    if kind == 'delete' and len(w) > 1:
        del w[rng.randrange(len(w))]
    elif kind == 'duplicate':
        i = rng.randrange(len(w))
        w.insert(i, w[i])
    elif kind == 'swap' and len(w) > 1:
        i = rng.randrange(len(w) - 1)
        w[i], w[i + 1] = w[i + 1], w[i]
    elif kind == 'operator':
        ops = [i for i, t in enumerate(w) if t in OPERATORS]
        i = rng.choice(ops) if ops else rng.randrange(len(w) + 1)
        if ops:
            w[i] = rng.choice(OPERATORS)
        else:
            w.insert(i, rng.choice(OPERATORS))
    elif kind == 'keyword':
        w.insert(rng.randrange(len(w) + 1), rng.choice(KEYWORDS))
    elif kind == 'wrap':
        a, b = rng.choice(WRAPS)
        w = ([a] if a else []) + w + ([b] if b else [])
    elif kind == 'combine':
        w = w + [rng.choice(KEYWORDS), rng.choice(KEYWORDS)]
    # Glue: the reference ties some tokens to what is written before them, so
    # both spellings are tried.
    if rng.random() < 0.7:
        return ' '.join(w), kind
    text = w[0]
    for t in w[1:]:
        text += (' ' if re.match(r'\w', t) and re.search(r'\w$', text) else '') + t
    return text, kind


def verdict(cmd, query, work, pgn):
    fd, qfile = tempfile.mkstemp(suffix='.cql', dir=work)
    with os.fdopen(fd, 'w', encoding='utf-8') as f:
        f.write('cql()\n' + query + '\n')
    out = qfile + '-out.pgn'
    try:
        p = subprocess.run([cmd, '-i', pgn, '-o', out, qfile], capture_output=True, text=True,
                           errors='replace', timeout=30)
        rc, text = p.returncode, (p.stdout + p.stderr)
    except subprocess.TimeoutExpired:
        rc, text = -100, 'timed out'
    for f in (qfile, out):
        if os.path.exists(f):
            os.remove(f)
    lines = [l for l in text.split('\n') if l.strip() and not l.startswith('CQL version')
             and 'matches of' not in l]
    return rc, (lines[0] if lines else '')[:200]


def shape(message):
    """A message with its particulars blanked, to group like disagreements."""
    m = re.sub(r'"[^"]*"', 'S', message)
    m = re.sub(r"'[^']*'", 'W', m)
    m = re.sub(r'\{Line \d+, Column \d+\}|line \d+, column \d+|\b\d+:\d+:?|\d+', 'N', m)
    m = re.sub(r'^[^:]*\.cql:', '', m)
    m = re.sub(r':\s*\S+$', ': X', m)
    return m.strip()[:90]


def check(args, query, work):
    ref_rc, ref_msg = verdict(args.ref, query, work, args.empty)
    our_rc, our_msg = verdict(args.cli, query, work, args.empty)
    runtime = ''
    if ref_rc == 0 and our_rc != 0 and args.games:
        rc, msg = verdict(args.ref, query, work, args.games)
        if rc != 0:
            runtime = msg
    return query, ref_rc, ref_msg, our_rc, our_msg, runtime


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--cli', required=True)
    ap.add_argument('--ref', default='/work/refcql/cql')
    ap.add_argument('--games', default='/work/refcql/sample.pgn',
                    help='games to tell runtime refusals of the reference by (empty: do not)')
    ap.add_argument('--count', type=int, default=3000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--out', default='grammar-diff-out')
    ap.add_argument('--statements', help='file of statements (one a line) to check instead')
    args = ap.parse_args()
    args.cli = os.path.abspath(args.cli)
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix='cql-grammar-diff-')
    args.empty = os.path.join(work, 'empty.pgn')
    open(args.empty, 'w').close()
    if args.games:
        # A few games are enough to reach every position filter once.
        text = open(args.games, encoding='utf-8', errors='replace').read()
        games = re.split(r'\n(?=\[Event )', text)[:4]
        args.games = os.path.join(work, 'games.pgn')
        with open(args.games, 'w', encoding='utf-8') as f:
            f.write('\n'.join(games) + '\n')

    kinds = {}
    if args.statements:
        statements = [l.rstrip('\n') for l in open(args.statements, encoding='utf-8') if l.strip()]
    else:
        rng = random.Random(args.seed)
        pool = [tokens(q) for q in seeds()]
        pool = [t for t in pool if t]
        seen = set()
        statements = []
        tries = 0
        while len(statements) < args.count and tries < args.count * 20:
            tries += 1
            made = mutate(rng, rng.choice(pool))
            if not made or made[0] in seen or '\n' in made[0]:
                continue
            seen.add(made[0])
            kinds[made[0]] = made[1]
            statements.append(made[0])

    results = []
    with cf.ThreadPoolExecutor(args.jobs) as ex:
        for r in ex.map(lambda q: check(args, q, work), statements):
            results.append(r)
    for f in os.listdir(work):
        os.remove(os.path.join(work, f))
    os.rmdir(work)

    groups = collections.defaultdict(list)
    agree = 0
    for query, ref_rc, ref_msg, our_rc, our_msg, runtime in results:
        if (ref_rc == 0) == (our_rc == 0):
            agree += 1
            continue
        if ref_rc < 0 or ref_rc > 1:
            direction = f'reference crashed ({ref_rc})'
        elif runtime:
            direction = 'reference refuses only at runtime'
        elif ref_rc == 0:
            direction = 'rejected, but the reference accepts'
        else:
            direction = 'accepted, but the reference rejects'
        key = (direction, shape(runtime or ref_msg) if ref_rc != 0 or runtime else shape(our_msg))
        groups[key].append((query, ref_msg, our_msg, runtime))

    with open(os.path.join(args.out, 'disagreements.tsv'), 'w', encoding='utf-8') as f:
        for (direction, group), items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            for query, ref_msg, our_msg, runtime in items:
                f.write('\t'.join([direction, group, query, ref_msg, our_msg, runtime]) + '\n')
    lines = [f'{len(results)} statements, {agree} agree ({100.0 * agree / max(1, len(results)):.1f} %), '
             f'{len(results) - agree} disagree in {len(groups)} groups']
    for (direction, group), items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        lines.append(f'{len(items):5d}  {direction}: {group}')
        for query, ref_msg, our_msg, runtime in items[:3]:
            lines.append(f'         {query!r}  | ours: {our_msg[:80]}')
    summary = '\n'.join(lines)
    with open(os.path.join(args.out, 'summary.txt'), 'w', encoding='utf-8') as f:
        f.write(summary + '\n')
    with open(os.path.join(args.out, 'statements.txt'), 'w', encoding='utf-8') as f:
        for query, ref_rc, _, our_rc, _, _ in results:
            f.write(f'{int(ref_rc == 0)}\t{int(our_rc == 0)}\t{query}\n')
    print(summary)
    return 0


if __name__ == '__main__':
    sys.exit(main())
