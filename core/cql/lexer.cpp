// CQL lexer: words, numbers, strings, piece designators, operators, comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lexer.h"

#include <algorithm>
#include <bit>

namespace cql {

using chess::SquareSet;

char32_t decodeUtf8(std::string_view s, size_t p, int *len)
{
    auto b = [&](size_t i) { return i < s.size() ? uint8_t(s[i]) : uint8_t(0); };
    uint8_t c = b(p);
    int n = 1;
    char32_t cp = c;
    if (c >= 0xF0 && c < 0xF8) {
        n = 4;
        cp = c & 7;
    } else if (c >= 0xE0) {
        n = 3;
        cp = c & 15;
    } else if (c >= 0xC0) {
        n = 2;
        cp = c & 31;
    } else if (c >= 0x80) {
        if (len) *len = 1;
        return 0xFFFD;
    }
    for (int i = 1; i < n; ++i) {
        uint8_t x = b(p + i);
        if ((x & 0xC0) != 0x80) {
            if (len) *len = 1;
            return 0xFFFD;
        }
        cp = (cp << 6) | (x & 63);
    }
    if (len) *len = n;
    return cp;
}

namespace {

bool isWordStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
bool isWordChar(char c) { return isWordStart(c) || (c >= '0' && c <= '9'); }

// Unicode piece glyphs: ♔♕♖♗♘♙ white, ♚♛♜♝♞♟ black; △ ▲ any white/black piece,
// □ empty, ▦ every square.
PieceMask glyphPieces(char32_t cp)
{
    static constexpr chess::Piece white[] = {chess::WKing,   chess::WQueen,  chess::WRook,
                                             chess::WBishop, chess::WKnight, chess::WPawn};
    static constexpr chess::Piece black[] = {chess::BKing,   chess::BQueen,  chess::BRook,
                                             chess::BBishop, chess::BKnight, chess::BPawn};
    if (cp >= 0x2654 && cp <= 0x2659) return PieceMask(1u << white[cp - 0x2654]);
    if (cp >= 0x265A && cp <= 0x265F) return PieceMask(1u << black[cp - 0x265A]);
    if (cp == 0x25B3) return WhiteBits;
    if (cp == 0x25B2) return BlackBits;
    if (cp == 0x25ED) return WhiteBits | BlackBits;
    if (cp == 0x25A1) return EmptyBit;
    return 0;
}

PieceMask asciiPieces(char c)
{
    switch (c) {
    case 'A': return WhiteBits;
    case 'a': return BlackBits;
    case '_': return EmptyBit;
    default: {
        chess::Piece p = chess::pieceFromChar(c);
        return p == chess::NoPiece ? 0 : PieceMask(1u << p);
    }
    }
}

// Unicode aliases that stand for a whole keyword.
const char *glyphWord(char32_t cp)
{
    switch (cp) {
    case 0x22A2: return "path";
    case 0x25CE: return "focus";
    case 0x2735: return "flip";
    case 0x2B13: return "flipcolor";
    case 0x2219: return "currentposition";
    default: return nullptr;
    }
}

Op glyphOp(char32_t cp)
{
    switch (cp) {
    case 0x00D7: return Op::CaptureDash;
    case 0x2192: return Op::ArrowRight;
    case 0x2190: return Op::ArrowLeft;
    case 0x222A: return Op::Bar;
    case 0x2229: return Op::Amp;
    case 0x2264: return Op::Le;
    case 0x2265: return Op::Ge;
    case 0x2260: return Op::Ne;
    case 0x220A: return Op::Element;
    case 0x2200: return Op::ForAll;
    case 0x227A: return Op::PosLt;
    case 0x227B: return Op::PosGt;
    case 0x227C: return Op::PosLe;
    case 0x227D: return Op::PosGe;
    default: return Op::None;
    }
}

} // namespace

Lexer::Lexer(std::string_view text) : m_text(text)
{
    if (m_text.substr(0, 3) == "\xEF\xBB\xBF") m_pos = 3;
}

char32_t Lexer::peekCode(size_t p, int *len) const
{
    if (p >= m_text.size()) {
        if (len) *len = 0;
        return 0;
    }
    return decodeUtf8(m_text, p, len);
}

void Lexer::advanceTo(size_t p)
{
    while (m_pos < p) {
        // ASCII without decoding: the editor lexes on every keystroke.
        const unsigned char b = static_cast<unsigned char>(m_text[m_pos]);
        if (b < 0x80) {
            ++m_pos;
            if (b == '\n') {
                ++m_line;
                m_col = 1;
            } else
                ++m_col;
            continue;
        }
        int len = 1;
        char32_t cp = decodeUtf8(m_text, m_pos, &len);
        m_pos += len;
        if (cp == '\n') {
            ++m_line;
            m_col = 1;
        } else
            ++m_col;
    }
}

std::vector<Token> Lexer::tokenize()
{
    std::vector<Token> out;
    out.reserve(m_text.size() / 4 + 16);
    for (;;) {
        Token t = next();
        bool end = t.kind == Tok::End;
        out.push_back(std::move(t));
        if (end) break;
    }
    return out;
}

void Lexer::skipSpaceAndComments(bool &sawSpace)
{
    for (;;) {
        if (m_pos >= m_text.size()) return;
        char c = m_text[m_pos];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advanceTo(m_pos + 1);
            sawSpace = true;
        } else if (c == '/' && m_text.substr(m_pos, 3) == "///" && m_text.substr(m_pos, 4) != "////") {
            return; // a comment filter, not a comment (a row of four or more slashes is a comment)
        } else if (c == '/' && m_text.substr(m_pos, 2) == "//") {
            size_t e = m_text.find('\n', m_pos);
            advanceTo(e == std::string_view::npos ? m_text.size() : e);
            sawSpace = true;
        } else if (c == ';') {
            size_t e = m_text.find('\n', m_pos);
            advanceTo(e == std::string_view::npos ? m_text.size() : e);
            sawSpace = true;
        } else if (c == '/' && m_text.substr(m_pos, 2) == "/*") {
            size_t e = m_text.find("*/", m_pos + 2);
            if (e == std::string_view::npos) return; // reported by next() as an unterminated comment
            advanceTo(e + 2);
            sawSpace = true;
        } else {
            return;
        }
    }
}

