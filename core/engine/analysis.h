// Position evaluation for the analysing keywords: a pool of UCI engine
// processes shared by the search threads (each analysis borrows an idle
// engine or starts one, so threads never share a process) and a cache of
// results per position, since every engine search is slow.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"
#include "engine/uci.h"

#include <string>

namespace engine {

struct Settings;

// The engine's score of pos (side to move's view) by the engine the settings
// name (engines and cached scores are kept per settings). Final positions are
// scored without the engine (mated: mate 0, stalemate: 0). Thread-safe;
// throws EngineError.
Score evaluate(const Settings &settings, const chess::Position &pos, Limit limit);

// "" when the settings' engine can be found, else why not (no process is started).
std::string engineProblem(const Settings &settings);

// Statistics, for the tests: engine searches run and answers taken from the cache.
struct AnalysisStats {
    long long searches = 0;
    long long cacheHits = 0;
};
AnalysisStats analysisStats();

// Stops the idle engines and forgets cached scores (of all settings).
void resetAnalysis();

} // namespace engine
