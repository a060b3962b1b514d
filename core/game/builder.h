// Building game::Game trees from PGN: a reader visitor that replays the SAN
// moves, and two drivers around it — GameParser for one game's text (the
// parallel search, a database's "load game") and GameStream for a whole file.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/game.h"
#include "pgn/input.h"
#include "pgn/prefetch.h"
#include "pgn/reader.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace game {

class BughouseReplay;

struct BuildOptions {
    bool movetext = true;   // false: tags and result only (no moves decoded)
    bool variations = true; // false: variations are skipped without decoding their moves
    bool comments = true;   // false: comments are dropped
    bool nags = true;       // false: NAGs are dropped
    // false: read Chess960 games as standard chess, as the reference cql does
    // (Variant tag ignored, castling only from e1/e8 with corner rooks), so a
    // Chess960 castling ends the game as an illegal move.
    bool chess960 = true;
};

// "chess960" for Chess960 spellings, "" for standard chess (and empty), else
// the tag value as given (an unsupported variant).
std::string_view classifyVariant(std::string_view variantTag, bool &chess960);

// What a replay reports for a movetext word that does not replay: stray text
// ("unexpected text 'xyz' in the movetext", bad=false) or a bad move ("illegal
// move Qxe1 at ply 61", bad=true; decodeError is what parseSan said).
std::string unplayableMoveMessage(std::string_view san, const std::string &decodeError, int ply, bool inVariation,
                                  bool &bad);

// How a game starts, decided from its FEN and Variant tags.
struct StartPosition {
    chess::Position position;          // the FEN's position, else the standard start
    bool chess960 = false;             // played with Chess960 castling
    bool readAsStandard = false;       // a Chess960 game read as standard chess (options.chess960 off)
    std::string error;                 // not empty: the game cannot be replayed (bad FEN, unsupported variant)
    std::vector<std::string> warnings; // what reading the FEN dropped (stale castling rights, en passant square)
};
// fen / variant: the tags' values, nullptr when the game has no such tag.
StartPosition startPosition(const std::string_view *fen, const std::string_view *variant, const BuildOptions &options);

class GameBuilder final : public pgn::Visitor {
public:
    GameBuilder();
    GameBuilder(Game &game, const BuildOptions &options = {});
    ~GameBuilder() override;
    void setGame(Game &game) { m_game = &game; }
    void setOptions(const BuildOptions &options) { m_options = options; }
    const BuildOptions &options() const { return m_options; }
    Game &game() { return *m_game; }

    // Problems found between games (stray text), the first MaxStray of them.
    static constexpr size_t MaxStray = 1000;
    std::vector<GameError> strayErrors;
    uint64_t strayErrorCount = 0;

    void beginGame(const pgn::GameStart &start) override;
    void tag(std::string_view name, std::string_view value) override;
    bool beginMovetext() override;
    pgn::MoveAction move(std::string_view san, const pgn::Place &where) override;
    void nag(int nag) override;
    void comment(std::string_view text) override;
    bool beginVariation() override;
    void endVariation() override;
    void result(std::string_view result) override;
    void error(const pgn::Location &where, std::string_view message) override;
    bool endGame() override;
    void strayError(const pgn::Location &where, std::string_view message) override;

private:
    void addError(const pgn::Location &where, std::string message);
    bool setUpStart();

    Game *m_game = nullptr;
    BuildOptions m_options;
    pgn::Location m_start;
    NodeId m_cur = 0;
    bool m_started = false;  // the root node exists
    bool m_lineStart = true; // no move yet in the current line (game or variation)
    uint32_t m_pendingPre = NoText;
    std::vector<uint8_t> m_pendingNags;
    std::vector<NodeId> m_stack; // current node of each enclosing line
    int m_fenTag = -1, m_variantTag = -1, m_resultTag = -1;
    bool m_haveResult = false;
    std::string m_err;
    // A Bughouse game (game/bughouse.h) is replayed by this instead.
    std::unique_ptr<BughouseReplay> m_bughouse;
    bool m_bughouseActive = false;
};

// Parses one game's text (cut from a larger text) into a Game, reusing its
// buffers. One per thread.
class GameParser {
public:
    // number and origin: the game's number and where its text starts in the file.
    // False if the text holds no game.
    bool parse(std::string_view text, uint64_t number, const pgn::Location &origin, Game &out,
               const BuildOptions &options = {});
    pgn::ReaderLimits &limits() { return m_reader.limits(); }

private:
    pgn::Reader m_reader;
    GameBuilder m_builder;
};

// Reads a PGN file (plain, gzip or zstd) game after game into one Game.
class GameStream {
public:
    // prefetch: decompress on a second thread (a sequential search on a
    // compressed file then waits less); the games come out the same.
    bool open(const std::string &path, std::string *error = nullptr, bool prefetch = false);
    void setOptions(const BuildOptions &options) { m_builder.setOptions(options); }
    pgn::ReaderLimits &limits() { return m_reader.limits(); }
    // False at the end of the file (check error() for a read error).
    bool next(Game &game);
    const std::string &error() const { return m_reader.sourceError(); }
    uint64_t inputPosition() const { return m_prefetch ? m_prefetch->inputPosition() : m_source.inputPosition(); }
    uint64_t inputSize() const { return m_source.inputSize(); }
    const std::vector<GameError> &strayErrors() const { return m_builder.strayErrors; }
    uint64_t strayErrorCount() const { return m_builder.strayErrorCount; }

private:
    pgn::FileSource m_source;
    std::unique_ptr<pgn::PrefetchSource> m_prefetch;
    pgn::Reader m_reader;
    GameBuilder m_builder;
};

} // namespace game
