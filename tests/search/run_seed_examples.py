#!/usr/bin/env python3
# Every example script of the CQL-S seed (Scidb's position list, in German):
# each <verbatim> and <verb> block that is a list, a position list or a
# keyword with its arguments is compiled by cqlwb-cli, and must compile.
# Blocks that are templates (<A>, <Bedingung1>, "...") are passed over; the
# few the seed itself gets wrong are listed below with the reason.
# Usage: run_seed_examples.py SHARED_DIR CQLWB_CLI
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import subprocess
import sys
import tempfile

# Seed line of the block -> why it cannot compile.
SEED_SLIPS = {
    670: "':doublecheck [RB]' lacks its closing parenthesis",
    2167: "':pawncount [Pp] trio-islands' names the attribute only; the range is left out",
    2176: "':pawncount [Pp] chained-islands' names the attribute only; the range is left out",
}
TEMPLATE = re.compile(r'<A>|<B>|<Bedingung|<Ausdruck|\.\.\.|\bT1\b|\bY1,1\b|<m1>')


def clean(x):
    x = re.sub(r'<comment>(.*?)</comment>', lambda m: m.group(1), x, flags=re.S)
    x = re.sub(r'<sub>(.*?)</sub>', lambda m: m.group(1), x)
    x = re.sub(r'</?(keyword|cql|br/?|b|i|nobr|n|expr)[^>]*>', '', x)
    for entity, text in (('&#x2212;', '-'), ('&#x2013;', '\u2013'), ('&lt;', '<'), ('&gt;', '>'),
                         ('&hellip;', '...'), ('&nbsp;', ' '), ('&amp;', '&')):
        x = x.replace(entity, text)
    return re.sub(r'&([A-Za-z?.~]+);', lambda m: m.group(1), x)  # piece symbols: &Q; is Q


def seed_scripts(text):
    """(line, script) for every example block of the seed that is CQL-S, made a whole script."""
    blocks = []
    for tag in ('verbatim', 'verb'):
        for m in re.finditer(r'<%s>(.*?)</%s>' % (tag, tag), text, flags=re.S):
            blocks.append((text.count('\n', 0, m.start()) + 1, clean(m.group(1)).strip()))
    for line, b in sorted(blocks):
        if b.startswith('(match'):
            yield line, b
        elif b.startswith('(position'):
            yield line, '(match ' + b + '\n)'
        elif b.startswith('position:') or b.startswith(':'):
            yield line, '(match (position ' + b + '\n))'
        elif b.startswith('match:'):
            yield line, '(match ' + b + '\n)'
        # else: prose, a FEN, a table


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    seed = os.path.join(sys.argv[1], 'seeds', '001_2e6f8b859192b7dd.txt')
    cli = sys.argv[2]
    if not os.path.exists(seed):
        print('no seed at', seed)
        return 77
    text = open(seed, encoding='utf-8', errors='replace').read()
    compiled = slips = templates = 0
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, 'g.pgn')
        with open(pgn, 'w') as f:
            f.write('[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n')
        for line, script in seed_scripts(text):
            if TEMPLATE.search(script):
                templates += 1
                continue
            path = os.path.join(tmp, 'q.cqls')
            with open(path, 'w', encoding='utf-8') as f:
                f.write(script + '\n')
            r = subprocess.run([cli, '-i', pgn, '-o', os.path.join(tmp, 'out.pgn'), path],
                               capture_output=True, text=True, env=dict(os.environ, CQLWB_PLAYERBASE=''))
            if r.returncode == 0:
                compiled += 1
                if line in SEED_SLIPS:
                    failed.append((line, script, 'compiles now: take it off the list of slips'))
            elif line in SEED_SLIPS:
                slips += 1
            else:
                failed.append((line, script, r.stderr.strip()))
    for line, script, why in failed:
        print('seed line %d:\n%s\n=> %s\n' % (line, script, why))
    print('%d examples compile, %d are the seed\'s slips, %d templates passed over, %d failed'
          % (compiled, slips, templates, len(failed)))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
