// A fast 64-bit hash for the store's checksums and file identities. Not
// cryptographic: it tells a damaged or foreign file from a good one, it does
// not defend against someone forging a cache.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
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

// Four independent lanes, so the multiplications overlap (several GB/s). Fed
// in pieces, so a large mapped file can be hashed while its pages are given
// back: the value is hash64 of all the pieces joined.
class Hasher {
public:
    explicit Hasher(uint64_t seed = 0) : m_h{seed ^ K, seed + 1, seed ^ 0x632BE59BD9B4E019ULL, seed - K} {}
    void add(const void *data, size_t size)
    {
        const unsigned char *p = static_cast<const unsigned char *>(data);
        m_size += size;
        if (m_fill) { // complete the block left over from the last piece
            const size_t take = std::min(size, 32 - m_fill);
            std::memcpy(m_block + m_fill, p, take);
            m_fill += take;
            p += take;
            size -= take;
            if (m_fill < 32) return;
            lanes(m_block);
            m_fill = 0;
        }
        for (; size >= 32; p += 32, size -= 32)
            lanes(p);
        std::memcpy(m_block, p, size);
        m_fill = size;
    }
    uint64_t value() const
    {
        uint64_t h0 = m_h[0];
        size_t i = 0;
        for (; i + 8 <= m_fill; i += 8) {
            uint64_t w;
            std::memcpy(&w, m_block + i, 8);
            h0 = mix64(h0 ^ w);
        }
        if (i < m_fill) {
            uint64_t w = 0;
            std::memcpy(&w, m_block + i, m_fill - i);
            h0 = mix64(h0 ^ w);
        }
        return mix64(h0 ^ mix64(m_h[1]) ^ mix64(m_h[2] + 1) ^ mix64(m_h[3] + 2) ^ (uint64_t(m_size) * K));
    }

private:
    static constexpr uint64_t K = 0x9E3779B97F4A7C15ULL;
    void lanes(const unsigned char *p)
    {
        for (int l = 0; l < 4; ++l) {
            uint64_t w;
            std::memcpy(&w, p + size_t(l) * 8, 8);
            m_h[l] = (m_h[l] ^ w) * K;
            m_h[l] ^= m_h[l] >> 31;
        }
    }
    uint64_t m_h[4];
    unsigned char m_block[32] = {};
    size_t m_fill = 0;
    uint64_t m_size = 0;
};

inline uint64_t hash64(const void *data, size_t size, uint64_t seed = 0)
{
    Hasher h(seed);
    h.add(data, size);
    return h.value();
}

inline uint64_t hash64(std::string_view s, uint64_t seed = 0) { return hash64(s.data(), s.size(), seed); }

} // namespace store
