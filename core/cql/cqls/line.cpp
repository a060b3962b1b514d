// Compiling :line move notation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/line.h"

#include "cql/cqls/filters.h"
#include "cql/cqls/gamewalk.h"
#include "cql/cqls/linemoves.h"
#include "cql/cqls/listlogic.h"

#include <vector>

namespace cql::cqls {

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
    std::vector<FilterPtr> steps;
    for (const LineMove &m : moves) {
        std::vector<FilterPtr> parts;
        if (!lineMoveFilters(m, parts, error, lower)) return nullptr;
        steps.push_back(allOf(std::move(parts)));
    }
    if (span) {
        auto sp = std::make_shared<StepSpan>();
        sp->played = int(moves.size());
        if (!potential.empty()) {
            // Also where the game went on with the potential moves themselves.
            sp->potentialEnds = [potential](Ctx &ctx, game::NodeId from, std::vector<game::NodeId> &out) {
                const auto &nodes = ctx.game->nodes;
                std::vector<game::NodeId> at{from}, next;
                for (const LineMove &m : potential) {
                    next.clear();
                    for (game::NodeId n : at)
                        someChild(ctx, n, [&](game::NodeId c) {
                            if (lineMoveHolds(m, nodes[n].position, nodes[c].move, nodes[c].position))
                                next.push_back(c);
                            return false;
                        });
                    at.swap(next);
                }
                out.insert(out.end(), at.begin(), at.end());
            };
        }
        *span = std::move(sp);
    }
    if (!potential.empty()) steps.push_back(std::make_unique<PotentialLineFilter>(std::move(potential)));
    if (steps.empty()) {
        error = "':line' needs at least one move";
        return nullptr;
    }
    return std::make_unique<SequenceFilter>(false, std::move(steps));
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
