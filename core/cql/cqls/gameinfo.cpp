// Reading Scidb's game and player tags for :timemode, :gender and the rating systems (see gameinfo.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/gameinfo.h"

#include <algorithm>

#include "game/ficsstart.h"
#include "cql/cqls/tags.h"

namespace cql::cqls {

namespace {

std::string lowerTrimmed(std::string_view s)
{
    const size_t first = s.find_first_not_of(" \t\n\r\f\v"), last = s.find_last_not_of(" \t\n\r\f\v");
    return first == std::string_view::npos ? std::string() : lowerCase(s.substr(first, last - first + 1));
}

// Digits only, and not absurdly many (a period is at most a few months).
bool digits(std::string_view s, long long &v) { return !s.empty() && s.size() <= 12 && digitsAt(s, 0, s.size(), v); }

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
        if (!digits(f.substr(0, slash), p.moves) || p.moves == 0) return false;
        f.remove_prefix(slash + 1);
    }
    size_t plus = f.find('+');
    if (plus != std::string_view::npos) {
        if (!digits(f.substr(plus + 1), p.increment)) return false;
        f = f.substr(0, plus);
    }
    return digits(f, p.seconds);
}

} // namespace

namespace {
constexpr std::string_view TimeModeNames[] = {"unknown", "normal", "rapid", "blitz", "bullet", "corr"};
} // namespace

std::string_view timeModeName(TimeMode m) { return TimeModeNames[int(m)]; }

bool timeModeFromName(std::string_view n, TimeMode &out)
{
    const auto k = std::find(std::begin(TimeModeNames), std::end(TimeModeNames), n);
    if (k == std::end(TimeModeNames)) return false;
    out = TimeMode(k - std::begin(TimeModeNames));
    return true;
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
            if (last.moves == 0) return -1;
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
    if (t < 0) return TimeMode::Unknown;
    if (t >= Moves * Day) return TimeMode::Corr;
    if (t < 3 * 60) return TimeMode::Bullet;
    if (t <= 10 * 60) return TimeMode::Blitz;
    if (t < 60 * 60) return TimeMode::Rapid;
    return TimeMode::Normal;
}

TimeMode timeModeOf(const game::Game &g)
{
    TimeMode m;
    std::string tag = lowerTrimmed(g.tag("TimeMode"));
    if (tag == "correspondence") return TimeMode::Corr;
    if (timeModeFromName(tag, m) && m != TimeMode::Unknown) return m;
    std::string mode = lowerTrimmed(g.tag("Mode"));
    if (mode == "pm" || mode == "em") return TimeMode::Corr;
    return timeModeOfControl(g.tag("TimeControl"));
}

char genderOf(const game::Game &g, bool white)
{
    std::string s = lowerTrimmed(g.tag(white ? "WhiteSex" : "BlackSex"));
    if (s == "m") return 'm';
    if (s == "f" || s == "w") return 'f';
    return 'x';
}

namespace {
// The match list page's systems and the tags their ratings are read from. Scidb
// writes White<tag>/Black<tag> for Elo, DWZ, ECF, USCF, Rapid and ICCF; its newer
// systems (ACF, Blitz, Edo) have no tag in its sources, so they are read from tags
// named the same way.
struct RatingSystem {
    std::string_view name, tag;
};
constexpr RatingSystem RatingSystems[] = {
    {"ELO", "Elo"},     {"DWZ", "DWZ"},     {"ECF", "ECF"},   {"ACF", "ACF"}, {"USCF", "USCF"},
    {"RAPID", "Rapid"}, {"BLITZ", "Blitz"}, {"ICCF", "ICCF"}, {"EDO", "Edo"},
};
} // namespace

std::string_view ratingTagSuffix(std::string_view upper)
{
    for (const RatingSystem &r : RatingSystems)
        if (r.name == upper) return r.tag;
    return {};
}

bool TimeModeFilter::matchesTags(const game::Game &g) const
{
    return std::find(m_modes.begin(), m_modes.end(), timeModeOf(g)) != m_modes.end();
}

