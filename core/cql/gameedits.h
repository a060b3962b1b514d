// settag and removecomment: changes to the game as it is written out (the
// game being searched stays as read). Both always match.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

// settag(name value): sets (or adds) a PGN tag of the written game.
class SetTagFilter : public Filter {
public:
    SetTagFilter(FilterPtr name, FilterPtr value) : m_name(std::move(name)), m_value(std::move(value)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return false; }

private:
    FilterPtr m_name, m_value;
};

// removecomment: drops the original comment at the current position.
class RemoveCommentFilter : public InvariantFilter<RemoveCommentFilter> {
public:
    bool match(Ctx &ctx) const override
    {
        ctx.removedComments.push_back(ctx.node);
        return true;
    }
};

} // namespace cql
