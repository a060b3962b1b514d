// Memory benchmark: how much of a database a program holds resident while it
// opens, indexes, builds and reads the game store and searches, and how long
// each step takes. Each step's peak (VmHWM) is its own: the peak is reset
// before it (/proc/self/clear_refs).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// usage: bench_memory [FILE.pgn[.zst]] [--cache DIR] [--query TEXT] [--keep]
//   FILE: default masters.pgn.zst. The text cache and store go to DIR
//   (default: a temporary folder, removed at the end unless --keep); the
//   steps run cold first (no cache), then warm.
#include "cql/query.h"
#include "database/database.h"
#include "masters.h"
#include "search/search.h"
#include "store/gamestore.h"
#include "store/textcache.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <malloc.h>
#include <random>
#include <string>
#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// VmRSS and VmHWM of this process, in MB.
void memory(double &rss, double &hwm)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    rss = hwm = 0;
    while (std::getline(in, line)) {
        if (line.rfind("VmRSS:", 0) == 0) rss = std::atof(line.c_str() + 6) / 1024;
        if (line.rfind("VmHWM:", 0) == 0) hwm = std::atof(line.c_str() + 6) / 1024;
    }
}

void resetPeak()
{
    malloc_trim(0); // what the last step freed goes back to the system, not into the next step's figures
    std::ofstream out("/proc/self/clear_refs");
    out << "5";
}

void report(const char *step, double seconds, const std::string &extra = {})
{
    double rss, hwm;
    memory(rss, hwm);
    std::printf("%-44s %8.2f s   RSS %7.1f MB   peak %7.1f MB   %s\n", step, seconds, rss, hwm, extra.c_str());
    std::fflush(stdout);
    resetPeak();
}

double fileMb(const std::string &path)
{
    std::error_code ec;
    const auto n = std::filesystem::file_size(path, ec);
    return ec ? 0.0 : double(n) / 1e6;
}

uint64_t runSearch(const cql::Query &q, const db::Database &d, const store::GameStore *st, unsigned threads)
{
    search::SearchOptions o;
    o.threads = threads;
    o.formatPgn = true;
    o.writeOptions.cqlLayout = true;
    search::Search s(q, o);
    s.addDatabase(d);
    s.setStore(st);
    uint64_t matches = 0;
    search::Callbacks cb;
    cb.onMatch = [&](search::Match &&) { ++matches; };
    s.run(cb);
    return matches;
}

// The game list's reading: the fields a row shows, over every row in order and over random rows.
void listRows(const db::Database &d)
{
    const db::Field shown[] = {db::Field::White,    db::Field::Black,    db::Field::Result,
                               db::Field::Event,    db::Field::Date,     db::Field::ECO,
                               db::Field::WhiteElo, db::Field::BlackElo, db::Field::Variant};
    size_t bytes = 0;
    auto row = [&](size_t i) {
        for (db::Field f : shown)
            bytes += d.field(i, f).size();
        bytes += d.entry(i).plies;
    };
    Clock::time_point t = Clock::now();
    for (size_t i = 0; i < d.size(); ++i)
        row(i);
    const double all = since(t);
    std::mt19937_64 rng(1);
    const size_t samples = 200000;
    t = Clock::now();
    for (size_t k = 0; k < samples && d.size(); ++k)
        row(size_t(rng() % d.size()));
    const double random = since(t);
    char extra[160];
    std::snprintf(extra, sizeof extra, "%.0f ns a row in order, %.0f ns a random row (%zu)",
                  d.size() ? all / double(d.size()) * 1e9 : 0.0, random / double(samples) * 1e9, bytes % 10);
    report("game list rows (9 fields)", all + random, extra);
}

} // namespace

