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

    MoveList legal;
    generateLegal(legal);

    if (const size_t at = s.find('@'); at != std::string_view::npos) {
        // A drop: "N@f3", "P@e4", or "@e4" for a pawn as chessops writes it.
        if (at > 1 || s.size() != at + 3 || !isFile(s[at + 1]) || !isRank(s[at + 2])) return failWith(error, BadSyntax);
        const PieceType type = at == 0 ? Pawn : upperPiece(s[0]);
        if (type == NoPieceType || type == King) return failWith(error, BadSyntax);
        const Move m = Move::drop(type, makeSquare(s[at + 1] - 'a', s[at + 2] - '1'));
        return legal.contains(m) ? m : failWith(error, IllegalMove);
    }

    bool castling = false, longCastling = false;
    PieceType type = NoPieceType, promo = NoPieceType;
    int fromFile = -1, fromRank = -1;
    Square to = NoSquare;
    if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
        castling = true;
        longCastling = s.size() == 5;
    } else {
        SanText parts;
        if (!readSanText(s, parts, m_variant == Variant::Antichess)) return failWith(error, BadSyntax);
        type = parts.type;
        promo = parts.promotion;
        fromFile = parts.fromFile;
        fromRank = parts.fromRank;
        to = parts.to;
        if (type == NoPieceType) {
            if (fromFile >= 0 && fromRank >= 0) {
                const Piece p = m_board[makeSquare(fromFile, fromRank)];
                type = p == NoPiece ? Pawn : typeOf(p);
            } else {
                type = Pawn;
            }
        }
        // "e8" alone promotes to a queen, as in standard chess.
        if (type == Pawn && promo == NoPieceType && (rankOf(to) == 0 || rankOf(to) == 7)) promo = Queen;
    }

    Move found = Move::none();
    for (const Move m : legal) {
        if (m.isDrop()) continue;
        if (castling) {
            if (!m.isCastling() || castlesKingSide(m.from(), m.to()) == longCastling) continue;
        } else {
            if (m.isCastling() || m.to() != to || typeOf(m_board[m.from()]) != type || m.promotion() != promo) continue;
            if ((fromFile >= 0 && fileOf(m.from()) != fromFile) || (fromRank >= 0 && rankOf(m.from()) != fromRank))
                continue;
        }
        if (!found.isNone()) return failWith(error, AmbiguousMove);
        found = m;
    }
    return found.isNone() ? failWith(error, IllegalMove) : found;
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
