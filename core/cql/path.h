// The 6.2 path filter (path / ⊢): a regular expression over moves, with focus,
// piecepath, nestban and the filters that name the path being matched
// (pathcount, pathcountunfocused, pathstart, pathlastposition); also the
// filters about the move that led to the current position (from, to,
// primary, secondary, nullmove) and the dash with a target, --(F).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <string>
#include <vector>

namespace cql {

struct PathFrame;

// One constituent of a path. A dash moves along the game (one move, or with a
// focus the next move of a focused piece) and then its targets must match at
// the position reached; a holder is a filter tested where the path stands; a
// chain is a parenthesised sequence. Dashes and chains can be repeated.
struct PathCon {
    enum Kind { Holder, Dash, Chain };
    Kind kind = Holder;
    FilterPtr filter;         // holder
    FilterPtr left, right;    // dash: from / to sets, null = any
    bool captureOnly = false; // X[x]Y
    PieceMask promote = 0;    // --=Q
    bool requirePromotion = false;
    FilterPtr promoteName;          // --=T with T a string ("Q", "queen")
    std::vector<FilterPtr> targets; // dash: filters after the move
    std::vector<PathCon> chain;
    int min = 1, max = 1; // repetition; max < 0: unbounded
    PathCon clone(const Transform &t) const;
};

struct PathOptions {
    bool nestBan = false, firstMatch = false, primary = false, lastPosition = false;
    bool piecePath = false;
    bool quiet = false, verbose = false, keepAllBest = false;
    bool singleColor = false;
    bool focusCapture = false;
    bool hasRange = false;
    long long lo = 0, hi = 0;
    std::string title;
    std::vector<int> atomicSlots; // atomic variables: restored when a tried move is left and when the path ends
};

class PathFilter : public Filter {
public:
    PathFilter(PathOptions o, std::vector<PathCon> cons, FilterPtr focus, FilterPtr max);
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    bool position(Ctx &ctx, game::NodeId &out) const override;
    FilterPtr transformed(const Transform &t) const override;

    // What a successful match found.
    struct Outcome {
        game::NodeId last = game::NoNode;
        long long count = 0, max = 0;
    };
    bool run(Ctx &ctx, Outcome &out) const;

    const PathOptions &options() const { return m_o; }
    const std::vector<PathCon> &constituents() const { return m_cons; }
    const Filter *focus() const { return m_focus.get(); }
    const Filter *maxFilter() const { return m_max.get(); }

    // The matcher's steps at one position before it gives up with an error
    // (a pathological pattern cannot hang the search).
    static constexpr long MaxSteps = 2000000;

private:
    PathOptions m_o;
    std::vector<PathCon> m_cons;
    FilterPtr m_focus;            // null: every move
    FilterPtr m_max;              // path max F: the best path maximises F at its end
    int m_coveredSlot;            // GameSlot::NestCovered of a nestban path, else -1
    const PathCon *m_openingDash; // in m_cons: the dash every path begins with, if any
    bool m_openingSetsPlain;      // ... its sets are read without side effects
    // Whether the start has a move that dash may take (its sets judged when plain).
    bool mayLeave(Ctx &ctx, const PathFrame &f) const;
};

// pathcount, pathcountunfocused, pathstart, pathlastposition: inside a path
// they describe the path being matched, elsewhere the last path that matched
// in this game.
class PathRefFilter : public InvariantFilter<PathRefFilter> {
public:
    enum Kind { Count, CountUnfocused, Start, LastPosition };
    explicit PathRefFilter(Kind k);
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    bool position(Ctx &ctx, game::NodeId &out) const override;

private:
    Kind m_kind;
};

// from / to: squares of the move that led to the current position;
// primary / secondary / nullmove / enpassant / o-o / o-o-o: what kind of
// move that was.
class PastMoveFilter : public InvariantFilter<PastMoveFilter> {
public:
    enum Kind { From, To, Primary, Secondary, NullMove, EnPassant, Castle, CastleShort, CastleLong };
    explicit PastMoveFilter(Kind k);
    Kind kind() const { return m_kind; }
    bool match(Ctx &ctx) const override;
    chess::SquareSet set(Ctx &ctx) const override;

private:
    Kind m_kind;
};

// X--Y(F), a dash with a target outside a path: some move from here matches
// and F matches after it; the value is F's value there.
class DashTargetFilter : public Filter {
public:
    DashTargetFilter(PathCon dash);
    CQL_EVERY_VALUE_FUNCTION
    long long count(Ctx &ctx) const; // countmoves --(targets): the game's moves from here that match

private:
    template <typename F>
    long long forEach(Ctx &ctx, F &&f, bool all = false) const; // matching moves: the first, or all
    PathCon m_dash;
};

// How CQL names a position in its comments: "move 7(btm)", with the
// position's id in brackets when it lies in a variation (and then an
// "id:N" comment at that position, as the reference engine writes).
std::string positionIdString(Ctx &ctx, game::NodeId n);
long long preorderIndex(const Ctx &ctx, game::NodeId n);

// Does the move into node c (from its parent) satisfy the dash's from, to,
// capture and promotion conditions? left/right are the sets' values,
// promoteName the value of dash.promoteName (if any), all read before the move.
bool dashMoveMatches(const Ctx &ctx, game::NodeId c, const PathCon &dash, chess::SquareSet left, chess::SquareSet right,
                     const std::string &promoteName = {});

} // namespace cql
