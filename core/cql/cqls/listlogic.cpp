// CQL-S list logic on CQL 6's filters (listlogic.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/listlogic.h"

#include "cql/logic.h"

namespace cql::cqls {

FilterPtr allOf(std::vector<FilterPtr> parts) { return std::make_unique<CompoundFilter>(std::move(parts)); }

FilterPtr anyOf(std::vector<FilterPtr> parts)
{
    if (parts.empty()) return std::make_unique<ConstantFilter>(false);
    FilterPtr any = std::move(parts.back());
    for (size_t i = parts.size() - 1; i-- > 0;)
        any = std::make_unique<AndOrFilter>(false, std::move(parts[i]), std::move(any));
    return any;
}

FilterPtr firstClause(std::vector<FilterPtr> parts)
{
    FilterPtr rest;
    size_t arms = parts.size() / 2;
    if (parts.size() % 2) rest = std::move(parts.back());
    for (size_t a = arms; a-- > 0;) {
        FilterPtr &clause = parts[2 * a];
        // With a later arm the clause is read twice: once as is, once negated.
        FilterPtr first = rest ? clause->transformed(Transform::identity()) : std::move(clause);
        FilterPtr arm = std::make_unique<AndOrFilter>(true, std::move(first), std::move(parts[2 * a + 1]));
        if (rest) {
            std::vector<FilterPtr> otherwise;
            otherwise.push_back(std::make_unique<NotFilter>(std::move(clause)));
            otherwise.push_back(std::move(rest));
            arm = std::make_unique<AndOrFilter>(false, std::move(arm), allOf(std::move(otherwise)));
        }
        rest = std::move(arm);
    }
    if (!rest) rest = std::make_unique<ConstantFilter>(false);
    return rest;
}

bool XorFilter::match(Ctx &ctx) const
{
    bool one = false;
    for (const FilterPtr &f : m_parts) {
        if (f->match(ctx)) {
            if (one) return false;
            one = true;
        }
    }
    return one;
}

void XorFilter::markSquares(Ctx &ctx, chess::SquareSet &out) const
{
    for (const FilterPtr &f : m_parts)
        if (f->match(ctx)) f->markSquares(ctx, out);
}

FilterPtr XorFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> parts;
    for (const FilterPtr &f : m_parts)
        parts.push_back(f->transformed(t));
    return std::make_unique<XorFilter>(std::move(parts));
}

} // namespace cql::cqls
