// Arrow chains of three or more sets, x → y → z (and x ← y ← z): a line
// of attack from a piece through the middle squares, read right to left.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <vector>

namespace cql {

// For →, links[0] holds the attacking pieces; for ←, the written order is
// reversed first, so links[0] is always where the line starts. The value is
// the squares of the leftmost written set that take part in such a line:
// the line piece (queen, rook, bishop) on links[0] attacks a square of
// links[1], and going on in the same direction over empty squares each next
// link is reached in turn.
class ArrowChainFilter : public SetFilter {
public:
    ArrowChainFilter(bool rightward, std::vector<FilterPtr> links) : m_rightward(rightward), m_links(std::move(links))
    {
    }
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool m_rightward;
    std::vector<FilterPtr> m_links; // in line order (start first)
};

// The same line of attack over given sets (links in line order, n of them):
// the squares of the first link that start such a line, or (starts false)
// those of the last link it reaches.
chess::SquareSet arrowChain(const chess::Position &pos, const chess::SquareSet *links, size_t n, bool starts);

} // namespace cql
