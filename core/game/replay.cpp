// Replaying PGN movetext on one board per line, reporting what does not replay.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "replay.h"

#include "bughouse.h"

namespace game {

Replayer::Replayer(const BuildOptions &options) : m_options(options) {}
Replayer::~Replayer() = default;

void Replayer::beginGame(const pgn::GameStart &start)
{
    m_game.number = start.number;
    m_game.start = start.where;
    m_game.white.clear();
    m_game.black.clear();
    m_game.event.clear();
    m_game.date.clear();
    m_game.mainlinePlies = 0;
    m_game.unsupported = false;
    m_game.errors.clear();
    m_haveFen = m_haveVariant = m_started = m_bughouseActive = false;
    m_board.clear();
    m_depth = 0;
}

void Replayer::tag(std::string_view name, std::string_view value)
{
    // Only what a report names and what decides the start position is kept.
    if (name.size() < 3 || name.size() > 7) return;
    switch (name[0]) {
    case 'W':
        if (name == "White")
            m_game.white.assign(value);
        else if (name == "WhiteA" && m_game.white.empty()) // a bughouse game: board A's players
            m_game.white.assign(value);
        break;
    case 'B':
        if (name == "Black")
            m_game.black.assign(value);
        else if (name == "Board")
            m_board.assign(value);
        else if (name == "BlackA" && m_game.black.empty())
            m_game.black.assign(value);
        break;
    case 'E':
        if (name == "Event") m_game.event.assign(value);
        break;
    case 'D':
        if (name == "Date") m_game.date.assign(value);
        break;
    case 'F':
        if (name == "FEN") {
            m_fen.assign(value);
            m_haveFen = true;
        }
        break;
    case 'V':
        if (name == "Variant") {
            m_variant.assign(value);
            m_haveVariant = true;
        }
        break;
    default: break;
    }
}

bool Replayer::beginMovetext()
{
    m_started = true;
    std::string_view fen = m_fen, variant = m_variant;
    if (m_haveVariant && isBughouseName(variant)) {
        if (!m_bughouse) m_bughouse = std::make_unique<BughouseReplay>();
        m_bughouseGame.clear();
        if (!m_board.empty()) m_bughouseGame.addTag("Board", m_board);
        std::string error;
        m_bughouseActive = m_bughouse->start(m_bughouseGame, m_haveFen ? &fen : nullptr, error);
        if (!m_bughouseActive) {
            m_game.unsupported = true;
            addError(m_game.start, std::move(error));
        }
        return m_bughouseActive;
    }
    StartPosition start = startPosition(m_haveFen ? &fen : nullptr, m_haveVariant ? &variant : nullptr, m_options);
    if (!start.error.empty()) {
        m_game.unsupported = true;
        addError(m_game.start, std::move(start.error));
        return false;
    }
    for (std::string &w : start.warnings)
        addError(m_game.start, std::move(w));
    if (m_lines.empty()) m_lines.resize(1);
    Line &main = m_lines[0];
    main.now = start.position;
    main.ply = 0;
    main.hasMove = false;
    m_depth = 0;
    return true;
}

pgn::MoveAction Replayer::move(std::string_view san, const pgn::Place &where)
{
    if (m_bughouseActive) return m_bughouse->move(san, where);
    Line &line = m_lines[m_depth];
    // Keys are not kept: a check never asks about repetitions.
    const auto play = [&](chess::Position &pos) {
        if (!pos.playCommonSanUnkeyed(san).isNone()) return true;
        const chess::Move m = pos.parseSan(san, &m_err);
        if (m.isNone()) return false;
        pos.playUnkeyed(m);
        return true;
    };
    bool played;
    if (m_options.variations) {
        // A line that variations may branch from keeps the position before its
        // last good move.
        const chess::Position prior = line.now;
        played = play(line.now);
        if (played) line.before = prior;
    } else {
        played = play(line.now);
    }
    if (!played) {
        bool bad = false;
        addError(where.location(), unplayableMoveMessage(san, m_err, line.ply + 1, m_depth > 0, bad));
        if (!bad) return pgn::MoveAction::Continue;
        return m_depth == 0 ? pgn::MoveAction::SkipMovetext : pgn::MoveAction::SkipVariation;
    }
    ++line.ply;
    line.hasMove = true;
    ++m_stats.moves;
    return pgn::MoveAction::Continue;
}

bool Replayer::beginVariation()
{
    if (!m_options.variations || !m_started || m_bughouseActive || !m_lines[m_depth].hasMove)
        return false; // "(" before any move of the line: nothing to be an alternative to
    if (m_lines.size() <= m_depth + 1) m_lines.resize(m_depth + 2);
    const Line &parent = m_lines[m_depth];
    Line &var = m_lines[m_depth + 1];
    var.now = parent.before;
    var.ply = parent.ply - 1;
    var.hasMove = false;
    ++m_depth;
    return true;
}

void Replayer::endVariation()
{
    if (m_depth > 0) --m_depth;
}

void Replayer::error(const pgn::Location &where, std::string_view message) { addError(where, std::string(message)); }

void Replayer::addError(const pgn::Location &where, std::string message)
{
    if (m_game.errors.size() < MaxErrors)
        m_game.errors.push_back(GameError{where.line, where.column, std::move(message)});
}

bool Replayer::endGame()
{
    ++m_stats.games;
    if (!m_started) beginMovetext(); // a game without movetext still has a start position to check
    if (m_bughouseActive) {
        // Both boards' plies; their problems in file order.
        const Game &a = m_bughouseGame;
        m_game.mainlinePlies = a.mainlinePlies() + (a.otherBoard.empty() ? 0 : a.otherBoard[0].mainlinePlies());
        m_stats.mainlinePlies += uint64_t(m_game.mainlinePlies);
        m_stats.moves += uint64_t(m_game.mainlinePlies);
        for (const GameError &e : a.errors)
            addError(pgn::Location{e.line, e.column, 0}, e.message);
    } else if (!m_lines.empty() && !m_game.unsupported) {
        m_game.mainlinePlies = m_lines[0].ply;
        m_stats.mainlinePlies += uint64_t(m_lines[0].ply);
    }
    if (m_game.unsupported) ++m_stats.unsupported;
    if (!m_game.errors.empty()) {
        ++m_stats.gamesWithErrors;
        if (onProblem) onProblem(m_game);
    }
    return true;
}

void Replayer::strayError(const pgn::Location &where, std::string_view message)
{
    ++m_strayCount;
    if (m_stray.size() < MaxStray) m_stray.push_back(GameError{where.line, where.column, std::string(message)});
}

bool replayFile(const std::string &path, Replayer &replayer, std::string *error)
{
    pgn::FileSource source;
    if (!source.open(path)) {
        if (error) *error = source.error();
        return false;
    }
    pgn::Reader reader;
    reader.reset(&source);
    reader.readAll(replayer);
    if (!reader.sourceError().empty()) {
        if (error) *error = reader.sourceError();
        return false;
    }
    return true;
}

} // namespace game