bool GenderFilter::matchesTags(const game::Game &g) const
{
    auto has = [&](bool white) { return m_genders.find(genderOf(g, white)) != std::string::npos; };
    if (m_side == 1) return has(true);
    if (m_side == 2) return has(false);
    return has(true) || has(false);
}

std::string_view gameMarkerLetters() { return "wbmeNpTKQ!?U*DGS^~=MP"; }

std::string gameMarkersOf(const game::Game &g, bool *deleted)
{
    // Scid's flag letters (any case) and Scidb's markers for them; D is deletion.
    static constexpr std::string_view Flags = "WBMEPNTKQ!?U123456", Markers = "wbmepNTKQ!?U*DGS^~";
    if (deleted) *deleted = false;
    std::string out;
    for (char c : g.tag("ScidFlags")) {
        const size_t k = Flags.find(char(std::toupper(static_cast<unsigned char>(c))));
        if (k != std::string_view::npos && out.find(Markers[k]) == std::string::npos) out += Markers[k];
        if (deleted && (c == 'D' || c == 'd')) *deleted = true; // other letters are ignored, as Scid does
    }
    return out;
}

bool GameMarkerFilter::matchesTags(const game::Game &g) const
{
    const std::string has = gameMarkersOf(g);
    if (m_markers.empty()) return !has.empty();
    return has.find_first_of(m_markers) != std::string::npos;
}

bool GameDefectFilter::match(Ctx &ctx) const
{
    const game::Game &g = *ctx.game;
    if (m_defects & Deleted) {
        bool deleted = false;
        gameMarkersOf(g, &deleted);
        if (deleted) return true;
    }
    if (g.errors.empty()) return m_clean;
    for (const game::GameError &e : g.errors) {
        const std::string &m = e.message;
        unsigned kind = m.rfind("illegal move ", 0) == 0 || m.rfind("ambiguous move ", 0) == 0 ? IllegalMove
            : m.rfind("bad move ", 0) == 0                                                     ? InvalidMove
                                                                                               : 0u;
        if (kind & m_defects) return true;
    }
    return false;
}

namespace {

bool isLower(char c) { return c >= 'a' && c <= 'z'; }
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Whether text has something besides spaces and <tags>.
bool hasText(std::string_view t)
{
    bool inTag = false;
    for (char c : t) {
        if (c == '<')
            inTag = true;
        else if (c == '>' && inTag)
            inTag = false;
        else if (!inTag && !isBlank(c))
            return true;
    }
    return false;
}

void addLanguage(std::vector<std::string> &out, std::string code)
{
    if (std::find(out.begin(), out.end(), code) == out.end()) out.push_back(std::move(code));
}

} // namespace

