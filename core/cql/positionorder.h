// The order CQL numbers positions in (positionid, position N, x < y on
// positions, the ids in its comments): depth first, a position's main
// continuation and all that follows it before its alternatives, whatever
// order the PGN text gave them in.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

// The position's number; positions outside the searched tree (variations
// when they are not searched) keep their node id.
long long positionOrder(const Ctx &ctx, game::NodeId n);
// The position with that number, NoNode if none.
game::NodeId positionAtOrder(const Ctx &ctx, long long order);

} // namespace cql
