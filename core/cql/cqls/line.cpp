// Compiling :line move notation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/line.h"

#include <algorithm>

#include "cql/cqls/listlogic.h"
#include "cql/cqls/tocql6.h"
#include "cql/logic.h"

namespace cql::cqls {

namespace {

// A line's CQL 6 text whose filters are arguments (names cqls_1, cqls_2 ...).
struct LineText {
    std::map<std::string, const Filter *> arguments;
    std::string bind(const Filter &f)
    {
        std::string name = "cqls_" + std::to_string(arguments.size() + 1);
        arguments[name] = &f;
        return name;
    }
    // f1 --> f2 ...
    std::string chain(const std::vector<FilterPtr> &filters)
    {
        std::string s;
        for (const FilterPtr &f : filters)
            s += (s.empty() ? "" : " --> ") + bind(*f);
        return s;
    }
};

// A line that is one position's filter: any match will do, and it writes no comments.
constexpr std::string_view LineOptions = "firstmatch quiet";

} // namespace

FilterPtr sequenceLine(bool gapped, std::vector<FilterPtr> steps,
                       const std::vector<std::shared_ptr<const StepSpan>> &spans, const Lowering &lower)
{
    if (steps.empty()) return std::make_unique<ConstantFilter>(true);
    LineText line;
    std::vector<std::string> texts;
    for (size_t k = 0; k < steps.size(); ++k) {
        const StepSpan *span = k < spans.size() ? spans[k].get() : nullptr;
        std::string t = line.bind(*steps[k]);
        if (span && span->run) {
            // A run starts where the step first holds: it is at least one position long.
            const Range &r = span->runRange;
            const bool never = r.empty || r.hi.value < std::max<long long>(1, r.lo.value);
            t = never ? "false" : t + runCql6(r.lo.value, r.hi.value);
        }
        if (span && span->further > 0) t += " --> true{" + std::to_string(span->further) + "}";
        if (span && !span->potential.empty()) t += " --> (" + line.chain(span->potential) + ")?";
        texts.push_back(std::move(t));
    }
    return lower(sequenceCql6(gapped, texts, LineOptions), line.arguments);
}

FilterPtr compileLine(std::string_view text, std::string &error, const Lowering &lower,
                      std::shared_ptr<const StepSpan> *span)
{
    // "m1 .. mk | mk+1 .. mn": the moves after '|' need only be possible.
    size_t bar = text.find('|');
    std::string_view played = text.substr(0, bar);
    std::vector<LineMove> moves, potential;
    if (!readLineMoves(played, moves, error)) return nullptr;
    if (bar != std::string_view::npos) {
        std::string_view rest = text.substr(bar + 1);
        if (rest.find('|') != std::string_view::npos) {
            error = "':line' takes one '|'";
            return nullptr;
        }
        if (!readLineMoves(rest, potential, error)) return nullptr;
        if (potential.empty()) {
            error = "moves must follow '|' in ':line'";
            return nullptr;
        }
        for (const LineMove &m : potential) {
            if (m.fromPieces.promoted || m.fromPieces.unpromoted || m.toPieces.promoted || m.toPieces.unpromoted) {
                error = "'" + m.text + "': '~' marks are not allowed in potential moves (after '|')";
                return nullptr;
            }
        }
    }
    // Move numbers give the colours; without them the letters do.
    bool numbered = false;
    for (const auto *list : {&moves, &potential})
        for (const LineMove &m : *list)
            numbered = numbered || m.ply >= 0;
    if (!numbered) {
        std::vector<LineMove> all = moves;
        all.insert(all.end(), potential.begin(), potential.end());
        error = colourLine(all);
        if (!error.empty()) return nullptr;
        for (size_t k = 0; k < all.size(); ++k)
            (k < moves.size() ? moves[k] : potential[k - moves.size()]).coloured = true;
    }
    auto movesStep = [&](const LineMove &m) -> FilterPtr {
        std::vector<FilterPtr> parts;
        return lineMoveFilters(m, parts, error, lower) ? allOf(std::move(parts)) : nullptr;
    };
    std::vector<FilterPtr> steps;
    for (const LineMove &m : moves)
        if (steps.push_back(movesStep(m)); !steps.back()) return nullptr;
    if (span) {
        auto sp = std::make_shared<StepSpan>();
        // The next step starts where the line's moves lead, or where the
        // game went on with the potential moves themselves.
        sp->further = std::max(0, int(moves.size()) - 1);
        if (!moves.empty())
            for (const LineMove &m : potential)
                if (sp->potential.push_back(movesStep(m)); !sp->potential.back()) return nullptr;
        *span = std::move(sp);
    }
    if (!potential.empty()) steps.push_back(std::make_unique<PotentialLineFilter>(std::move(potential)));
    if (steps.empty()) {
        error = "':line' needs at least one move";
        return nullptr;
    }
    LineText line;
    const std::string cql6 = "line " + std::string(LineOptions) + " --> " + line.chain(steps);
    return lower(cql6, line.arguments);
}

FilterPtr compileLineStar(std::string_view text, std::string &error)
{
    if (text.find('|') != std::string_view::npos) {
        error = "potential moves ('|') are not allowed in ':line*'";
        return nullptr;
    }
    std::vector<LineMove> moves;
    if (!readLineMoves(text, moves, error)) return nullptr;
    error = LineStarFilter::validate(moves);
    if (!error.empty()) return nullptr;
    return std::make_unique<LineStarFilter>(std::move(moves));
}

} // namespace cql::cqls
