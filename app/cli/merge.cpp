// Merging the parts of a sharded search into the single run's output.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "merge.h"

#include "cluster/mergeparts.h"
#include "problems.h"
#include "search/output.h"

#include <chrono>
#include <cstdio>

namespace cli {

namespace {

int fail(const std::string &message, int status = 1)
{
    std::fprintf(stderr, "cqlwb-cli: %s\n", message.c_str());
    return status;
}

} // namespace

int runMerge(const Options &o)
{
    const auto start = std::chrono::steady_clock::now();
    if (!o.queryFile.empty() || !o.inputs.empty() || !o.cqlFilters.empty() || o.shard)
        return fail("-merge takes the parts, -o FILE and -showmatches only: the search itself is the shards'", 2);
    // The output the single run would write, unless -o names another.
    cluster::PartReader first;
    if (!first.open(o.merge.front())) return fail(first.error());
    const std::string output = o.output.empty() ? first.header().output : o.output;
    if (const std::string *part = search::overwrittenInput(output, o.merge))
        return fail("refusing to write the output to " + output + ": it is the part " + *part
                    + "; choose another output file");

    search::OutputFile file;
    std::string error;
    if (!file.open(output, &error)) return fail(error);
    const bool show = o.showMatches || first.header().showMatches;
    bool writeFailed = false;
    cluster::MergeSummary sum;
    bool merged = cluster::mergeParts(
        o.merge,
        [&](cluster::PartMatch &&m) {
            if (!file.write(m.pgn)) return !(writeFailed = true);
            if (show) std::printf("%s\n", m.shown.c_str());
            return true;
        },
        sum, error);
    if (!merged || writeFailed || !file.commit(&error)) {
        file.abort();
        return fail(writeFailed ? "cannot write " + output + ": " + file.error() : error);
    }
    ProblemReporter problems;
    for (const std::string &line : sum.shownProblems)
        problems.add(line);
    problems.addUnshown(sum.problems - sum.shownProblems.size());
    problems.finish(sum.problemGames);
    // The search's time on a cluster: its slowest shard, then this merge.
    double seconds =
        sum.longestSeconds + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%llu matches of %llu games in %.3f seconds using %u threads to %s\n", (unsigned long long)sum.matches,
                (unsigned long long)sum.games, seconds, sum.threads, output.c_str());
    return ProblemReporter::evaluationStatus(sum.evaluationFailures);
}

} // namespace cli
