// Runs a compiled query over one or several game sources on a worker thread:
// indexed files with the core search engine, games held in memory with the
// evaluator directly. Matches stream to the GUI thread in game order, with
// progress and per-game problems; a new start() or cancel() stops the running
// search.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"
#include "gamelist/searchresults.h"
#include "querycompiler.h"

#include "cql/query.h"
#include "search/matchmoves.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QThreadPool>
#include <memory>
#include <vector>

namespace db {
class Database;
}

namespace wb {

struct SearchSummary {
    int searched = 0; // games examined
    int total = 0;
    int matchedGames = 0;
    qint64 matchedPositions = 0;
    int gameErrors = 0; // games read or evaluated with problems
    double seconds = 0;
    int threads = 1;
    bool cancelled = false;
    int fromStore = 0;   // games replayed from a game store rather than read from the PGN
    int prefiltered = 0; // games the store's signatures ruled out without replaying them
    // Games searched and matched per variant (variantLabel(); "" for standard
    // chess); counted when the search was not cancelled.
    struct VariantCount {
        QString variant;
        int games = 0;
        int matched = 0;
    };
    QList<VariantCount> variants; // most games first
};

// A matched game with what the engine found in it: marks with their squares,
// comments and sort values; node ids refer to the game as fully loaded.
struct MatchRecord {
    int game = 0; // 0-based index in the source (in all of them, when several)
    cql::GameResult result;
    search::MatchMoves moves; // for the trees of the matches
    char board = 0;           // Bughouse: the board the marks are on ('A', 'B'); 0 for other games
};
using MatchRecords = std::vector<MatchRecord>; // in game order
// Game `game`'s record, nullptr when it is not there.
const MatchRecord *findMatchRecord(const MatchRecords *records, int game);

class SearchController : public QObject {
    Q_OBJECT
public:
    explicit SearchController(QObject *parent = nullptr);
    ~SearchController() override;

    bool isRunning() const { return m_run != nullptr; }
    // 0 = one per core.
    void setThreadCount(int threads) { m_threads = threads; }
    int threadCount() const { return m_threads; } // 0: one per core
    // Off: files are read from their PGN text even when they have a game
    // store (GameSource::store()); the results are the same either way.
    void setUseStore(bool use) { m_useStore = use; }
    bool useStore() const { return m_useStore; }

    // Starts a search of `sources` in one run, first cancelling one that runs
    // (which then reports finished() as cancelled): game numbers in hits and
    // records count through the sources in order. `numbered` is the caller's
    // source that numbers the games so (the game list's), which source() then
    // is; without one, the single source, or a CombinedGameSource made over
    // several. False when a source or the query is missing. A source without
    // an indexed file (a CombinedGameSource too) is evaluated game by game on
    // one thread: give the files themselves to have the engine search them.
    // `only`, when given, lists the games to search (ascending, in the run's
    // numbering): the others are neither read nor reported (a search within
    // the matches of an earlier one).
    bool start(const QList<GameSourcePtr> &sources, QueryPtr query, GameSourcePtr numbered = nullptr,
               std::shared_ptr<const std::vector<int>> only = nullptr);
    bool start(GameSourcePtr source, QueryPtr query) { return start(QList<GameSourcePtr>{source}, query, source); }
    void cancel();
    // Blocks until every worker has stopped (shutdown, tests).
    void wait();

    // The last search's matches so far (complete once finished() came); a new
    // search gets a new list, so a holder of this one may read it on any thread.
    std::shared_ptr<const MatchRecords> matchRecords() const { return m_records; }
    GameSourcePtr source() const { return m_source; }
    QueryPtr query() const { return m_query; }
    // The sources of the last search, in order.
    QList<GameSourcePtr> sources() const { return m_sources; }
    // The games the last search was limited to; nullptr: all of them.
    std::shared_ptr<const std::vector<int>> onlyGames() const { return m_only; }
    // The match record of a game of the last search, nullptr if it did not match.
    const MatchRecord *record(int game) const;

signals:
    void started(int total);
    // About ten times a second: games done so far, seconds since the start.
    void progress(int searched, int total, int matchedGames, double seconds);
    // Every game examined, in game order (matches 0 for those that did not match).
    void hitsFound(const QList<wb::GameHit> &hits);
    // A game read with problems: "game 17: line 3:5: illegal move ...".
    void gameProblem(const QString &message);
    void finished(const wb::SearchSummary &summary);

private:
    struct Run;
    struct Batch;
    struct Driver;
    void deliver(const std::shared_ptr<Run> &run, Batch &batch);
    void runDone(const std::shared_ptr<Run> &run, const SearchSummary &summary);

    std::shared_ptr<Run> m_run;
    std::shared_ptr<MatchRecords> m_records;
    GameSourcePtr m_source;
    QList<GameSourcePtr> m_sources;
    QueryPtr m_query;
    std::shared_ptr<const std::vector<int>> m_only;
    QList<QFuture<void>> m_futures;
    // Its own pool: the global one stays free for loading the game the user
    // clicks. Only the driver runs here; the engine starts its own threads.
    QThreadPool m_pool;
    int m_threads = 0;
    bool m_useStore = true;
};

} // namespace wb

Q_DECLARE_METATYPE(wb::SearchSummary)
