// The parallel search: workers take batches of games, parse and evaluate them
// with their own parser and evaluator, and the driver (run()'s thread) hands
// the batches' results on strictly in batch order, so the output does not
// depend on the thread count.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "search.h"

#include "cql/program.h"
#include "output.h"
#include "store/prefilter.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <numeric>
#include <thread>

namespace search {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

using cql::SortSpec;

// A game's sort values lined up with the query's sorts; the evaluator leaves
// out a sort that never had a value, so the gaps are found by title.
using SortKey = std::vector<const cql::SortValue *>; // null: no value

SortKey sortKey(const std::vector<SortSpec> &specs, const cql::GameResult &r)
{
    SortKey key(specs.size());
    size_t j = 0;
    for (size_t i = 0; i < specs.size() && j < r.sortValues.size(); ++i) {
        const cql::SortValue &v = r.sortValues[j];
        if (v.title == specs[i].title && v.minimize == specs[i].minimize) {
            key[i] = &v;
            ++j;
        }
    }
    return key;
}

bool keyBefore(const std::vector<SortSpec> &specs, const SortKey &a, const SortKey &b)
{
    for (size_t i = 0; i < specs.size(); ++i) {
        if (!a[i] && !b[i]) continue;
        if (!b[i]) return true; // a value sorts before no value
        if (!a[i]) return false;
        const cql::SortValue &x = *a[i], &y = *b[i];
        int c = x.isText || y.isText ? x.text.compare(y.text) : (x.value < y.value ? -1 : x.value > y.value ? 1 : 0);
        if (c == 0) continue;
        return specs[i].minimize ? c < 0 : c > 0;
    }
    return false;
}

// One work unit: games [first, last) of one input.
struct WorkItem {
    size_t input = 0;
    size_t first = 0;
    size_t last = 0;
};

struct BatchResult {
    std::vector<Match> matches;
    std::vector<GameProblem> problems;
    uint64_t games = 0;
    uint64_t problemGames = 0;
    uint64_t fromStore = 0;
    uint64_t prefiltered = 0;
    bool done = false; // guarded by the driver's mutex
};

} // namespace

std::vector<cql::SortSpec> sortSpecs(const cql::Query &query)
{
    std::vector<SortSpec> specs;
    if (query.header().sortMatchCount) specs.push_back({"matchcount", false});
    for (const cql::SortSpec &s : query.sorts())
        specs.push_back({s.title, s.minimize});
    return specs;
}

bool sortsBefore(const std::vector<cql::SortSpec> &specs, const cql::GameResult &a, const cql::GameResult &b)
{
    return keyBefore(specs, sortKey(specs, a), sortKey(specs, b));
}

bool sortsBefore(const cql::Query &query, const cql::GameResult &a, const cql::GameResult &b)
{
    return sortsBefore(sortSpecs(query), a, b);
}