int main(int argc, char **argv)
{
    std::string path, cacheDir, queryText = "mate";
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--cache" && i + 1 < argc)
            cacheDir = argv[++i];
        else if (a == "--query" && i + 1 < argc)
            queryText = argv[++i];
        else if (a == "--keep")
            keep = true;
        else
            path = a;
    }
    if (path.empty()) path = bench::mastersFile();
    const bool temporary = cacheDir.empty();
    if (temporary) {
        const char *tmp = std::getenv("TMPDIR");
        cacheDir = std::string(tmp && *tmp ? tmp : "/tmp") + "/bench_memory-" + std::to_string(getpid());
    }
    std::vector<cql::Diagnostic> diags;
    cql::CompileOptions co;
    co.requireHeader = false;
    auto query = cql::compile(queryText, co, diags);
    if (!query) {
        std::fprintf(stderr, "bench_memory: cannot compile %s\n", queryText.c_str());
        return 1;
    }
    std::printf("%s (%.1f MB), cache %s, query %s\n", path.c_str(), fileMb(path), cacheDir.c_str(), queryText.c_str());
    report("start", 0);
    std::string error;
    {
        // What every program did before the text cache: the text decompressed into memory.
        Clock::time_point t = Clock::now();
        db::Database d;
        if (!d.open(path, {}, &error)) {
            std::fprintf(stderr, "bench_memory: %s\n", error.c_str());
            return 1;
        }
        char extra[120];
        std::snprintf(extra, sizeof extra, "%zu games, index %.1f MB, text %.1f MB in memory", d.size(),
                      double(d.indexMemory()) / 1e6, double(d.text().size()) / 1e6);
        report("open into memory and index", since(t), extra);
    }
    report("closed", 0);
    for (const char *temperature : {"cold", "warm"}) {
        const bool cold = temperature[0] == 'c';
        if (cold) std::filesystem::remove(store::textCachePathFor(path, cacheDir));
        Clock::time_point t = Clock::now();
        db::Database d;
        store::TextCacheResult tr;
        if (!store::openDatabase(path, d, {}, cacheDir, tr, &error)) {
            std::fprintf(stderr, "bench_memory: %s\n", error.c_str());
            return 1;
        }
        char extra[200];
        std::snprintf(extra, sizeof extra, "%s; index %.1f MB; text cache %.1f MB", tr.cached ? "mapped" : "in memory",
                      double(d.indexMemory()) / 1e6, fileMb(store::textCachePathFor(path, cacheDir)));
        report((std::string("open through the text cache, index (") + temperature + ")").c_str(), since(t), extra);
        if (!cold) {
            listRows(d);
            t = Clock::now();
            const uint64_t m1 = runSearch(*query, d, nullptr, 1);
            report("search from the text, 1 thread", since(t), std::to_string(m1) + " matches");
            t = Clock::now();
            const uint64_t m2 = runSearch(*query, d, nullptr, 2);
            report("search from the text, 2 threads", since(t), std::to_string(m2) + " matches");
        }
    }
    report("closed", 0);
    for (const char *temperature : {"cold", "warm"}) {
        const bool cold = temperature[0] == 'c';
        if (cold) std::filesystem::remove(store::storePathFor(path, cacheDir));
        Clock::time_point t = Clock::now();
        db::Database d;
        store::GameStore st;
        store::StoreOptions so;
        so.cacheDir = cacheDir;
        store::OpenResult r;
        if (!store::openWithStore(path, d, st, {}, so, r, &error)) {
            std::fprintf(stderr, "bench_memory: %s\n", error.c_str());
            return 1;
        }
        char extra[200];
        std::snprintf(extra, sizeof extra, "store %s, %.1f MB on disk; index %.1f MB in memory",
                      r.used ? (r.built ? "built" : "read") : "not used", fileMb(store::storePathFor(path, cacheDir)),
                      double(d.indexMemory()) / 1e6);
        report((std::string("open with the game store (") + temperature + ")").c_str(), since(t), extra);
        if (!cold) {
            listRows(d);
            for (unsigned threads : {1u, 2u}) {
                t = Clock::now();
                const uint64_t m = runSearch(*query, d, r.used ? &st : nullptr, threads);
                report(("search from the store, " + std::to_string(threads) + " thread(s)").c_str(), since(t),
                       std::to_string(m) + " matches");
            }
        }
    }
    if (temporary && !keep) std::filesystem::remove_all(cacheDir);
    return 0;
}
