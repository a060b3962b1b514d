// Built-in CQL syntax highlighter (used when KSyntaxHighlighting is absent).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "highlighttheme.h"

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace wb {

class CqlHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum Kind {
        Keyword,
        Piece, // piece designators and square sets: Qc2, [Aa]a-h2, _d5, ♔
        Number,
        String,
        Comment,       // //, /* */, ;
        CommentFilter, // /// (a CQL 6.2 filter that writes a comment)
        Glyph,         // Unicode aliases: → ← ∪ ∩ ... and [x] [<] [element]
        CqlsKeyword,   // CQL-S ":keyword"
        KindCount
    };

    explicit CqlHighlighter(QTextDocument *document);

    void setTheme(const HighlightTheme &theme);
    QTextCharFormat format(Kind kind) const { return m_formats[kind]; }

    // CQL-S text is read by its own rules (cqlshighlighter.cpp): list heads,
    // ":keyword" and "!:keyword", CQL-S designators and ranges, ';' comments.
    void setCqls(bool cqls);
    bool isCqls() const { return m_cqls; }

protected:
    void highlightBlock(const QString &text) override;

private:
    enum BlockState { Normal = 0, InBlockComment = 1 };
    int matchDesignator(const QString &text, int pos) const;
    void highlightCqlsBlock(const QString &text);

    QTextCharFormat m_formats[KindCount];
    // Glyphs drawn from a proportional font: monospaced fonts shrink chess symbols to one cell.
    QTextCharFormat m_pieceGlyph;
    QTextCharFormat m_symbolGlyph;
    QRegularExpression m_designator;
    QRegularExpression m_bracketToken;
    bool m_cqls = false;
};

} // namespace wb