bool Lexer::lexPieceChar(size_t &p, PieceMask &out) const
{
    int len = 0;
    char32_t cp = peekCode(p, &len);
    if (cp < 128) {
        PieceMask m = asciiPieces(char(cp));
        if (!m) return false;
        out |= m;
        p += 1;
        return true;
    }
    if (cp == 0x25A6) return false; // ▦ is a square set, not a piece
    PieceMask m = glyphPieces(cp);
    if (!m) return false;
    // Adjacent glyphs form one piece list: ♕♖♗ = [QRB], □△ = [_A].
    for (;;) {
        out |= m;
        p += len;
        char32_t next = peekCode(p, &len);
        if (next < 128 || next == 0x25A6 || !(m = glyphPieces(next))) break;
    }
    return true;
}

namespace {
constexpr std::pair<std::string_view, Op> bracketedTokens[] = {
    {"[x]", Op::CaptureDash}, {"[element]", Op::Element}, {"[forall]", Op::ForAll}, {"[<=]", Op::PosLe},
    {"[>=]", Op::PosGe},      {"[<]", Op::PosLt},         {"[>]", Op::PosGt},
};
} // namespace

bool Lexer::startsBracketedToken(size_t p) const
{
    const std::string_view rest = m_text.substr(p);
    for (auto [s, op] : bracketedTokens)
        if (rest.substr(0, s.size()) == s) return true;
    return false;
}

bool Lexer::badSquarePart(Token &t, size_t p)
{
    // CQL 6.2 reads "k[Aa]" and "a1[Aa]" as one designator with a bad square part.
    t.kind = Tok::Error;
    t.text = "after the designator '" + std::string(m_text.substr(m_pos, p - m_pos))
        + "', '[' must list squares (a1, c-e2-4, ...); put a blank between two designators";
    advanceTo(p);
    return true;
}

std::string Lexer::badPieceGlyphs(size_t b, size_t e, bool bracketed) const
{
    // Each glyph stands for one or two of CQL 6.2's piece tokens (◭ = △ ▲).
    static constexpr std::string_view names[] = {"K", "Q", "R", "B", "N", "P", "k", "q",
                                                 "r", "b", "n", "p", "A", "a", "_"};
    auto values = [](char32_t cp) -> uint32_t {
        if (cp >= 0x2654 && cp <= 0x265F) return 1u << (cp - 0x2654);
        if (cp == 0x25B3) return 1u << 12;
        if (cp == 0x25B2) return 1u << 13;
        if (cp == 0x25ED) return 3u << 12;
        if (cp == 0x25A1) return 1u << 14;
        return 0;
    };
    uint32_t seen = 0;
    bool letters = false, glyphs = false;
    for (size_t p = b; p < e;) {
        int len = 1;
        char32_t cp = peekCode(p, &len);
        p += std::max(1, len);
        if (cp < 128) {
            letters = letters || (cp != '[' && cp != ']');
            continue;
        }
        glyphs = true;
        const uint32_t v = values(cp);
        if (const uint32_t twice = seen & v)
            return "the piece " + std::string(names[std::countr_zero(twice)])
                + " is written twice in one designator of piece glyphs";
        seen |= v;
    }
    if (bracketed && letters && glyphs) return "piece glyphs and letters do not mix inside one '[...]'";
    return {};
}

