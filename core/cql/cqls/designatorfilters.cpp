// CQL-S designators and their images (designatorfilters.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/designatorfilters.h"
#include "cql/explorerhooks.h"
#include "cql/logic.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

std::vector<FilterPtr> transformAll(const std::vector<FilterPtr> &v, const Transform &t)
{
    std::vector<FilterPtr> out;
    out.reserve(v.size());
    for (const FilterPtr &f : v)
        out.push_back(f->transformed(t));
    return out;
}

SquareSet cqlsImage(const Transform &t, SquareSet s)
{
    if (s == SquareSet::all()) return s;
    Transform turn = t;
    turn.dx = turn.dy = 0;
    turn.shifting = false;
    turn.swapColors = false;
    SquareSet r = turn.apply(s);
    // A unit shift keeps the squares on the trailing edge (seed 002).
    for (int i = 0; i < t.dx; ++i)
        r = r.shifted(1, 0) | (r & SquareSet::file(0));
    for (int i = 0; i > t.dx; --i)
        r = r.shifted(-1, 0) | (r & SquareSet::file(7));
    for (int i = 0; i < t.dy; ++i)
        r = r.shifted(0, 1) | (r & SquareSet::rank(0));
    for (int i = 0; i > t.dy; --i)
        r = r.shifted(0, -1) | (r & SquareSet::rank(7));
    return r;
}

FilterPtr CqlsDesignatorFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<CqlsDesignatorFilter>(t.apply(pieces()), cqlsImage(t, squares()));
    f->range = range;
    uint64_t bits = f->squares().bits();
    PieceMask pm = f->pieces();
    noteImage(&bits, sizeof bits);
    noteImage(&pm, sizeof pm);
    noteDesignatorImage(pm, f->squares());
    return f;
}

// Squares holding pieces that came from a promotion at ctx's position.
static SquareSet promotedSquares(const Ctx &ctx)
{
    const auto &nodes = ctx.game->nodes;
    std::vector<game::NodeId> path;
    for (game::NodeId n = ctx.node; n != game::NoNode; n = nodes[n].parent)
        path.push_back(n);
    SquareSet promoted;
    for (size_t i = path.size() - 1; i-- > 0;) {
        const game::Node &child = nodes[path[i]];
        const chess::Position &before = nodes[path[i + 1]].position;
        chess::Move m = child.move;
        if (m.isNull() || m.isCastling()) continue;
        if (before.capturedPiece(m) != chess::NoPiece) promoted -= SquareSet::of(before.captureSquare(m));
        if (promoted.contains(m.from())) {
            promoted -= SquareSet::of(m.from());
            promoted |= SquareSet::of(m.to());
        }
        if (m.kind() == chess::Move::Promotion) promoted |= SquareSet::of(m.to());
    }
    return promoted;
}

SquareSet PromotedFilter::set(Ctx &ctx) const
{
    SquareSet s = m_inner->set(ctx);
    if (s.empty()) return s;
    SquareSet p = promotedSquares(ctx);
    return m_promoted ? (s & p) : (s & ctx.pos->occupied()) - p;
}

FilterPtr PromotedFilter::transformed(const Transform &t) const
{
    noteImage(&m_promoted, sizeof m_promoted);
    return std::make_unique<PromotedFilter>(m_inner->transformed(t), m_promoted);
}

bool ImagesFilter::match(Ctx &ctx) const
{
    for (const FilterPtr &f : m_images)
        if (f->match(ctx)) return true;
    return false;
}

void ImagesFilter::markSquares(Ctx &ctx, SquareSet &out) const
{
    // As a CQL 6 transform filter does: the record says which images matched.
    for (size_t i = 0; i < m_images.size(); ++i) {
        if (!m_images[i]->match(ctx)) continue;
        if (ctx.imageMarks)
            ctx.imageMarks->push_back({m_keywords, int(i + 1), int(m_images.size()),
                                       i < m_transforms.size() ? m_transforms[i].name() : std::string(), ctx.imageDepth,
                                       range.begin.offset});
        ++ctx.imageDepth;
        m_images[i]->markSquares(ctx, out);
        --ctx.imageDepth;
    }
}

FilterPtr ImagesFilter::transformed(const Transform &t) const
{
    std::vector<Transform> transforms;
    transforms.reserve(m_transforms.size());
    for (const Transform &own : m_transforms)
        transforms.push_back(t * own);
    auto f = std::make_unique<ImagesFilter>(transformAll(m_images, t), std::move(transforms), m_keywords);
    f->range = range;
    return f;
}

bool InRangeFilter::match(Ctx &ctx) const
{
    long long v;
    return numericValue(*m_value, ctx, v) && m_range.contains(v);
}

FilterPtr InRangeFilter::transformed(const Transform &t) const
{
    noteImage(&m_range.lo.value, sizeof m_range.lo.value);
    noteImage(&m_range.hi.value, sizeof m_range.hi.value);
    return std::make_unique<InRangeFilter>(m_value->transformed(t), m_range);
}

bool PercentFilter::match(Ctx &ctx) const
{
    long long part = m_part->set(ctx).count();
    long long whole = m_whole->set(ctx).count();
    if (whole == 0) return false;
    // Bounds are percentages times 1000 (strict bounds moved by one).
    __int128 p = __int128(part) * 100000;
    return !m_range.empty && p >= __int128(m_range.lo.value) * whole && p <= __int128(m_range.hi.value) * whole;
}

FilterPtr PercentFilter::transformed(const Transform &t) const
{
    return std::make_unique<PercentFilter>(m_part->transformed(t), m_whole->transformed(t), m_range);
}

} // namespace cql::cqls
