// Where pieces stand to each other (geometry.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/geometry.h"
#include "cql/cqls/facts.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

bool AttackCountFilter::number(Ctx &ctx, long long &out) const
{
    SquareSet from = m_from->set(ctx) & ctx.pos->occupied();
    if (from.empty()) {
        out = 0;
        return true;
    }
    SquareSet to = m_to->set(ctx);
    long long n = 0;
    for (Square s : from)
        n += (ctx.pos->attacksFrom(s) & to).count();
    out = n;
    return true;
}

FilterPtr AttackCountFilter::transformed(const Transform &t) const
{
    return std::make_unique<AttackCountFilter>(m_from->transformed(t), m_to->transformed(t));
}

bool RaySpecFilter::number(Ctx &ctx, long long &out) const
{
    const chess::Position &p = *ctx.pos;
    const size_t k = m_spec.size();
    std::vector<SquareSet> sets;
    sets.reserve(k);
    for (const FilterPtr &f : m_spec)
        sets.push_back(f->set(ctx));
    SquareSet occ = p.occupied();
    long long count = 0;
    for (Square s1 : sets[0]) {
        for (auto [df, dr] : m_dirs) {
            if (m_attack) {
                chess::PieceType t = chess::typeOf(p.pieceAt(s1));
                bool diagonal = df != 0 && dr != 0;
                if (!(t == chess::Queen || (diagonal ? t == chess::Bishop : t == chess::Rook))) continue;
            }
            // The squares after s1 along the direction.
            Square ray[8];
            int len = 0;
            for (int f = chess::fileOf(s1) + df, r = chess::rankOf(s1) + dr; f >= 0 && f < 8 && r >= 0 && r < 8;
                 f += df, r += dr)
                ray[len++] = chess::makeSquare(f, r);
            // Ray s1, ray[0..e]: the last square holds G_k, the inner ones are
            // paired in order with G_2..G_{k-1}, unpaired inner squares empty.
            for (int e = int(k) - 2; e < len; ++e) {
                if (!sets[k - 1].contains(ray[e])) continue;
                const int inner = e;         // ray[0 .. e-1]
                const int want = int(k) - 2; // G_2 .. G_{k-1}
                // ok[j]: the inner squares seen so far can use the first j designators.
                std::vector<char> ok(want + 1, 0), next(want + 1, 0);
                ok[0] = 1;
                for (int i = 0; i < inner; ++i) {
                    std::fill(next.begin(), next.end(), 0);
                    bool empty = !occ.contains(ray[i]);
                    for (int j = 0; j <= want; ++j) {
                        if (!ok[j]) continue;
                        if (empty) next[j] = 1;
                        if (j < want && sets[j + 1].contains(ray[i])) next[j + 1] = 1;
                    }
                    ok.swap(next);
                }
                if (ok[want]) ++count;
            }
        }
    }
    out = count;
    return true;
}

FilterPtr RaySpecFilter::transformed(const Transform &t) const
{
    std::vector<std::pair<int, int>> dirs;
    for (auto [df, dr] : m_dirs) {
        t.applyDirection(df, dr);
        dirs.emplace_back(df, dr);
    }
    return std::make_unique<RaySpecFilter>(transformAll(m_spec, t), std::move(dirs), m_attack);
}

FilterPtr InsideFilter::transformed(const Transform &t) const
{
    return std::make_unique<InsideFilter>(m_pieces->transformed(t), m_region);
}

bool OppositionFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    Square w = p.kingSquare(chess::White), b = p.kingSquare(chess::Black);
    if (w == chess::NoSquare || b == chess::NoSquare) return false;
    int df = std::abs(chess::fileOf(w) - chess::fileOf(b)), dr = std::abs(chess::rankOf(w) - chess::rankOf(b));
    if (df != 0 && dr != 0) return false;
    int d = df + dr;
    // With an odd number of squares between them the side not to move has the
    // opposition; with an even number the side to move can take it (so the
    // seed's start position gives White the opposition).
    bool whiteHas = (d % 2 == 0) == (p.sideToMove() == chess::Black);
    switch (m_side) {
    case White: return whiteHas;
    case Black: return !whiteHas;
    case ToMove: return whiteHas == (p.sideToMove() == chess::White);
    }
    return false;
}

