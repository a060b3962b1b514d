// The match list's per-game gate (matchlist.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/matchlist.h"
#include "cql/cqls/designatorfilters.h"

#include "cql/cqls/gamewalk.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

namespace {

bool anyMatches(const std::vector<FilterPtr> &fs, Ctx &ctx)
{
    for (const FilterPtr &f : fs)
        if (f->match(ctx)) return true;
    return false;
}

} // namespace

// How the current position cuts the search: 0 not, 1 after it, 2 before it
// (a cut with :preceding).
int GameGateFilter::cutHere(Ctx &ctx) const
{
    int how = 0;
    for (size_t c = 0; c < m_g->cuts.size() && how < 2; ++c)
        if ((how == 0 || m_g->cutsPreceding[c]) && m_g->cuts[c]->match(ctx)) how = m_g->cutsPreceding[c] ? 2 : 1;
    return how;
}

// Is n searched: no earlier position of its line matched a cut condition
// (nor n itself one with :preceding)? On the mainline the first cut position
// is cached (cutNode, cutBefore); in variations the line is walked back.
bool GameGateFilter::searched(Ctx &ctx, game::NodeId n, game::NodeId cutNode, bool cutBefore) const
{
    if (m_g->cuts.empty()) return true;
    const auto &nodes = ctx.game->nodes;
    if (!ctx.searchVariations)
        return cutNode == game::NoNode || nodes[n].ply < nodes[cutNode].ply || (n == cutNode && !cutBefore);
    game::NodeId here = ctx.node;
    ctx.moveTo(n);
    bool ok = cutHere(ctx) < 2;
    for (game::NodeId a = nodes[n].parent; a != game::NoNode && ok; a = nodes[a].parent) {
        ctx.moveTo(a);
        ok = cutHere(ctx) == 0;
    }
    ctx.moveTo(here);
    return ok;
}

bool GameGateFilter::gameMatches(Ctx &ctx) const
{
    Value &cache = ctx.vars[m_slot];
    if (cache.bound) return cache.num != 0;
    game::NodeId here = ctx.node;
    const auto &nodes = ctx.game->nodes;
    const GameLists &g = *m_g;
    // The first mainline position that cuts the search.
    game::NodeId cutNode = game::NoNode;
    bool cutBefore = false;
    if (!g.cuts.empty() && !ctx.searchVariations) {
        for (game::NodeId n = 0; n != game::NoNode; n = nodes[n].firstChild) {
            ctx.moveTo(n);
            if (int how = cutHere(ctx)) {
                cutNode = n;
                cutBefore = how == 2;
                break;
            }
        }
    }
    // Which searched positions each list matches.
    const size_t L = g.lists.size(), N = nodes.size();
    std::vector<std::vector<char>> hit(L, std::vector<char>(N, 0));
    bool excluded = false;
    someSearchedPosition(ctx, [&](game::NodeId n) {
        if (!searched(ctx, n, cutNode, cutBefore)) return false;
        ctx.moveTo(n);
        if (!g.skips.empty() && anyMatches(g.skips, ctx)) return false;
        if (anyMatches(g.excludes, ctx)) excluded = true;
        for (size_t i = 0; i < L; ++i)
            hit[i][n] = g.lists[i]->match(ctx);
        return excluded;
    });
    ctx.moveTo(here);
    // Each list qualifies or not; its positions shown are those that made it qualify.
    std::string shown(N, '0');
    std::vector<char> groupOk;
    bool ok = !excluded;
    for (size_t i = 0; i < L && !excluded; ++i) {
        bool qualifies = false;
        std::vector<char> show(N, 0);
        if (!g.runs[i]) {
            long long count = 0;
            for (size_t n = 0; n < N; ++n)
                count += hit[i][n];
            qualifies = g.counts[i].contains(count);
            if (qualifies) show = hit[i];
        } else {
            // Maximal runs of consecutive matching positions on the main line.
            bool anyRun = false;
            std::vector<game::NodeId> run;
            auto close = [&] {
                if (run.empty()) return;
                anyRun = true;
                if (g.counts[i].contains((long long)run.size())) {
                    qualifies = true;
                    for (game::NodeId r : run)
                        show[r] = 1;
                }
                run.clear();
            };
            for (game::NodeId n = 0; n != game::NoNode; n = nodes[n].firstChild) {
                if (hit[i][n])
                    run.push_back(n);
                else
                    close();
            }
            close();
            if (!anyRun && g.counts[i].contains(0)) qualifies = true;
        }
        int grp = g.group[i];
        if (grp >= int(groupOk.size())) groupOk.resize(grp + 1, 0);
        groupOk[grp] |= qualifies;
        if (qualifies && g.shown[i])
            for (size_t n = 0; n < N; ++n)
                if (show[n]) shown[n] = '1';
    }
    for (char c : groupOk)
        ok = ok && c;
    bool anyShown = false;
    for (size_t i = 0; i < L; ++i)
        anyShown = anyShown || g.shown[i];
    if (!anyShown && L == 0) // only cuts and exclusions: every searched position is one
        for (size_t n = 0; n < N; ++n)
            shown[n] = searched(ctx, game::NodeId(n), cutNode, cutBefore) ? '1' : '0';
    // A game that matches with no position to show (counts of zero) is shown
    // at its start, so that the evaluator reports it.
    if (ok && shown.find('1') == std::string::npos && N > 0) shown[0] = '1';
    cache.bound = true;
    cache.num = ok;
    cache.node = cutNode;
    cache.str = std::move(shown);
    return ok;
}

bool GameGateFilter::match(Ctx &ctx) const
{
    if (!gameMatches(ctx)) return false;
    const std::string &shown = ctx.vars[m_slot].str;
    return ctx.node < shown.size() && shown[ctx.node] == '1';
}

void GameGateFilter::markSquares(Ctx &ctx, SquareSet &out) const
{
    for (size_t i = 0; i < m_g->lists.size(); ++i)
        if (m_g->shown[i] && m_g->lists[i]->match(ctx)) m_g->lists[i]->markSquares(ctx, out);
}

FilterPtr GameGateFilter::transformed(const Transform &) const { return std::make_unique<GameGateFilter>(m_g, m_slot); }

bool NegatedMatchListFilter::match(Ctx &ctx) const
{
    for (const FilterPtr &p : m_parts)
        if (!p->match(ctx)) return true;
    return m_gate && !m_gate->gameMatches(ctx);
}

FilterPtr NegatedMatchListFilter::transformed(const Transform &t) const
{
    std::unique_ptr<GameGateFilter> gate;
    if (m_gate) gate.reset(static_cast<GameGateFilter *>(m_gate->transformed(t).release()));
    return std::make_unique<NegatedMatchListFilter>(transformAll(m_parts, t), std::move(gate));
}

bool SubMatchFilter::match(Ctx &ctx) const
{
    game::NodeId here = ctx.node;
    bool all = true;
    for (const FilterPtr &list : m_lists) {
        all = someSearchedPosition(ctx, [&](game::NodeId n) {
            ctx.moveTo(n);
            return list->match(ctx);
        });
        if (!all) break;
    }
    ctx.moveTo(here);
    return all;
}

FilterPtr SubMatchFilter::transformed(const Transform &t) const
{
    return std::make_unique<SubMatchFilter>(transformAll(m_lists, t));
}

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
    return std::make_unique<MatchConsecutiveFilter>(transformAll(m_lists, t));
}

} // namespace cql::cqls
