// Queries written from the board: "Find this position" and "Find this
// pattern", as CQL a reader can follow (one piece designator per square).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boardsetup.h"

#include "chess/squareset.h"

#include <QString>

namespace wb {

struct PatternOptions {
    bool anyColour = false;    // a knight of either colour: [Nn]b8
    QString transform;         // a transform keyword applied to the pattern ("" = none)
    bool emptySquares = false; // the selected empty squares are part of it (_d7)
};

// Exactly these pieces on these squares, no others, and the side to move.
QString positionQuery(const BoardSetup &setup);
// The pieces on `squares` (every piece on the board when none are selected)
// on their squares; "" when that is no piece and no empty square.
QString patternQuery(const BoardSetup &setup, chess::SquareSet squares, const PatternOptions &options = {});

} // namespace wb
