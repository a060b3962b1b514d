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
    // Kept as one literal so that replacing it with the core's table is a one-line change.
    static const char *const words[] = {
        // query header
        "cql", "input", "output", "gamenumber", "matchcount", "sort", "result", "variations",
        "silent", "quiet", "matchstring",
        // sets and pieces
        "light", "dark", "file", "rank", "makesquare", "square", "piece", "all", "in", "colortype",
        "type", "enpassantsquare", "pieceid", "piecename", "typename",
        // geometry and attacks
        "attacks", "attackedby", "between", "ray", "xray", "pin", "from", "through", "to",
        "up", "down", "left", "right", "northeast", "northwest", "southeast", "southwest",
        "vertical", "horizontal", "orthogonal", "diagonal", "anydirection", "dir",
        "check", "mate", "stalemate", "power", "passedpawns", "doubledpawns", "isolatedpawns",
        "connectedpawns", "modelmate", "modelstalemate", "puremate", "purestalemate",
        "idealmate", "idealstalemate",
        // numbers
        "abs", "max", "min", "sqrt", "ply", "movenumber", "depth", "elo", "year", "distance",
        "int", "indexof", "ascii", "countmoves", "lastgamenumber",
        // positions and the game tree
        "wtm", "btm", "sidetomove", "white", "black", "initial", "terminal", "mainline",
        "variation", "virtualmainline", "legal", "pseudolegal", "fen", "currentposition",
        "position", "positionid", "parent", "child", "ancestor", "descendant", "lca",
        "originalcomment", "zobristkey",
        // moves
        "move", "capture", "promote", "enpassant", "castle", "o-o", "o-o-o", "null",
        "previous", "primary", "secondary", "currentmove", "nullmove",
        // several positions
        "find", "line", "firstmatch", "lastposition", "singlecolor", "nestban", "path",
        "focus", "piecepath", "pathcount", "pathstart", "pathlastposition", "echo",
        "consecutivemoves", "count",
        // transforms
        "flip", "flipvertical", "fliphorizontal", "flipcolor", "reversecolor", "rotate90",
        "rotate45", "shift", "shifthorizontal", "shiftvertical", "notransform",
        "currenttransform",
        // logic, variables, functions
        "and", "or", "not", "if", "then", "else", "true", "false", "loop", "while", "break",
        "continue", "return", "exit", "function", "local", "persistent", "atomic", "unbind",
        "isbound", "isunbound", "assert", "try", "dictionary",
        // strings and game information
        "str", "lowercase", "uppercase", "readfile", "writefile", "player", "event", "site",
        "date", "eventdate", "eco", "tag", "settag", "comment", "message", "hascomment",
        // CQL-S list heads
        "match", "relation",
    };
    QStringList out;
    for (const char *w : words)
        out << QString::fromLatin1(w);
    for (const cql::Keyword &k : cql::keywords())
        out << QString::fromUtf8(k.name.data(), qsizetype(k.name.size()));
    out.sort();
    out.removeDuplicates();
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
    if (!k)
        return QString();
    return QString::fromUtf8(k->help.data(), qsizetype(k->help.size()));
}

QString cqlsHelp(QStringView word)
{
    const QByteArray utf8 = word.toUtf8();
    const cql::cqls::KeywordSignature *k = cql::cqls::findKeyword(std::string_view(utf8.constData(), size_t(utf8.size())));
    return k ? QString::fromStdString(cql::cqls::helpLine(*k)) : QString();
}

bool isPieceGlyph(char32_t c)
{
    return c >= 0x2654 && c <= 0x265F;
}

bool isSymbolGlyph(char32_t c)
{
    static const char32_t glyphs[] = {
        0x25B3 /*△*/, 0x25B2 /*▲*/, 0x25ED /*◭*/, 0x25A1 /*□*/, 0x25A6 /*▦*/, 0x00D7 /*×*/,
        0x2015 /*―*/, 0x2192 /*→*/, 0x2190 /*←*/, 0x22A2 /*⊢*/, 0x25CE /*◎*/, 0x2735 /*✵*/,
        0x2B13 /*⬓*/, 0x222A /*∪*/, 0x2229 /*∩*/, 0x2264 /*≤*/, 0x2265 /*≥*/, 0x2260 /*≠*/,
        0x220A /*∊*/, 0x2200 /*∀*/, 0x227A /*≺*/, 0x227B /*≻*/, 0x227C /*≼*/, 0x227D /*≽*/,
        0x2219 /*∙*/,
    };
    return std::find(std::begin(glyphs), std::end(glyphs), c) != std::end(glyphs);
}

} // namespace wb::cqlkeywords
