// What the game list's Variant column and the search log call a game's rules.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <string_view>

namespace wb {

// From the Variant tag: "" for standard chess (no tag, "Standard", "chess",
// a FICS start position), so the column stays quiet in ordinary databases;
// "Chess960"; lichess's name for the variants the core plays ("Three-check",
// "Crazyhouse", whatever spelling the file uses); "Bughouse"; any other
// variant as the file writes it ("Atomic").
QString variantLabel(std::string_view variantTag);

} // namespace wb