std::vector<std::string> commentLanguages(std::string_view c)
{
    std::vector<std::string> out;
    std::string_view t = c;
    while (!t.empty() && isBlank(t.front()))
        t.remove_prefix(1);
    while (!t.empty() && isBlank(t.back()))
        t.remove_suffix(1);
    constexpr std::string_view HtmlOpen = "<html>", HtmlClose = "</html>", LangOpen = "<lang id=\"",
                               LangClose = "</lang>";
    if (t.size() >= HtmlOpen.size() + HtmlClose.size() && t.substr(0, HtmlOpen.size()) == HtmlOpen
        && t.substr(t.size() - HtmlClose.size()) == HtmlClose) {
        t = t.substr(HtmlOpen.size(), t.size() - HtmlOpen.size() - HtmlClose.size());
        bool independent = false;
        for (;;) {
            size_t open = t.find(LangOpen);
            const size_t codeAt = open + LangOpen.size();
            if (open == std::string_view::npos || codeAt + 4 > t.size() || !isLower(t[codeAt])
                || !isLower(t[codeAt + 1]) || t.substr(codeAt + 2, 2) != "\">") {
                independent = independent || hasText(t);
                break;
            }
            independent = independent || hasText(t.substr(0, open));
            std::string code(t.substr(codeAt, 2));
            t.remove_prefix(codeAt + 4);
            size_t close = t.find(LangClose);
            std::string_view part = t.substr(0, close);
            if (hasText(part)) addLanguage(out, code);
            if (close == std::string_view::npos) break;
            t.remove_prefix(close + LangClose.size());
        }
        if (independent) out.insert(out.begin(), std::string());
        return out;
    }
    // "<xx> " marks: each ends the part before it.
    std::string code; // "" independent
    size_t partStart = 0;
    for (size_t i = 0; i <= t.size(); ++i) {
        const bool mark = i + 4 <= t.size() && t[i] == '<' && isLower(t[i + 1]) && isLower(t[i + 2]) && t[i + 3] == '>'
            && (i + 4 == t.size() || isBlank(t[i + 4]));
        if (!mark && i < t.size()) continue;
        if (hasText(t.substr(partStart, i - partStart))) addLanguage(out, code);
        if (i == t.size()) break;
        code = std::string(t.substr(i + 1, 2));
        partStart = i + 4;
        i += 3;
    }
    // The independent part first, as Scidb orders them.
    auto indep = std::find(out.begin(), out.end(), std::string());
    if (indep != out.end() && indep != out.begin()) std::rotate(out.begin(), indep, indep + 1);
    return out;
}

bool CommentLanguageFilter::match(Ctx &ctx) const
{
    const game::Game &g = *ctx.game;
    auto wanted = [&](const std::string &lang) {
        for (const std::string &c : m_codes) {
            if (c == "xx" ? lang.empty() : c == "yy" ? !lang.empty() && lang != "en" : c == lang) return true;
        }
        return false;
    };
    for (const game::Node &n : g.nodes) {
        for (uint32_t id : {n.preComment, n.comment}) {
            if (id == game::NoText) continue;
            for (const std::string &lang : commentLanguages(g.text(id)))
                if (wanted(lang)) return true;
        }
    }
    return false;
}

bool PlayerYearFilter::match(Ctx &ctx) const
{
    auto yearMatches = [&](bool white) {
        const database::PlayerRecord *p = m_base->find(ctx.game->tag(white ? "White" : "Black"));
        const int year = p ? (m_death ? p->deathYear : p->birthYear) : 0;
        if (m_range.empty) return year == 0;
        return year != 0 && m_range.contains(year);
    };
    if (m_side == White) return yearMatches(true);
    if (m_side == Black) return yearMatches(false);
    return yearMatches(true) || yearMatches(false);
}

bool CommentPatternFilter::match(Ctx &ctx) const
{
    for (const std::string &text : ctx.game->texts)
        if (globMatch(m_pattern, text)) return true;
    return false;
}

