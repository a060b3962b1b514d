// Working out a game's signature: one pass over every node of its tree.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "signatures.h"

#include "gamestore.h"

#include <algorithm>

namespace store {

namespace {

// A position with a legal move has children only by legal moves, or null moves.
bool mayBeStalemate(const game::Game &g, const game::Node &node)
{
    for (game::NodeId c = node.firstChild; c != game::NoNode; c = g.nodes[c].nextSibling)
        if (!g.nodes[c].move.isNull()) return false;
    return true;
}

} // namespace

void signatureOf(const game::Game &g, GameSignature &s)
{
    s = GameSignature();
    for (size_t n = 0; n < g.nodes.size(); ++n) {
        const game::Node &node = g.nodes[n];
        const chess::Position &p = node.position;
        // Pieces only leave the board but by promotion: counting at the root
        // and after promotions finds the most of each kind.
        const bool promotion = n != 0 && !node.move.isNull() && node.move.kind() == chess::Move::Promotion;
        // ...and they get fewer only by captures and promotions: counting there finds the fewest.
        const bool fewer =
            n == 0 || promotion || p.occupied().count() < g.nodes[node.parent].position.occupied().count();
        for (int c = 0; c < 2; ++c)
            for (int t = chess::Pawn; t <= chess::King; ++t) {
                const chess::SquareSet on = p.pieces(chess::Color(c), chess::PieceType(t));
                const int k = c * 6 + t - 1;
                s.squares[k] |= on.bits();
                if (n == 0 || promotion)
                    s.pieceMax[k] = uint8_t(std::max<int>(s.pieceMax[k], std::min(on.count(), 255)));
                if (n == 0 || (fewer && on.count() < s.pieceMin(k))) s.setPieceMin(k, on.count());
            }
        s.maxPly = std::max(s.maxPly, node.ply);
        if (p.inCheck()) {
            s.flags |= TreeCheck;
            if (p.isCheckmate()) s.flags |= TreeMate;
        } else if (mayBeStalemate(g, node) && p.isStalemate()) {
            s.flags |= TreeStalemate;
        }
        if (n == 0 || node.move.isNull()) continue;
        const chess::Move m = node.move;
        const int mover = g.nodes[node.parent].position.sideToMove() == chess::White ? 0 : 1;
        if (m.kind() == chess::Move::Promotion) s.promotions[mover] |= uint8_t(1u << m.promotion());
        if (m.isCastling()) {
            // As the move filters tell them apart: the king moves towards the h-file in O-O.
            const bool kingSide = chess::fileOf(m.to()) > chess::fileOf(m.from());
            s.castlings |= uint8_t((kingSide ? WhiteShort : WhiteLong) << (2 * mover));
        }
    }
}

} // namespace store
