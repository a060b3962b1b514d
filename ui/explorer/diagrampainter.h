// A small diagram of one transform image: the designators' pieces drawn on the
// squares the transform sends them to. Painted on screen, into PNG and into SVG.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "board/boardtheme.h"
#include "cql/transformexplorer.h"

#include <QRectF>

class QPainter;

namespace wb {

// A piece designator naming one or two kinds of piece is drawn with their
// glyphs; any other (any piece, a colour, a square set) as a shade, empty
// squares hatched. A designator of the whole board is left out (it says
// "somewhere", not where). `matched`: framed as the image that matched.
void paintDiagram(QPainter &painter, const QRectF &board, const cql::ExplorerImage &image, const BoardTheme &theme,
                  bool matched);

} // namespace wb
