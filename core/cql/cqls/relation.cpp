// :relation (relation.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/relation.h"
#include "cql/cqls/relationimage.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

struct RelationFilter::Pair {
    game::NodeId p2;
    uint64_t missingP1;
    uint64_t aOcc, bOcc;
    PieceBoards a, b;
    // P2's boards under each of the eight flips, made when first needed: the
    // transforms are every shift of every flip, and a shift is cheap.
    uint8_t haveOcc = 0, havePieces = 0;
    std::array<uint64_t, 8> occD{};
    std::array<std::array<uint64_t, 12>, 8> piecesD{};
    uint64_t occUnder(int d)
    {
        if (!(haveOcc & (1u << d))) {
            occD[size_t(d)] = dihedralBits(bOcc, d);
            haveOcc |= uint8_t(1u << d);
        }
        return occD[size_t(d)];
    }
    const std::array<uint64_t, 12> &piecesUnder(int d)
    {
        if (!(havePieces & (1u << d))) {
            for (size_t i = 0; i < 12; ++i)
                piecesD[size_t(d)][i] = dihedralBits(b.byPiece[i], d);
            havePieces |= uint8_t(1u << d);
        }
        return piecesD[size_t(d)];
    }
};

bool RelationFilter::related(Ctx &ctx, game::NodeId p1, game::NodeId p2, SquareSet missingP1) const
{
    // What does not depend on the transform is decided once per pair: up to
    // 1,800 transforms are tried for each.
    const RelationSpec &s = *m_spec;
    const chess::Position &a = ctx.game->nodes[p1].position;
    const chess::Position &b = ctx.game->nodes[p2].position;
    if (s.side == RelationSpec::Same && a.sideToMove() != b.sideToMove()) return false;
    if (s.side == RelationSpec::Change && a.sideToMove() == b.sideToMove()) return false;
    Pair pair{p2, missingP1.bits(), a.occupied().bits(), b.occupied().bits(), pieceBoards(a), pieceBoards(b)};
    if (s.p2Transforms.empty()) return relatedThrough(ctx, pair, Transform::identity());
    for (const Transform &t : s.p2Transforms)
        if (relatedThrough(ctx, pair, t)) return true;
    return false;
}

// P1 against P2 seen through t (relationimage.h), on bitboards: the
// occupancy first, which rejects most transforms, then piece by piece.
bool RelationFilter::relatedThrough(Ctx &ctx, Pair &pair, const Transform &t) const
{
    using chess::popCount; // inline: std::popcount is a library call without -mpopcnt
    const RelationSpec &s = *m_spec;
    const uint64_t allowed = m_allowed.bits();
    const uint64_t aOcc = pair.aOcc;
    const int d = dihedralIndex(t);
    const uint64_t bOcc = shiftedBits(pair.occUnder(d), t);
    const uint64_t gone = aOcc & ~bOcc & allowed;
    if (gone & ~pair.missingP1) return false;
    if (!s.missingRange.contains(popCount(gone & pair.missingP1))) return false;
    const uint64_t fresh = bOcc & ~aOcc & allowed;
    if (fresh == 0 && !s.addedRange.contains(0)) return false;
    // Squares occupied in both must hold the same piece.
    const uint64_t both = aOcc & bOcc & allowed;
    int same = 0;
    const std::array<uint64_t, 12> &bPieces = pair.piecesUnder(d);
    for (size_t i = 0; i < pair.a.byPiece.size(); ++i)
        if (const uint64_t x = pair.a.byPiece[i] & both) same += popCount(x & shiftedBits(bPieces[i], t));
    if (same != popCount(both)) return false;
    if (fresh) {
        game::NodeId back = ctx.node;
        ctx.moveTo(pair.p2);
        uint64_t match = s.added ? imageBits(s.added->set(ctx).bits(), t) : bOcc;
        ctx.moveTo(back);
        if ((fresh & ~match) || !s.addedRange.contains(popCount(fresh & match))) return false;
    }
    // Allowed squares whose contents differ: one side empty, or (excluded
    // above) two different pieces.
    const int different = popCount((aOcc | bOcc) & allowed) - same;
    if (s.haveDifferent && !s.differentRange.contains(different)) return false;
    if (s.haveSame && !s.sameRange.contains(same)) return false;
    return true;
}

bool RelationFilter::match(Ctx &ctx) const
{
    const RelationSpec &s = *m_spec;
    game::NodeId p1 = ctx.node;
    SquareSet missingP1 = s.missing ? s.missing->set(ctx) : ctx.pos->occupied();
    // Later positions: the line that continues from P1, or every descendant.
    std::vector<std::pair<game::NodeId, bool>> stack; // node, on the continuing line
    for (game::NodeId c = ctx.game->nodes[p1].firstChild; c != game::NoNode; c = ctx.game->nodes[c].nextSibling) {
        stack.emplace_back(c, c == ctx.game->nodes[p1].firstChild);
        if (s.where == RelationSpec::Mainline) break;
    }
    while (!stack.empty()) {
        auto [n, onLine] = stack.back();
        stack.pop_back();
        bool wanted = s.where != RelationSpec::VariationsOnly || !onLine;
        if (wanted && related(ctx, p1, n, missingP1)) return true;
        const game::Node &node = ctx.game->nodes[n];
        for (game::NodeId c = node.firstChild; c != game::NoNode; c = ctx.game->nodes[c].nextSibling) {
            stack.emplace_back(c, onLine && c == node.firstChild);
            if (s.where == RelationSpec::Mainline) break;
        }
    }
    return false;
}

FilterPtr RelationFilter::transformed(const Transform &t) const
{
    // The relation's own designators stay as written (the seed); the pattern squares move.
    SquareSet a = cqlsImage(t, m_allowed);
    uint64_t bits = a.bits();
    noteImage(&bits, sizeof bits);
    return std::make_unique<RelationFilter>(m_spec, a);
}

} // namespace cql::cqls
