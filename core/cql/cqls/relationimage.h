// :relation with :flip / :shift: the later position P2 may be compared with
// P1 after a flip or shift of P2. These helpers build the transforms allowed
// and map P2's bitboards through one of them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"
#include "cql/transform.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cql::cqls {

// Adds a transform group (identity first, as the position list's :flip and
// :shift build them) to the transforms P2 may be seen through: with both
// :flip and :shift, every flip of every shift.
void addRelationTransforms(std::vector<Transform> &allowed, const std::vector<Transform> &group);

// The squares of `bits` under t, as Transform::apply maps them square by
// square (squares a shift pushes off the board are gone), with bit
// operations: a relation tries up to 1800 transforms per pair of positions.
// t must be a dihedral map followed by a translation (no colour swap).
uint64_t imageBits(uint64_t bits, const Transform &t);
// The same in two steps, so that a caller trying many shifts of one flip maps
// the board once: imageBits(b, t) == shiftedBits(dihedralBits(b, dihedralIndex(t)), t).
// Inline: a relation calls them for each of up to 1,800 transforms per pair.
inline int dihedralIndex(const Transform &t) // 0..7: t's flip or rotation
{
    if (t.m00 == 0) return 4 + (t.m01 < 0 ? 1 : 0) + (t.m10 < 0 ? 2 : 0);
    return (t.m00 < 0 ? 1 : 0) + (t.m11 < 0 ? 2 : 0);
}
uint64_t dihedralBits(uint64_t bits, int index);            // the squares under that flip alone
inline uint64_t shiftedBits(uint64_t b, const Transform &t) // then t's translation
{
    const uint64_t everyRank = 0x0101010101010101ULL;
    const int dx = t.dx, dy = t.dy;
    if (dx > 0)
        b = (b << dx) & (everyRank * ((0xFFULL << dx) & 0xFF));
    else if (dx < 0)
        b = (b >> -dx) & (everyRank * (0xFFULL >> -dx));
    if (dy > 0)
        b = dy > 7 ? 0 : b << (8 * dy);
    else if (dy < 0)
        b = dy < -7 ? 0 : b >> (-8 * dy);
    return b;
}

// A position's pieces as bitboards, one per coloured piece.
struct PieceBoards {
    uint64_t occupied = 0;
    std::array<uint64_t, 12> byPiece{};
};
PieceBoards pieceBoards(const chess::Position &p);

} // namespace cql::cqls
