// The path filter (⊢) and the filters that look at the path or at the move
// that led to the current position.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "path.h"

#include "borrowed.h"
#include "control.h"
#include "logic.h"
#include "moves.h"
#include "positionorder.h"
#include "sets.h"
#include "vars.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <cstdint>

namespace cql {

using chess::SquareSet;

// The state of one path match in progress; the innermost one is what
// pathcount, pathstart, ... inside the path refer to.
struct PathFrame {
    const PathFilter *path = nullptr;
    game::NodeId start = game::NoNode;
    long long count = 0; // dash moves on the partial path
    game::NodeId bestLast = game::NoNode;
    long long bestCount = -1;
    long long bestMax = LLONG_MIN;
    bool bestMaxValid = false;
    size_t mark = 0; // ctx.comments when the match began
    bool hasFocus = false;
    SquareSet focusSquares; // the focus set at the start
    // The focused pieces by identity: a bit for each id below 64, a list of
    // the dropped pieces' (64 or more), so a path allocates nothing for them.
    std::uint64_t focusedIds = 0;
    // What only a start the matcher runs from needs: most starts end before
    // it, and a frame is made at every one.
    struct Found {
        std::vector<int> focusedDrops;
        std::vector<NodeComment> bestComments; // comments the best path's constituents wrote
        std::vector<game::NodeId> others;      // keepallbest: equally good paths
        std::vector<std::vector<NodeComment>> otherComments;
        std::vector<Value> bestAtomics; // the atomic variables at the best path's end
    };
    Found *found = nullptr;
    bool focused(int id) const
    {
        if (id < 0) return false;
        if (id < 64) return (focusedIds >> id) & 1;
        const std::vector<int> &drops = found->focusedDrops;
        return std::find(drops.begin(), drops.end(), id) != drops.end();
    }
};

namespace {

// The dash whose targets are being tested: from and to there name the
// squares of the castling piece the dash's sets chose (king or rook).
struct DashMasks {
    bool active = false;
    SquareSet left, right; // a missing set is every square
};
thread_local DashMasks tlDash;

struct DashMasksScope {
    DashMasks saved;
    DashMasksScope(const PathCon &d, SquareSet l, SquareSet r) : saved(tlDash)
    {
        tlDash = {true, d.left ? l : ~SquareSet(), d.right ? r : ~SquareSet()};
    }
    DashMasksScope(SquareSet l, SquareSet r) : saved(tlDash) { tlDash = {true, l, r}; }
    ~DashMasksScope() { tlDash = saved; }
};

bool squaresFit(const PathCon &d, SquareSet left, SquareSet right, chess::Square from, chess::Square to)
{
    return (!d.left || left.contains(from)) && (!d.right || right.contains(to));
}

// The move into c, seen from its parent: which pieces take part.
struct MoveActors {
    int mover = -1, captured = -1, rook = -1; // piece identities; rook for castling
    bool null = false;
};

MoveActors actorsOf(Ctx &ctx, game::NodeId c)
{
    MoveActors a;
    const game::Node &n = ctx.game->nodes[c];
    chess::Move m = n.move;
    if (m.isNull() || m.isNone()) {
        a.null = true;
        return a;
    }
    game::NodeId here = ctx.node;
    ctx.moveTo(n.parent);
    const chess::Position &before = *ctx.pos;
    a.mover = pieceIdAt(ctx, m.from());
    if (m.isCastling()) {
        a.rook = pieceIdAt(ctx, m.to()); // castling is encoded king-takes-rook
    } else if (before.capturedPiece(m) != chess::NoPiece) {
        a.captured = pieceIdAt(ctx, before.captureSquare(m));
    }
    ctx.moveTo(here);
    return a;
}

bool inFocus(Ctx &ctx, const PathFrame &f, game::NodeId c, bool focusCapture)
{
    MoveActors a = actorsOf(ctx, c);
    if (a.null) return false;
    if (f.focused(a.mover) || f.focused(a.rook)) return true;
    return focusCapture && f.focused(a.captured);
}

// inFocus for a child c of the path's start, where no piece has moved yet:
// every piece still stands on the square the focus set gave, so the move's
// squares tell what identities would. A drop brings a piece from the hand;
// it is asked the long way.
bool inFocusAtStart(Ctx &ctx, const PathFrame &f, game::NodeId c, bool focusCapture)
{
    const game::Node &n = ctx.game->nodes[c];
    const chess::Move m = n.move;
    if (m.isNull() || m.isNone()) return false;
    if (m.isDrop()) return inFocus(ctx, f, c, focusCapture); // after the identities are known
    // Castling is encoded king-takes-rook: to() is the rook's square.
    if (f.focusSquares.contains(m.from()) || (m.isCastling() && f.focusSquares.contains(m.to()))) return true;
    if (!focusCapture || m.isCastling()) return false;
    const chess::Position &before = ctx.game->nodes[n.parent].position;
    return before.capturedPiece(m) != chess::NoPiece && f.focusSquares.contains(before.captureSquare(m));
}

// Children CQL sees: all of them when variations are searched, else the main one.
template <typename F>
void forChildren(const Ctx &ctx, game::NodeId n, F &&f)
{
    for (game::NodeId c = ctx.game->nodes[n].firstChild; c != game::NoNode; c = ctx.game->nodes[c].nextSibling) {
        f(c);
        if (!ctx.searchVariations) break;
    }
}

// The first focused move on every line below root, in pre-order.
void focusedMoves(Ctx &ctx, const PathFrame &f, bool focusCapture, game::NodeId root, std::vector<game::NodeId> &out)
{
    const std::vector<game::Node> &nodes = ctx.game->nodes;
    if (!ctx.searchVariations) {
        // One line: the first focused move down the main moves.
        for (game::NodeId c = nodes[root].firstChild; c != game::NoNode; c = nodes[c].firstChild) {
            if (inFocus(ctx, f, c, focusCapture)) {
                out.push_back(c);
                break;
            }
        }
        return;
    }
    Borrowed<game::NodeId> borrowed;
    std::vector<game::NodeId> &stack = *borrowed;
    auto pushKids = [&](game::NodeId n) {
        const size_t first = stack.size();
        for (game::NodeId c = nodes[n].firstChild; c != game::NoNode; c = nodes[c].nextSibling)
            stack.push_back(c);
        std::reverse(stack.begin() + long(first), stack.end());
    };
    pushKids(root);
    while (!stack.empty()) {
        game::NodeId c = stack.back();
        stack.pop_back();
        if (inFocus(ctx, f, c, focusCapture))
            out.push_back(c);
        else
            pushKids(c);
    }
}

bool isPrimaryMove(const Ctx &ctx, game::NodeId c)
{
    const game::Node &n = ctx.game->nodes[c];
    return n.parent != game::NoNode && ctx.game->nodes[n.parent].firstChild == c;
}

// Nodes after start up to and including finish.
std::vector<game::NodeId> pathNodes(const Ctx &ctx, game::NodeId start, game::NodeId finish)
{
    std::vector<game::NodeId> v;
    for (game::NodeId n = finish; n != game::NoNode && n != start; n = ctx.game->nodes[n].parent)
        v.push_back(n);
    std::reverse(v.begin(), v.end());
    return v;
}

// The values of the atomic variables, put back when the scope ends.
class AtomicScope {
public:
    AtomicScope(Ctx &ctx, const std::vector<int> &slots) : m_ctx(ctx), m_slots(slots)
    {
        for (int s : slots)
            m_saved.push_back(ctx.vars[size_t(s)]);
    }
    ~AtomicScope()
    {
        for (size_t i = 0; i < m_slots.size(); ++i)
            m_ctx.vars[size_t(m_slots[i])] = std::move(m_saved[i]);
    }
    AtomicScope(const AtomicScope &) = delete;
    AtomicScope &operator=(const AtomicScope &) = delete;

private:
    Ctx &m_ctx;
    const std::vector<int> &m_slots;
    std::vector<Value> m_saved;
};

class Matcher {
public:
    Matcher(Ctx &ctx, const PathFilter &path, PathFrame &frame)
        : m_ctx(ctx), m_path(path), m_o(path.options()), m_f(frame)
    {
    }

