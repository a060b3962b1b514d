// countmoves.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "movecount.h"

#include "moves.h"
#include "path.h"

namespace cql {

CountMovesFilter::CountMovesFilter(FilterPtr move)
    : m_move(std::move(move)), m_withTargets(dynamic_cast<const DashTargetFilter *>(m_move.get()))
{
}

bool CountMovesFilter::number(Ctx &ctx, long long &out) const
{
    if (m_withTargets)
        out = m_withTargets->count(ctx);
    else
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
