// Attack tables (magic bitboards for sliders) and the public attack functions.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "attacks.h"
#include "attacktables.h"
#include "magicnumbers.h"

#include <bit>

namespace chess {
namespace detail {

namespace {

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool onBoard(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Ray walk used only to fill the tables.
uint64_t slowSlider(const int (*dirs)[2], Square s, uint64_t occ)
{
    uint64_t result = 0;
    for (int d = 0; d < 4; ++d) {
        int f = fileOf(s) + dirs[d][0], r = rankOf(s) + dirs[d][1];
        while (onBoard(f, r)) {
            const uint64_t bit = uint64_t(1) << (r * 8 + f);
            result |= bit;
            if (occ & bit) break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return result;
}

// Relevant occupancy: the rays without their last square (an edge piece never blocks more).
uint64_t relevantMask(const int (*dirs)[2], Square s)
{
    uint64_t mask = 0;
    for (int d = 0; d < 4; ++d) {
        int f = fileOf(s) + dirs[d][0], r = rankOf(s) + dirs[d][1];
        while (onBoard(f + dirs[d][0], r + dirs[d][1])) {
            mask |= uint64_t(1) << (r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return mask;
}

uint64_t leaper(Square s, const int (*steps)[2], int n)
{
    uint64_t result = 0;
    for (int i = 0; i < n; ++i) {
        const int f = fileOf(s) + steps[i][0], r = rankOf(s) + steps[i][1];
        if (onBoard(f, r)) result |= uint64_t(1) << (r * 8 + f);
    }
    return result;
}

void fillMagics(AttackTables &t, Magic *magics, const int (*dirs)[2], const uint64_t *numbers, int &offset)
{
    for (int i = 0; i < 64; ++i) {
        const Square s = Square(i);
        Magic &m = magics[i];
        m.mask = relevantMask(dirs, s);
        m.magic = numbers[i];
        m.shift = unsigned(64 - std::popcount(m.mask));
        m.attacks = t.slider + offset;
        uint64_t subset = 0;
        do { // every subset of the mask (carry-rippler)
            t.slider[offset + m.index(subset)] = slowSlider(dirs, s, subset);
            subset = (subset - m.mask) & m.mask;
        } while (subset);
        offset += 1 << std::popcount(m.mask);
    }
}

void initTables(AttackTables &t)
{
    static constexpr int knightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static constexpr int kingSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static constexpr int whitePawn[2][2] = {{-1, 1}, {1, 1}};
    static constexpr int blackPawn[2][2] = {{-1, -1}, {1, -1}};

    int offset = 0;
    fillMagics(t, t.rook, RookDirs, RookMagicNumbers, offset);
    fillMagics(t, t.bishop, BishopDirs, BishopMagicNumbers, offset);

    for (int i = 0; i < 64; ++i) {
        const Square s = Square(i);
        t.knight[i] = leaper(s, knightSteps, 8);
        t.king[i] = leaper(s, kingSteps, 8);
        t.pawn[White][i] = leaper(s, whitePawn, 2);
        t.pawn[Black][i] = leaper(s, blackPawn, 2);
        t.rookPseudo[i] = slowSlider(RookDirs, s, 0);
        t.bishopPseudo[i] = slowSlider(BishopDirs, s, 0);
        t.pseudo[NoPieceType][i] = t.pseudo[Pawn][i] = t.pseudo[7][i] = 0;
        t.pseudo[Knight][i] = t.knight[i];
        t.pseudo[Bishop][i] = t.bishopPseudo[i];
        t.pseudo[Rook][i] = t.rookPseudo[i];
        t.pseudo[Queen][i] = t.rookPseudo[i] | t.bishopPseudo[i];
        t.pseudo[King][i] = t.king[i];
    }
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            t.between[a][b] = 0;
            t.line[a][b] = 0;
            if (a == b) continue;
            const uint64_t bbA = uint64_t(1) << a, bbB = uint64_t(1) << b;
            for (const auto *dirs : {RookDirs, BishopDirs}) {
                if (slowSlider(dirs, Square(a), 0) & bbB) {
                    t.line[a][b] = (slowSlider(dirs, Square(a), 0) & slowSlider(dirs, Square(b), 0)) | bbA | bbB;
                    t.between[a][b] = slowSlider(dirs, Square(a), bbB) & slowSlider(dirs, Square(b), bbA);
                }
            }
        }
    }
}

struct TablesInitialiser {
    TablesInitialiser() { initTables(g_tables); }
};

} // namespace

// Zero-initialised storage (no dynamic initialiser of its own), filled by the object
// below. init_priority(101) runs it before every default-priority static constructor,
// so static Positions elsewhere in the program see ready tables.
AttackTables g_tables;

#if defined(_MSC_VER) && !defined(__clang__)
#pragma init_seg(lib)
static TablesInitialiser s_tablesInitialiser;
#else
__attribute__((init_priority(101))) static TablesInitialiser s_tablesInitialiser;
#endif

} // namespace detail

} // namespace chess
