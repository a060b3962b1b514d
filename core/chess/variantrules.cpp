// The variants' rules: which moves are legal, what a move does beyond the
// standard board change, and when the variant ends the game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bitops.h"
#include "makemove.h"
#include "position.h"
#include "zobrist.h"

namespace chess {

using namespace detail;

namespace {

constexpr uint64_t BackRanksBB = rankBB(0) | rankBB(7);

void pushTargets(MoveList &out, Square from, uint64_t targets)
{
    while (targets)
        out.push(Move::make(from, popLsb(targets)));
}

// Antichess promotes to a king as well.
void pushAntichessPawnMove(MoveList &out, Square from, Square to)
{
    if (!(bit(to) & BackRanksBB)) {
        out.push(Move::make(from, to));
        return;
    }
    for (const PieceType t : {Queen, Rook, Bishop, Knight, King})
        out.push(Move::make(from, to, Move::Promotion, t));
}

} // namespace

Position Position::startOf(Variant v)
{
    Position p;
    p.setVariant(v);
    return p;
}

void Position::setVariant(Variant v)
{
    m_variantBits = uint8_t(v);
    m_pocket = Pocket();
    m_byType[NoPieceType] = SquareSet();
    if (v == Variant::Antichess) {
        m_castleRooks = SquareSet();
        m_checkers = SquareSet();
    } else {
        const Square ksq = kingSquare(m_stm);
        m_checkers = isValid(ksq) ? attackersTo(ksq, ~m_stm) : SquareSet();
    }
    m_key = computeKey();
}

VariantEnd Position::variantEnd() const
{
    switch (variant()) {
    case Variant::Standard: break;
    case Variant::ThreeCheck:
        if (checksLeft(White) == 0 || checksLeft(Black) == 0) return VariantEnd::ThirdCheck;
        break;
    case Variant::KingOfTheHill:
        if ((m_byType[King] & HillSquares).any()) return VariantEnd::KingOnHill;
        break;
    case Variant::Antichess:
        if (m_byColor[m_stm].empty()) return VariantEnd::NoPieces;
        if (!hasLegalMove()) return VariantEnd::StalemateWin;
        break;
    case Variant::Crazyhouse: break;
    }
    return VariantEnd::None;
}

Color Position::variantWinner() const
{
    switch (variant()) {
    case Variant::ThreeCheck: return checksLeft(White) == 0 ? White : Black;
    case Variant::KingOfTheHill: return (pieces(White, King) & HillSquares).any() ? White : Black;
    default: return m_stm; // Antichess: the side left without pieces or moves
    }
}

void Position::generateVariant(MoveList &out) const
{
    switch (variant()) {
    case Variant::Standard: generateStandard(out); return;
    case Variant::ThreeCheck:
        if (checksLeft(White) && checksLeft(Black)) generateStandard(out);
        return;
    case Variant::KingOfTheHill:
        if (!(m_byType[King] & HillSquares).any()) generateStandard(out);
        return;
    case Variant::Antichess: generateAntichess(out); return;
    case Variant::Crazyhouse:
        generateStandard(out);
        generateDrops(out);
        return;
    }
}

// Every piece moves by the rules of movement, the king too, with nothing to
// keep safe; when any capture exists, only captures are allowed.
void Position::generateAntichess(MoveList &out, bool forced) const
{
    const Color us = m_stm, them = ~us;
    const uint64_t own = m_byColor[us].bits(), enemy = m_byColor[them].bits(), occ = own | enemy;
    const int up = pawnPush(us), before = out.size;
    for (const bool captures : {true, false}) {
        const uint64_t targets = captures ? enemy : ~occ;
        uint64_t pieces = own;
        while (pieces) {
            const Square from = popLsb(pieces);
            const PieceType type = typeOf(m_board[from]);
            if (type != Pawn) {
                pushTargets(out, from, pieceAttacks(type, us, from, SquareSet(occ)).bits() & targets);
                continue;
            }
            if (captures) {
                uint64_t caps = pawnAttacksBB(us, from) & enemy;
                while (caps)
                    pushAntichessPawnMove(out, from, popLsb(caps));
                if (m_ep != NoSquare && (pawnAttacksBB(us, from) & bit(m_ep)))
                    out.push(Move::make(from, m_ep, Move::EnPassant));
                continue;
            }
            const Square one = Square(from + up);
            if (occ & bit(one)) continue;
            pushAntichessPawnMove(out, from, one);
            const Square two = Square(from + 2 * up);
            if (relativeRank(us, rankOf(from)) == 1 && !(occ & bit(two))) out.push(Move::make(from, two));
        }
        if (forced && out.size > before) return;
    }
}

// Crazyhouse drops of the side to move: on any empty square (pawns not on
// the first or last rank), or, in check, between the checker and the king.
void Position::generateDrops(MoveList &out, bool blockChecks) const
{
    const Color us = m_stm;
    if (m_pocket.empty(us)) return;
    const uint64_t checkers = blockChecks ? m_checkers.bits() : 0;
    if (checkers & (checkers - 1)) return;
    uint64_t targets = ~occupied().bits();
    if (checkers) targets &= betweenBB(kingSquare(us), lsb(checkers));
    for (int t = Pawn; t <= Queen; ++t) {
        if (!m_pocket.count(us, PieceType(t))) continue;
        uint64_t squares = t == Pawn ? targets & ~BackRanksBB : targets;
        while (squares)
            out.push(Move::drop(PieceType(t), popLsb(squares)));
    }
}

bool Position::wonOnTheBoard() const
{
    const VariantEnd e = variant() == Variant::Antichess ? VariantEnd::None : variantEnd();
    return e == VariantEnd::ThirdCheck || e == VariantEnd::KingOnHill;
}

bool Position::antichessCaptureExists() const
{
    const Color us = m_stm;
    const uint64_t enemy = m_byColor[~us].bits(), occ = occupied().bits();
    if (m_ep != NoSquare && (pawnAttacksBB(~us, m_ep) & bb(*this, us, Pawn))) return true;
    for (uint64_t pieces = m_byColor[us].bits(); pieces;) {
        const Square from = popLsb(pieces);
        if (pieceAttacks(typeOf(m_board[from]), us, from, SquareSet(occ)).bits() & enemy) return true;
    }
    return false;
}

bool Position::dropLegal(Move m) const
{
    const Color us = m_stm;
    const Square to = m.to();
    if (variant() != Variant::Crazyhouse || !m_pocket.count(us, m.dropPiece()) || (occupied().bits() & bit(to)))
        return false;
    if (m.dropPiece() == Pawn && (bit(to) & BackRanksBB)) return false;
    // In check, only a drop between a single checker and the king helps.
    const uint64_t checkers = m_checkers.bits();
    if (!checkers) return true;
    return !(checkers & (checkers - 1)) && (betweenBB(kingSquare(us), lsb(checkers)) & bit(to));
}

void Position::addToPocket(Color c, PieceType t)
{
    const int n = m_pocket.count(c, t);
    m_key ^= zobrist::keys.pocket[c][t][n & 31] ^ zobrist::keys.pocket[c][t][(n + 1) & 31];
    m_pocket.add(c, t);
}

void Position::takeFromPocket(Color c, PieceType t)
{
    const int n = m_pocket.count(c, t);
    m_key ^= zobrist::keys.pocket[c][t][n & 31] ^ zobrist::keys.pocket[c][t][(n - 1) & 31];
    m_pocket.remove(c, t);
}

void Position::setChecksLeft(Color c, int left)
{
    m_key ^= zobrist::keys.checksLeft[c][checksLeft(c)] ^ zobrist::keys.checksLeft[c][left & 3];
    const int shift = 3 + 2 * c;
    m_variantBits = uint8_t((m_variantBits & ~(3 << shift)) | ((3 - left) << shift));
}

void Position::playDrop(Move m)
{
    const Color us = m_stm, them = ~us;
    const PieceType type = m.dropPiece();
    takeFromPocket(us, type);
    if (m_ep != NoSquare) {
        m_key ^= zobrist::keys.enPassant[fileOf(m_ep)];
        m_ep = NoSquare;
    }
    putPiece(makePiece(us, type), m.to());
    // As chessops counts: a pawn drop is a pawn move.
    m_halfmove = type == Pawn ? 0 : uint16_t(m_halfmove + 1);
    m_key ^= zobrist::keys.side;
    m_fullmove += uint16_t(us == Black);
    m_stm = them;
    const Square ksq = kingSquare(them);
    m_checkers = isValid(ksq) ? SquareSet(attackersColdBB(*this, ksq, us, occupied().bits())) : SquareSet();
}

void Position::playVariant(Move m)
{
    const Color us = m_stm;
    if (m.isDrop()) {
        playDrop(m);
    } else {
        // Crazyhouse: the captor pockets the piece, a promoted one as the
        // pawn it was, and a promoted piece stays marked where it goes. The
        // marks are set after the move, which may clear its target square
        // among them (see m_byType).
        SquareSet promotedAfter = promoted();
        if (variant() == Variant::Crazyhouse && !m.isNull() && !m.isCastling()) {
            const Square from = m.from(), to = m.to(), taken = captureSquare(m);
            const Piece captured = m_board[taken];
            if (captured != NoPiece) addToPocket(us, promotedAfter.contains(taken) ? Pawn : typeOf(captured));
            const bool marked = promotedAfter.contains(from) || m.kind() == Move::Promotion;
            promotedAfter -= SquareSet::of(taken) | SquareSet::of(from);
            if (marked) promotedAfter |= SquareSet::of(to);
        }
        const unsigned kind = m.rawKind();
        if (kind == Move::Normal && !m.isNull())
            playNormal<true>(m.from(), m.to(), m_board[m.from()]);
        else if (m.kind() == Move::Promotion)
            playNormal<true>(m.from(), m.to(), makePiece(us, m.promotion()));
        else
            playSpecial(m);
        m_byType[NoPieceType] = promotedAfter;
    }
    if (variant() == Variant::ThreeCheck) {
        if (m_checkers.any() && checksLeft(us)) setChecksLeft(us, checksLeft(us) - 1);
    } else if (variant() == Variant::Antichess) {
        m_checkers = SquareSet();
    }
}

} // namespace chess
