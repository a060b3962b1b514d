// find and line: filters that walk to other positions of the game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "multi.h"

#include "borrowed.h"
#include "control.h"
#include "path.h"

#include <algorithm>
#include <cstddef>
#include <functional>

namespace cql {

namespace {

template <typename F>
void forEachForward(const Ctx &ctx, game::NodeId start, F &&visit)
{
    // Pre-order over the subtree (only the main continuation unless variations
    // are searched); visit returns false to stop.
    const std::vector<game::Node> &nodes = ctx.game->nodes;
    if (!ctx.searchVariations) {
        for (game::NodeId n = start; n != game::NoNode; n = nodes[n].firstChild)
            if (!visit(n)) return;
        return;
    }
    Borrowed<game::NodeId> borrowed;
    std::vector<game::NodeId> &stack = *borrowed;
    stack.push_back(start);
    while (!stack.empty()) {
        game::NodeId n = stack.back();
        stack.pop_back();
        if (!visit(n)) return;
        const size_t first = stack.size();
        for (game::NodeId c = nodes[n].firstChild; c != game::NoNode; c = nodes[c].nextSibling)
            stack.push_back(c);
        std::reverse(stack.begin() + long(first), stack.end());
    }
}

} // namespace

FindFilter::FindFilter(FilterPtr body, bool all, bool quiet, bool backward, bool hasRange, long long lo, long long hi)
    : m_body(std::move(body)), m_all(all), m_quiet(quiet), m_backward(backward), m_hasRange(hasRange), m_lo(lo),
      m_hi(hi)
{
    type = (m_all || m_hasRange) ? Type::Numeric : Type::Position;
}

bool FindFilter::run(Ctx &ctx, long long *count, game::NodeId *first) const
{
    AllMovesScope allMoves(ctx);
    const game::NodeId here = ctx.node;
    const bool counting = m_all || m_hasRange;
    Borrowed<game::NodeId> borrowed; // find runs at every position, often over the rest of the game
    std::vector<game::NodeId> &found = *borrowed;
    auto test = [&](game::NodeId n) {
        ctx.moveTo(n);
        size_t mark = ctx.comments.size();
        if (m_body->match(ctx)) {
            found.push_back(n);
            return counting;
        }
        ctx.comments.resize(mark);
        return true;
    };
    if (m_backward) {
        for (game::NodeId n = here; n != game::NoNode; n = ctx.game->nodes[n].parent)
            if (!test(n)) break;
    } else {
        forEachForward(ctx, here, test);
    }
    ctx.moveTo(here);
    long long k = (long long)found.size();
    bool ok = counting ? (m_hasRange ? (k >= m_lo && k <= m_hi) : k > 0) : k > 0;
    if (!ok) return false;
    if (!m_quiet) {
        if (counting) {
            for (size_t i = 0; i < found.size(); ++i)
                ctx.addComment({found[i], "Found " + std::to_string(i + 1) + " of " + std::to_string(k), true});
        } else {
            ctx.addComment({found[0], "Found", true});
        }
    }
    if (count) *count = k;
    if (first) *first = found[0];
    return true;
}

bool FindFilter::match(Ctx &ctx) const { return run(ctx, nullptr, nullptr); }
bool FindFilter::number(Ctx &ctx, long long &out) const { return (m_all || m_hasRange) && run(ctx, &out, nullptr); }
bool FindFilter::position(Ctx &ctx, game::NodeId &out) const { return run(ctx, nullptr, &out); }

FilterPtr FindFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<FindFilter>(m_body->transformed(t), m_all, m_quiet, m_backward, m_hasRange, m_lo, m_hi);
    f->range = range;
    return f;
}

LineElement LineElement::clone(const Transform &t) const
{
    LineElement e;
    e.filter = cloneTransformed(filter, t);
    for (const auto &g : group)
        e.group.push_back(g.clone(t));
    e.min = min;
    e.max = max;
    e.eachMove = eachMove;
    return e;
}

