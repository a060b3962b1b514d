// Evaluating the later CQL-S keywords (see extrafilters.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/extrafilters.h"

#include "cql/cqls/filters.h"
#include "cql/cqls/gamewalk.h"
#include "cql/vars.h"
#include "game/ficsstart.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <map>

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

// --- :matchconsecutive

bool MatchConsecutiveFilter::from(Ctx &ctx, game::NodeId n, unsigned used) const
{
    if (used == (1u << m_lists.size()) - 1) return true;
    ctx.moveTo(n);
    for (size_t k = 0; k < m_lists.size(); ++k) {
        if (used & (1u << k)) continue;
        ctx.moveTo(n);
        if (!m_lists[k]->match(ctx)) continue;
        unsigned next = used | (1u << k);
        if (next == (1u << m_lists.size()) - 1) return true;
        if (someChild(ctx, n, [&](game::NodeId c) { return from(ctx, c, next); })) return true;
    }
    return false;
}

bool MatchConsecutiveFilter::match(Ctx &ctx) const
{
    if (m_lists.empty()) return true;
    game::NodeId here = ctx.node;
    bool ok = from(ctx, here, 0);
    ctx.moveTo(here);
    return ok;
}

FilterPtr MatchConsecutiveFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> lists;
    for (const FilterPtr &f : m_lists)
        lists.push_back(f->transformed(t));
    return std::make_unique<MatchConsecutiveFilter>(std::move(lists));
}

// --- :perpendicular

namespace {

// The lines a piece moves along: bit 0 file, 1 rank, 2 diagonal, 3 anti-diagonal.
int linesOf(chess::PieceType t)
{
    switch (t) {
    case chess::Rook: return 1 | 2;
    case chess::Bishop: return 4 | 8;
    case chess::Queen: return 15;
    default: return 0;
    }
}

bool onBoard(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Where line la through a and line lb through b cross, if they are perpendicular.
bool crossing(Square a, int la, Square b, int lb, int &f, int &r)
{
    int fa = chess::fileOf(a), ra = chess::rankOf(a), fb = chess::fileOf(b), rb = chess::rankOf(b);
    if (la == 0 && lb == 1) {
        f = fa;
        r = rb;
        return true;
    }
    if (la == 1 && lb == 0) {
        f = fb;
        r = ra;
        return true;
    }
    int d = -1, s = -1; // f - r on the diagonal, f + r on the anti-diagonal
    if (la == 2 && lb == 3) {
        d = fa - ra;
        s = fb + rb;
    } else if (la == 3 && lb == 2) {
        d = fb - rb;
        s = fa + ra;
    } else
        return false;
    if ((d + s) % 2 != 0) return false;
    f = (d + s) / 2;
    r = (s - d) / 2;
    return onBoard(f, r);
}

} // namespace

bool PerpendicularFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    SquareSet as = m_a->set(ctx) & p.occupied(), bs = m_b->set(ctx) & p.occupied();
    for (Square a : as) {
        int la = linesOf(chess::typeOf(p.pieceAt(a)));
        if (!la) continue;
        for (Square b : bs) {
            int lb = linesOf(chess::typeOf(p.pieceAt(b)));
            if (a == b || !lb) continue;
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j) {
                    int f, r;
                    if ((la >> i & 1) && (lb >> j & 1) && crossing(a, i, b, j, f, r)) {
                        Square x = chess::makeSquare(f, r);
                        if (x != a && x != b) return true;
                    }
                }
        }
    }
    return false;
}

FilterPtr PerpendicularFilter::transformed(const Transform &t) const
{
    return std::make_unique<PerpendicularFilter>(m_a->transformed(t), m_b->transformed(t));
}

// --- :passedpawnrace

