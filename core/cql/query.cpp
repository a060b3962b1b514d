// compile() and the per-game Evaluator.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "query.h"

#include "control.h"
#include "cqls/parser.h"
#include "database/playerbase.h"
#include "game/notationorder.h"
#include "parser.h"
#include "program.h"
#include "programaccess.h"
#include "vars.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <atomic>
#include <climits>

namespace cql {

Query::~Query() = default;

bool Query::needsVariations() const { return m_header.variations || m_program->usesVariations; }

bool Query::readsAnnotations() const { return m_program->usesAnnotations; }

bool Query::needsGameCount() const { return m_program->usesGameCount; }

bool Query::readsGameNumber() const { return m_program->usesGameNumber; }

const std::vector<SortSpec> &Query::sorts() const { return m_program->sorts; }

bool Query::needsSingleThread() const { return !m_program->persistent.empty(); }

bool Query::writesOutsideGames() const { return m_program->writesOutside; }

std::vector<std::string> Query::persistentReport() const
{
    std::vector<std::string> lines;
    PersistentStore &store = *m_program->persistentStore;
    std::lock_guard lock(store.mutex);
    for (const PersistentVar &v : m_program->persistent) {
        if (v.quiet) continue;
        std::string text;
        const Value *val = size_t(v.slot) < store.values.size() ? &store.values[size_t(v.slot)] : nullptr;
        Type t = m_program->slotTypes[size_t(v.slot)];
        if (t == Type::Numeric)
            text = std::to_string(val && val->bound ? val->num : 0);
        else if (t == Type::String)
            text = val && val->bound ? val->str : std::string();
        else if (t == Type::Set)
            text = val && val->bound ? val->set.toString() : chess::SquareSet().toString();
        lines.push_back(m_program->slotNames[size_t(v.slot)] + ": " + text);
    }
    return lines;
}

Dialect detectDialect(std::string_view text, std::string_view fileName)
{
    return cqls::isCqlsSource(text, fileName) ? Dialect::CqlS : Dialect::Cql6;
}

std::unique_ptr<Query> compile(std::string_view text, const CompileOptions &options,
                               std::vector<Diagnostic> &diagnostics)
{
    auto q = std::unique_ptr<Query>(new Query());
    q->m_program = std::make_unique<Program>();
    GameSlotAllocation slots(q->m_program->gameSlots);
    q->m_program->engine = options.engine ? *options.engine : engine::settingsFromEnvironment();
    q->m_program->playerBase = options.playerBase ? *options.playerBase : database::defaultPlayerBasePath();
    if (options.dialect == Dialect::CqlS || detectDialect(text, options.fileName) == Dialect::CqlS) {
        if (!cqls::compileScript(text, q->m_header, *q->m_program, diagnostics)) return nullptr;
        return q;
    }
    Parser parser(text, diagnostics);
    parser.setVariationsSearched(options.variations);
    bool ok = parser.parseQuery(q->m_header, *q->m_program, options.requireHeader);
    if (!ok) return nullptr;
    return q;
}

struct Evaluator::Impl {
    const Query &query;
    Ctx ctx;
    std::vector<SortValue> sorts;
    std::vector<game::NodeId> stack; // the walk's alternatives still to visit (kept for its capacity)
    explicit Impl(const Query &q) : query(q) {}
};

Evaluator::Evaluator(const Query &query) : m_impl(std::make_unique<Impl>(query)) {}
Evaluator::~Evaluator() = default;

void Evaluator::setRecordSquares(bool on) { m_recordSquares = on; }

void Evaluator::setCancelCheck(std::function<bool()> cancelled) { m_cancelled = std::move(cancelled); }

namespace {

// Drops the comments no output reads (Evaluator::setCommentLimit): texts
// never written (empty ones, quiet ones, repeats at the same position) and,
// of each position's texts in order, those after the one that passes the
// limit. Only between positions, where no filter holds a place in the list.
void dropUnreadComments(Ctx &ctx, size_t limit, bool quiet)
{
    struct Seen {
        size_t bytes = 0;
        bool full = false;
        std::unordered_set<std::string> texts;
    };
    std::unordered_map<game::NodeId, Seen> seen;
    size_t kept = 0, bytes = 0;
    for (size_t i = 0; i < ctx.comments.size(); ++i) {
        NodeComment &c = ctx.comments[i];
        Seen &s = seen[c.node];
        // Never written: an empty or quiet text, a repeat, or one past the limit.
        if (s.full || c.text.empty() || (quiet && c.automatic) || !s.texts.insert(c.text).second) continue;
        s.bytes += c.text.size();
        s.full = s.bytes > limit;
        bytes += c.text.size() + sizeof(NodeComment);
        if (kept != i) ctx.comments[kept] = std::move(c); // not onto itself: that may empty the text
        ++kept;
    }
    ctx.comments.resize(kept);
    ctx.commentBytes = bytes;
}

} // namespace

void Evaluator::run(const game::Game &game, GameResult &result)
{
    result.clear();
    Impl &im = *m_impl;
    const Program &prog = ProgramAccess::program(im.query);
    const QueryHeader &h = im.query.header();
    Ctx &ctx = im.ctx;
    ctx.game = &game;
    static std::atomic<uint64_t> serials{0};
    ctx.gameSerial = ++serials;
    ctx.searchVariations = h.variations;
    ctx.engine = &prog.engine;
    ctx.comments.clear();
    ctx.commentBytes = 0;
    ctx.cancelled = m_cancelled ? &m_cancelled : nullptr;
    ctx.pieceIds.clear();
    ctx.whiteSideLineMoves.clear();
    ctx.positionOrder.game = nullptr; // numbered again on first use, in the room it has
    ctx.tagEdits.clear();
    ctx.removedComments.clear();
    ctx.pathFrames.clear();
    ctx.lastPath = {};
    ctx.resetGameSlots(prog.gameSlots);
    ctx.hhdbCooked = -1;
    ctx.lastGameNumber = m_lastGameNumber;
    ctx.vars.assign(prog.slotTypes.size(), Value());
    for (size_t i = 0; i < prog.slotTypes.size(); ++i)
        ctx.vars[i].type = prog.slotTypes[i];
    im.sorts.assign(prog.sorts.size(), SortValue());
    for (size_t i = 0; i < prog.sorts.size(); ++i) {
        im.sorts[i].title = prog.sorts[i].title;
        im.sorts[i].minimize = prog.sorts[i].minimize;
        im.sorts[i].quiet = prog.sorts[i].quiet;
    }
    ctx.sortValues = &im.sorts;
    // Persistent variables: this game starts from the values the last one left.
    struct PersistentScope {
        const Program &prog;
        Ctx &ctx;
        PersistentScope(const Program &p, Ctx &c) : prog(p), ctx(c)
        {
            if (prog.persistent.empty()) return;
            PersistentStore &store = *prog.persistentStore;
            std::lock_guard lock(store.mutex);
            store.values.resize(prog.slotTypes.size());
            for (const PersistentVar &v : prog.persistent) {
                Value &sv = store.values[size_t(v.slot)];
                if (!sv.bound) {
                    sv = Value();
                    sv.type = prog.slotTypes[size_t(v.slot)];
                    sv.bound = true;
                }
                ctx.vars[size_t(v.slot)] = sv;
                // A position belongs to the game it was taken in: a persistent
                // one starts every game unbound (its node would be another
                // game's, or none before the first assignment).
                if (sv.type == Type::Position) {
                    Value fresh;
                    fresh.type = sv.type;
                    ctx.vars[size_t(v.slot)] = fresh;
                }
            }
        }
        ~PersistentScope()
        {
            if (prog.persistent.empty()) return;
            PersistentStore &store = *prog.persistentStore;
            std::lock_guard lock(store.mutex);
            for (const PersistentVar &v : prog.persistent)
                store.values[size_t(v.slot)] = ctx.vars[size_t(v.slot)];
        }
    } persistentScope(prog, ctx);
    ctx.sortComments.assign(prog.sorts.size(), {});
    ctx.slotNames = &prog.slotNames;
    // A game the reader could not set up (bad FEN, unsupported variant) has no
    // positions to search.
    if (game.nodes.empty() || game.unsupported) return;

    // Pre-order walk: the mainline, and variations when asked for. The main
    // continuation is followed directly; only the alternatives to it wait on
    // the stack (none on a mainline-only search, which runs once per position).
    im.stack.clear();
    long matched = 0;
    game::NodeId next = 0;
    // With the unread comments dropped, what a game keeps grows with its
    // positions, not with the square of them: the cap may grow so too.
    static constexpr size_t KeptPerPosition = 32 << 10;
    ctx.commentCap =
        m_commentLimit ? std::max(Ctx::MaxCommentBytes, game.nodes.size() * KeptPerPosition) : Ctx::MaxCommentBytes;
    size_t pruneAt = ctx.commentCap / 4; // comment bytes past which unread ones are dropped
    // Cancel checks run wherever positions are walked, moving to the next
    // node and marking squares included, so the whole walk is guarded.
    try {
        for (;;) {
            if (next == game::NoNode) {
                if (im.stack.empty()) break;
                next = im.stack.back();
                im.stack.pop_back();
            }
            const game::NodeId n = next;
            const game::Node &node = game.nodes[n];
            next = node.firstChild;
            if (ctx.searchVariations && next != game::NoNode && game.nodes[next].nextSibling != game::NoNode) {
                const size_t base = im.stack.size();
                for (game::NodeId c = game.nodes[next].nextSibling; c != game::NoNode; c = game.nodes[c].nextSibling)
                    im.stack.push_back(c);
                std::reverse(im.stack.begin() + std::ptrdiff_t(base), im.stack.end());
            }
            ctx.moveTo(n);
            size_t mark = ctx.comments.size();
            bool ok = true;
            for (const FilterPtr &f : prog.body) {
                if (!f->match(ctx)) {
                    ok = false;
                    break;
                }
            }
            if (!ok) {
                ctx.comments.resize(mark);
                continue;
            }
            ++matched;
            PositionMark pm;
            pm.node = n;
            if (m_recordSquares) {
                // Evaluating again for the values must not write the comments twice.
                size_t before = ctx.comments.size();
                ctx.imageMarks = &pm.images;
                ctx.imageDepth = 0;
                for (const FilterPtr &f : prog.body)
                    f->markSquares(ctx, pm.squares);
                ctx.imageMarks = nullptr;
                ctx.comments.resize(before);
            }
            result.matches.push_back(pm);
            ctx.addComment({n, h.matchString, true});
            if (m_commentLimit && ctx.commentBytes > pruneAt) {
                dropUnreadComments(ctx, m_commentLimit, h.quiet);
                pruneAt = ctx.commentBytes + (ctx.commentCap - std::min(ctx.commentCap, ctx.commentBytes)) / 2;
            }
        }
    } catch (const EvaluationError &e) {
        // assert, runaway loops and the comment limit end the game's evaluation with an error
        result.error = e.what();
        result.commentLimit = dynamic_cast<const CommentLimitError *>(&e) != nullptr;
        return;
    } catch (const EvaluationCancelled &) {
        result.cancelled = true;
        return;
    }
    // The walk finishes the main line before any variation; the marks are
    // listed as the notation shows the positions, for whoever steps through them.
    if (ctx.searchVariations && result.matches.size() > 1) {
        const std::vector<uint32_t> rank = ::game::notationRanks(game);
        std::stable_sort(result.matches.begin(), result.matches.end(),
                         [&](const PositionMark &a, const PositionMark &b) { return rank[a.node] < rank[b.node]; });
    }
    bool inRange = h.matchCount ? (matched >= h.matchCount->first && matched <= h.matchCount->second) : matched > 0;
    if (!inRange) return;
    result.matched = true;
    result.tagEdits = std::move(ctx.tagEdits);
    result.removedComments = std::move(ctx.removedComments);
    // As CQL 6.2 orders a position's comments: those made while evaluating
    // (with the match markers), then a game's best consecutivemoves run, then
    // what the best evaluation of each sort's argument wrote.
    for (int slot : ctx.gameCommentOrder)
        for (NodeComment &c : ctx.gameComments[size_t(slot)].comments)
            ctx.comments.push_back(std::move(c));
    for (auto &sc : ctx.sortComments)
        for (NodeComment &c : sc)
            ctx.comments.push_back(std::move(c));
    if (!h.silent) {
        for (NodeComment &c : ctx.comments) {
            if (h.quiet && c.automatic) continue;
            if (c.text.empty()) continue;
            result.comments.push_back(std::move(c));
        }
    }
    // Every sort, a value or not: the output writes "title: none" for one
    // that never had a value, as CQL 6.2 does.
    result.sortValues.insert(result.sortValues.end(), im.sorts.begin(), im.sorts.end());
    if (h.sortMatchCount) {
        SortValue count;
        count.title = "matchcount";
        count.value = matched;
        count.bound = true;
        result.sortValues.insert(result.sortValues.begin(), std::move(count));
    }
}

} // namespace cql
