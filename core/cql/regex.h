// Regular expressions of `~~`: CQL 6 writes them in ECMAScript syntax; they are
// matched with RE2, whose time is linear in the subject and which never
// recurses on it, so no pattern can hang a search or exhaust the stack.
// What RE2 cannot do (backreferences, lookaround) is refused when the pattern
// is compiled, with a message that says so.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace cql {

class Regex {
public:
    static constexpr size_t MaxCaptures = 10; // \0 .. \9

    // Nullptr when the pattern is bad or uses what RE2 lacks; *error says why.
    static std::shared_ptr<const Regex> compile(std::string_view pattern, std::string *error = nullptr);
    ~Regex();

    struct Match {
        std::array<std::string_view, MaxCaptures> group; // group[0]: the whole match
        std::array<bool, MaxCaptures> matched{};
        int groups = 0; // the pattern's capture groups
    };
    // The first match starting at or after offset; the text before offset is
    // context for ^ and \b, as std::regex's match_prev_avail.
    bool search(std::string_view subject, size_t offset, Match &m) const;

private:
    Regex() = default;
    std::unique_ptr<re2::RE2> m_re;
    int m_groups = 0;
};

} // namespace cql
