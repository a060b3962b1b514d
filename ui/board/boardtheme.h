// Board colours chosen to suit the current light or dark palette.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>

class QPalette;

namespace wb {

struct BoardTheme {
    QColor light;
    QColor dark;
    QColor coordinateOnLight;
    QColor coordinateOnDark;
    QColor frame;
    QColor lastMove; // tint of the last move's squares
    QColor arrow;
    QColor marked;    // default colour for marked squares
    QColor selection; // Shift+click selection

    static BoardTheme forPalette(const QPalette &palette);
    static bool isDark(const QPalette &palette);
};

} // namespace wb
