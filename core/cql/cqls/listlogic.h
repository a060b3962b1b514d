// CQL-S's :and, :or, :not and :cond, and a position list's parts, lowered
// onto CQL 6's logic filters (compound, and/or, not); :xor, which CQL 6
// lacks, is the one filter of its own.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/filter.h"

#include <vector>

namespace cql::cqls {

// Every part matches (none: every position): CQL 6's { ... }.
FilterPtr allOf(std::vector<FilterPtr> parts);

// Some part matches (none: no position): CQL 6's `or`, nested to the right.
FilterPtr anyOf(std::vector<FilterPtr> parts);

// :cond's clause, association pairs, an odd last part the fallback: the
// first clause that matches decides by its association. As
//   (c1 and a1) or (not c1 and (c2 and a2) or ...)
// so that both the clause and the association mark their squares (seed).
FilterPtr firstClause(std::vector<FilterPtr> parts);

// :xor: exactly one part matches.
class XorFilter : public Filter {
public:
    explicit XorFilter(std::vector<FilterPtr> parts) : m_parts(std::move(parts)) {}
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_parts;
};

} // namespace cql::cqls
