// A hand-written scanner for CQL: one pass per line, block comments carried
// across lines in the block state.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqlhighlighter.h"

#include "cqlkeywords.h"

#include <QPalette>
#include <QGuiApplication>

namespace wb {

namespace {

bool isWordChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }

} // namespace

CqlHighlighter::CqlHighlighter(QTextDocument *document) : QSyntaxHighlighter(document)
{
    const QString piece = QStringLiteral("(?:[KQRBNPAkqrbnpa_]|\\[[KQRBNPAkqrbnpa_]+\\])");
    const QString range = QStringLiteral("[a-h](?:-[a-h])?[1-8](?:-[1-8])?");
    const QString squares = QStringLiteral("(?:%1|\\[\\s*%1(?:\\s*,\\s*%1)*\\s*\\])").arg(range);
    // Squares first: "a-h2" is a square range, not the black-piece letter a.
    m_designator.setPattern(QStringLiteral("(?:%2|%1%2?)").arg(piece, squares));
    m_bracketToken.setPattern(QStringLiteral("\\[(?:x|element|forall|<=|>=|<|>)\\]"));
    setTheme(HighlightTheme::forPalette(QGuiApplication::palette()));
}

void CqlHighlighter::setTheme(const HighlightTheme &theme)
{
    for (auto &f : m_formats)
        f = QTextCharFormat();
    m_formats[Keyword].setForeground(theme.keyword);
    m_formats[Keyword].setFontWeight(QFont::DemiBold);
    m_formats[Piece].setForeground(theme.piece);
    m_formats[Number].setForeground(theme.number);
    m_formats[String].setForeground(theme.string);
    m_formats[Comment].setForeground(theme.comment);
    m_formats[Comment].setFontItalic(true);
    m_formats[CommentFilter].setForeground(theme.comment);
    m_formats[CommentFilter].setFontWeight(QFont::Bold);
    m_formats[Glyph].setForeground(theme.glyph);
    m_formats[CqlsKeyword].setForeground(theme.cqlsKeyword);
    m_formats[CqlsKeyword].setFontWeight(QFont::DemiBold);
    const QStringList glyphFonts{QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans Symbols2"),
                                 QStringLiteral("Segoe UI Symbol"), QStringLiteral("Apple Symbols")};
    m_pieceGlyph = m_formats[Piece];
    m_pieceGlyph.setFontFamilies(glyphFonts);
    m_symbolGlyph = m_formats[Glyph];
    m_symbolGlyph.setFontFamilies(glyphFonts);
    rehighlight();
}

int CqlHighlighter::matchDesignator(const QString &text, int pos) const
{
    const auto m =
        m_designator.match(text, pos, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
    if (!m.hasMatch() || m.capturedLength() == 0) return 0;
    const int end = pos + int(m.capturedLength());
    // "and", "black", "a1x": a designator must not run into a longer word.
    if (end < text.size() && isWordChar(text.at(end))) return 0;
    return int(m.capturedLength());
}

void CqlHighlighter::highlightBlock(const QString &text)
{
    if (m_cqls) return highlightCqlsBlock(text);
    const int n = int(text.size());
    int i = 0;
    setCurrentBlockState(Normal);
    if (previousBlockState() == InBlockComment) {
        const int end = int(text.indexOf(QLatin1String("*/")));
        if (end < 0) {
            setFormat(0, n, m_formats[Comment]);
            setCurrentBlockState(InBlockComment);
            return;
        }
        setFormat(0, end + 2, m_formats[Comment]);
        i = end + 2;
    }
    while (i < n) {
        const QChar c = text.at(i);
        const QChar next = i + 1 < n ? text.at(i + 1) : QChar();
        if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
            const int end = int(text.indexOf(QLatin1String("*/"), i + 2));
            if (end < 0) {
                setFormat(i, n - i, m_formats[Comment]);
                setCurrentBlockState(InBlockComment);
                return;
            }
            setFormat(i, end + 2 - i, m_formats[Comment]);
            i = end + 2;
            continue;
        }
        if (c == QLatin1Char('/') && next == QLatin1Char('/')) {
            if (i + 2 < n && text.at(i + 2) == QLatin1Char('/')) {
                setFormat(i, 3, m_formats[CommentFilter]);
                i += 3;
                continue;
            }
            setFormat(i, n - i, m_formats[Comment]);
            return;
        }
        if (c == QLatin1Char(';')) {
            setFormat(i, n - i, m_formats[Comment]);
            return;
        }
        if (c == QLatin1Char('"')) {
            int j = i + 1;
            while (j < n && text.at(j) != QLatin1Char('"'))
                j += text.at(j) == QLatin1Char('\\') ? 2 : 1;
            j = qMin(j + 1, n);
            setFormat(i, j - i, m_formats[String]);
            i = j;
            continue;
        }
        if (c.isDigit()) {
            int j = i;
            while (j < n && text.at(j).isDigit())
                ++j;
            setFormat(i, j - i, m_formats[Number]);
            i = j;
            continue;
        }
        if (c == QLatin1Char(':') && next.isLetter()) {
            int j = i + 1;
            while (j < n && isWordChar(text.at(j)))
                ++j;
            setFormat(i, j - i, m_formats[CqlsKeyword]);
            i = j;
            continue;
        }
        if (c == QLatin1Char('[')) {
            const auto m = m_bracketToken.match(text, i, QRegularExpression::NormalMatch,
                                                QRegularExpression::AnchorAtOffsetMatchOption);
            if (m.hasMatch()) {
                setFormat(i, int(m.capturedLength()), m_formats[Glyph]);
                i += int(m.capturedLength());
                continue;
            }
            if (const int len = matchDesignator(text, i)) {
                setFormat(i, len, m_formats[Piece]);
                i += len;
                continue;
            }
            ++i;
            continue;
        }
        if (c.isLetter() || c == QLatin1Char('_')) {
            int j = i;
            while (j < n && isWordChar(text.at(j)))
                ++j;
            // o-o and o-o-o are words with dashes.
            for (const QLatin1String castle : {QLatin1String("o-o-o"), QLatin1String("o-o")}) {
                if (QStringView(text).mid(i).startsWith(castle)
                    && (i + castle.size() >= n || !isWordChar(text.at(i + castle.size())))) {
                    j = i + int(castle.size());
                    break;
                }
            }
            const QStringView word = QStringView(text).mid(i, j - i);
            if (cqlkeywords::isKeyword(word)) {
                setFormat(i, j - i, m_formats[Keyword]);
                i = j;
                continue;
            }
            if (const int len = matchDesignator(text, i)) {
                setFormat(i, len, m_formats[Piece]);
                i += len;
                continue;
            }
            i = j;
            continue;
        }
        if (c.isHighSurrogate() && i + 1 < n) {
            i += 2; // no CQL glyph lies outside the BMP
            continue;
        }
        const char32_t u = c.unicode();
        if (cqlkeywords::isPieceGlyph(u)) {
            setFormat(i, 1, m_pieceGlyph);
        } else if (cqlkeywords::isSymbolGlyph(u)) {
            setFormat(i, 1, m_symbolGlyph);
        }
        ++i;
    }
}

} // namespace wb
