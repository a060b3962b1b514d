// CQL-S pawn attributes (pawnattributes.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/pawnattributes.h"
#include "cql/cqls/pawncounting.h"

#include "chess/attacks.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

namespace {

// The ranks in front of a pawn of colour c on rank r (strictly ahead), and
// the ranks level with or behind it.
SquareSet ranksAhead(chess::Color c, int r)
{
    SquareSet out;
    for (int rr = 0; rr < 8; ++rr)
        if (c == chess::White ? rr > r : rr < r) out |= SquareSet::rank(rr);
    return out;
}

// The own pawns linked to s by diagonal steps (each defends or is defended
// by the next): the pawn chain the seed calls a "Verbund".
int chainSize(SquareSet own, Square s)
{
    SquareSet chain = SquareSet::of(s), todo = chain;
    while (todo.any()) {
        Square t = todo.popFirst();
        SquareSet next = (chess::pawnAttacks(chess::White, t) | chess::pawnAttacks(chess::Black, t)) & own;
        next = next & ~chain;
        chain |= next;
        todo |= next;
    }
    return chain.count();
}

} // namespace

// Does the pawn on s have the attribute (not negated)? Handles the kinds
// from Backward to RankRun; the older kinds stay in pawnsWithAttributes.
// own: the pawns of s's colour in view (all of them unless forefront or
// rear narrowed the view).
static bool pawnHasAttribute(const chess::Position &p, SquareSet own, Square s, PawnAttribute::Kind kind, int n)
{
    using K = PawnAttribute::Kind;
    const chess::Color c = chess::colorOf(p.pieceAt(s));
    const chess::Color o = c == chess::White ? chess::Black : chess::White;
    const SquareSet theirs = p.pieces(o, chess::Pawn);
    const int f = chess::fileOf(s), r = chess::rankOf(s);
    const int forward = c == chess::White ? 1 : -1;
    const SquareSet file = SquareSet::file(f);
    const SquareSet sides =
        (f > 0 ? SquareSet::file(f - 1) : SquareSet()) | (f < 7 ? SquareSet::file(f + 1) : SquareSet());
    const SquareSet ahead = ranksAhead(c, r), notAhead = ~ahead;
    auto passed = [&] { return (theirs & (file | sides) & ahead).empty(); };
    auto candidate = [&] {
        // Not blocked, and at least as many own pawns beside or behind it on
        // the adjacent files as opposing pawns in front of it there.
        return (theirs & file & ahead).empty() && (own & sides & notAhead).count() >= (theirs & sides & ahead).count();
    };
    auto behind = [&] { return (theirs & file).any() && (theirs & file & ahead).empty(); };
    switch (kind) {
    case K::Backward:
        // Neighbours exist (isolated pawns are never backward) but all are
        // further forward, so none can come to defend it.
        return (own & sides).any() && (own & sides & notAhead).empty();
    case K::Behind: return behind();
    case K::BehindNow: {
        int rr = r - forward;
        return behind() && rr >= 0 && rr < 8 && theirs.contains(chess::makeSquare(f, rr));
    }
    case K::Candidate: return candidate();
    case K::CandidateNotPassed: return candidate() && !passed();
    case K::Stoppable: return (theirs & sides & ahead).any();
    case K::Stopped: {
        int rr = r + forward;
        return rr >= 0 && rr < 8 && (theirs & sides & SquareSet::rank(rr)).any();
    }
    case K::Chained: {
        int size = chainSize(own, s);
        if (n < 0) return size == -n;
        return size >= std::max(2, n);
    }
    case K::SingleExact: return (own & file).count() == 1;
    case K::UnoExact: return (own & SquareSet::rank(r)).count() == 1;
    case K::Symmetrical: return (own & file).count() == (theirs & file).count();
    case K::Mirrored: {
        // The opposing pawns of the file are exactly the own ones reflected
        // in the board's horizontal middle line.
        SquareSet mirror;
        for (Square t : own &file)
            mirror |= SquareSet::of(chess::makeSquare(f, 7 - chess::rankOf(t)));
        return (theirs & file) == mirror;
    }
    case K::Inside: {
        // The rule of the square: the opposing king reaches the promotion
        // square in time; a pawn on its start rank counts from one rank on
        // (double step), and the king gains a move when its side is to move.
        Square king = p.kingSquare(o);
        if (king == chess::NoSquare) return false;
        int startRank = c == chess::White ? 1 : 6, lastRank = c == chess::White ? 7 : 0;
        int steps = std::abs(lastRank - r) - (r == startRank ? 1 : 0);
        int kf = chess::fileOf(king), kr = chess::rankOf(king);
        int distance = std::max(std::abs(kf - f), std::abs(kr - lastRank));
        return distance <= steps + (p.sideToMove() == o ? 1 : 0);
    }
    case K::RankRun: {
        // quart(n): the unbroken row of own pawns on s's rank through s.
        int lo = f, hi = f;
        while (lo > 0 && own.contains(chess::makeSquare(lo - 1, r)))
            --lo;
        while (hi < 7 && own.contains(chess::makeSquare(hi + 1, r)))
            ++hi;
        int len = hi - lo + 1;
        return n < 0 ? len == -n : len >= n;
    }
    default: return false;
    }
}

