// The parallel search: workers take batches of games, parse and evaluate them
// with their own parser and evaluator, and the driver (run()'s thread) hands
// the batches' results on strictly in batch order, so the output does not
// depend on the thread count.
//
// A database opened without an index is cut into pieces at likely game starts
// instead, and each worker reads its piece once, indexing and searching it
// together (a separate index pass would cost about a sixth of the search, all
// of it before the first game is searched). A piece reads on past its end to
// the first game that starts there: a game starting exactly at the next cut
// proves that cut a game start as a reader from the text's start sees it;
// otherwise the piece takes over the next piece's games. The games of a piece
// are numbered, and its lines counted, from its start; the numbers before it
// are known once the pieces before it have been read, and only then can its
// matches' PGN say "Game number N": a match found earlier is finished then
// (Deferred) by whoever completes the numbers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "search.h"

#include "cql/program.h"
#include "output.h"
#include "store/prefilter.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <numeric>
#include <thread>

namespace search {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

using cql::SortSpec;

// A game's sort values lined up with the query's sorts (found by title: the
// matchcount sort comes first); a sort that never had a value has none.
using SortKey = std::vector<const cql::SortValue *>; // null: no value

SortKey sortKey(const std::vector<SortSpec> &specs, const cql::GameResult &r)
{
    SortKey key(specs.size());
    size_t j = 0;
    for (size_t i = 0; i < specs.size() && j < r.sortValues.size(); ++i) {
        const cql::SortValue &v = r.sortValues[j];
        if (v.title == specs[i].title && v.minimize == specs[i].minimize) {
            if (v.bound) key[i] = &v;
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

// One work unit: games [first, last) of one input, or for a piece of an
// unindexed input, the games that start in bytes [first, last) of its text.
struct WorkItem {
    size_t input = 0;
    size_t first = 0;
    size_t last = 0;
    bool piece = false;
    uint64_t bytes = 0; // of text, for the progress fraction
};

// A match whose PGN waits for its game number: written with a stand-in of
// the width the number will likely have ("ZZZZZZ", which nothing else in the
// game's text holds), whose place is kept; the number's digits replace it
// once known. The layout (line breaks, the reference's cuts) depends only on
// the width, so the text is then what the number would have given. Should
// the width be another, the game is read again from its text and written.
struct Deferred {
    size_t match = 0;              // in BatchResult::matches
    size_t at = std::string::npos; // of the stand-in in Match::pgn (npos: not written, or cut off)
    size_t width = 0;              // of the stand-in (0: none written)
    bool full = false;             // written from a full read of the game (not the search's lean one)
    int board = 0;                 // bughouse board B: 1
    pgn::Location origin;          // of the game's text
    uint64_t length = 0;
};

// Whether text the output of a game is made of holds `token`.
bool mentions(const game::Game &g, const cql::GameResult &r, std::string_view token)
{
    auto in = [&](std::string_view s) { return s.find(token) != std::string_view::npos; };
    for (const auto &t : g.tags)
        if (in(t.first) || in(t.second)) return true;
    for (const std::string &t : g.texts)
        if (in(t)) return true;
    for (const cql::NodeComment &c : r.comments)
        if (in(c.text)) return true;
    for (const cql::SortValue &v : r.sortValues)
        if (in(v.title) || in(v.text)) return true;
    for (const auto &e : r.tagEdits)
        if (in(e.first) || in(e.second)) return true;
    return in(g.result);
}

size_t decimalDigits(uint64_t n)
{
    size_t d = 1;
    for (; n >= 10; n /= 10)
        ++d;
    return d;
}

struct BatchResult {
    std::vector<Match> matches;
    std::vector<GameProblem> problems;
    uint64_t games = 0;
    uint64_t problemGames = 0;
    uint64_t fromStore = 0;
    uint64_t prefiltered = 0;
    bool done = false; // guarded by the driver's mutex
    // A piece: its games' index entries (offsets in the whole text, lines
    // counted from the piece's start) and their fields (per entry from
    // GameEntry::fields: each kept field as a 16-bit length and its bytes).
    std::vector<db::GameEntry> entries;
    std::string fields;
    int64_t lines = 0; // line breaks before the game that ends the piece
    std::vector<Deferred> deferred;
};

// Where a piece's numbering stands; guarded by the driver's mutex.
struct PieceState {
    bool finished = false;    // read, its result in its slot
    bool absorbed = false;    // its games belong to an earlier piece (its cut was no game start)
    bool formatting = false;  // a worker writes its deferred matches
    uint64_t games = 0;       // games read (0 when absorbed)
    int64_t lines = 0;        // line breaks in it (0 when absorbed)
    uint64_t firstNumber = 1; // of its first game, known once the pieces before it are finished
    int64_t firstLine = 1;
};

// The text of a piece for a reader: the piece in large reads, then on past its
// end in small ones, as far as the reader needs to find the next game's start.
class PieceSource : public pgn::ByteSource {
public:
    PieceSource(std::string_view all, size_t begin, size_t end) : m_all(all), m_pos(begin), m_end(end) {}
    size_t read(char *dst, size_t capacity) override
    {
        constexpr size_t Tail = size_t(16) << 10;
        const size_t n =
            m_pos < m_end ? std::min(capacity, m_end - m_pos) : std::min({capacity, Tail, m_all.size() - m_pos});
        std::memcpy(dst, m_all.data() + m_pos, n);
        m_pos += n;
        return n;
    }

private:
    std::string_view m_all;
    size_t m_pos, m_end;
};

// Where a piece may start: a tag's '[' opening a line after a blank line (LF
// or CR LF), at or after `from`; failing that within `reach` bytes, any tag
// opening a line. Only a guess: the pieces' readers check it.
size_t likelyGameStart(std::string_view all, size_t from, size_t reach)
{
    size_t anyLine = std::string_view::npos;
    for (size_t p = from; (p = all.find("\n[", p)) != std::string_view::npos; ++p) {
        const size_t tag = p + 1;
        const char c = tag + 1 < all.size() ? all[tag + 1] : 0;
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) continue;
        if (p > 0 && (all[p - 1] == '\n' || (all[p - 1] == '\r' && p > 1 && all[p - 2] == '\n'))) return tag;
        if (anyLine == std::string_view::npos) anyLine = tag;
        if (p - from > reach) return anyLine;
    }
    return anyLine;
}

} // namespace

bool parallelWithoutIndex(const cql::Query &query)
{
    return !query.needsSingleThread() && !query.needsGameCount() && !query.readsGameNumber()
        && !query.header().gameNumber;
}

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
    // Pieces (WorkItem::piece): per item, guarded by mutex; the flags may be
    // read without it (a piece's first number is set before its flag).
    std::vector<PieceState> pieces;
    std::unique_ptr<std::atomic<bool>[]> numbered; // PieceState::firstNumber is final
    std::unique_ptr<std::atomic<bool>[]> absorbed;
    std::unique_ptr<std::atomic<uint64_t>[]> starts; // pieceStart(), UINT64_MAX until found
    size_t settled = 0;                              // items before it are finished (or absorbed); guarded by mutex
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
        // Reading pieces: the game's number in its file when known, else 0
        // and a guess at it (its match is then finished later, see Deferred).
        bool inPiece = false;
        uint64_t fileNumber = 0;
        uint64_t numberGuess = 0;
        uint64_t gamesRead = 0, bytesRead = 0; // in pieces, for the guesses
        pgn::Reader reader;
        game::GameBuilder builder;
        explicit Worker(const cql::Query &q) : evaluator(q) {}
    };

