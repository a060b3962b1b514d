// A FEN's piece placement as a CQL filter: what `fen "board"` compiles to and
// what cqlwb-cli's -fen option adds to a query.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace cql {

// "{Ra1 Nb1 ... _a3 ...}": one designator per square, true exactly at the
// positions whose board is the FEN's. Reading stops when 8 ranks of 8
// squares are read (the FEN's other fields are not compared). Besides pieces
// and digits CQL 6.2 allows A and a (any white or black piece), _ (empty) and
// . (any square). False with a message when the text is no complete board.
bool fenBoardFilter(std::string_view fen, std::string &filter, std::string &error);

} // namespace cql
