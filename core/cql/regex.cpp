// ECMAScript patterns on RE2.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "regex.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

namespace cql {

namespace {

// What ECMAScript has and RE2 refuses, named in the user's terms; RE2's own
// message ("invalid escape sequence: \1") would not say why.
std::string unsupportedFeature(std::string_view p)
{
    bool inClass = false;
    for (size_t i = 0; i < p.size(); ++i) {
        const char c = p[i];
        if (c == '\\') {
            if (i + 1 < p.size() && !inClass && p[i + 1] >= '1' && p[i + 1] <= '9')
                return "backreferences (\\" + std::string(1, p[i + 1]) + ")";
            if (i + 1 < p.size() && !inClass && p[i + 1] == 'k') return "named backreferences (\\k)";
            ++i;
        } else if (c == '[') {
            inClass = true;
        } else if (c == ']') {
            inClass = false;
        } else if (c == '(' && !inClass && i + 2 < p.size() && p[i + 1] == '?') {
            const char k = p[i + 2];
            if (k == '=' || k == '!') return "lookahead ((?" + std::string(1, k) + ")";
            if (k == '<' && i + 3 < p.size() && (p[i + 3] == '=' || p[i + 3] == '!'))
                return "lookbehind ((?<" + std::string(1, p[i + 3]) + ")";
        }
    }
    return {};
}

// ECMAScript's \uXXXX is RE2's \x{XXXX}; everything else CQL users write
// (classes, \d \w \s \b, lazy quantifiers, (?:...)) means the same in both.
std::string toRe2Syntax(std::string_view p)
{
    std::string out;
    out.reserve(p.size());
    for (size_t i = 0; i < p.size(); ++i) {
        if (p[i] == '\\' && i + 5 < p.size() && p[i + 1] == 'u') {
            bool hex = true;
            for (size_t k = 2; k < 6; ++k)
                hex = hex && std::isxdigit(static_cast<unsigned char>(p[i + k]));
            if (hex) {
                out += "\\x{";
                out.append(p.substr(i + 2, 4));
                out += '}';
                i += 5;
                continue;
            }
        }
        if (p[i] == '\\' && i + 1 < p.size()) {
            out += p[i];
            out += p[++i];
            continue;
        }
        out += p[i];
    }
    return out;
}

} // namespace

Regex::~Regex() = default;

std::shared_ptr<const Regex> Regex::compile(std::string_view pattern, std::string *error)
{
    if (std::string what = unsupportedFeature(pattern); !what.empty()) {
        if (error) *error = what + " not supported: regular expressions are matched by RE2, in time linear in the text";
        return nullptr;
    }
    RE2::Options options;
    // Bytes, as std::regex sees them: a pattern or text in UTF-8 still matches byte by byte.
    options.set_encoding(RE2::Options::EncodingLatin1);
    options.set_log_errors(false);
    options.set_max_mem(64 << 20);
    std::shared_ptr<Regex> re(new Regex);
    re->m_re = std::make_unique<RE2>(toRe2Syntax(pattern), options);
    if (!re->m_re->ok()) {
        if (error) *error = re->m_re->error();
        return nullptr;
    }
    re->m_groups = std::min<int>(re->m_re->NumberOfCapturingGroups(), int(MaxCaptures) - 1);
    return re;
}

bool Regex::search(std::string_view subject, size_t offset, Match &m) const
{
    if (offset > subject.size()) return false;
    std::array<re2::StringPiece, MaxCaptures> groups;
    const int n = m_groups + 1;
    // A null data pointer would make an empty match look like no match.
    const char *data = subject.data() ? subject.data() : "";
    if (!m_re->Match(re2::StringPiece(data, subject.size()), offset, subject.size(), RE2::UNANCHORED, groups.data(), n))
        return false;
    m.groups = m_groups;
    for (size_t i = 0; i < MaxCaptures; ++i) {
        m.matched[i] = int(i) < n && groups[i].data() != nullptr;
        m.group[i] = m.matched[i] ? std::string_view(groups[i].data(), groups[i].size()) : std::string_view();
    }
    return true;
}

} // namespace cql
