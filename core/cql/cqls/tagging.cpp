// Tagging (tagging.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/tagging.h"
#include "cql/cqls/gamewalk.h"
#include "cql/vars.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

SquareSet TaggedPieceFilter::set(Ctx &ctx) const
{
    const Value &v = ctx.vars[size_t(m_slot)];
    if (!v.bound) return {};
    Square s = pieceSquare(ctx, int(v.num));
    if (s == chess::NoSquare || !m_squares.contains(s)) return {};
    return SquareSet::of(s);
}

FilterPtr TaggedPieceFilter::transformed(const Transform &t) const
{
    SquareSet sq = cqlsImage(t, m_squares);
    uint64_t bits = sq.bits();
    noteImage(&bits, sizeof bits);
    return std::make_unique<TaggedPieceFilter>(m_slot, sq);
}

bool TagMatchFilter::match(Ctx &ctx) const
{
    const Value &v = ctx.vars[size_t(m_slot)];
    if (!v.bound) return false;
    Square s = pieceSquare(ctx, int(v.num));
    return s != chess::NoSquare && m_d->set(ctx).contains(s);
}

FilterPtr TagMatchFilter::transformed(const Transform &t) const
{
    return std::make_unique<TagMatchFilter>(m_slot, m_d->transformed(t));
}

bool ForAnyFilter::gameMatchesNow(Ctx &ctx) const
{
    ++ctx.bindingGeneration;
    for (int slot : m_gateSlots) {
        Type type = ctx.vars[size_t(slot)].type;
        ctx.vars[size_t(slot)] = Value();
        ctx.vars[size_t(slot)].type = type;
    }
    return someSearchedPosition(ctx, [&](game::NodeId n) {
        ctx.moveTo(n);
        return m_inner->match(ctx);
    });
}

bool ForAnyFilter::tryBindings(Ctx &ctx, size_t k, const std::vector<std::vector<int>> &candidates) const
{
    if (k == m_tags.size()) return gameMatchesNow(ctx);
    for (int id : candidates[k]) {
        bool taken = false;
        for (size_t j = 0; j < k; ++j)
            taken = taken || ctx.vars[size_t(m_tags[j].slot)].num == id;
        if (taken) continue;
        Value &v = ctx.vars[size_t(m_tags[k].slot)];
        v.bound = true;
        v.num = id;
        if (tryBindings(ctx, k + 1, candidates)) return true;
    }
    ctx.vars[size_t(m_tags[k].slot)].bound = false;
    return false;
}

bool ForAnyFilter::match(Ctx &ctx) const
{
    Value &cache = ctx.vars[size_t(m_cacheSlot)];
    if (!cache.bound) {
        game::NodeId here = ctx.node;
        const auto &nodes = ctx.game->nodes;
        // The pieces each tag may stand for: of one of its types at some position.
        std::vector<std::vector<int>> candidates(m_tags.size());
        const chess::Position &root = nodes[0].position;
        for (Square s : root.occupied()) {
            int id = int(s);
            std::vector<bool> fits(m_tags.size(), false);
            for (game::NodeId n = 0; n < nodes.size(); ++n) {
                ctx.moveTo(n);
                Square at = pieceSquare(ctx, id);
                if (at == chess::NoSquare) continue;
                PieceMask bit = PieceMask(1u << nodes[n].position.pieceAt(at));
                for (size_t k = 0; k < m_tags.size(); ++k)
                    fits[k] = fits[k] || (m_tags[k].types & bit);
            }
            for (size_t k = 0; k < m_tags.size(); ++k)
                if (fits[k]) candidates[k].push_back(id);
        }
        cache.bound = true;
        cache.num = tryBindings(ctx, 0, candidates) ? 1 : 0;
        ctx.moveTo(here);
    }
    return cache.num != 0 && m_inner->match(ctx);
}

FilterPtr ForAnyFilter::transformed(const Transform &t) const
{
    return std::make_unique<ForAnyFilter>(m_tags, m_gateSlots, m_cacheSlot, m_inner->transformed(t));
}

} // namespace cql::cqls
