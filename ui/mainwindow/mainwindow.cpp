// Window construction, dock layout, settings and window events.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "databaselist.h"

#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "database/databaseopener.h"
#include "database/storeloader.h"
#include "editor/cqleditor.h"
#include "gamelist/gamelistmodel.h"
#include "gamelist/quickfilterbar.h"
#include "notation/notationview.h"
#include "problems/problemsmodel.h"
#include "recentfiles.h"
#include "search/searchlog.h"
#include "statistics/statisticsbuilder.h"
#include "tree/treebuilder.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QLocale>
#include <QMenu>
#include <QMimeData>
#include <QScreen>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

namespace wb {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    m_session = new SearchSession(this);
    m_problems = new ProblemsModel(this);
    m_writer = new MatchWriter(this);
    m_opener = new DatabaseOpener(this);
    m_stores = new StoreLoader(this);
    m_checkTimer = new QTimer(this);
    m_checkTimer->setSingleShot(true);
    m_checkTimer->setInterval(600);

    createWidgets();
    createDocks();
    createActions();
    createResultActions();
    createMenus();
    createToolBar();
    createStatusBar();
    createExplorerDock();
    createStatisticsDock();
    createTreeDock();
    createRefine();
    createEngineDock();
    createHelpActions();
    refreshIcons();

    connectSession();
    connect(m_writer, &MatchWriter::progress, this, [this](int done, int total) {
        m_progress->show();
        m_progress->setFormat(tr("Saving %p%"));
        m_progress->setValue(total ? int(qint64(done) * 1000 / total) : 0);
        statusBar()->showMessage(
            tr("Saving matching games… %1 of %2").arg(QLocale().toString(done), QLocale().toString(total)));
    });
    connect(m_writer, &MatchWriter::finished, this, &MainWindow::matchingGamesSaved);
    connect(m_session->games(), &GameListModel::sortingChanged, this, [this](bool sorting) {
        if (sorting) {
            statusBar()->showMessage(tr("Sorting…"));
            return;
        }
        if (statusBar()->currentMessage() == tr("Sorting…")) statusBar()->clearMessage();
        if (m_selectFirstAfterSort) {
            m_selectFirstAfterSort = false;
            selectFirstMatch();
        }
    });
    connect(m_opener, &DatabaseOpener::opened, this, &MainWindow::databaseOpened);
    connectStoreLoader();
    connect(m_opener, &DatabaseOpener::failed, this, [this](const QString &path, const QString &message) {
        m_log->addMessage(tr("Cannot open %1: %2").arg(path, message), SearchLog::Error);
        m_recentDatabases->remove(path);
        m_progress->hide();
        queueStores();
        statusBar()->showMessage(tr("Cannot open %1").arg(path), 5000);
        updateActions();
    });
    connect(m_opener, &DatabaseOpener::progress, this, [this](const QString &path, double f) {
        m_progress->show();
        m_progress->setFormat(tr("Opening %p%"));
        m_progress->setValue(int(f * 1000));
        statusBar()->showMessage(tr("Opening %1…").arg(path));
    });
    // Live syntax check while typing; the search itself only runs on request.
    connect(m_checkTimer, &QTimer::timeout, this, [this] { compileEditorText(); });
    connect(m_editor->document(), &QTextDocument::contentsChanged, this, [this] {
        m_checkTimer->start();
        updateActions();
    });
    connect(m_editor->document(), &QTextDocument::modificationChanged, this, &MainWindow::updateTitle);

    readSettings();
    updateTitle();
    updateActions();
}

MainWindow::~MainWindow()
{
    m_session->cancel();
    m_session->controller()->wait();
}

BoardWidget *MainWindow::board() const { return m_boardPanel->board(); }

