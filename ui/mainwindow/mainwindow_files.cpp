// Query files, databases, saving matching games, the command line and the screenshot.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "recentfiles.h"

#include "databaselist.h"

#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "database/databaseopener.h"
#include "database/storeloader.h"
#include "editor/cqleditor.h"
#include "gamelist/gamelistmodel.h"
#include "help/helpbrowser.h"
#include "notation/notationview.h"
#include "search/searchlog.h"

#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QSaveFile>
#include <QScreen>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>

namespace wb {

void MainWindow::updateTitle()
{
    const QString name = m_queryFile.isEmpty() ? tr("Untitled query") : QFileInfo(m_queryFile).fileName();
    setWindowTitle(tr("%1[*] — CQL Workbench").arg(name));
    setWindowModified(m_editor->document()->isModified());
    m_editor->setFileName(m_queryFile);
    dialectChanged(m_editor->isCqls());
}

void MainWindow::setQueryText(const QString &text)
{
    m_editor->setPlainText(text);
    m_editor->document()->setModified(false);
    m_checkTimer->start();
    updateTitle();
}

void MainWindow::newQuery()
{
    if (!maybeSaveQuery()) return;
    m_queryFile.clear();
    setQueryText(QString());
    m_editor->clearDiagnostics();
}

bool MainWindow::openQueryFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        QMessageBox::warning(this, tr("Open Query"),
                             tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString()));
        m_recentQueries->remove(path);
        return false;
    }
    m_queryFile = path.startsWith(QLatin1Char(':')) ? path : QFileInfo(path).absoluteFilePath();
    setQueryText(QString::fromUtf8(f.readAll()));
    if (!path.startsWith(QLatin1Char(':'))) m_recentQueries->add(path);
    m_log->addMessage(tr("Opened query %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void MainWindow::openQueryDialog()
{
    if (!maybeSaveQuery()) return;
    const QString dir = m_queryFile.isEmpty() ? QString() : QFileInfo(m_queryFile).absolutePath();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Query"), dir, tr("CQL queries (*.cql *.cqls);;All files (*)"));
    if (!path.isEmpty()) openQueryFile(path);
}

bool MainWindow::writeQuery(const QString &path)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        QMessageBox::warning(this, tr("Save Query"),
                             tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), f.errorString()));
        return false;
    }
    f.write(m_editor->toPlainText().toUtf8());
    if (!f.commit()) {
        QMessageBox::warning(this, tr("Save Query"),
                             tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), f.errorString()));
        return false;
    }
    m_queryFile = QFileInfo(path).absoluteFilePath();
    m_editor->document()->setModified(false);
    m_recentQueries->add(path);
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 3000);
    return true;
}

bool MainWindow::saveQuery()
{
    if (m_queryFile.isEmpty() || m_queryFile.startsWith(QLatin1Char(':'))) return saveQueryAs();
    return writeQuery(m_queryFile);
}

bool MainWindow::saveQueryAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Query As"),
                                                m_queryFile.startsWith(QLatin1Char(':')) ? QString() : m_queryFile,
                                                tr("CQL queries (*.cql);;CQL-S queries (*.cqls)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1String(".cql");
    return writeQuery(path);
}

bool MainWindow::maybeSaveQuery()
{
    if (!m_editor->document()->isModified() || m_editor->document()->isEmpty()) return true;
    const auto answer =
        QMessageBox::warning(this, tr("Unsaved Query"), tr("The query has been modified. Save the changes?"),
                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return saveQuery();
    return answer == QMessageBox::Discard;
}

void MainWindow::openDatabaseDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open Database"), QString(), tr("PGN databases (*.pgn *.pgn.gz *.pgn.zst *.gz *.zst);;All files (*)"));
    for (const QString &p : paths)
        openDatabase(p);
}

void MainWindow::openDatabase(const QString &path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    const QList<GameSourcePtr> &databases = m_session->databases();
    for (int i = 0; i < databases.size(); ++i)
        if (databases[i]->path() == abs) {
            showDatabase(i);
            return;
        }
    if (m_openSequence.contains(abs)) return; // already being opened
    m_openSequence.insert(abs, m_nextOpenSequence++);
    m_log->addMessage(tr("Opening %1…").arg(QDir::toNativeSeparators(abs)));
    // The new file has the cores first; a build cut short is queued again once it is open.
    m_stores->cancelAll();
    m_progress->setValue(0);
    m_progress->show();
    m_opener->open(abs);
    updateActions();
}

