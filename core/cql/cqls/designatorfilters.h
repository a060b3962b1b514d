// CQL-S designators and what holds them: shifts that keep the trailing edge,
// promoted pieces, a list's transform images, counts in ranges and percentages.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/filter.h"
#include "cql/sets.h"
#include "cql/cqls/designators.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// The filters under t.
std::vector<FilterPtr> transformAll(const std::vector<FilterPtr> &v, const Transform &t);

// A CQL-S piece designator. Shifts keep squares on the trailing edge (seed
// 002): a unit right shift drops the h-file squares and keeps the a-file
// ones, so a designator is never pushed off the board.
class CqlsDesignatorFilter : public DesignatorFilter {
public:
    CqlsDesignatorFilter(PieceMask pieces, chess::SquareSet squares) : DesignatorFilter(pieces, squares) {}
    FilterPtr transformed(const Transform &t) const override;
};

// The squares of a CQL-S designator under t (dihedral part, then the shift).
chess::SquareSet cqlsImage(const Transform &t, chess::SquareSet s);

// Squares of inner holding a promoted piece (or, with promoted false, a piece
// that is not the result of a promotion).
class PromotedFilter : public SetFilter {
public:
    PromotedFilter(FilterPtr inner, bool promoted) : m_inner(std::move(inner)), m_promoted(promoted) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_inner;
    bool m_promoted;
};

// A position list under its transforms: matches when some image matches.
class ImagesFilter : public Filter {
public:
    // transforms[i] gave images[i]; keywords ("flip shift") name them in the
    // evaluator's record of a match.
    ImagesFilter(std::vector<FilterPtr> images, std::vector<Transform> transforms, std::string keywords)
        : m_images(std::move(images)), m_transforms(std::move(transforms)), m_keywords(std::move(keywords))
    {
    }
    std::vector<FilterPtr> takeImages() { return std::move(m_images); }
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_images;
    std::vector<Transform> m_transforms;
    std::string m_keywords;
};

// A numeric filter whose value lies in a range (bounds counted from the end
// of the game are resolved by the filter kinds that allow them).
class InRangeFilter : public Filter {
public:
    InRangeFilter(FilterPtr value, Range r) : m_value(std::move(value)), m_range(r) {}
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override { m_value->markSquares(ctx, out); }
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_value;
    Range m_range;
};

// Count of pawns with attributes, as a percentage of that colour's pawns
// when the range is one of percentages.
class PercentFilter : public Filter {
public:
    // part: squares counted; whole: the squares they are a percentage of.
    PercentFilter(FilterPtr part, FilterPtr whole, Range r)
        : m_part(std::move(part)), m_whole(std::move(whole)), m_range(r)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_part, m_whole;
    Range m_range;
};

// A side a filter names (enum Side { ToMove, White, Black }) under t: the
// colours swap, the side to move stays.
template <typename Side>
Side sideUnder(const Transform &t, Side s)
{
    return sideKindUnder(t, s, Side::White, Side::Black);
}

} // namespace cql::cqls
