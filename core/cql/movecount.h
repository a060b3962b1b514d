// countmoves: how many moves (game moves, or legal ones) a dash filter allows.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "moves.h"

namespace cql {

class DashTargetFilter;

class CountMovesFilter : public NumericFilter {
public:
    explicit CountMovesFilter(FilterPtr move);
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_move;                                // a MoveFilter, or a dash with targets:
    const DashTargetFilter *m_withTargets = nullptr; // m_move when it is the latter
};

} // namespace cql
