// CQL-S :pawncount attribute lists as a sequence of filters: forefront/rear views and the counting attributes (islands, files ...).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/pawnattributes.h"

#include "chess/position.h"

#include <string>
#include <vector>

namespace cql::cqls {

// islands, compounds, files, ranks, bothsides, oneside: they say what is
// counted and may only end an attribute list.
bool isCountingAttribute(PawnAttribute::Kind k);
// forefront, rear: they keep some pawns and narrow what later attributes see.
bool isViewAttribute(PawnAttribute::Kind k);

// The seed's order and combination rules for forefront/rear and the counting
// attributes; written[i] is attrs[i] as the script spells it. Empty when the
// list is fine, otherwise the message.
std::string pawnAttributeListError(const std::vector<PawnAttribute> &attrs, const std::vector<std::string> &written);

// The pawns of candidates that pass the attributes in order. Each attribute
// keeps some of the pawns the previous ones kept, judging them against the
// own pawns still kept and all opposing pawns; the first sees every pawn on
// the board. forefront/rear keep the front (rear) kept pawn of each file. A
// counting attribute at the end is ignored here.
chess::SquareSet selectPawns(const chess::Position &p, chess::SquareSet candidates,
                             const std::vector<PawnAttribute> &attrs);

// The count of the pawns of a designator passing an attribute list (its
// last attribute may be a counting one).
class PawnCountingFilter : public NumericFilter {
public:
    PawnCountingFilter(FilterPtr pawns, std::vector<PawnAttribute> attrs);
    bool number(Ctx &ctx, long long &out) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    chess::SquareSet selected(Ctx &ctx) const;
    FilterPtr m_pawns;
    std::vector<PawnAttribute> m_attrs;
};

} // namespace cql::cqls
