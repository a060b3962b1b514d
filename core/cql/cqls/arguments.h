// Reading a keyword's arguments from the list it stands in, the one way the
// compiler and the CQL 6 converter both read them: the compiler reports
// what is wrong where, the converter only needs to know that it is.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/cqls/lexer.h"

#include <string>
#include <vector>

namespace cql::cqls {

// A word that can be an argument: neither a list nor a keyword.
bool isArgumentWord(const std::vector<Item> &items, size_t i);

// Past everything up to the next keyword (after an error, or the arguments
// of a keyword left out); in the match list a position list is no argument either.
void skipArguments(const std::vector<Item> &items, size_t &i, bool inMatchList = false);

enum class Argument {
    Read,    // read, i is past it
    Missing, // no argument word at i
    Bad,     // items[i] is a word but not of the kind (i unchanged, `why` may say more)
};

// A piece designator.
Argument readDesignator(const std::vector<Item> &items, size_t &i, Designator &d, std::string &why);

// A piece designator that is optional: taken only when the next word is one
// and no range (a range may follow where the designator is left out).
bool readOptionalDesignator(const std::vector<Item> &items, size_t &i, Designator &d);

// A range specifier ("3", ">=2", "1 3": a second plain bound closes the range).
Argument readRange(const std::vector<Item> &items, size_t &i, Range &r, bool allowEnd, bool allowPercent);

} // namespace cql::cqls
