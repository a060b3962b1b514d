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

// A position's pieces as bitboards, one per coloured piece.
struct PieceBoards {
    uint64_t occupied = 0;
    std::array<uint64_t, 12> byPiece{};
};
PieceBoards pieceBoards(const chess::Position &p);

} // namespace cql::cqls
