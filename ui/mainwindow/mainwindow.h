// The workbench window: query editor in the centre, board, notation, game
// list, problems and search log in docks; menus, toolbar and status bar.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"
#include "gamelist/gamesource.h"
#include "search/matchwriter.h"
#include "search/searchsession.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <vector>

class QActionGroup;
class QDockWidget;
class QMenu;
class QLabel;
class QProgressBar;
class QTableView;
class QTimer;
class QTreeView;

namespace wb {

class BoardPanel;
class StatisticsBuilder;
class StatisticsPane;
class TreeBuilder;
class TreePane;
class BoardWidget;
class CqlEditor;
class DatabaseList;
class DatabaseOpener;
class StoreLoader;
class EnginePane;
class HelpBrowser;
struct AppSettings;
class GameListModel;
class NotationView;
class ProblemsModel;
class QuickFilterBar;
class RecentFiles;
class SearchLog;
class TransformExplorer;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens files, sets the query text, runs, takes the screenshot, as asked.
    void applyCommandLine(const CommandLine &commandLine);

    bool openQueryFile(const QString &path);
    // Adds a database to the open ones (all of them are listed and searched).
    void openDatabase(const QString &path);
    void closeDatabase(int index);
    QList<GameSourcePtr> databases() const { return m_session->databases(); }
    // What the game list shows and Run searches: the one database, or all of them combined.
    GameSourcePtr listSource() const { return m_session->listSource(); }
    void setQueryText(const QString &text);
    // Writes the last search's matching games to path on a worker thread (what
    // Save Matching Games does after its dialog). False when there is nothing
    // to save or path is one of the open databases (refused with a message).
    bool saveMatchingGamesTo(const QString &path);
    // Writes the last search's matched positions as an HTML report on a worker
    // thread (what Export Matches as HTML Report does after its dialog);
    // htmlReportWritten follows. False when there is nothing to write.
    bool exportHtmlReportTo(const QString &path);
    // The clipboard's games as a database or its FEN on the board (Paste Game or Position).
    void pasteGameOrPosition();
    void copyGamePgn();
    // Loading, searching or loading a game: the window is still changing.
    bool isBusy() const;

    CqlEditor *editor() const { return m_editor; }
    BoardWidget *board() const;
    BoardPanel *boardPanel() const { return m_boardPanel; }
    GameListModel *gameListModel() const { return m_session->games(); }
    ProblemsModel *problemsModel() const { return m_problems; }
    SearchSession *session() const { return m_session; }
    SearchController *searchController() const { return m_session->controller(); }
    QTableView *gameTable() const { return m_gameTable; }
    DatabaseList *databaseList() const { return m_databaseList; }
    QLabel *helpLine() const { return m_helpLabel; }
    NotationView *notation() const { return m_notation; }
    TransformExplorer *transformExplorer() const { return m_explorer; }
    QDockWidget *transformExplorerDock() const { return m_explorerDock; }
    StatisticsPane *statisticsPane() const { return m_statisticsPane; }
    StatisticsBuilder *statistics() const { return m_statistics; }
    TreePane *treePane() const { return m_treePane; }
    TreeBuilder *tree() const { return m_tree; }
    QDockWidget *statisticsDock() const { return m_statisticsDock; }
    QuickFilterBar *quickFilter() const { return m_quickFilter; }
    EnginePane *enginePane() const { return m_enginePane; }
    QDockWidget *engineDock() const { return m_engineDock; }
    // The help window (made and shown on first use).
    HelpBrowser *helpBrowser();
    QString queryFile() const { return m_queryFile; }
    // The player base queries are compiled with (Query > Player Base; "" = none).
    QString playerBasePath() const { return m_playerBasePath; }

signals:
    void htmlReportWritten(const wb::SaveSummary &summary);

public slots:
    void runQuery();
    void cancelSearch();
    bool checkQuery();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // mainwindow.cpp
    void createWidgets();
    void createDocks();
    void readSettings();
    void writeSettings();
    QDockWidget *addDock(QWidget *widget, const QString &title, const QString &objectName, Qt::DockWidgetArea area);
    // A dock made after the menus: its toggle joins the View menu's panes.
    void addToViewMenu(QDockWidget *dock);
    // A pane tabbed with the notation and listed in the View menu (after createMenus).
    QDockWidget *addNotationTab(QWidget *widget, const QString &title, const QString &objectName);

