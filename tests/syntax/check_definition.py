#!/usr/bin/env python3
# Validates resources/syntax/cql.xml: well-formed XML (xmllint) and a consistent KSyntaxHighlighting definition.
# SPDX-License-Identifier: GPL-3.0-or-later
"""usage: check_definition.py [--xmllint BIN] cql.xml

The engine silently ignores many mistakes (a rule naming a missing context
or list, an unknown default style, a keyword that can never match because it
contains a word delimiter), so they are checked here. Prints one line per
problem, then "N passed, M failed" over the checks, and exits 1 on any problem.
"""
import argparse
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

DEFAULT_STYLES = {
    'dsNormal', 'dsKeyword', 'dsFunction', 'dsVariable', 'dsControlFlow', 'dsOperator',
    'dsBuiltIn', 'dsExtension', 'dsPreprocessor', 'dsAttribute', 'dsChar', 'dsSpecialChar',
    'dsString', 'dsVerbatimString', 'dsSpecialString', 'dsImport', 'dsDataType', 'dsDecVal',
    'dsBaseN', 'dsFloat', 'dsConstant', 'dsComment', 'dsDocumentation', 'dsAnnotation',
    'dsCommentVar', 'dsRegionMarker', 'dsInformation', 'dsWarning', 'dsAlert', 'dsOthers',
    'dsError',
}
# KSyntaxHighlighting's word delimiters before additionalDeliminator.
DEFAULT_DELIMITERS = set(' \t.():!+,-<=>%&*/;?[]^{|}~\\')
# Lists whose words all contain a delimiter: matched by a RegExpr instead of a keyword rule.
REGEX_LISTS = {'castling'}
# Lists outside the CQL 6 body (header, CQL-S): their words may repeat body words.
SEPARATE_LISTS = {'header-file-parameters', 'header-parameters', 'cqls-lists', 'cqls-keywords'}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xmllint', default='xmllint')
    ap.add_argument('definition')
    args = ap.parse_args()
    problems = []
    checks = 0

    def check(ok, message):
        nonlocal checks
        checks += 1
        if not ok:
            problems.append(message)

    proc = subprocess.run([args.xmllint, '--noout', '--noent', args.definition],
                          capture_output=True, text=True)
    check(proc.returncode == 0 and not proc.stderr.strip(),
          f'xmllint: {proc.stderr.strip() or "exit " + str(proc.returncode)}')
    if proc.returncode != 0:
        return report(checks, problems)

    root = ET.parse(args.definition).getroot()
    check(root.tag == 'language', 'the root element is not <language>')
    for attr in ('name', 'version', 'kateversion', 'section', 'extensions', 'license'):
        check(root.get(attr), f'<language> has no {attr}')
    check(root.get('name') == 'CQL', 'the definition is not named "CQL"')
    exts = set((root.get('extensions') or '').split(';'))
    check({'*.cql', '*.cqls'} <= exts, f'extensions {exts} lack *.cql or *.cqls')

    hl = root.find('highlighting')
    lists = {}
    for lst in hl.findall('list'):
        name = lst.get('name')
        check(name not in lists, f'list "{name}" defined twice')
        words = [i.text or '' for i in lst.findall('item')]
        spaced = [w for w in words if not w or any(c.isspace() for c in w)]
        check(not spaced, f'list "{name}" has empty items or items with blanks: {spaced}')
        repeated = sorted({w for w in words if words.count(w) > 1})
        check(not repeated, f'list "{name}" repeats {", ".join(repeated)}')
        lists[name] = words

    kw = root.find('general/keywords')
    delimiters = set(DEFAULT_DELIMITERS)
    if kw is not None:
        delimiters |= set(kw.get('additionalDeliminator') or '')
        delimiters -= set(kw.get('weakDeliminator') or '')

    contexts = {c.get('name'): c for c in hl.find('contexts').findall('context')}
    item_datas = {}
    for d in hl.find('itemDatas').findall('itemData'):
        item_datas[d.get('name')] = d
        check(d.get('defStyleNum') in DEFAULT_STYLES,
              f'itemData "{d.get("name")}" uses an unknown default style {d.get("defStyleNum")}')
        check(not ({'color', 'selColor', 'bold', 'italic'} & set(d.attrib)),
              f'itemData "{d.get("name")}" sets colours or fonts: use default styles only')

    def check_context_ref(ref, where):
        if ref is None or ref == '#stay':
            return
        target = re.sub(r'^(#pop)+!?', '', ref)
        check(target == '' or target in contexts, f'{where}: unknown context "{ref}"')

    used_attributes, used_lists, regexes = set(), set(), []
    for cname, ctx in contexts.items():
        used_attributes.add(ctx.get('attribute'))
        check(ctx.get('attribute') in item_datas, f'context {cname}: unknown attribute "{ctx.get("attribute")}"')
        for key in ('lineEndContext', 'fallthroughContext', 'lineEmptyContext'):
            check_context_ref(ctx.get(key), f'context {cname} {key}')
        for rule in ctx:
            where = f'context {cname}, {rule.tag} {rule.get("String") or rule.get("char") or ""}'
            if rule.tag == 'IncludeRules':
                check(rule.get('context') in contexts, f'{where}: includes unknown context')
                continue
            if rule.get('attribute'):
                used_attributes.add(rule.get('attribute'))
                check(rule.get('attribute') in item_datas, f'{where}: unknown attribute "{rule.get("attribute")}"')
            check_context_ref(rule.get('context'), where)
            if rule.tag == 'keyword':
                used_lists.add(rule.get('String'))
                check(rule.get('String') in lists, f'{where}: unknown list')
            if rule.tag == 'RegExpr':
                try:
                    regexes.append(re.compile(rule.get('String')))
                except re.error as e:
                    check(False, f'{where}: bad regular expression: {e}')

    for name in item_datas:
        check(name in used_attributes, f'itemData "{name}" is never used')
    for name, words in lists.items():
        if name in REGEX_LISTS:
            for w in words:
                check(any(r.fullmatch(w) for r in regexes), f'list "{name}": no RegExpr matches "{w}"')
            continue
        check(name in used_lists, f'list "{name}" is never used')
        for w in words:
            bad = set(w) & delimiters
            check(not bad, f'list "{name}": "{w}" contains the word delimiter(s) {"".join(sorted(bad))}')

    # The CQL 6 body lists promise each keyword one style.
    owner = {}
    for name, words in lists.items():
        if name in SEPARATE_LISTS:
            continue
        for w in words:
            check(w not in owner, f'"{w}" is in both list "{owner.get(w)}" and list "{name}"')
            owner.setdefault(w, name)
    return report(checks, problems)


def report(checks, problems):
    for p in problems:
        print('FAIL ' + p)
    print(f'{checks - len(problems)} passed, {len(problems)} failed')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
