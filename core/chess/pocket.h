// Crazyhouse pockets: the pieces each side has captured and may drop.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "types.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace chess {

class Pocket {
public:
    // Pawn to queen; a king is never in a pocket.
    int count(Color c, PieceType t) const { return t >= Pawn && t <= Queen ? m_count[c][t - Pawn] : 0; }
    bool empty(Color c) const { return m_count[c] == std::array<uint8_t, 5>{}; }
    void add(Color c, PieceType t) { ++m_count[c][t - Pawn]; }
    void remove(Color c, PieceType t) { --m_count[c][t - Pawn]; }
    bool operator==(const Pocket &) const = default;

    // As FEN writes it between the brackets: White's pieces upper case, then
    // Black's lower case, each pawn to queen ("PNBQpr"; "" when both are empty).
    std::string text() const;
    // Reads that text (letters in any order); false on anything but piece
    // letters, or kings.
    bool parse(std::string_view text);

private:
    std::array<std::array<uint8_t, 5>, 2> m_count{};
};

} // namespace chess