    // mainwindow_actions.cpp
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void refreshIcons();
    void updateActions();
    void rebuildExamplesMenu();
    void rebuildDatabaseMenu();
    void showAbout();

    // mainwindow_files.cpp
    void newQuery();
    void openQueryDialog();
    void openDatabaseDialog();
    bool saveQuery();
    bool saveQueryAs();
    bool writeQuery(const QString &path);
    bool maybeSaveQuery();
    void saveMatchingGames();
    void matchingGamesSaved(const SaveSummary &summary);
    void updateTitle();
    void databaseOpened(const QString &path, GameSourcePtr source, double seconds);
    void setDatabases(const QList<GameSourcePtr> &databases);
    void databasesChanged();
    void closeCurrentDatabase();
    void closeAllDatabases();
    void showDatabase(int index);
    void scheduleScreenshot(const QString &path);

    // mainwindow_convert.cpp
    void createConvertAction();
    void convertQueryToCql6();
    // Replaces the editor's text by CQL 6 `text` as one undo step (a .cqls
    // file is left for a new query); false when the user cancelled.
    bool writeCql6Query(const QString &text);
    void dialectChanged(bool cqls);

    // mainwindow_explorer.cpp: the transform explorer dock and picture export
    void createExplorerDock();
    void exploreAtCursor();
    void exploreText(const QString &text);   // the explorer shown, the cursor on the first `text` of the query
    void showMatchedImages(int matchNumber); // 1-based, 0 when the shown position did not match
    void showExplorerImages(const QList<int> &rows);
    void saveBoardPicture();

    // mainwindow_results.cpp: the clipboard and the HTML report
    void createResultActions();
    void addResultActions(QMenu *file, QMenu *game, QAction *saveMatching);
    void updateResultActions(bool haveGame, bool haveMatches);
    void copyBoardImage();
    void exportHtmlReport();

    // mainwindow_statistics.cpp: the statistics of the matches
    void createStatisticsDock();
    void createTreeDock();
    // Where a click in the Tree dock leads: a game, from its match `match`
    // (-1: its start), `plies` moves along its main continuation.
    struct TreeTarget {
        int game = -1;
        int match = -1;
        int plies = 0;
    };
    void openTreeTarget(TreeTarget target);
    void followTreeTarget();
    void showDockNamed(const QString &name); // --show-dock
    void startStatistics();                  // for the results about to be shown

    // mainwindow_refine.cpp: the quick filter, search within, combine, history
    void createRefine();
    void applyQuickFilterText(const QString &fields); // --filter

    // mainwindow_playerbase.cpp
    void createPlayerBaseActions();
    void setPlayerBase(const QString &path, bool chosen);

    // mainwindow_engine.cpp: the engine pane and Edit > Settings
    void createEngineDock();
    void editSettings();
    void applySettings(const AppSettings &settings);

    // mainwindow_store.cpp: each open database's game store, loaded or built in the background
    void connectStoreLoader();
    void queueStores();   // for the open databases that have none yet
    void startAnalysis(); // the engine pane shown and on
    // For a screenshot: the engine pane is on and not yet at depth 18.
    bool analysisWarmingUp() const;
    QMenu *menuHolding(QAction *action) const; // the menu bar's menu that holds action

    // mainwindow_help.cpp
    void createHelpActions();
    void showHelpAtCursor();

    // mainwindow_search.cpp
    void connectSession();
    CompiledQuery compileEditorText();
    void showDiagnostics(const EditorDiagnostics &diagnostics);
    void searchStarted(int total);
    void searchProgress(int searched, int total, int matched, double seconds);
    void searchFinished(const SearchSummary &summary);
    void currentGameChanged();
    void gameShown(const LoadedGame &loaded);
    void positionShown(game::NodeId node, int matchNumber);
    void updateMatchInfo(int matchNumber); // 1-based, 0 when the shown position did not match
    void selectFirstMatch();