LineFilter::LineFilter(Options o, std::vector<LineElement> elements) : m_o(o), m_elements(std::move(elements))
{
    // line lastposition: the value is the line's last position, not its length
    type = m_o.lastPosition ? Type::Position : Type::Numeric;
    // (The range is judged on the longest match only, so it does not stop the keeping.)
    const bool unbounded =
        std::any_of(m_elements.begin(), m_elements.end(), [](const LineElement &e) { return e.max < 0; });
    if (m_o.positional && unbounded) m_memoSlot = allocateGameSlot(GameSlot::LineMemo);
}

namespace {

using Cont = std::function<void(game::NodeId next, int consumed, game::NodeId last)>;

// The line is matched as CQL 6.2 matches it: depth first over the positions
// the line may step to, a repeated constituent trying the rest of the line
// before one more repetition, and of the matches the first that reaches
// farthest wins, with the comments its constituents made.
struct LineMatcher {
    Ctx &ctx;
    const LineFilter::Options &o;
    static constexpr int MaxSteps = 300000;
    int budget = MaxSteps; // a pathological pattern cannot hang the search
    bool stop = false;     // firstmatch: a match was found, nothing more is evaluated (as CQL 6.2)
    // With positional constituents: what the rest of the line found from an
    // unbounded top constituent at each position, in this game (null: not kept).
    const std::vector<LineElement> *top = nullptr;
    Ctx::LineFound *memo = nullptr;
    // The matcher recurses per constituent and per repetition. Thousands of
    // constituents would take more stack than a thread has (sanitizer builds
    // have larger frames still), so the depth is bounded in bytes of stack.
    static constexpr std::ptrdiff_t MaxStackBytes = std::ptrdiff_t(4) << 20;
    const char *stackBase = static_cast<const char *>(__builtin_frame_address(0));

    void spend()
    {
        if (--budget < 0)
            throw EvaluationError("line: the pattern needs more than " + std::to_string(MaxSteps)
                                  + " steps at one position; the game is not searched further");
        const char *here = static_cast<const char *>(__builtin_frame_address(0));
        if (stackBase - here > MaxStackBytes || here - stackBase > MaxStackBytes)
            throw EvaluationError("line: the pattern nests too deeply (too many constituents or repetitions in a "
                                  "row); the game is not searched further");
        ctx.step();
    }

    // The moves a forward line may take from n: the game's next move and,
    // when variations are searched, the variations' first moves; `primary`
    // keeps only the first of them, `secondary` only the others (at every
    // step, as CQL 6.2 reads them).
    template <typename F>
    [[gnu::always_inline]] void moves(game::NodeId n, F &&f)
    {
        const game::NodeId first = ctx.game->nodes[n].firstChild;
        for (game::NodeId c = first; c != game::NoNode; c = ctx.game->nodes[c].nextSibling) {
            if (c != first && (!ctx.searchVariations || o.primary)) break;
            if (c == first && o.secondary) continue;
            f(c);
        }
    }

    // The line's next positions after c, a position it stepped to: c itself,
    // or for singlecolor the positions one move further (c, of the other
    // side to move, passes unexamined). NoNode when the line can go no
    // further: then only optional constituents may remain.
    template <typename F>
    [[gnu::always_inline]] void through(game::NodeId c, F &&f)
    {
        if (!o.singleColor) return f(c);
        bool any = false;
        if (o.backward) {
            if (ctx.game->nodes[c].parent != game::NoNode) {
                any = true;
                f(ctx.game->nodes[c].parent);
            }
        } else {
            moves(c, [&](game::NodeId g) {
                any = true;
                f(g);
            });
        }
        if (!any) f(game::NoNode);
    }

    // Positions that follow n along the line's direction.
    template <typename F>
    [[gnu::always_inline]] void successors(game::NodeId n, F &&f)
    {
        if (o.backward) {
            game::NodeId p = ctx.game->nodes[n].parent;
            if (p == game::NoNode) return f(game::NoNode);
            return through(p, f);
        }
        bool any = false;
        moves(n, [&](game::NodeId c) {
            any = true;
            through(c, f);
        });
        if (!any) f(game::NoNode);
    }

