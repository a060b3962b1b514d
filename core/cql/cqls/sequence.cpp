// :sequence and :gappedsequence (sequence.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/sequence.h"

#include "cql/cqls/filters.h"
#include "cql/cqls/gamewalk.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

// A step with a run length: it has held at `length` consecutive positions up to
// n. Long enough, the next step may start after n (or the sequence is done);
// not yet too long, the run may go on at n's children.
bool SequenceFilter::runFrom(Ctx &ctx, size_t step, game::NodeId n, long long length) const
{
    const Range &r = m_spans[step]->runRange;
    if (length >= r.lo.value && length <= r.hi.value) {
        if (step + 1 == m_steps.size()) return true;
        if (someChild(ctx, n, [&](game::NodeId c) { return from(ctx, step + 1, c); })) return true;
    }
    if (length >= r.hi.value) return false;
    return someChild(ctx, n, [&](game::NodeId c) {
        ctx.moveTo(c);
        return m_steps[step]->match(ctx) && runFrom(ctx, step, c, length + 1);
    });
}

bool SequenceFilter::from(Ctx &ctx, size_t step, game::NodeId n) const
{
    ctx.moveTo(n);
    bool here = m_steps[step]->match(ctx);
    const bool running = here && step < m_spans.size() && m_spans[step] && m_spans[step]->run;
    if (here && step + 1 == m_steps.size() && !running) return true;
    if (!here && !m_gapped) return false;
    // The earliest match of a step is the best one: every later position is
    // also in the subtree after it. So a gapped step that matches here moves on.
    size_t next = here ? step + 1 : step;
    const StepSpan *span = here && step < m_spans.size() ? m_spans[step].get() : nullptr;
    if (span && span->run) {
        if (runFrom(ctx, step, n, 1)) return true;
        if (!m_gapped) return false;
        // A gapped step may start its run later.
        next = step;
        span = nullptr;
    }
    if (span && span->played > 0) {
        // The next step starts where the line's moves lead (any line of that length from here).
        std::vector<game::NodeId> ends{n}, deeper;
        for (int k = 0; k < span->played; ++k) {
            deeper.clear();
            for (game::NodeId e : ends)
                someChild(ctx, e, [&](game::NodeId c) {
                    deeper.push_back(c);
                    return false;
                });
            ends.swap(deeper);
        }
        std::vector<game::NodeId> targets = ends;
        if (span->potentialEnds)
            for (game::NodeId e : ends)
                span->potentialEnds(ctx, e, targets);
        for (game::NodeId e : targets)
            if (from(ctx, next, e)) return true;
        return false;
    }
    return someChild(ctx, n, [&](game::NodeId c) { return from(ctx, next, c); });
}

bool SequenceFilter::match(Ctx &ctx) const
{
    if (m_steps.empty()) return true;
    game::NodeId here = ctx.node;
    bool ok = from(ctx, 0, here);
    ctx.moveTo(here);
    return ok;
}

FilterPtr SequenceFilter::transformed(const Transform &t) const
{
    noteImage(&m_gapped, sizeof m_gapped);
    return std::make_unique<SequenceFilter>(m_gapped, transformAll(m_steps, t), m_spans);
}

} // namespace cql::cqls
