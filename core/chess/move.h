// A move in 16 bits. Castling is encoded as "king takes own rook" (from = king
// square, to = rook square) so Chess960 and standard chess share one path.
// The variants' moves use encodings standard chess never produces, so a
// standard move keeps its bits and its fast path: a drop has from == to (the
// dropped piece in the kind and promotion bits), an Antichess promotion to a
// king is a "castling" with a non-zero promotion field.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "types.h"

#include <cstdint>

namespace chess {

class Move {
public:
    enum Kind : uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3, Drop = 4 };

    constexpr Move() = default;
    static constexpr Move make(Square from, Square to, Kind kind = Normal, PieceType promo = Knight)
    {
        if (kind == Promotion && promo == King) return Move(uint16_t(from | (to << 6) | (Castling << 12) | (1 << 14)));
        return Move(uint16_t(from | (to << 6) | (kind << 12) | ((promo - Knight) << 14)));
    }
    // Crazyhouse: a piece from the pocket put on `to` (pawn to queen).
    static constexpr Move drop(PieceType piece, Square to)
    {
        const unsigned code = piece == Queen ? (Castling << 12) : (EnPassant << 12) | ((piece - Pawn) << 14);
        return Move(uint16_t(to | (to << 6) | code));
    }
    // The null move ("--" / "Z0" in PGN): passes the turn.
    static constexpr Move null() { return Move(uint16_t(65)); } // from b1 to a1, never legal
    static constexpr Move none() { return Move(); }

    constexpr Square from() const { return Square(m_data & 63); }
    constexpr Square to() const { return Square((m_data >> 6) & 63); }
    constexpr Kind kind() const
    {
        const unsigned raw = rawKind();
        if (raw < EnPassant) return Kind(raw);
        if (from() == to()) return Drop;
        return (m_data >> 14) ? Promotion : Kind(raw);
    }
    constexpr PieceType promotion() const
    {
        const unsigned raw = rawKind();
        if (raw == Promotion) return PieceType(Knight + (m_data >> 14));
        return raw == Castling && (m_data >> 14) == 1 && from() != to() ? King : NoPieceType;
    }
    constexpr bool isDrop() const { return rawKind() >= EnPassant && from() == to(); }
    // The piece a drop puts on the board (only meaningful for drops).
    constexpr PieceType dropPiece() const { return rawKind() == Castling ? Queen : PieceType(Pawn + (m_data >> 14)); }
    constexpr bool isNull() const { return m_data == 65; }
    constexpr bool isNone() const { return m_data == 0; }
    constexpr bool isCastling() const { return rawKind() == Castling && !(m_data >> 14) && from() != to(); }
    constexpr uint16_t raw() const { return m_data; }
    constexpr bool operator==(const Move &) const = default;
    // The two kind bits as stored: the standard kinds, which is all the
    // standard fast paths need to look at.
    constexpr unsigned rawKind() const { return (m_data >> 12) & 3; }

private:
    constexpr explicit Move(uint16_t d) : m_data(d) {}
    uint16_t m_data = 0;
};

} // namespace chess