    bool test(const FilterPtr &filter, game::NodeId n)
    {
        if (n == game::NoNode) return false;
        game::NodeId here = ctx.node;
        ctx.moveTo(n);
        size_t mark = ctx.comments.size();
        bool ok = filter->match(ctx);
        if (!ok) ctx.comments.resize(mark);
        ctx.moveTo(here);
        return ok;
    }

    // A constituent matched at node: the line goes on at next.
    void goOn(const std::vector<LineElement> &elems, size_t i, int count, game::NodeId node, int consumed,
              game::NodeId next, const Cont &k)
    {
        rep(elems, i, count + 1, next, consumed + 1, node, k);
    }

    // One more repetition of the single constituent e at node.
    void once(const std::vector<LineElement> &elems, size_t i, int count, game::NodeId node, int consumed,
              const Cont &k)
    {
        const LineElement &e = elems[i];
        if (node == game::NoNode) return;
        const size_t mark = ctx.comments.size();
        const game::Node &n = ctx.game->nodes[node];
        if (!e.eachMove || n.firstChild == game::NoNode) {
            if (test(e.filter, node))
                successors(node, [&](game::NodeId next) { goOn(elems, i, count, node, consumed, next, k); });
        } else {
            // Tested once per move, seeing that move only; the line goes on along it.
            moves(node, [&](game::NodeId c) {
                if (stop) return;
                const game::NodeId at = ctx.onlyMoveAt, only = ctx.onlyMove;
                ctx.onlyMoveAt = node;
                ctx.onlyMove = c;
                const bool ok = test(e.filter, node);
                ctx.onlyMoveAt = at;
                ctx.onlyMove = only;
                if (ok) through(c, [&](game::NodeId next) { goOn(elems, i, count, node, consumed, next, k); });
                ctx.comments.resize(mark);
            });
        }
        ctx.comments.resize(mark);
    }

    void seq(const std::vector<LineElement> &elems, size_t i, game::NodeId node, int consumed, game::NodeId last,
             const Cont &k)
    {
        if (i == elems.size()) {
            k(node, consumed, last);
            return;
        }
        rep(elems, i, 0, node, consumed, last, k);
    }

    void rep(const std::vector<LineElement> &elems, size_t i, int count, game::NodeId node, int consumed,
             game::NodeId last, const Cont &k)
    {
        if (stop) return;
        const LineElement &e = elems[i];
        // Past its fewest repetitions an unbounded constituent goes on alike
        // whatever the count. Once something is consumed every match counts.
        if (memo && &elems == top && e.max < 0 && count >= e.min && consumed > 0 && node != game::NoNode)
            return remembered(i, node, consumed, last, k);
        repeat(elems, i, count, node, consumed, last, k);
    }

    void repeat(const std::vector<LineElement> &elems, size_t i, int count, game::NodeId node, int consumed,
                game::NodeId last, const Cont &k)
    {
        const LineElement &e = elems[i];
        // Every step counts: optional constituents past the game's end test nothing.
        spend();
        // The rest of the line first, then one more repetition (CQL 6.2's order:
        // it decides which of equally long matches is kept, and firstmatch).
        if (count >= e.min) seq(elems, i + 1, node, consumed, last, k);
        if (stop || (e.max >= 0 && count >= e.max)) return;
        if (e.filter) {
            once(elems, i, count, node, consumed, k);
        } else {
            seq(e.group, 0, node, consumed, last, [&](game::NodeId next, int c2, game::NodeId l2) {
                if (c2 > consumed) // an empty repetition would loop forever
                    rep(elems, i, count + 1, next, c2, l2, k);
            });
        }
    }

