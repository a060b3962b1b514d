// Comments that follow a move in a line constituent (`--> move from X
// comment("...")`): written at the position after that move, as the reference
// engine does, not at the position the constituent was matched at.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <vector>

namespace cql {

// Moves the comment filters that come after a `move` filter (one without
// `previous`) out of a constituent's juxtaposed filters into `afterMove`.
// Only for forward lines: in `<--` the next position of the line is not the
// one the move leads to.
// `moveCheck` becomes that move filter as `move previous`: it tells which
// positions the move leads to (with variations, not every child does).
void takeCommentsAfterMove(std::vector<FilterPtr> &parts, std::vector<FilterPtr> &afterMove, FilterPtr &moveCheck);

// Evaluates `afterMove` at the position the constituent's move leads to
// along the line: `next` is the line's next position (for singlecolor, two
// plies on), `node` the constituent's own.
void writeCommentsAfterMove(Ctx &ctx, const std::vector<FilterPtr> &afterMove, const Filter *moveCheck,
                            game::NodeId node, game::NodeId next, bool singleColor);

} // namespace cql
