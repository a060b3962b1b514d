// CQL-S scripts are s-expressions: lists in parentheses whose items are words
// (keywords, designators, numbers), quoted strings or lists. This reads the
// text into that tree, keeping each item's place for messages.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "cql/token.h"

#include <string>
#include <string_view>
#include <vector>

namespace cql::cqls {

struct Item {
    enum Kind { Word, String, List };
    Kind kind = Word;
    std::string text;        // word or string contents
    SourcePos pos;           // where the item (or its '(') begins
    int length = 1;          // characters, for the underline
    std::vector<Item> items; // a list's items

    bool isList() const { return kind == List; }
    // The head word of a list ("match", "position"), "" if none.
    std::string_view head() const;
};

// A keyword word: ":check", "!:check", "position:check", "!position:check".
struct KeywordWord {
    bool isKeyword = false;
    bool negated = false;
    std::string name; // without prefix and '!'
};
KeywordWord keywordOf(const Item &it);

// Brings the list forms the pages write into the usual ones: keywords grouped
// in a list without a head in the match list ("(match ( :result 1-0 ... ))")
// join the match list; a list of keywords without a head where a list is
// expected ("(position :and ((:check Rd1) (:check Bf5)))") gets the head of
// the list around it, position or match.
void normalizeMatchList(Item &match);

// Reads the whole text into a list of top-level items. Problems (an
// unclosed list, a stray ')') go to diagnostics; returns false then.
// Lists nested deeper than this are refused (the seed's deepest example has 9 levels).
constexpr size_t MaxListDepth = 200;
bool readItems(std::string_view text, std::vector<Item> &out, std::vector<Diagnostic> &diagnostics);

// True when the text is a CQL-S script: its first item (after blanks and
// ';' comments) opens a list headed by "match".
bool looksLikeCqls(std::string_view text);

} // namespace cql::cqls
