// A move in 16 bits. Castling is encoded as "king takes own rook" (from = king
// square, to = rook square) so Chess960 and standard chess share one path.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "types.h"

#include <cstdint>

namespace chess {

class Move {
public:
    enum Kind : uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

    constexpr Move() = default;
    static constexpr Move make(Square from, Square to, Kind kind = Normal, PieceType promo = Knight)
    {
        return Move(uint16_t(from | (to << 6) | (kind << 12) | ((promo - Knight) << 14)));
    }
    // The null move ("--" / "Z0" in PGN): passes the turn.
    static constexpr Move null() { return Move(uint16_t(65)); } // from b1 to a1, never legal
    static constexpr Move none() { return Move(); }

    constexpr Square from() const { return Square(m_data & 63); }
    constexpr Square to() const { return Square((m_data >> 6) & 63); }
    constexpr Kind kind() const { return Kind(m_data >> 12 & 3); }
    constexpr PieceType promotion() const
    {
        return kind() == Promotion ? PieceType(Knight + (m_data >> 14)) : NoPieceType;
    }
    constexpr bool isNull() const { return m_data == 65; }
    constexpr bool isNone() const { return m_data == 0; }
    constexpr bool isCastling() const { return kind() == Castling; }
    constexpr uint16_t raw() const { return m_data; }
    constexpr bool operator==(const Move &) const = default;

private:
    constexpr explicit Move(uint16_t d) : m_data(d) {}
    uint16_t m_data = 0;
};

} // namespace chess
