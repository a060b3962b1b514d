// Roster tag values as CQL 6.2 reads them (tagvalues.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tagvalues.h"

#include <cstdio>

namespace game {

namespace {

// The number the text starts with (after blanks), as a C library reads it;
// 0 for none. Large values saturate: every caller bounds them.
unsigned long leadingNumber(std::string_view s)
{
    size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    unsigned long v = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i)
        v = v < 100000000UL ? v * 10 + unsigned(s[i] - '0') : v;
    return v;
}

// What follows the first '.' (empty when there is none).
std::string_view afterDot(std::string_view s)
{
    const size_t dot = s.find('.');
    return dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
}

const std::string *findTag(const Game &g, std::string_view name)
{
    for (const auto &[k, v] : g.tags)
        if (k == name) return &v;
    return nullptr;
}

} // namespace

std::string standardPlayerName(std::string_view name)
{
    // Blanks at the start and right after a comma go; one blank follows each
    // comma that has more text after it; blanks, tabs and dots end nowhere.
    std::string out;
    bool leading = true, afterComma = false;
    for (char c : name) {
        if (c == ',') {
            out += ',';
            afterComma = true;
            leading = false;
        } else if (c == ' ') {
            if (!afterComma && !leading) out += ' ';
        } else {
            if (afterComma) out += ' ';
            out += c;
            afterComma = leading = false;
        }
    }
    while (!out.empty() && (out.back() == '.' || out.back() == ' ' || out.back() == '\t'))
        out.pop_back();
    // The Dutch prefixes, spelled one way: "van X" -> "Van X", "Van Der X" -> "Van der X".
    if (out.compare(0, 4, "van ") == 0) out[0] = 'V';
    if (out.compare(0, 8, "Van Der ") == 0 || out.compare(0, 8, "Van Den ") == 0 || out.compare(0, 7, "Van De ") == 0)
        out[4] = 'd';
    return out;
}

std::string normalizedDate(std::string_view text)
{
    unsigned long year = leadingNumber(text), month = 0, day = 0;
    if (year > 2047) year = 0; // beyond what the date field holds
    std::string_view rest = afterDot(text);
    month = leadingNumber(rest);
    if (month > 12) {
        month = 0; // an impossible month leaves the month and the day unknown
    } else {
        day = leadingNumber(afterDot(rest));
        if (day > 31) day = 0;
    }
    char part[8];
    auto field = [&](unsigned long v, int width) {
        std::snprintf(part, sizeof part, "%0*lu", width, v);
        return v ? std::string(part) : std::string(size_t(width), '?');
    };
    return field(year, 4) + "." + field(month, 2) + "." + field(day, 2);
}

std::optional<std::string> cqlTagValue(const Game &g, std::string_view name)
{
    const std::string *v = findTag(g, name);
    if (name == "Date" || name == "EventDate") return normalizedDate(v ? *v : std::string_view());
    const bool named = name == "Event" || name == "Site" || name == "White" || name == "Black";
    if (named || name == "Round") {
        if (!v) return std::string("?");
        if (v->empty() && named) return std::nullopt;
        return name == "White" || name == "Black" ? standardPlayerName(*v) : *v;
    }
    if (!v || (v->empty() && name == "ECO")) return std::nullopt;
    return *v;
}

} // namespace game