    void processBatch(Worker &w, size_t b);
    // The game index at position i of an item (a position in the input's list under SearchOptions::only).
    size_t gameAt(const WorkItem &item, size_t i) const
    {
        return options.only && item.input < options.only->size() ? size_t((*options.only)[item.input][i]) : i;
    }
    void processGame(Worker &w, const db::Database &d, size_t input, size_t index, BatchResult &out);
    // Where the evaluated game came from: its text (read with leanBuild), or
    // the store, whole (the tree a full read gives, annotations as leanBuild
    // asks) or its mainline only (a game with variations the query does not read).
    enum class Read { Text, StoreWhole, StoreMainline };
    void processParsed(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                       uint64_t number, const pgn::Location &origin, bool parsed, BatchResult &out,
                       Read read = Read::Text);
    template <typename OnGame>
    void streamInput(Worker &w, db::Database &d, size_t input, BatchResult &out, const OnGame &onGame);
    void evaluateBoard(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                       uint64_t number, const pgn::Location &origin, int board, Read read, BatchResult &out);
    bool remapToFull(Worker &w);
    void workerLoop();

    // Pieces.
    bool sameInputPiece(size_t a, size_t b) const; // item b is a piece of item a's input
    // Where piece k starts: a likely game start at or after its nominal start (WorkItem::first).
    uint64_t pieceStart(size_t k);
    void processPiece(Worker &w, size_t b, BatchResult &out);
    uint64_t guessNumber(const Worker &w, size_t b, uint64_t offset);
    void finishPiece(Worker &w, size_t b, BatchResult &&out);
    void absorb(size_t b);
    std::vector<size_t> settle();
    void writeDeferred(Worker &w, size_t b);
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
    // Before the game's text is looked up: most games of a selective query end
    // here. The store's facts hold for every game it describes, also those
    // read from the PGN for their variations or comments.
    if (st && st->describes(index) && prefilter.active() && !prefilter.mayMatch(*st, index)) {
        ++out.prefiltered;
        // Passed over all the same: the pages of its text and moves are given back as the pass moves on.
        st->passOver(index);
        d.noteRead(st->record(index).length);
        return;
    }
    std::string_view text = d.gameText(index);
    uint64_t number = d.number(index);
    pgn::Location origin = d.origin(index);
    if (replays && st->replay(index, number, w.game, variations, leanBuild.comments, options.chess960)) {
        ++out.fromStore;
        const Read read = !variations && st->hasVariations(index) ? Read::StoreMainline : Read::StoreWhole;
        processParsed(w, d, input, index, text, number, origin, true, out, read);
        return;
    }
    bool parsed = w.parser.parse(text, number, origin, w.game, leanBuild);
    processParsed(w, d, input, index, text, number, origin, parsed, out);
}