// State shared by the driver and the workers during one run().
struct Search::Impl {
    Search &s;
    const cql::Query &query;
    const SearchOptions &options;
    std::vector<WorkItem> items;
    std::vector<BatchResult> slots;
    std::atomic<size_t> nextItem{0};
    std::atomic<size_t> delivered{0}; // slots before this were handed on
    std::atomic<uint64_t> gamesDone{0};
    std::atomic<uint64_t> matchesFound{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::condition_variable batchDone;   // a worker finished a slot
    std::condition_variable windowMoved; // the driver handed slots on
    size_t window = 8;

    game::BuildOptions leanBuild; // what evaluation needs
    game::BuildOptions fullBuild; // what output and node ids refer to
    std::string resultFilter;
    bool countGames = false; // the query uses lastgamenumber
    bool wantPgn = false;
    bool variations = false;  // the evaluation reads variations
    bool annotations = false; // the evaluation reads comments or NAGs
    store::Prefilter prefilter;

    Impl(Search &search, const cql::Query &q, const SearchOptions &o) : s(search), query(q), options(o) {}

    bool cancelled() const { return stop.load(std::memory_order_relaxed) || s.cancelled(); }

    // Per-thread tools.
    struct Worker {
        game::GameParser parser;
        game::Game game;
        game::Game full;
        cql::Evaluator evaluator;
        cql::GameResult result;
        std::vector<uint32_t> steps;
        std::vector<game::NodeId> fullMainline;
        explicit Worker(const cql::Query &q) : evaluator(q) {}
    };

    void processBatch(Worker &w, size_t b);
    // The game index at position i of an item (a position in the input's list under SearchOptions::only).
    size_t gameAt(const WorkItem &item, size_t i) const
    {
        return options.only && item.input < options.only->size() ? size_t((*options.only)[item.input][i]) : i;
    }
    void processGame(Worker &w, const db::Database &d, size_t input, size_t index, BatchResult &out);
    void processParsed(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                       uint64_t number, const pgn::Location &origin, bool parsed, BatchResult &out,
                       bool mainlineOnly = false);
    template <typename OnGame>
    void streamInput(Worker &w, db::Database &d, size_t input, BatchResult &out, const OnGame &onGame);
    void evaluateBoard(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                       uint64_t number, const pgn::Location &origin, int board, bool mainlineOnly, BatchResult &out);
    bool remapToFull(Worker &w);
    void workerLoop();
};

bool Search::Impl::remapToFull(Worker &w)
{
    // The lean game holds only the mainline: its k-th move is the full game's k-th mainline move.
    const game::Game &lean = w.game;
    w.steps.assign(lean.nodes.size(), UINT32_MAX);
    uint32_t k = 0;
    for (game::NodeId n = 0; n != game::NoNode && n < lean.nodes.size(); n = lean.nodes[n].firstChild)
        w.steps[n] = k++;
    w.fullMainline.clear();
    for (game::NodeId n = 0; n != game::NoNode && n < w.full.nodes.size(); n = w.full.nodes[n].firstChild)
        w.fullMainline.push_back(n);
    auto map = [&](game::NodeId &node) {
        if (node >= w.steps.size() || w.steps[node] >= w.fullMainline.size()) return false;
        node = w.fullMainline[w.steps[node]];
        return true;
    };
    // Check first, so a failed remap leaves the result as it was.
    for (const cql::PositionMark &m : w.result.matches) {
        game::NodeId n = m.node;
        if (!map(n)) return false;
    }
    for (const cql::NodeComment &c : w.result.comments) {
        game::NodeId n = c.node;
        if (!map(n)) return false;
    }
    for (cql::PositionMark &m : w.result.matches)
        map(m.node);
    for (cql::NodeComment &c : w.result.comments)
        map(c.node);
    std::erase_if(w.result.removedComments, [&](game::NodeId &n) { return !map(n); });
    return true;
}

void Search::Impl::processGame(Worker &w, const db::Database &d, size_t input, size_t index, BatchResult &out)
{
    ++out.games;
    if (!resultFilter.empty() && d.field(index, db::Field::Result) != resultFilter) return;
    const store::GameStore *st = s.m_stores[input];
    const bool replays = st && st->replays(index, variations, annotations);
    // Before the game's text is looked up: most games of a selective query end here.
    if (replays && prefilter.active() && !prefilter.mayMatch(*st, index)) {
        ++out.prefiltered;
        // Passed over all the same: the pages of its text and moves are given back as the pass moves on.
        st->passOver(index);
        d.noteRead(st->record(index).length);
        return;
    }
    std::string_view text = d.gameText(index);
    uint64_t number = d.number(index);
    pgn::Location origin = d.origin(index);
    if (replays) {
        if (st->replay(index, number, w.game)) {
            ++out.fromStore;
            processParsed(w, d, input, index, text, number, origin, true, out, true);
            return;
        }
    }
    bool parsed = w.parser.parse(text, number, origin, w.game, leanBuild);
    processParsed(w, d, input, index, text, number, origin, parsed, out);
}

void Search::Impl::processParsed(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                                 uint64_t number, const pgn::Location &origin, bool parsed, BatchResult &out,
                                 bool mainlineOnly)
{
    if (!w.game.errors.empty()) {
        ++out.problemGames;
        for (const game::GameError &e : w.game.errors)
            out.problems.push_back({d.path(), e.line, e.column, number, e.message});
    }
    if (!parsed || w.game.unsupported || w.game.nodes.empty()) return;
    if (countGames) w.evaluator.setLastGameNumber(d.indexed() && !d.empty() ? int64_t(d.number(d.size() - 1)) : 0);
    evaluateBoard(w, d, input, index, text, number, origin, 0, mainlineOnly, out);
    // Bughouse: board B is searched as a game of its own (game/bughouse.h).
    if (!w.game.otherBoard.empty() && !cancelled())
        evaluateBoard(w, d, input, index, text, number, origin, 1, mainlineOnly, out);
}

void Search::Impl::evaluateBoard(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                                 uint64_t number, const pgn::Location &origin, int board, bool mainlineOnly,
                                 BatchResult &out)
{
    const game::Game &lean = board ? w.game.otherBoard[0] : w.game;
    w.evaluator.run(lean, w.result);
    if (w.result.cancelled) return;
    if (!w.result.error.empty()) {
        if (w.game.errors.empty()) ++out.problemGames;
        out.problems.push_back({d.path(), w.game.firstLine, w.game.firstColumn, number, w.result.error});
    }
    if (!w.result.matched) return;
    Match m;
    // Before any remap: the marks still name the nodes of the game evaluated.
    if (options.recordMoves) recordMatchMoves(lean, w.result, m.moves);
    const game::Game *g = &lean;
    // A game from the store holds its mainline only, as a lean parse without
    // variations does; when its text has nothing else, it is the full game.
    const bool whole = mainlineOnly && s.m_stores[input]->replaysWhole(index);
    bool skippedVariations =
        !whole && (mainlineOnly || !leanBuild.variations) && text.find('(') != std::string_view::npos;
    bool leanIsFull = whole || (!mainlineOnly && leanBuild.variations && leanBuild.comments && leanBuild.nags);
    if (board) {
        // A bughouse board has no variations: only the comments may be missing.
        if (wantPgn && !leanIsFull && w.parser.parse(text, number, origin, w.full, fullBuild)
            && !w.full.otherBoard.empty() && w.full.otherBoard[0].nodes.size() == lean.nodes.size())
            g = &w.full.otherBoard[0];
    } else if (skippedVariations || (wantPgn && !leanIsFull)) {
        // Node ids and the output refer to the game as a full load gives it.
        if (w.parser.parse(text, number, origin, w.full, fullBuild) && !w.full.nodes.empty()
            && (!skippedVariations || remapToFull(w)))
            g = &w.full;
    }
    m.input = input;
    m.gameIndex = index;
    m.gameNumber = number;
    m.board = lean.board;
    if (wantPgn) writeMatchedGame(m.pgn, *g, w.result, options.writeOptions, options.gameTextLimit);
    m.result = std::move(w.result);
    // The comments are in the text now; kept, they would sit in the ordering
    // window with every match of up to `window` batches (megabytes each for
    // queries that comment every pair of positions).
    if (wantPgn) std::vector<cql::NodeComment>().swap(m.result.comments);
    w.result = cql::GameResult();
    out.matches.push_back(std::move(m));
}

void Search::Impl::processBatch(Worker &w, size_t b)
{
    const WorkItem &item = items[b];
    const db::Database &d = *s.m_inputs[item.input];
    BatchResult &out = slots[b];
    uint64_t reported = 0;
    for (size_t i = item.first; i < item.last; ++i) {
        if (cancelled()) break;
        processGame(w, d, item.input, gameAt(item, i), out);
        if (out.games - reported >= 16) {
            gamesDone.fetch_add(out.games - reported, std::memory_order_relaxed);
            reported = out.games;
        }
    }
    gamesDone.fetch_add(out.games - reported, std::memory_order_relaxed);
    matchesFound.fetch_add(out.matches.size(), std::memory_order_relaxed);
}

void Search::Impl::workerLoop()
{
    Worker w(query);
    w.evaluator.setRecordSquares(options.recordSquares);
    w.evaluator.setCancelCheck([this] { return cancelled(); });
    while (!cancelled()) {
        size_t b = nextItem.fetch_add(1);
        if (b >= items.size()) break;
        {
            // Stay within a window of the driver, so a slow consumer does not
            // let finished batches pile up in memory.
            std::unique_lock lock(mutex);
            while (b >= delivered.load() + window && !cancelled())
                windowMoved.wait_for(lock, std::chrono::milliseconds(20));
        }
        if (cancelled()) break;
        processBatch(w, b);
        {
            std::lock_guard lock(mutex);
            slots[b].done = true;
        }
        batchDone.notify_one();
    }
}

// One thread over a database opened without an index: each game is read once,
// for the search and for the index together (a separate indexing pass costs
// about a sixth of a one-thread search). The entries are appended as the games
// come, so the database ends up indexed exactly as open() would have done it.
template <typename OnGame>
void Search::Impl::streamInput(Worker &w, db::Database &d, size_t input, BatchResult &out, const OnGame &onGame)
{
    const cql::QueryHeader &h = query.header();
    const std::string_view all = d.text();
    uint64_t lo = 1, hi = UINT64_MAX;
    if (h.gameNumber) {
        lo = uint64_t(std::max(1L, h.gameNumber->first));
        hi = h.gameNumber->second < long(lo) ? 0 : uint64_t(h.gameNumber->second);
    }
    game::BuildOptions skim = leanBuild;
    skim.movetext = false;
    pgn::Reader reader;
    reader.resetText(all);
    game::GameBuilder builder(w.game, leanBuild);
    std::string_view fields[db::FieldCount];
    uint64_t noted = 0;
    for (uint64_t number = 1; !cancelled(); ++number) {
        if (number > hi) return; // the rest is not looked at (and stays unindexed)
        bool inRange = number >= lo;
        if (inRange && options.only) {
            // The entry about to be appended has index d.size().
            const auto &only = *options.only;
            inRange =
                input < only.size() && std::binary_search(only[input].begin(), only[input].end(), uint32_t(d.size()));
        }
        builder.setOptions(inRange ? leanBuild : skim);
        builder.strayErrors.clear();
        if (!reader.readGame(builder)) break;
        // A mapped text gives back the pages read (memory stays bounded).
        d.noteRead(reader.position() - noted);
        noted = reader.position();
        const game::Game &g = w.game;
        db::GameEntry e;
        e.offset = g.fileOffset;
        e.length = reader.lastGameEnd() - g.fileOffset;
        e.line = uint32_t(std::max(g.firstLine, 0));
        e.column = uint16_t(std::clamp(g.firstColumn, 0, 0xFFFF));
        e.errors = uint16_t(std::min<size_t>(g.errors.size(), 0xFFFF));
        for (int f = 0; f < db::FieldCount; ++f)
            fields[f] = g.tag(db::fieldName(db::Field(f)));
        d.appendEntry(e, fields);
        const size_t index = d.size() - 1;
        if (!inRange) continue;
        if (!resultFilter.empty() && fields[int(db::Field::Result)] != resultFilter) {
            ++out.games;
        } else {
            const std::string_view text = all.substr(size_t(e.offset), size_t(e.length));
            const pgn::Location origin{g.firstLine, g.firstColumn, g.fileOffset};
            ++out.games;
            processParsed(w, d, input, index, text, number, origin, true, out);
        }
        onGame(double(reader.position()) / double(std::max<size_t>(all.size(), 1)));
    }
    if (!cancelled()) d.markIndexed();
}

Search::Search(const cql::Query &query, const SearchOptions &options) : m_query(query), m_options(options) {}

Search::~Search() = default;

void Search::addDatabase(const db::Database &database)
{
    m_inputs.push_back(&database);
    m_writable.push_back(nullptr);
    m_stores.push_back(nullptr);
}

void Search::addDatabase(db::Database &database)
{
    m_inputs.push_back(&database);
    m_writable.push_back(&database);
    m_stores.push_back(nullptr);
}

void Search::setStore(const store::GameStore *store)
{
    if (!m_stores.empty()) m_stores.back() = store;
}

bool Search::addFile(const std::string &path, std::string *error, const db::OpenOptions &open)
{
    auto d = std::make_unique<db::Database>();
    if (!d->open(path, open, error)) return false;
    m_inputs.push_back(d.get());
    m_writable.push_back(d.get());
    m_stores.push_back(nullptr);
    m_owned.push_back(std::move(d));
    return true;
}

bool Search::cancelled() const
{
    return m_cancel.load(std::memory_order_relaxed)
        || (m_externalCancel && m_externalCancel->load(std::memory_order_relaxed));
}

unsigned Search::threadCount() const
{
    unsigned t = m_options.threads ? m_options.threads : std::thread::hardware_concurrency();
    if (m_query.needsSingleThread()) return 1;
    return std::max(1u, t);
}

bool Search::sortsOutput() const
{
    if (m_options.order == Order::Input) return false;
    return m_query.header().sortMatchCount || !m_query.sorts().empty();
}

Summary Search::run(const Callbacks &cb)
{
    const Clock::time_point start = Clock::now();
    Impl im(*this, m_query, m_options);
    const cql::QueryHeader &h = m_query.header();

    im.resultFilter = h.result;
    im.countGames = m_query.needsGameCount();
    bool variations = m_query.needsVariations();
    // The evaluator reads neither comments nor NAGs: skipping them makes parsing
    // cheaper. The output needs them, and decoding them in every game costs less
    // than replaying each matched game a second time (games have few of them).
    im.wantPgn = m_options.formatPgn;
    const bool annotations = im.wantPgn || m_query.readsAnnotations();
    im.leanBuild = game::BuildOptions{true, variations, annotations, annotations};
    im.fullBuild = game::BuildOptions{true, true, true, true};
    im.leanBuild.chess960 = im.fullBuild.chess960 = m_options.chess960;
    im.variations = variations;
    im.annotations = m_query.readsAnnotations();
    if (m_options.prefilter) im.prefilter = store::Prefilter::fromQuery(m_query);
    // A store made for other text (a game count that differs) is not used.
    std::vector<const store::GameStore *> stores = m_stores;
    for (size_t in = 0; in < m_inputs.size(); ++in)
        if (m_stores[in]
            && (!m_inputs[in]->indexed() || m_stores[in]->size() != m_inputs[in]->size()
                || m_stores[in]->textSize() != m_inputs[in]->text().size()))
            m_stores[in] = nullptr;

    // Work items: batches of about batchBytes of text, within the gamenumber range.
    uint64_t total = 0;
    for (size_t in = 0; in < m_inputs.size(); ++in) {
        const db::Database &d = *m_inputs[in];
        size_t first = 0, last = d.size();
        if (h.gameNumber) {
            long lo = std::max(1L, h.gameNumber->first), hi = h.gameNumber->second;
            first = std::min<size_t>(size_t(lo - 1), d.size());
            last = hi < lo ? first : std::min<size_t>(size_t(hi), d.size());
        }
        if (m_options.only) {
            // Items then count positions in the input's list, not game indices.
            static const std::vector<uint32_t> none;
            const std::vector<uint32_t> &list = in < m_options.only->size() ? (*m_options.only)[in] : none;
            const size_t end = std::min(last, d.size());
            last = size_t(std::lower_bound(list.begin(), list.end(), uint32_t(std::min<size_t>(end, UINT32_MAX)))
                          - list.begin());
            first = std::min(last, size_t(std::lower_bound(list.begin(), list.end(), uint32_t(first)) - list.begin()));
        }
        const std::vector<uint32_t> *only =
            m_options.only && in < m_options.only->size() ? &(*m_options.only)[in] : nullptr;
        total += last - first;
        size_t begin = first;
        uint64_t bytes = 0;
        for (size_t i = first; i < last; ++i) {
            bytes += d.entry(only ? size_t((*only)[i]) : i).length;
            if (bytes >= m_options.batchBytes || i + 1 - begin >= 4096) {
                im.items.push_back({in, begin, i + 1});
                begin = i + 1;
                bytes = 0;
            }
        }
        if (begin < last) im.items.push_back({in, begin, last});
    }
    im.slots.resize(im.items.size());

    bool streaming = false; // some input is indexed as it is searched
    for (const db::Database *d : m_inputs)
        streaming = streaming || !d->indexed();

    Summary sum;
    sum.threads = unsigned(std::min<size_t>(threadCount(), std::max<size_t>(im.items.size(), 1)));
    if (streaming) sum.threads = 1;
    im.window = std::max<size_t>(8, size_t(sum.threads) * 4);
    const bool sorted = sortsOutput();
    std::vector<SortSpec> specs = sorted ? sortSpecs(m_query) : std::vector<SortSpec>();
    std::vector<Match> collected;

    Clock::time_point lastProgress = start;
    double streamFraction = 0;
    auto progress = [&](bool force) {
        if (!cb.onProgress) return;
        Clock::time_point now = Clock::now();
        if (!force && now - lastProgress < std::chrono::milliseconds(100)) return;
        lastProgress = now;
        Progress p;
        p.gamesDone = im.gamesDone.load(std::memory_order_relaxed);
        p.gamesTotal = total;
        if (streaming) {
            p.gamesTotal = std::max(total, p.gamesDone);
            p.totalKnown = false;
            p.fraction = streamFraction;
        } else {
            p.fraction = total ? double(p.gamesDone) / double(total) : 1.0;
        }
        p.matches = im.matchesFound.load(std::memory_order_relaxed);
        p.elapsed = std::chrono::duration<double>(now - start).count();
        cb.onProgress(p);
    };
    // Hands a finished batch (or a streamed input's rest) on.
    auto deliverResult = [&](BatchResult &r) {
        sum.gamesExamined += r.games;
        sum.problemGames += r.problemGames;
        sum.fromStore += r.fromStore;
        sum.prefiltered += r.prefiltered;
        if (cb.onProblem)
            for (const GameProblem &p : r.problems)
                cb.onProblem(p);
        for (Match &m : r.matches) {
            if (sorted) {
                collected.push_back(std::move(m));
            } else {
                ++sum.matches;
                if (cb.onMatch) cb.onMatch(std::move(m));
            }
        }
        r = BatchResult();
    };
    auto deliver = [&](size_t b) {
        deliverResult(im.slots[b]);
        im.slots[b].done = true;
    };
    // One thread: matches go out as they come, not batch by batch (unless sorted).
    auto streamMatches = [&](BatchResult &out) {
        if (out.matches.empty() || sorted) return;
        for (Match &m : out.matches) {
            ++sum.matches;
            if (cb.onMatch) cb.onMatch(std::move(m));
        }
        out.matches.clear();
    };

    if (sum.threads <= 1) {
        // One thread: no workers, the batches run here in order.
        Impl::Worker w(m_query);
        w.evaluator.setRecordSquares(m_options.recordSquares);
        w.evaluator.setCancelCheck([&im] { return im.cancelled(); });
        // Unindexed inputs have no work items: they are read here, in input order.
        size_t streamed = 0;
        auto streamUpTo = [&](size_t input) {
            for (; streamed < input && !im.cancelled(); ++streamed) {
                if (m_inputs[streamed]->indexed()) continue;
                BatchResult out;
                db::Database *d = m_writable[streamed];
                if (!d) {
                    out.problems.push_back({m_inputs[streamed]->path(), 0, 0, 0, "database not indexed; not searched"});
                } else {
                    const size_t in = streamed;
                    im.streamInput(w, *d, in, out, [&](double fraction) {
                        im.gamesDone.fetch_add(1, std::memory_order_relaxed);
                        im.matchesFound.store(sum.matches + collected.size() + out.matches.size(),
                                              std::memory_order_relaxed);
                        streamFraction = (double(in) + fraction) / double(m_inputs.size());
                        if ((out.games & 15) == 0) progress(false);
                        if (cb.onProblem && !out.problems.empty()) {
                            for (const GameProblem &p : out.problems)
                                cb.onProblem(p);
                            out.problems.clear();
                        }
                        streamMatches(out);
                    });
                }
                streamFraction = double(streamed + 1) / double(m_inputs.size());
                deliverResult(out);
            }
        };
        for (size_t b = 0; b < im.items.size() && !im.cancelled(); ++b) {
            const WorkItem &item = im.items[b];
            streamUpTo(item.input);
            const db::Database &d = *m_inputs[item.input];
            BatchResult &out = im.slots[b];
            for (size_t i = item.first; i < item.last; ++i) {
                if (im.cancelled()) break;
                im.processGame(w, d, item.input, im.gameAt(item, i), out);
                im.gamesDone.fetch_add(1, std::memory_order_relaxed);
                im.matchesFound.store(sum.matches + collected.size() + out.matches.size(), std::memory_order_relaxed);
                if ((out.games & 15) == 0) progress(false);
                streamMatches(out);
            }
            deliver(b);
        }
        streamUpTo(m_inputs.size());
    } else {
        std::vector<std::thread> workers;
        workers.reserve(sum.threads);
        for (unsigned t = 0; t < sum.threads; ++t)
            workers.emplace_back([&im] { im.workerLoop(); });
        size_t next = 0;
        std::unique_lock lock(im.mutex);
        while (next < im.items.size()) {
            im.batchDone.wait_for(lock, std::chrono::milliseconds(20),
                                  [&] { return im.slots[next].done || im.cancelled(); });
            if (im.cancelled()) break;
            while (next < im.items.size() && im.slots[next].done) {
                lock.unlock();
                deliver(next);
                ++next;
                im.delivered.store(next);
                im.windowMoved.notify_all();
                progress(false);
                lock.lock();
                if (im.cancelled()) break;
            }
            lock.unlock();
            progress(false);
            lock.lock();
        }
        im.stop.store(true);
        lock.unlock();
        im.windowMoved.notify_all();
        for (std::thread &t : workers)
            t.join();
    }

    sum.cancelled = cancelled();
    if (sorted && !sum.cancelled) {
        std::vector<SortKey> keys;
        keys.reserve(collected.size());
        for (const Match &m : collected)
            keys.push_back(sortKey(specs, m.result));
        std::vector<size_t> order(collected.size());
        std::iota(order.begin(), order.end(), size_t(0));
        std::stable_sort(order.begin(), order.end(),
                         [&](size_t a, size_t b) { return keyBefore(specs, keys[a], keys[b]); });
        for (size_t i : order) {
            if (cancelled()) {
                sum.cancelled = true;
                break;
            }
            ++sum.matches;
            if (cb.onMatch) cb.onMatch(std::move(collected[i]));
        }
    }
    sum.seconds = secondsSince(start);
    m_stores = std::move(stores);
    progress(true);
    return sum;
}

} // namespace search