FilterPtr OppositionFilter::transformed(const Transform &t) const
{
    return std::make_unique<OppositionFilter>(sideUnder(t, m_side));
}

namespace {

// A count against a range of counts, or of percentages of `whole` (thousandths).
bool countInRange(const Range &r, long long part, long long whole)
{
    if (!r.percent) return r.contains(part);
    if (whole == 0 || r.empty) return false;
    __int128 p = __int128(part) * 100000;
    return p >= __int128(r.lo.value) * whole && p <= __int128(r.hi.value) * whole;
}

} // namespace

bool GoodBishopFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    SquareSet light = lightSquares();
    for (Square s : m_bishops->set(ctx) & p.pieces(chess::Bishop)) {
        chess::Color c = chess::colorOf(p.pieceAt(s));
        chess::Color o = c == chess::White ? chess::Black : chess::White;
        SquareSet colour = light.contains(s) ? light : ~light;
        SquareSet own = p.pieces(c, chess::Pawn), theirs = p.pieces(o, chess::Pawn);
        if (countInRange(m_theirs, (theirs & colour).count(), theirs.count())
            && countInRange(m_ours, (own - colour).count(), own.count()))
            return true;
    }
    return false;
}

FilterPtr GoodBishopFilter::transformed(const Transform &t) const
{
    return std::make_unique<GoodBishopFilter>(m_bishops->transformed(t), m_theirs, m_ours);
}

namespace {

// The lines a piece moves along: bit 0 file, 1 rank, 2 diagonal, 3 anti-diagonal.
int linesOf(chess::PieceType t)
{
    switch (t) {
    case chess::Rook: return 1 | 2;
    case chess::Bishop: return 4 | 8;
    case chess::Queen: return 15;
    default: return 0;
    }
}

bool onBoard(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Where line la through a and line lb through b cross, if they are perpendicular.
bool crossing(Square a, int la, Square b, int lb, int &f, int &r)
{
    int fa = chess::fileOf(a), ra = chess::rankOf(a), fb = chess::fileOf(b), rb = chess::rankOf(b);
    if (la == 0 && lb == 1) {
        f = fa;
        r = rb;
        return true;
    }
    if (la == 1 && lb == 0) {
        f = fb;
        r = ra;
        return true;
    }
    int d = -1, s = -1; // f - r on the diagonal, f + r on the anti-diagonal
    if (la == 2 && lb == 3) {
        d = fa - ra;
        s = fb + rb;
    } else if (la == 3 && lb == 2) {
        d = fb - rb;
        s = fa + ra;
    } else
        return false;
    if ((d + s) % 2 != 0) return false;
    f = (d + s) / 2;
    r = (s - d) / 2;
    return onBoard(f, r);
}

} // namespace

bool PerpendicularFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    SquareSet as = m_a->set(ctx) & p.occupied(), bs = m_b->set(ctx) & p.occupied();
    for (Square a : as) {
        int la = linesOf(chess::typeOf(p.pieceAt(a)));
        if (!la) continue;
        for (Square b : bs) {
            int lb = linesOf(chess::typeOf(p.pieceAt(b)));
            if (a == b || !lb) continue;
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j) {
                    int f, r;
                    if ((la >> i & 1) && (lb >> j & 1) && crossing(a, i, b, j, f, r)) {
                        Square x = chess::makeSquare(f, r);
                        if (x != a && x != b) return true;
                    }
                }
        }
    }
    return false;
}

FilterPtr PerpendicularFilter::transformed(const Transform &t) const
{
    return std::make_unique<PerpendicularFilter>(m_a->transformed(t), m_b->transformed(t));
}

} // namespace cql::cqls
