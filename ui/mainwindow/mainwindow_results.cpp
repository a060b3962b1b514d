// The shown game and board to the clipboard, games and positions from it, and
// the matched positions as an HTML report.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "board/setupbar.h"
#include "results/resultexport.h"
#include "search/searchlog.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QStatusBar>
#include <QtConcurrent>

namespace wb {

void MainWindow::createResultActions()
{
    auto &r = m_results;
    r.copyPgn = new QAction(tr("Copy Game as &PGN"), this);
    r.copyPgn->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    r.copyPgn->setStatusTip(tr("Copy the shown game to the clipboard as PGN, with the search's comments"));
    r.copyBoard = new QAction(tr("Copy &Board as Image"), this);
    r.copyBoard->setStatusTip(tr("Copy the board with its marks to the clipboard as a picture"));
    r.paste = new QAction(tr("Paste &Game or Position"), this);
    r.paste->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    r.paste->setStatusTip(tr("Open the PGN games on the clipboard as a database, or set up its FEN on the board"));
    r.exportHtml = new QAction(tr("Export Matches as &HTML Report…"), this);
    r.exportHtml->setStatusTip(tr("Write the matched games with a diagram of each matched position to an HTML file"));
    connect(r.copyPgn, &QAction::triggered, this, &MainWindow::copyGamePgn);
    connect(r.copyBoard, &QAction::triggered, this, &MainWindow::copyBoardImage);
    connect(r.paste, &QAction::triggered, this, &MainWindow::pasteGameOrPosition);
    connect(r.exportHtml, &QAction::triggered, this, &MainWindow::exportHtmlReport);
}

void MainWindow::addResultActions(QMenu *file, QMenu *game, QAction *saveMatching)
{
    // After "Save Matching Games As…".
    const QList<QAction *> actions = file->actions();
    const int at = int(actions.indexOf(saveMatching));
    file->insertAction(at >= 0 && at + 1 < actions.size() ? actions[at + 1] : nullptr, m_results.exportHtml);
    game->addSeparator();
    game->addAction(m_results.copyPgn);
    game->addAction(m_results.copyBoard);
    game->addAction(m_results.paste);
}

void MainWindow::updateResultActions(bool haveGame, bool haveMatches)
{
    m_results.copyPgn->setEnabled(haveGame);
    m_results.exportHtml->setEnabled(haveMatches && !m_reportRunning);
}

void MainWindow::copyGamePgn()
{
    const LoadedGame &loaded = m_session->loadedGame();
    if (!loaded.game) return;
    const MatchRecord *record = m_session->record(loaded.index);
    QApplication::clipboard()->setText(gamePgn(*loaded.game, record ? &record->result : nullptr));
    statusBar()->showMessage(tr("The game is on the clipboard as PGN."), 3000);
}

void MainWindow::copyBoardImage()
{
    QApplication::clipboard()->setImage(board()->grab().toImage());
    statusBar()->showMessage(tr("The board is on the clipboard as a picture."), 3000);
}

void MainWindow::pasteGameOrPosition()
{
    const PastedText pasted = readPastedText(QApplication::clipboard()->text(), tr("Clipboard"));
    switch (pasted.kind) {
    case PastedText::Fen:
        // The set-up mode shows it and writes the query that finds it.
        m_boardPanel->setSetupMode(true);
        m_boardPanel->setupBar()->pasteFen();
        return;
    case PastedText::Games: {
        QList<GameSourcePtr> databases = m_session->databases();
        databases << pasted.games;
        setDatabases(databases);
        statusBar()->showMessage(tr("%n game(s) from the clipboard opened.", nullptr, pasted.games->gameCount()), 4000);
        return;
    }
    case PastedText::Nothing: break;
    }
    m_log->addMessage(tr("Paste: %1").arg(pasted.error), SearchLog::Error);
    statusBar()->showMessage(pasted.error, 5000);
}

void MainWindow::exportHtmlReport()
{
    QString path =
        QFileDialog::getSaveFileName(this, tr("Export Matches as HTML Report"), QString(), tr("HTML files (*.html)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1String(".html");
    exportHtmlReportTo(path);
}

bool MainWindow::exportHtmlReportTo(const QString &path)
{
    const SearchController *search = m_session->controller();
    const std::shared_ptr<const MatchRecords> records = m_session->matchRecords(); // the shown result's
    const GameSourcePtr src = search->source();
    if (!src || !records || records->empty() || search->isRunning() || m_reportRunning) return false;
    m_reportRunning = true;
    updateActions();
    m_progress->setValue(0);
    m_progress->setFormat(tr("Report %p%"));
    m_progress->show();
    statusBar()->showMessage(tr("Writing the report to %1…").arg(QDir::toNativeSeparators(path)));
    // Reading and drawing thousands of games takes a while: a worker thread does it.
    auto *watcher = new QFutureWatcher<SaveSummary>(this);
    connect(watcher, &QFutureWatcher<SaveSummary>::finished, this, [this, watcher] {
        const SaveSummary s = watcher->result();
        watcher->deleteLater();
        m_reportRunning = false;
        m_progress->hide();
        if (!s.error.isEmpty()) {
            m_log->addMessage(tr("Writing the report failed: %1").arg(s.error), SearchLog::Error);
            QMessageBox::warning(this, tr("Export Matches as HTML Report"), s.error);
        } else {
            const QString text = tr("%n game(s) written to %1", nullptr, s.games).arg(QDir::toNativeSeparators(s.path));
            m_log->addMessage(text, SearchLog::Info);
            statusBar()->showMessage(text, 5000);
        }
        updateActions();
        emit htmlReportWritten(s);
    });
    QPointer<QProgressBar> bar = m_progress;
    watcher->setFuture(QtConcurrent::run([path, src, records, bar] {
        return writeHtmlReport(path, *src, *records, nullptr, [bar](int done, int total) {
            QMetaObject::invokeMethod(
                bar,
                [bar, done, total] {
                    if (bar) bar->setValue(total ? done * 100 / total : 100);
                },
                Qt::QueuedConnection);
        });
    }));
    return true;
}

} // namespace wb
