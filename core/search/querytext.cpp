// Query text edits for command-line options (extra filters, transforms, -fen).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "querytext.h"

#include "cql/lexer.h"

namespace search {

std::optional<size_t> headerEnd(std::string_view text)
{
    cql::Lexer lexer(text);
    std::vector<cql::Token> tokens = lexer.tokenize();
    if (tokens.size() < 2 || tokens[0].kind != cql::Tok::Word || tokens[0].text != "cql"
        || tokens[1].kind != cql::Tok::Punct || tokens[1].op != cql::Op::LParen)
        return size_t(0);
    int depth = 0;
    for (size_t i = 1; i < tokens.size(); ++i) {
        const cql::Token &t = tokens[i];
        if (t.kind != cql::Tok::Punct) continue;
        if (t.op == cql::Op::LParen)
            ++depth;
        else if (t.op == cql::Op::RParen && --depth == 0)
            return size_t(t.range.end.offset);
    }
    return std::nullopt;
}

std::string quoteString(std::string_view s)
{
    if (s.find_first_of("\"\n") == std::string_view::npos) return "\"" + std::string(s) + "\"";
    std::string out = "(";
    std::string part;
    auto flush = [&] {
        if (!part.empty()) out += (out.size() > 1 ? " + \"" : "\"") + part + "\"";
        part.clear();
    };
    for (char c : s) {
        if (c != '"' && c != '\n') {
            part += c;
            continue;
        }
        flush();
        out += out.size() > 1 ? " + " : "";
        out += c == '"' ? "\\\"" : "\\n";
    }
    flush();
    return out + ")";
}

bool fenBoardFilter(std::string_view fen, std::string &filter, std::string &error)
{
    size_t b = fen.find_first_not_of(" \t");
    if (b == fen.npos) {
        error = "empty FEN";
        return false;
    }
    fen.remove_prefix(b);
    std::string_view board = fen.substr(0, fen.find_first_of(" \t"));
    char squares[64];
    int rank = 7, file = 0;
    for (char c : board) {
        if (c == '/') {
            if (file != 8) {
                error = "rank " + std::to_string(rank + 1) + " of the FEN does not have 8 squares";
                return false;
            }
            if (--rank < 0) {
                error = "the FEN has more than 8 ranks";
                return false;
            }
            file = 0;
        } else if (c >= '1' && c <= '8') {
            if (file + (c - '0') > 8) {
                error = "rank " + std::to_string(rank + 1) + " of the FEN has more than 8 squares";
                return false;
            }
            for (int k = c - '0'; k > 0; --k)
                squares[rank * 8 + file++] = '_';
        } else if (std::string_view("KQRBNPkqrbnp").find(c) != std::string_view::npos) {
            if (file >= 8) {
                error = "rank " + std::to_string(rank + 1) + " of the FEN has more than 8 squares";
                return false;
            }
            squares[rank * 8 + file++] = c;
        } else {
            error = std::string("unexpected '") + c + "' in the FEN's piece placement";
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
            bool empty = squares[sq] == '_';
            if (empty != (pass == 1)) continue;
            if (filter.size() > 1) filter += ' ';
            filter += squares[sq];
            filter += char('a' + sq % 8);
            filter += char('1' + sq / 8);
        }
    }
    filter += '}';
    return true;
}

std::string editQuery(std::string_view text, size_t headerEnd, const QueryEdits &edits)
{
    std::string out;
    out.reserve(text.size() + 256);
    if (headerEnd == 0)
        out += "cql()";
    else
        out.append(text.substr(0, headerEnd));
    // Everything before the body stays on the header's line, so the body's lines keep their numbers.
    for (const std::string &t : edits.transforms) {
        out += ' ';
        out += t;
        out += " {";
    }
    out += ' ';
    out.append(text.substr(headerEnd));
    // New lines end a `//` comment or a `///` comment filter the body may end with.
    out += '\n';
    for (const std::string &f : edits.innerFilters) {
        out += '{';
        out += f;
        out += "\n}\n";
    }
    for (size_t i = 0; i < edits.transforms.size(); ++i)
        out += "}\n";
    for (const std::string &f : edits.outerFilters) {
        out += '{';
        out += f;
        out += "\n}\n";
    }
    return out;
}

} // namespace search
