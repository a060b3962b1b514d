// The analysing keywords of CQL-S that ask outside helpers: :evaluation and
// :moveevaluation (a UCI engine, see engine/analysis.h) and
// :endgameevaluation (Gaviota tablebases, see engine/tablebase.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/filter.h"
#include "cql/cqls/designators.h"
#include "cql/cqls/lexer.h"
#include "engine/uci.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cql::cqls {

// What the CQL-S compiler lends the keyword parser.
struct EvaluationParser {
    std::function<void(const Item &at, std::string message)> error;
    // A piece designator argument (advancing i), or null after reporting an error.
    std::function<FilterPtr(const Item &at, const std::vector<Item> &items, size_t &i)> designator;
    std::function<bool(const Item &)> isKeyword;
    const engine::Settings *engine = nullptr; // the query's (CompileOptions::engine); null: the environment's
};

// Compiles the arguments of ':evaluation', ':moveevaluation' or
// ':endgameevaluation' starting at items[i]; null after an error.
FilterPtr compileEvaluation(const std::string &name, const Item &at, const std::vector<Item> &items, size_t &i,
                            const EvaluationParser &p);

// One word of a range in pawn units ("2.5", ">=2.5", "<=−3.0", "*",
// "unlimited") as centipawns. plain: a bare number that a second one may
// close ("1.5 3").
bool parsePawnRange(std::string_view word, Range &out, bool &plain);

// :evaluation depth|movetime N (mate | range sidetomove|absolute).
class EngineEvaluationFilter : public Filter {
public:
    EngineEvaluationFilter(engine::Limit limit, bool mate, Range centipawns, bool absolute, bool blackView)
        : m_limit(limit), m_mate(mate), m_range(centipawns), m_absolute(absolute), m_blackView(blackView)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    engine::Limit m_limit;
    bool m_mate;
    Range m_range;
    bool m_absolute;
    bool m_blackView; // under a colour swap "absolute" is Black's view
};

// :moveevaluation D1 D2 depth|movetime N range sidetomove|absolute: a next
// move of a piece on D1 to D2 whose value (the score after it minus the
// score before it) lies in the range.
class MoveEvaluationFilter : public Filter {
public:
    MoveEvaluationFilter(FilterPtr pieces, FilterPtr targets, engine::Limit limit, Range centipawns, bool absolute,
                         bool blackView)
        : m_pieces(std::move(pieces)), m_targets(std::move(targets)), m_limit(limit), m_range(centipawns),
          m_absolute(absolute), m_blackView(blackView)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_pieces, m_targets;
    engine::Limit m_limit;
    Range m_range;
    bool m_absolute;
    bool m_blackView;
};

// :endgameevaluation remis|mate|*mate|+mate|-mate [range of half moves to mate].
class EndgameEvaluationFilter : public Filter {
public:
    enum Kind { Draw, SideToMoveWins, EitherWins, WhiteWins, BlackWins };
    // firstOnly (':endgameevaluation*'): probes only the first time the list reaches it in a game.
    EndgameEvaluationFilter(Kind kind, bool haveRange, Range plies, bool firstOnly = false)
        : m_kind(kind), m_haveRange(haveRange), m_plies(plies), m_firstOnly(firstOnly),
          m_onceSlot(firstOnly ? allocateGameSlot(GameSlot::OnceReached) : -1)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    Kind m_kind;
    bool m_haveRange;
    Range m_plies;
    bool m_firstOnly;
    int m_onceSlot; // GameSlot::OnceReached when firstOnly, else -1
};

} // namespace cql::cqls
