// Board colours for light and dark palettes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boardtheme.h"

#include <QPalette>

namespace wb {

bool BoardTheme::isDark(const QPalette &palette) { return palette.color(QPalette::Window).lightness() < 128; }

BoardTheme BoardTheme::forPalette(const QPalette &palette)
{
    BoardTheme t;
    if (isDark(palette)) {
        // Muted squares: a bright board glares next to a dark window.
        t.light = QColor(0xc4, 0xb2, 0x96);
        t.dark = QColor(0x86, 0x68, 0x4e);
        t.frame = QColor(0x1e, 0x1e, 0x1e);
    } else {
        t.light = QColor(0xef, 0xdb, 0xb9);
        t.dark = QColor(0xb7, 0x8a, 0x63);
        t.frame = QColor(0x6b, 0x4f, 0x37);
    }
    t.coordinateOnLight = t.dark.darker(125);
    t.coordinateOnDark = t.light.lighter(105);
    t.lastMove = QColor(0xf0, 0xe0, 0x40, 110);
    t.arrow = QColor(0x2e, 0x8b, 0x57, 190);
    t.marked = QColor(0xe0, 0x30, 0x30, 140);
    t.selection = QColor(0x30, 0x70, 0xe0, 120);
    return t;
}

} // namespace wb
