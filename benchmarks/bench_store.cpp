// Store benchmark: builds the compact game store of a PGN file (cold), loads
// it again (warm), then times queries from the PGN and from the store, with
// and without prefilters, on one and two threads, and checks that every way
// writes the same output.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// usage: bench_store FILE.pgn[.zst] [QUERY ...]
//   QUERY: a query body (cql() is put in front); default: mate, false,
//   check, #Q >= 2, flipcolor rotate90 {Ka1 kh8}.
//   The store goes to a temporary folder ($TMPDIR) and is removed at the end.
#include "cql/query.h"
#include "database/database.h"
#include "game/builder.h"
#include "search/search.h"
#include "store/gamestore.h"
#include "store/hash.h"
#include "store/prefilter.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

long rssMb()
{
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

struct Outcome {
    uint64_t matches = 0;
    uint64_t hash = 0;
    search::Summary sum;
};

Outcome runQuery(const cql::Query &q, const db::Database &d, const store::GameStore *st, unsigned threads,
                 bool prefilter)
{
    search::SearchOptions o;
    o.threads = threads;
    o.formatPgn = true;
    o.writeOptions.cqlLayout = true;
    o.prefilter = prefilter;
    search::Search s(q, o);
    s.addDatabase(d);
    s.setStore(st);
    Outcome out;
    search::Callbacks cb;
    cb.onMatch = [&](search::Match &&m) {
        ++out.matches;
        out.hash = store::hash64(m.pgn, out.hash);
    };
    out.sum = s.run(cb);
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_store FILE.pgn[.zst] [QUERY ...]\n");
        return 2;
    }
    const std::string path = argv[1];
    std::vector<std::string> bodies;
    for (int i = 2; i < argc; ++i)
        bodies.push_back(argv[i]);
    if (bodies.empty()) bodies = {"mate", "false", "check", "#Q >= 2", "flipcolor rotate90 {Ka1 kh8}"};

    const char *tmp = std::getenv("TMPDIR");
    const std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/bench_store." + std::to_string(getpid());
    store::StoreOptions so;
    so.cacheDir = dir;

    // Cold: no store yet, so the store is built (indexing the text as it goes).
    std::string error;
    db::Database cold;
    store::GameStore coldStore;
    store::OpenResult r;
    Clock::time_point t0 = Clock::now();
    if (!store::openWithStore(path, cold, coldStore, {}, so, r, &error)) {
        std::fprintf(stderr, "bench_store: %s\n", error.c_str());
        return 1;
    }
    const double coldOpen = since(t0);
    if (!r.built) {
        std::fprintf(stderr, "bench_store: the store was not built: %s\n", r.note.c_str());
        return 1;
    }
    size_t replayable = 0, withTree = 0;
    for (size_t i = 0; i < coldStore.size(); ++i) {
        replayable += coldStore.replays(i, false, false);
        withTree += coldStore.replays(i, false, false) && coldStore.hasVariations(i);
    }
    // The build reads the text's index as it goes: no separate indexing.
    std::printf("%s: %zu games; cold open %.2f s (load %.2f s, store build with the index %.2f s)\n", path.c_str(),
                cold.size(), coldOpen, cold.stats().loadSeconds, r.seconds);
    std::printf("store: %.1f MB (%.1f bytes a game), %zu games replayable from it (%.2f%%), %zu of them with "
                "variations\n",
                double(coldStore.bytes()) / 1e6, double(coldStore.bytes()) / double(std::max<size_t>(cold.size(), 1)),
                replayable, 100.0 * double(replayable) / double(std::max<size_t>(cold.size(), 1)), withTree);
    cold.close();
    coldStore.reset();

    // Warm: the store is there.
    db::Database d;
    store::GameStore st;
    t0 = Clock::now();
    if (!store::openWithStore(path, d, st, {}, so, r, &error) || !r.used || r.built) {
        std::fprintf(stderr, "bench_store: warm open did not use the store: %s %s\n", error.c_str(), r.note.c_str());
        return 1;
    }
    std::printf("warm open %.2f s (load text %.2f s, store read and checked, index filled %.2f s); peak RSS %ld MB\n",
                since(t0), d.stats().loadSeconds, r.seconds, rssMb());

    {
        // Replaying alone, and parsing alone, without any evaluation.
        game::Game g;
        uint64_t plies = 0;
        t0 = Clock::now();
        for (size_t i = 0; i < st.size(); ++i)
            if (st.replays(i, false, false) && st.replay(i, d.number(i), g)) plies += g.nodes.size() - 1;
        const double replay = since(t0);
        game::GameParser parser;
        const game::BuildOptions lean{true, false, false, false};
        t0 = Clock::now();
        for (size_t i = 0; i < d.size(); ++i)
            parser.parse(d.gameText(i), d.number(i), d.origin(i), g, lean);
        const double parse = since(t0);
        std::printf("replay from the store %.2f s (%.0f ns a ply), parse of the PGN %.2f s\n", replay,
                    1e9 * replay / double(std::max<uint64_t>(plies, 1)), parse);
    }
    std::printf("%-32s %-22s %7s %8s %8s %10s %10s\n", "query", "from", "threads", "matches", "seconds", "replayed",
                "skipped");
    int status = 0;
    for (const std::string &body : bodies) {
        std::vector<cql::Diagnostic> diags;
        const std::string text = "cql() " + body;
        auto q = cql::compile(text, {}, diags);
        if (!q) {
            std::fprintf(stderr, "bench_store: cannot compile %s\n", text.c_str());
            continue;
        }
        Outcome base = runQuery(*q, d, nullptr, 1, false);
        std::printf("%-32s %-22s %7u %8llu %8.2f %10s %10s\n", text.c_str(), "PGN", base.sum.threads,
                    (unsigned long long)base.matches, base.sum.seconds, "-", "-");
        struct Way {
            const char *name;
            unsigned threads;
            bool prefilter;
        };
        for (Way w : {Way{"store", 1, false}, Way{"store+prefilter", 1, true}, Way{"store+prefilter", 2, true}}) {
            Outcome o = runQuery(*q, d, &st, w.threads, w.prefilter);
            const bool same = o.matches == base.matches && o.hash == base.hash;
            std::printf("%-32s %-22s %7u %8llu %8.2f %10llu %10llu%s\n", text.c_str(), w.name, o.sum.threads,
                        (unsigned long long)o.matches, o.sum.seconds, (unsigned long long)o.sum.fromStore,
                        (unsigned long long)o.sum.prefiltered, same ? "" : "  DIFFERENT OUTPUT");
            if (!same) status = 1;
        }
    }
    std::printf("peak RSS %ld MB\n", rssMb());
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return status;
}
