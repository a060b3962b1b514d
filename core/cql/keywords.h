// The CQL keyword table: one place that the parser, the editor's completion and
// hover help, and the syntax definition test all read.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string_view>

namespace cql {

enum class KeywordCategory {
    Header,
    Logic,
    Set,
    Geometry,
    Direction,
    Transform,
    Position,
    Move,
    Multi,
    Numeric,
    GameInfo,
    Variable,
    String,
    Output,
    Parameter,
    Reserved, // a word CQL 6.2 reserves without a filter of its own: no name, no filter
};

struct Keyword {
    std::string_view name;
    KeywordCategory category;
    std::string_view help; // one line for hover help
    bool implemented;      // false: the parser reports "'name' is not implemented yet"
};

std::span<const Keyword> keywords();
const Keyword *findKeyword(std::string_view name);
std::string_view categoryName(KeywordCategory c);

} // namespace cql
