// Position state: piece placement, attack queries and copy-make move execution.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"
#include "bitops.h"
#include "makemove.h"
#include "zobrist.h"

#include <algorithm>

namespace chess {

using namespace detail;

const char *const Position::StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Positions are copied at every move and kept in every game tree node: the
// variants' state must not make them bigger than a word beyond standard chess.
static_assert(sizeof(Position) <= 176, "Position grew");

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {
const Position &startPosition()
{
    static const Position start = *Position::fromFen(Position::StartFen);
    return start;
}
} // namespace

Position::Position() { *this = startPosition(); }

void Position::putPiece(Piece p, Square s)
{
    m_board[s] = p;
    m_byColor[colorOf(p)] |= SquareSet::of(s);
    m_byType[typeOf(p)] |= SquareSet::of(s);
    m_key ^= zobrist::keys.piece[p][s];
}

void Position::removePiece(Square s)
{
    const Piece p = m_board[s];
    m_board[s] = NoPiece;
    m_byColor[colorOf(p)] -= SquareSet::of(s);
    m_byType[typeOf(p)] -= SquareSet::of(s);
    m_key ^= zobrist::keys.piece[p][s];
}

SquareSet Position::attackersTo(Square s, Color by) const
{
    return SquareSet(attackersBB(*this, s, by, occupied().bits()));
}

SquareSet Position::attackersTo(Square s, Color by, SquareSet occ) const
{
    return SquareSet(attackersBB(*this, s, by, occ.bits()));
}

SquareSet Position::attacksFrom(Square s) const
{
    const Piece p = m_board[s];
    if (p == NoPiece) return SquareSet();
    return pieceAttacks(typeOf(p), colorOf(p), s, occupied());
}

SquareSet Position::pinned(Color c) const
{
    const Square ksq = kingSquare(c);
    if (!isValid(ksq)) return SquareSet();
    const Color them = ~c;
    const uint64_t occ = occupied().bits();
    const uint64_t queens = bb(*this, them, Queen);
    uint64_t snipers = (rookPseudoBB(ksq) & (bb(*this, them, Rook) | queens))
        | (bishopPseudoBB(ksq) & (bb(*this, them, Bishop) | queens));
    uint64_t result = 0;
    while (snipers) {
        const uint64_t blockers = betweenBB(ksq, popLsb(snipers)) & occ;
        if (blockers && !(blockers & (blockers - 1))) result |= blockers;
    }
    return SquareSet(result) & m_byColor[c];
}

Piece Position::capturedPiece(Move m) const
{
    if (m.isNull() || m.isNone() || m.isCastling()) return NoPiece;
    return m_board[captureSquare(m)];
}

Square Position::captureSquare(Move m) const { return m.kind() == Move::EnPassant ? Square(m.to() ^ 8) : m.to(); }

bool Position::epCaptureLegal(Square from, Square ep) const
{
    const Color us = m_stm, them = ~us;
    const Square ksq = kingSquare(us);
    const Square captured = Square(ep ^ 8);
    const uint64_t occ = (occupied().bits() ^ bit(from) ^ bit(captured)) | bit(ep);
    const uint64_t queens = bb(*this, them, Queen);
    const uint64_t sliders = (bishopPseudoBB(ksq) & (bb(*this, them, Bishop) | queens))
        | (rookPseudoBB(ksq) & (bb(*this, them, Rook) | queens));
    return !(unblockedBB(ksq, sliders, occ) | (knightAttacksBB(ksq) & bb(*this, them, Knight))
             | (pawnAttacksBB(us, ksq) & bb(*this, them, Pawn) & ~bit(captured)));
}

void Position::setEnPassantIfLegal(Square ep)
{
    // The square must be behind a pawn of the side not to move that could just have
    // advanced two squares, and some pawn of the side to move must capture legally.
    if (!isValid(ep) || rankOf(ep) != (m_stm == White ? 5 : 2)) return;
    const Color them = ~m_stm;
    const Square pawnSq = Square(ep ^ 8);
    const Square origin = Square(m_stm == White ? ep + 8 : ep - 8);
    if (m_board[pawnSq] != makePiece(them, Pawn) || m_board[ep] != NoPiece || m_board[origin] != NoPiece) return;
    uint64_t capturers = pawnAttacksBB(them, ep) & bb(*this, m_stm, Pawn);
    while (capturers) {
        // Antichess has no king to expose: any capturer will do.
        if (variant() == Variant::Antichess || epCaptureLegal(popLsb(capturers), ep)) {
            m_ep = ep;
            m_key ^= zobrist::keys.enPassant[fileOf(ep)];
            return;
        }
    }
}

template <bool Keys>
inline __attribute__((always_inline)) void Position::playImpl(Move m)
{
    if (m_variantBits != 0) [[unlikely]] {
        playVariant(m);
        return;
    }
    const unsigned kind = m.rawKind();
    if (kind == Move::Normal && !m.isNull()) {
        const Square from = m.from();
        playNormal<Keys>(from, m.to(), m_board[from]);
        return;
    }
    if (kind == Move::Promotion) {
        playNormal<Keys>(m.from(), m.to(), makePiece(m_stm, m.promotion()));
        return;
    }
    playSpecial(m);
}

// Null moves, castling and en passant: rare, so the full attack computation
// finds the checkers, and the key is kept also for playUnkeyed (it costs
// nothing here, and playUnkeyed promises nothing about it).
void Position::playSpecial(Move m)
{
    const Color us = m_stm, them = ~us;
    if (m_ep != NoSquare) {
        m_key ^= zobrist::keys.enPassant[fileOf(m_ep)];
        m_ep = NoSquare;
    }
    ++m_halfmove;
    const SquareSet oldRights = m_castleRooks;
    if (m.isNull()) {
        // Passing leaves the board alone.
    } else if (m.isCastling()) {
        const Square king = m.from(), rook = m.to();
        const Square kingTo = castlingKingTarget(king, rook), rookTo = castlingRookTarget(king, rook);
        removePiece(king);
        removePiece(rook);
        putPiece(makePiece(us, King), kingTo);
        putPiece(makePiece(us, Rook), rookTo);
        m_castleRooks -= SquareSet::rank(us == White ? 0 : 7);
    } else {
        // En passant: the captured pawn stands beside the target square.
        const Square from = m.from(), to = m.to();
        removePiece(Square(to ^ 8));
        const Piece pawn = m_board[from];
        removePiece(from);
        putPiece(pawn, to);
        m_halfmove = 0;
    }
    for (Square s : oldRights ^ m_castleRooks)
        m_key ^= zobrist::keys.castling[s];
    m_key ^= zobrist::keys.side;
    m_fullmove += uint16_t(us == Black);
    m_stm = them;
    const Square ksq = kingSquare(them);
    m_checkers = isValid(ksq) ? SquareSet(attackersColdBB(*this, ksq, us, occupied().bits())) : SquareSet();
}

void Position::play(Move m) { playImpl<true>(m); }

void Position::playUnkeyed(Move m) { playImpl<false>(m); }

} // namespace chess
