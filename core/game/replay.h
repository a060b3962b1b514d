// Checking a PGN file by replaying its moves on one board, without building
// game trees: what a database check needs (every move legal? where not?),
// at the speed of the reader and the move generator alone.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/builder.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace game {

class BughouseReplay;

struct ReplayStats {
    uint64_t games = 0;
    uint64_t mainlinePlies = 0;   // plies replayed on the mainlines (up to an error)
    uint64_t moves = 0;           // all moves replayed, variations included
    uint64_t gamesWithErrors = 0; // games with at least one problem (unsupported ones included)
    uint64_t unsupported = 0;     // games not replayed (unsupported variant, bad FEN)
};

// A game with problems, as reported after its end.
struct ReplayedGame {
    uint64_t number = 0;
    pgn::Location start; // where the game's text starts
    std::string white, black, event, date;
    int mainlinePlies = 0; // plies kept: the mainline up to its first bad move
    bool unsupported = false;
    std::vector<GameError> errors; // in file order; the first MaxErrors of them
};

class Replayer final : public pgn::Visitor {
public:
    static constexpr size_t MaxErrors = 100;
    static constexpr size_t MaxStray = 1000;

    // Only variations and chess960 of the options matter here.
    explicit Replayer(const BuildOptions &options = {});
    ~Replayer() override;

    // Called after each game that has a problem.
    std::function<void(const ReplayedGame &)> onProblem;

    const ReplayStats &stats() const { return m_stats; }
    // Problems found between games (stray text), the first MaxStray of them.
    const std::vector<GameError> &strayErrors() const { return m_stray; }
    uint64_t strayErrorCount() const { return m_strayCount; }

    void beginGame(const pgn::GameStart &start) override;
    void tag(std::string_view name, std::string_view value) override;
    bool beginMovetext() override;
    pgn::MoveAction move(std::string_view san, const pgn::Place &where) override;
    bool wantsComments() const override { return false; }
    bool beginVariation() override;
    void endVariation() override;
    void error(const pgn::Location &where, std::string_view message) override;
    bool endGame() override;
    void strayError(const pgn::Location &where, std::string_view message) override;

private:
    // A line being replayed: the mainline, or a variation inside it.
    struct Line {
        chess::Position before; // the position before the line's last move (variations only)
        chess::Position now;
        int ply = 0;
        bool hasMove = false;
    };
    void addError(const pgn::Location &where, std::string message);

    BuildOptions m_options;
    ReplayStats m_stats;
    ReplayedGame m_game;
    std::string m_fen, m_variant, m_board;
    bool m_haveFen = false, m_haveVariant = false, m_started = false;
    std::vector<Line> m_lines; // [0] = the mainline
    size_t m_depth = 0;        // the current line: m_lines[m_depth]
    std::string m_err;
    std::vector<GameError> m_stray;
    uint64_t m_strayCount = 0;
    // A bughouse game is replayed on both boards (game/bughouse.h) into this.
    std::unique_ptr<BughouseReplay> m_bughouse;
    Game m_bughouseGame;
    bool m_bughouseActive = false;
};

// Replays every game of a PGN file (plain, gzip or zstd). False, with a
// message, when the file cannot be opened or its data is corrupt.
bool replayFile(const std::string &path, Replayer &replayer, std::string *error = nullptr);

} // namespace game
