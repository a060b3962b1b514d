// :line — a move sequence in CQL-S move notation ("1.Pe2-e4 Pe7-e6",
// "Nb1-[ac]3", "Qd1xh5+", "O-O", "P=Q#") compiled into a CQL 6 line of
// next-move conditions, as :sequence is. With move numbers the mover's letter names a piece
// type of the side to move (PGN style); without them it names the colour
// too (P white pawn, n black knight), and the colours must alternate.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/linemoves.h"
#include "cql/filter.h"

#include <memory>

#include <string>
#include <string_view>

namespace cql::cqls {

// What a :sequence step covers beyond its own position: a :line's further
// moves (and its potential moves, when the game played them), or a
// :repetitioncount's run.
struct StepSpan {
    int further = 0;                  // positions the :line's moves take after the step's own
    std::vector<FilterPtr> potential; // the :line's potential moves, as played
    bool run = false;
    Range runRange;
};

// :sequence and :gappedsequence, compiled from their CQL 6 text (sequenceCql6)
// with the steps as arguments: the steps at successive positions from this
// one, or with gaps (`true*` before each step) at later ones. spans: per
// step, what it covers (null for one position).
FilterPtr sequenceLine(bool gapped, std::vector<FilterPtr> steps,
                       const std::vector<std::shared_ptr<const StepSpan>> &spans, const Lowering &lower);

// nullptr with error set ("bad move 'x'"). Moves after '|' are potential:
// they need only be playable in the position the others lead to.
// span (if given) gets what a :sequence step holding the line covers.
FilterPtr compileLine(std::string_view text, std::string &error, const Lowering &lower,
                      std::shared_ptr<const StepSpan> *span = nullptr);
// :line*: the moves in any order from the game's start (every move determined).
FilterPtr compileLineStar(std::string_view text, std::string &error);

} // namespace cql::cqls
