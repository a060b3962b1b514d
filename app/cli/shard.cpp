// The shard side of cqlwb-cli's sharded search.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "shard.h"

#include "search/search.h"
#include "store/hash.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace cli {

namespace {

// Why the search cannot be cut into shards that merge into its result; "" if it can.
std::string refusal(const Options &o, const cql::Query &query)
{
    if (query.needsSingleThread())
        return "-shard: the query carries values from game to game (persistent variables or dictionaries); "
               "a shard sees only its own games, so its result would differ. Search without -shard";
    if (query.writesOutsideGames())
        return "-shard: the query writes as it searches (message or writefile), in the order of the games "
               "searched; shards would write it apart and in another order. Search without -shard";
    if (o.lineIncrement > 0)
        return "-shard: -lineincrement counts the games of the whole run, which a shard does not see; "
               "leave it out";
    if (o.output.empty()) return "-shard needs -o PART: the file this shard writes its part to, for -merge";
    return {};
}

// Options that change neither what is found nor what is written: shards on
// different machines may differ in them. values: how many arguments follow.
bool neutral(const std::string &name, int &values)
{
    static const char *const withValue[] = {"shard", "o", "output", "threads", "storedir"};
    static const char *const flags[] = {"s", "singlethreaded", "nostore"};
    for (const char *w : withValue)
        if (name == w) {
            values = 1;
            return true;
        }
    for (const char *f : flags)
        if (name == f) {
            values = 0;
            return true;
        }
    return false;
}

// What the shards of one search share, as text: the command line without its
// neutral options, the query text, and each input's size and modification
// time (a file changed between two shards makes their parts disagree).
std::string runSignature(int argc, char **argv, const std::vector<std::string> &inputs,
                         const std::vector<struct stat> &stats, const std::string &queryText)
{
    std::string run;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        int values = 0;
        if (arg.size() > 1 && arg[0] == '-' && neutral(arg.substr(arg.compare(0, 2, "--") == 0 ? 2 : 1), values)) {
            i += values;
            continue;
        }
        run += std::to_string(arg.size()) + ":" + arg + " ";
    }
    char hash[32];
    std::snprintf(hash, sizeof hash, "%016llx", (unsigned long long)store::hash64(queryText.data(), queryText.size()));
    run += std::string("query ") + hash;
    for (size_t j = 0; j < inputs.size(); ++j)
        run += " " + std::to_string(inputs[j].size()) + ":" + inputs[j] + " " + std::to_string(stats[j].st_size) + " "
            + std::to_string(stats[j].st_mtim.tv_sec) + "." + std::to_string(stats[j].st_mtim.tv_nsec);
    return run;
}

} // namespace

bool ShardRun::prepare(const Options &o, const cql::Query &query, const std::vector<std::string> &inputs,
                       const std::string &queryText, int argc, char **argv, std::string &error)
{
    error = refusal(o, query);
    if (!error.empty()) return false;
    m_shard = *o.shard;
    std::vector<struct stat> stats(inputs.size());
    std::vector<uint64_t> bytes;
    for (size_t j = 0; j < inputs.size(); ++j) {
        if (::stat(inputs[j].c_str(), &stats[j]) != 0) {
            error = "cannot open " + inputs[j] + ": " + std::strerror(errno);
            return false;
        }
        // Shards cut files by their size, which a pipe or a device does not tell.
        if (!S_ISREG(stats[j].st_mode)) {
            error = "-shard: " + inputs[j] + " is not a regular file; a shard needs files every shard can measure";
            return false;
        }
        bytes.push_back(uint64_t(stats[j].st_size));
    }
    m_split.emplace(std::move(bytes), m_shard.count);
    m_run = runSignature(argc, argv, inputs, stats, queryText);
    return true;
}

std::vector<uint32_t> ShardRun::games(size_t file, const db::Database &d) const
{
    std::vector<uint64_t> offsets(d.size());
    for (size_t i = 0; i < d.size(); ++i)
        offsets[i] = d.entry(i).offset;
    return m_split->games(m_shard.index, file, offsets, d.text().size());
}

cluster::PartHeader ShardRun::header(const cql::Query &query, const std::vector<std::string> &inputs,
                                     const std::string &output, bool showMatches) const
{
    cluster::PartHeader h;
    h.shard = m_shard;
    h.run = m_run;
    h.output = output;
    h.showMatches = showMatches;
    h.files = inputs;
    h.sorts = search::sortSpecs(query); // empty when the query does not sort
    return h;
}

} // namespace cli
