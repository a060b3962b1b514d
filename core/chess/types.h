// Basic chess vocabulary: colours, piece types, pieces, squares.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace chess {

enum Color : uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t { NoPieceType = 0, Pawn, Knight, Bishop, Rook, Queen, King };

// Piece = colour * 8 + type, so a piece indexes tables of 16 and the colour is one bit.
enum Piece : uint8_t {
    NoPiece = 0,
    WPawn = 1,
    WKnight,
    WBishop,
    WRook,
    WQueen,
    WKing,
    BPawn = 9,
    BKnight,
    BBishop,
    BRook,
    BQueen,
    BKing,
};
constexpr Piece makePiece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType typeOf(Piece p) { return PieceType(p & 7); }
constexpr Color colorOf(Piece p) { return Color(p >> 3); }

// Squares a1 = 0, b1 = 1, ..., h8 = 63; file and rank are 0-based.
enum Square : uint8_t {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
    NoSquare = 64
};
constexpr Square makeSquare(int file, int rank) { return Square(rank * 8 + file); }
constexpr int fileOf(Square s) { return s & 7; }
constexpr int rankOf(Square s) { return s >> 3; }
constexpr bool isValid(Square s) { return s < 64; }
// Square as seen from the other side of the board (a1 <-> a8).
constexpr Square mirrorRank(Square s) { return Square(s ^ 56); }

std::string squareName(Square s);          // "e4"; "-" for NoSquare
Square parseSquare(std::string_view text); // NoSquare unless exactly a valid name
char pieceChar(Piece p);                   // 'P' white, 'p' black, '.' none
Piece pieceFromChar(char c);               // NoPiece for anything else
char pieceTypeChar(PieceType t);           // 'P','N','B','R','Q','K'; ' ' for none

} // namespace chess
