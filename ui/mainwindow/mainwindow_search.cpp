// Compiling and running the query, search results, and showing the selected game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "databaselist.h"

#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "editor/cqleditor.h"
#include "gamelist/gamelistmodel.h"
#include "notation/notationview.h"
#include "problems/problemsmodel.h"
#include "search/imageexplainer.h"
#include "search/searchlog.h"

#include <QDockWidget>
#include <algorithm>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

namespace wb {

void MainWindow::connectSession()
{
    SearchSession *s = m_session;
    connect(s, &SearchSession::databasesChanged, this, &MainWindow::databasesChanged);
    connect(s, &SearchSession::diagnosticsChanged, this, &MainWindow::showDiagnostics);
    connect(s, &SearchSession::searchStarted, this, &MainWindow::searchStarted);
    connect(s, &SearchSession::searchProgress, this, &MainWindow::searchProgress);
    connect(s, &SearchSession::gameProblem, m_log,
            [this](const QString &m) { m_log->addMessage(m, SearchLog::Warning); });
    connect(s, &SearchSession::searchFinished, this, &MainWindow::searchFinished);
    connect(s, &SearchSession::matchedCountsChanged, m_databaseList, &DatabaseList::setMatchedCounts);
    connect(s, &SearchSession::loadProblem, m_log,
            [this](const QString &m) { m_log->addMessage(m, SearchLog::Warning); });
    connect(s, &SearchSession::gameShown, this, &MainWindow::gameShown);
    connect(s, &SearchSession::positionShown, this, &MainWindow::positionShown);
    connect(m_notation, &NotationView::nodeSelected, s, &SearchSession::showNode);
    connect(m_gameTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::currentGameChanged);
}

CompiledQuery MainWindow::compileEditorText() { return m_session->compile(m_editor->toPlainText(), m_queryFile); }

void MainWindow::showDiagnostics(const EditorDiagnostics &diagnostics)
{
    m_editor->setDiagnostics(diagnostics);
    m_problems->setDiagnostics(diagnostics, m_queryFile.isEmpty() ? QString() : QFileInfo(m_queryFile).fileName());
    if (diagnostics.isEmpty())
        m_problemsDock->setWindowTitle(tr("Problems"));
    else
        m_problemsDock->setWindowTitle(tr("Problems (%1)").arg(diagnostics.size()));
    // Run waits for a query that compiles.
    updateActions();
}

bool MainWindow::checkQuery()
{
    m_checkTimer->stop();
    const CompiledQuery c = compileEditorText();
    const int errors = m_problems->errorCount();
    if (!c.query) {
        m_log->addMessage(tr("The query has %n error(s).", nullptr, qMax(1, errors)), SearchLog::Error);
        m_problemsDock->raise();
        if (!c.diagnostics.isEmpty()) m_editor->goToLine(c.diagnostics.first().line, c.diagnostics.first().column);
        return false;
    }
    statusBar()->showMessage(
        tr("The query is correct (compiled in %1 ms).").arg(QLocale().toString(c.milliseconds, 'f', 1)), 4000);
    return true;
}

void MainWindow::runQuery()
{
    // Running again while a search runs restarts it (the session cancels the old one).
    m_checkTimer->stop();
    switch (m_session->run(m_editor->toPlainText(), m_queryFile)) {
    case SearchSession::RunResult::Started: break;
    case SearchSession::RunResult::QueryErrors: {
        m_log->addMessage(
            tr("The query has %n error(s); nothing was searched.", nullptr, qMax(1, m_problems->errorCount())),
            SearchLog::Error);
        m_problemsDock->raise();
        const EditorDiagnostics &d = m_session->diagnostics();
        if (!d.isEmpty()) m_editor->goToLine(d.first().line, d.first().column);
        break;
    }
    case SearchSession::RunResult::NoDatabase:
        m_log->addMessage(tr("Open a database to search it."), SearchLog::Warning);
        statusBar()->showMessage(tr("Open a database to search it."), 4000);
        break;
    }
}

void MainWindow::cancelSearch()
{
    if (!m_session->isRunning()) return;
    m_session->cancel();
    statusBar()->showMessage(tr("Cancelling…"));
}

void MainWindow::searchStarted(int total)
{
    const QLocale locale;
    const QList<GameSourcePtr> &databases = m_session->databases();
    if (databases.size() > 1)
        m_log->addMessage(
            tr("Searching %1 games in %n database(s)…", nullptr, int(databases.size())).arg(locale.toString(total)));
    else
        m_log->addMessage(tr("Searching %1 games of %2…")
                              .arg(locale.toString(total), databases.isEmpty() ? QString() : databases[0]->name()));
    m_progress->setValue(0);
    m_progress->setFormat(tr("%p%"));
    m_progress->show();
    updateActions();
}

void MainWindow::searchProgress(int searched, int total, int matched, double seconds)
{
    const QLocale locale;
    m_progress->setValue(total ? int(qint64(searched) * 1000 / total) : 0);
    const double rate = seconds > 0 ? searched / seconds : 0;
    QString left;
    if (rate > 0 && searched > 0 && searched < total) {
        const int s = int((total - searched) / rate + 0.5);
        left = s >= 60 ? tr(", about %1 min %2 s left").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'))
                       : tr(", about %1 s left").arg(s);
    }
    statusBar()->showMessage(tr("Searching… %1 of %2 games, %3 matched, %4 games/s%5")
                                 .arg(locale.toString(searched), locale.toString(total), locale.toString(matched),
                                      locale.toString(qint64(rate)), left));
}

void MainWindow::searchFinished(const SearchSummary &s)
{
    const QLocale locale;
    m_progress->hide();
    const QString text = tr("%1 of %2 games matched (%3 positions) in %4 s using %n thread(s)", nullptr, s.threads)
                             .arg(locale.toString(s.matchedGames), locale.toString(s.searched),
                                  locale.toString(s.matchedPositions), locale.toString(s.seconds, 'f', 2));
    if (s.cancelled)
        m_log->addMessage(tr("Search cancelled: %1").arg(text), SearchLog::Warning);
    else
        m_log->addMessage(text, SearchLog::Success);
    if (s.fromStore > 0 || s.prefiltered > 0)
        m_log->addMessage(tr("  %1 games replayed from the game store, %2 ruled out by its signatures")
                              .arg(locale.toString(s.fromStore), locale.toString(s.prefiltered)));
    const QList<GameSourcePtr> &databases = m_session->databases();
    const std::vector<int> &matched = m_session->matchedPerDatabase();
    if (databases.size() > 1 && m_session->controller()->source() == m_session->listSource()) {
        // Where the matches are: one line per database.
        for (int i = 0; i < databases.size(); ++i)
            m_log->addMessage(tr("  %1: %2 of %3 games matched")
                                  .arg(databases[i]->name(),
                                       locale.toString(size_t(i) < matched.size() ? matched[size_t(i)] : 0),
                                       locale.toString(databases[i]->gameCount())));
    }
    const bool variants = std::any_of(s.variants.begin(), s.variants.end(),
                                      [](const SearchSummary::VariantCount &v) { return !v.variant.isEmpty(); });
    if (variants) {
        // Which rules the games were played under, and where the matches are.
        QStringList parts;
        for (const SearchSummary::VariantCount &v : s.variants)
            parts << tr("%1 %2 (%3 matched)")
                         .arg(v.variant.isEmpty() ? tr("Standard") : v.variant, locale.toString(v.games),
                              locale.toString(v.matched));
        m_log->addMessage(tr("Games by variant: %1").arg(parts.join(QStringLiteral(", "))));
    }
    if (s.gameErrors > 0)
        m_log->addMessage(tr("%Ln game(s) could not be searched completely.", nullptr, s.gameErrors),
                          SearchLog::Warning);
    statusBar()->showMessage(text, 8000);
    // A query with a sort filter lists its best games first.
    GameListModel *games = m_session->games();
    const auto &r = games->results();
    const bool sorted = std::find(r.hasSort.begin(), r.hasSort.end(), true) != r.hasSort.end();
    m_gameTable->setColumnHidden(GameListModel::SortValue, !sorted);
    if (sorted)
        m_gameTable->sortByColumn(GameListModel::SortValue, Qt::DescendingOrder);
    else if (games->matchesOnly() && games->sortColumn() >= 0)
        games->sort(games->sortColumn(), games->sortOrder());
    m_gamesDock->raise();
    updateActions();
    // The best game comes first once the background sort has placed it.
    if (games->isSorting())
        m_selectFirstAfterSort = true;
    else
        selectFirstMatch();
}

void MainWindow::selectFirstMatch()
{
    const GameListModel *games = m_session->games();
    for (int row = 0; row < games->rowCount(); ++row) {
        if (games->data(games->index(row, 0), GameListModel::MatchCountRole).toInt() > 0) {
            m_gameTable->selectRow(row);
            m_gameTable->scrollTo(games->index(row, 0));
            // Selecting the same row again would not reload: do it here with the new query.
            if (m_gameTable->currentIndex().row() == row) currentGameChanged();
            return;
        }
    }
}

void MainWindow::currentGameChanged()
{
    const QModelIndex current = m_gameTable->currentIndex();
    if (current.isValid()) m_session->selectGame(m_session->games()->gameIndex(current.row()));
}

void MainWindow::gameShown(const LoadedGame &loaded)
{
    QSet<game::NodeId> matched;
    for (const auto &m : loaded.marks)
        matched.insert(m.node);
    m_notation->setGame(loaded.game, matched);
    updateActions();
}

void MainWindow::positionShown(game::NodeId node, int matchNumber)
{
    const game::Node &n = m_session->loadedGame().game->nodes[node];
    board()->setPosition(n.position);
    board()->setLastMove(n.move);
    board()->setMarkedSquares(m_session->markedSquares());
    updateMatchInfo(matchNumber);
    showMatchedImages(matchNumber);
    if (m_notation->currentNode() != node) m_notation->setCurrentNode(node);
}

void MainWindow::updateMatchInfo(int matchNumber)
{
    const std::vector<cql::PositionMark> &marks = m_session->marks();
    const int total = int(marks.size());
    if (!m_session->loadedGame().game || total == 0) {
        m_boardPanel->setMatchInfo(QString());
        return;
    }
    if (matchNumber <= 0) {
        m_boardPanel->setMatchInfo(tr("Matched positions in this game: %1").arg(total));
        return;
    }
    QString text = tr("Match %1 of %2").arg(matchNumber).arg(total);
    QString tip = text;
    // Through which transform image the position matched (flip, rotate90, shift ...).
    if (matchNumber <= total) {
        const QList<MatchedImage> images = explainMatchedImages(marks[size_t(matchNumber - 1)].images);
        QStringList parts;
        for (const MatchedImage &m : images)
            parts << m.text();
        if (!parts.isEmpty()) {
            text += QStringLiteral(" · ") + parts.join(QStringLiteral("; "));
            tip += QLatin1Char('\n')
                + tr("Matched through the transform image(s): %1").arg(parts.join(QStringLiteral("; ")));
        }
    }
    m_boardPanel->setMatchInfo(text, tip);
}

} // namespace wb