    // Widgets
    CqlEditor *m_editor = nullptr;
    BoardPanel *m_boardPanel = nullptr;
    NotationView *m_notation = nullptr;
    QTableView *m_gameTable = nullptr;
    QTreeView *m_problemsView = nullptr;
    SearchLog *m_log = nullptr;
    DatabaseList *m_databaseList = nullptr;
    QDockWidget *m_databasesDock = nullptr;
    QDockWidget *m_boardDock = nullptr;
    QDockWidget *m_notationDock = nullptr;
    QList<QDockWidget *> m_notationTabs; // the panes addNotationTab made
    QDockWidget *m_gamesDock = nullptr;
    QDockWidget *m_problemsDock = nullptr;
    QDockWidget *m_logDock = nullptr;
    TransformExplorer *m_explorer = nullptr;
    QDockWidget *m_explorerDock = nullptr;
    EnginePane *m_enginePane = nullptr;
    QDockWidget *m_engineDock = nullptr;
    QPointer<HelpBrowser> m_help;
    QTimer *m_exploreTimer = nullptr;
    StatisticsBuilder *m_statistics = nullptr;
    StatisticsPane *m_statisticsPane = nullptr;
    QDockWidget *m_treeDock = nullptr;
    TreeBuilder *m_tree = nullptr;
    TreePane *m_treePane = nullptr;
    TreeTarget m_treeTarget;
    QDockWidget *m_statisticsDock = nullptr;
    QuickFilterBar *m_quickFilter = nullptr;
    QLabel *m_databaseLabel = nullptr;
    QLabel *m_helpLabel = nullptr;
    QLabel *m_cursorLabel = nullptr;
    QLabel *m_dialectLabel = nullptr;
    QProgressBar *m_progress = nullptr;

    // Models and workers
    SearchSession *m_session = nullptr;
    ProblemsModel *m_problems = nullptr;
    MatchWriter *m_writer = nullptr;
    struct ResultActions {
        QAction *copyPgn = nullptr, *copyBoard = nullptr, *paste = nullptr, *exportHtml = nullptr;
    } m_results;
    bool m_reportRunning = false;
    DatabaseOpener *m_opener = nullptr;
    StoreLoader *m_stores = nullptr;
    QProgressBar *m_storeProgress = nullptr; // while a store is built
    bool m_useStore = true;
    QTimer *m_checkTimer = nullptr;

    // State
    QString m_queryFile;
    // Databases open in the order asked for, whichever finished loading first.
    QHash<QString, qint64> m_openSequence;
    qint64 m_nextOpenSequence = 0;
    QString m_playerBasePath; // Query > Player Base ("" = none): given to every compile
    bool m_runWhenLoaded = false;
    bool m_selectFirstMatch = false;
    bool m_selectFirstAfterSort = false; // a search ended while its list was being sorted

    // Actions
    struct {
        QAction *newQuery, *openDatabase, *openQuery, *saveQuery, *saveQueryAs, *saveMatching, *quit;
        QAction *undo, *redo, *cut, *copy, *paste, *selectAll, *toggleComment, *goToLine, *toUnicode, *toAscii, *toCql6;
        QAction *run, *cancel, *check, *playerBase, *noPlayerBase;
        QAction *closeDatabase, *closeAllDatabases;
        QAction *flipBoard, *coordinates, *matchesOnly;
        QAction *firstMove, *previousMove, *nextMove, *lastMove, *previousMatch, *nextMatch;
        QAction *about, *aboutQt;
        QAction *settings, *languageReference, *workbenchManual;
    } m_act{};
    QMenu *m_recentDatabasesMenu = nullptr;
    QMenu *m_recentQueriesMenu = nullptr;
    QMenu *m_examplesMenu = nullptr;
    QMenu *m_databaseMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    RecentFiles *m_recentDatabases = nullptr;
    RecentFiles *m_recentQueries = nullptr;
};

} // namespace wb
