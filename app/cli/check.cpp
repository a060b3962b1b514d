// Database check: each problem as FILE:LINE:COLUMN (for editors), grouped by game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "check.h"

#include "game/replay.h"

#include <chrono>
#include <cstdio>

namespace cli {

namespace {

std::string describe(const game::ReplayedGame &g)
{
    std::string s = (g.white.empty() ? "?" : g.white) + " - " + (g.black.empty() ? "?" : g.black);
    if (!g.event.empty()) s += ", " + g.event;
    if (!g.date.empty()) s += ", " + g.date;
    return s;
}

} // namespace

int runCheck(const Options &o)
{
    game::BuildOptions options;
    options.variations = o.variations.value_or(false);
    options.chess960 = o.chess960;
    bool clean = true;
    for (const std::string &path : o.check) {
        const auto start = std::chrono::steady_clock::now();
        game::Replayer replayer(options);
        replayer.onProblem = [&](const game::ReplayedGame &g) {
            std::printf("%s: game %llu (%s): %s, %d plies replayed\n", path.c_str(), (unsigned long long)g.number,
                        describe(g).c_str(), g.unsupported ? "not replayed" : "problems", g.mainlinePlies);
            for (const game::GameError &e : g.errors)
                std::printf("  %s:%d:%d: %s\n", path.c_str(), e.line, e.column, e.message.c_str());
        };
        std::string error;
        if (!game::replayFile(path, replayer, &error)) {
            std::fflush(stdout);
            std::fprintf(stderr, "cqlwb-cli: %s\n", error.c_str());
            clean = false;
            continue;
        }
        for (const game::GameError &e : replayer.strayErrors())
            std::printf("%s:%d:%d: between games: %s\n", path.c_str(), e.line, e.column, e.message.c_str());
        if (replayer.strayErrorCount() > replayer.strayErrors().size())
            std::printf("%s: %llu more problems between games not shown\n", path.c_str(),
                        (unsigned long long)(replayer.strayErrorCount() - replayer.strayErrors().size()));
        const game::ReplayStats &st = replayer.stats();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%s: %llu games, %llu mainline plies%s, %llu games with problems (%llu not replayed), "
                    "%llu problems between games, %.2f s\n",
                    path.c_str(), (unsigned long long)st.games, (unsigned long long)st.mainlinePlies,
                    options.variations ? (", " + std::to_string(st.moves) + " moves in all").c_str() : "",
                    (unsigned long long)st.gamesWithErrors, (unsigned long long)st.unsupported,
                    (unsigned long long)replayer.strayErrorCount(), seconds);
        clean = clean && st.gamesWithErrors == 0 && replayer.strayErrorCount() == 0;
    }
    return clean ? 0 : 1;
}

} // namespace cli
