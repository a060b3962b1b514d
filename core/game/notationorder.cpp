// Walked with a stack of its own: variations nest as deep as a PGN file makes them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notationorder.h"

#include <algorithm>

namespace game {

std::vector<uint32_t> notationRanks(const Game &game)
{
    const auto &nodes = game.nodes;
    std::vector<uint32_t> rank(nodes.size(), UINT32_MAX);
    if (nodes.empty()) return rank;
    uint32_t next = 0;
    // A line to go on with: from its first node (not ranked yet), or after a
    // move whose alternatives were printed first (ranked already).
    struct Resume {
        NodeId node;
        bool ranked;
    };
    std::vector<Resume> stack{{0, false}};
    std::vector<NodeId> alternatives;
    while (!stack.empty()) {
        auto [at, ranked] = stack.back();
        stack.pop_back();
        if (!ranked) rank[at] = next++;
        for (NodeId c = nodes[at].firstChild; c != NoNode; c = nodes[c].firstChild) {
            rank[c] = next++;
            if (nodes[c].nextSibling == NoNode) continue;
            stack.push_back({c, true});
            alternatives.clear();
            for (NodeId s = nodes[c].nextSibling; s != NoNode; s = nodes[s].nextSibling)
                alternatives.push_back(s);
            for (auto it = alternatives.rbegin(); it != alternatives.rend(); ++it)
                stack.push_back({*it, false});
            break;
        }
    }
    return rank;
}

} // namespace game
