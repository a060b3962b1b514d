// The CQL-S syntax tree: a script's match list read once, against the
// keyword table (keywordtable.h), into list nodes and keyword nodes. The
// reader checks where each keyword stands, whether it may be negated and the
// arguments the table names; the compiler and the CQL 6 converter both read
// the tree it makes.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/cqls/keywordtable.h"
#include "cql/cqls/lexer.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cql::cqls {

struct KeywordNode;

// A list: the match list (InMatch, also a sub-match list), a position list
// (InPosition) or a relation list (InRelation). Its elements in order: a
// keyword with its arguments, a word that is none (a designator in a position
// list), or a list standing on its own (a position list of the match list).
struct ListNode {
    ListKind kind = InPosition;
    const Item *at = nullptr; // the list as written
    bool ok = true;           // false: the reader reported a problem in it (a relation list stops there)

    struct Element {
        const Item *item = nullptr;           // the word, keyword or list as written
        std::unique_ptr<KeywordNode> keyword; // a keyword: its node
        std::unique_ptr<ListNode> list;       // a (position ...) list of the match list: its node
    };
    std::vector<Element> elements;
};

// One argument of a keyword, as its row names it.
struct ArgumentNode {
    const ArgSpec *spec = nullptr;
    bool present = false;        // found (an optional one may be left out)
    size_t first = 0, count = 0; // the items it spans in KeywordNode::items
    Designator designator;       // a Designator read and checked
    Range range;                 // a Range read and checked
    std::vector<ListNode> lists; // PositionList, Lists, RelationList: the lists read
};

struct KeywordNode {
    const KeywordSignature *row = nullptr; // null: not a keyword of its list (reported)
    std::string name;                      // without ':' and '!'
    bool negated = false;
    bool ok = true;                 // false: the reader reported a problem; the back ends leave it out
    const Item *at = nullptr;       // the keyword word
    std::vector<Item> items;        // the items its arguments span, as written
    std::vector<ArgumentNode> args; // one for each argument the row names, up to the first problem

    // The lists of the first list argument (none if it has none).
    const std::vector<ListNode> &lists() const;
};

// Reading one argument from the items of a list, for the reader and the back
// ends that read an irregular (Raw) argument themselves.

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

// A back end's handler of each keyword, from groups of keywords that share one.
template <class Handler>
std::unordered_map<std::string_view, Handler>
handlersByName(std::initializer_list<std::pair<Handler, std::vector<std::string_view>>> groups)
{
    std::unordered_map<std::string_view, Handler> byName;
    for (const auto &[handler, names] : groups)
        for (std::string_view n : names)
            byName.emplace(n, handler);
    return byName;
}

// A diagnostic at an item of the script.
Diagnostic diagnosticAt(const Item &at, std::string message, Diagnostic::Severity severity = Diagnostic::Error);

// Reads a match list (normalized, normalizeMatchList) into its tree; every
// problem goes to diagnostics, at its line and column.
std::unique_ptr<ListNode> readMatchList(const Item &match, std::vector<Diagnostic> &diagnostics);

// Reads a script's text into `match`, its one match list, normalized, and
// that into its tree. Null when there is no match list to read; every
// problem goes to diagnostics.
std::unique_ptr<ListNode> readScript(std::string_view text, Item &match, std::vector<Diagnostic> &diagnostics);

} // namespace cql::cqls