    void run()
    {
        const auto &cons = m_path.constituents();
        for (auto it = cons.rbegin(); it != cons.rend(); ++it)
            m_stack.push_back({&*it, Item::Full, 0, game::NoNode, 0});
        compute();
    }

private:
    struct Item {
        const PathCon *con;
        enum Mode { Full, Single, Repeat } mode;
        int seen;          // Repeat: instances matched so far
        game::NodeId node; // Repeat: where the current instance began
        long long count;
    };

    void compute()
    {
        if (m_stack.empty()) {
            if (m_ctx.node != m_f.start) // a path has at least one move
                merge();
            return;
        }
        if (m_o.firstMatch && m_f.bestLast != game::NoNode) return;
        if (--m_budget < 0)
            throw EvaluationError("path: the pattern needs more than " + std::to_string(PathFilter::MaxSteps)
                                  + " steps at one position; the game is not searched further");
        m_ctx.step();
        Item top = m_stack.back();
        m_stack.pop_back();
        const PathCon &c = *top.con;
        if (top.mode == Item::Full && (c.min != 1 || c.max != 1)) {
            m_stack.push_back({&c, Item::Repeat, 0, m_ctx.node, m_f.count});
            compute();
            m_stack.pop_back();
        } else if (top.mode == Item::Repeat) {
            repeat(top);
        } else {
            switch (c.kind) {
            case PathCon::Holder: holder(c); break;
            case PathCon::Dash: dash(c); break;
            case PathCon::Chain:
                for (auto it = c.chain.rbegin(); it != c.chain.rend(); ++it)
                    m_stack.push_back({&*it, Item::Full, 0, game::NoNode, 0});
                compute();
                m_stack.resize(m_stack.size() - c.chain.size());
                break;
            }
        }
        m_stack.push_back(top);
    }

