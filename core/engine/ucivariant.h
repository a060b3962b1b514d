// Telling a UCI engine which variant a position is played under. Standard
// engines (Stockfish) know only standard chess and Chess960; engines such as
// Fairy-Stockfish announce a UCI_Variant option whose values name the
// variants they play. A variant position sent to an engine that does not
// play it would be analysed under the wrong rules, so it is refused instead.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/variant.h"

#include <string>
#include <string_view>
#include <vector>

namespace engine {

// The UCI_Variant value for a variant ("chess" for standard chess), as
// Fairy-Stockfish names them; their FEN forms are the ones Position::fen()
// writes (pockets in brackets, Three-check's remaining checks "3+3").
std::string_view uciVariantName(chess::Variant v);

// The values of a "option name UCI_Variant type combo ... var a var b" line;
// empty for any other line.
std::vector<std::string> uciVariantValues(std::string_view optionLine);

// "" when an engine announcing these UCI_Variant values can analyse v, else
// why not, naming the engine and the variant.
std::string variantProblem(chess::Variant v, const std::vector<std::string> &engineVariants,
                           std::string_view engineName);

} // namespace engine
