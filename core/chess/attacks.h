// Attack tables: what a piece on a square attacks, given the occupancy.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "squareset.h"

namespace chess {

SquareSet pawnAttacks(Color c, Square s);
SquareSet knightAttacks(Square s);
SquareSet kingAttacks(Square s);
SquareSet bishopAttacks(Square s, SquareSet occupied);
SquareSet rookAttacks(Square s, SquareSet occupied);
SquareSet queenAttacks(Square s, SquareSet occupied);
// The lines a rook / bishop on s sees on an empty board.
SquareSet rookRays(Square s);
SquareSet bishopRays(Square s);
// Attacks of a piece of the given type (pawns: of colour c) on s.
SquareSet pieceAttacks(PieceType t, Color c, Square s, SquareSet occupied);
// Squares strictly between a and b on a line (rank, file, diagonal); empty otherwise.
SquareSet between(Square a, Square b);
// The whole line through a and b (edge to edge), empty if they share none.
SquareSet lineThrough(Square a, Square b);

} // namespace chess
