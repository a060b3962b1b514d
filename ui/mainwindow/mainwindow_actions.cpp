// Actions, menus, the toolbar and the status bar of the main window.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "appearance.h"
#include "examples.h"
#include "icons.h"
#include "language.h"
#include "recentfiles.h"

#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "editor/cqleditor.h"
#include "gamelist/gamelistmodel.h"
#include "notation/notationview.h"
#include "problems/problemsmodel.h"

#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

namespace wb {

namespace {

QAction *makeAction(QObject *parent, const QString &text, const QKeySequence &shortcut = {}, const QString &tip = {})
{
    auto *a = new QAction(text, parent);
    if (!shortcut.isEmpty()) a->setShortcut(shortcut);
    if (!tip.isEmpty()) a->setStatusTip(tip);
    return a;
}

} // namespace

void MainWindow::createActions()
{
    auto &a = m_act;
    a.newQuery = makeAction(this, tr("&New Query"), QKeySequence::New, tr("Start an empty query"));
    a.openDatabase =
        makeAction(this, tr("Open &Database…"), QKeySequence::Open, tr("Open a PGN file (.pgn, .pgn.gz, .pgn.zst)"));
    a.openQuery = makeAction(this, tr("Open &Query…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                             tr("Open a CQL query file"));
    a.saveQuery = makeAction(this, tr("&Save Query"), QKeySequence::Save, tr("Save the query"));
    a.saveQueryAs =
        makeAction(this, tr("Save Query &As…"), QKeySequence::SaveAs, tr("Save the query under a new name"));
    a.saveMatching = makeAction(this, tr("Save &Matching Games As…"), {},
                                tr("Write the games the last search matched to a PGN file"));
    a.quit = makeAction(this, tr("&Quit"), QKeySequence::Quit);
    connect(a.newQuery, &QAction::triggered, this, &MainWindow::newQuery);
    connect(a.openDatabase, &QAction::triggered, this, &MainWindow::openDatabaseDialog);
    connect(a.openQuery, &QAction::triggered, this, &MainWindow::openQueryDialog);
    connect(a.saveQuery, &QAction::triggered, this, &MainWindow::saveQuery);
    connect(a.saveQueryAs, &QAction::triggered, this, &MainWindow::saveQueryAs);
    connect(a.saveMatching, &QAction::triggered, this, &MainWindow::saveMatchingGames);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    a.quit->setMenuRole(QAction::QuitRole);

    a.undo = makeAction(this, tr("&Undo"), QKeySequence::Undo);
    a.redo = makeAction(this, tr("&Redo"), QKeySequence::Redo);
    a.cut = makeAction(this, tr("Cu&t"), QKeySequence::Cut);
    a.copy = makeAction(this, tr("&Copy"), QKeySequence::Copy);
    a.paste = makeAction(this, tr("&Paste"), QKeySequence::Paste);
    a.selectAll = makeAction(this, tr("Select &All"), QKeySequence::SelectAll);
    a.toggleComment = makeAction(this, tr("Toggle &Comment"), QKeySequence(Qt::CTRL | Qt::Key_Slash),
                                 tr("Comment or uncomment the selected lines with //"));
    a.goToLine = makeAction(this, tr("&Go to Line…"), QKeySequence(Qt::CTRL | Qt::Key_L));
    a.toUnicode = makeAction(this, tr("Convert to &Unicode"), QKeySequence(),
                             tr("Write the query with Unicode symbols (♔ → ∩ …)"));
    a.toAscii =
        makeAction(this, tr("Convert to &ASCII"), QKeySequence(), tr("Write the query with ASCII symbols only"));
    connect(a.toUnicode, &QAction::triggered, m_editor, [this] { m_editor->convertSpelling(true); });
    connect(a.toAscii, &QAction::triggered, m_editor, [this] { m_editor->convertSpelling(false); });
    createConvertAction();
    for (QAction *x : {a.undo, a.redo, a.cut, a.copy, a.paste, a.selectAll, a.toggleComment, a.goToLine})
        x->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    // Edit actions act on the editor; they live on the window so the menu shows them.
    for (QAction *x : {a.undo, a.redo, a.cut, a.copy, a.paste, a.selectAll, a.toggleComment, a.goToLine})
        m_editor->addAction(x);
    connect(a.undo, &QAction::triggered, m_editor, &QPlainTextEdit::undo);
    connect(a.redo, &QAction::triggered, m_editor, &QPlainTextEdit::redo);
    connect(a.cut, &QAction::triggered, m_editor, &QPlainTextEdit::cut);
    connect(a.copy, &QAction::triggered, m_editor, &QPlainTextEdit::copy);
    connect(a.paste, &QAction::triggered, m_editor, &QPlainTextEdit::paste);
    connect(a.selectAll, &QAction::triggered, m_editor, &QPlainTextEdit::selectAll);
    connect(a.toggleComment, &QAction::triggered, m_editor, &CqlEditor::toggleComment);
    connect(a.goToLine, &QAction::triggered, this, [this] {
        bool ok = false;
        const int line = QInputDialog::getInt(this, tr("Go to Line"), tr("Line:"), m_editor->currentLine(), 1,
                                              m_editor->document()->blockCount(), 1, &ok);
        if (ok) m_editor->goToLine(line);
    });
    a.undo->setEnabled(false);
    a.redo->setEnabled(false);
    a.cut->setEnabled(false);
    a.copy->setEnabled(false);
    connect(m_editor, &QPlainTextEdit::undoAvailable, a.undo, &QAction::setEnabled);
    connect(m_editor, &QPlainTextEdit::redoAvailable, a.redo, &QAction::setEnabled);
    connect(m_editor, &QPlainTextEdit::copyAvailable, a.cut, &QAction::setEnabled);
    connect(m_editor, &QPlainTextEdit::copyAvailable, a.copy, &QAction::setEnabled);

    a.run = makeAction(this, tr("&Run"), QKeySequence(Qt::Key_F5), tr("Search all open databases with the query"));
    a.run->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_Return)});
    a.cancel = makeAction(this, tr("&Cancel"), QKeySequence(Qt::SHIFT | Qt::Key_F5), tr("Stop the running search"));
    a.check =
        makeAction(this, tr("Check &Syntax"), QKeySequence(Qt::Key_F7), tr("Compile the query and list its problems"));
    a.run->setObjectName(QStringLiteral("RunAction"));
    connect(a.run, &QAction::triggered, this, &MainWindow::runQuery);
    connect(a.cancel, &QAction::triggered, this, &MainWindow::cancelSearch);
    connect(a.check, &QAction::triggered, this, &MainWindow::checkQuery);
    createPlayerBaseActions();