namespace {

// Plies... in moves of its own side: how soon the fastest pawn of c the enemy
// king cannot catch promotes; -1 if it has none.
int fastestUnstoppable(const chess::Position &p, chess::Color c, const SquareSet &unstoppable)
{
    int best = -1;
    for (Square s : unstoppable &p.pieces(c, chess::Pawn)) {
        int r = chess::rankOf(s);
        int moves = c == chess::White ? 7 - r - (r == 1 ? 1 : 0) : r - (r == 6 ? 1 : 0);
        if (best < 0 || moves < best) best = moves;
    }
    return best;
}

bool onlyKingAndPawns(const chess::Position &p, chess::Color c)
{
    return (p.pieces(c) - p.pieces(c, chess::Pawn) - p.pieces(c, chess::King)).empty();
}

} // namespace

bool PassedPawnRaceFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    chess::Color us = m_side == ToMove ? p.sideToMove() : m_side == White ? chess::White : chess::Black;
    chess::Color them = us == chess::White ? chess::Black : chess::White;
    if (!onlyKingAndPawns(p, them)) return false; // the seed: otherwise never
    PieceMask pawns = PieceMask((1u << chess::WPawn) | (1u << chess::BPawn));
    UnstoppablePawnsFilter u(std::make_unique<CqlsDesignatorFilter>(pawns, SquareSet::all()));
    SquareSet unstoppable = u.set(ctx);
    int mine = fastestUnstoppable(p, us, unstoppable);
    if (mine < 0) return false;
    int theirs = fastestUnstoppable(p, them, unstoppable);
    if (theirs < 0) return true;
    // Our n-th move comes before theirs when we move first.
    return p.sideToMove() == us ? mine <= theirs : mine < theirs;
}

FilterPtr PassedPawnRaceFilter::transformed(const Transform &t) const
{
    return std::make_unique<PassedPawnRaceFilter>(sideUnder(t, m_side));
}

// --- :startposition

namespace {

// Chess960 arrangements by Scharnagl's numbering (518 the standard one);
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

// --- PGN tag keywords

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool listHas(const std::vector<std::string> &values, std::string_view v)
{
    std::string l = lower(v);
    return std::find(values.begin(), values.end(), l) != values.end();
}

bool readNumber(std::string_view s, long long &v)
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

const char *const RosterTags[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

} // namespace

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
    const std::string m = lower(mode);
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

bool TagInfoFilter::match(Ctx &ctx) const
{
    const game::Game &g = *ctx.game;
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
            if (roster || (!s.anyName && lower(name) != s.name)) continue;
            if (!s.haveValue || lower(value).find(s.values[0]) != std::string::npos) return true;
        }
        return false;
    case Annotator: {
        std::string a = lower(g.tag("Annotator"));
        return a.find(s.values[0]) != std::string::npos && (!s.values[0].empty() || a.empty());
    }
    case EventDate: {
        long long y;
        std::string_view d = g.tag("EventDate");
        if (!readNumber(d, y) || d.size() < 4 || d[0] == '?') return s.range.empty;
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
            std::string t = lower(g.tag(std::string(side) + "Type"));
            return s.kind == Computer ? t == "program" : t == "human";
        });
    case Rating:
    case AverageRating:
    case AverageRatingBoth:
    case RatingDifference: {
        long long w = 0, b = 0;
        bool hw = readNumber(g.tag("White" + s.name), w) && w > 0, hb = readNumber(g.tag("Black" + s.name), b) && b > 0;
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
                if (lower(name) == lower(tag)) {
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
        readNumber(g.tag("EventCategory"), c); // none (or not a number): 0, "without a category"
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
        if (!readNumber(r, main)) return false; // without a round there is no sub-round
        if (dot != std::string_view::npos) readNumber(r.substr(dot + 1), v);
        return s.range.contains(v);
    }
    }
    return false;
}

// --- tagging

SquareSet TaggedPieceFilter::set(Ctx &ctx) const
{
    const Value &v = ctx.vars[size_t(m_slot)];
    if (!v.bound) return {};
    Square s = pieceSquare(ctx, int(v.num));
    if (s == chess::NoSquare || !m_squares.contains(s)) return {};
    return SquareSet::of(s);
}

FilterPtr TaggedPieceFilter::transformed(const Transform &t) const
{
    SquareSet sq = cqlsImage(t, m_squares);
    uint64_t bits = sq.bits();
    noteImage(&bits, sizeof bits);
    return std::make_unique<TaggedPieceFilter>(m_slot, sq);
}

