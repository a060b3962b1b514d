// Crazyhouse pockets: the pieces each side has captured and may drop.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "types.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace chess {

// Ten counts of five bits in one word: a position is copied at every move,
// and standard chess should not pay for the variants' state.
class Pocket {
public:
    // Pawn to queen; a king is never in a pocket.
    int count(Color c, PieceType t) const { return t >= Pawn && t <= Queen ? int(m_bits >> shift(c, t) & 31) : 0; }
    bool empty(Color c) const { return !(m_bits & (c == White ? WhiteBits : WhiteBits << 25)); }
    void add(Color c, PieceType t) { m_bits += uint64_t(1) << shift(c, t); }
    void remove(Color c, PieceType t) { m_bits -= uint64_t(1) << shift(c, t); }
    bool operator==(const Pocket &) const = default;

    // As FEN writes it between the brackets: White's pieces upper case, then
    // Black's lower case, each pawn to queen ("PNBQpr"; "" when both are empty).
    std::string text() const;
    // Reads that text (letters in any order); false on anything but piece
    // letters, or kings.
    bool parse(std::string_view text);

private:
    static constexpr uint64_t WhiteBits = (uint64_t(1) << 25) - 1;
    static constexpr int shift(Color c, PieceType t) { return 5 * (c * 5 + t - Pawn); }
    uint64_t m_bits = 0;
};

} // namespace chess
