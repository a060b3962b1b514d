// String and variable-state filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "strings.h"
#include "game/tagvalues.h"

namespace cql {

bool TagValueFilter::string(Ctx &ctx, std::string &out) const
{
    std::optional<std::string> v = game::cqlTagValue(*ctx.game, m_name);
    if (!v) return false;
    out = std::move(*v);
    return true;
}

bool CaseFilter::string(Ctx &ctx, std::string &out) const
{
    if (!m_a->string(ctx, out)) return false;
    for (char &c : out) {
        if (m_upper && c >= 'a' && c <= 'z')
            c = char(c - 'a' + 'A');
        else if (!m_upper && c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    return true;
}

bool BoundFilter::match(Ctx &ctx) const
{
    Value &v = ctx.vars[m_slot];
    switch (m_kind) {
    case IsBound: return v.bound;
    case IsUnbound: return !v.bound;
    case Unbind: v.bound = false; return true;
    }
    return false;
}

} // namespace cql