void MainWindow::databaseOpened(const QString &path, GameSourcePtr source, double seconds)
{
    m_progress->hide();
    // Files open in parallel: keep them in the order they were asked for
    // (the command line's, the file dialog's), not the order they finished.
    const qint64 seq = m_openSequence.value(path, m_nextOpenSequence++);
    QList<GameSourcePtr> databases = m_session->databases();
    qsizetype at = 0;
    while (at < databases.size() && m_openSequence.value(databases[at]->path(), -1) < seq)
        ++at;
    databases.insert(at, source);
    m_recentDatabases->add(path);
    const QLocale locale;
    m_log->addMessage(tr("Opened %1: %2 games in %3 s")
                          .arg(QDir::toNativeSeparators(path), locale.toString(source->gameCount()),
                               locale.toString(seconds, 'f', 2)),
                      SearchLog::Success);
    statusBar()->showMessage(tr("Opened %1").arg(source->name()), 3000);
    setDatabases(databases);
    queueStores();
    if (m_runWhenLoaded && m_opener->pending() == 0) {
        m_runWhenLoaded = false;
        runQuery();
    }
}

void MainWindow::setDatabases(const QList<GameSourcePtr> &databases)
{
    if (m_session->isRunning()) statusBar()->showMessage(tr("Cancelling…"));
    // A database closed: its store build stops (the others' start again).
    bool closed = false;
    for (const GameSourcePtr &d : m_session->databases())
        closed = closed || !databases.contains(d);
    m_session->setDatabases(databases); // databasesChanged() follows
    if (closed) {
        m_stores->cancelAll();
        queueStores();
    }
}

void MainWindow::databasesChanged()
{
    const QList<GameSourcePtr> &databases = m_session->databases();
    const GameSourcePtr list = m_session->listSource();
    m_databaseList->setDatabases(databases);
    m_gameTable->setColumnHidden(GameListModel::Database, databases.size() < 2);
    m_notation->setGame(nullptr);
    board()->setPosition(chess::Position());
    board()->setLastMove(chess::Move::none());
    board()->setMarkedSquares({});
    m_boardPanel->setMatchInfo(QString());
    const QLocale locale;
    if (databases.size() == 1) {
        m_databaseLabel->setText(tr("%1 · %Ln game(s)", nullptr, list->gameCount()).arg(list->name()));
        m_databaseLabel->setToolTip(QDir::toNativeSeparators(list->path()));
    } else if (list) {
        m_databaseLabel->setText(tr("%n databases", nullptr, int(databases.size())) + QStringLiteral(" · ")
                                 + tr("%Ln game(s)", nullptr, list->gameCount()));
        QStringList lines;
        for (const GameSourcePtr &d : std::as_const(databases))
            lines << tr("%1 — %Ln game(s)", nullptr, d->gameCount()).arg(d->name());
        m_databaseLabel->setToolTip(lines.join(QLatin1Char('\n')));
    } else {
        m_databaseLabel->setText(tr("No database"));
        m_databaseLabel->setToolTip(QString());
    }
    m_databasesDock->setWindowTitle(databases.size() > 1 ? tr("Databases (%1)").arg(databases.size())
                                                         : tr("Databases"));
    rebuildDatabaseMenu();
    updateActions();
    if (list && list->gameCount() > 0) m_gameTable->selectRow(0);
}

void MainWindow::showDatabase(int index)
{
    const QList<GameSourcePtr> &databases = m_session->databases();
    if (index < 0 || index >= databases.size()) return;
    const GameListModel *games = m_session->games();
    const int first = m_session->firstGameOf(index);
    const int end = first + databases[index]->gameCount();
    // The first of its games the list shows (with "matching games only", its first match).
    int best = -1;
    for (int g = first; g < end; ++g) {
        const int row = games->rowOfGame(g);
        if (row >= 0 && (best < 0 || row < best)) best = row;
    }
    if (best < 0) {
        statusBar()->showMessage(tr("No game of %1 is listed.").arg(databases[index]->name()), 4000);
        return;
    }
    m_gameTable->selectRow(best);
    m_gameTable->scrollTo(games->index(best, 0), QAbstractItemView::PositionAtTop);
    m_gamesDock->raise();
}

void MainWindow::closeDatabase(int index)
{
    QList<GameSourcePtr> databases = m_session->databases();
    if (index < 0 || index >= databases.size()) return;
    m_openSequence.remove(databases[index]->path());
    databases.removeAt(index);
    setDatabases(databases);
}

void MainWindow::closeCurrentDatabase()
{
    // The database of the selected game; with one open, that one.
    const QModelIndex current = m_gameTable->currentIndex();
    int index = current.isValid() ? m_session->databaseOfGame(m_session->games()->gameIndex(current.row())) : -1;
    if (index < 0 && m_databaseList->currentItem())
        index = m_databaseList->indexOfTopLevelItem(m_databaseList->currentItem());
    if (index < 0 && m_session->databases().size() == 1) index = 0;
    closeDatabase(index);
}

void MainWindow::closeAllDatabases()
{
    m_openSequence.clear();
    setDatabases({});
}

