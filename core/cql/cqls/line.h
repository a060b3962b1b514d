// :line — a move sequence in CQL-S move notation ("1.Pe2-e4 Pe7-e6",
// "Nb1-[ac]3", "Qd1xh5+", "O-O", "P=Q#") compiled into a :sequence of
// next-move conditions. With move numbers the mover's letter names a piece
// type of the side to move (PGN style); without them it names the colour
// too (P white pawn, n black knight), and the colours must alternate.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/filters.h"
#include "cql/cqls/linemoves.h"
#include "cql/cqls/sequence.h"
#include "cql/filter.h"

#include <memory>

#include <string>
#include <string_view>

namespace cql::cqls {

// nullptr with error set ("bad move 'x'"). Moves after '|' are potential:
// they need only be playable in the position the others lead to.
// span (if given) gets what a :sequence step holding the line covers.
FilterPtr compileLine(std::string_view text, std::string &error, const Lowering &lower,
                      std::shared_ptr<const StepSpan> *span = nullptr);
// :line*: the moves in any order from the game's start (every move determined).
FilterPtr compileLineStar(std::string_view text, std::string &error);

} // namespace cql::cqls
