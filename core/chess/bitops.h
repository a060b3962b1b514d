// Internal raw-bitboard helpers for the move generator, SAN and FEN code.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "attacks.h"
#include "attacktables.h"
#include "position.h"

#include <bit>
#include <cstdint>

namespace chess::detail {

constexpr uint64_t FileABB = 0x0101010101010101ULL;
constexpr uint64_t FileHBB = FileABB << 7;
constexpr uint64_t Rank1BB = 0xFFULL;

constexpr uint64_t bit(Square s) { return uint64_t(1) << s; }
constexpr uint64_t rankBB(int r) { return Rank1BB << (8 * r); }
constexpr Square lsb(uint64_t b) { return Square(std::countr_zero(b)); }
constexpr Square popLsb(uint64_t &b)
{
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}
// Rank r seen from colour c (0 = own back rank).
constexpr int relativeRank(Color c, int r) { return c == White ? r : 7 - r; }
constexpr int pawnPush(Color c) { return c == White ? 8 : -8; }

CHESS_HOT_INLINE uint64_t bb(const Position &p, Color c, PieceType t) { return p.pieces(c, t).bits(); }

// Pieces of colour `by` attacking s given the occupancy.
CHESS_HOT_INLINE uint64_t attackersBB(const Position &p, Square s, Color by, uint64_t occ)
{
    const uint64_t queens = bb(p, by, Queen);
    return (pawnAttacksBB(~by, s) & bb(p, by, Pawn)) | (knightAttacksBB(s) & bb(p, by, Knight))
        | (bishopAttacksBB(s, occ) & (bb(p, by, Bishop) | queens))
        | (rookAttacksBB(s, occ) & (bb(p, by, Rook) | queens)) | (kingAttacksBB(s) & bb(p, by, King));
}

// The pieces of `sliders` (all standing on lines through s) that see s over `occ`:
// a loop over a few pieces with cache-resident tables instead of a magic lookup.
CHESS_HOT_INLINE uint64_t unblockedBB(Square s, uint64_t sliders, uint64_t occ)
{
    uint64_t result = 0;
    while (sliders) {
        const Square from = popLsb(sliders);
        // Branch-free: whether a slider is blocked is unpredictable.
        result |= bit(from) & (uint64_t(0) - uint64_t(!(betweenBB(s, from) & occ)));
    }
    return result;
}

// attackersBB(...) != 0 without the magic tables: cheaper where they are cold (SAN
// reading over a large file), dearer in a tight search loop.
CHESS_HOT_INLINE uint64_t attackersColdBB(const Position &p, Square s, Color by, uint64_t occ)
{
    const uint64_t queens = bb(p, by, Queen);
    const uint64_t sliders =
        (rookPseudoBB(s) & (bb(p, by, Rook) | queens)) | (bishopPseudoBB(s) & (bb(p, by, Bishop) | queens));
    return (pawnAttacksBB(~by, s) & bb(p, by, Pawn)) | (knightAttacksBB(s) & bb(p, by, Knight))
        | (kingAttacksBB(s) & bb(p, by, King)) | unblockedBB(s, sliders, occ);
}
CHESS_HOT_INLINE bool attackedColdBB(const Position &p, Square s, Color by, uint64_t occ)
{
    return attackersColdBB(p, s, by, occ) != 0;
}

// Castling geometry: the king ends on g/c, the rook on f/d of the back rank.
inline bool castlesKingSide(Square king, Square rook) { return rook > king; }
inline Square castlingKingTarget(Square king, Square rook)
{
    return makeSquare(castlesKingSide(king, rook) ? 6 : 2, rankOf(king));
}
inline Square castlingRookTarget(Square king, Square rook)
{
    return makeSquare(castlesKingSide(king, rook) ? 5 : 3, rankOf(king));
}

} // namespace chess::detail