SquareSet PawnAttributeFilter::set(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    return selectPawns(p, m_pawns->set(ctx) & p.pieces(chess::Pawn), m_attrs);
}

SquareSet pawnsWithAttributes(const chess::Position &p, SquareSet candidates, const SquareSet ownInView[2],
                              const PawnAttribute *first, const PawnAttribute *last)
{
    SquareSet out;
    for (Square s : candidates) {
        chess::Color c = chess::colorOf(p.pieceAt(s));
        chess::Color o = c == chess::White ? chess::Black : chess::White;
        SquareSet own = ownInView[c], theirs = p.pieces(o, chess::Pawn);
        int f = chess::fileOf(s), r = chess::rankOf(s);
        SquareSet file = SquareSet::file(f), rank = SquareSet::rank(r);
        SquareSet left = f > 0 ? SquareSet::file(f - 1) : SquareSet(),
                  right = f < 7 ? SquareSet::file(f + 1) : SquareSet();
        SquareSet ahead, behindOrLevel;
        for (int rr = 0; rr < 8; ++rr) {
            bool isAhead = c == chess::White ? rr > r : rr < r;
            (isAhead ? ahead : behindOrLevel) |= SquareSet::rank(rr);
        }
        int forward = c == chess::White ? 1 : -1;
        bool all = true;
        for (const PawnAttribute *ap = first; ap != last; ++ap) {
            const PawnAttribute &a = *ap;
            bool hit = false;
            switch (a.kind) {
            case PawnAttribute::Single: hit = true; break;
            case PawnAttribute::Double: hit = (own & file).count() >= std::max(2, a.n); break;
            case PawnAttribute::DoubleExact: hit = (own & file).count() == std::max(2, a.n); break;
            case PawnAttribute::Triple:
                hit = (own & rank).count() >= std::max(2, a.n);
                break; // per rank: duo, trio, quart
            case PawnAttribute::TripleExact: hit = (own & rank).count() == std::max(2, a.n); break;
            case PawnAttribute::Connected: hit = (own & (left | right)).any(); break;
            case PawnAttribute::Integrated: hit = f > 0 && f < 7 && (own & left).any() && (own & right).any(); break;
            case PawnAttribute::Isolated: hit = (own & (left | right)).empty(); break;
            case PawnAttribute::HalfIsolated:
                hit = f > 0 && f < 7 && ((own & left).any() != (own & right).any());
                break;
            case PawnAttribute::Defended: hit = (chess::pawnAttacks(o, s) & own).any(); break;
            case PawnAttribute::Defender: hit = (chess::pawnAttacks(c, s) & own).any(); break;
            case PawnAttribute::Passed: hit = (theirs & (file | left | right) & ahead).empty(); break;
            case PawnAttribute::Blocked: hit = (theirs & file & ahead).any(); break;
            case PawnAttribute::BlockedNow: {
                int rr = r + forward;
                hit = rr >= 0 && rr < 8 && theirs.contains(chess::makeSquare(f, rr));
                break;
            }
            case PawnAttribute::Advanced: hit = c == chess::White ? r >= 4 : r <= 3; break;
            case PawnAttribute::Consecutive: {
                // The run of own pawns directly behind one another through s.
                int lo = r, hi = r;
                while (lo > 0 && own.contains(chess::makeSquare(f, lo - 1)))
                    --lo;
                while (hi < 7 && own.contains(chess::makeSquare(f, hi + 1)))
                    ++hi;
                int len = hi - lo + 1;
                hit = a.n < 0 ? len == -a.n : len >= std::max(2, a.n);
                break;
            }
            default: hit = pawnHasAttribute(p, own, s, a.kind, a.n); break;
            }
            if (hit == a.negated) {
                all = false;
                break;
            }
        }
        if (all) out |= SquareSet::of(s);
    }
    return out;
}

