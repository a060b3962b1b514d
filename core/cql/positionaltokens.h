// Which tokens a filter may be read from and still match by its position
// alone: the parser marks a line whose constituents are all read from such
// tokens as positional (multi.h), so what it finds can be kept for the game.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "token.h"

#include <string_view>

namespace cql {

// A keyword whose filter depends on the position (and the game) only: no
// variables, no output, no paths, nothing that depends on where a path or
// transform stands. Unknown words are not.
bool positionalKeyword(std::string_view word);
// An operator that assigns, iterates, starts a path or captures text is not.
bool positionalOp(Op op);

} // namespace cql
