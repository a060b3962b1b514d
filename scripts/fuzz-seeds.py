#!/usr/bin/env python3
# Makes the seed corpora of the fuzz targets, tests/fuzz/corpus/<target>/,
# from the project's test data and documentation, plus the team's shared/
# folder beside the checkout when it is there (more PGN oddities, the
# conformance queries, the CQL-S seed's examples). Run it again after the
# sources change; it replaces the seed files it made (names starting with
# "seed-") and leaves the others (corpus entries merged in by
# `scripts/fuzz.sh --merge`) alone. Only small inputs are kept.
#
# Input layouts (see each tests/fuzz/fuzz_<target>.cpp): pgn inputs start
# with a byte choosing the path (0 plain, 1 gzip, 2 zstd, 3 raw file bytes);
# san inputs start with a byte choosing the position.
#
# usage: scripts/fuzz-seeds.py [--shared DIR]
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, 'tests', 'fuzz', 'corpus')
MAX_SEED = 6000  # bytes; larger files make slow seeds and bloat the tree


def slug(text):
    return re.sub(r'[^A-Za-z0-9]+', '-', text).strip('-').lower()[:48] or 'x'


class Corpus:
    def __init__(self, target):
        self.dir = os.path.join(CORPUS, target)
        os.makedirs(self.dir, exist_ok=True)
        for name in os.listdir(self.dir):
            if name.startswith('seed-'):
                os.remove(os.path.join(self.dir, name))
        self.seen = set()
        self.count = 0

    def add(self, name, data):
        if isinstance(data, str):
            data = data.encode('utf-8')
        if len(data) > MAX_SEED:
            return
        digest = hashlib.sha1(data).hexdigest()
        if digest in self.seen:
            return
        self.seen.add(digest)
        with open(os.path.join(self.dir, 'seed-%s-%s' % (slug(name), digest[:8])), 'wb') as f:
            f.write(data)
        self.count += 1


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def files(folder, suffixes):
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(suffixes))


def code_blocks(markdown, languages):
    out = []
    for m in re.finditer(r'```(\w*)\n(.*?)```', markdown, flags=re.S):
        if m.group(1) in languages:
            out.append(m.group(2))
    return out


def pgn_seeds(shared):
    c = Corpus('pgn')
    data = os.path.join(ROOT, 'tests', 'data', 'pgn')
    for path in files(data, ('.pgn', '.gz', '.zst')):
        name = os.path.basename(path)
        raw = read(path)
        if raw[:2] == b'\x1f\x8b' or raw[:4] == b'\x28\xb5\x2f\xfd':
            c.add('raw-' + name, b'\x03' + raw)
            continue
        # Plain, read whole and in 8-byte chunks through the prefetch (parameter 7).
        c.add('plain-' + name, bytes([7 << 2]) + raw)
        if len(raw) < 1500:
            c.add('gzip-' + name, bytes([1 | 2 << 2]) + raw)  # two members
            c.add('zstd-' + name, bytes([2 | 3 << 2]) + raw)  # two frames, prefetched
    if shared:
        for sub in sorted(os.listdir(os.path.join(shared, 'data', 'tricky'))):
            for path in files(os.path.join(shared, 'data', 'tricky', sub), ('.pgn',)):
                raw = read(path)
                if len(raw) <= 3000:
                    c.add('tricky-' + os.path.basename(path), bytes([(len(raw) % 64) << 2]) + raw)
    return c.count


FENS = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    '8/8/8/K2pP2r/8/8/8/7k w - d6 0 2',
    '1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHbh - 0 1',
    'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
    'rk4rq/8/8/8/8/8/8/RK4RQ w GAga - 0 1',
    'rk4rq/8/8/8/8/8/8/RK4RQ w KQkq - 0 1',
    '7k/8/8/1Q1Q1Q2/8/1Q1Q1Q2/8/3K4 w - - 0 1',
    '1n4bk/P6p/8/8/8/8/8/K7 w - - 0 1',
    '4k3/8/8/8/8/8/8/4K3 b - - 99 200',
    '4k3/8/8/8/8/8/8/4K3 w - -',
    '4k3/8/8/8/8/8/8/4K3 w',
    '8/8/8/8/8/8/8/8 w - - 0 1',
    'K7/8/8/8/8/8/8/k7 w - - 0 1 extra',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1',
    'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQ - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - -1 0',
    'kK6/8/8/8/8/8/8/8 w - - 0 1',
    'pppppppp/8/8/8/8/8/8/PPPPPPPP w - - 0 1',
    'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
    '4k2r/8/8/8/8/8/8/R3K3 b Ak - 5 30',
    '3rk3/8/1b6/8/3N4/2R5/3P2B1/r2K3q w - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    '8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1',
]

SANS = [
    'e4', 'Nf3', 'O-O', 'O-O-O', '0-0', '0-0-0', 'O-O+', 'exd6', 'exd6 e.p.', 'exf6', 'ed6', 'a8=Q', 'a8Q',
    'axb8=N+', 'bxa8=R', 'a8(Q)', 'a8/Q', 'a8=q', 'a8', 'e7e8q', 'e2e4', 'Ng1-f3', 'Nbd2', 'N1d2', 'Nb1d2',
    'R1a2', 'Qa3b2', 'Qcb2', 'Q1b2', 'Kg1', 'e1g1', 'e1h1', 'b1a1', 'Kxh1', '--', 'Z0', '0000', 'Nf3+',
    'Nf3#', 'Nf3!?', 'Nf3??', 'xyz', 'P@e4', 'Ke2', 'Bb5+', 'Qxe1', 'bxc1=Q+', 'hxg1=N', 'c1=B', 'Rf1',
    'Rxd1', 'Kb1', 'Kc1', 'O-O-O#', 'Nxe5', 'Bxf7+', 'g8=Q', 'h1=Q', 'Kxg1',
]


