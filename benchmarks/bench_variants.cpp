// Benchmark of variant replay: SAN read and played per ply under each
// variant's rules, against standard games replayed the same way (the budget:
// a variant ply costs at most twice a standard one). The games are read from
// PGN files first, then their mainlines are replayed from memory many times,
// as GameBuilder::move does it (the one-step reader, else the general one).
// Usage: bench_variants [STANDARD.pgn[.zst] [VARIANT.pgn.zst ...]]; by
// default the sample database against ../shared/data/variants/*.pgn.zst.
// Times are thread CPU seconds.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

namespace {

double cpuNow()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

struct Line {
    chess::Position start;
    std::vector<std::string> sans;
};

bool load(const std::string &path, std::vector<Line> &lines, std::string &variant)
{
    game::GameStream stream;
    std::string error;
    if (!stream.open(path, &error)) {
        std::fprintf(stderr, "%s: %s\n", path.c_str(), error.c_str());
        return false;
    }
    game::Game g;
    while (stream.next(g)) {
        if (g.unsupported || g.nodes.empty()) continue;
        Line line{g.root().position, {}};
        variant = std::string(chess::variantName(line.start.variant()));
        for (game::NodeId n = 0; g.nodes[n].firstChild != game::NoNode;) {
            const chess::Position &before = g.nodes[n].position;
            n = g.nodes[n].firstChild;
            line.sans.push_back(before.san(g.nodes[n].move));
        }
        lines.push_back(std::move(line));
    }
    return !lines.empty();
}

// Nanoseconds per ply of replaying every line `repetitions` times.
double replay(const std::vector<Line> &lines, int repetitions, uint64_t &checksum)
{
    uint64_t plies = 0;
    std::string error;
    const double start = cpuNow();
    for (int r = 0; r < repetitions; ++r) {
        for (const Line &line : lines) {
            chess::Position pos = line.start;
            for (const std::string &san : line.sans) {
                if (pos.playCommonSan(san).isNone()) pos.play(pos.parseSan(san, &error));
            }
            checksum += pos.key();
            plies += line.sans.size();
        }
    }
    return (cpuNow() - start) * 1e9 / double(plies);
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i)
        if (argv[i][0] != '-') files.emplace_back(argv[i]); // options for other benchmarks (scripts/bench.sh)
    if (files.empty()) {
        files.emplace_back(CQLWB_SOURCE_DIR "/resources/sample/sample.pgn.zst");
        for (const char *v : {"threecheck", "kingofthehill", "antichess", "crazyhouse"})
            files.push_back(std::string(CQLWB_SOURCE_DIR "/../shared/data/variants/") + v + ".pgn.zst");
    }
    uint64_t checksum = 0;
    double standard = 0;
    for (size_t i = 0; i < files.size(); ++i) {
        std::vector<Line> lines;
        std::string variant;
        if (!load(files[i], lines, variant)) continue;
        uint64_t plies = 0;
        for (const Line &l : lines)
            plies += l.sans.size();
        // About two million plies per file, so each figure takes a moment.
        const int repetitions = int(std::max<uint64_t>(1, 2'000'000 / std::max<uint64_t>(plies, 1)));
        const double ns = replay(lines, repetitions, checksum);
        if (i == 0) standard = ns;
        std::printf("%-17s %6zu games %8llu plies x %3d: %6.1f ns/ply", variant.c_str(), lines.size(),
                    (unsigned long long)plies, repetitions, ns);
        if (i > 0 && standard > 0) std::printf("  %.2fx the first file", ns / standard);
        std::printf("\n");
    }
    std::printf("(checksum %llx)\n", (unsigned long long)checksum);
    return 0;
}
