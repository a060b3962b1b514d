// The compiled query: header, body filters and the variable slots they use.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/settings.h"
#include "filter.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cql {

// Values of persistent variables, kept across games (queries using them run
// on one thread, so games see them in input order).
struct PersistentStore {
    std::mutex mutex;
    std::vector<Value> values; // by slot; unbound until first used
};
struct PersistentVar {
    int slot = -1;
    bool quiet = false; // persistent quiet: not reported at the end
};

class Program {
public:
    std::vector<FilterPtr> body; // all must match at a position
    std::vector<Type> slotTypes; // variable slots
    std::vector<std::string> slotNames;
    std::vector<SortSpec> sorts;  // sort filters, in text order
    bool usesVariations = false;  // some filter needs variation positions
    bool usesAnnotations = false; // some filter reads the game's comments or NAGs
    bool usesGameCount = false;   // lastgamenumber: the search must know how many games the file holds
    bool usesGameNumber = false;  // gamenumber: a game's number is read while it is searched
    bool writesOutside = false;   // message or writefile: output as games are searched, outside the matches
    engine::Settings engine;      // CompileOptions::engine, or the environment's
    std::string playerBase;       // CompileOptions::playerBase, or the default ("" = none)
    GameSlotCounts gameSlots;     // per-game filter state indices handed out while compiling
    std::vector<PersistentVar> persistent;
    std::shared_ptr<PersistentStore> persistentStore = std::make_shared<PersistentStore>();
};

} // namespace cql
