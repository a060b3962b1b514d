// Reading CQL-S text into its list tree.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/lexer.h"

#include <algorithm>

namespace cql::cqls {

std::string_view Item::head() const
{
    if (kind != List || items.empty() || items[0].kind != Word) return {};
    return items[0].text;
}

namespace {

// Past blanks and ';' comments.
size_t pastBlanks(std::string_view text, size_t i)
{
    while (i < text.size()) {
        if (text[i] == ';')
            i = std::min(text.find('\n', i), text.size());
        else if (std::string_view(" \t\n\r\f").find(text[i]) != std::string_view::npos)
            ++i;
        else
            break;
    }
    return i;
}

class Reader {
public:
    Reader(std::string_view t, std::vector<Diagnostic> &d) : m_text(t), m_diags(d) {}

    bool run(std::vector<Item> &out)
    {
        if (m_text.substr(0, 3) == "\xEF\xBB\xBF") { // a UTF-8 byte order mark is no text
            m_i = 3;
            m_pos.offset = 3;
        }
        std::vector<Item> stack; // open lists
        std::vector<Item> top;
        auto append = [&](Item it) {
            if (stack.empty())
                top.push_back(std::move(it));
            else
                stack.back().items.push_back(std::move(it));
        };
        while (true) {
            skipBlanks();
            if (m_i >= m_text.size()) break;
            char c = m_text[m_i];
            if (c == '(') {
                // The compiler walks lists recursively: a bound here keeps a
                // hostile script from taking the stack (one message, then stop).
                if (stack.size() >= MaxListDepth) {
                    error(m_pos, 1,
                          "lists are nested too deeply (more than " + std::to_string(MaxListDepth) + " levels)");
                    return false;
                }
                Item l;
                l.kind = Item::List;
                l.pos = m_pos;
                advance();
                stack.push_back(std::move(l));
            } else if (c == ')') {
                if (stack.empty()) {
                    error(m_pos, 1, "')' without a matching '('");
                    advance();
                    continue;
                }
                Item l = std::move(stack.back());
                stack.pop_back();
                l.length = std::max(1, m_pos.column - l.pos.column + 1);
                advance();
                append(std::move(l));
            } else if (c == '"') {
                Item s;
                s.kind = Item::String;
                s.pos = m_pos;
                advance();
                while (m_i < m_text.size() && m_text[m_i] != '"')
                    s.text += m_text[m_i], advance();
                if (m_i >= m_text.size()) {
                    error(s.pos, 1, "the string is not closed");
                    return false;
                }
                advance();
                s.length = std::max(1, int(s.text.size()) + 2);
                append(std::move(s));
            } else {
                append(word());
            }
        }
        if (!stack.empty()) {
            error(stack.back().pos, 1, "the list is not closed: ')' expected");
            return false;
        }
        out = std::move(top);
        return m_ok;
    }

private:
    // A word runs to a blank or a ')'. Parentheses inside a word belong to it
    // ("consecutive(4)"), and so does everything inside square brackets ("[ ]").
    Item word()
    {
        Item w;
        w.pos = m_pos;
        int paren = 0, bracket = 0;
        int chars = 0;
        while (m_i < m_text.size()) {
            char c = m_text[m_i];
            bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
            if (bracket == 0 && (blank || c == ';')) break;
            if (c == '(') {
                ++paren;
            } else if (c == ')') {
                if (paren == 0) break;
                --paren;
            } else if (c == '[') {
                ++bracket;
            } else if (c == ']') {
                if (bracket > 0) --bracket;
            } else if (c == '\n' && bracket) {
                break;
            }
            w.text += c;
            if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++chars;
            advance();
        }
        w.length = std::max(1, chars);
        return w;
    }

    void skipBlanks()
    {
        for (const size_t to = pastBlanks(m_text, m_i); m_i < to;)
            advance();
    }

    void advance()
    {
        unsigned char c = static_cast<unsigned char>(m_text[m_i++]);
        m_pos.offset = int(m_i);
        if (c == '\n') {
            ++m_pos.line;
            m_pos.column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++m_pos.column; // columns count characters, not UTF-8 bytes
        }
    }

    void error(SourcePos p, int len, std::string msg)
    {
        Diagnostic d;
        d.line = p.line;
        d.column = p.column;
        d.length = len;
        d.message = std::move(msg);
        m_diags.push_back(std::move(d));
        m_ok = false;
    }

    std::string_view m_text;
    std::vector<Diagnostic> &m_diags;
    size_t m_i = 0;
    SourcePos m_pos;
    bool m_ok = true;
};

} // namespace

bool readItems(std::string_view text, std::vector<Item> &out, std::vector<Diagnostic> &diagnostics)
{
    Reader r(text, diagnostics);
    return r.run(out);
}

bool looksLikeCqls(std::string_view text)
{
    size_t i = pastBlanks(text, text.starts_with("\xEF\xBB\xBF") ? 3 : 0);
    if (i >= text.size() || text[i] != '(') return false;
    i = std::min(text.find_first_not_of(" \t\n\r", i + 1), text.size());
    if (text.substr(i, 5) != "match") return false;
    i += 5;
    return i >= text.size() || std::string_view(" \t\n\r)(;:!").find(text[i]) != std::string_view::npos;
}

namespace {

bool headlessKeywordList(const Item &it)
{
    return it.isList() && !it.items.empty() && !it.items[0].isList() && keywordOf(it.items[0]).isKeyword;
}

// Items from `first` on (1 for a list with a head, 0 for a list of lists).
void impliedHeads(Item &list, std::string_view context, size_t first = 1)
{
    for (size_t k = first; k < list.items.size(); ++k) {
        Item &child = list.items[k];
        if (!child.isList()) continue;
        // The relation list's keywords may stand without a head: they are no position list.
        if (k >= 1 && !list.items[k - 1].isList() && keywordOf(list.items[k - 1]).name == "relation") continue;
        if (child.head() == "position" || child.head() == "match" || child.head() == "relation") {
            impliedHeads(child, child.head());
        } else if (headlessKeywordList(child)) {
            Item head;
            head.kind = Item::Word;
            head.text = std::string(context);
            head.pos = child.pos;
            child.items.insert(child.items.begin(), std::move(head));
            impliedHeads(child, context);
        } else {
            // A list of lists ("((position ...) (...))"), moves, a ray: its lists are as the parent's.
            impliedHeads(child, context, 0);
        }
    }
}

} // namespace

void normalizeMatchList(Item &match)
{
    std::vector<Item> flat;
    for (size_t k = 0; k < match.items.size(); ++k) {
        Item &it = match.items[k];
        if (k > 0 && headlessKeywordList(it)) {
            for (Item &inner : it.items)
                flat.push_back(std::move(inner));
        } else {
            flat.push_back(std::move(it));
        }
    }
    match.items = std::move(flat);
    impliedHeads(match, "match");
}

KeywordWord keywordOf(const Item &it)
{
    KeywordWord k;
    if (it.kind != Item::Word) return k;
    std::string_view t = it.text;
    if (!t.empty() && t[0] == '!') {
        k.negated = true;
        t.remove_prefix(1);
    }
    for (std::string_view prefix : {"position:", "match:", "relation:", ":"}) {
        if (t.substr(0, prefix.size()) == prefix && t.size() > prefix.size()) {
            k.isKeyword = true;
            k.name = std::string(t.substr(prefix.size()));
            return k;
        }
    }
    k.negated = false;
    return k;
}

} // namespace cql::cqls
