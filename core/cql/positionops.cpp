// Operators between two position values (see positionops.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "positionops.h"

namespace cql {

chess::SquareSet PositionIntersectFilter::set(Ctx &ctx) const
{
    game::NodeId a, b;
    if (!m_a->position(ctx, a) || !m_b->position(ctx, b)) return {};
    const chess::Position &pa = ctx.game->nodes[a].position;
    const chess::Position &pb = ctx.game->nodes[b].position;
    uint64_t bits = 0;
    for (int s = 0; s < 64; ++s)
        if (pa.pieceAt(chess::Square(s)) == pb.pieceAt(chess::Square(s))) bits |= uint64_t(1) << s;
    return chess::SquareSet(bits);
}

FilterPtr PositionIntersectFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<PositionIntersectFilter>(m_a->transformed(t), m_b->transformed(t));
    f->range = range;
    return f;
}

bool PositionOrderFilter::holds(const game::Game &g, Op op, game::NodeId a, game::NodeId b)
{
    // The earlier one of the pair must lie on the path from the root to the later.
    const game::NodeId upper = op == Lt || op == Le ? a : b;
    const game::NodeId lower = op == Lt || op == Le ? b : a;
    if (upper == lower) return op == Le || op == Ge;
    const auto &nodes = g.nodes;
    if (nodes[upper].ply >= nodes[lower].ply) return false;
    // The mainline's positions precede those after them on it (and no others):
    // no walk up the tree, which echo would take at every pair.
    if (nodes[lower].variationDepth == 0) return nodes[upper].variationDepth == 0;
    game::NodeId n = lower;
    while (n != game::NoNode && nodes[n].ply > nodes[upper].ply)
        n = nodes[n].parent;
    return n == upper;
}

bool PositionOrderFilter::position(Ctx &ctx, game::NodeId &out) const
{
    game::NodeId a, b;
    if (!m_a->position(ctx, a) || !m_b->position(ctx, b) || !holds(*ctx.game, m_op, a, b)) return false;
    out = a;
    return true;
}

FilterPtr PositionOrderFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<PositionOrderFilter>(m_op, m_a->transformed(t), m_b->transformed(t));
    f->range = range;
    return f;
}

} // namespace cql
