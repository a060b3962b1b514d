// Tokens of the CQL language as the lexer hands them to the parsers.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/squareset.h"

#include <cstdint>
#include <string>

namespace cql {

struct SourcePos {
    int offset = 0; // byte offset in the query text
    int line = 1;   // 1-based
    int column = 1; // 1-based, in code points
};

struct SourceRange {
    SourcePos begin;
    SourcePos end; // one past the last character
};

enum class Tok : uint8_t {
    End,
    Word,       // keyword or variable name (text)
    Number,     // number
    String,     // text (unescaped)
    Designator, // piece designator / square set (pieces, squares)
    Punct,      // op
    Error,      // text = message
};

// Operators and punctuation. Unicode aliases are folded into these.
enum class Op : uint8_t {
    None,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Assign,
    AssignIfUnbound, // =  =?
    PlusAssign,
    MinusAssign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    OrAssign,
    AndAssign,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge, // == != < <= > >=
    Amp,
    Bar,
    Tilde,
    Hash,       // & | ~ #
    RegexMatch, // ~~
    ArrowRight,
    ArrowLeft, // -> <-
    LineForward,
    LineBackward, // --> <--
    Dash,
    CaptureDash, // -- [x]
    Element,
    ForAll, // [element] ∊  [forall] ∀
    PosLt,
    PosGt,
    PosLe,
    PosGe, // [<] [>] [<=] [>=]
    Question,
    LBracket,
    RBracket,      // ? [ ]  (line repetitions {m,n} use braces)
    CommentFilter, // /// (text follows as a string/filter list)
};

// Which pieces a designator names: bit p set for chess::Piece p (1..14), bit 0 = empty square.
// = += -= *= /= %= |= &=, and =? with ifUnbound.
constexpr bool isAssignment(Op op, bool ifUnbound)
{
    switch (op) {
    case Op::AssignIfUnbound: return ifUnbound;
    case Op::Assign:
    case Op::PlusAssign:
    case Op::MinusAssign:
    case Op::StarAssign:
    case Op::SlashAssign:
    case Op::PercentAssign:
    case Op::OrAssign:
    case Op::AndAssign: return true;
    default: return false;
    }
}

using PieceMask = uint16_t;
constexpr PieceMask EmptyBit = 1;
constexpr PieceMask WhiteBits = 0x7E;   // pieces 1..6
constexpr PieceMask BlackBits = 0x7E00; // pieces 9..14

struct Token {
    Tok kind = Tok::End;
    Op op = Op::None;
    SourceRange range;
    std::string text; // word, string contents, original spelling
    long long number = 0;
    PieceMask pieces = 0;     // designator: 0 = no piece part (any contents)
    chess::SquareSet squares; // designator: squares (all 64 if no square part)
    bool spaceBefore = false; // whitespace or comment precedes the token
};

} // namespace cql