    void repeat(const Item &r)
    {
        const PathCon &c = *r.con;
        // An instance that moved nowhere would repeat forever.
        bool progressed = r.seen == 0 || m_ctx.node != r.node || m_f.count != r.count;
        if (r.seen >= c.min && (c.max < 0 || r.seen <= c.max)) compute();
        if ((c.max < 0 || r.seen < c.max) && progressed) {
            m_stack.push_back({&c, Item::Repeat, r.seen + 1, m_ctx.node, m_f.count});
            m_stack.push_back({&c, Item::Single, 0, game::NoNode, 0});
            compute();
            m_stack.pop_back();
            m_stack.pop_back();
        }
    }

    void holder(const PathCon &c)
    {
        size_t mark = m_ctx.comments.size();
        if (c.filter->match(m_ctx))
            compute();
        else
            m_ctx.comments.resize(mark);
    }

    void dash(const PathCon &c)
    {
        const game::NodeId here = m_ctx.node;
        if (m_ctx.game->nodes[here].firstChild == game::NoNode) return;
        const size_t mark = m_ctx.comments.size();
        Borrowed<game::NodeId> borrowed;
        std::vector<game::NodeId> &moves = *borrowed;
        if (!m_f.hasFocus)
            forChildren(m_ctx, here, [&](game::NodeId k) { moves.push_back(k); });
        else if (here == m_f.start)
            forChildren(m_ctx, here, [&](game::NodeId k) {
                if (inFocusAtStart(m_ctx, m_f, k, m_o.focusCapture)) moves.push_back(k);
            });
        else
            focusedMoves(m_ctx, m_f, m_o.focusCapture, here, moves);
        SquareSet left, right;
        std::string promoteName;
        game::NodeId setsAt = game::NoNode;
        for (game::NodeId k : moves) {
            if (m_o.primary && !isPrimaryMove(m_ctx, k)) continue;
            // The sets are read where the move is made.
            game::NodeId head = m_ctx.game->nodes[k].parent;
            if (head != setsAt) {
                m_ctx.moveTo(head);
                left = c.left ? c.left->set(m_ctx) : SquareSet();
                right = c.right ? c.right->set(m_ctx) : SquareSet();
                if (c.promoteName && !c.promoteName->string(m_ctx, promoteName)) promoteName = "?";
                setsAt = head;
                m_ctx.moveTo(here);
            }
            if (!dashMoveMatches(m_ctx, k, c, left, right, promoteName)) continue;
            // With a focus, a castling piece outside it does not count for the sets.
            SquareSet maskL = c.left ? left : ~SquareSet(), maskR = c.right ? right : ~SquareSet();
            if (m_f.hasFocus && m_ctx.game->nodes[k].move.isCastling()) {
                MoveActors a = actorsOf(m_ctx, k);
                CastleSquares cs = castleSquares(m_ctx.game->nodes[k].move);
                if (!m_f.focused(a.mover)) {
                    maskL &= ~SquareSet::of(cs.kingFrom);
                    maskR &= ~SquareSet::of(cs.kingTo);
                }
                if (!m_f.focused(a.rook)) {
                    maskL &= ~SquareSet::of(cs.rookFrom);
                    maskR &= ~SquareSet::of(cs.rookTo);
                }
                if (!(maskL.contains(cs.kingFrom) && maskR.contains(cs.kingTo))
                    && !(maskL.contains(cs.rookFrom) && maskR.contains(cs.rookTo)))
                    continue;
            }
            AtomicScope atomics(m_ctx, m_o.atomicSlots);
            m_ctx.moveTo(k);
            ++m_f.count;
            bool ok = true;
            DashMasksScope masks(maskL, maskR);
            for (const FilterPtr &t : c.targets) {
                if (!t->match(m_ctx)) {
                    ok = false;
                    break;
                }
            }
            if (ok) compute();
            --m_f.count;
            m_ctx.moveTo(here);
            m_ctx.comments.resize(mark);
        }
    }