    // The rest of the line from top constituent i at node, searched once per
    // game. Of the matches it finds only one reaches k: the first (firstmatch)
    // or the first of the longest, which is the one run() would keep of them
    // all. The continuation never looks at the next position.
    void remembered(size_t i, game::NodeId node, int consumed, game::NodeId last, const Cont &k)
    {
        Ctx::LineFound &f = memo[i * ctx.game->nodes.size() + node];
        if (f.length == Ctx::LineFound::Unsearched) {
            Ctx::LineFound found{Ctx::LineFound::NoMatch, game::NoNode};
            struct Record {
                LineMatcher &m;
                Ctx::LineFound &found;
                int consumed;
            } r{*this, found, consumed};
            repeat(*top, i, (*top)[i].min, node, consumed, last, [p = &r](game::NodeId, int c, game::NodeId l) {
                if (p->m.stop) return;
                if (c - p->consumed > p->found.length) p->found = {c - p->consumed, l};
                if (p->m.o.firstMatch) p->m.stop = true;
            });
            stop = false; // only the recorder stops in here: k decides now
            f = found;
        }
        if (f.length >= 0) k(game::NoNode, consumed + f.length, f.length > 0 ? f.last : last);
    }
};

} // namespace

bool LineFilter::run(Ctx &ctx, int *length, game::NodeId *last) const
{
    AllMovesScope allMoves(ctx); // a line in a constituent sees every move
    LineMatcher m{ctx, m_o};
    if (m_memoSlot >= 0) {
        m.top = &m_elements;
        m.memo = ctx.lineMemoAt(m_memoSlot, m_elements.size());
    }
    // The best match so far and the comments made on its way; the
    // continuation captures one pointer, so std::function keeps it without
    // allocating (a line runs at every position).
    const size_t mark = ctx.comments.size();
    struct Best {
        LineMatcher &m;
        const Options &o;
        size_t mark;
        int length = -1;
        game::NodeId last = game::NoNode;
        std::vector<NodeComment> comments;
    } b{m, m_o, mark, -1, game::NoNode, {}};
    const game::NodeId start = ctx.node;
    m.seq(m_elements, 0, start, 0, game::NoNode, [p = &b](game::NodeId, int consumed, game::NodeId lastNode) {
        if (p->m.stop || consumed == 0) return;
        if (consumed > p->length) {
            p->length = consumed;
            p->last = lastNode;
            const auto &c = p->m.ctx.comments;
            p->comments.assign(c.begin() + long(p->mark), c.end());
        }
        if (p->o.firstMatch) p->m.stop = true;
    });
    ctx.comments.resize(mark);
    const int best = b.length;
    const game::NodeId bestLast = b.last;
    // The range judges the match kept, as in CQL 6.2: a shorter one in range does not count.
    if (best < 0 || (m_o.hasRange && (best < m_o.lo || best > m_o.hi))) return false;
    for (NodeComment &c : b.comments)
        ctx.addComment(std::move(c));
    if (!m_o.quiet) {
        // CQL 6.2's order: the end's comment names the start (a position in a
        // variation by its id, written there too), then the start's the end.
        const std::string from = positionIdString(ctx, start);
        ctx.addComment({bestLast, "End line of length " + std::to_string(best) + " that starts at " + from, true});
        const std::string to = positionIdString(ctx, bestLast);
        ctx.addComment({start, "Start line that ends at " + to, true});
    }
    if (length) *length = best;
    if (last) *last = bestLast;
    return true;
}

bool LineFilter::match(Ctx &ctx) const { return run(ctx, nullptr, nullptr); }

bool LineFilter::number(Ctx &ctx, long long &out) const
{
    int len;
    if (!run(ctx, &len, nullptr)) return false;
    out = len;
    return true;
}

bool LineFilter::position(Ctx &ctx, game::NodeId &out) const { return run(ctx, nullptr, &out); }

FilterPtr LineFilter::transformed(const Transform &t) const
{
    std::vector<LineElement> els;
    for (const auto &e : m_elements)
        els.push_back(e.clone(t));
    auto f = std::make_unique<LineFilter>(m_o, std::move(els));
    f->range = range;
    return f;
}

} // namespace cql
