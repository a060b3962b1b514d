// The order a game's notation (PGN) prints its positions in: a move, then each
// alternative to it with everything that follows it, then the next move.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game.h"

#include <cstdint>
#include <vector>

namespace game {

// rank[node]: where the node's move stands in the notation (the root first).
std::vector<uint32_t> notationRanks(const Game &game);

} // namespace game
