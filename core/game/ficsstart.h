// The FICS start positions Scidb knows (its "Start-Positions" list): wild and
// misc variants that are ordinary chess from another arrangement. Scidb numbers
// them 4000-4015 after the 3840 Shuffle Chess positions; a game starts with one
// when its first position has the same pieces on the same squares and White to
// move (castling rights are not compared: Scidb's own check does not either).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"

#include <string_view>
#include <vector>

namespace game {

struct FicsStart {
    int number;                          // Scidb's 4000-4015
    std::string_view fen;                // the position as FICS sets it up
    std::vector<std::string_view> names; // identifiers, lower case, first the usual one
};

const std::vector<FicsStart> &ficsStarts();

// The entry an identifier names ("misc/runaway", any case); null for others.
const FicsStart *ficsStartNamed(std::string_view identifier);

// The number of the FICS start position p is (4000-4015), 0 if it is none.
int ficsStartNumber(const chess::Position &p);

} // namespace game