bool Lexer::lexPiecePart(size_t &p, PieceMask &out) const
{
    size_t q = p;
    if (q < m_text.size() && m_text[q] == '[') {
        ++q;
        PieceMask m = 0;
        int n = 0;
        while (lexPieceChar(q, m))
            ++n;
        if (n == 0 || q >= m_text.size() || m_text[q] != ']') return false;
        out = m;
        p = q + 1;
        return true;
    }
    PieceMask m = 0;
    if (!lexPieceChar(q, m)) return false;
    out = m;
    p = q;
    return true;
}

// file [ - file ] rank [ - rank ]
bool Lexer::lexSquarePart(size_t &p, SquareSet &out) const
{
    auto at = [&](size_t i) { return i < m_text.size() ? m_text[i] : '\0'; };
    auto isFile = [](char c) { return c >= 'a' && c <= 'h'; };
    auto isRank = [](char c) { return c >= '1' && c <= '8'; };
    size_t q = p;
    if (!isFile(at(q))) return false;
    int f0 = at(q) - 'a', f1 = f0;
    ++q;
    if (at(q) == '-' && isFile(at(q + 1))) {
        f1 = at(q + 1) - 'a';
        q += 2;
    }
    if (!isRank(at(q))) return false;
    int r0 = at(q) - '1', r1 = r0;
    ++q;
    if (at(q) == '-' && isRank(at(q + 1))) {
        r1 = at(q + 1) - '1';
        q += 2;
    }
    if (f1 < f0 || r1 < r0) return false;
    SquareSet s;
    for (int f = f0; f <= f1; ++f)
        for (int r = r0; r <= r1; ++r)
            s |= SquareSet::of(chess::makeSquare(f, r));
    out = s;
    p = q;
    return true;
}

bool Lexer::lexSquareList(size_t &p, SquareSet &out) const
{
    size_t q = p;
    if (q >= m_text.size() || m_text[q] != '[') return false;
    ++q;
    SquareSet s;
    // `[]` is the empty square set (Seen=[] starts an accumulator). No blanks
    // inside: CQL 6.2 reads [a1, b2] as something else.
    if (q < m_text.size() && m_text[q] == ']') {
        out = s;
        p = q + 1;
        return true;
    }
    for (;;) {
        SquareSet part;
        if (!lexSquarePart(q, part)) return false;
        s |= part;
        if (q < m_text.size() && m_text[q] == ',') {
            ++q;
            continue;
        }
        if (q < m_text.size() && m_text[q] == ']') {
            ++q;
            break;
        }
        return false;
    }
    out = s;
    p = q;
    return true;
}

// A designator is [piece part][square part] or a square part alone; the longest
// reading wins, and it must not run straight into a word character (so "abs"
// is a word, not the designator "a" followed by "bs").
bool Lexer::lexDesignator(Token &t)
{
    auto endsCleanly = [&](size_t q) { return q >= m_text.size() || !isWordChar(m_text[q]); };
    size_t p = m_pos;
    SquareSet squares;
    if ((lexSquarePart(p, squares) || lexSquareList(p, squares)) && endsCleanly(p)) {
        if (p < m_text.size() && m_text[p] == '[' && !startsBracketedToken(p)) return badSquarePart(t, p);
        t.kind = Tok::Designator;
        t.pieces = 0;
        t.squares = squares;
        t.text = std::string(m_text.substr(m_pos, p - m_pos));
        advanceTo(p);
        return true;
    }
    p = m_pos;
    PieceMask pieces = 0;
    if (!lexPiecePart(p, pieces)) return false;
    if (std::string bad = badPieceGlyphs(m_pos, p, m_text[m_pos] == '['); !bad.empty()) {
        t.kind = Tok::Error;
        t.text = std::move(bad);
        advanceTo(p);
        return true;
    }
    squares = SquareSet::all();
    size_t q = p;
    SquareSet sq;
    if (lexSquarePart(q, sq) || lexSquareList(q, sq)) {
        p = q;
        squares = sq;
    } else if (p < m_text.size() && m_text[p] == '[' && !startsBracketedToken(p)) {
        return badSquarePart(t, p);
    }
    if (!endsCleanly(p)) return false;
    t.kind = Tok::Designator;
    t.pieces = pieces;
    t.squares = squares;
    t.text = std::string(m_text.substr(m_pos, p - m_pos));
    advanceTo(p);
    return true;
}

