// Set filters: piece designators, set algebra, geometry and attacks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sets.h"

#include "control.h"

#include "chess/attacks.h"
#include "explorerhooks.h"

#include <algorithm>
#include <bit>

namespace cql {

using chess::Square;
using chess::SquareSet;

namespace {

// Squares holding any piece named by the mask.
SquareSet occupantSquares(const chess::Position &pos, PieceMask mask)
{
    SquareSet s;
    if (mask & EmptyBit) s |= ~pos.occupied();
    if ((mask & WhiteBits) == WhiteBits)
        s |= pos.pieces(chess::White);
    else
        for (int p = 1; p <= 6; ++p)
            if (mask & (1u << p)) s |= pos.pieces(chess::Piece(p));
    if ((mask & BlackBits) == BlackBits)
        s |= pos.pieces(chess::Black);
    else
        for (int p = 9; p <= 14; ++p)
            if (mask & (1u << p)) s |= pos.pieces(chess::Piece(p));
    return s;
}

} // namespace

DesignatorFilter::DesignatorFilter(PieceMask pieces, chess::SquareSet squares) : m_pieces(pieces), m_squares(squares)
{
    if (!pieces)
        m_shape = AnyContents;
    else if (pieces == WhiteBits)
        m_shape = White;
    else if (pieces == BlackBits)
        m_shape = Black;
    else if (pieces == (WhiteBits | BlackBits))
        m_shape = AllPieces;
    else if (pieces == EmptyBit)
        m_shape = Empty;
    else if (std::popcount(unsigned(pieces)) == 1) {
        m_shape = OnePiece;
        m_piece = chess::Piece(std::countr_zero(unsigned(pieces)));
    }
}

SquareSet DesignatorFilter::set(Ctx &ctx) const
{
    const chess::Position &pos = *ctx.pos;
    switch (m_shape) {
    case AnyContents: return m_squares;
    case OnePiece: return pos.pieces(m_piece) & m_squares;
    case White: return pos.pieces(chess::White) & m_squares;
    case Black: return pos.pieces(chess::Black) & m_squares;
    case AllPieces: return pos.occupied() & m_squares;
    case Empty: return m_squares - pos.occupied();
    case General: break;
    }
    return occupantSquares(pos, m_pieces) & m_squares;
}

FilterPtr DesignatorFilter::transformed(const Transform &t) const
{
    // An eighth turn moves directions only: a square has no image under it.
    if (t.rot45 && m_squares != chess::SquareSet::all())
        throw TransformUndefined("rotate45 cannot be applied to particular squares, only to directions and pieces");
    auto f = std::make_unique<DesignatorFilter>(t.apply(m_pieces), t.apply(m_squares));
    f->range = range;
    uint64_t bits = f->m_squares.bits();
    PieceMask pm = f->m_pieces;
    noteImage(&bits, sizeof bits);
    noteImage(&pm, sizeof pm);
    noteDesignatorImage(pm, f->m_squares);
    if (ImageRecord *r = currentImageRecord(); r && m_squares.any() && f->m_squares.empty()) r->lostSquares = true;
    return f;
}

bool DesignatorFilter::transformSensitive() const
{
    bool colourFree = (m_pieces & WhiteBits) == ((m_pieces & BlackBits) >> 8) ? true : false;
    return m_squares != SquareSet::all() || !colourFree;
}

SquareSet SetOpFilter::set(Ctx &ctx) const
{
    if (m_kind == Intersection) {
        SquareSet a = m_a->set(ctx);
        if (a.empty()) return a;
        return a & m_b->set(ctx);
    }
    return m_a->set(ctx) | m_b->set(ctx);
}

FilterPtr SetOpFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<SetOpFilter>(m_kind, m_a->transformed(t), m_b->transformed(t));
    f->range = range;
    return f;
}

FilterPtr ComplementFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<ComplementFilter>(m_a->transformed(t));
    f->range = range;
    return f;
}

SquareSet ColorSquaresFilter::set(Ctx &ctx) const
{
    return m_a->set(ctx) & (m_light ? SquareSet::light() : SquareSet::dark());
}

FilterPtr ColorSquaresFilter::transformed(const Transform &t) const
{
    if (t.rot45) throw TransformUndefined("rotate45 cannot be applied to 'light' or 'dark'");
    // A transform that moves squares onto squares of the other colour (a
    // mirror, a quarter turn, an odd shift) turns light into dark: under
    // flip, `light A == A` also finds every piece on a dark square.
    Transform turn = t;
    turn.dx = turn.dy = 0;
    Square corner = turn.apply(chess::makeSquare(0, 0));
    bool swap = ((chess::fileOf(corner) + chess::rankOf(corner) + t.dx + t.dy) & 1) != 0;
    bool light = m_light != swap;
    noteImage(&light, sizeof light);
    auto f = std::make_unique<ColorSquaresFilter>(light, m_a->transformed(t));
    f->range = range;
    return f;
}

