// The match list's PGN-tag keywords (tags.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/tags.h"

#include <algorithm>

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

namespace {

bool listHas(const std::vector<std::string> &values, std::string_view v)
{
    std::string l = lowerCase(v);
    return std::find(values.begin(), values.end(), l) != values.end();
}

const char *const RosterTags[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

} // namespace

std::string lowerCase(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool tagNumber(std::string_view s, long long &v)
{
    size_t i = 0;
    v = 0;
    // Digits of a tag value from a game: a long run saturates instead of overflowing.
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        v = v < 100000000000000000LL ? v * 10 + (s[i] - '0') : LLONG_MAX;
        ++i;
    }
    return i > 0;
}

bool digitsAt(std::string_view s, size_t at, size_t n, long long &v)
{
    v = 0;
    if (s.size() < at + n) return false;
    for (size_t k = at; k < at + n; ++k) {
        if (s[k] < '0' || s[k] > '9') return false;
        v = v * 10 + (s[k] - '0');
    }
    return true;
}

bool globMatch(std::string_view p, std::string_view v)
{
    size_t pi = 0, vi = 0, star = std::string_view::npos, mark = 0;
    auto same = [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    };
    while (vi < v.size()) {
        if (pi < p.size() && (p[pi] == '?' || (p[pi] != '*' && same(p[pi], v[vi])))) {
            ++pi, ++vi;
        } else if (pi < p.size() && p[pi] == '*') {
            star = pi++;
            mark = vi;
        } else if (star != std::string_view::npos) {
            pi = star + 1;
            vi = ++mark;
        } else {
            return false;
        }
    }
    while (pi < p.size() && p[pi] == '*')
        ++pi;
    return pi == p.size();
}

std::string_view eventModeOf(std::string_view mode)
{
    // The PGN standard's Mode values (OTB, PM paper mail, EM e-mail, ICS, TC
    // telecommunication), and the event modes' own names as Scidb writes them.
    static const std::pair<const char *, const char *> names[] = {{"otb", "otb"},
                                                                  {"pm", "corr"},
                                                                  {"corr", "corr"},
                                                                  {"em", "email"},
                                                                  {"email", "email"},
                                                                  {"ics", "internet"},
                                                                  {"internet", "internet"},
                                                                  {"tc", "tele"},
                                                                  {"tele", "tele"},
                                                                  {"analysis", "analysis"},
                                                                  {"composition", "composition"}};
    const std::string m = lowerCase(mode);
    for (const auto &[tag, name] : names)
        if (m == tag) return name;
    return "unknown";
}

std::string_view terminationOf(std::string_view termination)
{
    // "Time forfeit", "time-forfeit" and "timeforfeit" are the same reason.
    std::string t;
    for (char c : termination)
        if (c != ' ' && c != '-' && c != '_') t += char(std::tolower(static_cast<unsigned char>(c)));
    static const char *const reasons[] = {"normal",        "abandoned", "adjudication",
                                          "disconnection", "emergency", "rulesinfraction",
                                          "timeforfeit",   "unplayed",  "unterminated"};
    for (const char *r : reasons)
        if (t == r) return r;
    return "unknown";
}

bool TagInfoFilter::matchesTags(const game::Game &g) const
{
    const Spec &s = m_spec;
    auto sides = [&](auto &&test) {
        if (s.side == 1) return test("White");
        if (s.side == 2) return test("Black");
        return test("White") || test("Black");
    };
    switch (s.kind) {
    case Tag:
        for (const auto &[name, value] : g.tags) {
            bool roster = std::find(std::begin(RosterTags), std::end(RosterTags), name) != std::end(RosterTags);
            if (roster || (!s.anyName && lowerCase(name) != s.name)) continue;
            if (!s.haveValue || lowerCase(value).find(s.values[0]) != std::string::npos) return true;
        }
        return false;
    case Annotator: {
        std::string a = lowerCase(g.tag("Annotator"));
        return a.find(s.values[0]) != std::string::npos && (!s.values[0].empty() || a.empty());
    }
    case EventDate: {
        long long y;
        std::string_view d = g.tag("EventDate");
        if (!tagNumber(d, y) || d.size() < 4 || d[0] == '?') return s.range.empty;
        return s.range.contains(y);
    }
    case EventType: return listHas(s.values, g.tag("EventType"));
    case EventCountry: return listHas(s.values, g.tag("EventCountry"));
    case Title:
        return sides([&](std::string_view side) {
            std::string_view t = g.tag(std::string(side) + "Title");
            if (t.empty() || t == "-" || t == "?") return listHas(s.values, "none");
            return listHas(s.values, t);
        });
    case Country:
        return sides([&](std::string_view side) {
            std::string_view t = g.tag(std::string(side) + "Country");
            if (t.empty() || t == "?")
                return listHas(s.values, "unk") || listHas(s.values, "xx") || listHas(s.values, "0");
            return listHas(s.values, t);
        });
    case Computer:
    case Human:
        return sides([&](std::string_view side) {
            std::string t = lowerCase(g.tag(std::string(side) + "Type"));
            return s.kind == Computer ? t == "program" : t == "human";
        });
    case Rating:
    case AverageRating:
    case AverageRatingBoth:
    case RatingDifference: {
        long long w = 0, b = 0;
        bool hw = tagNumber(g.tag("White" + s.name), w) && w > 0, hb = tagNumber(g.tag("Black" + s.name), b) && b > 0;
        if (s.kind == Rating) {
            if (s.side == 1) return hw && s.range.contains(w);
            if (s.side == 2) return hb && s.range.contains(b);
            return (hw && s.range.contains(w)) || (hb && s.range.contains(b));
        }
        if (s.kind == RatingDifference) return hw && hb && s.range.contains(w - b);
        if (!hw && !hb) return s.range.empty;
        if (s.kind == AverageRatingBoth && !(hw && hb)) return false;
        long long avg = hw && hb ? (w + b) / 2 : hw ? w : b;
        return s.range.contains(avg);
    }
    case Pattern:
        if (s.anyName) {
            for (const auto &[name, value] : g.tags)
                if (std::find(std::begin(RosterTags), std::end(RosterTags), name) == std::end(RosterTags)
                    && globMatch(s.name, value))
                    return true;
            return false;
        }
        for (const std::string &tag : s.values) {
            bool present = false;
            for (const auto &[name, value] : g.tags)
                if (lowerCase(name) == lowerCase(tag)) {
                    present = true;
                    if (globMatch(s.name, value)) return true;
                }
            // A missing tag has the empty value ("" finds games without an annotator).
            if (!present && globMatch(s.name, "")) return true;
        }
        return false;
    case EventMode: return listHas(s.values, eventModeOf(g.tag("Mode")));
    case Termination: return listHas(s.values, terminationOf(g.tag("Termination")));
    case EventCategory: {
        long long c = 0;
        tagNumber(g.tag("EventCategory"), c); // none (or not a number): 0, "without a category"
        return s.range.contains(c);
    }
    case PlayerId:
        return sides([&](std::string_view side) {
            std::string_view id = g.tag(std::string(side) + "FideId");
            return !id.empty() && listHas(s.values, id);
        });
    case SubRound: {
        std::string_view r = g.tag("Round");
        size_t dot = r.find('.');
        long long v = 0;
        long long main;
        if (!tagNumber(r, main)) return false; // without a round there is no sub-round
        if (dot != std::string_view::npos) tagNumber(r.substr(dot + 1), v);
        return s.range.contains(v);
    }
    }
    return false;
}

} // namespace cql::cqls
