// Helpers for the tests that read the evaluator's record of a match (the
// image explainer, the transform explorer): a game from PGN or FEN, and the
// record of a query on it as the workbench compiles the query.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/querycompiler.h"

#include "database/database.h"

#include <QTest>

#include <memory>
#include <string>

namespace recordtest {

inline std::shared_ptr<game::Game> parse(const std::string &pgn)
{
    db::Database database;
    std::string error;
    if (!database.openText(pgn, "record.pgn", {}, &error)) qFatal("cannot open test PGN: %s", error.c_str());
    auto g = std::make_shared<game::Game>();
    if (!database.loadGame(0, *g)) qFatal("cannot load the test game");
    return g;
}

inline std::shared_ptr<game::Game> fromFen(const char *fen)
{
    return parse(std::string("[FEN \"") + fen + "\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n*\n");
}

// The matches of text on g, with their squares and transform images recorded.
inline cql::GameResult record(const QString &text, const game::Game &g)
{
    const wb::CompiledQuery q = wb::compileQuery(text, QString());
    if (!q.query) qFatal("query does not compile: %s", qPrintable(text));
    cql::Evaluator evaluator(*q.query);
    evaluator.setRecordSquares(true);
    cql::GameResult result;
    evaluator.run(g, result);
    return result;
}

} // namespace recordtest
