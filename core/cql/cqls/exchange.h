// Exchanges: :exchangeevaluation and :maxswapevaluation by static exchange
// evaluation.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/filter.h"

#include "chess/position.h"

#include <memory>

namespace cql::cqls {

// :exchangeevaluation depth range [D]: the next move is a capture (on D) whose
// exchange value lies in the range.
class ExchangeFilter : public Filter {
public:
    ExchangeFilter(int maxPlies, Range r, FilterPtr targets)
        : m_plies(maxPlies), m_range(r), m_targets(std::move(targets))
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_plies;
    Range m_range;
    FilterPtr m_targets; // may be null
};

// :maxswapevaluation D1 D2 range: the best exchange value of a move of a
// piece of D1 to a square of D2 (whoever is to move).
class MaxSwapFilter : public Filter {
public:
    MaxSwapFilter(FilterPtr pieces, FilterPtr targets, Range r)
        : m_pieces(std::move(pieces)), m_targets(std::move(targets)), m_range(r)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_pieces, m_targets;
    Range m_range;
};

} // namespace cql::cqls
