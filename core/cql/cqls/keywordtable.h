// The one table of CQL-S keywords: where each may stand, what it takes,
// whether it may be negated and what CQL 6 makes of it. The compiler, the
// CQL 6 converter, the editor (completion, help line, highlighting) and the
// syntax definition's test all read it, so a keyword is added in one place.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
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

// The kinds of argument a keyword takes. The reader (syntax.h) checks the
// ones it can tell by their form (designators, ranges, lists) and measures the
// others (how many items they span); the back ends read their values.
enum class ArgKind : std::uint8_t {
    None,         // no (further) argument
    Designator,   // D: a piece designator
    Squares,      // S: a square designator
    Range,        // R: a range ("3", ">=2", "1 3")
    SecondRange,  // ": R", the second of "R : R" (White's : Black's)
    Word,         // one word (a name, a file, a rating type)
    String,       // a quoted string (a word is read too; the back end tells)
    Words,        // a comma-separated list ("GM,IM", "normal, corr": a word ending in ',' goes on)
    Moves,        // :line's moves: a quoted string or a list of moves
    Ray,          // a list of two or more piece designators
    PositionList, // one (position ...) list
    Lists,        // (position ...) or sub-match lists: one list of them or, for :not and :cond, one after another
    RelationList, // a (relation ...) list
    Raw,          // irregular: every word up to the next keyword, read by the back end
};

struct ArgSpec {
    ArgKind kind = ArgKind::None;
    bool optional = false;
    std::string_view label = {}; // what the help line shows, when not the kind's letter
};

inline constexpr size_t MaxArguments = 3;
using ArgSpecs = std::array<ArgSpec, MaxArguments>; // unused places are ArgKind::None

struct KeywordSignature {
    std::string_view name; // without ':'
    std::uint8_t lists;    // ListKind bits
    ArgSpecs args;         // the arguments in order (argumentsText shows them)
    bool negatable;        // "!:name" allowed
    Cql6 cql6;
    std::string_view help; // one line for the editor
    // The CQL 6 words with the keyword's meaning: for a keyword without
    // arguments the filter (a CQL 6 transform, for a transform of the list);
    // for one whose argument is a range, the number the range tests.
    std::string_view cql6Text = {};

    bool takesArguments() const { return args[0].kind != ArgKind::None; }
};

// The arguments as the help line shows them: D piece designator, S square
// designator, R range, [x] optional, "..." a quoted string, (position ...)
// lists, a word names what it is; "" for none.
std::string argumentsText(const KeywordSignature &k);

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