FilterPtr PawnAttributeFilter::transformed(const Transform &t) const
{
    return std::make_unique<PawnAttributeFilter>(m_pawns->transformed(t), m_attrs);
}

SquareSet UnstoppablePawnsFilter::set(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    SquareSet out;
    for (Square s : m_pawns->set(ctx) & p.pieces(chess::Pawn)) {
        chess::Color c = chess::colorOf(p.pieceAt(s));
        chess::Color o = c == chess::White ? chess::Black : chess::White;
        // Only against a bare king with pawns.
        if ((p.pieces(o) - p.pieces(o, chess::Pawn) - p.pieces(o, chess::King)).any()) continue;
        Square k = p.kingSquare(o);
        if (k == chess::NoSquare) continue;
        int f = chess::fileOf(s), r = chess::rankOf(s);
        int step = c == chess::White ? 1 : -1, last = c == chess::White ? 7 : 0;
        bool clear = true;
        for (int rr = r + step; rr != last + step; rr += step)
            if (p.occupied().contains(chess::makeSquare(f, rr))) clear = false;
        if (!clear) continue;
        int moves = std::abs(last - r);
        if (r == (c == chess::White ? 1 : 6)) --moves; // the double step
        // The rule of the square: the king reaches the queening square in kd
        // moves, one fewer when it moves first.
        int kd = std::max(std::abs(chess::fileOf(k) - f), std::abs(chess::rankOf(k) - last));
        if (p.sideToMove() == o) --kd;
        if (kd > moves) out |= SquareSet::of(s);
    }
    return out;
}

namespace {

// Plies... in moves of its own side: how soon the fastest pawn of c the enemy
// king cannot catch promotes; -1 if it has none.
int fastestUnstoppable(const chess::Position &p, chess::Color c, const SquareSet &unstoppable)
{
    int best = -1;
    for (Square s : unstoppable &p.pieces(c, chess::Pawn)) {
        int r = chess::rankOf(s);
        int moves = c == chess::White ? 7 - r - (r == 1 ? 1 : 0) : r - (r == 6 ? 1 : 0);
        if (best < 0 || moves < best) best = moves;
    }
    return best;
}

bool onlyKingAndPawns(const chess::Position &p, chess::Color c)
{
    return (p.pieces(c) - p.pieces(c, chess::Pawn) - p.pieces(c, chess::King)).empty();
}

} // namespace

bool PassedPawnRaceFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    chess::Color us = m_side == ToMove ? p.sideToMove() : m_side == White ? chess::White : chess::Black;
    chess::Color them = us == chess::White ? chess::Black : chess::White;
    if (!onlyKingAndPawns(p, them)) return false; // the seed: otherwise never
    PieceMask pawns = PieceMask((1u << chess::WPawn) | (1u << chess::BPawn));
    UnstoppablePawnsFilter u(std::make_unique<CqlsDesignatorFilter>(pawns, SquareSet::all()));
    SquareSet unstoppable = u.set(ctx);
    int mine = fastestUnstoppable(p, us, unstoppable);
    if (mine < 0) return false;
    int theirs = fastestUnstoppable(p, them, unstoppable);
    if (theirs < 0) return true;
    // Our n-th move comes before theirs when we move first.
    return p.sideToMove() == us ? mine <= theirs : mine < theirs;
}

FilterPtr PassedPawnRaceFilter::transformed(const Transform &t) const
{
    return std::make_unique<PassedPawnRaceFilter>(sideUnder(t, m_side));
}

} // namespace cql::cqls
