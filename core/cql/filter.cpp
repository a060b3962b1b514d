// Defaults of the Filter interface.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "filter.h"

namespace cql {

const char *typeName(Type t)
{
    switch (t) {
    case Type::Logical: return "logical";
    case Type::Set: return "set";
    case Type::Numeric: return "numeric";
    case Type::Position: return "position";
    case Type::String: return "string";
    case Type::Piece: return "piece";
    case Type::Any: return "any";
    case Type::Dictionary: return "dictionary";
    }
    return "?";
}

chess::SquareSet Filter::set(Ctx &) const { return {}; }
bool Filter::number(Ctx &, long long &) const { return false; }
bool Filter::position(Ctx &, game::NodeId &) const { return false; }
bool Filter::string(Ctx &, std::string &) const { return false; }

void Filter::markSquares(Ctx &ctx, chess::SquareSet &out) const
{
    if (type == Type::Set) out |= set(ctx);
}

FilterPtr cloneTransformed(const FilterPtr &f, const Transform &t) { return f ? f->transformed(t) : nullptr; }

} // namespace cql
