// P2 of a relation under a flip or shift.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/relationimage.h"

#include <algorithm>

namespace cql::cqls {

void addRelationTransforms(std::vector<Transform> &allowed, const std::vector<Transform> &group)
{
    if (allowed.empty())
        allowed.push_back(Transform::identity());
    std::vector<Transform> product;
    for (const Transform &g : group)
        for (const Transform &a : allowed) {
            Transform t = g * a;
            if (std::find(product.begin(), product.end(), t) == product.end())
                product.push_back(t);
        }
    allowed = std::move(product);
}

namespace {

// Square index = rank * 8 + file (chess::makeSquare).
uint64_t mirrorFiles(uint64_t b) // file f -> 7 - f
{
    const uint64_t k1 = 0x5555555555555555ULL, k2 = 0x3333333333333333ULL, k4 = 0x0f0f0f0f0f0f0f0fULL;
    b = ((b >> 1) & k1) | ((b & k1) << 1);
    b = ((b >> 2) & k2) | ((b & k2) << 2);
    b = ((b >> 4) & k4) | ((b & k4) << 4);
    return b;
}

uint64_t mirrorRanks(uint64_t b) { return __builtin_bswap64(b); } // rank r -> 7 - r

uint64_t transpose(uint64_t b) // (f, r) -> (r, f): the a1-h8 diagonal stays
{
    const uint64_t k1 = 0x5500550055005500ULL, k2 = 0x3333000033330000ULL, k4 = 0x0f0f0f0f00000000ULL;
    uint64_t t = k4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = k2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = k1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    return b;
}


} // namespace

uint64_t dihedralBits(uint64_t b, int index)
{
    // (x, y) -> M (x, y) on centred coordinates; the eight matrices of the
    // dihedral group, each as flips of the bitboard.
    if (index >= 4)
        b = transpose(b); // now (x, y) -> (y, x); the rest flips signs
    if (index & 1)
        b = mirrorFiles(b);
    if (index & 2)
        b = mirrorRanks(b);
    return b;
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