Token Lexer::next()
{
    if (!m_pending.empty()) {
        Token t = std::move(m_pending.front());
        m_pending.erase(m_pending.begin());
        return t;
    }
    bool space = false;
    skipSpaceAndComments(space);
    Token t;
    t.spaceBefore = space;
    t.range.begin = here();
    auto finish = [&](Token &tok) -> Token {
        tok.range.end = here();
        return std::move(tok);
    };
    if (m_pos >= m_text.size()) {
        t.kind = Tok::End;
        return finish(t);
    }
    std::string_view rest = m_text.substr(m_pos);
    char c = rest[0];

    if (rest.substr(0, 2) == "/*") {
        t.kind = Tok::Error;
        t.text = "unterminated comment: '/*' without '*/'";
        advanceTo(m_pos + 2);
        Token e = finish(t);
        advanceTo(m_text.size());
        return e;
    }
    if (rest.substr(0, 3) == "///") {
        t.kind = Tok::Punct;
        t.op = Op::CommentFilter;
        t.text = "///";
        advanceTo(m_pos + 3);
        return finish(t);
    }
    if (c == '"') {
        std::string s;
        size_t p = m_pos + 1;
        bool closed = false;
        // As in CQL 6.2 a string holds its characters as written: a backslash
        // is itself ("\d" reaches a regular expression as \d), and a string
        // ends on its line.
        bool newline = false;
        while (p < m_text.size()) {
            char d = m_text[p];
            if (d == '"') {
                closed = true;
                ++p;
                break;
            }
            if (d == '\n') {
                newline = true;
                break;
            }
            s += d;
            ++p;
        }
        advanceTo(p);
        if (!closed) {
            t.kind = Tok::Error;
            t.text = newline ? "a string does not go past the end of its line: missing '\"'"
                             : "unterminated string: missing '\"'";
            return finish(t);
        }
        t.kind = Tok::String;
        t.text = std::move(s);
        return finish(t);
    }
    if (c >= '0' && c <= '9') {
        size_t p = m_pos;
        long long v = 0;
        bool overflow = false;
        while (p < m_text.size() && m_text[p] >= '0' && m_text[p] <= '9') {
            if (v > 100000000000000LL)
                overflow = true; // reported below; the digits are still consumed
            else
                v = v * 10 + (m_text[p] - '0');
            ++p;
        }
        t.text = std::string(m_text.substr(m_pos, p - m_pos));
        advanceTo(p);
        if (overflow) {
            t.kind = Tok::Error;
            t.text = "number too large: " + t.text;
        } else {
            t.kind = Tok::Number;
            t.number = v;
        }
        return finish(t);
    }

    // A name right after ◭ or [Aa] makes it the `piece` keyword (◭T∊♗ = piece T
    // in B); before a square, or anything else, it is the designator [Aa].
    auto pieceDeclaration = [&](size_t afterGlyph) {
        SquareSet dummy;
        size_t q = afterGlyph;
        if (afterGlyph >= m_text.size() || !isWordStart(m_text[afterGlyph]) || lexSquarePart(q, dummy)) return false;
        t.kind = Tok::Word;
        t.text = "piece";
        advanceTo(afterGlyph);
        return true;
    };
    if (rest.substr(0, 4) == "[Aa]" && pieceDeclaration(m_pos + 4)) return finish(t);

    // Bracketed special tokens: [x] [element] [forall] [<] [>] [<=] [>=]
    if (c == '[') {
        for (auto [s, op] : bracketedTokens) {
            if (rest.substr(0, s.size()) == s) {
                t.kind = Tok::Punct;
                t.op = op;
                t.text = std::string(s);
                advanceTo(m_pos + s.size());
                return finish(t);
            }
        }
    }

    int len = 1;
    char32_t cp = peekCode(m_pos, &len);
    if (cp == 0x25ED && pieceDeclaration(m_pos + len)) return finish(t);
    if (cp == 0x2015 && peekCode(m_pos + len) == 0x2015) {
        t.kind = Tok::Punct;
        t.op = Op::Dash;
        t.text = "--";
        advanceTo(m_pos + 2 * len);
        return finish(t);
    }
    if (cp >= 128) {
        if (const char *w = glyphWord(cp)) {
            t.kind = Tok::Word;
            t.text = w;
            advanceTo(m_pos + len);
            return finish(t);
        }
        Op op = glyphOp(cp);
        if (op != Op::None) {
            t.kind = Tok::Punct;
            t.op = op;
            t.text = std::string(rest.substr(0, len));
            advanceTo(m_pos + len);
            return finish(t);
        }
        if (cp == 0x25A6) { // ▦ = every square
            t.kind = Tok::Designator;
            t.pieces = 0;
            t.squares = SquareSet::all();
            t.text = "▦";
            advanceTo(m_pos + len);
            return finish(t);
        }
    }
    if (c == '.') {
        t.kind = Tok::Designator;
        t.pieces = 0;
        t.squares = SquareSet::all();
        t.text = ".";
        advanceTo(m_pos + 1);
        return finish(t);
    }
    if (lexDesignator(t)) return finish(t);
    if (isWordStart(c)) {
        size_t p = m_pos;
        while (p < m_text.size() && isWordChar(m_text[p]))
            ++p;
        t.kind = Tok::Word;
        t.text = std::string(m_text.substr(m_pos, p - m_pos));
        advanceTo(p);
        return finish(t);
    }

    // \n \r \t \" \\ stand for one-character strings.
    if (c == '\\' && m_pos + 1 < m_text.size()) {
        const char e = m_text[m_pos + 1];
        const bool word = m_pos + 2 < m_text.size() && isWordChar(m_text[m_pos + 2]);
        const char *value = e == '"' ? "\""
            : e == '\\'              ? "\\"
            : word                   ? nullptr
            : e == 'n'               ? "\n"
            : e == 'r'               ? "\r"
            : e == 't'               ? "\t"
                                     : nullptr;
        if (value) {
            t.kind = Tok::String;
            t.text = value;
            advanceTo(m_pos + 2);
            return finish(t);
        }
    }
    // \0 .. \9: the captures of the latest regular expression match.
    if (c == '\\' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] >= '0' && m_text[m_pos + 1] <= '9') {
        t.kind = Tok::Word;
        t.text = std::string(m_text.substr(m_pos, 2));
        advanceTo(m_pos + 2);
        return finish(t);
    }
    static constexpr std::pair<std::string_view, Op> ops[] = {
        {"-->", Op::LineForward},
        {"<--", Op::LineBackward},
        {"->", Op::ArrowRight},
        {"<-", Op::ArrowLeft},
        {"--", Op::Dash},
        {"==", Op::Eq},
        {"!=", Op::Ne},
        {"<=", Op::Le},
        {">=", Op::Ge},
        {"=?", Op::AssignIfUnbound},
        {"+=", Op::PlusAssign},
        {"-=", Op::MinusAssign},
        {"*=", Op::StarAssign},
        {"/=", Op::SlashAssign},
        {"%=", Op::PercentAssign},
        {"|=", Op::OrAssign},
        {"&=", Op::AndAssign},
        {"~~", Op::RegexMatch},
        {"(", Op::LParen},
        {")", Op::RParen},
        {"{", Op::LBrace},
        {"}", Op::RBrace},
        {",", Op::Comma},
        {":", Op::Colon},
        {"+", Op::Plus},
        {"-", Op::Minus},
        {"*", Op::Star},
        {"/", Op::Slash},
        {"%", Op::Percent},
        {"=", Op::Assign},
        {"<", Op::Lt},
        {">", Op::Gt},
        {"&", Op::Amp},
        {"|", Op::Bar},
        {"~", Op::Tilde},
        {"#", Op::Hash},
        {"?", Op::Question},
        {"[", Op::LBracket},
        {"]", Op::RBracket},
    };
    for (auto [s, op] : ops) {
        if (s[0] == c && rest.substr(0, s.size()) == s) {
            t.kind = Tok::Punct;
            t.op = op;
            t.text = std::string(s);
            advanceTo(m_pos + s.size());
            return finish(t);
        }
    }
    t.kind = Tok::Error;
    t.text = "unexpected character '" + std::string(rest.substr(0, len)) + "'";
    advanceTo(m_pos + len);
    return finish(t);
}

} // namespace cql
