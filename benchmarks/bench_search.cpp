// Search benchmark: opens a PGN file once, then times the search layer alone
// (parse, replay, evaluate, format output) for some queries and thread counts.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// usage: bench_search FILE.pgn[.zst] [QUERY ...]
//   QUERY: a query body (cql() is put in front); default: false, mate,
//   flipcolor rotate90 {Ka1 kh8}, pin through A >= 2.
#include "cql/query.h"
#include "database/database.h"
#include "search/search.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

namespace {

double cpuSeconds()
{
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_search FILE.pgn[.zst] [QUERY ...]\n");
        return 2;
    }
    std::vector<std::string> bodies;
    for (int i = 2; i < argc; ++i)
        bodies.push_back(argv[i]);
    if (bodies.empty()) bodies = {"false", "mate", "flipcolor rotate90 {Ka1 kh8}", "pin through A >= 2"};

    db::Database d;
    std::string error;
    auto t0 = std::chrono::steady_clock::now();
    if (!d.open(argv[1], {}, &error)) {
        std::fprintf(stderr, "bench_search: %s\n", error.c_str());
        return 1;
    }
    double open = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s: %zu games, opened in %.2f s (load %.2f s, index %.2f s)\n", argv[1], d.size(), open,
                d.stats().loadSeconds, d.stats().indexSeconds);
    std::printf("%-34s %7s %9s %9s %9s %11s\n", "query", "threads", "matches", "seconds", "cpu s", "games/s");

    unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    for (const std::string &body : bodies) {
        std::vector<cql::Diagnostic> diags;
        std::string text = "cql() " + body;
        auto q = cql::compile(text, {}, diags);
        if (!q) {
            for (const auto &dg : diags)
                std::fprintf(stderr, "%s:%d:%d: error: %s\n", text.c_str(), dg.line, dg.column, dg.message.c_str());
            continue;
        }
        for (unsigned threads : {1u, cores}) {
            if (threads == cores && cores == 1) break;
            search::SearchOptions o;
            o.threads = threads;
            o.formatPgn = true; // as the command line does
            search::Search s(*q, o);
            s.addDatabase(d);
            size_t bytes = 0;
            search::Callbacks cb;
            cb.onMatch = [&](search::Match &&m) { bytes += m.pgn.size(); };
            double c0 = cpuSeconds();
            search::Summary sum = s.run(cb);
            double cpu = cpuSeconds() - c0;
            std::printf("%-34s %7u %9llu %9.2f %9.2f %11.0f\n", text.c_str(), sum.threads,
                        (unsigned long long)sum.matches, sum.seconds, cpu, double(sum.gamesExamined) / sum.seconds);
        }
    }
    return 0;
}
