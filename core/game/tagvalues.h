// The values CQL 6.2 gives the roster tags. It reads PGN through Scid's game
// model, which keeps a game's event, site, round, players and dates as
// fields of their own: a missing name reads "?", a date is kept as year,
// month and day (so "1999.13.05" reads "1999.??.??" and a missing one
// "????.??.??"), and player names are tidied (one blank after a comma, no
// dots or blanks at the end). CQL's tag filters see those values.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game.h"

#include <optional>
#include <string>
#include <string_view>

namespace game {

// "Anand,V." -> "Anand, V"; "van der Berg" -> "Van der Berg".
std::string standardPlayerName(std::string_view name);

// "yyyy.mm.dd" as a date field keeps it: unknown or out-of-range parts as '?'.
std::string normalizedDate(std::string_view text);

// The value of tag `name` as CQL 6.2 reads it: the roster tags as above,
// others as written. No value: an absent tag other than those, or an empty
// Event, Site, White, Black or ECO.
std::optional<std::string> cqlTagValue(const Game &g, std::string_view name);

} // namespace game
