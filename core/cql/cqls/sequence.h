// :sequence and :gappedsequence: position lists matching successive (or,
// with gaps, later) positions of the game.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/filter.h"

#include <memory>
#include <vector>

namespace cql::cqls {

// A :sequence step whose list holds a :line covers the line's moves: the
// next step starts at the position they lead to, or (when the game also
// played the moves after '|') at the one those lead to.
struct StepSpan {
    int played = 0;
    // A step with :repetitioncount: it holds at this many consecutive positions
    // of a line from the current one; the next step starts after them.
    bool run = false;
    Range runRange;
    std::function<void(Ctx &, game::NodeId, std::vector<game::NodeId> &)> potentialEnds;
};

// :sequence / :gappedsequence: the lists match successive positions of the
// game from the current one (with gaps: later positions, in order).
class SequenceFilter : public Filter {
public:
    SequenceFilter(bool gapped, std::vector<FilterPtr> steps, std::vector<std::shared_ptr<const StepSpan>> spans = {})
        : m_gapped(gapped), m_steps(std::move(steps)), m_spans(std::move(spans))
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool from(Ctx &ctx, size_t step, game::NodeId n) const;
    bool runFrom(Ctx &ctx, size_t step, game::NodeId n, long long length) const;
    bool m_gapped;
    std::vector<FilterPtr> m_steps;
    std::vector<std::shared_ptr<const StepSpan>> m_spans; // by step; null for a one-position step
};

} // namespace cql::cqls
