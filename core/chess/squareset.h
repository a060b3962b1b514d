// A set of squares as a 64-bit board, with the set algebra and the board
// transforms CQL needs (every transform is a bijection on squares; squares
// pushed off the board by a shift are dropped).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "types.h"

#include <bit>
#include <cstdint>
#include <string>

namespace chess {

// Without a POPCNT target the library popcount is an out-of-line call; CQL
// counts sets at every position (#A, comparisons), so count inline instead.
constexpr int popCount(uint64_t b)
{
#if defined(__POPCNT__)
    return std::popcount(b);
#else
    b = b - ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return int((b * 0x0101010101010101ULL) >> 56);
#endif
}

class SquareSet {
public:
    constexpr SquareSet() = default;
    constexpr explicit SquareSet(uint64_t bits) : m_bits(bits) {}
    static constexpr SquareSet of(Square s) { return SquareSet(uint64_t(1) << s); }
    static constexpr SquareSet all() { return SquareSet(~uint64_t(0)); }
    static constexpr SquareSet none() { return SquareSet(); }
    static constexpr SquareSet file(int f) { return SquareSet(0x0101010101010101ULL << f); }
    static constexpr SquareSet rank(int r) { return SquareSet(0xFFULL << (8 * r)); }
    static constexpr SquareSet light() { return SquareSet(0x55AA55AA55AA55AAULL); }
    static constexpr SquareSet dark() { return SquareSet(0xAA55AA55AA55AA55ULL); }

    constexpr uint64_t bits() const { return m_bits; }
    constexpr bool empty() const { return m_bits == 0; }
    constexpr bool any() const { return m_bits != 0; }
    constexpr int count() const { return popCount(m_bits); }
    constexpr bool contains(Square s) const { return (m_bits >> s) & 1; }
    constexpr bool moreThanOne() const { return m_bits & (m_bits - 1); }
    constexpr Square first() const { return m_bits ? Square(std::countr_zero(m_bits)) : NoSquare; }
    constexpr Square popFirst()
    {
        Square s = first();
        m_bits &= m_bits - 1;
        return s;
    }

    constexpr SquareSet operator|(SquareSet o) const { return SquareSet(m_bits | o.m_bits); }
    constexpr SquareSet operator&(SquareSet o) const { return SquareSet(m_bits & o.m_bits); }
    constexpr SquareSet operator^(SquareSet o) const { return SquareSet(m_bits ^ o.m_bits); }
    constexpr SquareSet operator-(SquareSet o) const { return SquareSet(m_bits & ~o.m_bits); }
    constexpr SquareSet operator~() const { return SquareSet(~m_bits); }
    constexpr SquareSet &operator|=(SquareSet o)
    {
        m_bits |= o.m_bits;
        return *this;
    }
    constexpr SquareSet &operator&=(SquareSet o)
    {
        m_bits &= o.m_bits;
        return *this;
    }
    constexpr SquareSet &operator-=(SquareSet o)
    {
        m_bits &= ~o.m_bits;
        return *this;
    }
    constexpr SquareSet &operator^=(SquareSet o)
    {
        m_bits ^= o.m_bits;
        return *this;
    }
    constexpr bool operator==(const SquareSet &) const = default;

    // CQL "flipvertical": mirror about the vertical axis, a-file <-> h-file.
    SquareSet mirrorFiles() const;
    // CQL "fliphorizontal": mirror about the horizontal axis, rank 1 <-> rank 8.
    SquareSet mirrorRanks() const;
    // Reflect about the a1-h8 diagonal (a8 <-> h1).
    SquareSet flipDiagonal() const;
    // Reflect about the a8-h1 diagonal (a1 <-> h8).
    SquareSet flipAntiDiagonal() const;
    // Counterclockwise quarter turn about the centre (a1 -> h1 -> h8 -> a8), seed 003.
    SquareSet rotate90() const;
    SquareSet rotate180() const;
    SquareSet rotate270() const;
    // Translate by (df, dr) files/ranks; squares leaving the board are dropped.
    // Inline: direction filters shift once per distance and direction.
    constexpr SquareSet shifted(int df, int dr) const
    {
        if (df <= -8 || df >= 8 || dr <= -8 || dr >= 8) return SquareSet();
        // Files that would wrap onto the next rank are dropped first: a byte
        // of the files kept, repeated on every rank.
        constexpr uint64_t everyRank = 0x0101010101010101ULL;
        uint64_t x = m_bits;
        if (df > 0)
            x = (x & (everyRank * (0xFFu >> df))) << df;
        else if (df < 0)
            x = (x & (everyRank * ((0xFFu << -df) & 0xFFu))) >> -df;
        if (dr > 0)
            x <<= 8 * dr;
        else if (dr < 0)
            x >>= -8 * dr;
        return SquareSet(x);
    }

    class Iterator {
    public:
        constexpr explicit Iterator(uint64_t b) : m_b(b) {}
        constexpr Square operator*() const { return Square(std::countr_zero(m_b)); }
        constexpr Iterator &operator++()
        {
            m_b &= m_b - 1;
            return *this;
        }
        constexpr bool operator!=(const Iterator &o) const { return m_b != o.m_b; }

    private:
        uint64_t m_b;
    };
    constexpr Iterator begin() const { return Iterator(m_bits); }
    constexpr Iterator end() const { return Iterator(0); }

    // "[a1,c3,e4]" — sorted by square index; "[]" when empty. For messages and tests.
    std::string toString() const;
    void appendTo(std::string &out) const; // what toString() gives, appended

private:
    uint64_t m_bits = 0;
};

} // namespace chess
