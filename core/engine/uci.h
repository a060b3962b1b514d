// A client for one UCI chess engine process: started with its input and
// output connected to us, asked to analyse positions with 'go depth' or
// 'go movetime', and stopped when the client goes away. POSIX only.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/variant.h"

#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <sys/types.h>

namespace engine {

// Anything that keeps the engine from answering: missing program, a crash,
// a timeout, an option the engine does not know.
class EngineError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A mate, in centipawns, counts this much less one per half move to the mate;
// a mate against the side to move counts as its negative. It lies far above
// any engine's material score, so a mate always differs from a non-mate by
// more than 10,000 pawns.
constexpr long long MateCentipawns = 2000000;

struct Limit {
    enum Kind { Depth, MoveTime };
    Kind kind = Depth;
    int value = 1; // plies, or milliseconds
    bool operator==(const Limit &) const = default;
};

// The engine's verdict, from the side to move's point of view.
struct Score {
    bool mate = false;
    int value = 0;        // centipawns, or moves to mate (> 0: the side to move mates; 0: it is mated)
    int depth = 0;        // depth of the search that gave it
    std::string bestMove; // UCI notation, "" if none (a final position)

    // Half moves to the mate (mate scores only).
    int matePlies() const { return value > 0 ? 2 * value - 1 : -2 * value; }
    // Centipawns, with mates mapped as MateCentipawns describes.
    long long centipawns() const
    {
        if (!mate) return value;
        return value > 0 ? MateCentipawns - matePlies() : -(MateCentipawns - matePlies());
    }
};

class UciEngine {
public:
    struct Options {
        std::string path;                                            // executable (resolved)
        std::vector<std::pair<std::string, std::string>> setOptions; // sent after 'uciok'
        int startTimeoutMs = 10000;
        int depthTimeoutMs = 120000;
    };

    explicit UciEngine(Options options);
    ~UciEngine();
    UciEngine(const UciEngine &) = delete;
    UciEngine &operator=(const UciEngine &) = delete;

    // Starts the program and completes the handshake; throws EngineError.
    void start();
    bool running() const { return m_pid > 0; }
    const std::string &name() const { return m_name; }
    bool hasOption(const std::string &name) const;

    // Analyses the position (a FEN) until the limit and returns the last
    // score the engine reported. Throws EngineError when the engine dies,
    // does not answer in time (movetime plus 10 s, or Options::depthTimeoutMs
    // for a depth) or reports no score; the engine is then stopped. A
    // variant the engine does not play (ucivariant.h) throws before the
    // position is sent.
    Score analyse(const std::string &fen, Limit limit, bool chess960 = false,
                  chess::Variant variant = chess::Variant::Standard);

    // Sends 'quit' and reaps the process (killing it if it lingers).
    void stop();

private:
    using Clock = std::chrono::steady_clock;
    void send(const std::string &line);
    // The next line, or throws when the deadline passes or the engine exits.
    std::string readLine(Clock::time_point deadline, const char *waitingFor);
    void waitFor(const std::string &word, Clock::time_point deadline);
    [[noreturn]] void fail(const std::string &message);
    std::string exitDescription();

    Options m_opt;
    pid_t m_pid = -1;
    int m_fd = -1;
    std::string m_buffer;
    std::string m_name;
    std::vector<std::string> m_options;  // names the engine announced
    std::vector<std::string> m_variants; // its UCI_Variant values
    bool m_chess960 = false;
    chess::Variant m_variant = chess::Variant::Standard;
};

// Parses "info ... score cp 35 ..." / "score mate -3"; false for lines
// without a usable score (bounds, other lines, other multipv lines).
bool parseInfoScore(const std::string &line, Score &out);

} // namespace engine
