// :relation: a later position related to this one (the relation list page).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designatorfilters.h"
#include "cql/filter.h"
#include "cql/sets.h"
#include "cql/cqls/designators.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// :relation: a later position P2 of the game relates to the current one P1
// as the relation list says (missing and new pieces, squares that differ or
// stay, side to move). Squares holding different pieces in both never match.
struct RelationSpec {
    enum Side { Same, Change, Ignore };
    enum Where { Mainline, Everywhere, VariationsOnly };
    FilterPtr missing, added;       // designators (never transformed)
    Range missingRange, addedRange; // default: exactly 0
    bool haveDifferent = false, haveSame = false;
    Range differentRange, sameRange;
    Side side = Same;
    Where where = Mainline;
    bool pattern = false;                // only the squares of the list's designators are compared
    std::vector<Transform> p2Transforms; // :flip / :shift: P2 may be seen through one (empty: as it is)
};

class RelationFilter : public Filter {
public:
    explicit RelationFilter(std::shared_ptr<const RelationSpec> spec, chess::SquareSet allowed)
        : m_spec(std::move(spec)), m_allowed(allowed)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    void setAllowed(chess::SquareSet s) { m_allowed = s; }

private:
    bool related(Ctx &ctx, game::NodeId p1, game::NodeId p2, chess::SquareSet missingP1) const;
    struct Pair; // what relatedThrough needs of P1 and P2, worked out once per pair
    bool relatedThrough(Ctx &ctx, Pair &pair, const Transform &t) const;
    std::shared_ptr<const RelationSpec> m_spec;
    chess::SquareSet m_allowed;
};

} // namespace cql::cqls
