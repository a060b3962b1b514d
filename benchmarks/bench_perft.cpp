// Benchmark of the chess layer: perft speed (nodes/s) and SAN parsing (ns/move).
// Usage: bench_perft [--quick]. Times are thread CPU seconds.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/position.h"

#include <ctime>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace chess;

namespace {

// Thread CPU time, so figures stay meaningful on a loaded machine.
struct Clock {
    using time_point = double;
    static double now()
    {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
    }
};

double secondsSince(double start) { return Clock::now() - start; }

// A long master game (196 plies) with castling, checks, captures and two promotions.
const char *const LongGame =
    "d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 Qb3 Nc6 Nbd2 d5 Bg2 Qd7 cxd5 Qxd5 a3 O-O-O e3 Be7 Qc2 Bb7 O-O Qf5 Qxf5 exf5 "
    "b4 a5 b5 Na7 a4 Bb4 Ne5 Rhf8 Ndc4 Nd5 Ba3 f6 Nd3 Bxa3 Rxa3 Kb8 Rc1 Nc8 f3 Rfe8 Kf2 Nd6 Nxd6 Rxd6 Nf4 Nxf4 "
    "gxf4 g5 fxg5 fxg5 Rac3 Re7 h4 gxh4 Rh1 f4 Rxh4 fxe3+ Rxe3 Red7 Re8+ Ka7 Ke3 Rf7 Rh8 Rdd7 Bh1 Rde7+ Kf2 Rd7 "
    "Ke3 Rg7 f4 Rg3+ Kf2 Ra3 R4xh7 Rxh7 Rxh7 Bxh1 Rxh1 Rxa4 Ke3 Rb4 f5 Rxb5 Ke4 Rb2 Rf1 Rh2 f6 Rh8 f7 Rf8 Ke5 "
    "b5 Ke6 b4 Ke7 Rh8 f8=Q Rxf8 Rxf8 b3 Rf1 Kb6 Kd7 a4 Rb1 c6 Ke6 Kb5 Kd6 Kb4 Kxc6 a3 d5 a2 Ra1 b2 Rxa2 b1=Q "
    "Ra6 Qc2+ Kb7 Qh7+ Kc6 Qc2+ Kb7 Qe4 Rd6 Kc5 Rd7 Qe8 Kc7 Qa8 Rd8 Qa6 Rd7 Qb6+ Kc8 Kd4 Rd8 Qc5+ Kb7 Qb5+ Kc7 "
    "Kc5 Rd7 Qa6 Rd8 Qa7+ Kc8 Qe7 Rd7 Qe8+ Kc7 Qe5+ Kb7 Qf4 Kc8 Qg4 Kc7 Qf5 Kd8 Qe5 Kc8 Kb6 Rb7+ Ka6 Rd7 Ka5 "
    "Ra7+ Kb5 Rb7+ Ka6 Rd7 Qf4 Kd8 Kb6 Ke7 Qf5 Rd6+ Kb7 Kd8 Qe5 Rd7+ Kb8 d6 Qe6";

void benchPerft(const char *name, const char *fen, int depth)
{
    const auto pos = Position::fromFen(fen);
    const auto start = Clock::now();
    const uint64_t nodes = perft(*pos, depth);
    const double s = secondsSince(start);
    std::printf("perft %-9s depth %d: %12llu nodes  %7.3f s  %6.1f Mnodes/s\n", name, depth,
                static_cast<unsigned long long>(nodes), s, nodes / s / 1e6);
}

bool benchSan(int repetitions)
{
    std::vector<std::string> sans;
    for (const char *p = LongGame; *p;) {
        const char *end = std::strchr(p, ' ');
        if (!end) end = p + std::strlen(p);
        sans.emplace_back(p, end);
        p = *end ? end + 1 : end;
    }
    // Positions before each move, so the parse loop measures parseSan alone.
    std::vector<Position> positions;
    std::vector<Move> moves;
    Position pos;
    for (const std::string &san : sans) {
        std::string error;
        const Move m = pos.parseSan(san, &error);
        if (m.isNone()) {
            std::printf("parseSan failed on '%s': %s\n", san.c_str(), error.c_str());
            return false;
        }
        positions.push_back(pos);
        moves.push_back(m);
        pos.play(m);
    }
    const size_t plies = sans.size();

    uint64_t check = 0;
    auto start = Clock::now();
    for (int r = 0; r < repetitions; ++r)
        for (size_t i = 0; i < plies; ++i)
            check += positions[i].parseSan(sans[i]).raw();
    const double parseOnly = secondsSince(start);

    start = Clock::now();
    for (int r = 0; r < repetitions; ++r) {
        Position p;
        for (size_t i = 0; i < plies; ++i)
            p.play(p.parseSan(sans[i]));
        check += p.key();
    }
    const double replay = secondsSince(start);

    start = Clock::now();
    for (int r = 0; r < repetitions; ++r) {
        Position p;
        for (const Move m : moves)
            p.play(m);
        check += p.key();
    }
    const double playOnly = secondsSince(start);

    const double n = double(plies) * repetitions;
    std::printf("parseSan   %zu-ply game x %d: %6.1f ns/move (parse only)\n", plies, repetitions, parseOnly * 1e9 / n);
    std::printf("replay     parseSan + play       : %6.1f ns/move\n", replay * 1e9 / n);
    std::printf("play only  (copy-make of a Move) : %6.1f ns/move\n", playOnly * 1e9 / n);
    std::printf("(checksum %llx)\n", static_cast<unsigned long long>(check));
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    benchPerft("start", Position::StartFen, quick ? 5 : 6);
    benchPerft("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", quick ? 4 : 5);
    return benchSan(quick ? 2000 : 20000) ? 0 : 1;
}
