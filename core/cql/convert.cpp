// ASCII <-> Unicode spelling of CQL queries, token by token.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "convert.h"

#include "lexer.h"

namespace cql {

namespace {

const char *unicodePiece(char c)
{
    switch (c) {
    case 'K': return "♔";
    case 'Q': return "♕";
    case 'R': return "♖";
    case 'B': return "♗";
    case 'N': return "♘";
    case 'P': return "♙";
    case 'k': return "♚";
    case 'q': return "♛";
    case 'r': return "♜";
    case 'b': return "♝";
    case 'n': return "♞";
    case 'p': return "♟";
    case 'A': return "△";
    case 'a': return "▲";
    case '_': return "□";
    default: return nullptr;
    }
}

// Piece letters of a mask, in a fixed order, for ASCII output.
std::string asciiPieces(PieceMask m)
{
    if (m == (WhiteBits | BlackBits)) return "[Aa]";
    std::string out;
    if ((m & WhiteBits) == WhiteBits) {
        out += 'A';
        m &= ~WhiteBits;
    }
    if ((m & BlackBits) == BlackBits) {
        out += 'a';
        m &= ~BlackBits;
    }
    static constexpr char order[] = "KQRBNPkqrbnp";
    for (char c : std::string_view(order)) {
        chess::Piece p = chess::pieceFromChar(c);
        if (m & (1u << p)) out += c;
    }
    if (m & EmptyBit) out += '_';
    return out.size() == 1 ? out : "[" + out + "]";
}

std::string unicodePieces(PieceMask m)
{
    if (m == (WhiteBits | BlackBits)) return "◭";
    std::string ascii = asciiPieces(m);
    std::string out;
    for (char c : ascii)
        if (const char *u = unicodePiece(c)) out += u;
    return out;
}

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

// The square part of a designator's spelling, after its piece part.
std::string_view squarePart(std::string_view text)
{
    if (!text.empty() && text[0] == '[') {
        // [Aa]e4 or [a1,b2]: a piece list ends at ']' followed by more text.
        size_t close = text.find(']');
        bool pieceList = close != std::string_view::npos && text.find_first_of("12345678", 0) > close;
        return pieceList ? text.substr(close + 1) : text;
    }
    size_t i = 0;
    while (i < text.size()) {
        unsigned char c = text[i];
        // Q[a1,b2] and ♕♛[a-h8]: the square list after one piece is bracketed.
        if (c == '[') break;
        if (c >= 'a' && c <= 'h' && i + 1 < text.size()
            && ((text[i + 1] >= '1' && text[i + 1] <= '8') || text[i + 1] == '-'))
            break;
        if (c < 0x80)
            ++i;
        else {
            int len;
            decodeUtf8(text, i, &len);
            i += len;
        }
    }
    return text.substr(i);
}

std::string convert(std::string_view text, bool unicode)
{
    Lexer lexer(text);
    std::vector<Token> tokens = lexer.tokenize();
    std::string out;
    size_t copied = 0;
    for (const Token &t : tokens) {
        if (t.kind == Tok::End || t.kind == Tok::Error) continue;
        size_t b = size_t(t.range.begin.offset), e = size_t(t.range.end.offset);
        std::string_view src = text.substr(b, e - b);
        std::string repl;
        bool replace = false;
        if (t.kind == Tok::Designator) {
            // A glyph written against another glyph (n◭V → ♞◭V) would join it
            // into one piece list, which CQL 6.2 refuses: such a one stays ASCII.
            const bool gluedToGlyph =
                unicode && squarePart(src).empty() && e < text.size() && static_cast<unsigned char>(text[e]) >= 0x80;
            if (t.pieces && !gluedToGlyph) {
                repl = (unicode ? unicodePieces(t.pieces) : asciiPieces(t.pieces)) + std::string(squarePart(src));
                replace = true;
            } else if (src == "." || src == "▦") {
                repl = unicode ? "▦" : ".";
                replace = true;
            }
        } else if (t.kind == Tok::Punct) {
            static constexpr struct {
                Op op;
                const char *ascii, *uni;
            } ops[] = {
                {Op::ArrowRight, "->", "→"},   {Op::ArrowLeft, "<-", "←"},
                {Op::Bar, "|", "∪"},           {Op::Amp, "&", "∩"},
                {Op::Le, "<=", "≤"},           {Op::Ge, ">=", "≥"},
                {Op::Ne, "!=", "≠"},           {Op::CaptureDash, "[x]", "×"},
                {Op::Dash, "--", "――"},        {Op::Element, "[element]", "∊"},
                {Op::ForAll, "[forall]", "∀"}, {Op::PosLt, "[<]", "≺"},
                {Op::PosGt, "[>]", "≻"},       {Op::PosLe, "[<=]", "≼"},
                {Op::PosGe, "[>=]", "≽"},
            };
            for (const auto &o : ops)
                if (o.op == t.op) {
                    repl = unicode ? o.uni : o.ascii;
                    replace = true;
                }
        } else if (t.kind == Tok::Word) {
            static constexpr struct {
                const char *ascii, *uni;
            } words[] = {
                {"path", "⊢"},    {"focus", "◎"},      {"flip", "✵"},  {"flipcolor", "⬓"}, {"currentposition", "∙"},
                {"attacks", "→"}, {"attackedby", "←"}, {"piece", "◭"},
            };
            for (const auto &w : words) {
                if (t.text == w.ascii) {
                    // `piece` is ◭ only before its variable; attacks/attackedby are arrows.
                    repl = unicode ? w.uni : w.ascii;
                    if (!unicode && src == std::string_view("◭")) repl = "piece ";
                    replace = unicode ? src != std::string_view(w.uni) : src != std::string_view(w.ascii);
                }
            }
        }
        if (!replace) continue;
        out.append(text.substr(copied, b - copied));
        // Glyphs need no space around them, words do: ⊢◎△ is "path focus A",
        // not the name "pathfocusA".
        if (!unicode && !out.empty() && !repl.empty() && isWordChar(out.back()) && isWordChar(repl.front())) out += ' ';
        out += repl;
        copied = e;
        if (!unicode && !repl.empty() && e < text.size() && isWordChar(repl.back()) && isWordChar(text[e])) out += ' ';
        // ◭x: the piece glyph must touch its variable to mean `piece`.
        if (unicode && t.kind == Tok::Word && t.text == "piece")
            while (copied < text.size() && (text[copied] == ' ' || text[copied] == '\t'))
                ++copied;
    }
    out.append(text.substr(copied));
    return out;
}

} // namespace

std::string toUnicode(std::string_view text) { return convert(text, true); }
std::string toAscii(std::string_view text) { return convert(text, false); }

} // namespace cql
