// Per-game read problems on standard error: the first ones in full, then only
// counted. A sharded search keeps the lines its shard printed in full, so the
// merge prints what one run over all the files prints.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cluster/part.h"
#include "search/search.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cli {

class ProblemReporter {
public:
    static constexpr uint64_t Shown = cluster::ProblemsShown;

    // FILE:LINE: game N: MESSAGE
    static std::string line(const search::GameProblem &p);
    void add(const search::GameProblem &p) { add(line(p)); }
    // A problem's line: printed while fewer than Shown came before it.
    void add(const std::string &line);
    // Problems after the shown ones, counted only.
    void addUnshown(uint64_t count) { m_count += count; }
    // The note on the problems not shown, if any.
    void finish(uint64_t games) const;

    // The exit status of a run whose query failed to evaluate on so many games
    // (0 for none): 1, as CQL 6.2 exits 1 when an evaluation error stops it.
    // The note says so on standard error.
    static int evaluationStatus(uint64_t failures);

    uint64_t count() const { return m_count; }
    const std::vector<std::string> &shown() const { return m_shown; }

private:
    uint64_t m_count = 0;
    std::vector<std::string> m_shown;
};

} // namespace cli
