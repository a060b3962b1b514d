// atomic: undo a failed filter's assignments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomic.h"

#include <map>
#include <utility>

namespace cql {

AtomicFilter::AtomicFilter(FilterPtr body) : m_body(std::move(body)) { type = Type::Logical; }

bool AtomicFilter::match(Ctx &ctx) const
{
    // A dictionary is shared between the copies of its value, so its entries
    // are saved apart and written back into the same table.
    std::vector<Value> saved = ctx.vars;
    std::vector<std::pair<size_t, std::map<std::string, Value>>> tables;
    for (size_t i = 0; i < saved.size(); ++i)
        if (saved[i].dict)
            tables.emplace_back(i, *saved[i].dict);
    if (m_body->match(ctx))
        return true;
    ctx.vars = std::move(saved);
    for (auto &[slot, entries] : tables)
        *ctx.vars[slot].dict = std::move(entries);
    return false;
}

FilterPtr AtomicFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<AtomicFilter>(m_body->transformed(t));
    f->range = range;
    return f;
}

} // namespace cql
