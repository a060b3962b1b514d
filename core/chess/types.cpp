// SPDX-License-Identifier: GPL-3.0-or-later
#include "types.h"

namespace chess {

std::string squareName(Square s)
{
    if (!isValid(s)) return "-";
    return {char('a' + fileOf(s)), char('1' + rankOf(s))};
}

Square parseSquare(std::string_view t)
{
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return NoSquare;
    return makeSquare(t[0] - 'a', t[1] - '1');
}

char pieceChar(Piece p)
{
    static constexpr char chars[] = ".PNBRQK..pnbrqk.";
    return chars[p & 15];
}

Piece pieceFromChar(char c)
{
    switch (c) {
    case 'P': return WPawn;
    case 'N': return WKnight;
    case 'B': return WBishop;
    case 'R': return WRook;
    case 'Q': return WQueen;
    case 'K': return WKing;
    case 'p': return BPawn;
    case 'n': return BKnight;
    case 'b': return BBishop;
    case 'r': return BRook;
    case 'q': return BQueen;
    case 'k': return BKing;
    default: return NoPiece;
    }
}

char pieceTypeChar(PieceType t)
{
    static constexpr char chars[] = " PNBRQK";
    return t <= King ? chars[t] : ' ';
}

} // namespace chess
