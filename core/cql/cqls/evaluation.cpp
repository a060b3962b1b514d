// Parsing and matching of :evaluation, :moveevaluation and :endgameevaluation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/evaluation.h"
#include "cql/cqls/gamewalk.h"

#include "cql/control.h"
#include "engine/analysis.h"
#include "engine/settings.h"
#include "engine/tablebase.h"

namespace cql::cqls {

namespace {

// The settings a query carries, else (a filter evaluated by hand) the environment's.
const engine::Settings &settingsOr(const engine::Settings *given)
{
    if (given) return *given;
    static const engine::Settings environment = engine::settingsFromEnvironment();
    return environment;
}

// A signed decimal number of pawns ("2.5", "-3", "−0.25") as centipawns.
bool parsePawns(std::string_view t, long long &out)
{
    const bool neg = takeSign(t);
    size_t dot = t.find('.');
    std::string_view whole = t.substr(0, dot), frac = dot == std::string_view::npos ? "" : t.substr(dot + 1);
    if ((whole.empty() && frac.empty()) || whole.size() > 9 || frac.size() > 2
        || (dot != std::string_view::npos && frac.empty() && whole.empty()))
        return false;
    long long v = 0;
    for (char c : whole) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    long long cents = 0;
    for (size_t k = 0; k < 2; ++k) {
        char c = k < frac.size() ? frac[k] : '0';
        if (c < '0' || c > '9') return false;
        cents = cents * 10 + (c - '0');
    }
    v = v * 100 + cents;
    out = neg ? -v : v;
    return true;
}

void skipArguments(const std::vector<Item> &items, size_t &i, const EvaluationParser &p)
{
    while (i < items.size() && !items[i].isList() && !p.isKeyword(items[i]))
        ++i;
}

bool isWord(const std::vector<Item> &items, size_t i, const EvaluationParser &p)
{
    return i < items.size() && items[i].kind == Item::Word && !p.isKeyword(items[i]);
}

FilterPtr endgameEvaluation(const Item &at, const std::vector<Item> &items, size_t &i, const EvaluationParser &p,
                            bool firstOnly)
{
    if (!isWord(items, i, p)) {
        p.error(at, "':endgameevaluation' expects remis, mate, *mate, +mate or -mate");
        return nullptr;
    }
    const Item &w = items[i];
    std::string t = w.text;
    if (t.substr(0, 3) == "\xE2\x88\x92") t = "-" + t.substr(3);
    EndgameEvaluationFilter::Kind kind;
    if (t == "remis" || t == "draw")
        kind = EndgameEvaluationFilter::Draw;
    else if (t == "mate")
        kind = EndgameEvaluationFilter::SideToMoveWins;
    else if (t == "*mate")
        kind = EndgameEvaluationFilter::EitherWins;
    else if (t == "+mate")
        kind = EndgameEvaluationFilter::WhiteWins;
    else if (t == "-mate")
        kind = EndgameEvaluationFilter::BlackWins;
    else {
        p.error(w, "'" + w.text + "': ':endgameevaluation' expects remis, mate, *mate, +mate or -mate");
        skipArguments(items, i, p);
        return nullptr;
    }
    ++i;
    Range plies;
    bool haveRange = false, plain = false;
    if (isWord(items, i, p) && parseRangeWord(items[i].text, plies, plain, false, false)) {
        haveRange = true;
        if (kind == EndgameEvaluationFilter::Draw) {
            p.error(items[i], "':endgameevaluation remis' takes no range of half moves to mate");
            skipArguments(items, i, p);
            return nullptr;
        }
        ++i;
        Range second;
        bool plain2 = false;
        if (plain && isWord(items, i, p) && parseRangeWord(items[i].text, second, plain2, false, false) && plain2) {
            plies.hi = second.hi;
            ++i;
        }
    }
    if (isWord(items, i, p)) {
        p.error(items[i],
                "'" + items[i].text + "' is not an argument of ':endgameevaluation' (a range of half moves to mate?)");
        skipArguments(items, i, p);
        return nullptr;
    }
    if (!engine::gaviota::compiledIn()) {
        p.error(at, engine::gaviota::missingLibraryMessage(":endgameevaluation"));
        return nullptr;
    }
    std::string err;
    if (!engine::gaviota::open(engine::tablebaseDirectories(settingsOr(p.engine)), err)) {
        p.error(at, "':endgameevaluation' needs Gaviota tablebases: " + err);
        return nullptr;
    }
    return std::make_unique<EndgameEvaluationFilter>(kind, haveRange, plies, firstOnly);
}

// The parameters shared by :evaluation and :moveevaluation, in any order
// (the seed's own examples put the range before 'movetime').
FilterPtr engineEvaluation(const std::string &name, const Item &at, const std::vector<Item> &items, size_t &i,
                           const EvaluationParser &p)
{
    bool move = name == "moveevaluation";
    const std::string kw = "':" + name + "'";
    FilterPtr pieces, targets;
    if (move) {
        pieces = p.designator(at, items, i);
        if (pieces) targets = p.designator(at, items, i);
        if (!targets) {
            skipArguments(items, i, p);
            return nullptr;
        }
    }
    bool haveLimit = false, mate = false, haveRange = false, havePerspective = false, absolute = false;
    engine::Limit limit;
    Range range;
    while (isWord(items, i, p)) {
        const Item &w = items[i];
        if (w.text == "depth" || w.text == "movetime") {
            long long n = 0;
            if (i + 1 >= items.size() || !parseNumber(items[i + 1].text, n) || n <= 0
                || n > (w.text == "depth" ? 200 : 100000000)) {
                p.error(w,
                        kw + " expects a positive number after '" + w.text + "'"
                            + (w.text == "depth" ? " (half moves)" : " (milliseconds)"));
                skipArguments(items, i, p);
                return nullptr;
            }
            if (haveLimit) {
                p.error(w, kw + " takes one 'depth' or 'movetime'");
                skipArguments(items, i, p);
                return nullptr;
            }
            haveLimit = true;
            limit.kind = w.text == "depth" ? engine::Limit::Depth : engine::Limit::MoveTime;
            limit.value = int(n);
            i += 2;
            continue;
        }
        if (w.text == "sidetomove" || w.text == "absolute") {
            havePerspective = true;
            absolute = w.text == "absolute";
            ++i;
            continue;
        }
        if (w.text == "mate" && !move) {
            mate = true;
            ++i;
            continue;
        }
        bool plain = false;
        Range r;
        if (!haveRange && parsePawnRange(w.text, r, plain)) {
            haveRange = true;
            range = r;
            ++i;
            Range second;
            bool plain2 = false;
            if (plain && isWord(items, i, p) && parsePawnRange(items[i].text, second, plain2) && plain2) {
                range.hi = second.hi;
                ++i;
            }
            continue;
        }
        p.error(w,
                "'" + w.text + "' is not an argument of " + kw + " (depth N, movetime MS, " + (move ? "" : "mate, ")
                    + "a range in pawns, sidetomove, absolute)");
        skipArguments(items, i, p);
        return nullptr;
    }
    if (!haveLimit) {
        p.error(at, kw + " expects 'depth N' (half moves) or 'movetime MS' (milliseconds)");
        return nullptr;
    }
    if (mate && (haveRange || havePerspective)) {
        p.error(at, "':evaluation ... mate' takes no range and no 'sidetomove' or 'absolute'");
        return nullptr;
    }
    if (!mate && !haveRange) {
        p.error(at, kw + (move ? " expects a range in pawns" : " expects 'mate' or a range in pawns"));
        return nullptr;
    }
    if (!mate && !havePerspective) {
        p.error(at, kw + " expects 'sidetomove' or 'absolute' with its range");
        return nullptr;
    }
    std::string problem = engine::engineProblem(settingsOr(p.engine));
    if (!problem.empty()) {
        p.error(at, kw + " needs a UCI chess engine: " + problem);
        return nullptr;
    }
    if (move)
        return std::make_unique<MoveEvaluationFilter>(std::move(pieces), std::move(targets), limit, range, absolute,
                                                      false);
    return std::make_unique<EngineEvaluationFilter>(limit, mate, range, absolute, false);
}

engine::Score engineScore(const Ctx &ctx, const chess::Position &pos, engine::Limit limit, const char *keyword)
{
    try {
        return engine::evaluate(settingsOr(ctx.engine), pos, limit);
    } catch (const engine::EngineError &e) {
        throw EvaluationError(std::string(keyword) + ": " + e.what());
    }
}

// The score for White, in centipawns.
long long whiteScore(const chess::Position &pos, const engine::Score &s)
{
    return pos.sideToMove() == chess::White ? s.centipawns() : -s.centipawns();
}

} // namespace

FilterPtr compileEvaluation(const std::string &name, const Item &at, const std::vector<Item> &items, size_t &i,
                            const EvaluationParser &p)
{
    if (name == "endgameevaluation" || name == "endgameevaluation*")
        return endgameEvaluation(at, items, i, p, name.back() == '*');
    return engineEvaluation(name, at, items, i, p);
}

bool parsePawnRange(std::string_view t, Range &out, bool &plain)
{
    out = Range();
    plain = false;
    if (t == "*") return true;
    if (t == "unlimited") {
        plain = true;
        return true;
    }
    int op = readComparison(t);
    long long v = 0;
    if (!parsePawns(t, v)) return false;
    switch (op) {
    case 0:
        out.lo.value = out.hi.value = v;
        plain = true;
        break;
    case 1: out.lo.value = v + 1; break;
    case 2: out.lo.value = v; break;
    case 3: out.hi.value = v - 1; break;
    case 4: out.hi.value = v; break;
    }
    return true;
}

bool EngineEvaluationFilter::match(Ctx &ctx) const
{
    engine::Score s = engineScore(ctx, *ctx.pos, m_limit, "':evaluation'");
    if (m_mate) return s.mate && (m_limit.kind != engine::Limit::Depth || s.matePlies() <= m_limit.value);
    long long v = m_absolute ? whiteScore(*ctx.pos, s) : s.centipawns();
    if (m_absolute && m_blackView) v = -v;
    return m_range.contains(v);
}

FilterPtr EngineEvaluationFilter::transformed(const Transform &t) const
{
    bool black = m_blackView != t.swapColors;
    noteImage(&black, sizeof black);
    return std::make_unique<EngineEvaluationFilter>(m_limit, m_mate, m_range, m_absolute, black);
}

bool MoveEvaluationFilter::match(Ctx &ctx) const
{
    const chess::Position &before = *ctx.pos;
    chess::SquareSet pieces = m_pieces->set(ctx), targets = m_targets->set(ctx);
    bool haveBefore = false;
    long long beforeWhite = 0;
    return someChild(ctx, ctx.node, [&](game::NodeId c) {
        const game::Node &child = ctx.game->nodes[c];
        chess::Move m = child.move;
        if (m.isNull() || !pieces.contains(m.from()) || !targets.contains(m.to())) return false;
        if (!haveBefore) {
            beforeWhite = whiteScore(before, engineScore(ctx, before, m_limit, "':moveevaluation'"));
            haveBefore = true;
        }
        const chess::Position &after = child.position;
        long long diff = whiteScore(after, engineScore(ctx, after, m_limit, "':moveevaluation'")) - beforeWhite;
        // sidetomove: seen by the side to move after the move, so a blunder is a gain (seed).
        if (m_absolute ? m_blackView : after.sideToMove() == chess::Black) diff = -diff;
        return m_range.contains(diff);
    });
}

FilterPtr MoveEvaluationFilter::transformed(const Transform &t) const
{
    bool black = m_blackView != t.swapColors;
    noteImage(&black, sizeof black);
    return std::make_unique<MoveEvaluationFilter>(m_pieces->transformed(t), m_targets->transformed(t), m_limit, m_range,
                                                  m_absolute, black);
}

bool EndgameEvaluationFilter::match(Ctx &ctx) const
{
    if (m_firstOnly) {
        // The seed: only where the constellation before it in the list holds for the
        // first time in the game, i.e. the first time the list reaches this filter.
        char &reached = ctx.onceReachedAt(m_onceSlot);
        if (reached) return false;
        reached = 1;
    }
    const chess::Position &pos = *ctx.pos;
    if (pos.occupied().count() > 5) return false; // no Gaviota table has more pieces
    // The library holds one set of tables: this query's are made the open ones
    // (a no-op unless a query with other directories opened its own since).
    std::string err;
    if (pos.occupied().count() > 2 && !engine::gaviota::open(engine::tablebaseDirectories(settingsOr(ctx.engine)), err))
        return false;
    auto r = engine::gaviota::probe(pos, !m_haveRange);
    if (!r) return false; // only positions the local tables cover can match (seed)
    using O = engine::TablebaseResult;
    bool ok = false;
    switch (m_kind) {
    case Draw: ok = r->outcome == O::Draw; break;
    case EitherWins: ok = r->outcome != O::Draw; break;
    case WhiteWins: ok = r->outcome == O::WhiteWins; break;
    case BlackWins: ok = r->outcome == O::BlackWins; break;
    case SideToMoveWins: ok = r->outcome == (pos.sideToMove() == chess::White ? O::WhiteWins : O::BlackWins); break;
    }
    return ok && (!m_haveRange || m_plies.contains(r->plies));
}

FilterPtr EndgameEvaluationFilter::transformed(const Transform &t) const
{
    const Kind k = sideKindUnder(t, m_kind, WhiteWins, BlackWins);
    return std::make_unique<EndgameEvaluationFilter>(k, m_haveRange, m_plies, m_firstOnly);
}

} // namespace cql::cqls
