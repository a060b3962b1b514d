// The pieces of SAN text and the errors its readers give, shared by the
// standard reader (san.cpp) and the variants' (variantsan.cpp).
// Internal to core/chess.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "move.h"

#include <string>
#include <string_view>

namespace chess::detail {

inline constexpr const char *IllegalMove = "illegal move";
inline constexpr const char *AmbiguousMove = "ambiguous move";
inline constexpr const char *BadSyntax = "bad move syntax";

inline Move failWith(std::string *error, const char *message)
{
    if (error) *error = message;
    return Move::none();
}

constexpr bool isFile(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool isRank(char c) { return c >= '1' && c <= '8'; }

// A move as the SAN grammar spells it, before any position is consulted.
struct SanText {
    PieceType type = NoPieceType; // none: a pawn, or whatever stands on a given from-square
    PieceType promotion = NoPieceType;
    int fromFile = -1, fromRank = -1;
    Square to = NoSquare;
};
// Reads "[piece] [from-file] [from-rank] [x|:|-] to-square [[=|/] promo |
// (promo)]", decorations already stripped; a king as promotion piece only
// when kingPromotion (Antichess). False on anything else.
bool readSanText(std::string_view s, SanText &out, bool kingPromotion);

} // namespace chess::detail
