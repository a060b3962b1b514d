// Filters over positions of the game tree.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "positions.h"

#include "logic.h"
#include "positionorder.h"

namespace cql {

bool RelativeFilter::position(Ctx &ctx, game::NodeId &out) const
{
    const game::Node &n = ctx.cur();
    if (m_parent) {
        if (n.parent == game::NoNode) return false;
        out = n.parent;
        return true;
    }
    long long k = 0;
    if (m_index && !numericValue(*m_index, ctx, k)) return false;
    game::NodeId c = n.firstChild;
    for (; c != game::NoNode && k > 0; --k)
        c = ctx.game->nodes[c].nextSibling;
    if (c == game::NoNode || k < 0) return false;
    out = c;
    return true;
}

FilterPtr RelativeFilter::transformed(const Transform &t) const
{
    return std::make_unique<RelativeFilter>(m_parent, cloneTransformed(m_index, t));
}

template <typename F>
bool AtPositionFilter::at(Ctx &ctx, F &&f) const
{
    AllMovesScope allMoves(ctx);
    game::NodeId n;
    if (!m_where->position(ctx, n)) return false;
    game::NodeId here = ctx.node;
    ctx.moveTo(n);
    bool r = f();
    ctx.moveTo(here);
    return r;
}

bool AtPositionFilter::match(Ctx &ctx) const
{
    return at(ctx, [&] { return m_what->match(ctx); });
}

chess::SquareSet AtPositionFilter::set(Ctx &ctx) const
{
    chess::SquareSet s;
    at(ctx, [&] {
        s = m_what->set(ctx);
        return true;
    });
    return s;
}

bool AtPositionFilter::number(Ctx &ctx, long long &out) const
{
    return at(ctx, [&] { return numericValue(*m_what, ctx, out); });
}

bool AtPositionFilter::position(Ctx &ctx, game::NodeId &out) const
{
    return at(ctx, [&] { return m_what->position(ctx, out); });
}

bool AtPositionFilter::string(Ctx &ctx, std::string &out) const
{
    return at(ctx, [&] { return m_what->string(ctx, out); });
}

FilterPtr AtPositionFilter::transformed(const Transform &t) const
{
    return std::make_unique<AtPositionFilter>(m_where->transformed(t), m_what->transformed(t));
}

TreeRelationFilter::TreeRelationFilter(Kind k, FilterPtr a, FilterPtr b)
    : m_kind(k), m_a(std::move(a)), m_b(std::move(b))
{
    type = k == Lca ? Type::Position : k == Distance ? Type::Numeric : Type::Logical;
}

bool TreeRelationFilter::eval(Ctx &ctx, game::NodeId &lca, long long &dist, bool &rel) const
{
    game::NodeId a, b;
    if (!m_a->position(ctx, a) || !m_b->position(ctx, b)) return false;
    const auto &nodes = ctx.game->nodes;
    // Walk the deeper one up until both stand at the same ply.
    game::NodeId x = a, y = b;
    long long dx = 0, dy = 0;
    while (nodes[x].ply > nodes[y].ply) {
        x = nodes[x].parent;
        ++dx;
    }
    while (nodes[y].ply > nodes[x].ply) {
        y = nodes[y].parent;
        ++dy;
    }
    while (x != y) {
        x = nodes[x].parent;
        y = nodes[y].parent;
        ++dx;
        ++dy;
    }
    lca = x;
    dist = dx + dy;
    // ancestor(x y): x is y or above it; descendant(x y): x is y or below it.
    rel = m_kind == Ancestor ? lca == a : lca == b;
    return true;
}

bool TreeRelationFilter::match(Ctx &ctx) const
{
    game::NodeId l;
    long long d;
    bool rel;
    if (!eval(ctx, l, d, rel)) return false;
    return m_kind == Ancestor || m_kind == Descendant ? rel : true;
}

bool TreeRelationFilter::position(Ctx &ctx, game::NodeId &out) const
{
    long long d;
    bool rel;
    return m_kind == Lca && eval(ctx, out, d, rel);
}

bool TreeRelationFilter::number(Ctx &ctx, long long &out) const
{
    game::NodeId l;
    bool rel;
    return m_kind == Distance && eval(ctx, l, out, rel);
}

FilterPtr TreeRelationFilter::transformed(const Transform &t) const
{
    return std::make_unique<TreeRelationFilter>(m_kind, m_a->transformed(t), m_b->transformed(t));
}

bool PositionIdFilter::number(Ctx &ctx, long long &out) const
{
    game::NodeId n = ctx.node;
    if (m_of && !m_of->position(ctx, n)) return false;
    out = positionOrder(ctx, n);
    return true;
}

bool PositionByIdFilter::position(Ctx &ctx, game::NodeId &out) const
{
    long long id;
    if (!numericValue(*m_id, ctx, id)) return false;
    out = positionAtOrder(ctx, id);
    return out != game::NoNode;
}

} // namespace cql