    void merge()
    {
        const size_t mark = m_ctx.comments.size();
        auto snapshot = [&]() {
            return std::vector<NodeComment>(m_ctx.comments.begin() + long(m_f.mark),
                                            m_ctx.comments.begin() + long(mark));
        };
        auto replace = [&]() {
            m_f.bestCount = m_f.count;
            m_f.bestLast = m_ctx.node;
            m_f.found->others.clear();
            m_f.found->otherComments.clear();
            m_f.found->bestComments = snapshot();
            m_f.found->bestAtomics.clear();
            for (int slot : m_o.atomicSlots)
                m_f.found->bestAtomics.push_back(m_ctx.vars[size_t(slot)]);
        };
        auto alternative = [&]() {
            m_f.found->others.push_back(m_ctx.node);
            m_f.found->otherComments.push_back(snapshot());
        };
        if (const Filter *mx = m_path.maxFilter()) {
            long long v;
            bool has = numericValue(*mx, m_ctx, v);
            m_ctx.comments.resize(mark);
            if (!has) return;
            if (!m_f.bestMaxValid || v > m_f.bestMax) {
                m_f.bestMax = v;
                m_f.bestMaxValid = true;
                replace();
            } else if (v == m_f.bestMax && m_o.keepAllBest) {
                alternative();
            }
            return;
        }
        if (m_f.count > m_f.bestCount)
            replace();
        else if (m_f.count == m_f.bestCount && m_o.keepAllBest)
            alternative();
    }

