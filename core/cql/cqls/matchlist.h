// The match list as a whole: the per-game gate over its position lists
// (counts, :cut, :exclude, :skip) and the list negated by a bare ':not'.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/filter.h"

#include <memory>
#include <vector>

namespace cql::cqls {

// The match list as a whole: every required position list matched some
// position of the game (or a number of positions in its :matchcount range),
// no position matched an :exclude condition, and positions after one that
// matched a :cut condition (in its line) are not searched. A position is
// shown when it is searched and some shown list matches it. The per-game
// answer is computed once and cached in a variable slot.
struct GameLists {
    std::vector<FilterPtr> lists; // required position lists
    std::vector<Range> counts;
    std::vector<bool> shown; // lists whose matching positions are the game's matches
    // A list counts its matching positions, or (runs) the lengths of runs of
    // consecutive matching positions on the main line (:repetitioncount).
    std::vector<bool> runs;
    // Lists of one group are alternatives: the images of a list with
    // :pretransformmatchcount, one of which must be in range.
    std::vector<int> group;
    std::vector<FilterPtr> cuts;     // the search of a line stops after a position matching one
    std::vector<bool> cutsPreceding; // per cut: with :preceding, the search stops before that position
    std::vector<FilterPtr> excludes; // a game with a position matching one does not match
    std::vector<FilterPtr> skips;    // :skip: a position matching one is passed over (no list sees it)
};
class GameGateFilter : public Filter {
public:
    GameGateFilter(std::shared_ptr<const GameLists> lists, int slot) : m_g(std::move(lists)), m_slot(slot) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;

    // Whether the game matches the lists (worked out once per game).
    bool gameMatches(Ctx &ctx) const;

private:
    int cutHere(Ctx &ctx) const;
    bool searched(Ctx &ctx, game::NodeId n, game::NodeId cutNode, bool cutBefore) const;
    std::shared_ptr<const GameLists> m_g;
    int m_slot;
};

// A match list with a bare ':not' in it: true (at every position) for a game
// the list would not match without it: some game keyword fails, or the
// position lists (when there are any) do not match the game.
class NegatedMatchListFilter : public Filter {
public:
    // gate: the list's position lists, null when it has none.
    NegatedMatchListFilter(std::vector<FilterPtr> gameParts, std::unique_ptr<GameGateFilter> gate)
        : m_parts(std::move(gameParts)), m_gate(std::move(gate))
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_parts;
    std::unique_ptr<GameGateFilter> m_gate;
};

// :match inside a position list: each of its position lists matches some
// position of the game (the positions the search visits).
class SubMatchFilter : public Filter {
public:
    explicit SubMatchFilter(std::vector<FilterPtr> lists) : m_lists(std::move(lists)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_lists;
};

// :matchconsecutive (lists): the lists match successive positions from the
// current one, each list once, in any order.
class MatchConsecutiveFilter : public Filter {
public:
    explicit MatchConsecutiveFilter(std::vector<FilterPtr> lists) : m_lists(std::move(lists)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool from(Ctx &ctx, game::NodeId n, unsigned used) const;
    std::vector<FilterPtr> m_lists;
};

} // namespace cql::cqls
