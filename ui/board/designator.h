// Builds CQL piece designators ("Qc2", "[Pp]e4", "_d5", "[Kk][a1,h8]") from
// squares selected on a board, for insertion into a query.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boardsetup.h"

#include "chess/position.h"

#include <QString>

namespace wb {

struct DesignatorOptions {
    bool ignoreColor = false; // a white pawn becomes [Pp]
    bool withContents = true; // false: squares only ("e4", "[a1,h8]")
};

// Square designator for a set: "e4", "a-h2", "c-f3-6", "[a1,h8]"; "" for the
// whole board (CQL's default square part); "[]" is never produced: an empty set
// gives "".
QString squareDesignator(chess::SquareSet squares);

// Piece part from what stands on the squares, then the square part. Empty
// squares contribute "_". Returns "" for an empty selection.
QString pieceDesignator(const chess::Position &position, chess::SquareSet squares,
                        const DesignatorOptions &options = {});
QString pieceDesignator(const BoardSetup &setup, chess::SquareSet squares, const DesignatorOptions &options = {});

} // namespace wb
