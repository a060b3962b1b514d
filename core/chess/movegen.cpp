// Move generation (legal with pin and check masks, and pseudo-legal) and move validation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"
#include "bitops.h"

namespace chess {

using namespace detail;

namespace {

constexpr uint64_t shiftUp(uint64_t b, Color c) { return c == White ? b << 8 : b >> 8; }
// Pawn captures towards the a-file / h-file side, from the mover's point of view of the board.
constexpr uint64_t captureWest(uint64_t b, Color c) { return c == White ? (b & ~FileABB) << 7 : (b & ~FileABB) >> 9; }
constexpr uint64_t captureEast(uint64_t b, Color c) { return c == White ? (b & ~FileHBB) << 9 : (b & ~FileHBB) >> 7; }

inline void pushPawnMove(MoveList &out, Square from, Square to)
{
    if (rankOf(to) == 0 || rankOf(to) == 7) {
        out.push(Move::make(from, to, Move::Promotion, Queen));
        out.push(Move::make(from, to, Move::Promotion, Rook));
        out.push(Move::make(from, to, Move::Promotion, Bishop));
        out.push(Move::make(from, to, Move::Promotion, Knight));
    } else {
        out.push(Move::make(from, to));
    }
}

inline void pushAll(MoveList &out, Square from, uint64_t targets)
{
    while (targets)
        out.push(Move::make(from, popLsb(targets)));
}

} // namespace

bool Position::castlingPathClear(Square king, Square rook) const
{
    const Square kingTo = castlingKingTarget(king, rook), rookTo = castlingRookTarget(king, rook);
    const uint64_t mustBeEmpty =
        (betweenBB(king, kingTo) | bit(kingTo) | betweenBB(rook, rookTo) | bit(rookTo)) & ~(bit(king) | bit(rook));
    return !(occupied().bits() & mustBeEmpty);
}

bool Position::castlingLegal(Square king, Square rook) const
{
    if (m_checkers.any() || !castlingPathClear(king, rook)) return false;
    const Color them = ~m_stm;
    const Square kingTo = castlingKingTarget(king, rook), rookTo = castlingRookTarget(king, rook);
    const uint64_t occ = occupied().bits();
    uint64_t path = betweenBB(king, kingTo);
    while (path) {
        if (attackedColdBB(*this, popLsb(path), them, occ)) return false;
    }
    // The final square is judged on the final board: in Chess960 the rook may have been
    // shielding the king's destination from a slider on the back rank.
    const uint64_t after = (occ ^ bit(king) ^ bit(rook)) | bit(kingTo) | bit(rookTo);
    return !attackedColdBB(*this, kingTo, them, after);
}

bool Position::legalGivenPinned(Move m, SquareSet pinnedPieces) const
{
    const Square from = m.from(), to = m.to();
    const Square ksq = kingSquare(m_stm);
    switch (m.kind()) {
    case Move::Castling: return castlingLegal(from, to);
    case Move::EnPassant: return epCaptureLegal(from, to);
    default: break;
    }
    if (from == ksq) return !attackersBB(*this, to, ~m_stm, occupied().bits() ^ bit(from));
    const uint64_t checkers = m_checkers.bits();
    if (checkers) {
        if (checkers & (checkers - 1)) return false;
        if (!((betweenBB(ksq, lsb(checkers)) | checkers) & bit(to))) return false;
    }
    return !pinnedPieces.contains(from) || (lineBB(ksq, from) & bit(to));
}

void Position::generateLegal(MoveList &out) const
{
    if (m_variantBits != 0) [[unlikely]] {
        generateVariant(out);
        return;
    }
    generateStandard(out);
}

void Position::generateStandard(MoveList &out) const
{
    const Color us = m_stm, them = ~us;
    const Square ksq = kingSquare(us);
    const uint64_t own = m_byColor[us].bits(), enemy = m_byColor[them].bits(), occ = own | enemy;

    {
        uint64_t targets = kingAttacksBB(ksq) & ~own;
        const uint64_t occWithoutKing = occ ^ bit(ksq);
        while (targets) {
            const Square to = popLsb(targets);
            if (!attackersBB(*this, to, them, occWithoutKing)) out.push(Move::make(ksq, to));
        }
    }
    const uint64_t checkers = m_checkers.bits();
    if (checkers & (checkers - 1)) return;
    const uint64_t target = checkers ? (betweenBB(ksq, lsb(checkers)) | checkers) : ~own;
    const uint64_t pinnedBB = pinned(us).bits();
    const uint64_t queens = bb(*this, us, Queen);

    uint64_t knights = bb(*this, us, Knight) & ~pinnedBB; // a pinned knight never moves
    while (knights) {
        const Square from = popLsb(knights);
        pushAll(out, from, knightAttacksBB(from) & target);
    }
    uint64_t diagonal = bb(*this, us, Bishop) | queens;
    while (diagonal) {
        const Square from = popLsb(diagonal);
        uint64_t t = bishopAttacksBB(from, occ) & target;
        if (pinnedBB & bit(from)) t &= lineBB(ksq, from);
        pushAll(out, from, t);
    }
    uint64_t straight = bb(*this, us, Rook) | queens;
    while (straight) {
        const Square from = popLsb(straight);
        uint64_t t = rookAttacksBB(from, occ) & target;
        if (pinnedBB & bit(from)) t &= lineBB(ksq, from);
        pushAll(out, from, t);
    }

    const uint64_t pawns = bb(*this, us, Pawn);
    const uint64_t freePawns = pawns & ~pinnedBB;
    const uint64_t empty = ~occ;
    const int up = pawnPush(us);
    {
        const uint64_t single = shiftUp(freePawns, us) & empty;
        uint64_t dbl = shiftUp(single & rankBB(us == White ? 2 : 5), us) & empty & target;
        uint64_t pushes = single & target;
        const uint64_t lastRank = rankBB(us == White ? 7 : 0);
        uint64_t promoting = pushes & lastRank;
        pushes &= ~lastRank;
        while (pushes) {
            const Square to = popLsb(pushes);
            out.push(Move::make(Square(to - up), to));
        }
        while (promoting) {
            const Square to = popLsb(promoting);
            pushPawnMove(out, Square(to - up), to);
        }
        while (dbl) {
            const Square to = popLsb(dbl);
            out.push(Move::make(Square(to - 2 * up), to));
        }
        uint64_t west = captureWest(freePawns, us) & enemy & target;
        uint64_t east = captureEast(freePawns, us) & enemy & target;
        const int westDelta = us == White ? 7 : -9, eastDelta = us == White ? 9 : -7;
        while (west) {
            const Square to = popLsb(west);
            pushPawnMove(out, Square(to - westDelta), to);
        }
        while (east) {
            const Square to = popLsb(east);
            pushPawnMove(out, Square(to - eastDelta), to);
        }
    }
    uint64_t pinnedPawns = pawns & pinnedBB;
    while (pinnedPawns) {
        const Square from = popLsb(pinnedPawns);
        const uint64_t allowed = lineBB(ksq, from) & target;
        const Square one = Square(from + up);
        if (!(occ & bit(one))) {
            if (allowed & bit(one)) pushPawnMove(out, from, one);
            const Square two = Square(from + 2 * up);
            if (relativeRank(us, rankOf(from)) == 1 && !(occ & bit(two)) && (allowed & bit(two)))
                out.push(Move::make(from, two));
        }
        uint64_t caps = pawnAttacksBB(us, from) & enemy & allowed;
        while (caps) {
            pushPawnMove(out, from, popLsb(caps));
        }
    }
    if (m_ep != NoSquare) {
        uint64_t capturers = pawnAttacksBB(them, m_ep) & pawns;
        while (capturers) {
            const Square from = popLsb(capturers);
            if (epCaptureLegal(from, m_ep)) out.push(Move::make(from, m_ep, Move::EnPassant));
        }
    }
    if (!checkers) {
        uint64_t rooks = (m_castleRooks & m_byColor[us]).bits();
        while (rooks) {
            const Square rook = popLsb(rooks);
            if (castlingLegal(ksq, rook)) out.push(Move::make(ksq, rook, Move::Castling));
        }
    }
}

void Position::generatePseudoLegal(MoveList &out) const
{
    if (variant() == Variant::Antichess) {
        generateAntichess(out, false);
        return;
    }
    if (variant() == Variant::Crazyhouse) generateDrops(out, false);
    const Color us = m_stm, them = ~us;
    const uint64_t own = m_byColor[us].bits(), enemy = m_byColor[them].bits(), occ = own | enemy;
    const int up = pawnPush(us);
    uint64_t pieces = own;
    while (pieces) {
        const Square from = popLsb(pieces);
        const PieceType type = typeOf(m_board[from]);
        if (type != Pawn) {
            pushAll(out, from, pieceAttacks(type, us, from, SquareSet(occ)).bits() & ~own);
            continue;
        }
        const Square one = Square(from + up);
        if (!(occ & bit(one))) {
            pushPawnMove(out, from, one);
            const Square two = Square(from + 2 * up);
            if (relativeRank(us, rankOf(from)) == 1 && !(occ & bit(two))) out.push(Move::make(from, two));
        }
        uint64_t caps = pawnAttacksBB(us, from) & enemy;
        while (caps)
            pushPawnMove(out, from, popLsb(caps));
        if (m_ep != NoSquare && (pawnAttacksBB(us, from) & bit(m_ep)))
            out.push(Move::make(from, m_ep, Move::EnPassant));
    }
    const Square ksq = kingSquare(us);
    uint64_t rooks = (m_castleRooks & m_byColor[us]).bits();
    while (rooks) {
        const Square rook = popLsb(rooks);
        if (castlingPathClear(ksq, rook)) out.push(Move::make(ksq, rook, Move::Castling));
    }
}

bool Position::hasLegalMove() const
{
    if (m_variantBits != 0) [[unlikely]] {
        MoveList list;
        generateVariant(list);
        return list.size > 0;
    }
    const Color us = m_stm, them = ~us;
    const Square ksq = kingSquare(us);
    const uint64_t own = m_byColor[us].bits();
    // Most positions have a safe king step; only then fall back to full generation.
    uint64_t targets = kingAttacksBB(ksq) & ~own;
    const uint64_t occWithoutKing = occupied().bits() ^ bit(ksq);
    while (targets) {
        if (!attackersBB(*this, popLsb(targets), them, occWithoutKing)) return true;
    }
    if (m_checkers.moreThanOne()) return false;
    MoveList list;
    generateLegal(list);
    return list.size > 0;
}

bool Position::isPseudoLegal(Move m) const
{
    // Only canonical encodings: the promotion bits are zero unless promoting.
    if (m.isNone() || m.isNull() || m.isDrop() || m.promotion() == King
        || (m.kind() != Move::Promotion && (m.raw() >> 14)))
        return false;
    const Color us = m_stm;
    const Square from = m.from(), to = m.to();
    const Piece piece = m_board[from];
    if (piece == NoPiece || colorOf(piece) != us) return false;
    const uint64_t occ = occupied().bits(), own = m_byColor[us].bits(), enemy = m_byColor[~us].bits();
    const PieceType type = typeOf(piece);

    switch (m.kind()) {
    case Move::Castling:
        return type == King && m_castleRooks.contains(to) && (own & bit(to)) && castlingPathClear(from, to);
    case Move::EnPassant: return type == Pawn && to == m_ep && (pawnAttacksBB(us, from) & bit(to));
    default: break;
    }
    if (own & bit(to)) return false;
    // The empty-board reach and the squares between (small tables, in cache) in
    // place of the slider attack tables: a store replays every move through here.
    if (type != Pawn)
        return m.kind() == Move::Normal && (pseudoBB(type, from) & bit(to)) && !(betweenBB(from, to) & occ);

    const bool lastRank = relativeRank(us, rankOf(to)) == 7;
    if (lastRank != (m.kind() == Move::Promotion)) return false;
    const int up = pawnPush(us);
    if (pawnAttacksBB(us, from) & bit(to)) return enemy & bit(to);
    if (to == from + up) return !(occ & bit(to));
    if (to == from + 2 * up && relativeRank(us, rankOf(from)) == 1) return !(occ & (bit(to) | bit(Square(from + up))));
    return false;
}

bool Position::isLegal(Move m) const
{
    if (m_variantBits != 0) [[unlikely]] {
        MoveList list;
        generateVariant(list);
        return list.contains(m);
    }
    return isPseudoLegal(m) && legalGivenPinned(m, pinned(m_stm));
}

} // namespace chess
