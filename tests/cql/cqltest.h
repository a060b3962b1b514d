// Helpers for the CQL tests: compile a query, build a game from PGN text,
// evaluate a set or count matches without going through files.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/filter.h"
#include "cql/programaccess.h"
#include "cql/query.h"
#include "game/builder.h"

#include <QTest>

#include <memory>
#include <string>
#include <vector>

namespace cqltest {

inline std::unique_ptr<cql::Query> compileBody(const std::string &body, std::vector<cql::Diagnostic> *diags = nullptr)
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile("cql()\n" + body, {}, d);
    if (diags) *diags = d;
    return q;
}

inline std::string firstError(const std::string &text)
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(text, {}, d);
    if (d.empty()) return {};
    return std::to_string(d[0].line) + ":" + std::to_string(d[0].column) + ": " + d[0].message;
}

// A one-position game from a FEN.
inline game::Game positionGame(const std::string &fen)
{
    game::Game g;
    game::GameParser parser;
    std::string pgn = "[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n*\n";
    parser.parse(pgn, 1, {1, 1, 0}, g);
    return g;
}

inline game::Game pgnGame(const std::string &pgn)
{
    game::Game g;
    game::GameParser parser;
    parser.parse(pgn, 1, {1, 1, 0}, g);
    return g;
}

// Value of a single set filter at the game's start position.
inline chess::SquareSet evalSet(const std::string &expr, const std::string &fen = chess::Position::StartFen)
{
    auto q = compileBody(expr);
    if (!q || cql::ProgramAccess::program(*q).body.size() != 1)
        return chess::SquareSet(0xDEADBEEFDEADBEEFULL); // a value no test expects
    const cql::Program &prog = cql::ProgramAccess::program(*q);
    game::Game g = positionGame(fen);
    cql::Ctx ctx;
    ctx.game = &g;
    ctx.vars.resize(prog.slotTypes.size());
    ctx.moveTo(0);
    return prog.body[0]->set(ctx);
}

inline chess::SquareSet squares(const char *list)
{
    chess::SquareSet s;
    std::string l(list);
    for (size_t i = 0; i + 1 < l.size();) {
        if (l[i] >= 'a' && l[i] <= 'h') {
            s |= chess::SquareSet::of(chess::parseSquare(l.substr(i, 2)));
            i += 2;
        } else {
            ++i;
        }
    }
    return s;
}

// Matched position count of a query body on a game.
inline int matchCount(const std::string &body, const game::Game &g, std::vector<cql::NodeComment> *comments = nullptr)
{
    auto q = compileBody(body);
    if (!q) return -1;
    cql::Evaluator ev(*q);
    cql::GameResult r;
    ev.run(g, r);
    if (comments) *comments = r.comments;
    return int(r.matches.size());
}

// Compiles a whole query and runs it on one game; a compile error comes back
// as the result's error (first diagnostic).
inline cql::GameResult runQuery(const std::string &text, const game::Game &g, bool squares = false)
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(text, {}, d);
    cql::GameResult r;
    if (!q) {
        r.error = d.empty() ? "?" : d[0].message;
        return r;
    }
    cql::Evaluator ev(*q);
    ev.setRecordSquares(squares);
    ev.run(g, r);
    return r;
}

// "text@node" for every comment but the match markers.
inline QString commentList(const cql::GameResult &r)
{
    QStringList out;
    for (const auto &c : r.comments)
        if (c.text != "CQL") out << QString::fromStdString(c.text) + "@" + QString::number(c.node);
    return out.join(u" | ");
}

} // namespace cqltest
