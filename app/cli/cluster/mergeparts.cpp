// The merge of a sharded search's parts.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mergeparts.h"

#include "search/search.h"

#include <algorithm>
#include <memory>
#include <queue>

namespace cluster {

namespace {

std::string shardName(const Shard &s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

bool sameRun(const PartHeader &a, const PartHeader &b)
{
    auto sameSorts = [](const std::vector<cql::SortSpec> &x, const std::vector<cql::SortSpec> &y) {
        return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                          [](const auto &s, const auto &t) { return s.title == t.title && s.minimize == t.minimize; });
    };
    return a.shard.count == b.shard.count && a.run == b.run && a.output == b.output && a.showMatches == b.showMatches
        && a.files == b.files && sameSorts(a.sorts, b.sorts);
}

// Opens every part and puts them in shard order; false with error set unless
// they are shards 1 to N of one run, each once.
bool openParts(const std::vector<std::string> &paths, std::vector<std::unique_ptr<PartReader>> &parts,
               std::string &error)
{
    if (paths.empty()) {
        error = "-merge needs the parts of a sharded search";
        return false;
    }
    std::vector<std::unique_ptr<PartReader>> byShard;
    for (const std::string &path : paths) {
        auto part = std::make_unique<PartReader>();
        if (!part->open(path)) {
            error = part->error();
            return false;
        }
        const PartHeader &h = part->header();
        if (byShard.empty()) byShard.resize(h.shard.count);
        const PartReader *first = nullptr;
        for (const auto &p : byShard)
            if (p && !first) first = p.get();
        if (first && !sameRun(first->header(), h)) {
            error = path + " is a part of another search than " + first->path()
                + " (another query, options, input files or shard count, or the files changed in between)";
            return false;
        }
        if (h.shard.count != byShard.size()) {
            error = path + " is shard " + shardName(h.shard) + ", of another shard count than the other parts";
            return false;
        }
        std::unique_ptr<PartReader> &slot = byShard[h.shard.index - 1];
        if (slot) {
            error = "shard " + shardName(h.shard) + " is given twice: " + slot->path() + " and " + path;
            return false;
        }
        slot = std::move(part);
    }
    for (size_t k = 0; k < byShard.size(); ++k)
        if (!byShard[k]) {
            error = "shard " + shardName({unsigned(k + 1), unsigned(byShard.size())}) + " is missing";
            return false;
        }
    parts = std::move(byShard);
    return true;
}

// Reads a part's next match; false at its end (after checking it) or on error.
bool advance(PartReader &part, PartMatch &m, std::string &error)
{
    if (part.next(m)) return true;
    if (!part.complete()) error = part.error();
    return false;
}

} // namespace

bool mergeParts(const std::vector<std::string> &paths, const std::function<bool(PartMatch &&)> &onMatch,
                MergeSummary &summary, std::string &error)
{
    std::vector<std::unique_ptr<PartReader>> parts;
    if (!openParts(paths, parts, error)) return false;
    summary = MergeSummary();
    summary.header = parts.front()->header();
    const std::vector<cql::SortSpec> &specs = summary.header.sorts;

    if (specs.empty()) {
        for (auto &part : parts) {
            PartMatch m;
            while (advance(*part, m, error))
                if (!onMatch(std::move(m))) return false;
            if (!error.empty()) return false;
        }
    } else {
        // Each part's head with its sort values as a result sortsBefore reads.
        struct Head {
            PartMatch match;
            cql::GameResult result;
        };
        std::vector<Head> heads(parts.size());
        auto before = [&](size_t a, size_t b) {
            if (search::sortsBefore(specs, heads[a].result, heads[b].result)) return true;
            if (search::sortsBefore(specs, heads[b].result, heads[a].result)) return false;
            return a < b; // ties: the earlier shard holds the earlier games
        };
        // The queue's top is the head that goes out first.
        auto later = [&](size_t a, size_t b) { return before(b, a); };
        std::priority_queue<size_t, std::vector<size_t>, decltype(later)> queue(later);
        auto load = [&](size_t k) {
            if (!advance(*parts[k], heads[k].match, error)) return;
            heads[k].result.sortValues = heads[k].match.sortValues;
            queue.push(k);
        };
        for (size_t k = 0; k < parts.size() && error.empty(); ++k)
            load(k);
        while (!queue.empty() && error.empty()) {
            size_t k = queue.top();
            queue.pop();
            if (!onMatch(std::move(heads[k].match))) return false;
            load(k);
        }
        if (!error.empty()) return false;
    }

    for (const auto &part : parts) {
        const PartSummary &s = part->summary();
        summary.matches += s.matches;
        summary.games += s.games;
        summary.problemGames += s.problemGames;
        summary.evaluationFailures += s.evaluationFailures;
        for (const std::string &line : s.shownProblems)
            if (summary.problems++ < ProblemsShown) summary.shownProblems.push_back(line);
        summary.problems += s.problems - s.shownProblems.size();
        summary.longestSeconds = std::max(summary.longestSeconds, s.seconds);
        summary.threads += s.threads;
    }
    return true;
}

} // namespace cluster
