// The one search the window shows: the open databases and the numbered list
// over them, the query of the last search and its results, the game shown and
// the position in it with its marks. Widgets are told by its signals what to
// show; the window only connects them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gameloader.h"
#include "gamelist/gamesource.h"
#include "querycompiler.h"
#include "resulthistory.h"
#include "searchcontroller.h"

#include <QObject>
#include <vector>

namespace wb {

class GameListModel;

class SearchSession : public QObject {
    Q_OBJECT
public:
    explicit SearchSession(QObject *parent = nullptr);
    ~SearchSession() override;

    // The databases listed and searched together; a change stops the search
    // and forgets the shown game (the list's numbers change).
    void setDatabases(const QList<GameSourcePtr> &databases);
    const QList<GameSourcePtr> &databases() const { return m_databases; }
    // The one database, or all of them combined: what the game list shows.
    GameSourcePtr listSource() const { return m_listSource; }
    int databaseOfGame(int game) const;  // -1 when none
    int firstGameOf(int database) const; // its first number in the list
    // Matched games per database in the last search of these databases.
    const std::vector<int> &matchedPerDatabase() const { return m_matchedPerDatabase; }

    // The player base every query is compiled with ("" = none).
    void setPlayerBase(const QString &path) { m_playerBase = path; }
    // The engine and tablebases every query is compiled with (the Settings dialog's).
    void setEngineSettings(const engine::Settings &settings) { m_engine = settings; }
    const std::optional<engine::Settings> &engineSettings() const { return m_engine; }
    // Compiles `text` (named `fileName` for messages and the dialect) and
    // reports its diagnostics.
    CompiledQuery compile(const QString &text, const QString &fileName);
    // Of the last compile.
    const EditorDiagnostics &diagnostics() const { return m_diagnostics; }
    enum class RunResult { Started, QueryErrors, NoDatabase };
    // Compiles and searches every database in one run, replacing a running search.
    RunResult run(const QString &text, const QString &fileName);
    void cancel();
    bool isRunning() const { return m_search->isRunning(); }
    // Searching, sorting the results or loading a game.
    bool isBusy() const;
    QueryPtr query() const { return m_query; }
    SearchController *controller() const { return m_search; }
    // The game list with the results of the last search.
    GameListModel *games() const { return m_games; }

    // Refine: the next run reads only the games the list's current result
    // matched (all games when there is no result yet).
    void setSearchWithinMatches(bool on) { m_within = on; }
    bool searchWithinMatches() const { return m_within; }
    // How a search that ends is combined with the result shown when it started.
    void setCombine(Combine how) { m_combine = how; }
    Combine combine() const { return m_combine; }
    // Every finished search (and combination) of these databases.
    const ResultHistory &history() const { return m_history; }
    // Shows entry i of the history in the list, with its marks.
    bool showHistoryEntry(int i);
    bool stepBack() { return showHistoryEntry(m_history.current() - 1); }
    bool stepForward() { return showHistoryEntry(m_history.current() + 1); }
    // Combines the shown history entry with the one before it, as a new entry
    // (on a worker thread: historyChanged and resultsReplaced follow). False
    // when there is nothing to combine.
    bool combineWithPrevious(Combine how);
    bool isCombining() const { return m_combining; }
    // The shown result's match records (the last search's, or an earlier or
    // combined result's), and one game's (nullptr when it did not match).
    std::shared_ptr<const MatchRecords> matchRecords() const;
    const MatchRecord *record(int game) const;

    // Shows game `game` of the list (loaded off the GUI thread) at its first
    // match, or at the start when it did not match.
    void selectGame(int game);
    const LoadedGame &loadedGame() const { return m_loaded; }
    game::NodeId currentNode() const { return m_node; }
    void showNode(game::NodeId node);
    // The next (+1) or previous (-1) match in the notation's order, wrapping round.
    void goToMatch(int direction);
    // The shown game's matched positions, in the notation's order.
    const std::vector<cql::PositionMark> &marks() const { return m_loaded.marks; }
    // 1-based number of the match at the shown position, 0 when it did not match.
    int matchNumber() const;
    // The squares that made the shown position match.
    chess::SquareSet markedSquares() const;

signals:
    void databasesChanged();
    void diagnosticsChanged(const wb::EditorDiagnostics &diagnostics);
    void searchStarted(int total);
    void searchProgress(int searched, int total, int matchedGames, double seconds);
    void gameProblem(const QString &message);
    void searchFinished(const wb::SearchSummary &summary);
    void matchedCountsChanged(const std::vector<int> &perDatabase);
    // An entry was added to the history or another one is shown.
    void historyChanged();
    // The list shows a result that did not stream in (an earlier or combined one).
    void resultsReplaced();
    // A game was loaded (its matched nodes for the notation); positionShown follows.
    void gameShown(const wb::LoadedGame &game);
    // "Game 12: ..." when a game cannot be read or evaluated.
    void loadProblem(const QString &message);
    // The shown game's node to draw, and which match it is (0: none).
    void positionShown(game::NodeId node, int matchNumber);

private:
    void countMatches(const QList<GameHit> &hits);
    void searchDone(const wb::SearchSummary &summary);
    void showEntry(const ResultEntry &entry);
    void startCombine(ResultEntry previous, ResultEntry next, Combine how);
    void gameLoaded(const LoadedGame &loaded);

    SearchController *m_search;
    GameListModel *m_games;
    GameLoader *m_loader;
    QList<GameSourcePtr> m_databases;
    std::vector<int> m_offsets; // first list number of each database
    GameSourcePtr m_listSource;
    std::vector<int> m_matchedPerDatabase;
    QString m_playerBase;
    std::optional<engine::Settings> m_engine;
    EditorDiagnostics m_diagnostics;
    QueryPtr m_query; // of the last search; marks of loaded games come from it
    LoadedGame m_loaded;
    game::NodeId m_node = game::NoNode;

    bool m_within = false;
    Combine m_combine = Combine::Replace;
    ResultHistory m_history;
    quint64 m_combineJob = 0; // a newer search, list or shown entry makes a running combination stale
    bool m_combining = false;
    QString m_runLabel;                            // of the running search, for its history entry
    std::shared_ptr<const MatchRecords> m_records; // of a history entry shown; nullptr: the last search's
};

} // namespace wb
