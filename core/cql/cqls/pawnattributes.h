// CQL-S pawn attributes that look beyond the pawn's own file and rank: chains, candidates, the rule of the square.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"
#include "cql/cqls/filters.h"

namespace cql::cqls {

// Does the pawn on s have the attribute (not negated)? Handles the kinds
// from Backward to RankRun; the older kinds stay in pawnsWithAttributes.
// own: the pawns of s's colour in view (all of them unless forefront or
// rear narrowed the view).
bool pawnHasAttribute(const chess::Position &p, chess::SquareSet own, chess::Square s, PawnAttribute::Kind kind, int n);

} // namespace cql::cqls
