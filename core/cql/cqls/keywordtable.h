// The one table of CQL-S keywords: where each may stand, what it takes,
// whether it may be negated and what CQL 6 makes of it. The compiler, the
// CQL 6 converter, the editor (completion, help line, highlighting) and the
// syntax definition's test all read it, so a keyword is added in one place.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cql::cqls {

// The lists a keyword may stand in (bits).
enum ListKind : std::uint8_t {
    InPosition = 1, // (position ...)
    InMatch = 2,    // (match ...) and its sub-match lists
    InRelation = 4, // (relation ...) after :relation
};

// What CQL 6 can say for the keyword (what the converter does with it).
enum class Cql6 : std::uint8_t {
    Same,         // a CQL 6 text with the same meaning exists
    None,         // nothing in CQL 6 tells the same thing
    NeverInChess, // never true in a standard game: CQL 6 `false` keeps the meaning
    NotConverted, // CQL 6 could say it; the converter does not (yet)
};

struct KeywordSignature {
    std::string_view name; // without ':'
    std::uint8_t lists;    // ListKind bits
    // The arguments, as the help line shows them; empty: none, and the word
    // after the keyword is the next part of the list. D piece designator,
    // S square designator, R range, [x] optional, "..." a quoted string,
    // (position ...) / (match ...) lists, a word names what it is.
    std::string_view args;
    bool negatable; // "!:name" allowed
    Cql6 cql6;
    std::string_view help; // one line for the editor
};

// All rows, sorted by name (one row a name).
std::span<const KeywordSignature> keywordTable();

// The row for a name, null for none; with `where`, only a keyword that may
// stand in one of those lists.
const KeywordSignature *findKeyword(std::string_view name, std::uint8_t where = InPosition | InMatch | InRelation);

// The keywords of one kind of list, sorted.
std::vector<std::string_view> keywordsIn(std::uint8_t where);

// "position list keyword ':check [D]': ..." for the editor's help line.
std::string helpLine(const KeywordSignature &k);

} // namespace cql::cqls
