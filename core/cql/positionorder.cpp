// Numbering of a game's positions in CQL's order, computed once per game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "positionorder.h"

namespace cql {

void numberPositions(const Ctx &ctx)
{
    const auto &nodes = ctx.game->nodes;
    Ctx::PositionOrder &po = ctx.positionOrder;
    po.order.assign(nodes.size(), -1);
    po.byOrder.clear();
    std::vector<game::NodeId> stack{0}, kids;
    while (!stack.empty()) {
        game::NodeId n = stack.back();
        stack.pop_back();
        po.order[n] = (long long)po.byOrder.size();
        po.byOrder.push_back(n);
        kids.clear();
        for (game::NodeId c = nodes[n].firstChild; c != game::NoNode; c = nodes[c].nextSibling) {
            kids.push_back(c);
            if (!ctx.searchVariations) break;
        }
        for (auto it = kids.rbegin(); it != kids.rend(); ++it)
            stack.push_back(*it);
    }
    po.game = ctx.game;
    po.variations = ctx.searchVariations;
}

namespace {

const Ctx::PositionOrder &orderOf(const Ctx &ctx)
{
    const Ctx::PositionOrder &po = ctx.positionOrder;
    if (!po.current(ctx)) numberPositions(ctx);
    return ctx.positionOrder;
}

} // namespace

game::NodeId positionAtOrder(const Ctx &ctx, long long order)
{
    const Ctx::PositionOrder &po = orderOf(ctx);
    if (order < 0 || order >= (long long)po.byOrder.size()) return game::NoNode;
    return po.byOrder[size_t(order)];
}

} // namespace cql