const std::vector<Direction> &directionsFor(std::string_view k)
{
    static const Direction up{0, 1}, down{0, -1}, left{-1, 0}, right{1, 0};
    static const Direction ne{1, 1}, nw{-1, 1}, se{1, -1}, sw{-1, -1};
    static const std::pair<std::string_view, std::vector<Direction>> table[] = {
        {"up", {up}},
        {"down", {down}},
        {"left", {left}},
        {"right", {right}},
        {"northeast", {ne}},
        {"northwest", {nw}},
        {"southeast", {se}},
        {"southwest", {sw}},
        {"vertical", {up, down}},
        {"horizontal", {left, right}},
        {"orthogonal", {up, down, left, right}},
        {"diagonal", {ne, nw, se, sw}},
        {"anydirection", {up, down, left, right, ne, nw, se, sw}},
        {"maindiagonal", {ne, sw}},
        {"offdiagonal", {nw, se}},
    };
    static const std::vector<Direction> none;
    for (const auto &[name, dirs] : table)
        if (name == k) return dirs;
    return none;
}

SquareSet DirectionFilter::set(Ctx &ctx) const
{
    long long lo = m_lo, hi = m_hi;
    if (m_loF && !m_loF->number(ctx, lo)) return {};
    if (m_hiF && !m_hiF->number(ctx, hi)) return {};
    if (!validRange(lo, hi))
        throw EvaluationError("the direction's range " + std::to_string(lo) + " " + std::to_string(hi) + " "
                              + placeText(range)
                              + " is not one of at most 7 steps, the first bound not above the second");
    SquareSet base = m_a->set(ctx);
    if (base.empty()) return base;
    SquareSet out;
    for (const Direction &d : m_dirs) {
        if (lo < 0 || hi - lo < 3) {
            for (int k = int(lo); k <= int(hi); ++k)
                out |= base.shifted(d.df * k, d.dr * k);
            continue;
        }
        // Steps lo to hi by doubling: a square a step takes off the board
        // stays off on every further step (directions are single steps), so
        // the steps covered so far can be shifted on as a whole.
        SquareSet run = base.shifted(d.df * int(lo), d.dr * int(lo));
        int covered = 1;
        const int count = int(hi - lo) + 1;
        while (2 * covered <= count) {
            run |= run.shifted(d.df * covered, d.dr * covered);
            covered *= 2;
        }
        if (covered < count) run |= run.shifted(d.df * (count - covered), d.dr * (count - covered));
        out |= run;
    }
    return out;
}

namespace {

// The directions a transform turns these into; the image is noted by the set of them.
std::vector<Direction> directionsUnder(const std::vector<Direction> &from, const Transform &t)
{
    std::vector<Direction> dirs = from;
    int mask = 0;
    for (Direction &d : dirs) {
        t.applyDirection(d.df, d.dr);
        mask |= 1 << ((d.df + 1) * 3 + d.dr + 1);
    }
    noteImage(&mask, sizeof mask);
    return dirs;
}

} // namespace

FilterPtr DirectionFilter::transformed(const Transform &t) const
{
    std::vector<Direction> dirs = directionsUnder(m_dirs, t);
    auto f = std::make_unique<DirectionFilter>(std::move(dirs), m_lo, m_hi, m_a->transformed(t));
    f->setRangeFilters(m_loF ? m_loF->transformed(t) : nullptr, m_hiF ? m_hiF->transformed(t) : nullptr);
    f->range = range;
    return f;
}

SquareSet AttackFilter::set(Ctx &ctx) const
{
    const chess::Position &pos = *ctx.pos;
    SquareSet x = m_x->set(ctx) & pos.occupied();
    if (x.empty()) return x;
    SquareSet y = m_y->set(ctx);
    if (y.empty()) return y;
    SquareSet out;
    if (m_attackersValue) {
        // Fewer lookups from the targets than from the attackers (a colour's
        // pieces attacking a king, as a check is written): the attackers of
        // each target, by the colours x holds.
        const bool white = (x & pos.pieces(chess::White)).any(), black = (x & pos.pieces(chess::Black)).any();
        if ((int(white) + int(black)) * y.count() < x.count()) {
            for (Square t : y)
                out |= (white ? pos.attackersTo(t, chess::White) : SquareSet())
                    | (black ? pos.attackersTo(t, chess::Black) : SquareSet());
            return out & x;
        }
        for (Square s : x)
            if ((pos.attacksFrom(s) & y).any()) out |= SquareSet::of(s);
    } else {
        SquareSet attacked;
        for (Square s : x)
            attacked |= pos.attacksFrom(s);
        out = attacked & y;
    }
    return out;
}