void Search::Impl::processParsed(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                                 uint64_t number, const pgn::Location &origin, bool parsed, BatchResult &out, Read read)
{
    if (!w.game.errors.empty()) {
        ++out.problemGames;
        for (const game::GameError &e : w.game.errors)
            out.problems.push_back({d.path(), e.line, e.column, number, e.message});
    }
    if (!parsed || w.game.unsupported || w.game.nodes.empty()) return;
    if (countGames) w.evaluator.setLastGameNumber(d.indexed() && !d.empty() ? int64_t(d.number(d.size() - 1)) : 0);
    evaluateBoard(w, d, input, index, text, number, origin, 0, read, out);
    // Bughouse: board B is searched as a game of its own (game/bughouse.h).
    if (!w.game.otherBoard.empty() && !cancelled())
        evaluateBoard(w, d, input, index, text, number, origin, 1, read, out);
}

void Search::Impl::evaluateBoard(Worker &w, const db::Database &d, size_t input, size_t index, std::string_view text,
                                 uint64_t number, const pgn::Location &origin, int board, Read read, BatchResult &out)
{
    game::Game &lean = board ? w.game.otherBoard[0] : w.game;
    w.evaluator.run(lean, w.result);
    if (w.result.cancelled) return;
    if (!w.result.error.empty()) {
        if (w.game.errors.empty()) ++out.problemGames;
        out.problems.push_back(
            {d.path(), w.game.firstLine, w.game.firstColumn, number, w.result.error, !w.result.commentLimit});
    }
    if (!w.result.matched) return;
    Match m;
    // Before any remap: the marks still name the nodes of the game evaluated.
    if (options.recordMoves) recordMatchMoves(lean, w.result, m.moves);
    game::Game *g = &lean;
    // A game from the store is the full game unless its variations were left
    // out (its annotations are there whenever the output needs them).
    const bool skippedVariations = read == Read::Text
        ? !leanBuild.variations && text.find('(') != std::string_view::npos
        : read == Read::StoreMainline;
    const bool leanIsFull = read == Read::Text ? leanBuild.variations && leanBuild.comments && leanBuild.nags
                                               : read == Read::StoreWhole && leanBuild.comments && leanBuild.nags;
    if (board) {
        // A bughouse board has no variations: only the comments may be missing.
        if (wantPgn && !leanIsFull && w.parser.parse(text, number, origin, w.full, fullBuild)
            && !w.full.otherBoard.empty() && w.full.otherBoard[0].nodes.size() == lean.nodes.size())
            g = &w.full.otherBoard[0];
    } else if (skippedVariations || (wantPgn && !leanIsFull)) {
        // Node ids and the output refer to the game as a full load gives it
        // (from the store when the game came from there).
        const bool full =
            (read != Read::Text && s.m_stores[input]->replay(index, number, w.full, true, true, options.chess960))
            || w.parser.parse(text, number, origin, w.full, fullBuild);
        if (full && !w.full.nodes.empty() && (!skippedVariations || remapToFull(w))) g = &w.full;
    }
    m.input = input;
    m.gameIndex = index;
    m.gameNumber = number;
    m.board = lean.board;
    // A piece's game whose number is not known yet is finished later (Deferred).
    const bool defer = wantPgn && w.inPiece && !w.fileNumber;
    if (defer) {
        Deferred later;
        later.match = out.matches.size();
        later.full = g != &lean;
        later.board = board;
        later.origin = origin;
        later.length = text.size();
        const std::string token(decimalDigits(w.numberGuess), 'Z');
        if (!mentions(*g, w.result, token)) {
            writeMatchedGame(m.pgn, *g, w.result, options.writeOptions, options.gameTextLimit, token);
            later.width = token.size();
            later.at = m.pgn.find(token);
            if (later.at != std::string::npos && m.pgn.find(token, later.at + 1) != std::string::npos) {
                later.width = 0; // cannot happen: only the stand-in holds it
                m.pgn.clear();
            }
        }
        out.deferred.push_back(later);
    } else if (wantPgn) {
        if (w.inPiece) g->number = w.fileNumber;
        writeMatchedGame(m.pgn, *g, w.result, options.writeOptions, options.gameTextLimit);
    }
    m.result = std::move(w.result);
    // The comments are in the text now; kept, they would sit in the ordering
    // window with every match of up to `window` batches (megabytes each for
    // queries that comment every pair of positions). A deferred match may
    // need them once more.
    if (wantPgn && !defer) std::vector<cql::NodeComment>().swap(m.result.comments);
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

bool Search::Impl::sameInputPiece(size_t a, size_t b) const
{
    return b < items.size() && items[b].piece && items[b].input == items[a].input;
}

uint64_t Search::Impl::pieceStart(size_t k)
{
    uint64_t at = starts[k].load(std::memory_order_relaxed);
    if (at != UINT64_MAX) return at;
    // Found where it is needed (not all before the search: the pages a scan
    // touches stay resident until the next drop); the same from any thread.
    const WorkItem &item = items[k];
    const std::string_view all = s.m_inputs[item.input]->text();
    at = item.first == 0 ? 0 : std::min<uint64_t>(likelyGameStart(all, item.first, item.last - item.first), all.size());
    starts[k].store(at, std::memory_order_relaxed);
    return at;
}

void Search::Impl::processPiece(Worker &w, size_t b, BatchResult &out)
{
    const WorkItem &item = items[b];
    const db::Database &d = *s.m_inputs[item.input];
    const std::string_view all = d.text();
    const uint32_t kept = d.fieldMask();
    const uint64_t begin = pieceStart(b);
    size_t next = b + 1;                                                    // the piece whose start ends this one
    uint64_t end = sameInputPiece(b, next) ? pieceStart(next) : all.size(); // where that one starts
    // No game can start in it: the next piece's start is the same likely game start.
    if (begin == end && sameInputPiece(b, next)) return;
    PieceSource source(all, begin, end);
    w.reader.reset(&source, 1, pgn::Location{1, 1, begin});
    w.builder.setGame(w.game);
    w.builder.setOptions(leanBuild);
    w.inPiece = true;
    uint64_t noted = begin, reported = 0;
    while (!cancelled() && !absorbed[b].load(std::memory_order_relaxed)) {
        w.builder.strayErrors.clear();
        if (!w.reader.readGame(w.builder)) {
            // No game starts after this piece's last one: the rest of the text is this piece's.
            for (; sameInputPiece(b, next); ++next)
                absorb(next);
            break;
        }
        const game::Game &g = w.game;
        if (w.reader.position() - noted >= (64u << 10)) { // not every game: the count is shared
            d.noteRead(w.reader.position() - noted);
            noted = w.reader.position();
        }
        if (sameInputPiece(b, next) && g.fileOffset >= end) {
            // Pieces that start before this game (inside the last one, or in text between games) are this one's.
            for (; sameInputPiece(b, next) && g.fileOffset > pieceStart(next); ++next)
                absorb(next);
            end = sameInputPiece(b, next) ? pieceStart(next) : all.size();
            if (g.fileOffset == end) { // the next piece starts where a reader from the text's start starts a game
                out.lines = g.firstLine - 1;
                break;
            }
        }
        db::GameEntry e;
        e.offset = g.fileOffset;
        e.length = w.reader.lastGameEnd() - g.fileOffset;
        e.line = uint32_t(std::max(g.firstLine, 0));
        e.column = uint16_t(std::clamp(g.firstColumn, 0, 0xFFFF));
        e.errors = uint16_t(std::min<size_t>(g.errors.size(), 0xFFFF));
        e.fields = out.fields.size();
        for (int f = 0; f < db::FieldCount; ++f) {
            if (!(kept & (1u << f))) continue;
            const std::string_view v = g.tag(db::fieldName(db::Field(f))).substr(0, 0xFFFF);
            out.fields.push_back(char(v.size() & 0xFF));
            out.fields.push_back(char(v.size() >> 8));
            out.fields.append(v);
        }
        out.entries.push_back(e);
        ++out.games;
        const uint64_t number = out.entries.size(); // in the piece
        if (!resultFilter.empty() && g.tag("Result") != resultFilter) continue;
        w.fileNumber = numbered[b].load(std::memory_order_acquire) ? pieces[b].firstNumber + number - 1 : 0;
        if (!w.fileNumber) w.numberGuess = guessNumber(w, b, g.fileOffset);
        const std::string_view text = all.substr(size_t(e.offset), size_t(e.length));
        const pgn::Location origin{g.firstLine, g.firstColumn, g.fileOffset};
        processParsed(w, d, item.input, size_t(number - 1), text, number, origin, true, out);
        if (out.games - reported >= 16) {
            gamesDone.fetch_add(out.games - reported, std::memory_order_relaxed);
            reported = out.games;
        }
    }
    w.inPiece = false;
    w.gamesRead += out.entries.size();
    w.bytesRead += w.reader.position() - begin;
    d.noteRead(w.reader.position() - noted);
    gamesDone.fetch_add(out.games - reported, std::memory_order_relaxed);
    matchesFound.fetch_add(out.matches.size(), std::memory_order_relaxed);
}

uint64_t Search::Impl::guessNumber(const Worker &w, size_t b, uint64_t offset)
{
    // From the nearest piece before whose first number is known, at the games per byte seen so far.
    size_t j = b;
    while (j > 0 && sameInputPiece(j - 1, b) && !numbered[j].load(std::memory_order_acquire))
        --j;
    const double perByte = w.bytesRead ? double(w.gamesRead) / double(w.bytesRead) : 1.0 / 600;
    const uint64_t from = pieceStart(j);
    return pieces[j].firstNumber + uint64_t(double(offset > from ? offset - from : 0) * perByte);
}

void Search::Impl::absorb(size_t k)
{
    std::lock_guard lock(mutex);
    PieceState &ps = pieces[k];
    ps.absorbed = true;
    ps.games = 0;
    ps.lines = 0;
    absorbed[k].store(true, std::memory_order_relaxed);
    // What its own reader found (if it is done) is void; the driver passes it by.
    slots[k] = BatchResult();
    slots[k].done = true;
}

std::vector<size_t> Search::Impl::settle()
{
    std::vector<size_t> claimed;
    for (; settled < items.size(); ++settled) {
        const size_t k = settled;
        if (!items[k].piece) continue; // numbered by the index
        PieceState &ps = pieces[k];
        numbered[k].store(true, std::memory_order_release);
        if (ps.finished && !ps.absorbed && !ps.formatting && !slots[k].done) {
            ps.formatting = true;
            claimed.push_back(k);
        }
        if (!ps.finished && !ps.absorbed) break;
        if (sameInputPiece(k, k + 1)) {
            pieces[k + 1].firstNumber = ps.firstNumber + ps.games;
            pieces[k + 1].firstLine = ps.firstLine + ps.lines;
        }
    }
    return claimed;
}

void Search::Impl::writeDeferred(Worker &w, size_t k)
{
    BatchResult &r = slots[k];
    const uint64_t first = pieces[k].firstNumber;
    const std::string_view all = s.m_inputs[items[k].input]->text();
    for (const Deferred &d : r.deferred) {
        Match &m = r.matches[d.match];
        const uint64_t number = first + m.gameNumber - 1;
        const std::string digits = std::to_string(number);
        if (d.width == digits.size()) {
            if (d.at != std::string::npos) m.pgn.replace(d.at, digits.size(), digits);
        } else {
            // The game as the search wrote it (lean or full read, the board), numbered.
            m.pgn.clear();
            const std::string_view text = all.substr(size_t(d.origin.offset), size_t(d.length));
            game::Game &g = w.full;
            if (w.parser.parse(text, number, d.origin, g, d.full ? fullBuild : leanBuild)
                && (!d.board || !g.otherBoard.empty())) {
                game::Game &board = d.board ? g.otherBoard[0] : g;
                board.number = number;
                writeMatchedGame(m.pgn, board, m.result, options.writeOptions, options.gameTextLimit);
            }
        }
        std::vector<cql::NodeComment>().swap(m.result.comments);
    }
    r.deferred.clear();
}

void Search::Impl::finishPiece(Worker &w, size_t b, BatchResult &&out)
{
    std::vector<size_t> claimed;
    {
        std::lock_guard lock(mutex);
        PieceState &ps = pieces[b];
        if (ps.absorbed) return; // an earlier piece read its games
        ps.finished = true;
        ps.games = out.entries.size();
        ps.lines = out.lines;
        const bool waits = !out.deferred.empty();
        slots[b] = std::move(out);
        slots[b].done = !waits;
        claimed = settle();
    }
    // Matches of pieces whose numbers are known now (this one's, or later ones'
    // that finished first) are written here, outside the lock.
    for (size_t k : claimed)
        writeDeferred(w, k);
    {
        std::lock_guard lock(mutex);
        for (size_t k : claimed)
            slots[k].done = true;
    }
    batchDone.notify_one();
}

void Search::Impl::workerLoop()
{
    Worker w(query);
    w.evaluator.setRecordSquares(options.recordSquares);
    w.evaluator.setCancelCheck([this] { return cancelled(); });
    // The reference layout writes so much of a position's comment: the rest may go as the search runs.
    w.evaluator.setCommentLimit(options.gameTextLimit ? ReferenceCommentLimit : 0);
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
        if (items[b].piece) {
            if (absorbed[b].load(std::memory_order_relaxed)) continue;
            BatchResult out;
            processPiece(w, b, out);
            finishPiece(w, b, std::move(out));
            continue;
        }
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

    // Unindexed inputs are cut into pieces when several threads can read them
    // (see the top of this file); else they are read on one thread. A piece
    // is nominally `pieceBytes[input]` of text; it starts at the first likely
    // game start in its stretch (Impl::pieceStart).
    std::vector<size_t> pieceBytes(m_inputs.size(), 0);
    size_t pieceItems = 0, indexedInputs = 0;
    bool pieces = threadCount() > 1 && parallelWithoutIndex(m_query) && !m_options.only;
    for (size_t in = 0; in < m_inputs.size() && pieces; ++in)
        if (!m_inputs[in]->indexed() && (!m_writable[in] || m_inputs[in]->textCut())) pieces = false;
    for (size_t in = 0; in < m_inputs.size() && pieces; ++in) {
        if (m_inputs[in]->indexed()) {
            indexedInputs += !m_inputs[in]->empty();
            continue;
        }
        const size_t size = m_inputs[in]->text().size();
        // Small pieces cost a game read twice each; large ones leave one thread at the end.
        size_t target = std::clamp<size_t>(size / (size_t(threadCount()) * 16), 16 << 10, 1 << 20);
        pieceBytes[in] = std::max<size_t>(1, std::min(target, m_options.batchBytes));
        pieceItems += std::max<size_t>(1, (size + pieceBytes[in] - 1) / pieceBytes[in]);
    }
    pieces = pieces && pieceItems > 0 && pieceItems + indexedInputs >= 2;

    // Work items: batches of about batchBytes of text, within the gamenumber range.
    uint64_t total = 0;
    for (size_t in = 0; in < m_inputs.size(); ++in) {
        const db::Database &d = *m_inputs[in];
        if (pieces && !d.indexed()) {
            const size_t size = d.text().size(), step = pieceBytes[in];
            size_t at = 0;
            do {
                const size_t end = std::min(size, at + step);
                im.items.push_back({in, at, end, true, end - at});
                at = end;
            } while (at < size);
            continue;
        }
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
                im.items.push_back({in, begin, i + 1, false, bytes});
                begin = i + 1;
                bytes = 0;
            }
        }
        if (begin < last) im.items.push_back({in, begin, last, false, bytes});
    }
    im.slots.resize(im.items.size());
    im.pieces.resize(im.items.size());
    im.numbered.reset(new std::atomic<bool>[im.items.size()]);
    im.absorbed.reset(new std::atomic<bool>[im.items.size()]);
    im.starts.reset(new std::atomic<uint64_t>[im.items.size()]);
    uint64_t totalWeight = 0; // of the items: their bytes and one each
    for (size_t k = 0; k < im.items.size(); ++k) {
        // An input's first piece starts at its first game and line.
        im.numbered[k].store(im.items[k].piece && (k == 0 || !im.sameInputPiece(k - 1, k)), std::memory_order_relaxed);
        im.absorbed[k].store(false, std::memory_order_relaxed);
        im.starts[k].store(UINT64_MAX, std::memory_order_relaxed);
        totalWeight += im.items[k].bytes + 1;
    }
    im.settled = 0;
    im.settle(); // the first pieces of the inputs

    bool streaming = false; // some input is indexed as it is searched, on one thread
    for (const db::Database *d : m_inputs)
        streaming = streaming || (!d->indexed() && !pieces);

    Summary sum;
    sum.threads = unsigned(std::min<size_t>(threadCount(), std::max<size_t>(im.items.size(), 1)));
    if (streaming) sum.threads = 1;
    im.window = std::max<size_t>(8, size_t(sum.threads) * 4);
    const bool sorted = sortsOutput();
    std::vector<SortSpec> specs = sorted ? sortSpecs(m_query) : std::vector<SortSpec>();
    std::vector<Match> collected;

    Clock::time_point lastProgress = start;
    uint64_t deliveredWeight = 0;
    double streamFraction = 0;
    auto progress = [&](bool force) {
        if (!cb.onProgress) return;
        Clock::time_point now = Clock::now();
        if (!force && now - lastProgress < std::chrono::milliseconds(100)) return;
        lastProgress = now;
        Progress p;
        p.gamesDone = im.gamesDone.load(std::memory_order_relaxed);
        p.gamesTotal = total;
        if (streaming || pieces) {
            p.gamesTotal = std::max(total, p.gamesDone);
            p.totalKnown = false;
            p.fraction =
                streaming ? streamFraction : double(deliveredWeight) / double(std::max<uint64_t>(totalWeight, 1));
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
    // A piece's numbers, lines and index entries become its input's.
    auto deliverPiece = [&](size_t b) {
        BatchResult &r = im.slots[b];
        const WorkItem &item = im.items[b];
        db::Database &d = *m_writable[item.input];
        if (!im.pieces[b].absorbed) {
            const uint64_t numberShift = im.pieces[b].firstNumber - 1;
            const int64_t lineShift = im.pieces[b].firstLine - 1;
            const uint32_t kept = d.fieldMask();
            std::string_view fields[db::FieldCount];
            for (db::GameEntry e : r.entries) {
                const char *p = r.fields.data() + e.fields;
                for (int f = 0; f < db::FieldCount; ++f) {
                    fields[f] = {};
                    if (!(kept & (1u << f))) continue;
                    const size_t len = size_t(uint8_t(p[0])) | size_t(uint8_t(p[1])) << 8;
                    fields[f] = std::string_view(p + 2, len);
                    p += 2 + len;
                }
                if (e.line) e.line = uint32_t(int64_t(e.line) + lineShift);
                d.appendEntry(e, fields);
            }
            for (GameProblem &p : r.problems) {
                if (p.line > 0) p.line = int(p.line + lineShift);
                if (p.gameNumber) p.gameNumber += numberShift;
            }
            for (Match &m : r.matches) {
                m.gameIndex += numberShift;
                m.gameNumber += numberShift;
            }
        }
        deliverResult(r);
        if (!im.sameInputPiece(b, b + 1) && !cancelled()) d.markIndexed();
    };
    auto deliver = [&](size_t b) {
        deliveredWeight += im.items[b].bytes + 1;
        if (im.items[b].piece)
            deliverPiece(b);
        else
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

    Clock::time_point searchEnd = Clock::now();
    sum.setupSeconds = std::chrono::duration<double>(searchEnd - start).count();
    if (sum.threads <= 1) {
        // One thread: no workers, the batches run here in order.
        Impl::Worker w(m_query);
        w.evaluator.setRecordSquares(m_options.recordSquares);
        w.evaluator.setCancelCheck([&im] { return im.cancelled(); });
        w.evaluator.setCommentLimit(m_options.gameTextLimit ? ReferenceCommentLimit : 0);
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
        searchEnd = Clock::now();
    } else {
        std::vector<std::thread> workers;
        std::vector<Clock::time_point> ends(sum.threads);
        workers.reserve(sum.threads);
        for (unsigned t = 0; t < sum.threads; ++t)
            workers.emplace_back([&im, &ends, t] {
                im.workerLoop();
                ends[t] = Clock::now();
            });
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
        searchEnd = *std::max_element(ends.begin(), ends.end());
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
    sum.tailSeconds = secondsSince(searchEnd);
    m_stores = std::move(stores);
    progress(true);
    return sum;
}

} // namespace search