void MainWindow::createWidgets()
{
    m_editor = new CqlEditor(this);
    m_editor->setObjectName(QStringLiteral("QueryEditor"));
    m_editor->setPlaceholderText(tr("Write a CQL query here, e.g.  cql() mate  — then press F5 to search."));
    setCentralWidget(m_editor);

    m_boardPanel = new BoardPanel(this);
    connect(m_boardPanel, &BoardPanel::insertRequested, this, [this](const QString &text) {
        m_editor->insertPlainText(text);
        m_editor->setFocus();
    });
    connect(m_boardPanel, &BoardPanel::queryRequested, this, [this](const QString &text, bool run) {
        if (!writeCql6Query(text)) return;
        m_editor->setFocus();
        if (run) runQuery();
    });

    m_notation = new NotationView(this);

    m_gameTable = new QTableView(this);
    m_gameTable->setObjectName(QStringLiteral("GameList"));
    m_gameTable->setModel(m_session->games());
    m_gameTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_gameTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_gameTable->setSortingEnabled(true);
    m_gameTable->sortByColumn(-1, Qt::AscendingOrder);
    m_gameTable->setAlternatingRowColors(true);
    m_gameTable->setWordWrap(false);
    m_gameTable->setShowGrid(false);
    m_gameTable->verticalHeader()->hide();
    // Fixed row heights: the view then never measures 400k rows.
    m_gameTable->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_gameTable->verticalHeader()->setDefaultSectionSize(m_gameTable->fontMetrics().height() + 6);
    m_gameTable->horizontalHeader()->setHighlightSections(false);
    m_gameTable->horizontalHeader()->setStretchLastSection(true);
    const int cw = m_gameTable->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    const int widths[] = {6, 18, 18, 7, 20, 10, 5, 5, 5, 5, 7, 9, 16, 11};
    static_assert(std::size(widths) == GameListModel::ColumnCount);
    for (int c = 0; c < GameListModel::ColumnCount; ++c)
        m_gameTable->setColumnWidth(c, widths[c] * cw + 12);
    // Search results first, where they are seen without scrolling; the sort
    // value is shown once a search produced one.
    m_gameTable->horizontalHeader()->moveSection(GameListModel::Matches, 1);
    m_gameTable->horizontalHeader()->moveSection(GameListModel::SortValue, 2);
    m_gameTable->setColumnHidden(GameListModel::SortValue, true);
    // Which file a game is from matters once several are open; then it comes right after the number.
    m_gameTable->horizontalHeader()->moveSection(GameListModel::Database, 1);
    m_gameTable->setColumnHidden(GameListModel::Database, true);
    // The rules beside the result: both say how the game is to be read.
    QHeaderView *header = m_gameTable->horizontalHeader();
    header->moveSection(header->visualIndex(GameListModel::Variant), header->visualIndex(GameListModel::Result) + 1);

    m_problemsView = new QTreeView(this);
    m_problemsView->setObjectName(QStringLiteral("Problems"));
    m_problemsView->setModel(m_problems);
    m_problemsView->setRootIsDecorated(false);
    m_problemsView->setAlternatingRowColors(true);
    m_problemsView->setUniformRowHeights(true);
    m_problemsView->header()->setStretchLastSection(true);
    m_problemsView->setColumnWidth(ProblemsModel::Severity, 110);
    m_problemsView->setColumnWidth(ProblemsModel::Location, 160);
    connect(m_problemsView, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const EditorDiagnostic d = m_problems->diagnostic(index.row());
        m_editor->goToLine(d.line, d.column);
    });

    m_log = new SearchLog(this);

    m_databaseList = new DatabaseList(this);
    connect(m_databaseList, &DatabaseList::databaseActivated, this, &MainWindow::showDatabase);
    connect(m_databaseList, &DatabaseList::closeRequested, this, &MainWindow::closeDatabase);
}

QDockWidget *MainWindow::addDock(QWidget *widget, const QString &title, const QString &objectName,
                                 Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(widget);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                      | QDockWidget::DockWidgetFloatable);
    addDockWidget(area, dock);
    return dock;
}

QDockWidget *MainWindow::addNotationTab(QWidget *widget, const QString &title, const QString &objectName)
{
    QDockWidget *dock = addDock(widget, title, objectName, Qt::RightDockWidgetArea);
    tabifyDockWidget(m_notationDock, dock);
    m_notationDock->raise();
    addToViewMenu(dock);
    m_notationTabs.push_back(dock);
    return dock;
}

void MainWindow::addToViewMenu(QDockWidget *dock)
{
    // With the other panes, before the menu's first separator.
    QAction *before = nullptr;
    for (QAction *a : m_viewMenu->actions())
        if (a->isSeparator()) {
            before = a;
            break;
        }
    m_viewMenu->insertAction(before, dock->toggleViewAction());
}

