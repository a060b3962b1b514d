// The search driver: runs one compiled CQL query over one or more databases on
// several threads and hands matched games to a consumer in a fixed order
// (input order, or the query's sort order), whatever the thread count.
// Cancellable from any thread; reports progress and per-game read problems.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "database/database.h"
#include "matchmoves.h"
#include "pgn/writer.h"
#include "store/gamestore.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace search {

// A matched game as delivered to the consumer.
struct Match {
    size_t input = 0;        // which database (order of addDatabase)
    size_t gameIndex = 0;    // index in that database
    uint64_t gameNumber = 0; // 1-based number in its file, as CQL counts
    char board = 0;          // Bughouse: the board that matched, 'A' or 'B' (each is searched as a game)
    cql::GameResult result;  // markers, comments and sort values
    std::string pgn;         // the game as output PGN, when SearchOptions::formatPgn
    MatchMoves moves;        // when SearchOptions::recordMoves
};

// A problem found while reading one game; the game is still searched as far as it could be read.
struct GameProblem {
    std::string file; // the database's path (or its name for in-memory text)
    int line = 0;     // 1-based line in that file, 0 if unknown
    int column = 0;
    uint64_t gameNumber = 0;
    std::string message;
    // The query's evaluation failed on the game (CQL 6.2 stops the search
    // there), rather than the game's text having a problem or the game's
    // comments passing this engine's cap (6.2 drops such a comment and goes on).
    bool evaluation = false;
};

struct Progress {
    uint64_t gamesDone = 0;  // games examined (or skipped by the header filters) so far
    uint64_t gamesTotal = 0; // games the search will look at (so far, while totalKnown is false)
    bool totalKnown = true;  // false while a database is indexed as it is searched (one thread)
    double fraction = 0;     // of the work done, 0..1
    uint64_t matches = 0;    // matched games found so far (not necessarily delivered yet)
    double elapsed = 0;      // seconds since run() started
};

enum class Order {
    Auto,  // sorted when the query sorts (a `sort` filter or `sort matchcount`), else input order
    Input, // always input order, streamed as soon as possible (a GUI may sort itself)
};

struct SearchOptions {
    unsigned threads = 0; // 0: std::thread::hardware_concurrency()
    Order order = Order::Auto;
    // Format each matched game as output PGN in the worker threads (Match::pgn).
    bool formatPgn = false;
    pgn::WriteOptions writeOptions;
    // Cut each formatted game at this many bytes, as the reference does (0: never).
    size_t gameTextLimit = 0;
    // Bytes of game text per work unit: smaller means the first matches arrive sooner.
    size_t batchBytes = 256 * 1024;
    // Also compute the squares that made each position match (for a board view).
    bool recordSquares = false;
    // Also record each matched game's moves and the moves after each match
    // (Match::moves), for a result view's trees.
    bool recordMoves = false;
    // Read Chess960 games with Chess960 castling. Off: as standard chess, the
    // way the reference cql reads them (see game::BuildOptions::chess960).
    bool chess960 = true;
    // Search only these games: per input (in addDatabase order) its game
    // indices, ascending; an input past the end of the list is not searched.
    // Unset: every game. The other games are not read at all (a search within
    // the matches of an earlier one).
    std::optional<std::vector<std::vector<uint32_t>>> only;
    // Games that cannot match by the store's signatures are not replayed
    // (store::Prefilter). Off: every game is evaluated; the results are the same.
    bool prefilter = true;
};

struct Callbacks {
    // Each matched game, in order, on the thread that called run().
    std::function<void(Match &&)> onMatch;
    // At most about ten times a second, and once at the end; on run()'s thread.
    std::function<void(const Progress &)> onProgress;
    // Each game read with problems, in input order; on run()'s thread.
    std::function<void(const GameProblem &)> onProblem;
};

struct Summary {
    uint64_t gamesExamined = 0; // games read (in the gamenumber range) before the end or a cancel
    uint64_t matches = 0;       // matched games delivered
    uint64_t problemGames = 0;  // games with read problems
    double seconds = 0;
    unsigned threads = 1;
    bool cancelled = false;
    uint64_t fromStore = 0;   // games replayed from a store rather than read from the PGN
    uint64_t prefiltered = 0; // games a prefilter ruled out (counted in gamesExamined)
    // The serial parts of run(): before the first game was searched (planning
    // the work), and after the last one (the last deliveries, sorting).
    double setupSeconds = 0;
    double tailSeconds = 0;
};

class Search {
public:
    // The query must outlive the search; the header's parameters (gamenumber,
    // result, variations, matchcount, ...) are read when run() starts.
    explicit Search(const cql::Query &query, const SearchOptions &options = {});
    ~Search();
    Search(const Search &) = delete;
    Search &operator=(const Search &) = delete;

    // Databases to search, in order; not owned, must stay open during run().
    void addDatabase(const db::Database &database);
    // A database opened with OpenOptions::index off is indexed by run() as it
    // searches it: the text is read once for both, on several threads when
    // parallelWithoutIndex(query) (else on one).
    void addDatabase(db::Database &database);
    // Opens a file and searches it too (owned by the Search).
    bool addFile(const std::string &path, std::string *error = nullptr, const db::OpenOptions &open = {});
    // The compact store of the database added last (not owned, must stay
    // loaded during run()): games it holds are replayed from it instead of
    // their SAN; a store of another game count is ignored.
    void setStore(const store::GameStore *store);

    // Runs to the end or until cancelled; callbacks are called on this thread.
    Summary run(const Callbacks &callbacks);

    // Stops a running search soon (well under 100 ms); safe from any thread.
    void cancel() { m_cancel.store(true, std::memory_order_relaxed); }
    // An outside flag checked as well as cancel() (e.g. the CLI's SIGINT flag).
    void setCancelFlag(const std::atomic<bool> *flag) { m_externalCancel = flag; }
    bool cancelled() const;

    // Threads a run will use.
    unsigned threadCount() const;
    // Whether the matches will come sorted by sort values rather than in input order.
    bool sortsOutput() const;

private:
    struct Impl;
    const cql::Query &m_query;
    SearchOptions m_options;
    std::vector<const db::Database *> m_inputs;
    std::vector<db::Database *> m_writable;         // per input; null when added const
    std::vector<const store::GameStore *> m_stores; // per input; null: none
    std::vector<std::unique_ptr<db::Database>> m_owned;
    std::atomic<bool> m_cancel{false};
    const std::atomic<bool> *m_externalCancel = nullptr;
};

// Whether a search with this query reads a database opened without an index
// on several threads (cut into pieces at game starts, each indexed as it is
// searched), given more than one thread and no SearchOptions::only. Not when
// a game's number is needed before the game is searched (gamenumber,
// lastgamenumber, a gamenumber range) or the query runs on one thread: such a
// database is better indexed first (else it is searched on one thread).
bool parallelWithoutIndex(const cql::Query &query);

// Sort order of matched games: by sort values (descending, or ascending for
// `sort min`), a game missing a value after those having it; ties keep input order.
bool sortsBefore(const cql::Query &query, const cql::GameResult &a, const cql::GameResult &b);
// The keys a sorted search orders by: `sort matchcount` first, then the sort
// filters in text order. With them, sortsBefore needs no query (merging the
// sorted parts of a sharded search).
std::vector<cql::SortSpec> sortSpecs(const cql::Query &query);
bool sortsBefore(const std::vector<cql::SortSpec> &specs, const cql::GameResult &a, const cql::GameResult &b);

} // namespace search
