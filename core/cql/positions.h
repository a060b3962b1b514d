// Filters over positions of the game tree: currentposition, x : F, parent,
// child, ancestor, descendant, lca, distance, positionid.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

class CurrentPositionFilter : public InvariantFilter<CurrentPositionFilter> {
public:
    CurrentPositionFilter() { type = Type::Position; }
    bool match(Ctx &) const override { return true; }
    bool position(Ctx &ctx, game::NodeId &out) const override
    {
        out = ctx.node;
        return true;
    }
};

// parent / child [N]: the previous position, or the N-th (0 = main) next one.
class RelativeFilter : public PositionFilter {
public:
    RelativeFilter(bool parent, FilterPtr index) : m_parent(parent), m_index(std::move(index)) {}
    bool position(Ctx &ctx, game::NodeId &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool m_parent;
    FilterPtr m_index;
};

// x : F — F evaluated at position x; the value is F's.
class AtPositionFilter : public Filter {
public:
    AtPositionFilter(FilterPtr where, FilterPtr what) : m_where(std::move(where)), m_what(std::move(what))
    {
        type = m_what->type;
    }
    CQL_EVERY_VALUE_FUNCTION

private:
    template <typename F>
    bool at(Ctx &ctx, F &&f) const;
    FilterPtr m_where, m_what;
};

// ancestor(x y), descendant(x y): logical; lca(x y): position; distance(x y): numeric.
class TreeRelationFilter : public Filter {
public:
    enum Kind { Ancestor, Descendant, Lca, Distance };
    TreeRelationFilter(Kind k, FilterPtr a, FilterPtr b);
    Kind kind() const { return m_kind; }
    bool match(Ctx &ctx) const override;
    bool position(Ctx &ctx, game::NodeId &out) const override;
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool eval(Ctx &ctx, game::NodeId &lca, long long &dist, bool &rel) const;
    Kind m_kind;
    FilterPtr m_a, m_b;
};

// positionid: the node's index in the game; position N: the position with that id.
class PositionIdFilter : public NumericFilter {
public:
    explicit PositionIdFilter(FilterPtr of) : m_of(std::move(of)) {}
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<PositionIdFilter>(cloneTransformed(m_of, t));
    }

private:
    FilterPtr m_of;
};

class PositionByIdFilter : public PositionFilter {
public:
    explicit PositionByIdFilter(FilterPtr id) : m_id(std::move(id)) {}
    bool position(Ctx &ctx, game::NodeId &out) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<PositionByIdFilter>(m_id->transformed(t));
    }

private:
    FilterPtr m_id;
};

} // namespace cql
