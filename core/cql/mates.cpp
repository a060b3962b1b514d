// Pure, model and ideal (stale)mates, as CQL 6.2 defines them.
//
// The king's field is the squares next to the mated king. A piece guards a
// field square it attacks, or the square behind the king on the line along
// which it gives check. A mate is pure when every empty field square, and
// every one holding an attacking piece, is guarded exactly once; every
// self-block is unguarded, or (single check) guarded once while pinned where,
// unpinned, it could take the checker or step between; and in a double check
// each checker is needed: some unpinned defender could otherwise take the
// other checker or step between. A pure stalemate: each free field square
// attacked once, a pinned self-block attacked once, any other self-block not
// at all.
//
// The pieces taking part follow 6.2's rules to the letter, including those
// that look odd for a problemist (an attacking piece that is itself pinned
// takes part), so that model and ideal mates are the games 6.2 finds. A model
// mate is a pure mate in which every attacking queen, rook, bishop and knight
// takes part; an ideal mate one in which every piece of both sides does (in an
// ideal stalemate, every attacking piece).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mates.h"

#include "arrowchain.h"
#include "chess/attacks.h"

namespace cql {

using chess::Square;
using chess::SquareSet;

namespace {

// A line of attack a → b → c (arrowchain.h): the squares of a that start one.
SquareSet chain(const chess::Position &p, SquareSet a, SquareSet b, SquareSet c)
{
    const SquareSet links[] = {a, b, c};
    return arrowChain(p, links, 3, true);
}

// For every pinned piece, the pieces pinning it (to its own king).
SquareSet pinnersOf(const chess::Position &p, SquareSet pinned)
{
    SquareSet out;
    for (Square d : pinned) {
        const chess::Color c = chess::colorOf(p.pieceAt(d));
        const Square k = p.kingSquare(c);
        out |= p.attackersTo(k, ~c, p.occupied() - SquareSet::of(d)) - p.attackersTo(k, ~c);
    }
    return out;
}

struct Sides {
    chess::Color def, att;
    Square king;
    SquareSet field;
};

bool pureStalemate(const chess::Position &p, const Sides &s, SquareSet &participants)
{
    const SquareSet pinned = p.pinned(s.def);
    for (Square f : s.field) {
        const chess::Piece here = p.pieceAt(f);
        const size_t guards = p.attackersTo(f, s.att).count();
        if (here != chess::NoPiece && chess::colorOf(here) == s.def) {
            if (guards != (pinned.contains(f) ? 1u : 0u)) return false;
        } else if (guards != 1) {
            return false;
        }
    }
    // Attacking pieces that are pinned, that pin, or that attack the field.
    SquareSet white = p.pinned(s.att) | pinnersOf(p, pinned);
    for (Square a : p.pieces(s.att))
        if ((p.attacksFrom(a) & s.field).any()) white |= SquareSet::of(a);
    participants = white | p.pieces(s.def);
    return true;
}

bool pureMate(const chess::Position &p, const Sides &s, SquareSet &white, SquareSet &black)
{
    const SquareSet attackers = p.pieces(s.att), defenders = p.pieces(s.def);
    const SquareSet checkers = p.checkers();
    const SquareSet kingSet = SquareSet::of(s.king);
    const bool single = checkers.count() == 1;
    SquareSet lines; // the checkers and the squares between them and the king
    for (Square c : checkers)
        lines |= SquareSet::of(c) | chess::between(c, s.king);
    // The field squares each attacking piece guards.
    auto guards = [&](Square a) {
        const SquareSet x = SquareSet::of(a);
        SquareSet g = p.attacksFrom(a) & s.field;
        const SquareSet behind[] = {x, kingSet, s.field};
        return g | arrowChain(p, behind, 3, false);
    };
    SquareSet guarded[64];
    for (Square a : attackers)
        guarded[a] = guards(a);
    auto guardCount = [&](Square f) {
        int n = 0;
        for (Square a : attackers)
            n += guarded[a].contains(f);
        return n;
    };
    const SquareSet pinned = p.pinned(s.def);
    chess::MoveList pseudo;
    bool pseudoMade = false;
    auto couldAnswer = [&](Square b) {
        if (!pseudoMade) {
            p.generatePseudoLegal(pseudo);
            pseudoMade = true;
        }
        for (chess::Move m : pseudo)
            if (m.from() == b && (lines.contains(m.to()) || m.kind() == chess::Move::EnPassant)) return true;
        return false;
    };
    for (Square f : s.field) {
        const chess::Piece here = p.pieceAt(f);
        const int n = guardCount(f);
        if (here == chess::NoPiece || chess::colorOf(here) == s.att) {
            if (n != 1) return false;
        } else if (n != 0 && !(single && n == 1 && pinned.contains(f) && couldAnswer(f))) {
            return false;
        }
    }
    const SquareSet anyPinned = pinned | p.pinned(s.att);
    if (checkers.count() > 1) {
        // Each checker is needed: without it, an unpinned defender could
        // take the other checker or step between.
        const SquareSet free = defenders - anyPinned - kingSet;
        for (Square c : checkers) {
            const SquareSet others = checkers - SquareSet::of(c);
            SquareSet refutations = others;
            for (Square o : others)
                refutations |= chess::between(o, s.king);
            bool reached = false;
            for (Square d : free)
                reached = reached || (p.attacksFrom(d) & refutations).any();
            if (!reached) return false;
        }
    }
    // Where a defender could answer the check, and who could move there.
    const SquareSet refuterSquares = lines | p.pieces(s.att, chess::King);
    SquareSet refuters;
    if (!pseudoMade) p.generatePseudoLegal(pseudo);
    for (chess::Move m : pseudo)
        if (refuterSquares.contains(m.to())) refuters |= SquareSet::of(m.from());
    white = checkers | p.pinned(s.att) | (single ? pinnersOf(p, pinned & refuters) : SquareSet());
    for (Square a : attackers) {
        const SquareSet x = SquareSet::of(a);
        if ((p.attacksFrom(a) & s.field).any() || (single && chain(p, refuters, x, refuterSquares).any())) white |= x;
    }
    black = kingSet | (defenders & s.field);
    for (Square d : defenders) {
        const SquareSet x = SquareSet::of(d);
        if (chain(p, defenders, x, p.pieces(s.att, chess::King)).any()
            || (single && chain(p, defenders, x, refuterSquares).any()))
            black |= x;
    }
    return true;
}

} // namespace

bool isPatternMate(const chess::Position &p, MateFilter::Kind kind, bool stalemate, SquareSet &participants)
{
    if (stalemate ? !p.isStalemate() : !p.isCheckmate()) return false;
    Sides s;
    s.def = p.sideToMove();
    s.att = ~s.def;
    s.king = p.kingSquare(s.def);
    if (s.king == chess::NoSquare) return false;
    s.field = chess::kingAttacks(s.king);
    const SquareSet attackers = p.pieces(s.att);
    const SquareSet officers = attackers - p.pieces(s.att, chess::King) - p.pieces(s.att, chess::Pawn);
    if (stalemate) {
        SquareSet part;
        if (!pureStalemate(p, s, part)) return false;
        const SquareSet white = part & attackers;
        if (kind == MateFilter::Model && (officers - white).any()) return false;
        if (kind == MateFilter::Ideal && white != attackers) return false;
        participants = part;
        return true;
    }
    SquareSet white, black;
    if (!pureMate(p, s, white, black)) return false;
    if (kind == MateFilter::Model && (officers - white).any()) return false;
    if (kind == MateFilter::Ideal && (white != attackers || black != p.pieces(s.def))) return false;
    participants = white | black;
    return true;
}

SquareSet MateFilter::set(Ctx &ctx) const
{
    SquareSet part;
    if (!isPatternMate(*ctx.pos, m_kind, m_stalemate, part)) return {};
    return part;
}

} // namespace cql
