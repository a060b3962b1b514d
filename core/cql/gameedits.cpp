// settag.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gameedits.h"

#include "vars.h"

namespace cql {

bool SetTagFilter::match(Ctx &ctx) const
{
    std::string name;
    if (!m_name->string(ctx, name) || name.empty()) return false;
    bool ok;
    std::string value = valueText(*m_value, ctx, ok);
    if (!ok) return false;
    for (auto &[n, v] : ctx.tagEdits) {
        if (n == name) {
            v = std::move(value);
            return true;
        }
    }
    ctx.tagEdits.emplace_back(std::move(name), std::move(value));
    return true;
}

FilterPtr SetTagFilter::transformed(const Transform &t) const
{
    return std::make_unique<SetTagFilter>(m_name->transformed(t), m_value->transformed(t));
}

} // namespace cql
