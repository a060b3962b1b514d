// Merging the parts of a sharded search into what one run over all the files
// writes (cqlwb-cli -merge PART...).
//
// The shards hold consecutive runs of games in file order, so the single
// run's order is the shards' order for a query that does not sort. A sorting
// query sorts each part by its sort values with ties in input order; merging
// the parts by the same values, ties to the lower shard, gives the single
// run's stable sort.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "part.h"

#include <functional>
#include <string>
#include <vector>

namespace cluster {

struct MergeSummary {
    PartHeader header; // the run's (shard 1's; all parts agree)
    uint64_t matches = 0;
    uint64_t games = 0;
    uint64_t problemGames = 0;
    uint64_t problems = 0;
    uint64_t evaluationFailures = 0;        // games the query's evaluation failed on
    std::vector<std::string> shownProblems; // the first ProblemsShown in input order
    double longestSeconds = 0;              // of the slowest shard
    unsigned threads = 0;                   // all shards' together
};

// Reads the parts (in any order), checks that they are shards 1 to N of one
// search, each once and whole, and hands the matches on in the single run's
// order. False with error set on a missing, repeated, foreign or damaged
// part, or when onMatch returns false (its reason is the caller's).
bool mergeParts(const std::vector<std::string> &parts, const std::function<bool(PartMatch &&)> &onMatch,
                MergeSummary &summary, std::string &error);

} // namespace cluster