    a.closeDatabase = makeAction(this, tr("&Close Database"), QKeySequence(Qt::CTRL | Qt::Key_W),
                                 tr("Close the database of the selected game"));
    connect(a.closeDatabase, &QAction::triggered, this, &MainWindow::closeCurrentDatabase);
    a.closeAllDatabases = makeAction(this, tr("Close &All Databases"));
    connect(a.closeAllDatabases, &QAction::triggered, this, &MainWindow::closeAllDatabases);

    a.flipBoard = makeAction(this, tr("&Flip Board"), QKeySequence(Qt::CTRL | Qt::Key_F),
                             tr("View the board from the other side"));
    a.flipBoard->setCheckable(true);
    connect(a.flipBoard, &QAction::toggled, board(), &BoardWidget::setFlipped);
    connect(board(), &BoardWidget::flippedChanged, a.flipBoard, &QAction::setChecked);
    a.coordinates = makeAction(this, tr("Show &Coordinates"));
    a.coordinates->setCheckable(true);
    a.coordinates->setChecked(true);
    connect(a.coordinates, &QAction::toggled, board(), &BoardWidget::setShowCoordinates);
    a.matchesOnly = makeAction(this, tr("&Matching Games Only"), QKeySequence(Qt::CTRL | Qt::Key_M),
                               tr("List only the games the last search matched"));
    a.matchesOnly->setCheckable(true);
    connect(a.matchesOnly, &QAction::toggled, m_session->games(), &GameListModel::setMatchesOnly);

