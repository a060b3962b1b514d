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
    // Echo asks this for every pair of positions: by piece sets, not square by square.
    chess::SquareSet same = ~(pa.occupied() | pb.occupied());
    for (chess::Color c : {chess::White, chess::Black})
        for (int t = chess::Pawn; t <= chess::King; ++t)
            same |= pa.pieces(c, chess::PieceType(t)) & pb.pieces(c, chess::PieceType(t));
    return same;
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
