// cqlwb-cli -check: replays every game of PGN files and reports what does not replay.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "options.h"

namespace cli {

// Exit status: 0 when every game replays cleanly, 1 when a game has a problem or a
// file cannot be read.
int runCheck(const Options &options);

} // namespace cli