    a.firstMove = makeAction(this, tr("&First Position"), QKeySequence(Qt::ALT | Qt::Key_Home));
    a.previousMove = makeAction(this, tr("&Previous Move"), QKeySequence(Qt::ALT | Qt::Key_Left));
    a.nextMove = makeAction(this, tr("&Next Move"), QKeySequence(Qt::ALT | Qt::Key_Right));
    a.lastMove = makeAction(this, tr("&Last Position"), QKeySequence(Qt::ALT | Qt::Key_End));
    a.previousMatch = makeAction(this, tr("P&revious Matched Position"), QKeySequence(Qt::ALT | Qt::Key_Up));
    a.nextMatch = makeAction(this, tr("Ne&xt Matched Position"), QKeySequence(Qt::ALT | Qt::Key_Down));
    connect(a.firstMove, &QAction::triggered, m_notation, &NotationView::goFirst);
    connect(a.previousMove, &QAction::triggered, m_notation, &NotationView::goPrevious);
    connect(a.nextMove, &QAction::triggered, m_notation, &NotationView::goNext);
    connect(a.lastMove, &QAction::triggered, m_notation, &NotationView::goLast);
    a.previousMatch->setIconText(tr("Previous Match"));
    a.nextMatch->setIconText(tr("Next Match"));
    // The board strip's buttons show these; their tips name the shortcuts.
    const QList<QAction *> navigation = {a.firstMove, a.previousMove,  a.nextMove,
                                         a.lastMove,  a.previousMatch, a.nextMatch};
    for (QAction *x : navigation)
        x->setToolTip(QStringLiteral("%1 (%2)").arg(QString(x->text()).remove(QLatin1Char('&')),
                                                    x->shortcut().toString(QKeySequence::NativeText)));
    m_boardPanel->setNavigationActions(a.firstMove, a.previousMove, a.nextMove, a.lastMove, a.previousMatch,
                                       a.nextMatch);
    connect(a.previousMatch, &QAction::triggered, m_session, [this] { m_session->goToMatch(-1); });
    connect(a.nextMatch, &QAction::triggered, m_session, [this] { m_session->goToMatch(+1); });

