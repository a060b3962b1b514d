// Zobrist hashing keys, generated at compile time from a fixed seed so keys are
// identical across runs and builds (they may be stored, e.g. in position indexes).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "types.h"

#include <cstdint>
#include <iterator>

namespace chess::zobrist {

struct Keys {
    uint64_t piece[16][64]; // indexed by Piece; the slots of no piece are never used
    uint64_t castling[64];  // one per castling rook square
    uint64_t enPassant[8];  // by file
    uint64_t side;          // black to move
    // Variants, after the standard keys so that those stay as they were. A
    // count's key stands for "this many of them" (0: none, no key).
    uint64_t pocket[2][8][32]; // Crazyhouse: [colour][piece type][count]
    uint64_t checksLeft[2][4]; // Three-check: [colour][checks left]
};

constexpr uint64_t splitMix64(uint64_t &state)
{
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr Keys makeKeys()
{
    Keys k{};
    uint64_t state = 0x43514C5742ULL; // "CQLWB"
    for (auto &row : k.piece)
        for (auto &v : row)
            v = splitMix64(state);
    for (auto &v : k.castling)
        v = splitMix64(state);
    for (auto &v : k.enPassant)
        v = splitMix64(state);
    k.side = splitMix64(state);
    for (auto &colour : k.pocket)
        for (auto &type : colour)
            for (size_t n = 1; n < std::size(type); ++n)
                type[n] = splitMix64(state);
    for (auto &colour : k.checksLeft)
        for (size_t n = 0; n < 3; ++n) // 3 left is the start: no key, as in standard chess
            colour[n] = splitMix64(state);
    return k;
}

inline constexpr Keys keys = makeKeys();

} // namespace chess::zobrist
