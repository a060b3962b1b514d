// Prefilters: conditions every game a query matches must meet, derived from
// the compiled query and tested against the store's per-game signatures, so
// games that cannot match are not replayed at all.
//
// Why skipping is sound: at each position the evaluator tries the body's
// filters in order and stops at the first that fails. The analysis takes the
// longest prefix of body filters it knows to be pure (no comments, variables,
// sort values, errors or any other effect) and, for each, a condition the game
// must meet for that filter to match at any of its positions (a mate at the
// end of the mainline, enough queens at some point, enough plies, a tag...). A game failing one of
// them never gets past that filter, so only pure filters ever run on it: it
// cannot match, and its evaluation leaves no trace. Queries whose matchcount
// range admits zero matched positions get no prefilter.
//
// Move filters (`move promote Q`, `castle`, `o-o-o`, X--=N, CQL-S :promote
// and :iscastling, which compile to them, and a pawn's move to its last rank,
// `move from P to a-h8`) need a move of the game that the store's promotion
// and castling facts allow; a `wtm` or `btm` that must
// match at the same position (in the pure prefix, a compound or an `and`)
// names the side that made it. Set filters need squares their pieces stood
// on: the signature (signatures.h) keeps where each piece kind ever stood, so
// a designator, a set operation, attacks, rays, pins, square and piece loops,
// the images of a transform (any of them), `find`, the constituents of a
// `line` and the squares of a move (from, to, captured) are over-approximated
// by the squares they can ever hold, and need one.
//
// Filters of the game's tags alone (cql::TagsOnlyFilter: `result`, `player`,
// `event`, `site`, `date`, `eco`, and CQL-S game information such as :eco,
// :date, :tag, :title, :timemode) answer for a game that holds only the tags
// the store keeps; `year` and `elo` compared with a number read them by the
// filters' own functions (yearOf, eloOf). Such a condition refers to the
// query's filter: the query must outlive its prefilter.
//
// A path (`path`, ⊢) needs what the constituents every match passes
// through need (a promotion, a mate, a designator's pieces ...): its
// attempts write their comments only when they succeed, so where those
// constituents are pure (or comments of bounded text) a path that cannot
// match leaves no trace. A game where the path's matcher could pass its
// step budget or the comment limit (an error) is not skipped: the bound
// grows with the game's length and the pattern's repetitions. A piece or
// square loop, a transform in its any mode and a sort whose body, images or
// argument leave no trace where they cannot match pass their conditions on.
// A first filter `X = ∙` (or a number, a string, squares) is set again at
// every position before anything reads it, so the filters after it are
// analysed too.
//
// Facts of the mainline serve a search of the mainline; when the search reads
// variations the facts of the whole game tree (the signature) stand in. The
// search asks the prefilter about every game the store describes (parsed in
// full without problems: no Chess960, FEN or variant games), whether it then
// replays it or reads its PGN for variations or comments: the facts are of
// the game as that reading gives it.
//
// Errors are effects too: a line that could run out of steps and a counting
// `find` that writes a comment a match (its comments could pass the limit in
// a game that does not match) are not taken for pure.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "gamestore.h"

#include <functional>
#include <string>
#include <vector>

namespace store {

class Prefilter {
public:
    // The conditions of a query; none when nothing sound can be said.
    static Prefilter fromQuery(const cql::Query &query);

    bool active() const { return !m_conditions.empty(); }
    // False when the game (a Replayable game of the store) cannot match: every condition must hold.
    bool mayMatch(const GameStore &store, size_t game) const
    {
        const GameRecord &r = store.record(game);
        for (const auto &c : m_conditions)
            if (!c(r, store, game)) return false;
        return true;
    }
    // What was derived, e.g. "mate at the end of the mainline", for tests and notes.
    const std::vector<std::string> &description() const { return m_description; }

    using Condition = std::function<bool(const GameRecord &, const GameStore &, size_t)>;

private:
    std::vector<Condition> m_conditions;
    std::vector<std::string> m_description;
};

} // namespace store
