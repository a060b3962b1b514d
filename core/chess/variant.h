// The chess variants a position can be played under, and the names PGN files
// give them in their Variant tag.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "squareset.h"

#include <optional>
#include <string_view>

namespace chess {

// Chess960 is not a variant here but a flag of the position (castling only
// differs), so a Chess960 game of any variant would need no new value.
enum class Variant : uint8_t { Standard = 0, ThreeCheck, KingOfTheHill, Antichess, Crazyhouse };

// How a variant's own rule ended the game (checkmate and stalemate are not
// listed: they are the standard ends, which Antichess turns into a win).
enum class VariantEnd : uint8_t {
    None = 0,
    ThirdCheck,   // Three-check: a side has given its third check and wins
    KingOnHill,   // King of the Hill: a king stands on d4, e4, d5 or e5; its side wins
    NoPieces,     // Antichess: the side to move has lost all its pieces and wins
    StalemateWin, // Antichess: the side to move has pieces but no move, and wins
};

// The name lichess writes in the Variant tag ("Three-check", "King of the
// Hill", "Antichess", "Crazyhouse"; "Standard" for standard chess).
std::string_view variantName(Variant v);
// A Variant tag value: lichess's names and the spellings other programs use
// (Scidb, python-chess, PyChess, FICS), case and separators ignored. nullopt
// for anything not one of these variants (standard chess included: the
// caller decides what "Standard", "Chess960" or a FICS wild name mean).
std::optional<Variant> parseVariantName(std::string_view name);

// The four centre squares of King of the Hill.
inline constexpr SquareSet HillSquares = SquareSet((uint64_t(0x18) << 24) | (uint64_t(0x18) << 32));

} // namespace chess
