// Perft: counts leaf nodes of the legal move tree (bulk-counted at the last ply).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"

namespace chess {

uint64_t perft(const Position &pos, int depth)
{
    if (depth <= 0) return 1;
    MoveList moves;
    pos.generateLegal(moves);
    if (depth == 1) return uint64_t(moves.size);
    uint64_t nodes = 0;
    for (const Move m : moves)
        nodes += perft(pos.after(m), depth - 1);
    return nodes;
}

} // namespace chess
