// The one search the window shows: the open databases and the numbered list
// over them, the query of the last search and its results, the game shown and
// the position in it with its marks. Widgets are told by its signals what to
// show; the window only connects them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gameloader.h"
#include "gamelist/gamesource.h"
#include "querycompiler.h"
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
    // A game was loaded (its matched nodes for the notation); positionShown follows.
    void gameShown(const wb::LoadedGame &game);
    // "Game 12: ..." when a game cannot be read or evaluated.
    void loadProblem(const QString &message);
    // The shown game's node to draw, and which match it is (0: none).
    void positionShown(game::NodeId node, int matchNumber);

private:
    void countMatches(const QList<GameHit> &hits);
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
};

} // namespace wb
