// P2 of a relation under a flip or shift.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/relationimage.h"

#include <algorithm>

namespace cql::cqls {

void addRelationTransforms(std::vector<Transform> &allowed, const std::vector<Transform> &group)
{
    if (allowed.empty()) allowed.push_back(Transform::identity());
    std::vector<Transform> product;
    for (const Transform &g : group)
        for (const Transform &a : allowed) {
            Transform t = g * a;
            if (std::find(product.begin(), product.end(), t) == product.end()) product.push_back(t);
        }
    allowed = std::move(product);
}

uint64_t dihedralBits(uint64_t b, int index)
{
    // (x, y) -> M (x, y) on centred coordinates; the eight matrices of the
    // dihedral group, each as flips of the bitboard. Called once per flip and
    // board (callers keep the result), so the square set's own flips serve.
    chess::SquareSet s(b);
    if (index >= 4) s = s.flipDiagonal(); // now (x, y) -> (y, x); the rest flips signs
    if (index & 1) s = s.mirrorFiles();
    if (index & 2) s = s.mirrorRanks();
    return s.bits();
}

uint64_t imageBits(uint64_t b, const Transform &t) { return shiftedBits(dihedralBits(b, dihedralIndex(t)), t); }

PieceBoards pieceBoards(const chess::Position &p)
{
    PieceBoards out;
    out.occupied = p.occupied().bits();
    size_t i = 0;
    for (chess::Color c : {chess::White, chess::Black})
        for (int pt = chess::Pawn; pt <= chess::King; ++pt)
            out.byPiece[i++] = p.pieces(c, chess::PieceType(pt)).bits();
    return out;
}

} // namespace cql::cqls
