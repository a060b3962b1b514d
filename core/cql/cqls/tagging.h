// Tagging (:forany name D): a piece followed through the game by a name.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designatorfilters.h"
#include "cql/filter.h"
#include "cql/sets.h"
#include "cql/cqls/designators.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// Tagging. A tag is bound (by :forany) to a piece of the start position,
// its "mark"; the binding lives in a variable slot as the piece's identity.

// '$name[squares]': the square of the tagged piece, if it is on one of these.
class TaggedPieceFilter : public SetFilter {
public:
    TaggedPieceFilter(int slot, chess::SquareSet squares) : m_slot(slot), m_squares(squares) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_slot;
    chess::SquareSet m_squares;
};

// :tagmatch name D: the tagged piece is on the board and D names it where it stands.
class TagMatchFilter : public Filter {
public:
    TagMatchFilter(int slot, FilterPtr d) : m_slot(slot), m_d(std::move(d)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_slot;
    FilterPtr m_d;
};

// :forany name D in the match list: the match list holds for some binding of
// its tags to distinct pieces, each of which is (at some position of the
// game) of a type D names. The first binding that makes the game match is
// kept for all its positions.
struct ForAnyTag {
    int slot = -1;
    PieceMask types = 0;
};

class ForAnyFilter : public Filter {
public:
    ForAnyFilter(std::vector<ForAnyTag> tags, std::vector<int> gateSlots, int cacheSlot, FilterPtr inner)
        : m_tags(std::move(tags)), m_gateSlots(std::move(gateSlots)), m_cacheSlot(cacheSlot), m_inner(std::move(inner))
    {
    }
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override { m_inner->markSquares(ctx, out); }
    FilterPtr transformed(const Transform &t) const override;

private:
    bool tryBindings(Ctx &ctx, size_t k, const std::vector<std::vector<int>> &candidates) const;
    bool gameMatchesNow(Ctx &ctx) const;
    std::vector<ForAnyTag> m_tags;
    std::vector<int> m_gateSlots; // the position lists' per-game caches, redone for each binding
    int m_cacheSlot;              // 1 once a binding matched, 0 when none does
    FilterPtr m_inner;
};

} // namespace cql::cqls
