// Internal attack tables with inline lookups for the chess layer's hot paths
// (the public functions in attacks.h wrap these; other layers use attacks.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "types.h"

#include <cstdint>

// The lookups sit in every hot loop; GCC at -O2 sometimes keeps them out of line.
#define CHESS_HOT_INLINE inline __attribute__((always_inline))

namespace chess::detail {

struct Magic {
    uint64_t mask;
    uint64_t magic;
    const uint64_t *attacks;
    unsigned shift;
    __attribute__((always_inline)) unsigned index(uint64_t occupied) const
    {
        return unsigned(((occupied & mask) * magic) >> shift);
    }
};

// 102400 rook + 5248 bishop entries with per-square variable shifts.
inline constexpr int SliderTableSize = 107648;

struct AttackTables {
    Magic rook[64];
    Magic bishop[64];
    uint64_t knight[64];
    uint64_t king[64];
    uint64_t pawn[2][64];
    // Empty-board slider attacks: small enough to stay in cache, unlike the magic
    // tables, so hot code tests alignment here and blocking with `between`.
    uint64_t rookPseudo[64];
    uint64_t bishopPseudo[64];
    // Empty-board moves of a piece type (knight to king; none for "no type" and
    // pawns): one lookup in place of a switch over the type.
    uint64_t pseudo[8][64];
    uint64_t between[64][64];
    uint64_t line[64][64];
    uint64_t slider[SliderTableSize];
};

// Filled during static initialisation with the highest user priority, i.e. before any
// other static constructor of the program and before main (so before any thread).
extern AttackTables g_tables;

CHESS_HOT_INLINE uint64_t rookAttacksBB(Square s, uint64_t occ)
{
    const Magic &m = g_tables.rook[s];
    return m.attacks[m.index(occ)];
}
CHESS_HOT_INLINE uint64_t bishopAttacksBB(Square s, uint64_t occ)
{
    const Magic &m = g_tables.bishop[s];
    return m.attacks[m.index(occ)];
}
CHESS_HOT_INLINE uint64_t knightAttacksBB(Square s) { return g_tables.knight[s]; }
CHESS_HOT_INLINE uint64_t kingAttacksBB(Square s) { return g_tables.king[s]; }
CHESS_HOT_INLINE uint64_t pawnAttacksBB(Color c, Square s) { return g_tables.pawn[c][s]; }
CHESS_HOT_INLINE uint64_t rookPseudoBB(Square s) { return g_tables.rookPseudo[s]; }
CHESS_HOT_INLINE uint64_t bishopPseudoBB(Square s) { return g_tables.bishopPseudo[s]; }
CHESS_HOT_INLINE uint64_t pseudoBB(PieceType t, Square s) { return g_tables.pseudo[t][s]; }
CHESS_HOT_INLINE uint64_t betweenBB(Square a, Square b) { return g_tables.between[a][b]; }
CHESS_HOT_INLINE uint64_t lineBB(Square a, Square b) { return g_tables.line[a][b]; }

} // namespace chess::detail
