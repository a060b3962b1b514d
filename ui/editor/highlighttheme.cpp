// Highlighter colours picked from the palette's lightness.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "highlighttheme.h"

#include <QPalette>

namespace wb {

HighlightTheme HighlightTheme::forPalette(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const bool dark = base.lightness() < 128;
    HighlightTheme t;
    if (dark) {
        t.keyword = QColor(0x7a, 0xb7, 0xff);
        t.piece = QColor(0xf0, 0x9a, 0x5a);
        t.number = QColor(0xc6, 0x95, 0xf0);
        t.string = QColor(0x9c, 0xd6, 0x7a);
        t.comment = QColor(0x8a, 0x93, 0x9c);
        t.glyph = QColor(0x5f, 0xd0, 0xd0);
        t.cqlsKeyword = QColor(0x4f, 0xc1, 0xa6);
        t.currentLine = base.lighter(135);
        t.bracketMatch = QColor(0x3d, 0x6b, 0x45);
        t.bracketMismatch = QColor(0x8a, 0x30, 0x30);
        t.error = QColor(0xff, 0x6b, 0x6b);
        t.warning = QColor(0xf0, 0xc0, 0x40);
    } else {
        t.keyword = QColor(0x1f, 0x4f, 0xb5);
        t.piece = QColor(0xa3, 0x40, 0x0c);
        t.number = QColor(0x7a, 0x2f, 0x9e);
        t.string = QColor(0x2d, 0x7a, 0x1f);
        t.comment = QColor(0x6f, 0x77, 0x7f);
        t.glyph = QColor(0x00, 0x7a, 0x85);
        t.cqlsKeyword = QColor(0x0b, 0x7a, 0x62);
        t.currentLine = QColor(0xf2, 0xf5, 0xfa);
        t.bracketMatch = QColor(0xc8, 0xe8, 0xc8);
        t.bracketMismatch = QColor(0xf5, 0xc0, 0xc0);
        t.error = QColor(0xd0, 0x20, 0x20);
        t.warning = QColor(0xc8, 0x8a, 0x00);
    }
    t.gutter = dark ? base.lighter(115) : base.darker(104);
    t.lineNumber = palette.color(QPalette::PlaceholderText);
    t.lineNumberCurrent = palette.color(QPalette::Text);
    return t;
}

} // namespace wb
