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
    if (m_ep != NoSquare) key ^= zobrist::keys.enPassant[fileOf(m_ep)];
    if (m_stm == Black) key ^= zobrist::keys.side;
    for (const Color c : {White, Black}) {
        for (int t = Pawn; t <= Queen; ++t)
            key ^= zobrist::keys.pocket[c][t][m_pocket.count(c, PieceType(t)) & 31];
        key ^= zobrist::keys.checksLeft[c][checksLeft(c)];
    }
    return key;
}

void Position::restrictToStandardCastling()
{
    SquareSet keep;
    for (Square r : m_castleRooks) {
        const Color c = colorOf(m_board[r]);
        const Square king = c == White ? E1 : E8;
        const bool corner = r == (c == White ? A1 : A8) || r == (c == White ? H1 : H8);
        if (corner && m_board[king] == makePiece(c, King)) keep |= SquareSet::of(r);
    }
    m_castleRooks = keep;
    m_chess960 = false;
    m_key = computeKey();
}

} // namespace chess