void MainWindow::saveMatchingGames()
{
    const SearchController *search = m_session->controller();
    const std::shared_ptr<const MatchRecords> records = m_session->matchRecords();
    if (!search->source() || !records || records->empty() || search->isRunning() || m_writer->isRunning()) return;
    QString path = QFileDialog::getSaveFileName(this, tr("Save Matching Games As"), QString(), tr("PGN files (*.pgn)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1String(".pgn");
    saveMatchingGamesTo(path);
}

bool MainWindow::saveMatchingGamesTo(const QString &path)
{
    const SearchController *search = m_session->controller();
    const std::shared_ptr<const MatchRecords> records = m_session->matchRecords(); // the shown result's
    const GameSourcePtr src = search->source();
    if (!src || !records || records->empty() || search->isRunning() || m_writer->isRunning()) return false;
    // The file dialog only asks whether to replace a file; an open database
    // (or one the matches come from, closed since) would lose its games.
    QStringList databases = sourceFiles(*src);
    for (const GameSourcePtr &d : m_session->databases())
        databases << d->path();
    const QString refused = overwrittenDatabaseError(path, databases);
    if (!refused.isEmpty()) {
        m_log->addMessage(tr("Saving matching games failed: %1").arg(refused), SearchLog::Error);
        QMessageBox::warning(this, tr("Save Matching Games"), refused);
        return false;
    }
    // As cqlwb-cli writes them, in file order, with "Game number N" and the
    // match comments; on a worker thread, so a large result does not freeze the window.
    m_writer->start(path, src, records);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Saving %p%"));
    m_progress->show();
    statusBar()->showMessage(tr("Saving matching games to %1…").arg(QDir::toNativeSeparators(path)));
    updateActions();
    return true;
}

void MainWindow::matchingGamesSaved(const SaveSummary &s)
{
    m_progress->hide();
    const QString path = QDir::toNativeSeparators(s.path);
    if (!s.error.isEmpty()) {
        m_log->addMessage(tr("Saving matching games failed: %1").arg(s.error), SearchLog::Error);
        statusBar()->showMessage(tr("Saving matching games failed"), 5000);
        QMessageBox::warning(this, tr("Save Matching Games"), s.error);
    } else if (s.cancelled) {
        m_log->addMessage(tr("Saving to %1 was cancelled; the file was not written.").arg(path), SearchLog::Warning);
    } else {
        const QString text =
            tr("Wrote %Ln game(s) to %1 in %2 s", nullptr, s.games).arg(path, QLocale().toString(s.seconds, 'f', 2));
        m_log->addMessage(text, SearchLog::Success);
        statusBar()->showMessage(text, 6000);
    }
    updateActions();
}

void MainWindow::applyCommandLine(const CommandLine &cl)
{
    if (!cl.error.isEmpty()) m_log->addMessage(cl.error, SearchLog::Error);
    if (!cl.queryFile.isEmpty())
        openQueryFile(cl.queryFile);
    else if (!cl.queryText.isEmpty())
        setQueryText(cl.queryText);
    if (!cl.setupFen.isEmpty()) {
        QString error;
        if (const auto setup = BoardSetup::fromFen(cl.setupFen, &error)) {
            m_boardPanel->setSetupMode(true);
            board()->setSetup(*setup);
            if (cl.queryFile.isEmpty() && cl.queryText.isEmpty()) setQueryText(m_boardPanel->positionQueryText());
        } else {
            m_log->addMessage(tr("--setup: %1").arg(error), SearchLog::Error);
        }
    }
    m_runWhenLoaded = cl.run && !cl.databases.isEmpty();
    for (const QString &db : cl.databases)
        openDatabase(db);
    if (cl.run && cl.databases.isEmpty()) runQuery();
    if (!cl.explore.isEmpty()) exploreText(cl.explore);
    if (!cl.showDock.isEmpty()) showDockNamed(cl.showDock);
    if (!cl.quickFilter.isEmpty()) applyQuickFilterText(cl.quickFilter);
    if (cl.analyse) startAnalysis();
    if (!cl.helpKeyword.isEmpty()) helpBrowser()->showKeyword(cl.helpKeyword, m_editor->isCqls());
    if (!cl.screenshot.isEmpty()) {
        m_selectFirstMatch = true;
        scheduleScreenshot(cl.screenshot);
    }
}

void MainWindow::scheduleScreenshot(const QString &path)
{
    // Poll until nothing has been going on for a moment, so the picture shows
    // the loaded database, the finished search and the selected game.
    auto *timer = new QTimer(this);
    auto *clock = new QElapsedTimer;
    clock->start();
    auto idleTicks = std::make_shared<int>(0);
    connect(timer, &QTimer::timeout, this, [this, timer, clock, idleTicks, path] {
        const bool timedOut = clock->elapsed() > 10 * 60 * 1000;
        *idleTicks = isBusy() || analysisWarmingUp() ? 0 : *idleTicks + 1;
        if (*idleTicks < 3 && !timedOut) return;
        timer->stop();
        delete clock;
        // The help browser is a window of its own: the picture is of it when it is open.
        const QPixmap shot = m_help && m_help->isVisible() ? m_help->grab() : grab();
        if (!shot.save(path)) qWarning("cqlwb: cannot write the screenshot to %s", qPrintable(path));
        qApp->quit();
    });
    timer->start(200);
}

} // namespace wb