void MainWindow::createDocks()
{
    m_boardDock = addDock(m_boardPanel, tr("Board"), QStringLiteral("BoardDock"), Qt::RightDockWidgetArea);
    m_notationDock = addDock(m_notation, tr("Notation"), QStringLiteral("NotationDock"), Qt::RightDockWidgetArea);
    m_gamesDock = addDock(m_gameTable, tr("Games"), QStringLiteral("GamesDock"), Qt::BottomDockWidgetArea);
    m_problemsDock = addDock(m_problemsView, tr("Problems"), QStringLiteral("ProblemsDock"), Qt::BottomDockWidgetArea);
    m_logDock = addDock(m_log, tr("Search Log"), QStringLiteral("LogDock"), Qt::BottomDockWidgetArea);
    m_databasesDock =
        addDock(m_databaseList, tr("Databases"), QStringLiteral("DatabasesDock"), Qt::BottomDockWidgetArea);
    splitDockWidget(m_boardDock, m_notationDock, Qt::Vertical);
    tabifyDockWidget(m_gamesDock, m_problemsDock);
    tabifyDockWidget(m_gamesDock, m_databasesDock);
    tabifyDockWidget(m_problemsDock, m_logDock);
    m_gamesDock->raise();
}

void MainWindow::readSettings()
{
    QSettings s;
    const QByteArray geometry = s.value(QStringLiteral("window/geometry")).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry)) {
        // First start: most of the screen, a large board on the right with the
        // notation under it, the game list under the editor.
        const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1600, 1000);
        const QSize size(qMin(1600, avail.width() * 92 / 100), qMin(1000, avail.height() * 92 / 100));
        resize(size);
        move(avail.center() - QPoint(size.width() / 2, size.height() / 2));
        const int right = size.width() * 37 / 100;
        resizeDocks({m_boardDock}, {right}, Qt::Horizontal);
        resizeDocks({m_boardDock, m_notationDock}, {right + 40, size.height() - right - 120}, Qt::Vertical);
        resizeDocks({m_gamesDock}, {size.height() * 42 / 100}, Qt::Vertical);
    }
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    // A layout saved before a pane existed leaves that pane where it was made,
    // beside the others instead of tabbed with them: it joins the notation's tabs.
    const QStringList known = s.value(QStringLiteral("window/docks")).toStringList();
    if (s.contains(QStringLiteral("window/state")))
        for (QDockWidget *dock : std::as_const(m_notationTabs))
            if (!known.contains(dock->objectName())) tabifyDockWidget(m_notationDock, dock);
    board()->setFlipped(s.value(QStringLiteral("board/flipped"), false).toBool());
    board()->setShowCoordinates(s.value(QStringLiteral("board/coordinates"), true).toBool());
    m_act.flipBoard->setChecked(board()->isFlipped());
    m_act.coordinates->setChecked(board()->showCoordinates());
}

void MainWindow::writeSettings()
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    QStringList docks;
    for (const QDockWidget *dock : findChildren<QDockWidget *>())
        docks << dock->objectName();
    s.setValue(QStringLiteral("window/docks"), docks);
    s.setValue(QStringLiteral("board/flipped"), board()->isFlipped());
    s.setValue(QStringLiteral("board/coordinates"), board()->showCoordinates());
}

bool MainWindow::isBusy() const
{
    return m_opener->pending() > 0 || m_session->isBusy() || m_statistics->isBusy() || m_tree->isBusy()
        || m_writer->isRunning() || m_runWhenLoaded || (m_quickFilter && m_quickFilter->isFiltering());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSaveQuery()) {
        event->ignore();
        return;
    }
    m_session->cancel();
    m_opener->cancelAll();
    m_stores->cancelAll();
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!event->mimeData()->hasUrls()) return;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile()
            && (CommandLine::isQueryFile(url.toLocalFile()) || CommandLine::isDatabaseFile(url.toLocalFile()))) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls()) {
        if (!url.isLocalFile()) continue;
        const QString path = url.toLocalFile();
        if (CommandLine::isQueryFile(path)) {
            if (maybeSaveQuery()) openQueryFile(path);
        } else if (CommandLine::isDatabaseFile(path)) {
            openDatabase(path);
        }
    }
    event->acceptProposedAction();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) refreshIcons();
}

} // namespace wb
