// The positions a search visits, for the CQL-S filters that look beyond the
// current position: after a position, its main line child only, or every
// child when variations are searched.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/filter.h"

#include <vector>

namespace cql::cqls {

// f(child) for the children of n a search visits, until one returns true.
template <typename F>
bool someChild(const Ctx &ctx, game::NodeId n, F &&f)
{
    const auto &nodes = ctx.game->nodes;
    for (game::NodeId c = nodes[n].firstChild; c != game::NoNode; c = nodes[c].nextSibling) {
        if (f(c)) return true;
        if (!ctx.searchVariations) break;
    }
    return false;
}

// f(n) for every position of the game a search visits, depth first from the
// start, until one returns true. ctx is left where f left it.
template <typename F>
bool someSearchedPosition(Ctx &ctx, F &&f)
{
    std::vector<game::NodeId> stack{0};
    while (!stack.empty()) {
        game::NodeId n = stack.back();
        stack.pop_back();
        someChild(ctx, n, [&](game::NodeId c) {
            stack.push_back(c);
            return false;
        });
        if (f(n)) return true;
    }
    return false;
}

// Each next move of the game from ctx's position: the main one, and the
// alternatives when variations are searched.
template <typename F>
bool anyNextMove(Ctx &ctx, F &&f)
{
    return someChild(ctx, ctx.node, [&](game::NodeId c) { return f(ctx.game->nodes[c]); });
}

} // namespace cql::cqls
