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
        if constexpr (Keys) m_key ^= zobrist::keys.enPassant[fileOf(m_ep)];
        m_ep = NoSquare;
    }
    // Branch-free where the data decide: whether a move captures, and what moves,
    // is as good as random. Clearing `to` in the set of "no piece" is harmless
    // (that set stays empty), so the capture needs no test.
    const bool pawnMove = typeOf(mover) == Pawn;
    m_halfmove = (captured != NoPiece || pawnMove) ? 0 : uint16_t(m_halfmove + 1);
    m_byColor[them] = SquareSet(m_byColor[them].bits() & ~toBit);
    m_byType[typeOf(captured)] = SquareSet(m_byType[typeOf(captured)].bits() & ~toBit);
    if constexpr (Keys) {
        if (captured != NoPiece) m_key ^= zobrist::keys.piece[captured][to];
    }
    m_board[from] = NoPiece;
    m_board[to] = placed;
    m_byColor[us] = SquareSet(m_byColor[us].bits() ^ fromBit ^ toBit);
    m_byType[typeOf(mover)] = SquareSet(m_byType[typeOf(mover)].bits() & ~fromBit);
    m_byType[typeOf(placed)] = SquareSet(m_byType[typeOf(placed)].bits() | toBit);
    if constexpr (Keys) m_key ^= zobrist::keys.piece[mover][from] ^ zobrist::keys.piece[placed][to];

    // A move from or to a castling rook's square, or by the king, ends rights.
    const uint64_t oldRights = m_castleRooks.bits();
    const uint64_t kingRank = rankBB(us == White ? 0 : 7) & (uint64_t(0) - uint64_t(typeOf(mover) == King));
    const uint64_t rights = oldRights & ~(fromBit | toBit | kingRank);
    m_castleRooks = SquareSet(rights);
    if constexpr (Keys) {
        for (uint64_t gone = rights ^ oldRights; gone;)
            m_key ^= zobrist::keys.castling[popLsb(gone)];
    }
    const bool doublePush = pawnMove && (from ^ to) == 16;
    if constexpr (Keys) m_key ^= zobrist::keys.side;
    m_fullmove += uint16_t(us == Black); // branch-free: the side alternates
    m_stm = them;

    const uint64_t kings = bb(*this, them, King);
    if (!kings) {
        m_checkers = SquareSet();
    } else {
        const Square ksq = lsb(kings);
        const uint64_t occ = m_byColor[White].bits() | m_byColor[Black].bits();
        const uint64_t direct =
            ((pawnAttacksBB(them, ksq) & bb(*this, us, Pawn)) | (knightAttacksBB(ksq) & bb(*this, us, Knight))) & toBit;
        const uint64_t queens = bb(*this, us, Queen);
        const uint64_t rookLike = bb(*this, us, Rook) | queens, bishopLike = bb(*this, us, Bishop) | queens;
        const uint64_t rookRays = rookPseudoBB(ksq), bishopRays = bishopPseudoBB(ksq);
        // Sliders on a kind of line the move changed: the mover's own, or the one
        // it left.
        const auto all = [](uint64_t b) { return uint64_t(0) - uint64_t(b != 0); };
        const uint64_t sliders = (rookRays & rookLike & all((rookLike & toBit) | (rookRays & fromBit)))
            | (bishopRays & bishopLike & all((bishopLike & toBit) | (bishopRays & fromBit)));
        m_checkers = SquareSet(direct | unblockedBB(ksq, sliders, occ));
    }
    if (doublePush) {
        const Square passed = Square((from + to) / 2);
        if (pawnAttacksBB(us, passed) & bb(*this, them, Pawn)) setEnPassantIfLegal(passed);
    }
}

} // namespace chess
