// Splits a CQL 6 query into tokens. Unicode aliases (♔ … ∙) become the same
// tokens as their ASCII spellings, so the parser sees one language.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "token.h"

#include <string_view>
#include <vector>

namespace cql {

class Lexer {
public:
    explicit Lexer(std::string_view text);
    // All tokens, ending with Tok::End. Lexical errors become Tok::Error tokens
    // (text = message) so the parser can report them in place and go on.
    std::vector<Token> tokenize();

private:
    Token next();
    void skipSpaceAndComments(bool &sawSpace);
    bool lexDesignator(Token &t);
    bool lexSquarePart(size_t &p, chess::SquareSet &out) const;
    bool lexSquareList(size_t &p, chess::SquareSet &out) const;
    bool startsBracketedToken(size_t p) const;
    bool badSquarePart(Token &t, size_t p);
    bool lexPiecePart(size_t &p, PieceMask &out) const;
    bool lexPieceChar(size_t &p, PieceMask &out) const;
    // What CQL 6.2 refuses in the piece part [b, e): a glyph's piece twice
    // (♔♔, ◭△) or, in brackets, glyphs and letters mixed ([K♔]); else empty.
    std::string badPieceGlyphs(size_t b, size_t e, bool bracketed) const;
    char32_t peekCode(size_t p, int *len = nullptr) const;
    void advanceTo(size_t p); // moves m_pos keeping line/column right
    SourcePos here() const { return {int(m_pos), m_line, m_col}; }

    std::string_view m_text;
    size_t m_pos = 0;
    int m_line = 1;
    int m_col = 1;
    std::vector<Token> m_pending; // tokens produced ahead (e.g. /// splits)
};

// Decodes one UTF-8 code point at text[p]; len = bytes used (1 for invalid bytes).
char32_t decodeUtf8(std::string_view text, size_t p, int *len);

} // namespace cql
