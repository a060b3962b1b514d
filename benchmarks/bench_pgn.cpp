// Benchmark: read and replay a PGN file single-threaded (and index it as a Database).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Usage: bench_pgn [FILE] [--tree] [--variations] [--no-replay] [--index] [--skim] [--parts] [--prefetch] [--quiet]
//   default: replay every move on a board and report illegal ones (game::Replayer,
//            what cqlwb-cli -check does)
//   --tree: build each game's tree with a position per move, as a search does (game::GameStream)
//   --no-replay: with --tree, tags only
//   --parts: decompression alone, then tokenizing alone (no replay)
//   --prefetch: decompress on a second thread (the default is all on one thread)
//   --index: open and index the file as a Database, then load every 97th game
//   --skim: with --index, index as a search does (no ply counts: the movetext is skimmed)
//   default FILE: ../shared/data/masters.pgn.zst next to the source tree
#include "masters.h"
#include "database/database.h"
#include "game/builder.h"
#include "game/replay.h"

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// CPU time of this thread: on a busy machine it says more than the wall clock.
double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

struct ErrorGame {
    uint64_t number;
    std::string who;
    std::string message;
    int line, column;
    int plies;
};

void printProblems(const std::vector<ErrorGame> &games, const std::vector<game::GameError> &stray)
{
    for (const ErrorGame &e : games)
        std::printf("  game %llu (%s), line %d:%d: %s; kept %d plies\n", (unsigned long long)e.number, e.who.c_str(),
                    e.line, e.column, e.message.c_str(), e.plies);
    for (const game::GameError &e : stray)
        std::printf("  stray, line %d:%d: %s\n", e.line, e.column, e.message.c_str());
}

