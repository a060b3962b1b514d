// echo and consecutivemoves.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "echo.h"

#include "logic.h"
#include "path.h"
#include "positionops.h"
#include "positionorder.h"
#include "vars.h"

#include <algorithm>
#include <typeinfo>

namespace cql {

game::NodeId lowestCommonAncestor(const game::Game &g, game::NodeId a, game::NodeId b)
{
    while (a != b) {
        if (g.nodes[a].ply >= g.nodes[b].ply)
            a = g.nodes[a].parent;
        else
            b = g.nodes[b].parent;
        if (a == game::NoNode || b == game::NoNode) return game::NoNode;
    }
    return a;
}

// --- EchoFilter ------------------------------------------------------------

EchoFilter::EchoFilter(int sourceSlot, int targetSlot, std::string sourceName, std::string targetName, FilterPtr body,
                       bool all, bool quiet)
    : m_source(sourceSlot), m_target(targetSlot), m_sourceName(std::move(sourceName)),
      m_targetName(std::move(targetName)), m_body(std::move(body)), m_all(all), m_quiet(quiet)
{
    type = m_body->type == Type::Numeric ? Type::Numeric : Type::Logical;
    const Filter &inner = *m_body;
    const auto *compound =
        typeid(inner) == typeid(CompoundFilter) ? static_cast<const CompoundFilter *>(&inner) : nullptr;
    const Filter *first = compound && !compound->parts().empty() ? compound->parts()[0].get() : nullptr;
    auto slotOf = [](const Filter &f) {
        return typeid(f) == typeid(VarFilter) && f.type == Type::Position ? static_cast<const VarFilter &>(f).slot()
                                                                          : -1;
    };
    auto order = [&](const Filter &left, const Filter &right, int op, bool tree) {
        const int a = slotOf(left), b = slotOf(right);
        if ((a == m_source && b == m_target) || (a == m_target && b == m_source)) {
            m_order = op;
            m_treeOrder = tree;
            m_sourceLeft = a == m_source;
        }
    };
    if (first && typeid(*first) == typeid(CompareFilter)) {
        const auto &c = static_cast<const CompareFilter &>(*first);
        order(c.left(), c.right(), c.op(), false);
    } else if (first && typeid(*first) == typeid(PositionOrderFilter)) {
        const auto &p = static_cast<const PositionOrderFilter &>(*first);
        order(p.left(), p.right(), p.op(), true);
    }
}

bool EchoFilter::orderFails(const Ctx &ctx, game::NodeId source, game::NodeId target) const
{
    if (m_treeOrder)
        return !PositionOrderFilter::holds(*ctx.game, PositionOrderFilter::Op(m_order), m_sourceLeft ? source : target,
                                           m_sourceLeft ? target : source);
    const long long s = positionOrder(ctx, source), t = positionOrder(ctx, target);
    const long long a = m_sourceLeft ? s : t, b = m_sourceLeft ? t : s;
    return !CompareFilter::holds(CompareFilter::Op(m_order), a < b ? -1 : a > b ? 1 : 0);
}

bool EchoFilter::run(Ctx &ctx, long long *value) const
{
    AllMovesScope allMoves(ctx);
    const game::NodeId source = ctx.node;
    const size_t mark = ctx.comments.size();
    const bool numeric = type == Type::Numeric;
    Value &sv = ctx.vars[m_source];
    sv.type = Type::Position;
    sv.bound = true;
    sv.node = source;
    long long best = -100000000, current = -100000000;
    int matches = 0;
    const game::Game &g = *ctx.game;
    // The targets in CQL's position order (the searched tree, depth first),
    // so their comments stand in the order CQL 6.2 writes them.
    for (long long k = 0;; ++k) {
        const game::NodeId n = positionAtOrder(ctx, k);
        if (n == game::NoNode) break;
        if (n == source && !m_all) continue;
        if (m_order >= 0 && orderFails(ctx, source, n)) continue;
        const size_t targetMark = ctx.comments.size();
        Value &tv = ctx.vars[m_target];
        tv.type = Type::Position;
        tv.bound = true;
        tv.node = n;
        ctx.moveTo(n);
        bool ok = numeric ? m_body->number(ctx, current) : m_body->match(ctx);
        ctx.moveTo(source);
        if (!ok) {
            ctx.comments.resize(targetMark);
            continue;
        }
        ++matches;
        if (!m_quiet) {
            game::NodeId l = lowestCommonAncestor(g, source, n);
            if (l != game::NoNode && l != source && l != n) ctx.addComment({l, "LCA", true});
            ctx.addComment({source, m_sourceName, true});
            ctx.addComment({n, m_targetName, true});
            ctx.addComment({n, "-->" + positionIdString(ctx, source), true});
            ctx.addComment({source, "<--" + positionIdString(ctx, n), true});
        }
        if (m_sorted) {
            if (current <= best)
                ctx.comments.resize(targetMark);
            else
                ctx.comments.erase(ctx.comments.begin() + long(mark), ctx.comments.begin() + long(targetMark));
        }
        if (numeric && current > best) best = current;
    }
    ctx.vars[m_source].bound = false;
    ctx.vars[m_target].bound = false;
    if (matches == 0) {
        ctx.comments.resize(mark);
        return false;
    }
    if (value) *value = best;
    return true;
}

bool EchoFilter::match(Ctx &ctx) const { return run(ctx, nullptr); }

bool EchoFilter::number(Ctx &ctx, long long &out) const { return type == Type::Numeric && run(ctx, &out); }

FilterPtr EchoFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<EchoFilter>(m_source, m_target, m_sourceName, m_targetName, m_body->transformed(t), m_all,
                                          m_quiet);
    f->m_sorted = m_sorted;
    f->range = range;
    return f;
}