void AttackFilter::markSquares(Ctx &ctx, SquareSet &out) const
{
    // Both ends of every attack: the attackers and what they attack.
    const chess::Position &pos = *ctx.pos;
    SquareSet x = m_x->set(ctx) & pos.occupied(), y = m_y->set(ctx);
    for (Square s : x) {
        SquareSet hit = pos.attacksFrom(s) & y;
        if (hit.any()) out |= SquareSet::of(s) | hit;
    }
}

FilterPtr AttackFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<AttackFilter>(m_attackersValue, m_x->transformed(t), m_y->transformed(t));
    f->range = range;
    return f;
}

SquareSet BetweenFilter::set(Ctx &ctx) const
{
    SquareSet a = m_a->set(ctx), b = m_b->set(ctx);
    SquareSet out;
    for (Square x : a)
        for (Square y : b)
            out |= chess::between(x, y);
    return out;
}

FilterPtr BetweenFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<BetweenFilter>(m_a->transformed(t), m_b->transformed(t));
    f->range = range;
    return f;
}

// ray: squares s1..sn, one from each set, lie in this order along one line in
// one of the allowed directions, with only empty squares between neighbours.
// xray: the same, but the squares between neighbours need not be empty. The
// value is the set of the first squares of all such rays.
namespace {

// The squares where rays from `from` along d end that meet sets[i..n-1] in
// order, read as CQL 6.2 reads them: an empty square of a middle set may be
// taken for it or passed over; the last set takes each of its empty squares
// up to the first piece, and that piece when it is in the set. Any other
// piece on the way ends the ray.
SquareSet rayEnds(Square from, size_t i, const SquareSet *sets, size_t n, const Direction &d, SquareSet occ)
{
    SquareSet out;
    int f = chess::fileOf(from), r = chess::rankOf(from);
    for (;;) {
        f += d.df;
        r += d.dr;
        if (f < 0 || f > 7 || r < 0 || r > 7) return out;
        const Square s = chess::makeSquare(f, r);
        const bool in = sets[i].contains(s), empty = !occ.contains(s);
        if (i == n - 1) {
            if (in) out |= SquareSet::of(s);
            if (!empty) return out;
        } else if (in && empty) {
            out |= rayEnds(s, i + 1, sets, n, d, occ);
        } else if (in) {
            ++i;
        } else if (!empty) {
            return out;
        }
    }
}

} // namespace

SquareSet RayFilter::set(Ctx &ctx) const
{
    const chess::Position &pos = *ctx.pos;
    const size_t n = m_sets.size();
    // Rays are short lists; this runs at every position, often under a
    // transform, so the sets live on the stack unless there are many.
    SquareSet local[8];
    std::vector<SquareSet> many;
    if (n > std::size(local)) many.resize(n);
    SquareSet *const sets = n > std::size(local) ? many.data() : local;
    for (size_t i = 0; i < n; ++i) {
        sets[i] = m_sets[i]->set(ctx);
        if (sets[i].empty()) return {};
    }
    const SquareSet occ = pos.occupied();
    const SquareSet straight = pos.pieces(chess::Rook) | pos.pieces(chess::Queen);
    const SquareSet diagonal = pos.pieces(chess::Bishop) | pos.pieces(chess::Queen);
    // The value is the squares where the rays end (the last set's), as in 6.2.
    SquareSet out;
    for (Square s0 : sets[0]) {
        // The second square lies on a line through the first, whichever way.
        if ((sets[1] & (chess::rookRays(s0) | chess::bishopRays(s0))).empty()) continue;
        for (const Direction &d : m_dirs) {
            // xray is a ray whose first square holds a line piece moving that way.
            if (m_xray && !((d.df && d.dr) ? diagonal : straight).contains(s0)) continue;
            out |= rayEnds(s0, 1, sets, n, d, occ);
        }
    }
    return out;
}

FilterPtr RayFilter::transformed(const Transform &t) const
{
    std::vector<Direction> dirs = directionsUnder(m_dirs, t);
    std::vector<FilterPtr> sets;
    for (const auto &s : m_sets)
        sets.push_back(s->transformed(t));
    auto f = std::make_unique<RayFilter>(m_xray, std::move(dirs), std::move(sets));
    f->range = range;
    return f;
}

