// The order CQL numbers positions in (positionid, position N, x < y on
// positions, the ids in its comments): depth first, a position's main
// continuation and all that follows it before its alternatives, whatever
// order the PGN text gave them in.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

// Numbers the game's positions into ctx.positionOrder.
void numberPositions(const Ctx &ctx);

// The position's number; positions outside the searched tree (variations
// when they are not searched) keep their node id. Inline: echo compares
// positions at every pair of them.
inline long long positionOrder(const Ctx &ctx, game::NodeId n)
{
    const Ctx::PositionOrder &po = ctx.positionOrder;
    if (!po.current(ctx)) [[unlikely]]
        numberPositions(ctx);
    if (n >= po.order.size() || po.order[n] < 0) return (long long)n;
    return po.order[n];
}
// The position with that number, NoNode if none.
game::NodeId positionAtOrder(const Ctx &ctx, long long order);

} // namespace cql
