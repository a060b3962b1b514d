// The CQL-S alphabet of piece designators (K..p, A/a, M/m, I/i, U, '.', '?',
// '~' promoted, '~~' not promoted), square designators (a1, a?, ?8, a-c1-3,
// L?/D? light and dark squares, [+] and [*]) and range and percentage
// specifiers (3, >=2, 1 3, end-3, *, –, >50%).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/token.h"

#include <string>
#include <string_view>
#include <vector>

namespace cql::cqls {

// Which pieces a piecetype designator names. A designator may mix plain
// letters with '~' (only promoted pieces) and '~~' (only pieces that are not
// the result of a promotion).
struct PieceTypes {
    PieceMask plain = 0;
    PieceMask promoted = 0;
    PieceMask unpromoted = 0;
    bool anything = false; // '?': any piece or an empty square
    std::string tag;       // '$name': the piece a :forany tag is bound to
    bool any() const { return anything || plain || promoted || unpromoted || !tag.empty(); }
};

struct Designator {
    PieceTypes pieces;
    chess::SquareSet squares = chess::SquareSet::all();
    // "[+]" or "[*]": the backhand of drop chess, where the pieces to be
    // dropped are; a designator naming it matches the pieces a drop sets in.
    bool hand = false;
};

// The pieces a designator of the backhand ("[+]") names: a piece in hand is
// never the result of a promotion ('~' names none), '?' names every piece.
PieceMask handPieces(const PieceTypes &p);

// Piece letters of CQL-S; false for a character that is none.
bool pieceLetter(char c, PieceMask &out);

// Parses a piecetype designator at the start of text ("R", "[Qq]", "U~",
// "[Q~q~~]", "[]"); used = characters read.
bool parsePieceTypes(std::string_view text, PieceTypes &out, size_t &used, std::string &error);
// A square designator: "" (all squares), "a1", "a?", "?8", "L?", "[a-h1-2,f6]", "[ ]", "[+]", "[*]".
// hand (when given) tells whether the designator names the backhand ("[+]", "[*]", "[+,a1]").
bool parseSquares(std::string_view text, chess::SquareSet &out, std::string &error, bool *hand = nullptr);
// The file (kind 0) or rank (kind 1) part of a square at t[i]: a name, '?',
// L/D (colour 1 light, 2 dark squares), "x-y", or a bracketed set of names and
// ranges ("[ac]", "[1-7]"); i is moved past it.
bool parseAxis(std::string_view t, size_t &i, int kind, chess::SquareSet &lines, int &colour, std::string &error);
// A whole piece designator: piecetype designator then square designator.
bool parseDesignator(std::string_view text, Designator &out, std::string &error);
// The designator's white (or black) pieces only, for the "R1 : R2" forms
// ('U' is all of that colour's); false when it has none of that colour.
bool colourPart(const Designator &d, bool white, Designator &out);

// The second designator of :piececountdifference and its kin: when it is left
// out, the first one's white pieces are compared with its black ones.
void differencePair(Designator &first, Designator &second, bool secondGiven);

// A bound of a range: a number, or counted back from the game's end ("end", "end-3").
struct Bound {
    long long value = 0;
    bool fromEnd = false;
};

struct Range {
    static constexpr long long Min = -(1LL << 62), Max = 1LL << 62; // unbounded
    Bound lo{Min, false};
    Bound hi{Max, false};
    bool empty = false;   // '–': no value at all
    bool percent = false; // bounds are percentages
    bool contains(long long v) const { return !empty && v >= lo.value && v <= hi.value; }
    bool usesEnd() const { return lo.fromEnd || hi.fromEnd; }
};

// Takes a leading sign ('+', '-' or U+2212) off t; true for a minus.
bool takeSign(std::string_view &t);
// Number with an optional sign ('+', '-', U+2212 minus).
bool parseNumber(std::string_view text, long long &out);

// The parts of a comma-separated list word ("1-0,0-1", "[a1, c4]"'s inside),
// empty ones included.
std::vector<std::string_view> commaParts(std::string_view text);

// A game result as :result reads it, in PGN ("1/2", "=" are "1/2-1/2"; "0-0"
// both lost); "" for a word that is none.
std::string gameResult(std::string_view word);
// A leading >, >=, < or <= taken off text: 1, 2, 3 or 4 (0 when none).
int readComparison(std::string_view &text);
// One word of a range: ">=2", "<5", "3", "*", "–", ">50%". Sets `open` when
// the word is a plain bound that a second word may close ("1 3").
bool parseRangeWord(std::string_view text, Range &out, bool &plain, bool allowEnd, bool allowPercent);
// After a plain first bound: true (and r's upper bound set) when `next` is a
// plain bound of the same kind that closes the range ("1 3").
bool closeRange(std::string_view next, Range &r, bool allowEnd, bool allowPercent);

} // namespace cql::cqls
