// countmoves.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "movecount.h"

namespace cql {

bool CountMovesFilter::number(Ctx &ctx, long long &out) const
{
    out = static_cast<const MoveFilter &>(*m_move).count(ctx);
    return true;
}

FilterPtr CountMovesFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<CountMovesFilter>(m_move->transformed(t));
    f->range = range;
    return f;
}

} // namespace cql
