// Shared helpers for the PGN tests: fixture paths, a visitor that logs every
// callback as text, and sources that hand out bytes a few at a time.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/builder.h"
#include "pgn/input.h"
#include "pgn/reader.h"

#include <QString>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace pgntest {

inline std::string dataPath(const char *name) { return std::string(CQLWB_TEST_DATA) + "/pgn/" + name; }

inline std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Records every callback, one line each, so two reads can be compared.
class LogVisitor : public pgn::Visitor {
public:
    std::vector<std::string> log;
    std::vector<std::string> errors; // "line:col message" inside games
    std::vector<std::string> stray;  // between games
    int games = 0;

    void beginGame(const pgn::GameStart &g) override
    {
        ++games;
        log.push_back("game " + std::to_string(g.number) + " @" + std::to_string(g.where.line) + ":"
                      + std::to_string(g.where.column) + " +" + std::to_string(g.where.offset));
    }
    void tag(std::string_view n, std::string_view v) override
    {
        log.push_back("tag " + std::string(n) + "=" + std::string(v));
    }
    bool beginMovetext() override
    {
        log.push_back("movetext");
        return true;
    }
    pgn::MoveAction move(std::string_view san, const pgn::Place &place) override
    {
        const pgn::Location l = place.location();
        log.push_back("move " + std::string(san) + " @" + std::to_string(l.line) + ":" + std::to_string(l.column));
        return pgn::MoveAction::Continue;
    }
    void nag(int n) override { log.push_back("nag " + std::to_string(n)); }
    void comment(std::string_view t) override { log.push_back("comment " + std::string(t)); }
    bool beginVariation() override
    {
        log.push_back("(");
        return true;
    }
    void endVariation() override { log.push_back(")"); }
    void result(std::string_view r) override { log.push_back("result " + std::string(r)); }
    void error(const pgn::Location &l, std::string_view m) override
    {
        std::string e = std::to_string(l.line) + ":" + std::to_string(l.column) + " " + std::string(m);
        errors.push_back(e);
        log.push_back("error " + e);
    }
    bool endGame() override
    {
        log.push_back("end");
        return true;
    }
    void strayError(const pgn::Location &l, std::string_view m) override
    {
        std::string e = std::to_string(l.line) + ":" + std::to_string(l.column) + " " + std::string(m);
        stray.push_back(e);
        log.push_back("stray " + e);
    }

    bool has(const std::string &line) const { return std::find(log.begin(), log.end(), line) != log.end(); }
    bool hasError(const std::string &part) const
    {
        for (const auto &e : errors)
            if (e.find(part) != std::string::npos) return true;
        return false;
    }
    bool hasStray(const std::string &part) const
    {
        for (const auto &e : stray)
            if (e.find(part) != std::string::npos) return true;
        return false;
    }
    QString joined() const
    {
        std::string s;
        for (const auto &l : log)
            s += l + "\n";
        return QString::fromStdString(s);
    }
};

// Hands out the text a few bytes at a time (sizes cycling through 1..maxChunk),
// so every token somewhere crosses the end of the reader's buffer.
class DripSource : public pgn::ByteSource {
public:
    DripSource(std::string_view text, size_t maxChunk) : m_text(text), m_max(std::max<size_t>(maxChunk, 1)) {}
    size_t read(char *dst, size_t capacity) override
    {
        size_t n = std::min({capacity, m_text.size() - m_pos, 1 + (m_turn++ % m_max)});
        std::copy_n(m_text.data() + m_pos, n, dst);
        m_pos += n;
        return n;
    }

private:
    std::string_view m_text;
    size_t m_max;
    size_t m_pos = 0;
    size_t m_turn = 0;
};

inline LogVisitor readLog(std::string_view text)
{
    LogVisitor v;
    pgn::Reader r;
    r.resetText(text);
    r.readAll(v);
    return v;
}

// Reads all games of a text into Games (copies).
inline std::vector<game::Game> readGames(std::string_view text, const game::BuildOptions &options = {})
{
    pgn::Reader r;
    r.resetText(text);
    game::Game g;
    game::GameBuilder b(g, options);
    std::vector<game::Game> out;
    while (r.readGame(b))
        out.push_back(g);
    return out;
}

inline game::Game readOne(std::string_view text, const game::BuildOptions &options = {})
{
    auto games = readGames(text, options);
    return games.empty() ? game::Game() : games.front();
}

inline std::string errorsOf(const game::Game &g)
{
    std::string s;
    for (const auto &e : g.errors)
        s += std::to_string(e.line) + ":" + std::to_string(e.column) + " " + e.message + "\n";
    return s;
}

// SAN of the mainline moves, space-separated.
inline std::string mainline(const game::Game &g)
{
    std::string s;
    if (g.nodes.empty()) return s;
    for (game::NodeId n = g.nodes[0].firstChild; n != game::NoNode; n = g.nodes[n].firstChild) {
        if (!s.empty()) s += ' ';
        s += g.nodes[g.nodes[n].parent].position.san(g.nodes[n].move);
    }
    return s;
}

} // namespace pgntest
