// Compiling :line move notation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/line.h"

#include <algorithm>
#include <climits>

#include "cql/cqls/listlogic.h"
#include "cql/logic.h"

namespace cql::cqls {

namespace {

// A line that is one position's filter: any match will do, and it writes no comments.
FilterPtr lineOf(std::vector<LineElement> elements)
{
    LineFilter::Options o;
    o.firstMatch = o.quiet = true;
    return std::make_unique<LineFilter>(o, std::move(elements));
}

} // namespace

FilterPtr sequenceLine(bool gapped, std::vector<FilterPtr> steps,
                       const std::vector<std::shared_ptr<const StepSpan>> &spans)
{
    if (steps.empty()) return std::make_unique<ConstantFilter>(true);
    std::vector<LineElement> elements;
    for (size_t k = 0; k < steps.size(); ++k) {
        if (gapped) {
            LineElement gap;
            gap.filter = std::make_unique<ConstantFilter>(true);
            gap.min = 0;
            gap.max = -1;
            gap.gap = true;
            elements.push_back(std::move(gap));
        }
        LineElement step;
        step.filter = std::move(steps[k]);
        const StepSpan *span = k < spans.size() ? spans[k].get() : nullptr;
        if (span && span->run) {
            // A run starts where the step first holds: it is at least one position long.
            const Range &r = span->runRange;
            step.min = int(std::clamp<long long>(r.lo.value, 1, INT_MAX));
            step.max = r.empty ? 0 : r.hi.value == Range::Max ? -1 : int(std::clamp<long long>(r.hi.value, 0, INT_MAX));
        }
        elements.push_back(std::move(step));
        if (span)
            for (const LineElement &e : span->tail)
                elements.push_back(e.clone(Transform::identity()));
    }
    return lineOf(std::move(elements));
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
    auto movesStep = [&](const LineMove &m) {
        std::vector<FilterPtr> parts;
        LineElement e;
        if (lineMoveFilters(m, parts, error, lower)) e.filter = allOf(std::move(parts));
        return e;
    };
    std::vector<LineElement> steps;
    for (const LineMove &m : moves)
        if (steps.push_back(movesStep(m)); !steps.back().filter) return nullptr;
    if (span) {
        auto sp = std::make_shared<StepSpan>();
        if (moves.size() > 1) {
            // The next step starts where the line's moves lead ...
            LineElement gap;
            gap.filter = std::make_unique<ConstantFilter>(true);
            gap.min = gap.max = int(moves.size()) - 1;
            sp->tail.push_back(std::move(gap));
        }
        if (!moves.empty() && !potential.empty()) {
            // ... or where the game went on with the potential moves themselves.
            LineElement played;
            played.min = 0;
            for (const LineMove &m : potential)
                if (played.group.push_back(movesStep(m)); !played.group.back().filter) return nullptr;
            sp->tail.push_back(std::move(played));
        }
        *span = std::move(sp);
    }
    if (!potential.empty()) {
        LineElement last;
        last.filter = std::make_unique<PotentialLineFilter>(std::move(potential));
        steps.push_back(std::move(last));
    }
    if (steps.empty()) {
        error = "':line' needs at least one move";
        return nullptr;
    }
    return lineOf(std::move(steps));
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
