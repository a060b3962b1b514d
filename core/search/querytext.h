// Editing a query's text for command-line options: AND extra filters to the
// body, wrap it in transforms, turn a FEN into the filters that match exactly
// its board. The result is compiled like any query, so the options need no
// support in the language layer.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace search {

// Byte offset just past the header `cql( ... )` (found with the language's own
// lexer), 0 when the text does not start with one, nullopt when the header is
// not closed.
std::optional<size_t> headerEnd(std::string_view text);

// S as a CQL string expression: "S", or for a text holding '"' or a line
// break (which a CQL 6 string cannot) the pieces joined: ("a" + \" + "b").
std::string quoteString(std::string_view s);

struct QueryEdits {
    std::vector<std::string> transforms;   // e.g. "flipcolor", "rotate90": the first is outermost
    std::vector<std::string> innerFilters; // ANDed to the body, inside the transforms (-cql, -fen)
    std::vector<std::string> outerFilters; // ANDed outside the transforms (players, event, side to move)
    bool empty() const { return transforms.empty() && innerFilters.empty() && outerFilters.empty(); }
};

// The query with the edits applied:
//   HEADER T1 { T2 { BODY
//   {inner} ... } }
//   {outer} ...
// Lines of the original body keep their numbers. text must start with its
// header at 0..headerEnd; with headerEnd 0, "cql()" is put in front.
std::string editQuery(std::string_view text, size_t headerEnd, const QueryEdits &edits);

} // namespace search
