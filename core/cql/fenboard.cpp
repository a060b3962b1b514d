// FEN piece placements as CQL filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fenboard.h"

namespace cql {

bool fenBoardFilter(std::string_view fen, std::string &filter, std::string &error)
{
    const size_t b = fen.find_first_not_of(" \t");
    if (b == fen.npos) {
        error = "empty FEN";
        return false;
    }
    fen.remove_prefix(b);
    char squares[64];
    int rank = 7, file = 0;
    for (size_t i = 0; i < fen.size() && !(rank == 0 && file == 8); ++i) {
        const char c = fen[i];
        const std::string at = " (character " + std::to_string(i + 1) + ")";
        if (c == '/') {
            if (file != 8) {
                error = "rank " + std::to_string(rank + 1) + " of the FEN does not have 8 squares" + at;
                return false;
            }
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            if (file + (c - '0') > 8) {
                error = "rank " + std::to_string(rank + 1) + " of the FEN has more than 8 squares" + at;
                return false;
            }
            for (int k = c - '0'; k > 0; --k)
                squares[rank * 8 + file++] = '_';
        } else if (std::string_view("KQRBNPkqrbnpAa_.").find(c) != std::string_view::npos) {
            if (file >= 8) {
                error = "rank " + std::to_string(rank + 1) + " of the FEN has more than 8 squares" + at;
                return false;
            }
            squares[rank * 8 + file++] = c;
        } else {
            error = std::string("unexpected '") + c + "' in the FEN's piece placement" + at;
            return false;
        }
    }
    if (rank != 0 || file != 8) {
        error = "the FEN's piece placement must describe 8 ranks of 8 squares";
        return false;
    }
    // Occupied squares first: they fail fastest on a position that differs.
    filter = "{";
    for (int pass = 0; pass < 2; ++pass) {
        for (int sq = 0; sq < 64; ++sq) {
            if (squares[sq] == '.' || (squares[sq] == '_') != (pass == 1)) continue;
            if (filter.size() > 1) filter += ' ';
            filter += squares[sq];
            filter += char('a' + sq % 8);
            filter += char('1' + sq / 8);
        }
    }
    filter += '}';
    return true;
}

} // namespace cql
