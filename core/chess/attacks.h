// Attack tables: what a piece on a square attacks, given the occupancy.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "attacktables.h"
#include "squareset.h"

namespace chess {

// Inline: the evaluator asks for these at every position of every game.
inline SquareSet pawnAttacks(Color c, Square s) { return SquareSet(detail::pawnAttacksBB(c, s)); }
inline SquareSet knightAttacks(Square s) { return SquareSet(detail::knightAttacksBB(s)); }
inline SquareSet kingAttacks(Square s) { return SquareSet(detail::kingAttacksBB(s)); }
inline SquareSet bishopAttacks(Square s, SquareSet occupied)
{
    return SquareSet(detail::bishopAttacksBB(s, occupied.bits()));
}
inline SquareSet rookAttacks(Square s, SquareSet occupied)
{
    return SquareSet(detail::rookAttacksBB(s, occupied.bits()));
}
inline SquareSet queenAttacks(Square s, SquareSet occupied)
{
    return SquareSet(detail::rookAttacksBB(s, occupied.bits()) | detail::bishopAttacksBB(s, occupied.bits()));
}
// The lines a rook / bishop on s sees on an empty board.
inline SquareSet rookRays(Square s) { return SquareSet(detail::rookPseudoBB(s)); }
inline SquareSet bishopRays(Square s) { return SquareSet(detail::bishopPseudoBB(s)); }
// Attacks of a piece of the given type (pawns: of colour c) on s.
inline SquareSet pieceAttacks(PieceType t, Color c, Square s, SquareSet occupied)
{
    switch (t) {
    case Pawn: return pawnAttacks(c, s);
    case Knight: return knightAttacks(s);
    case Bishop: return bishopAttacks(s, occupied);
    case Rook: return rookAttacks(s, occupied);
    case Queen: return queenAttacks(s, occupied);
    case King: return kingAttacks(s);
    default: return SquareSet();
    }
}
// Squares strictly between a and b on a line (rank, file, diagonal); empty otherwise.
inline SquareSet between(Square a, Square b)
{
    return isValid(a) && isValid(b) ? SquareSet(detail::betweenBB(a, b)) : SquareSet();
}
// The whole line through a and b (edge to edge), empty if they share none.
inline SquareSet lineThrough(Square a, Square b)
{
    return isValid(a) && isValid(b) ? SquareSet(detail::lineBB(a, b)) : SquareSet();
}

} // namespace chess
