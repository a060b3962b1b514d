// cqlwb-cli -shard K/N: what a shard of a sharded search checks, reads and
// records besides an ordinary search (see cluster/shardsplit.h, cluster/part.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cluster/part.h"
#include "cluster/shardsplit.h"
#include "cql/query.h"
#include "database/database.h"
#include "options.h"

#include <optional>
#include <string>
#include <vector>

namespace cli {

class ShardRun {
public:
    // Checks that the search can be sharded exactly, measures the input files
    // and sums up the run. False with error set (the reason it is refused).
    bool prepare(const Options &options, const cql::Query &query, const std::vector<std::string> &inputs,
                 const std::string &queryText, int argc, char **argv, std::string &error);

    const cluster::Shard &shard() const { return m_shard; }
    // Whether this shard reads file j at all.
    bool reads(size_t file) const { return m_split->touches(m_shard.index, file); }
    // The indices of file j's games in this shard (SearchOptions::only).
    std::vector<uint32_t> games(size_t file, const db::Database &database) const;
    // The part's header; output: where the single run would have written.
    cluster::PartHeader header(const cql::Query &query, const std::vector<std::string> &inputs,
                               const std::string &output, bool showMatches) const;

private:
    cluster::Shard m_shard;
    std::optional<cluster::ShardSplit> m_split;
    std::string m_run;
};

} // namespace cli