// A piece on `through` is pinned when an enemy line piece on `from` attacks it
// along a line that continues, over empty squares only, to a piece of its own
// colour on `to`.
SquareSet PinFilter::set(Ctx &ctx) const
{
    // The geometry (a slider, one piece of the other colour between it and
    // the target) is cheap and rarely there: the from/through arguments are
    // evaluated only once a pin exists.
    const chess::Position &pos = *ctx.pos;
    const SquareSet occ = pos.occupied();
    // An Antichess king is an ordinary piece: nothing is pinned to it.
    const SquareSet kings = pos.variant() == chess::Variant::Antichess ? SquareSet() : pos.pieces(chess::King);
    const SquareSet to = m_to ? m_to->set(ctx) & occ : kings;
    const SquareSet queens = pos.pieces(chess::Queen);
    const SquareSet rookLike = pos.pieces(chess::Rook) | queens, bishopLike = pos.pieces(chess::Bishop) | queens;
    SquareSet out, from, through;
    bool argsKnown = false;
    for (Square t : to) {
        const chess::Color c = chess::colorOf(pos.pieceAt(t));
        const SquareSet pinners =
            pos.pieces(~c) & ((chess::rookRays(t) & rookLike) | (chess::bishopRays(t) & bishopLike));
        for (Square p : pinners) {
            const SquareSet mid = chess::between(t, p) & occ;
            if (mid.moreThanOne() || !(mid & pos.pieces(c)).any()) continue;
            if (!argsKnown) {
                from = m_from ? m_from->set(ctx) : occ;
                through = m_through ? m_through->set(ctx) : occ;
                argsKnown = true;
            }
            if (!from.contains(p) || !(mid & through).any()) continue;
            switch (m_value) {
            case Pinned: out |= mid; break;
            case Pinners: out |= SquareSet::of(p); break;
            case Targets: out |= SquareSet::of(t); break;
            }
        }
    }
    return out;
}

FilterPtr PinFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<PinFilter>(m_value, cloneTransformed(m_from, t), cloneTransformed(m_through, t),
                                         cloneTransformed(m_to, t));
    f->range = range;
    return f;
}

namespace {
constexpr uint64_t FileA = 0x0101010101010101ULL, FileH = FileA << 7;
// Bitboard fills: every square on the same file towards rank 8 / rank 1.
constexpr uint64_t northFill(uint64_t b)
{
    b |= b << 8;
    b |= b << 16;
    return b | b << 32;
}
constexpr uint64_t southFill(uint64_t b)
{
    b |= b >> 8;
    b |= b >> 16;
    return b | b >> 32;
}
// b with the files beside each of its squares (on the same rank).
constexpr uint64_t besideFiles(uint64_t b) { return ((b & ~FileH) << 1) | ((b & ~FileA) >> 1); }
} // namespace

// Whole-board bitboard fills (the pawn structure is asked at every position).
SquareSet PawnStructureFilter::set(Ctx &ctx) const
{
    const chess::Position &pos = *ctx.pos;
    uint64_t out = 0;
    for (int ci = 0; ci < 2; ++ci) {
        const chess::Color c = chess::Color(ci);
        const uint64_t own = pos.pieces(c, chess::Pawn).bits(), theirs = pos.pieces(~c, chess::Pawn).bits();
        const uint64_t ownFiles = northFill(southFill(own));
        switch (m_kind) {
        case Passed: {
            // The squares an enemy pawn guards against passing: behind it (from
            // our side) on its file and the files beside.
            const uint64_t behind = c == chess::White ? southFill(theirs >> 8) : northFill(theirs << 8);
            out |= own & ~(behind | besideFiles(behind));
            break;
        }
        case Doubled:
            for (int f = 0; f < 8; ++f) {
                const uint64_t onFile = own & (FileA << f);
                if (onFile & (onFile - 1)) out |= onFile;
            }
            break;
        case Isolated: out |= own & ~besideFiles(ownFiles); break;
        case Connected: out |= own & besideFiles(ownFiles); break;
        }
    }
    return SquareSet(out);
}

SquareSet MakeSquareFilter::set(Ctx &ctx) const
{
    long long f, r;
    if (!m_r) {
        std::string name;
        if (!m_f->string(ctx, name) || name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1'
            || name[1] > '8')
            return {};
        return SquareSet::of(chess::makeSquare(name[0] - 'a', name[1] - '1'));
    }
    if (!m_f->number(ctx, f) || !m_r->number(ctx, r) || f < 1 || f > 8 || r < 1 || r > 8) return {};
    return SquareSet::of(chess::makeSquare(int(f - 1), int(r - 1)));
}

FilterPtr MakeSquareFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<MakeSquareFilter>(m_f->transformed(t), m_r ? m_r->transformed(t) : nullptr);
    f->range = range;
    return f;
}

} // namespace cql
