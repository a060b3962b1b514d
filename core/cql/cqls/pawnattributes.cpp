// CQL-S pawn attributes that look beyond the pawn's own file and rank: chains, candidates, the rule of the square.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/pawnattributes.h"

#include "chess/attacks.h"

#include <algorithm>
#include <cstdlib>

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

bool pawnHasAttribute(const chess::Position &p, SquareSet own, Square s, PawnAttribute::Kind kind, int n)
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

} // namespace cql::cqls
