// Parsing of arrow chains x → y → z, x ← y ← z (three or more sets).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "arrowchain.h"
#include "parser.h"

#include <algorithm>

namespace cql {

// Called with `x → y` read and another arrow of the same kind next: the
// whole chain is one filter, since the reference engine reads it as a line
// of attack, not as nested attack tests.
FilterPtr Parser::parseArrowChain(const Token &arrow, FilterPtr first, FilterPtr second)
{
    constexpr int AfterArrowPrec = 141; // one above the attack operators (P_ATTACK in parser.cpp)
    std::vector<FilterPtr> links;
    links.push_back(std::move(first));
    links.push_back(std::move(second));
    while (atOp(arrow.op)) {
        const Token t = advance();
        FilterPtr next = parseExpr(AfterArrowPrec);
        if (!next) {
            error(t, "expected a set filter after '" + t.text + "'");
            return nullptr;
        }
        if (next->type != Type::Set) {
            error(next->range, "expected a set filter after '" + t.text + "'");
            return nullptr;
        }
        links.push_back(std::move(next));
    }
    SourceRange r{links.front()->range.begin, links.back()->range.end};
    bool rightward = arrow.op == Op::ArrowRight;
    if (!rightward) std::reverse(links.begin(), links.end());
    auto f = std::make_unique<ArrowChainFilter>(rightward, std::move(links));
    f->range = r;
    return f;
}

} // namespace cql
