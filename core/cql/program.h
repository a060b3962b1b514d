// The compiled query: header, body filters and the variable slots they use.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <string>
#include <vector>

namespace cql {

struct SortSpec {
    std::string title;
    bool minimize = false;
};

class Program {
public:
    std::vector<FilterPtr> body;       // all must match at a position
    std::vector<Type> slotTypes;       // variable slots
    std::vector<std::string> slotNames;
    std::vector<SortSpec> sorts;       // sort filters, in text order
    bool usesVariations = false;       // some filter needs variation positions
};

} // namespace cql