    a.about = makeAction(this, tr("&About CQL Workbench"));
    a.aboutQt = makeAction(this, tr("About &Qt"));
    a.about->setMenuRole(QAction::AboutRole);
    a.aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(a.about, &QAction::triggered, this, &MainWindow::showAbout);
    connect(a.aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus()
{
    auto &a = m_act;
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(a.openDatabase);
    m_recentDatabasesMenu = file->addMenu(tr("Recent &Databases"));
    file->addSeparator();
    file->addAction(a.newQuery);
    file->addAction(a.openQuery);
    m_recentQueriesMenu = file->addMenu(tr("Recent Q&ueries"));
    file->addAction(a.saveQuery);
    file->addAction(a.saveQueryAs);
    file->addSeparator();
    file->addAction(a.saveMatching);
    QMenu *exportMenu = file; // the report goes with the saved matching games
    file->addSeparator();
    file->addAction(a.quit);
    m_recentDatabases = new RecentFiles(QStringLiteral("recent/databases"), m_recentDatabasesMenu, this);
    m_recentQueries = new RecentFiles(QStringLiteral("recent/queries"), m_recentQueriesMenu, this);
    connect(m_recentDatabases, &RecentFiles::fileChosen, this, &MainWindow::openDatabase);
    connect(m_recentQueries, &RecentFiles::fileChosen, this, [this](const QString &path) {
        if (maybeSaveQuery()) openQueryFile(path);
    });

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(a.undo);
    edit->addAction(a.redo);
    edit->addSeparator();
    edit->addAction(a.cut);
    edit->addAction(a.copy);
    edit->addAction(a.paste);
    edit->addAction(a.selectAll);
    edit->addSeparator();
    edit->addAction(a.toggleComment);
    edit->addAction(a.goToLine);
    edit->addSeparator();
    edit->addAction(a.toUnicode);
    edit->addAction(a.toAscii);
    edit->addAction(a.toCql6);

    QMenu *query = menuBar()->addMenu(tr("&Query"));
    query->addAction(a.run);
    query->addAction(a.cancel);
    query->addAction(a.check);
    query->addSeparator();
    query->addAction(a.playerBase);
    query->addAction(a.noPlayerBase);
    query->addSeparator();
    m_examplesMenu = query->addMenu(tr("&Examples"));
    rebuildExamplesMenu();

    m_databaseMenu = menuBar()->addMenu(tr("&Database"));
    rebuildDatabaseMenu();

    QMenu *gameMenu = menuBar()->addMenu(tr("&Game"));
    gameMenu->addAction(a.firstMove);
    gameMenu->addAction(a.previousMove);
    gameMenu->addAction(a.nextMove);
    gameMenu->addAction(a.lastMove);
    gameMenu->addSeparator();
    gameMenu->addAction(a.previousMatch);
    gameMenu->addAction(a.nextMatch);
    addResultActions(exportMenu, gameMenu, a.saveMatching);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *d : {m_boardDock, m_notationDock, m_gamesDock, m_databasesDock, m_problemsDock, m_logDock})
        m_viewMenu->addAction(d->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(a.flipBoard);
    m_viewMenu->addAction(a.coordinates);
    m_viewMenu->addAction(m_boardPanel->setupAction());
    m_viewMenu->addAction(m_boardPanel->copyFenAction());
    m_viewMenu->addAction(a.matchesOnly);
    m_viewMenu->addSeparator();

    QMenu *themeMenu = m_viewMenu->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const Theme current = themeFromString(QSettings().value(QStringLiteral("view/theme")).toString());
    const QList<QPair<Theme, QString>> themes = {
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto &[theme, label] : themes) {
        QAction *t = themeMenu->addAction(label);
        t->setCheckable(true);
        t->setChecked(theme == current);
        t->setProperty("cqlwbTheme", themeToString(theme)); // for the Settings dialog to check it
        themeGroup->addAction(t);
        connect(t, &QAction::triggered, this, [theme] {
            QSettings().setValue(QStringLiteral("view/theme"), themeToString(theme));
            applyTheme(theme);
        });
    }

    QMenu *langMenu = m_viewMenu->addMenu(tr("&Language"));
    auto *langGroup = new QActionGroup(this);
    const QString currentLang = QSettings().value(QLatin1String(LanguageSettingsKey)).toString();
    QList<QPair<QString, QString>> langs = {{QString(), tr("System Default")}};
    langs += availableLanguages();
    for (const auto &[code, name] : langs) {
        QAction *l = langMenu->addAction(name);
        l->setCheckable(true);
        l->setChecked(code == currentLang);
        l->setProperty("cqlwbLanguage", code);
        langGroup->addAction(l);
        connect(l, &QAction::triggered, this, [this, code] {
            QSettings().setValue(QLatin1String(LanguageSettingsKey), code);
            QMessageBox::information(this, tr("Language"),
                                     tr("The language changes when CQL Workbench is started again."));
        });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(a.about);
    help->addAction(a.aboutQt);
}

void MainWindow::createToolBar()
{
    QToolBar *tb = addToolBar(tr("Main Toolbar"));
    tb->setObjectName(QStringLiteral("MainToolbar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->setIconSize(QSize(20, 20));
    tb->addAction(m_act.openDatabase);
    tb->addSeparator();
    tb->addAction(m_act.newQuery);
    tb->addAction(m_act.openQuery);
    tb->addAction(m_act.saveQuery);
    tb->addSeparator();
    tb->addAction(m_act.run);
    tb->addAction(m_act.cancel);
    tb->addSeparator();
    tb->addAction(m_act.flipBoard);
    tb->addAction(m_act.matchesOnly);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tb->toggleViewAction());
}

void MainWindow::createStatusBar()
{
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_storeProgress = new QProgressBar(this);
    m_storeProgress->setObjectName(QStringLiteral("StoreProgress"));
    m_storeProgress->setRange(0, 1000);
    m_storeProgress->setMaximumWidth(180);
    m_storeProgress->setTextVisible(true);
    m_storeProgress->setFormat(tr("Game store %p%"));
    m_storeProgress->hide();
    m_databaseLabel = new QLabel(this);
    m_cursorLabel = new QLabel(this);
    m_dialectLabel = new QLabel(this);
    // The help line: the keyword at the cursor, or the completion being chosen.
    m_helpLabel = new QLabel(this);
    m_helpLabel->setObjectName(QStringLiteral("HelpLine"));
    m_helpLabel->setTextFormat(Qt::PlainText);
    m_helpLabel->setMinimumWidth(40);
    statusBar()->addWidget(m_helpLabel, 1);
    connect(m_editor, &CqlEditor::helpLineChanged, m_helpLabel, &QLabel::setText);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_storeProgress);
    statusBar()->addPermanentWidget(m_databaseLabel);
    statusBar()->addPermanentWidget(m_dialectLabel);
    connect(m_editor, &CqlEditor::dialectChanged, this, &MainWindow::dialectChanged);
    statusBar()->addPermanentWidget(m_cursorLabel);
    connect(m_editor, &CqlEditor::cursorLocationChanged, this,
            [this](int line, int column) { m_cursorLabel->setText(tr("Ln %1, Col %2").arg(line).arg(column)); });
    m_cursorLabel->setText(tr("Ln %1, Col %2").arg(1).arg(1));
    m_databaseLabel->setText(tr("No database"));
}

void MainWindow::refreshIcons()
{
    const QPalette pal = palette();
    m_act.openDatabase->setIcon(themedIcon(QStringLiteral("database"), pal));
    m_act.newQuery->setIcon(themedIcon(QStringLiteral("new"), pal));
    m_act.openQuery->setIcon(themedIcon(QStringLiteral("open"), pal));
    m_act.saveQuery->setIcon(themedIcon(QStringLiteral("save"), pal));
    m_act.run->setIcon(themedIcon(QStringLiteral("run"), pal));
    m_act.cancel->setIcon(themedIcon(QStringLiteral("stop"), pal));
    m_act.flipBoard->setIcon(themedIcon(QStringLiteral("flip"), pal));
    m_act.toggleComment->setIcon(themedIcon(QStringLiteral("comment"), pal));
    m_act.matchesOnly->setIcon(themedIcon(QStringLiteral("database"), pal));
    m_act.firstMove->setIcon(themedIcon(QStringLiteral("first"), pal));
    m_act.previousMove->setIcon(themedIcon(QStringLiteral("previous"), pal));
    m_act.nextMove->setIcon(themedIcon(QStringLiteral("next"), pal));
    m_act.lastMove->setIcon(themedIcon(QStringLiteral("last"), pal));
    m_act.previousMatch->setIcon(themedIcon(QStringLiteral("previous-match"), pal));
    m_act.nextMatch->setIcon(themedIcon(QStringLiteral("next-match"), pal));
}

void MainWindow::updateActions()
{
    const bool running = m_session->isRunning();
    const bool haveDb = m_session->listSource() != nullptr;
    // Run stays enabled while searching: running again restarts the search.
    // Disabled while the last check found errors (F7 or the check after typing shows them).
    m_act.run->setEnabled(haveDb && !m_editor->document()->isEmpty() && m_problems->errorCount() == 0);
    m_act.cancel->setEnabled(running);
    m_act.closeDatabase->setEnabled(haveDb && !running);
    m_act.closeAllDatabases->setEnabled(haveDb && !running);
    const auto records = m_session->matchRecords(); // the shown result's
    m_act.saveMatching->setEnabled(!running && !m_writer->isRunning() && records && !records->empty()
                                   && m_session->games()->matchedGames() > 0);
    const bool haveGame = m_session->loadedGame().game != nullptr;
    for (QAction *x : {m_act.firstMove, m_act.previousMove, m_act.nextMove, m_act.lastMove})
        x->setEnabled(haveGame);
    m_act.previousMatch->setEnabled(haveGame && !m_session->marks().empty());
    m_act.nextMatch->setEnabled(haveGame && !m_session->marks().empty());
    updateResultActions(haveGame, !running && records && !records->empty() && m_session->games()->matchedGames() > 0);
}

void MainWindow::rebuildExamplesMenu()
{
    m_examplesMenu->clear();
    const QStringList examples = exampleQueries();
    for (const QString &path : examples) {
        QAction *x = m_examplesMenu->addAction(exampleTitle(path));
        x->setStatusTip(path);
        connect(x, &QAction::triggered, this, [this, path] {
            if (!maybeSaveQuery()) return;
            // Examples open as untitled copies: saving must not write into the resources.
            if (openQueryFile(path)) {
                m_queryFile.clear();
                m_editor->document()->setModified(false);
                updateTitle();
            }
        });
    }
    m_examplesMenu->setEnabled(!examples.isEmpty());
}

void MainWindow::rebuildDatabaseMenu()
{
    m_databaseMenu->clear();
    const QLocale locale;
    // Every open database is listed and searched; choosing one shows its games.
    const QList<GameSourcePtr> &databases = m_session->databases();
    for (int i = 0; i < databases.size(); ++i) {
        const GameSourcePtr &src = databases[i];
        QAction *x = m_databaseMenu->addAction(tr("%1 — %Ln game(s)", nullptr, src->gameCount()).arg(src->name()));
        x->setStatusTip(src->path());
        connect(x, &QAction::triggered, this, [this, i] { showDatabase(i); });
    }
    if (databases.isEmpty()) {
        QAction *none = m_databaseMenu->addAction(tr("No open databases"));
        none->setEnabled(false);
    }
    m_databaseMenu->addSeparator();
    m_databaseMenu->addAction(m_act.openDatabase);
    m_databaseMenu->addAction(m_act.closeDatabase);
    m_databaseMenu->addAction(m_act.closeAllDatabases);
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About CQL Workbench"),
        tr("<h3>CQL Workbench %1</h3>"
           "<p>A workbench for the Chess Query Language: write queries, search PGN databases "
           "and study the positions they match.</p>"
           "<p>This program is free software: you can redistribute it and/or modify it under the "
           "terms of the GNU General Public License as published by the Free Software Foundation, "
           "either version 3 of the License, or (at your option) any later version "
           "(GPL-3.0-or-later).</p>"
           "<p>It is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; "
           "without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.</p>")
            .arg(QStringLiteral(CQLWB_VERSION)));
}

} // namespace wb