def fen_seeds():
    c = Corpus('fen')
    for i, fen in enumerate(FENS):
        c.add('fen-%02d' % i, fen)
    for path in files(os.path.join(ROOT, 'tests', 'data', 'pgn'), ('.pgn',)):
        for m in re.finditer(rb'\[FEN "([^"]*)"\]', read(path)):
            c.add('tag-' + os.path.basename(path), m.group(1))
    return c.count


def san_seeds():
    c = Corpus('san')
    positions = 19  # the setups in fuzz_san.cpp
    for i, san in enumerate(SANS):
        # Each text in two positions, so every position gets some.
        for p in (i % positions, (i * 7 + 3) % positions):
            c.add('san-%02d-%s' % (p, san), bytes([p]) + san.encode())
    return c.count


def cql6_sources(shared):
    out = []
    for path in files(os.path.join(ROOT, 'resources', 'examples'), ('.cql',)):
        out.append(('example-' + os.path.basename(path), read(path)))
    doc = read(os.path.join(ROOT, 'docs', 'language.md')).decode('utf-8')
    for i, block in enumerate(code_blocks(doc, ('cql',))):
        out.append(('language-%03d' % i, block))
    if shared:
        conf = os.path.join(shared, 'conformance')
        for line in open(os.path.join(conf, 'cql6-queries.tsv'), encoding='utf-8'):
            if line.startswith('#') or '\t' not in line:
                continue
            name, body = line.rstrip('\n').split('\t', 1)
            out.append(('conformance-' + name, 'cql()\n' + body.replace('\\n', '\n') + '\n'))
        for path in files(os.path.join(conf, 'examples'), ('.cql',)):
            out.append(('shared-example-' + os.path.basename(path), read(path)))
        # Queries the reference parser accepts and rejects: every tenth.
        for i, line in enumerate(open(os.path.join(conf, 'parse-sample.jsonl'), encoding='utf-8')):
            if i % 10 == 0:
                entry = json.loads(line)
                out.append(('parse-' + entry['id'], 'cql()\n' + entry['query'] + '\n'))
    return out


def cql6_seeds(shared):
    c = Corpus('cql6')
    e = Corpus('eval')
    for name, text in cql6_sources(shared):
        c.add(name, text)
        raw = text if isinstance(text, bytes) else text.encode('utf-8')
        # fuzz_eval skips these (the fuzzer would name arbitrary files).
        if b'readfile' not in raw and b'writefile' not in raw:
            e.add(name, raw)
    return c.count, e.count


def cqls_seeds(shared):
    c = Corpus('cqls')
    for line in open(os.path.join(ROOT, 'tests', 'data', 'cqls', 'twins.tsv'), encoding='utf-8'):
        if line.startswith('#') or line.count('\t') < 2:
            continue
        name, script, _ = line.rstrip('\n').split('\t', 2)
        c.add('twin-' + name, script.replace('\\n', '\n') + '\n')
    doc = read(os.path.join(ROOT, 'docs', 'cqls.md')).decode('utf-8')
    for i, block in enumerate(code_blocks(doc, ('lisp', ''))):
        if block.lstrip().startswith('(match'):
            c.add('cqls-doc-%02d' % i, block)
    if shared:
        for line in open(os.path.join(shared, 'conformance', 'cql-s-expected.jsonl'), encoding='utf-8'):
            entry = json.loads(line)
            c.add('conformance-' + entry['id'], entry['query'])
        seed = os.path.join(shared, 'seeds', '001_2e6f8b859192b7dd.txt')
        if os.path.exists(seed):
            sys.path.insert(0, os.path.join(ROOT, 'tests', 'search'))
            import run_seed_examples as rse  # the same reading of the seed's examples as its test
            text = read(seed).decode('utf-8', errors='replace')
            for line, script in rse.seed_scripts(text):
                c.add('seed-line-%d' % line, script + '\n')
    return c.count


def main():
    parser = argparse.ArgumentParser(description='Make the fuzz seed corpora under tests/fuzz/corpus/.')
    parser.add_argument('--shared', default=os.path.join(os.path.dirname(ROOT), 'shared'),
                        help="the team's shared folder (default: ../shared beside the checkout)")
    args = parser.parse_args()
    shared = args.shared if os.path.isdir(os.path.join(args.shared, 'conformance')) else None
    if not shared:
        print('no shared folder at %s: seeds from the tree only' % args.shared)
    counts = {'pgn': pgn_seeds(shared), 'fen': fen_seeds(), 'san': san_seeds()}
    counts['cql6'], counts['eval'] = cql6_seeds(shared)
    counts['cqls'] = cqls_seeds(shared)
    for target, n in counts.items():
        size = sum(os.path.getsize(os.path.join(CORPUS, target, f)) for f in os.listdir(os.path.join(CORPUS, target)))
        print('%-5s %4d seeds, %d bytes in corpus/%s/' % (target, n, size, target))
    return 0


if __name__ == '__main__':
    sys.exit(main())
