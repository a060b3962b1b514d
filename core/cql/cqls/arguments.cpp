// Keyword arguments (arguments.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/arguments.h"

namespace cql::cqls {

bool isArgumentWord(const std::vector<Item> &items, size_t i)
{
    return i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword;
}

void skipArguments(const std::vector<Item> &items, size_t &i, bool inMatchList)
{
    while (i < items.size() && !keywordOf(items[i]).isKeyword && !(inMatchList && items[i].head() == "position"))
        ++i;
}

Argument readDesignator(const std::vector<Item> &items, size_t &i, Designator &d, std::string &why)
{
    if (!isArgumentWord(items, i)) return Argument::Missing;
    if (!parseDesignator(items[i].text, d, why)) return Argument::Bad;
    ++i;
    return Argument::Read;
}

bool readOptionalDesignator(const std::vector<Item> &items, size_t &i, Designator &d)
{
    if (!isArgumentWord(items, i)) return false;
    Range r;
    bool plain;
    std::string why;
    if (parseRangeWord(items[i].text, r, plain, true, true) || !parseDesignator(items[i].text, d, why)) return false;
    ++i;
    return true;
}

Argument readRange(const std::vector<Item> &items, size_t &i, Range &r, bool allowEnd, bool allowPercent)
{
    if (!isArgumentWord(items, i)) return Argument::Missing;
    bool plain = false;
    if (!parseRangeWord(items[i].text, r, plain, allowEnd, allowPercent)) return Argument::Bad;
    ++i;
    if (plain && i < items.size() && !items[i].isList() && closeRange(items[i].text, r, allowEnd, allowPercent)) ++i;
    return Argument::Read;
}

} // namespace cql::cqls
