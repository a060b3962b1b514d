// Where the benchmarks find the masters database (413,747 games) by default.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "database/database.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace bench {

// masters.pgn.zst in $CQLWB_SHARED_DIR/data, or in /work/shared/data.
inline std::string mastersFile()
{
    const char *env = std::getenv("CQLWB_SHARED_DIR");
    if (env && *env) return std::string(env) + "/data/masters.pgn.zst";
    return "/work/shared/data/masters.pgn.zst";
}

// Opens and indexes `path` and says how long it took; nullptr (with a message
// naming `program`) when it cannot be read.
inline std::shared_ptr<db::Database> openIndexed(const std::string &path, const char *program)
{
    const auto start = std::chrono::steady_clock::now();
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->open(path, {}, &error)) {
        std::fprintf(stderr, "%s: %s\n", program, error.c_str());
        return nullptr;
    }
    std::printf("%s: %zu games, opened and indexed in %.2f s\n", path.c_str(), db->size(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return db;
}

} // namespace bench
