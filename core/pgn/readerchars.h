// Character classes of the PGN tokenizer, shared by its two source files.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace pgn::detail {

enum : uint8_t {
    CSpace = 1, // space, tab, vertical tab, form feed
    CLine = 2,  // \n \r
    CWord = 4,  // may appear in a move, move number, result or symbol
    CDigit = 8,
    CIdent = 16,    // tag name
    CSan = 32,      // may appear in a plain move ("Nbxd7+", "O-O", "e8=Q"): the fast path
    CSanStart = 64, // may begin one
};

struct CharTable {
    uint8_t c[256] = {};
    constexpr CharTable()
    {
        c[uint8_t(' ')] = c[uint8_t('\t')] = c[uint8_t('\v')] = c[uint8_t('\f')] = CSpace;
        c[uint8_t('\n')] = c[uint8_t('\r')] = CLine;
        for (int i = 'a'; i <= 'z'; ++i)
            c[i] = CWord | CIdent;
        for (int i = 'A'; i <= 'Z'; ++i)
            c[i] = CWord | CIdent;
        for (int i = '0'; i <= '9'; ++i)
            c[i] = CWord | CDigit | CIdent;
        c[uint8_t('_')] = CWord | CIdent;
        for (char ch : {'+', '#', '=', '!', '?', '/', ':', '@', '.', '-', '~', '<', '>', '^', '&', '|'})
            c[uint8_t(ch)] = CWord;
        for (int i = 'a'; i <= 'h'; ++i)
            c[i] |= CSan | CSanStart;
        for (int i = '1'; i <= '8'; ++i)
            c[i] |= CSan;
        for (char ch : {'N', 'B', 'R', 'Q', 'K', 'O'})
            c[uint8_t(ch)] |= CSan | CSanStart;
        for (char ch : {'x', '+', '#', '=', '-'})
            c[uint8_t(ch)] |= CSan;
    }
};
inline constexpr CharTable Chars;

inline bool is(unsigned char ch, uint8_t cls) { return Chars.c[ch] & cls; }

} // namespace pgn::detail
