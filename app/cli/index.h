// cqlwb-cli -index: builds (or checks) the game store of PGN files ahead of searching them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "options.h"

namespace cli {

// Exit status: 0 when every file has a good store afterwards, 1 otherwise.
int runIndex(const Options &options);

} // namespace cli