    Ctx &m_ctx;
    const PathFilter &m_path;
    const PathOptions &m_o;
    PathFrame &m_f;
    Borrowed<Item> m_borrowed;
    std::vector<Item> &m_stack = *m_borrowed;
    long m_budget = PathFilter::MaxSteps;
};

std::string piecePathText(Ctx &ctx, const PathFrame &f, game::NodeId finish)
{
    const std::vector<game::NodeId> nodes = pathNodes(ctx, f.start, finish);
    std::string all;
    game::NodeId here = ctx.node;
    for (chess::Square sq : f.focusSquares) {
        ctx.moveTo(f.start);
        chess::Piece piece = ctx.pos->pieceAt(sq);
        if (piece == chess::NoPiece) continue;
        int id = pieceIdAt(ctx, sq);
        std::string s;
        s += chess::pieceChar(piece);
        s += chess::squareName(sq);
        chess::Square last = sq;
        for (game::NodeId n : nodes) {
            ctx.moveTo(n);
            chess::Square now = id >= 0 ? pieceSquare(ctx, id) : chess::NoSquare;
            if (now == chess::NoSquare) {
                s += "(x" + chess::squareName(last) + ")";
                break;
            }
            if (now != last) {
                s += "-" + chess::squareName(now);
                last = now;
            }
        }
        if (s.size() <= 3) continue;
        if (!all.empty()) all += ' ';
        all += s;
    }
    ctx.moveTo(here);
    return all;
}

void notate(Ctx &ctx, const PathFilter &path, const PathFrame &f, game::NodeId finish)
{
    const PathOptions &o = path.options();
    if (!o.title.empty()) ctx.addComment({f.start, o.title, false});
    if (o.piecePath) {
        std::string s = piecePathText(ctx, f, finish);
        if (!s.empty()) ctx.addComment({f.start, "Focus path: " + s, false});
    }
    if (o.verbose) {
        long long i = 0;
        for (game::NodeId n : pathNodes(ctx, f.start, finish)) {
            if (f.hasFocus && !inFocus(ctx, f, n, o.focusCapture)) continue;
            ++i;
            std::string s = o.title.empty() ? std::string() : o.title + ": ";
            s += "move " + std::to_string(i) + " of " + std::to_string(f.bestCount);
            ctx.addComment({n, s, false});
        }
    }
    if (o.quiet) return;
    std::string end =
        "End path of length " + std::to_string(f.bestCount) + " that starts at " + positionIdString(ctx, f.start);
    if (path.maxFilter()) end += " Max value: " + std::to_string(f.bestMax);
    ctx.addComment({finish, end, true});
    ctx.addComment({f.start, "Start path that ends at " + positionIdString(ctx, finish), true});
}

} // namespace

long long preorderIndex(const Ctx &ctx, game::NodeId target) { return positionOrder(ctx, target); }

std::string positionIdString(Ctx &ctx, game::NodeId n)
{
    const game::Node &node = ctx.game->nodes[n];
    const chess::Position &p = node.position;
    std::string s = "move " + std::to_string(p.fullmoveNumber()) + (p.sideToMove() == chess::White ? "(wtm)" : "(btm)");
    if (node.variationDepth > 0) {
        // A position named by its id shows that id where it stands.
        std::string id = std::to_string(preorderIndex(ctx, n));
        s += "[" + id + "]";
        ctx.addComment({n, "id:" + id, true});
    }
    return s;
}

namespace {

// The dash's conditions that need none of its sets: a capture, a promotion
// (to the types written).
bool kindFits(const PathCon &dash, const chess::Position &before, chess::Move m)
{
    if (m.isNone()) return false;
    if (m.isNull()) return !dash.captureOnly && !dash.requirePromotion; // the king's move to its own square
    if (dash.captureOnly && (m.isCastling() || before.capturedPiece(m) == chess::NoPiece)) return false;
    if (!dash.requirePromotion) return true;
    if (m.kind() != chess::Move::Promotion) return false;
    unsigned types = (dash.promote | (dash.promote >> 8)) & 0x7E;
    return !dash.promote || (types & (1u << m.promotion()));
}

// The dash's from and to sets hold the move's squares (for castling, either
// piece's; for a null move, CQL 6.2's, the mover's king's square both).
bool setsFit(const PathCon &dash, SquareSet left, SquareSet right, const chess::Position &before, chess::Move m)
{
    if (m.isNull()) {
        const SquareSet king = nullMoveSquare(before);
        return king.any() ? squaresFit(dash, left, right, king.first(), king.first()) : !dash.left && !dash.right;
    }
    if (m.isCastling()) {
        CastleSquares cs = castleSquares(m);
        return squaresFit(dash, left, right, cs.kingFrom, cs.kingTo)
            || squaresFit(dash, left, right, cs.rookFrom, cs.rookTo);
    }
    return squaresFit(dash, left, right, m.from(), m.to());
}

} // namespace

bool dashMoveMatches(const Ctx &ctx, game::NodeId c, const PathCon &dash, SquareSet left, SquareSet right,
                     const std::string &promoteName)
{
    const game::Node &n = ctx.game->nodes[c];
    chess::Move m = n.move;
    const chess::Position &before = ctx.game->nodes[n.parent].position;
    if (!kindFits(dash, before, m) || !setsFit(dash, left, right, before, m)) return false;
    if (dash.requirePromotion && dash.promoteName) {
        // A type name or letter: "Q", "queen"; "knight" is the one whose letter differs.
        std::string name;
        for (char ch : promoteName)
            name += char(std::tolower((unsigned char)ch));
        char letter = name == "knight" ? 'n' : name.empty() ? '?' : name[0];
        if (letter != std::tolower((unsigned char)chess::pieceTypeChar(m.promotion()))) return false;
    }
    return true;
}

PathCon PathCon::clone(const Transform &t) const
{
    PathCon c;
    c.kind = kind;
    c.filter = cloneTransformed(filter, t);
    c.left = cloneTransformed(left, t);
    c.right = cloneTransformed(right, t);
    c.captureOnly = captureOnly;
    c.promote = t.apply(promote);
    c.requirePromotion = requirePromotion;
    c.promoteName = cloneTransformed(promoteName, t);
    for (const auto &x : targets)
        c.targets.push_back(cloneTransformed(x, t));
    for (const auto &x : chain)
        c.chain.push_back(x.clone(t));
    c.min = min;
    c.max = max;
    return c;
}

// --- PathFilter ------------------------------------------------------------

namespace {

// The dash the constituents begin with, when it must move at least once
// (inside chains that must too): nothing is tested before that first move,
// so a start with no move this dash may take cannot begin a path.
const PathCon *openingDash(const std::vector<PathCon> &cons)
{
    if (cons.empty() || cons.front().min < 1) return nullptr;
    const PathCon &c = cons.front();
    if (c.kind == PathCon::Dash) return &c;
    return c.kind == PathCon::Chain ? openingDash(c.chain) : nullptr;
}

// A set read without side effects (no comment, assignment or error), so the
// start may read it before the matcher does: piece designators, variables and
// the set algebra, geometry and attacks over them ("up 1 Q", "A attacks k").
// Exact classes, so a new kind of set is never taken for one.
bool pureSet(const Filter *f)
{
    if (!f || dynamic_cast<const DesignatorFilter *>(f) || exactly<VarFilter>(*f) || exactly<ConstSetFilter>(*f)
        || exactly<PawnStructureFilter>(*f))
        return true;
    if (const auto *o = exactly<SetOpFilter>(*f)) return pureSet(&o->left()) && pureSet(&o->right());
    if (const auto *c = exactly<ComplementFilter>(*f)) return pureSet(&c->argument());
    if (const auto *c = exactly<ColorSquaresFilter>(*f)) return pureSet(&c->argument());
    if (const auto *d = exactly<DirectionFilter>(*f))
        return pureSet(&d->argument()) && (!d->lowFilter() || exactly<VarFilter>(*d->lowFilter()))
            && (!d->highFilter() || exactly<VarFilter>(*d->highFilter()));
    if (const auto *a = exactly<AttackFilter>(*f)) return pureSet(&a->attackers()) && pureSet(&a->targets());
    if (const auto *b = exactly<BetweenFilter>(*f)) return pureSet(&b->first()) && pureSet(&b->second());
    return false;
}

} // namespace

PathFilter::PathFilter(PathOptions o, std::vector<PathCon> cons, FilterPtr focus, FilterPtr max)
    : m_o(std::move(o)), m_cons(std::move(cons)), m_focus(std::move(focus)), m_max(std::move(max)),
      m_coveredSlot(m_o.nestBan ? allocateGameSlot(GameSlot::NestCovered) : -1), m_openingDash(openingDash(m_cons)),
      m_openingSetsPlain(m_openingDash && pureSet(m_openingDash->left.get()) && pureSet(m_openingDash->right.get()))
{
    type = m_o.lastPosition ? Type::Position : Type::Numeric;
}

bool PathFilter::mayLeave(Ctx &ctx, const PathFrame &f) const
{
    const chess::Position &here = ctx.game->nodes[f.start].position;
    const PathCon &dash = *m_openingDash;
    // Pure sets are read, as the matcher reads them at the start, when a
    // move is left to judge by them.
    SquareSet left, right;
    bool setsRead = !m_openingSetsPlain;
    bool any = false;
    forChildren(ctx, f.start, [&](game::NodeId k) {
        if (any || (m_o.primary && !isPrimaryMove(ctx, k))) return;
        const chess::Move m = ctx.game->nodes[k].move;
        // A drop's piece comes from the hand: the matcher judges it (identities are not known yet).
        if (m.isDrop()) {
            any = true;
            return;
        }
        if (f.hasFocus && !inFocusAtStart(ctx, f, k, m_o.focusCapture)) return;
        if (!kindFits(dash, here, m)) return;
        if (!setsRead) {
            if (dash.left) left = dash.left->set(ctx);
            if (dash.right) right = dash.right->set(ctx);
            setsRead = true;
        }
        any = !m_openingSetsPlain || setsFit(dash, left, right, here, m);
    });
    return any;
}

bool PathFilter::run(Ctx &ctx, Outcome &out) const
{
    const game::NodeId start = ctx.node;
    if (m_o.nestBan) {
        std::vector<bool> &cov = ctx.nestCoveredAt(m_coveredSlot);
        if (cov[start]) return false;
    }
    PathFrame f;
    f.path = this;
    f.start = start;
    f.mark = ctx.comments.size();
    ctx.pathFrames.push_back(&f);
    if (m_focus || m_o.singleColor) {
        f.hasFocus = true;
        if (m_focus) {
            f.focusSquares = m_focus->set(ctx);
            ctx.comments.resize(f.mark);
        } else {
            f.focusSquares = ctx.pos->pieces(ctx.pos->sideToMove());
        }
    }
    // Most starts are left by no move the first dash may take (no focused
    // piece's, no promotion ...): those end here, before the matcher is set up.
    if (m_openingDash && !mayLeave(ctx, f)) {
        ctx.pathFrames.pop_back();
        ctx.moveTo(start);
        ctx.comments.resize(f.mark);
        return false;
    }
    PathFrame::Found found;
    f.found = &found;
    for (chess::Square s : f.hasFocus ? f.focusSquares : SquareSet()) {
        int id = pieceIdAt(ctx, s);
        if (id < 0) continue;
        if (id < 64)
            f.focusedIds |= std::uint64_t(1) << id;
        else
            found.focusedDrops.push_back(id);
    }
    {
        AtomicScope atomics(ctx, m_o.atomicSlots);
        Matcher m(ctx, *this, f);
        m.run();
    }
    ctx.pathFrames.pop_back();
    ctx.moveTo(start);
    ctx.comments.resize(f.mark);
    if (f.bestLast == game::NoNode) return false;
    long long value = m_max ? f.bestMax : f.bestCount;
    if (m_o.hasRange && (value < m_o.lo || value > m_o.hi)) return false;
    // A path that matched leaves the atomic variables as its best line left them.
    for (size_t i = 0; i < m_o.atomicSlots.size(); ++i)
        ctx.vars[size_t(m_o.atomicSlots[i])] = std::move(found.bestAtomics[i]);
    ctx.comments.insert(ctx.comments.end(), found.bestComments.begin(), found.bestComments.end());
    notate(ctx, *this, f, f.bestLast);
    for (size_t i = 0; i < found.others.size(); ++i) {
        ctx.comments.insert(ctx.comments.end(), found.otherComments[i].begin(), found.otherComments[i].end());
        notate(ctx, *this, f, found.others[i]);
        ctx.addComment({found.others[i], "alternative", true});
    }
    if (m_o.nestBan) {
        // Positions the path passed through cannot start another one.
        std::vector<bool> &cov = ctx.nestCoveredAt(m_coveredSlot);
        for (game::NodeId n = ctx.game->nodes[f.bestLast].parent; n != game::NoNode; n = ctx.game->nodes[n].parent) {
            cov[n] = true;
            if (n == start) break;
        }
    }
    ctx.lastPath = {start, f.bestLast, f.bestCount};
    out.last = f.bestLast;
    out.count = f.bestCount;
    out.max = f.bestMax;
    return true;
}

bool PathFilter::match(Ctx &ctx) const
{
    Outcome o;
    return run(ctx, o);
}

bool PathFilter::number(Ctx &ctx, long long &out) const
{
    Outcome o;
    if (!run(ctx, o)) return false;
    out = m_max ? o.max : o.count;
    return true;
}

bool PathFilter::position(Ctx &ctx, game::NodeId &out) const
{
    Outcome o;
    if (!run(ctx, o)) return false;
    out = o.last;
    return true;
}

FilterPtr PathFilter::transformed(const Transform &t) const
{
    std::vector<PathCon> cons;
    for (const auto &c : m_cons)
        cons.push_back(c.clone(t));
    auto f =
        std::make_unique<PathFilter>(m_o, std::move(cons), cloneTransformed(m_focus, t), cloneTransformed(m_max, t));
    f->range = range;
    return f;
}

// --- PathRefFilter ---------------------------------------------------------

PathRefFilter::PathRefFilter(Kind k) : m_kind(k)
{
    type = (k == Count || k == CountUnfocused) ? Type::Numeric : Type::Position;
}

bool PathRefFilter::number(Ctx &ctx, long long &out) const
{
    const PathFrame *f = ctx.pathFrames.empty() ? nullptr : ctx.pathFrames.back();
    game::NodeId start = f ? f->start : ctx.lastPath.start;
    long long count = f ? f->count : ctx.lastPath.count;
    if (m_kind == Count) {
        if (!f && count <= 0) return false;
        out = count;
        return true;
    }
    if (m_kind != CountUnfocused || start == game::NoNode) return false;
    out = (long long)ctx.cur().ply - (long long)ctx.game->nodes[start].ply - count;
    return true;
}

bool PathRefFilter::position(Ctx &ctx, game::NodeId &out) const
{
    const PathFrame *f = ctx.pathFrames.empty() ? nullptr : ctx.pathFrames.back();
    game::NodeId n = game::NoNode;
    if (m_kind == Start)
        n = f ? f->start : ctx.lastPath.start;
    else if (m_kind == LastPosition)
        n = f ? f->bestLast : ctx.lastPath.last;
    if (n == game::NoNode) return false;
    out = n;
    return true;
}

bool PathRefFilter::match(Ctx &ctx) const
{
    if (type == Type::Numeric) {
        long long v;
        return number(ctx, v);
    }
    game::NodeId n;
    return position(ctx, n);
}

// --- PastMoveFilter --------------------------------------------------------

PastMoveFilter::PastMoveFilter(Kind k) : m_kind(k) { type = (k == From || k == To) ? Type::Set : Type::Logical; }

SquareSet PastMoveFilter::set(Ctx &ctx) const
{
    const game::Node &n = ctx.cur();
    if (n.parent == game::NoNode || n.move.isNone()) return {};
    chess::Move m = n.move;
    if (m.isNull()) {
        // As CQL 6.2 (after Scid): the king of the side that passed, from its square to it.
        return nullMoveSquare(ctx.game->nodes[n.parent].position);
    }
    if (m.isCastling()) {
        // Castling moves two pieces: from and to name both (as CQL 6.2 has
        // it), or, under a dash's targets, those the dash's sets admit.
        const CastleSquares cs = castleSquares(m);
        const SquareSet left = tlDash.active ? tlDash.left : ~SquareSet(),
                        right = tlDash.active ? tlDash.right : ~SquareSet();
        SquareSet out;
        if (left.contains(cs.kingFrom) && right.contains(cs.kingTo))
            out |= SquareSet::of(m_kind == From ? cs.kingFrom : cs.kingTo);
        if (left.contains(cs.rookFrom) && right.contains(cs.rookTo))
            out |= SquareSet::of(m_kind == From ? cs.rookFrom : cs.rookTo);
        return out;
    }
    return SquareSet::of(m_kind == From ? m.from() : m.to());
}

bool PastMoveFilter::match(Ctx &ctx) const
{
    const game::Node &n = ctx.cur();
    switch (m_kind) {
    case From:
    case To: return set(ctx).any();
    case Primary: return n.parent != game::NoNode && isPrimaryMove(ctx, ctx.node);
    case Secondary: return n.parent != game::NoNode && !isPrimaryMove(ctx, ctx.node);
    case NullMove: return n.parent != game::NoNode && n.move.isNull();
    case EnPassant: return n.parent != game::NoNode && !n.move.isNull() && n.move.kind() == chess::Move::EnPassant;
    case Castle: return n.parent != game::NoNode && !n.move.isNull() && n.move.isCastling();
    case CastleShort:
    case CastleLong:
        if (n.parent == game::NoNode || n.move.isNull() || !n.move.isCastling()) return false;
        return (chess::fileOf(n.move.to()) > chess::fileOf(n.move.from())) == (m_kind == CastleShort);
    }
    return false;
}

// --- DashTargetFilter ------------------------------------------------------

DashTargetFilter::DashTargetFilter(PathCon dash) : m_dash(std::move(dash))
{
    type = m_dash.targets.empty() ? Type::Logical : m_dash.targets.back()->type;
}

template <typename F>
long long DashTargetFilter::forEach(Ctx &ctx, F &&f, bool all) const
{
    const game::NodeId here = ctx.node;
    if (ctx.cur().firstChild == game::NoNode) return 0;
    const size_t mark = ctx.comments.size();
    SquareSet left = m_dash.left ? m_dash.left->set(ctx) : SquareSet();
    SquareSet right = m_dash.right ? m_dash.right->set(ctx) : SquareSet();
    std::string promoteName;
    if (m_dash.promoteName && !m_dash.promoteName->string(ctx, promoteName)) promoteName = "?";
    long long found = 0;
    forChildren(ctx, here, [&](game::NodeId k) {
        if ((found && !all) || !dashMoveMatches(ctx, k, m_dash, left, right, promoteName)) return;
        ctx.moveTo(k);
        bool ok = true;
        DashMasksScope masks(m_dash, left, right);
        for (size_t i = 0; ok && i + 1 < m_dash.targets.size(); ++i)
            ok = m_dash.targets[i]->match(ctx);
        if (ok) ok = m_dash.targets.empty() || f(*m_dash.targets.back());
        ctx.moveTo(here);
        if (ok)
            ++found;
        else
            ctx.comments.resize(mark);
    });
    return found;
}

long long DashTargetFilter::count(Ctx &ctx) const
{
    return forEach(
        ctx, [&](const Filter &t) { return t.match(ctx); }, true);
}

bool DashTargetFilter::match(Ctx &ctx) const
{
    return forEach(ctx, [&](const Filter &t) { return t.match(ctx); }) > 0;
}

SquareSet DashTargetFilter::set(Ctx &ctx) const
{
    SquareSet v;
    forEach(ctx, [&](const Filter &t) {
        v = t.set(ctx);
        return v.any();
    });
    return v;
}

bool DashTargetFilter::number(Ctx &ctx, long long &out) const
{
    return forEach(ctx, [&](const Filter &t) { return numericValue(t, ctx, out); }) > 0;
}

bool DashTargetFilter::position(Ctx &ctx, game::NodeId &out) const
{
    return forEach(ctx, [&](const Filter &t) { return t.position(ctx, out); }) > 0;
}

bool DashTargetFilter::string(Ctx &ctx, std::string &out) const
{
    return forEach(ctx, [&](const Filter &t) { return t.string(ctx, out); }) > 0;
}

FilterPtr DashTargetFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<DashTargetFilter>(m_dash.clone(t));
    f->range = range;
    return f;
}

} // namespace cql
