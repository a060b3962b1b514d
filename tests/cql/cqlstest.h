// Helpers for the CQL-S tests: compile a CQL-S script, count the positions
// it matches in a game, and read its first error as "LINE:COLUMN: message".
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cqltest.h"

namespace cqlstest {

// The options compileCqls compiles with: a test may name its engine or player base here.
inline cql::CompileOptions &compileOptions()
{
    static cql::CompileOptions options;
    return options;
}

inline std::unique_ptr<cql::Query> compileCqls(const std::string &script, std::vector<cql::Diagnostic> *diags = nullptr)
{
    std::vector<cql::Diagnostic> d;
    cql::CompileOptions o = compileOptions();
    o.dialect = cql::Dialect::CqlS;
    auto q = cql::compile(script, o, d);
    if (diags) *diags = d;
    return q;
}

// Matched positions (-1: the script does not compile, -2: the game is empty); the game must match
// as a whole for its positions to count.
inline int matches(const std::string &script, const game::Game &g)
{
    if (g.nodes.empty() || g.unsupported) return -2; // the test's FEN or PGN is broken: never a vacuous 0
    auto q = compileCqls(script);
    if (!q) return -1;
    cql::Evaluator ev(*q);
    cql::GameResult r;
    ev.run(g, r);
    return r.matched ? int(r.matches.size()) : 0;
}

// Shorthand: a single position list on a one-position game.
inline int positionMatches(const std::string &list, const std::string &fen)
{
    return matches("(match (position " + list + "))", cqltest::positionGame(fen));
}

// The positions a compiled query matches in a game (none when the game does not match).
inline std::vector<game::NodeId> matchedPositions(const cql::Query &q, const game::Game &g)
{
    cql::Evaluator ev(q);
    cql::GameResult r;
    ev.run(g, r);
    std::vector<game::NodeId> out;
    if (r.matched)
        for (const cql::PositionMark &m : r.matches)
            out.push_back(m.node);
    return out;
}

inline std::string cqlsError(const std::string &script)
{
    std::vector<cql::Diagnostic> d;
    compileCqls(script, &d);
    if (d.empty()) return {};
    return std::to_string(d[0].line) + ":" + std::to_string(d[0].column) + ": " + d[0].message;
}

} // namespace cqlstest
