// Colours of the CQL highlighter for light and dark palettes.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>

class QPalette;

namespace wb {

struct HighlightTheme {
    QColor keyword;
    QColor piece;
    QColor number;
    QColor string;
    QColor comment;
    QColor glyph;
    QColor cqlsKeyword;
    QColor currentLine;
    QColor bracketMatch;
    QColor bracketMismatch;
    QColor lineNumber;
    QColor lineNumberCurrent;
    QColor gutter;
    QColor error;
    QColor warning;

    static HighlightTheme forPalette(const QPalette &palette);
};

} // namespace wb
