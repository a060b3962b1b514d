// Position-pure keywords and operators, for the line memo.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "positionaltokens.h"

#include "keywords.h"

namespace cql {

bool positionalKeyword(std::string_view word)
{
    const Keyword *k = findKeyword(word);
    if (!k) return false;
    // Words that read a path's or a transform's state, loop, stop, or read files.
    static constexpr std::string_view contextual[] = {
        "pathlastposition",
        "pathstart",
        "pathcount",
        "pathcountunfocused",
        "currenttransform",
        "readfile",
        "assert",
        "cql_abort",
        "cql_assertvariations",
        "loop",
        "while",
        "try",
        "pathdebug",
        "extension",
    };
    for (std::string_view w : contextual)
        if (w == word) return false;
    switch (k->category) {
    case KeywordCategory::Logic:
    case KeywordCategory::Set:
    case KeywordCategory::Geometry:
    case KeywordCategory::Direction:
    case KeywordCategory::Transform:
    case KeywordCategory::Position:
    case KeywordCategory::Move:
    case KeywordCategory::Numeric:
    case KeywordCategory::GameInfo:
    case KeywordCategory::String:
    case KeywordCategory::Parameter: return true;
    // Variables, output, headers, and find/line/path/echo (their comments
    // and path state) are not.
    default: return false;
    }
}

bool positionalOp(Op op)
{
    if (isAssignment(op, true)) return false;
    switch (op) {
    case Op::RegexMatch:
    case Op::ArrowRight:
    case Op::ArrowLeft:
    case Op::Dash:
    case Op::CaptureDash:
    case Op::Element:
    case Op::ForAll:
    case Op::CommentFilter:
    case Op::None: return false;
    default: return true;
    }
}

} // namespace cql
