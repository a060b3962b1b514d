// A fast 64-bit hash for the store's checksums and file identities. Not
// cryptographic: it tells a damaged or foreign file from a good one, it does
// not defend against someone forging a cache.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace store {

inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

// Four independent lanes, so the multiplications overlap (several GB/s).
inline uint64_t hash64(const void *data, size_t size, uint64_t seed = 0)
{
    const unsigned char *p = static_cast<const unsigned char *>(data);
    constexpr uint64_t K = 0x9E3779B97F4A7C15ULL;
    uint64_t h[4] = {seed ^ K, seed + 1, seed ^ 0x632BE59BD9B4E019ULL, seed - K};
    size_t i = 0;
    for (; i + 32 <= size; i += 32)
        for (int l = 0; l < 4; ++l) {
            uint64_t w;
            std::memcpy(&w, p + i + size_t(l) * 8, 8);
            h[l] = (h[l] ^ w) * K;
            h[l] ^= h[l] >> 31;
        }
    // The tail (under 32 bytes) a word at a time: one word holds at most 8 of them.
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        std::memcpy(&w, p + i, 8);
        h[0] = mix64(h[0] ^ w);
    }
    if (i < size) {
        uint64_t w = 0;
        std::memcpy(&w, p + i, size - i);
        h[0] = mix64(h[0] ^ w);
    }
    return mix64(h[0] ^ mix64(h[1]) ^ mix64(h[2] + 1) ^ mix64(h[3] + 2) ^ (uint64_t(size) * K));
}

inline uint64_t hash64(std::string_view s, uint64_t seed = 0) { return hash64(s.data(), s.size(), seed); }

} // namespace store
