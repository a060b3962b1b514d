// SquareSet board transforms (bit-parallel reflections) and text form.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "squareset.h"

namespace chess {

namespace {

constexpr uint64_t byteSwap(uint64_t x)
{
    x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
    return (x >> 32) | (x << 32);
}

constexpr uint64_t reverseFiles(uint64_t x)
{
    constexpr uint64_t k1 = 0x5555555555555555ULL, k2 = 0x3333333333333333ULL, k4 = 0x0F0F0F0F0F0F0F0FULL;
    x = ((x >> 1) & k1) | ((x & k1) << 1);
    x = ((x >> 2) & k2) | ((x & k2) << 2);
    return ((x >> 4) & k4) | ((x & k4) << 4);
}

// Swap file and rank: three delta swaps moving 4x4, 2x2 and 1x1 blocks across a1-h8.
constexpr uint64_t swapFileRank(uint64_t x)
{
    constexpr uint64_t k1 = 0x5500550055005500ULL, k2 = 0x3333000033330000ULL, k4 = 0x0F0F0F0F00000000ULL;
    uint64_t t = k4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = k2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = k1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

} // namespace

SquareSet SquareSet::mirrorFiles() const { return SquareSet(reverseFiles(m_bits)); }
SquareSet SquareSet::mirrorRanks() const { return SquareSet(byteSwap(m_bits)); }
SquareSet SquareSet::flipDiagonal() const { return SquareSet(swapFileRank(m_bits)); }
// (f, r) -> (7 - r, 7 - f): the a1-h8 swap followed by a half turn.
SquareSet SquareSet::flipAntiDiagonal() const { return SquareSet(reverseFiles(byteSwap(swapFileRank(m_bits)))); }
// (f, r) -> (7 - r, f)
SquareSet SquareSet::rotate90() const { return SquareSet(reverseFiles(swapFileRank(m_bits))); }
SquareSet SquareSet::rotate180() const { return SquareSet(reverseFiles(byteSwap(m_bits))); }
// (f, r) -> (r, 7 - f)
SquareSet SquareSet::rotate270() const { return SquareSet(byteSwap(swapFileRank(m_bits))); }

std::string SquareSet::toString() const
{
    std::string out;
    appendTo(out);
    return out;
}

void SquareSet::appendTo(std::string &out) const
{
    out += '[';
    bool first = true;
    for (Square s : *this) {
        if (!first) out += ',';
        first = false;
        const char name[2] = {char('a' + fileOf(s)), char('1' + rankOf(s))};
        out.append(name, 2);
    }
    out += ']';
}

} // namespace chess
