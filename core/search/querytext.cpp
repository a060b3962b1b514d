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
