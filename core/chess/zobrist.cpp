// Zobrist key of a position computed from scratch (play() updates it incrementally).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"
#include "zobrist.h"

namespace chess {

uint64_t Position::computeKey() const
{
    uint64_t key = 0;
    for (Square s : occupied())
        key ^= zobrist::keys.piece[m_board[s]][s];
    for (Square s : m_castleRooks)
        key ^= zobrist::keys.castling[s];
    if (m_ep != NoSquare)
        key ^= zobrist::keys.enPassant[fileOf(m_ep)];
    if (m_stm == Black)
        key ^= zobrist::keys.side;
    return key;
}

} // namespace chess
