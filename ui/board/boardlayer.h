// One overlay layer on the board: a set of squares drawn in a colour, named in the legend.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/squareset.h"

#include <QColor>
#include <QList>
#include <QString>

namespace wb {

struct BoardLayer {
    chess::SquareSet squares;
    QColor color;
    QString label;
};
using BoardLayers = QList<BoardLayer>;

// Distinct, readable colours for n layers (e.g. the 8 images of a flip).
QList<QColor> layerPalette(int n);

} // namespace wb
