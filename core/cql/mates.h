// The built-in mate patterns of CQL 6.2: puremate, modelmate, idealmate and
// their stalemate twins. Their value is the set of pieces taking part.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

class MateFilter : public InvariantFilter<MateFilter, SetFilter> {
public:
    enum Kind { Pure, Model, Ideal };
    MateFilter(Kind k, bool stalemate) : m_kind(k), m_stalemate(stalemate) {}
    bool stalemate() const { return m_stalemate; }
    chess::SquareSet set(Ctx &ctx) const override;

private:
    Kind m_kind;
    bool m_stalemate;
};

// The analysis behind MateFilter, usable on any position: true when the side
// to move is mated (stalemated) in the given way; participants gets the
// pieces of both sides that take part.
bool isPatternMate(const chess::Position &p, MateFilter::Kind kind, bool stalemate, chess::SquareSet &participants);

} // namespace cql
