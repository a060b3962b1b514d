// Pure, model and ideal (stale)mates.
//
// The king's field is its square and the squares next to it. A mate is pure
// when every field square is denied for exactly one reason: an empty square
// or one holding an attacking piece is guarded exactly once, a square holding
// one of the king's own pieces is unguarded (or, in single check, guarded
// once while pinned where, unpinned, it could take the checker or step
// between: the pin is then the reason), and the king itself
// stands in single check (or a double check). Guards count as if the king had
// left its square, so a slider checking along a line also guards the squares
// behind the king. Pieces take part when they guard a field square, give
// check, pin a defender, or (defenders) block a field square. A model mate is
// a pure mate in which every attacking piece other than king and pawns takes
// part; an ideal mate one in which every piece on the board does.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mates.h"

#include "chess/attacks.h"

namespace cql {

using chess::SquareSet;

bool isPatternMate(const chess::Position &p, MateFilter::Kind kind, bool stalemate, SquareSet &participants)
{
    if (stalemate ? !p.isStalemate() : !p.isCheckmate()) return false;
    const chess::Color def = p.sideToMove();
    const chess::Color att = chess::Color(!def);
    const chess::Square ks = p.kingSquare(def);
    if (ks == chess::NoSquare) return false;
    const SquareSet occNoKing = p.occupied() - SquareSet::of(ks);
    const SquareSet field = chess::kingAttacks(ks) | SquareSet::of(ks);
    const SquareSet checkers = p.checkers();
    // Where a self-blocker could answer a single check (the checker, or between it and the king).
    SquareSet answers;
    if (checkers.count() == 1) answers = checkers | chess::between(checkers.first(), ks);
    chess::MoveList pseudo;
    bool pseudoMade = false;
    auto couldAnswer = [&](chess::Square s) {
        if (!pseudoMade) {
            p.generatePseudoLegal(pseudo);
            pseudoMade = true;
        }
        for (chess::Move m : pseudo)
            if (m.from() == s && (answers.contains(m.to()) || m.kind() == chess::Move::EnPassant)) return true;
        return false;
    };
    SquareSet part;
    for (chess::Square s : field) {
        SquareSet guards = p.attackersTo(s, att, occNoKing);
        chess::Piece here = p.pieceAt(s);
        if (s == ks) {
            if (!stalemate && guards.count() > 2) return false;
        } else if (here != chess::NoPiece && chess::colorOf(here) == def) {
            // A self-block must not be guarded too, unless (single check) it
            // is guarded once and pinned where it could otherwise answer the check.
            // In a stalemate, a pinned self-block is guarded by its pinner only.
            if (guards.any()) {
                const bool pinned = p.pinned(def).contains(s);
                if (stalemate ? !pinned || guards.count() != 1
                              : checkers.count() != 1 || guards.count() != 1 || !pinned || !couldAnswer(s))
                    return false;
            }
            part |= SquareSet::of(s);
        } else if (guards.count() != 1) {
            return false;
        }
        part |= guards;
    }
    // Pinners: attacking sliders that would reach the king past one defender.
    for (chess::Square d : p.pinned(def)) {
        SquareSet through = p.attackersTo(ks, att, p.occupied() - SquareSet::of(d)) - p.attackersTo(ks, att);
        part |= through;
        part |= SquareSet::of(d);
    }
    if (kind == MateFilter::Model) {
        SquareSet needed = p.pieces(att) - p.pieces(att, chess::King) - p.pieces(att, chess::Pawn);
        if ((needed - part).any()) return false;
    } else if (kind == MateFilter::Ideal) {
        SquareSet needed = p.occupied() - SquareSet::of(ks);
        if ((needed - part).any()) return false;
    }
    participants = part;
    return true;
}

SquareSet MateFilter::set(Ctx &ctx) const
{
    SquareSet part;
    if (!isPatternMate(*ctx.pos, m_kind, m_stalemate, part)) return {};
    // The value must be non-empty when the pattern holds: the mated king counts too.
    return part | SquareSet::of(ctx.pos->kingSquare(ctx.pos->sideToMove()));
}

} // namespace cql
