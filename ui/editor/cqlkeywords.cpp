// CQL keyword and glyph tables for the editor.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqlkeywords.h"

#include "cql/cqls/keywordtable.h"
#include "cql/keywords.h"

#include <QSet>
#include <algorithm>

namespace wb::cqlkeywords {

namespace {

QStringList buildKeywords()
{
    // The core's keyword table is the one list: parser, completion, help line
    // and highlighting all read it.
    QStringList out;
    for (const cql::Keyword &k : cql::keywords())
        out << QString::fromUtf8(k.name.data(), qsizetype(k.name.size()));
    out.sort();
    return out;
}

} // namespace

const QStringList &keywords()
{
    static const QStringList list = buildKeywords();
    return list;
}

bool isKeyword(QStringView word)
{
    static const QSet<QString> set(keywords().cbegin(), keywords().cend());
    return set.contains(word.toString());
}

QString help(QStringView word)
{
    const QByteArray utf8 = word.toUtf8();
    const cql::Keyword *k = cql::findKeyword(std::string_view(utf8.constData(), size_t(utf8.size())));
    if (!k) return QString();
    return QString::fromUtf8(k->help.data(), qsizetype(k->help.size()));
}

QString cqlsHelp(QStringView word)
{
    const QByteArray utf8 = word.toUtf8();
    const cql::cqls::KeywordSignature *k =
        cql::cqls::findKeyword(std::string_view(utf8.constData(), size_t(utf8.size())));
    return k ? QString::fromStdString(cql::cqls::helpLine(*k)) : QString();
}

bool isPieceGlyph(char32_t c) { return c >= 0x2654 && c <= 0x265F; }

bool isSymbolGlyph(char32_t c)
{
    static const char32_t glyphs[] = {
        0x25B3 /*△*/, 0x25B2 /*▲*/, 0x25ED /*◭*/, 0x25A1 /*□*/, 0x25A6 /*▦*/, 0x00D7 /*×*/, 0x2015 /*―*/,
        0x2192 /*→*/, 0x2190 /*←*/, 0x22A2 /*⊢*/, 0x25CE /*◎*/, 0x2735 /*✵*/, 0x2B13 /*⬓*/, 0x222A /*∪*/,
        0x2229 /*∩*/, 0x2264 /*≤*/, 0x2265 /*≥*/, 0x2260 /*≠*/, 0x220A /*∊*/, 0x2200 /*∀*/, 0x227A /*≺*/,
        0x227B /*≻*/, 0x227C /*≼*/, 0x227D /*≽*/, 0x2219 /*∙*/,
    };
    return std::find(std::begin(glyphs), std::end(glyphs), c) != std::end(glyphs);
}

} // namespace wb::cqlkeywords
