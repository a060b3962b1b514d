// Control filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "control.h"

#include "stringfilters.h"

namespace cql {

void Ctx::checkCancel() const
{
    if (cancelled && *cancelled && (*cancelled)()) throw EvaluationCancelled();
}

void Ctx::recountComments(size_t adding)
{
    size_t live = adding;
    for (const NodeComment &c : comments)
        live += c.text.size() + sizeof(NodeComment);
    for (const auto &list : sortComments)
        for (const NodeComment &c : list)
            live += c.text.size() + sizeof(NodeComment);
    commentBytes = live;
    if (live > commentCap)
        throw CommentLimitError("the comments made for this game pass " + std::to_string(commentCap >> 20)
                                + " MiB; the game is not searched further");
}

bool LoopFilter::match(Ctx &ctx) const
{
    // As in CQL 6.2, a loop matches when its body matched at least once.
    for (long i = 0; i < MaxLoopRounds; ++i)
        if (!m_body->match(ctx)) return i > 0;
    throw EvaluationError("loop did not end after " + std::to_string(MaxLoopRounds) + " rounds");
}

WhileFilter::WhileFilter(FilterPtr cond, FilterPtr body)
    : m_cond(std::move(cond)), m_body(std::move(body)), m_regex(dynamic_cast<const RegexFilter *>(m_cond.get()))
{
}

bool WhileFilter::match(Ctx &ctx) const
{
    if (const RegexFilter *re = m_regex) {
        std::string subject;
        size_t offset = 0;
        for (long i = 0; i < MaxLoopRounds; ++i) {
            if (!re->next(ctx, offset, subject)) return true;
            m_body->match(ctx);
        }
    } else {
        for (long i = 0; i < MaxLoopRounds; ++i) {
            if (!m_cond->match(ctx)) return true;
            m_body->match(ctx);
        }
    }
    throw EvaluationError("while did not end after " + std::to_string(MaxLoopRounds) + " rounds");
}

FilterPtr WhileFilter::transformed(const Transform &t) const
{
    return std::make_unique<WhileFilter>(m_cond->transformed(t), m_body->transformed(t));
}

bool AssertFilter::match(Ctx &ctx) const
{
    if (!m_a->match(ctx)) throw EvaluationError("assertion failed: " + m_where);
    return true;
}

} // namespace cql
