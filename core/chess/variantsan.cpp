// SAN of the variants: drops ("N@f3", "P@e4", "@e4"), Antichess moves (any
// piece, promotion to a king, captures compulsory). Read by matching the
// written move against the legal ones: variant games are few beside standard
// ones, and the legal list settles forced captures and several kings alike.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bitops.h"
#include "position.h"
#include "santext.h"

namespace chess {

using namespace detail;

namespace {

// A piece letter in upper case (as a piece's SAN starts), or in either case
// (as promotions are written in the wild).
PieceType upperPiece(char c)
{
    const Piece p = pieceFromChar(c);
    return p != NoPiece && colorOf(p) == White ? typeOf(p) : NoPieceType;
}

} // namespace

Move Position::parseSanVariant(std::string_view s, std::string *error) const
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?' || s.back() == ' '))
        s.remove_suffix(1);
    if (s.empty()) return failWith(error, BadSyntax);
    if (s == "--" || s == "Z0" || s == "0000") return Move::null();

    if (const size_t at = s.find('@'); at != std::string_view::npos) {
        // A drop: "N@f3", "P@e4", or "@e4" for a pawn as chessops writes it.
        if (at > 1 || s.size() != at + 3 || !isFile(s[at + 1]) || !isRank(s[at + 2])) return failWith(error, BadSyntax);
        const PieceType type = at == 0 ? Pawn : upperPiece(s[0]);
        if (type == NoPieceType || type == King) return failWith(error, BadSyntax);
        const Move m = Move::drop(type, makeSquare(s[at + 1] - 'a', s[at + 2] - '1'));
        return dropLegal(m) ? m : failWith(error, IllegalMove);
    }
    if (variant() != Variant::Antichess) return failWith(error, IllegalMove);
    if (s[0] == 'O' || s[0] == '0') return failWith(error, IllegalMove); // no castling in Antichess

    SanText parts;
    if (!readSanText(s, parts, true)) return failWith(error, BadSyntax);
    PieceType type = parts.type, promo = parts.promotion;
    const Square to = parts.to;
    if (type == NoPieceType) {
        // A pawn, or the piece on the square of a coordinate move ("e2e4").
        const Piece p =
            parts.fromFile >= 0 && parts.fromRank >= 0 ? m_board[makeSquare(parts.fromFile, parts.fromRank)] : NoPiece;
        type = p == NoPiece ? Pawn : typeOf(p);
    }
    const Color us = m_stm;
    const uint64_t own = m_byColor[us].bits(), enemy = m_byColor[~us].bits(), occ = own | enemy;
    if (own & bit(to)) return failWith(error, IllegalMove);
    uint64_t fromMask = ~uint64_t(0);
    if (parts.fromFile >= 0) fromMask &= FileABB << parts.fromFile;
    if (parts.fromRank >= 0) fromMask &= rankBB(parts.fromRank);

    // Without a king to keep safe, every piece that reaches `to` by the rules
    // of movement is a candidate; the compulsory capture is judged after.
    uint64_t candidates;
    Move::Kind kind = Move::Normal;
    if (type == Pawn) {
        const bool lastRank = relativeRank(us, rankOf(to)) == 7;
        if (lastRank && promo == NoPieceType) promo = Queen; // "e8" alone promotes to a queen
        if (promo != NoPieceType && !lastRank) return failWith(error, IllegalMove);
        if (promo != NoPieceType) kind = Move::Promotion;
        const uint64_t pawns = bb(*this, us, Pawn) & fromMask;
        if ((enemy & bit(to)) || to == m_ep) {
            candidates = pawnAttacksBB(~us, to) & pawns;
            if (to == m_ep) kind = Move::EnPassant;
        } else if (occ & bit(to)) {
            candidates = 0;
        } else {
            const int up = pawnPush(us);
            const int one = int(to) - up, two = int(to) - 2 * up;
            candidates = one >= 0 && one < 64 ? pawns & bit(Square(one)) : 0;
            if (!candidates && relativeRank(us, rankOf(to)) == 3 && !(occ & bit(Square(one))))
                candidates = pawns & bit(Square(two));
        }
    } else {
        if (promo != NoPieceType) return failWith(error, BadSyntax);
        candidates = pieceAttacks(type, us, to, SquareSet(occ)).bits() & bb(*this, us, type) & fromMask;
    }
    if (!candidates) return failWith(error, IllegalMove);
    if (candidates & (candidates - 1)) return failWith(error, AmbiguousMove);
    const bool capture = (enemy & bit(to)) || kind == Move::EnPassant;
    if (!capture && antichessCaptureExists()) return failWith(error, IllegalMove);
    return Move::make(lsb(candidates), to, kind, kind == Move::Promotion ? promo : Knight);
}

uint64_t Position::variantSanRivals(Move m) const
{
    // The other legal moves of the same kind of piece to the same square
    // (Antichess may have several kings, and a pinned piece is no rival).
    MoveList legal;
    generateLegal(legal);
    const PieceType type = typeOf(m_board[m.from()]);
    uint64_t rivals = 0;
    for (const Move o : legal)
        if (!o.isDrop() && !o.isCastling() && o.to() == m.to() && o.from() != m.from()
            && typeOf(m_board[o.from()]) == type)
            rivals |= bit(o.from());
    return rivals;
}

} // namespace chess
