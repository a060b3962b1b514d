// Execution of an ordinary move (not castling, not en passant), shared by play()
// and the SAN fast path so that both keep the position's state the same way.
// Internal to core/chess.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bitops.h"
#include "zobrist.h"

namespace chess {

// Moves the piece on `from` to `to` (capturing what stands there), where it
// becomes `placed` (the mover, or a promotion piece). The side to move must not
// be left in check; the side then to move was not in check before (legal
// positions only), so its checkers are the moved piece or a slider uncovered
// by leaving `from`, which is far cheaper than a full attack computation.
template <bool Keys>
inline __attribute__((always_inline)) void Position::playNormal(Square from, Square to, Piece placed)
{
    using namespace detail;
    const Color us = m_stm, them = ~us;
    const Piece mover = m_board[from], captured = m_board[to];
    const uint64_t fromBit = bit(from), toBit = bit(to);
    if (m_ep != NoSquare) {
        if constexpr (Keys)
            m_key ^= zobrist::keys.enPassant[fileOf(m_ep)];
        m_ep = NoSquare;
    }
    ++m_halfmove;
    if (captured != NoPiece) {
        m_byColor[them] = SquareSet(m_byColor[them].bits() & ~toBit);
        m_byType[typeOf(captured)] = SquareSet(m_byType[typeOf(captured)].bits() & ~toBit);
        if constexpr (Keys)
            m_key ^= zobrist::keys.piece[captured][to];
        m_halfmove = 0;
    }
    m_board[from] = NoPiece;
    m_board[to] = placed;
    m_byColor[us] = SquareSet(m_byColor[us].bits() ^ fromBit ^ toBit);
    m_byType[typeOf(mover)] = SquareSet(m_byType[typeOf(mover)].bits() & ~fromBit);
    m_byType[typeOf(placed)] = SquareSet(m_byType[typeOf(placed)].bits() | toBit);
    if constexpr (Keys)
        m_key ^= zobrist::keys.piece[mover][from] ^ zobrist::keys.piece[placed][to];

    const uint64_t oldRights = m_castleRooks.bits();
    if (oldRights) {
        uint64_t rights = oldRights & ~(fromBit | toBit);
        if (typeOf(mover) == King)
            rights &= ~rankBB(us == White ? 0 : 7);
        if (rights != oldRights) {
            m_castleRooks = SquareSet(rights);
            if constexpr (Keys) {
                for (uint64_t gone = rights ^ oldRights; gone;)
                    m_key ^= zobrist::keys.castling[popLsb(gone)];
            }
        }
    }
    Square doublePushEp = NoSquare;
    if (typeOf(mover) == Pawn) {
        m_halfmove = 0;
        if ((from ^ to) == 16)
            doublePushEp = Square((from + to) / 2);
    }
    if constexpr (Keys)
        m_key ^= zobrist::keys.side;
    m_fullmove += uint16_t(us == Black); // branch-free: the side alternates
    m_stm = them;

    const uint64_t kings = bb(*this, them, King);
    if (!kings) {
        m_checkers = SquareSet();
    } else {
        const Square ksq = lsb(kings);
        const uint64_t occ = m_byColor[White].bits() | m_byColor[Black].bits();
        uint64_t checkers = ((pawnAttacksBB(them, ksq) & bb(*this, us, Pawn))
                             | (knightAttacksBB(ksq) & bb(*this, us, Knight)))
            & toBit;
        const uint64_t queens = bb(*this, us, Queen);
        const uint64_t rookLike = bb(*this, us, Rook) | queens, bishopLike = bb(*this, us, Bishop) | queens;
        const uint64_t rookRays = rookPseudoBB(ksq), bishopRays = bishopPseudoBB(ksq);
        if ((rookLike & toBit) || (rookRays & fromBit))
            checkers |= unblockedBB(ksq, rookRays & rookLike, occ);
        if ((bishopLike & toBit) || (bishopRays & fromBit))
            checkers |= unblockedBB(ksq, bishopRays & bishopLike, occ);
        m_checkers = SquareSet(checkers);
    }
    if (doublePushEp != NoSquare && (pawnAttacksBB(us, doublePushEp) & bb(*this, them, Pawn)))
        setEnPassantIfLegal(doublePushEp);
}

} // namespace chess
