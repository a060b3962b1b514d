// The problem lines of cqlwb-cli.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "problems.h"

#include <cstdio>

namespace cli {

std::string ProblemReporter::line(const search::GameProblem &p)
{
    return p.file + ":" + std::to_string(p.line) + ": game " + std::to_string(p.gameNumber) + ": " + p.message;
}

void ProblemReporter::add(const std::string &text)
{
    ++m_count;
    if (m_count > Shown) return;
    m_shown.push_back(text);
    std::fprintf(stderr, "%s\n", text.c_str());
}

void ProblemReporter::finish(uint64_t games) const
{
    if (m_count > Shown)
        std::fprintf(stderr, "cqlwb-cli: %llu more problems not shown (%llu games with problems in all)\n",
                     (unsigned long long)(m_count - Shown), (unsigned long long)games);
}

int ProblemReporter::evaluationStatus(uint64_t failures)
{
    if (failures == 0) return 0;
    std::fprintf(stderr,
                 "cqlwb-cli: the query could not be evaluated on %llu game%s (errors above); the output holds the "
                 "other games' matches; exit status 1\n",
                 (unsigned long long)failures, failures == 1 ? "" : "s");
    return 1;
}

} // namespace cli
