// Operators between two position values: x & y (the squares whose contents
// agree) and the tree ordering x [<] y, x [<=] y, x [>] y, x [>=] y.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

// x & y, x ∩ y on positions: the squares holding the same thing (piece or
// nothing) in both, so `x & y == .` says the boards are equal.
class PositionIntersectFilter : public SetFilter {
public:
    PositionIntersectFilter(FilterPtr a, FilterPtr b) : m_a(std::move(a)), m_b(std::move(b)) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return m_a->transformSensitive() || m_b->transformSensitive(); }

private:
    FilterPtr m_a, m_b;
};

// x [<] y (≺): x is a proper ancestor of y in the game tree; [<=] (≼) lets
// them be equal; [>] and [>=] are the same with the sides swapped. The value
// is the left position, as with the other comparisons.
class PositionOrderFilter : public PositionFilter {
public:
    enum Op { Lt, Le, Gt, Ge };
    PositionOrderFilter(Op op, FilterPtr a, FilterPtr b) : m_op(op), m_a(std::move(a)), m_b(std::move(b)) {}
    bool position(Ctx &ctx, game::NodeId &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return m_a->transformSensitive() || m_b->transformSensitive(); }
    Op op() const { return m_op; }
    const Filter &left() const { return *m_a; }
    const Filter &right() const { return *m_b; }
    // Whether a OP b holds in the game's tree.
    static bool holds(const game::Game &g, Op op, game::NodeId a, game::NodeId b);

private:
    Op m_op;
    FilterPtr m_a, m_b;
};

} // namespace cql
