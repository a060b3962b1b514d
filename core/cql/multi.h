// Filters that look at other positions of the game: find and line.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <vector>

namespace cql {

// find [all] [quiet] [<--] [range] F
class FindFilter : public Filter {
public:
    FindFilter(FilterPtr body, bool all, bool quiet, bool backward, bool hasRange, long long lo, long long hi);
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    bool position(Ctx &ctx, game::NodeId &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    const Filter &body() const { return *m_body; }
    // Matches only when the body matches somewhere (no range, or one without 0).
    bool needsOne() const { return !m_hasRange || m_lo > 0; }
    bool counting() const { return m_all || m_hasRange; }
    bool quiet() const { return m_quiet; }

private:
    bool run(Ctx &ctx, long long *count, game::NodeId *first) const;
    FilterPtr m_body;
    bool m_all, m_quiet, m_backward, m_hasRange;
    long long m_lo, m_hi;
};

// One element of a line pattern: a filter or a group, repeated min..max times.
struct LineElement {
    FilterPtr filter;               // for a single constituent
    std::vector<LineElement> group; // for ( ... ) groups
    int min = 1, max = 1;           // max = -1: unbounded
    // The filter reads the game's next move (`move` outside find, line, echo
    // and x : F; forward lines only): as in CQL 6.2 it is tested once per
    // move, seeing only that move, and the line goes on along that move.
    bool eachMove = false;
    LineElement clone(const Transform &t) const;
};

class LineFilter : public Filter {
public:
    struct Options {
        bool backward = false, firstMatch = false, lastPosition = false, singleColor = false;
        bool nestBan = false, primary = false, secondary = false, quiet = false;
        bool hasRange = false;
        long long lo = 0, hi = 0;
        // The constituents' matches depend on their position alone (no
        // variables, no comments or other side effects; the parser decides).
        // Then what the rest of the line finds after an unbounded constituent
        // (true*, check{2,}, a group{*}) depends only on that constituent and
        // the position, and is kept for the game: a line of gaps is linear in
        // the game's length instead of rescanning it from every start.
        bool positional = false;
    };
    LineFilter(Options o, std::vector<LineElement> elements);
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    bool position(Ctx &ctx, game::NodeId &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    const Options &options() const { return m_o; }
    const std::vector<LineElement> &elements() const { return m_elements; }

private:
    bool run(Ctx &ctx, int *length, game::NodeId *last) const;
    Options m_o;
    std::vector<LineElement> m_elements;
    int m_memoSlot = -1; // GameSlot::LineMemo when what the line finds is kept (Options::positional)
};

} // namespace cql
