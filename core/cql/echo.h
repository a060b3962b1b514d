// echo (s t) body: the current position compared with every other position of
// the game; consecutivemoves (x y): the longest run of identical moves on the
// ways from two positions' common ancestor to each of them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <string>

namespace cql {

class EchoFilter : public Filter {
public:
    EchoFilter(int sourceSlot, int targetSlot, std::string sourceName, std::string targetName, FilterPtr body, bool all,
               bool quiet);
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    // Directly inside sort: only the best target's comments are kept.
    void setSorted() { m_sorted = true; }
    const Filter &body() const { return *m_body; }

private:
    bool run(Ctx &ctx, long long *value) const;
    // Whether the body's first part, "source < target" or another
    // comparison of the two positions, fails for this target (it is pure, so
    // the target is passed over without moving there): most echoes start so.
    bool orderFails(const Ctx &ctx, game::NodeId source, game::NodeId target) const;
    int m_source, m_target;
    int m_order = -1;         // the first part's CompareFilter::Op (or PositionOrderFilter::Op); -1: none such
    bool m_treeOrder = false; // ... a PositionOrderFilter (≺ and its kin)
    bool m_sourceLeft = true; // ... with the source on its left
    std::string m_sourceName, m_targetName;
    FilterPtr m_body;
    bool m_all, m_quiet, m_sorted = false;
};

class ConsecutiveMovesFilter : public NumericFilter {
public:
    ConsecutiveMovesFilter(FilterPtr left, FilterPtr right, std::string leftName, std::string rightName, long long lo,
                           long long hi, bool quiet);
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return false; }

private:
    FilterPtr m_left, m_right;
    std::string m_leftName, m_rightName;
    long long m_lo, m_hi;
    bool m_quiet;
    int m_commentSlot; // GameSlot::GameComments; -1 when quiet
};

// Last common ancestor of two nodes.
game::NodeId lowestCommonAncestor(const game::Game &g, game::NodeId a, game::NodeId b);

} // namespace cql