bool TagMatchFilter::match(Ctx &ctx) const
{
    const Value &v = ctx.vars[size_t(m_slot)];
    if (!v.bound) return false;
    Square s = pieceSquare(ctx, int(v.num));
    return s != chess::NoSquare && m_d->set(ctx).contains(s);
}

FilterPtr TagMatchFilter::transformed(const Transform &t) const
{
    return std::make_unique<TagMatchFilter>(m_slot, m_d->transformed(t));
}

bool ForAnyFilter::gameMatchesNow(Ctx &ctx) const
{
    ++ctx.bindingGeneration;
    for (int slot : m_gateSlots) {
        Type type = ctx.vars[size_t(slot)].type;
        ctx.vars[size_t(slot)] = Value();
        ctx.vars[size_t(slot)].type = type;
    }
    return someSearchedPosition(ctx, [&](game::NodeId n) {
        ctx.moveTo(n);
        return m_inner->match(ctx);
    });
}

bool ForAnyFilter::tryBindings(Ctx &ctx, size_t k, const std::vector<std::vector<int>> &candidates) const
{
    if (k == m_tags.size()) return gameMatchesNow(ctx);
    for (int id : candidates[k]) {
        bool taken = false;
        for (size_t j = 0; j < k; ++j)
            taken = taken || ctx.vars[size_t(m_tags[j].slot)].num == id;
        if (taken) continue;
        Value &v = ctx.vars[size_t(m_tags[k].slot)];
        v.bound = true;
        v.num = id;
        if (tryBindings(ctx, k + 1, candidates)) return true;
    }
    ctx.vars[size_t(m_tags[k].slot)].bound = false;
    return false;
}

bool ForAnyFilter::match(Ctx &ctx) const
{
    Value &cache = ctx.vars[size_t(m_cacheSlot)];
    if (!cache.bound) {
        game::NodeId here = ctx.node;
        const auto &nodes = ctx.game->nodes;
        // The pieces each tag may stand for: of one of its types at some position.
        std::vector<std::vector<int>> candidates(m_tags.size());
        const chess::Position &root = nodes[0].position;
        for (Square s : root.occupied()) {
            int id = int(s);
            std::vector<bool> fits(m_tags.size(), false);
            for (game::NodeId n = 0; n < nodes.size(); ++n) {
                ctx.moveTo(n);
                Square at = pieceSquare(ctx, id);
                if (at == chess::NoSquare) continue;
                PieceMask bit = PieceMask(1u << nodes[n].position.pieceAt(at));
                for (size_t k = 0; k < m_tags.size(); ++k)
                    fits[k] = fits[k] || (m_tags[k].types & bit);
            }
            for (size_t k = 0; k < m_tags.size(); ++k)
                if (fits[k]) candidates[k].push_back(id);
        }
        cache.bound = true;
        cache.num = tryBindings(ctx, 0, candidates) ? 1 : 0;
        ctx.moveTo(here);
    }
    return cache.num != 0 && m_inner->match(ctx);
}

FilterPtr ForAnyFilter::transformed(const Transform &t) const
{
    return std::make_unique<ForAnyFilter>(m_tags, m_gateSlots, m_cacheSlot, m_inner->transformed(t));
}

// --- :ischeck with a range

bool IsCheckCountFilter::match(Ctx &ctx) const
{
    const auto &nodes = ctx.game->nodes;
    chess::Color us = ctx.pos->sideToMove();
    // Checks we gave so far: positions on the way here where the opponent is to move in check.
    long long given = 0;
    for (game::NodeId a = ctx.node; a != game::NoNode; a = nodes[a].parent)
        if (nodes[a].position.sideToMove() != us && nodes[a].position.inCheck()) ++given;
    return someChild(ctx, ctx.node, [&](game::NodeId c) {
        return !nodes[c].move.isNull() && nodes[c].position.inCheck() && m_range.contains(given + 1);
    });
}

} // namespace cql::cqls
