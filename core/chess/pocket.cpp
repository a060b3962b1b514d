// Crazyhouse pockets as FEN writes them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pocket.h"

namespace chess {

std::string Pocket::text() const
{
    std::string out;
    for (const Color c : {White, Black})
        for (int t = Pawn; t <= Queen; ++t)
            out.append(size_t(count(c, PieceType(t))), pieceChar(makePiece(c, PieceType(t))));
    return out;
}

bool Pocket::parse(std::string_view text)
{
    Pocket read;
    for (const char ch : text) {
        const Piece p = pieceFromChar(ch);
        // More of a kind than a game has pieces is no pocket any game reaches.
        if (p == NoPiece || typeOf(p) == King || read.count(colorOf(p), typeOf(p)) >= 16) return false;
        read.add(colorOf(p), typeOf(p));
    }
    *this = read;
    return true;
}

} // namespace chess