namespace {

// rooks and king take the three squares left, in the order given.
std::array<char, 8> arrangement(int n, const char *last3)
{
    std::array<char, 8> a;
    a.fill(0);
    a[size_t(2 * (n % 4) + 1)] = 'B';
    n /= 4;
    a[size_t(2 * (n % 4))] = 'B';
    n /= 4;
    auto place = [&](int k, char piece) {
        for (size_t f = 0; f < 8; ++f)
            if (!a[f] && k-- == 0) {
                a[f] = piece;
                return;
            }
    };
    place(n % 6, 'Q');
    n /= 6;
    static constexpr int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                           {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    // The second knight's index counts the free squares after the first is placed.
    place(knights[n][0], 'N');
    place(knights[n][1] - 1, 'N');
    for (int k = 0; k < 3; ++k)
        place(0, last3[k]);
    return a;
}

const std::map<std::array<char, 8>, int> &numbering()
{
    static const std::map<std::array<char, 8>, int> table = [] {
        std::map<std::array<char, 8>, int> m;
        for (int n = 0; n < 960; ++n) {
            int number = n == 0 ? 960 : n;
            m[arrangement(n, "RKR")] = number;
            m[arrangement(n, "RRK")] = 960 + number;
            m[arrangement(n, "KRR")] = 1920 + number;
        }
        return m;
    }();
    return table;
}

} // namespace

int startPositionNumber(const chess::Position &p)
{
    using namespace chess;
    if (p.pieces(White, Pawn) != SquareSet::rank(1) || p.pieces(Black, Pawn) != SquareSet::rank(6)) return 0;
    if (p.pieces(White) != (SquareSet::rank(0) | SquareSet::rank(1))
        || p.pieces(Black) != (SquareSet::rank(6) | SquareSet::rank(7)))
        return 0;
    if (p.sideToMove() != White) return 0;
    std::array<char, 8> a;
    for (int f = 0; f < 8; ++f) {
        PieceType w = typeOf(p.pieceAt(makeSquare(f, 0))), b = typeOf(p.pieceAt(makeSquare(f, 7)));
        if (w != b) return 0;
        static constexpr char letters[] = " PNBRQK";
        a[size_t(f)] = letters[w];
    }
    auto it = numbering().find(a);
    if (it == numbering().end()) return 0;
    int n = it->second;
    if (n <= 960) {
        int rights = p.castlingRooks().count();
        if (rights == 0) return n + 2880;
        if (rights != 4) return 0; // some rights only: none of the four kinds
    }
    return n;
}

bool StartPositionFilter::match(Ctx &ctx) const
{
    const chess::Position &start = ctx.game->nodes[0].position;
    int n = startPositionNumber(start);
    if (n == 0) n = game::ficsStartNumber(start);
    if (m_anyShuffle && n > 0) return true;
    for (const auto &[lo, hi] : m_ranges)
        if (n >= lo && n <= hi) return true;
    return false;
}

bool GameInfoFilter::match(Ctx &ctx) const { return matchesGame(*ctx.game); }

bool GameInfoFilter::matchesGame(const game::Game &g) const
{
    switch (m_kind) {
    case PlyCount: {
        game::NodeId n = 0;
        while (g.nodes[n].firstChild != game::NoNode)
            n = g.nodes[n].firstChild;
        return m_range.contains(g.nodes[n].ply);
    }
    case Round: {
        // The leading number of the round; none (or "?", "-") counts as 0.
        long long v;
        tagNumber(g.tag("Round"), v);
        return m_range.contains(v);
    }
    case Eco: {
        std::string_view e = g.tag("ECO");
        bool valid = e.size() >= 3 && e[0] >= 'A' && e[0] <= 'E' && std::isdigit(static_cast<unsigned char>(e[1]))
            && std::isdigit(static_cast<unsigned char>(e[2]));
        if (m_range.empty) return !valid; // '–': games without an ECO code
        if (!valid) return false;
        int code = (e[0] - 'A') * 100 + (e[1] - '0') * 10 + (e[2] - '0');
        if (m_eco.empty()) return true; // '*'
        for (auto [lo, hi] : m_eco)
            if (code >= lo && code <= hi) return true;
        return false;
    }
    case HasVariations:
        for (const game::Node &n : g.nodes)
            if (n.nextSibling != game::NoNode) return true;
        return false;
    case HasComments:
        for (const game::Node &n : g.nodes)
            if (n.comment != game::NoText || n.preComment != game::NoText) return true;
        return false;
    case HasAnnotation:
        for (const game::Node &n : g.nodes)
            if (n.nagCount > 0) return true;
        return false;
    }
    return false;
}

bool DateFilter::matchesTags(const game::Game &g) const
{
    std::string_view d = g.tag("Date");
    long long y, m, day;
    if (!digitsAt(d, 0, 4, y)) return m_range.empty; // blank dated: only '–' matches
    if (m_range.empty) return false;
    if (!digitsAt(d, 5, 2, m)) m = 0;
    if (!digitsAt(d, 8, 2, day)) day = 0;
    return m_range.contains(y * 10000 + m * 100 + day);
}

} // namespace cql::cqls
