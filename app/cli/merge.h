// cqlwb-cli -merge PART... -o FILE: the output of a sharded search.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "options.h"

namespace cli {

// Merges the parts, prints what the single run prints (problems, -showmatches
// lines, the count line); the exit status.
int runMerge(const Options &options);

} // namespace cli