// Replay on one board per line: every move decoded and played, no game tree kept.
int benchCheck(const std::string &path, bool variations, bool quiet)
{
    game::BuildOptions opts;
    opts.variations = variations;
    game::Replayer replayer(opts);
    std::vector<ErrorGame> withErrors;
    uint64_t errorCount = 0;
    replayer.onProblem = [&](const game::ReplayedGame &g) {
        errorCount += g.errors.size();
        if (withErrors.size() < 10000)
            withErrors.push_back({g.number, g.white + " - " + g.black + ", " + g.event + " " + g.date,
                                  g.errors.front().message, g.errors.front().line, g.errors.front().column,
                                  g.mainlinePlies});
    };
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpuSeconds();
    std::string error;
    if (!game::replayFile(path, replayer, &error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    double s = secondsSince(t0);
    double cpu = cpuSeconds() - c0;
    const game::ReplayStats &st = replayer.stats();
    std::printf("file            %s\n", path.c_str());
    std::printf("mode            replay on a board%s, single-threaded\n", variations ? " with variations" : "");
    std::printf("games           %llu\n", (unsigned long long)st.games);
    std::printf("mainline plies  %llu\n", (unsigned long long)st.mainlinePlies);
    std::printf("moves           %llu\n", (unsigned long long)st.moves);
    std::printf("games w/ errors %llu (%llu errors, %llu unsupported, %llu stray)\n",
                (unsigned long long)st.gamesWithErrors, (unsigned long long)errorCount,
                (unsigned long long)st.unsupported, (unsigned long long)replayer.strayErrorCount());
    std::printf("seconds         %.3f (cpu %.3f)\n", s, cpu);
    std::printf("games/s         %.0f\n", st.games / s);
    std::printf("plies/s         %.0f\n", st.mainlinePlies / s);
    if (!quiet) printProblems(withErrors, replayer.strayErrors());
    return 0;
}

// The search's way: a game tree with a position per move for each game.
int benchTree(const std::string &path, bool variations, bool replay, bool quiet, bool prefetch)
{
    game::GameStream stream;
    game::BuildOptions opts;
    opts.variations = variations;
    opts.movetext = replay;
    stream.setOptions(opts);
    std::string error;
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpuSeconds();
    if (!stream.open(path, &error, prefetch)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    game::Game g;
    uint64_t games = 0, plies = 0, nodes = 0, errorCount = 0, unsupported = 0;
    std::vector<ErrorGame> withErrors;
    while (stream.next(g)) {
        ++games;
        plies += uint64_t(g.mainlinePlies());
        nodes += g.nodes.size();
        if (g.unsupported) ++unsupported;
        if (!g.errors.empty()) {
            errorCount += g.errors.size();
            if (withErrors.size() < 10000)
                withErrors.push_back({g.number,
                                      std::string(g.tag("White")) + " - " + std::string(g.tag("Black")) + ", "
                                          + std::string(g.tag("Event")) + " " + std::string(g.tag("Date")),
                                      g.errors.front().message, g.errors.front().line, g.errors.front().column,
                                      g.mainlinePlies()});
        }
    }
    double s = secondsSince(t0);
    double cpu = cpuSeconds() - c0;
    if (!stream.error().empty()) std::fprintf(stderr, "read error: %s\n", stream.error().c_str());
    std::printf("file            %s\n", path.c_str());
    std::printf("mode            %s%s%s\n", replay ? "game trees" : "tags only", variations ? " with variations" : "",
                prefetch ? ", decompressing on a second thread" : ", single-threaded");
    std::printf("games           %llu\n", (unsigned long long)games);
    std::printf("mainline plies  %llu\n", (unsigned long long)plies);
    std::printf("nodes           %llu\n", (unsigned long long)nodes);
    std::printf("games w/ errors %zu (%llu errors, %llu unsupported, %llu stray)\n", withErrors.size(),
                (unsigned long long)errorCount, (unsigned long long)unsupported,
                (unsigned long long)stream.strayErrorCount());
    std::printf("seconds         %.3f (cpu %.3f)\n", s, cpu);
    std::printf("games/s         %.0f\n", games / s);
    std::printf("plies/s         %.0f\n", plies / s);
    if (!quiet) printProblems(withErrors, stream.strayErrors());
    return 0;
}

// The parts on their own: decompression alone, and tokenizing with a visitor that does nothing.
int benchParts(const std::string &path)
{
    {
        pgn::FileSource src;
        if (!src.open(path)) {
            std::fprintf(stderr, "%s\n", src.error().c_str());
            return 1;
        }
        std::vector<char> buf(1 << 20);
        uint64_t bytes = 0;
        auto t0 = std::chrono::steady_clock::now();
        double c0 = cpuSeconds();
        while (size_t n = src.read(buf.data(), buf.size()))
            bytes += n;
        double s = secondsSince(t0);
        std::printf("decompress      %llu bytes in %.3f s, cpu %.3f (%.0f MB/s)%s\n", (unsigned long long)bytes, s,
                    cpuSeconds() - c0, bytes / s / 1e6, src.failed() ? (" ERROR " + src.error()).c_str() : "");
    }
    {
        struct Counter : pgn::Visitor {
            uint64_t moves = 0;
            pgn::MoveAction move(std::string_view, const pgn::Place &) override
            {
                ++moves;
                return pgn::MoveAction::Continue;
            }
        } counter;
        pgn::FileSource src;
        src.open(path);
        pgn::Reader reader;
        reader.reset(&src);
        auto t0 = std::chrono::steady_clock::now();
        double c0 = cpuSeconds();
        uint64_t games = reader.readAll(counter);
        double s = secondsSince(t0);
        std::printf("tokenize        %llu games, %llu move tokens in %.3f s, cpu %.3f (incl. decompression)\n",
                    (unsigned long long)games, (unsigned long long)counter.moves, s, cpuSeconds() - c0);
    }
    return 0;
}

int benchIndex(const std::string &path, bool countPlies)
{
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpuSeconds();
    db::Database database;
    std::string error;
    db::OpenOptions options;
    options.countPlies = countPlies;
    if (!database.open(path, options, &error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    double s = secondsSince(t0);
    double cpu = cpuSeconds() - c0;
    uint64_t plies = 0;
    for (size_t i = 0; i < database.size(); ++i)
        plies += database.entry(i).plies;
    std::printf("index           %s\n", path.c_str());
    std::printf("games           %zu\n", database.size());
    std::printf("text bytes      %zu\n", database.text().size());
    std::printf("mainline plies  %llu (move tokens)\n", (unsigned long long)plies);
    std::printf("load seconds    %.3f\n", database.stats().loadSeconds);
    std::printf("index seconds   %.3f (%u pieces at once)\n", database.stats().indexSeconds,
                database.stats().indexPieces);
    std::printf("total seconds   %.3f (cpu %.3f)\n", s, cpu);
    std::printf("index memory    %.1f MB\n", database.indexMemory() / 1048576.0);
    // Load some games by number, as the GUI does.
    auto t1 = std::chrono::steady_clock::now();
    game::Game g;
    game::GameParser parser;
    size_t loaded = 0;
    for (size_t i = 0; i < database.size(); i += 97, ++loaded)
        database.loadGame(i, g, parser);
    double ls = secondsSince(t1);
    std::printf("loadGame        %zu games in %.3f s (%.1f us/game)\n", loaded, ls, loaded ? ls * 1e6 / loaded : 0.0);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    std::string path;
    bool variations = false, replay = true, index = false, quiet = false, parts = false, prefetch = false, skim = false,
         tree = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--variations"))
            variations = true;
        else if (!std::strcmp(argv[i], "--tree"))
            tree = true;
        else if (!std::strcmp(argv[i], "--no-replay"))
            replay = false;
        else if (!std::strcmp(argv[i], "--index"))
            index = true;
        else if (!std::strcmp(argv[i], "--skim"))
            skim = true;
        else if (!std::strcmp(argv[i], "--prefetch"))
            prefetch = true;
        else if (!std::strcmp(argv[i], "--parts"))
            parts = true;
        else if (!std::strcmp(argv[i], "--quiet"))
            quiet = true;
        else if (argv[i][0] == '-') {
            std::fprintf(stderr,
                         "usage: %s [FILE] [--tree] [--variations] [--no-replay] [--index] [--skim] [--parts] "
                         "[--prefetch] [--quiet]\n",
                         argv[0]);
            return 2;
        } else
            path = argv[i];
    }
    if (path.empty()) path = bench::mastersFile();
    if (parts) return benchParts(path);
    if (index) return benchIndex(path, !skim);
    if (tree || !replay || prefetch) return benchTree(path, variations, replay, quiet, prefetch);
    return benchCheck(path, variations, quiet);
}
