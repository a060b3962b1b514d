// What a board shows beside the squares for a variant: the pockets of
// Crazyhouse and Bughouse (pieces in hand, with counts) and the checks each
// side has given in Three-check. Plain data, so tests read what is painted.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"

#include <vector>

namespace wb {

struct PocketItem {
    chess::Piece piece = chess::NoPiece;
    int count = 0;
};

struct VariantDecor {
    bool pockets = false;              // shown (both sides, empty or not)
    std::vector<PocketItem> pocket[2]; // per colour: pieces in hand, queen first
    bool checks = false;               // Three-check counters shown
    int checksGiven[2] = {0, 0};
    bool any() const { return pockets || checks; }
};

VariantDecor variantDecor(const chess::Position &position);

} // namespace wb
