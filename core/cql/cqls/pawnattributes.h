// CQL-S pawn attributes that look beyond the pawn's own file and rank: chains, candidates, the rule of the square.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"
#include "cql/cqls/filters.h"

namespace cql::cqls {

// Does the pawn on s have the attribute (not negated)? Handles the kinds
// from Backward on; the older kinds stay in PawnAttributeFilter::set.
bool pawnHasAttribute(const chess::Position &p, chess::Square s, PawnAttribute::Kind kind, int n);

} // namespace cql::cqls
