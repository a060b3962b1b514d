// Reading Scidb's game and player tags for :timemode, :gender, the rating systems and :goodgame (see gameinfo.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/gameinfo.h"

#include "cql/cqls/extrafilters.h"
#include "cql/cqls/filters.h"
#include "cql/logic.h"
#include "cql/state.h"

#include <algorithm>
#include <cctype>

namespace cql::cqls {

namespace {

std::string lowerTrimmed(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Digits only, and not absurdly many (a period is at most a few months).
bool digits(std::string_view s, long long &v)
{
    if (s.empty() || s.size() > 12)
        return false;
    v = 0;
    for (char c : s) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    return true;
}

constexpr long long Day = 24 * 60 * 60;
constexpr int Moves = 60; // FIDE's estimate counts the time for 60 moves

struct Period {
    long long moves = 0; // 0: the rest of the game
    long long seconds = 0;
    long long increment = 0;
};

// One field of TimeControl: "40/7200", "40/7200+30", "300", "300+2", "*180".
bool readPeriod(std::string_view f, Period &p)
{
    if (!f.empty() && f[0] == '*') // sandclock: the glass holds this much time in all
        return digits(f.substr(1), p.seconds);
    size_t slash = f.find('/');
    if (slash != std::string_view::npos) {
        if (!digits(f.substr(0, slash), p.moves) || p.moves == 0)
            return false;
        f.remove_prefix(slash + 1);
    }
    size_t plus = f.find('+');
    if (plus != std::string_view::npos) {
        if (!digits(f.substr(plus + 1), p.increment))
            return false;
        f = f.substr(0, plus);
    }
    return digits(f, p.seconds);
}

} // namespace

std::string_view timeModeName(TimeMode m)
{
    switch (m) {
    case TimeMode::Normal: return "normal";
    case TimeMode::Rapid: return "rapid";
    case TimeMode::Blitz: return "blitz";
    case TimeMode::Bullet: return "bullet";
    case TimeMode::Corr: return "corr";
    case TimeMode::Unknown: break;
    }
    return "unknown";
}

bool timeModeFromName(std::string_view n, TimeMode &out)
{
    for (TimeMode m : {TimeMode::Unknown, TimeMode::Normal, TimeMode::Rapid, TimeMode::Blitz, TimeMode::Bullet, TimeMode::Corr})
        if (n == timeModeName(m)) {
            out = m;
            return true;
        }
    return false;
}

long long secondsForSixtyMoves(std::string_view tc)
{
    std::string text = lowerTrimmed(tc);
    std::string_view rest = text;
    long long total = 0, left = Moves;
    Period last;
    while (left > 0) {
        if (rest.empty()) {
            // Periods of a number of moves left open repeat, as in "40/7200"
            // for a game played at that rate throughout.
            if (last.moves == 0)
                return -1;
            total += last.seconds + last.increment * std::min(last.moves, left);
            left -= last.moves;
            continue;
        }
        size_t colon = rest.find(':');
        std::string_view field = rest.substr(0, colon);
        rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
        Period p;
        if (!readPeriod(field, p)) // also "?" (unknown) and "-" (no time control)
            return -1;
        if (field[0] == '*') {
            total += p.seconds;
            left = 0;
        } else if (p.moves == 0) {
            total += p.seconds + p.increment * left;
            left = 0;
        } else {
            total += p.seconds + p.increment * std::min(p.moves, left);
            left -= p.moves;
        }
        last = p;
    }
    return total;
}

TimeMode timeModeOfControl(std::string_view tc)
{
    long long t = secondsForSixtyMoves(tc);
    if (t < 0)
        return TimeMode::Unknown;
    if (t >= Moves * Day)
        return TimeMode::Corr;
    if (t < 3 * 60)
        return TimeMode::Bullet;
    if (t <= 10 * 60)
        return TimeMode::Blitz;
    if (t < 60 * 60)
        return TimeMode::Rapid;
    return TimeMode::Normal;
}

TimeMode timeModeOf(const game::Game &g)
{
    TimeMode m;
    std::string tag = lowerTrimmed(g.tag("TimeMode"));
    if (tag == "correspondence")
        return TimeMode::Corr;
    if (timeModeFromName(tag, m) && m != TimeMode::Unknown)
        return m;
    std::string mode = lowerTrimmed(g.tag("Mode"));
    if (mode == "pm" || mode == "em")
        return TimeMode::Corr;
    return timeModeOfControl(g.tag("TimeControl"));
}

char genderOf(const game::Game &g, bool white)
{
    std::string s = lowerTrimmed(g.tag(white ? "WhiteSex" : "BlackSex"));
    if (s == "m")
        return 'm';
    if (s == "f" || s == "w")
        return 'f';
    return 'x';
}

namespace {
// The match list page's systems and the tags Scidb writes for them.
struct RatingSystem {
    std::string_view name, tag;
};
constexpr RatingSystem RatingSystems[] = {
    {"ELO", "Elo"}, {"DWZ", "DWZ"}, {"ECF", "ECF"}, {"ACF", ""}, {"USCF", "USCF"},
    {"RAPID", "Rapid"}, {"BLITZ", ""}, {"ICCF", "ICCF"}, {"EDO", ""},
};
} // namespace

std::string_view ratingTagSuffix(std::string_view upper)
{
    for (const RatingSystem &r : RatingSystems)
        if (r.name == upper)
            return r.tag;
    return {};
}

bool isRatingSystem(std::string_view upper)
{
    return std::any_of(std::begin(RatingSystems), std::end(RatingSystems), [&](const RatingSystem &r) { return r.name == upper; });
}

bool TimeModeFilter::match(Ctx &ctx) const
{
    return std::find(m_modes.begin(), m_modes.end(), timeModeOf(*ctx.game)) != m_modes.end();
}

bool GenderFilter::match(Ctx &ctx) const
{
    auto has = [&](bool white) { return m_genders.find(genderOf(*ctx.game, white)) != std::string::npos; };
    if (m_side == 1)
        return has(true);
    if (m_side == 2)
        return has(false);
    return has(true) || has(false);
}

namespace {

FilterPtr allOf(std::vector<FilterPtr> parts)
{
    FilterPtr f = std::move(parts[0]);
    for (size_t k = 1; k < parts.size(); ++k)
        f = std::make_unique<AndOrFilter>(true, std::move(f), std::move(parts[k]));
    return f;
}

FilterPtr anyOf(std::vector<FilterPtr> parts)
{
    FilterPtr f = std::move(parts[0]);
    for (size_t k = 1; k < parts.size(); ++k)
        f = std::make_unique<AndOrFilter>(false, std::move(f), std::move(parts[k]));
    return f;
}

FilterPtr plyCountAtLeast(long long n)
{
    Range r;
    r.lo.value = n;
    return std::make_unique<GameInfoFilter>(GameInfoFilter::PlyCount, "", r);
}

FilterPtr ratingAtLeast(std::string_view system, long long n)
{
    TagInfoFilter::Spec s;
    s.kind = TagInfoFilter::Rating;
    s.name = std::string(ratingTagSuffix(system));
    s.range.lo.value = n;
    return std::make_unique<TagInfoFilter>(std::move(s));
}

} // namespace

GoodGameFilter::GoodGameFilter()
{
    std::vector<FilterPtr> all;
    all.push_back(std::make_unique<TimeModeFilter>(std::vector<TimeMode>{TimeMode::Normal, TimeMode::Corr}));
    TagInfoFilter::Spec simul;
    simul.kind = TagInfoFilter::EventType;
    simul.values = {"simul"};
    all.push_back(std::make_unique<NotFilter>(std::make_unique<TagInfoFilter>(std::move(simul))));
    all.push_back(plyCountAtLeast(16));
    {
        std::vector<FilterPtr> either;
        either.push_back(std::make_unique<NotFilter>(std::make_unique<TagFilter>(TagFilter::Result, "1/2-1/2", true)));
        either.push_back(plyCountAtLeast(40));
        all.push_back(anyOf(std::move(either)));
    }
    std::vector<FilterPtr> strong;
    TagInfoFilter::Spec title;
    title.kind = TagInfoFilter::Title;
    title.values = {"im", "gm", "wim", "wgm", "cim", "cgm"};
    strong.push_back(std::make_unique<TagInfoFilter>(std::move(title)));
    strong.push_back(ratingAtLeast("ELO", 2350));
    strong.push_back(ratingAtLeast("DWZ", 2350));
    strong.push_back(ratingAtLeast("ECF", 220));
    strong.push_back(ratingAtLeast("ICCF", 2350));
    strong.push_back(ratingAtLeast("USCF", 2375));
    all.push_back(anyOf(std::move(strong)));
    m_inner = allOf(std::move(all));
}

bool GameDefectFilter::match(Ctx &ctx) const
{
    const game::Game &g = *ctx.game;
    if (g.errors.empty())
        return m_clean;
    for (const game::GameError &e : g.errors) {
        const std::string &m = e.message;
        unsigned kind = m.rfind("illegal move ", 0) == 0 || m.rfind("ambiguous move ", 0) == 0 ? IllegalMove
            : m.rfind("bad move ", 0) == 0                                                      ? InvalidMove
                                                                                                : 0u;
        if (kind & m_defects)
            return true;
    }
    return false;
}

bool CommentPatternFilter::match(Ctx &ctx) const
{
    for (const std::string &text : ctx.game->texts)
        if (globMatch(m_pattern, text))
            return true;
    return false;
}

} // namespace cql::cqls
