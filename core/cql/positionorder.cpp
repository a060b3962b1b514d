// Numbering of a game's positions in CQL's order, computed once per game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "positionorder.h"

namespace cql {

namespace {

void numberPositions(const Ctx &ctx)
{
    const auto &nodes = ctx.game->nodes;
    Ctx::PositionOrder &po = ctx.positionOrder;
    po.order.assign(nodes.size(), -1);
    po.byOrder.clear();
    std::vector<game::NodeId> stack{0};
    while (!stack.empty()) {
        game::NodeId n = stack.back();
        stack.pop_back();
        po.order[n] = (long long)po.byOrder.size();
        po.byOrder.push_back(n);
        std::vector<game::NodeId> kids;
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

const Ctx::PositionOrder &orderOf(const Ctx &ctx)
{
    const Ctx::PositionOrder &po = ctx.positionOrder;
    if (po.game != ctx.game || po.variations != ctx.searchVariations || po.order.size() != ctx.game->nodes.size())
        numberPositions(ctx);
    return ctx.positionOrder;
}

} // namespace

long long positionOrder(const Ctx &ctx, game::NodeId n)
{
    const Ctx::PositionOrder &po = orderOf(ctx);
    if (n >= po.order.size() || po.order[n] < 0) return (long long)n;
    return po.order[n];
}

game::NodeId positionAtOrder(const Ctx &ctx, long long order)
{
    const Ctx::PositionOrder &po = orderOf(ctx);
    if (order < 0 || order >= (long long)po.byOrder.size()) return game::NoNode;
    return po.byOrder[size_t(order)];
}

} // namespace cql
