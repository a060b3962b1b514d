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

bool PositionOrderFilter::position(Ctx &ctx, game::NodeId &out) const
{
    game::NodeId a, b;
    if (!m_a->position(ctx, a) || !m_b->position(ctx, b)) return false;
    // The earlier one of the pair must lie on the path from the root to the later.
    game::NodeId upper = m_op == Lt || m_op == Le ? a : b;
    game::NodeId lower = m_op == Lt || m_op == Le ? b : a;
    if (upper == lower && (m_op == Lt || m_op == Gt)) return false;
    const auto &nodes = ctx.game->nodes;
    game::NodeId n = lower;
    while (n != game::NoNode && nodes[n].ply > nodes[upper].ply)
        n = nodes[n].parent;
    if (n != upper) return false;
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