// --- ConsecutiveMovesFilter ------------------------------------------------

ConsecutiveMovesFilter::ConsecutiveMovesFilter(FilterPtr left, FilterPtr right, std::string leftName,
                                               std::string rightName, long long lo, long long hi, bool quiet)
    : m_left(std::move(left)), m_right(std::move(right)), m_leftName(std::move(leftName)),
      m_rightName(std::move(rightName)), m_lo(lo), m_hi(hi), m_quiet(quiet),
      m_commentSlot(quiet ? -1 : allocateGameSlot(GameSlot::GameComments))
{
}

namespace {

// Nodes after `from` down to `to` (a descendant), in game order.
std::vector<game::NodeId> nodesBetween(const game::Game &g, game::NodeId from, game::NodeId to)
{
    std::vector<game::NodeId> v;
    for (game::NodeId n = to; n != from && n != game::NoNode; n = g.nodes[n].parent)
        v.push_back(n);
    std::reverse(v.begin(), v.end());
    return v;
}

// A move as CQL compares them: squares and the moving piece.
long long moveKey(const game::Game &g, game::NodeId n)
{
    const game::Node &node = g.nodes[n];
    chess::Move m = node.move;
    if (m.isNull() || m.isNone()) return -1;
    chess::Piece p = g.nodes[node.parent].position.pieceAt(m.from());
    return ((long long)m.to() * 100 + m.from()) * 100 + p;
}

} // namespace

bool ConsecutiveMovesFilter::number(Ctx &ctx, long long &out) const
{
    game::NodeId a, b;
    if (!m_left->position(ctx, a) || !m_right->position(ctx, b) || a == b) return false;
    const game::Game &g = *ctx.game;
    game::NodeId l = lowestCommonAncestor(g, a, b);
    if (l == game::NoNode || l == a || l == b) return false;
    std::vector<game::NodeId> pa = nodesBetween(g, l, a), pb = nodesBetween(g, l, b);
    std::vector<long long> ka, kb;
    for (game::NodeId n : pa)
        ka.push_back(moveKey(g, n));
    for (game::NodeId n : pb)
        kb.push_back(moveKey(g, n));
    // Longest common run of moves; the first one found wins ties.
    size_t best = 0, bestA = 0, bestB = 0;
    std::vector<size_t> prev(kb.size() + 1, 0), cur(kb.size() + 1, 0);
    for (size_t i = 1; i <= ka.size(); ++i) {
        for (size_t j = 1; j <= kb.size(); ++j) {
            cur[j] = (ka[i - 1] == kb[j - 1] && ka[i - 1] >= 0) ? prev[j - 1] + 1 : 0;
            if (cur[j] > best) {
                best = cur[j];
                bestA = i - best;
                bestB = j - best;
            }
        }
        std::swap(prev, cur);
    }
    if (best == 0 || (long long)best < m_lo || (long long)best > m_hi) return false;
    if (!m_quiet) {
        // Only the longest run of the game is written, once.
        Ctx::GameComments &slot = ctx.gameCommentsAt(m_commentSlot);
        if ((long long)best > slot.best) {
            slot.best = (long long)best;
            slot.comments.clear();
            for (size_t i = 0; i < best; ++i) {
                slot.comments.push_back({pa[bestA + i], m_leftName + "-move[" + std::to_string(i + 1) + "]", true});
                slot.comments.push_back({pb[bestB + i], m_rightName + "-move[" + std::to_string(i + 1) + "]", true});
            }
        }
    }
    out = (long long)best;
    return true;
}

FilterPtr ConsecutiveMovesFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<ConsecutiveMovesFilter>(m_left->transformed(t), m_right->transformed(t), m_leftName,
                                                      m_rightName, m_lo, m_hi, m_quiet);
    f->range = range;
    return f;
}

} // namespace cql
