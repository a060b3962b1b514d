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

CompiledQuery MainWindow::compileEditorText()
{
    return compileQuery(m_editor->toPlainText(), m_queryFile.isEmpty() ? QStringLiteral("query.cql") : m_queryFile,
                        m_playerBasePath);
}

void MainWindow::showDiagnostics(const EditorDiagnostics &diagnostics)
{
    m_editor->setDiagnostics(diagnostics);
    m_problems->setDiagnostics(diagnostics, m_queryFile.isEmpty() ? QString() : QFileInfo(m_queryFile).fileName());
    const int errors = m_problems->errorCount(), warnings = m_problems->warningCount();
    if (diagnostics.isEmpty())
        m_problemsDock->setWindowTitle(tr("Problems"));
    else
        m_problemsDock->setWindowTitle(tr("Problems (%1)").arg(diagnostics.size()));
    Q_UNUSED(errors);
    Q_UNUSED(warnings);
    // Run waits for a query that compiles.
    updateActions();
}

bool MainWindow::checkQuery()
{
    m_checkTimer->stop();
    const CompiledQuery c = compileEditorText();
    showDiagnostics(c.diagnostics);
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
    // Running again while a search runs restarts it (the controller cancels the old one).
    m_checkTimer->stop();
    const CompiledQuery c = compileEditorText();
    showDiagnostics(c.diagnostics);
    if (!c.query) {
        m_log->addMessage(
            tr("The query has %n error(s); nothing was searched.", nullptr, qMax(1, m_problems->errorCount())),
            SearchLog::Error);
        m_problemsDock->raise();
        if (!c.diagnostics.isEmpty()) m_editor->goToLine(c.diagnostics.first().line, c.diagnostics.first().column);
        return;
    }
    if (!m_listSource) {
        m_log->addMessage(tr("Open a database to search it."), SearchLog::Warning);
        statusBar()->showMessage(tr("Open a database to search it."), 4000);
        return;
    }
    // start() first: a search it replaces reports finished() on the old results.
    // Every open database is searched in one run (the list shows them all).
    m_search->start(m_listSource, c.query);
    m_matchedPerDatabase.assign(size_t(m_databases.size()), 0);
    m_databaseList->setMatchedCounts(m_matchedPerDatabase);
    m_query = c.query;
    m_games->startResults();
}

void MainWindow::cancelSearch()
{
    if (!m_search->isRunning()) return;
    m_search->cancel();
    statusBar()->showMessage(tr("Cancelling…"));
}

void MainWindow::searchStarted(int total)
{
    const QLocale locale;
    if (m_databases.size() > 1)
        m_log->addMessage(
            tr("Searching %1 games in %n database(s)…", nullptr, int(m_databases.size())).arg(locale.toString(total)));
    else
        m_log->addMessage(tr("Searching %1 games of %2…")
                              .arg(locale.toString(total), m_listSource ? m_listSource->name() : QString()));
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
    if (m_databases.size() > 1 && m_search->source() == m_listSource) {
        // Where the matches are: one line per database.
        for (int i = 0; i < m_databases.size(); ++i)
            m_log->addMessage(
                tr("  %1: %2 of %3 games matched")
                    .arg(m_databases[i]->name(),
                         locale.toString(size_t(i) < m_matchedPerDatabase.size() ? m_matchedPerDatabase[size_t(i)] : 0),
                         locale.toString(m_databases[i]->gameCount())));
    }
    if (s.gameErrors > 0)
        m_log->addMessage(tr("%Ln game(s) could not be searched completely.", nullptr, s.gameErrors),
                          SearchLog::Warning);
    statusBar()->showMessage(text, 8000);
    // A query with a sort filter lists its best games first.
    const auto &r = m_games->results();
    const bool sorted = std::find(r.hasSort.begin(), r.hasSort.end(), true) != r.hasSort.end();
    m_gameTable->setColumnHidden(GameListModel::SortValue, !sorted);
    if (sorted)
        m_gameTable->sortByColumn(GameListModel::SortValue, Qt::DescendingOrder);
    else if (m_games->matchesOnly() && m_games->sortColumn() >= 0)
        m_games->sort(m_games->sortColumn(), m_games->sortOrder());
    m_gamesDock->raise();
    updateActions();
    // The best game comes first once the background sort has placed it.
    if (m_games->isSorting())
        m_selectFirstAfterSort = true;
    else
        selectFirstMatch();
}

void MainWindow::selectFirstMatch()
{
    for (int row = 0; row < m_games->rowCount(); ++row) {
        if (m_games->data(m_games->index(row, 0), GameListModel::MatchCountRole).toInt() > 0) {
            m_gameTable->selectRow(row);
            m_gameTable->scrollTo(m_games->index(row, 0));
            // Selecting the same row again would not reload: do it here with the new query.
            if (m_gameTable->currentIndex().row() == row) currentGameChanged();
            return;
        }
    }
}

void MainWindow::currentGameChanged()
{
    const QModelIndex current = m_gameTable->currentIndex();
    const int game = current.isValid() ? m_games->gameIndex(current.row()) : -1;
    if (game < 0 || !m_listSource) return;
    const GameSourcePtr src = m_listSource;
    // The engine's own marks (with their squares) when this game matched the last search.
    std::shared_ptr<const std::vector<cql::PositionMark>> marks;
    if (m_search->source() == src && m_search->query() == m_query)
        if (const MatchRecord *r = m_search->record(game))
            marks = std::make_shared<const std::vector<cql::PositionMark>>(r->result.matches);
    m_loader->load(src, game, m_query, std::move(marks));
}

void MainWindow::gameLoaded(const LoadedGame &loaded)
{
    if (!loaded.error.isEmpty())
        m_log->addMessage(tr("Game %1: %2")
                              .arg(m_listSource ? m_listSource->info(loaded.index).number : quint64(loaded.index) + 1)
                              .arg(loaded.error),
                          SearchLog::Warning);
    if (!loaded.game) return;
    m_loaded = loaded;
    QSet<game::NodeId> matched;
    for (const auto &m : loaded.marks)
        matched.insert(m.node);
    m_notation->setGame(loaded.game, matched);
    // The engine lists the marks in the notation's order: next/previous match walk them as they come.
    // The first matched position is what the user searched for; without a match, the start.
    showNode(m_loaded.marks.empty() ? 0 : m_loaded.marks.front().node);
    updateActions();
}

void MainWindow::showNode(game::NodeId node)
{
    if (!m_loaded.game || node >= m_loaded.game->nodes.size()) return;
    m_currentNode = node;
    const game::Node &n = m_loaded.game->nodes[node];
    board()->setPosition(n.position);
    board()->setLastMove(n.move);
    chess::SquareSet marked;
    int matchNumber = 0;
    for (size_t i = 0; i < m_loaded.marks.size(); ++i)
        if (m_loaded.marks[i].node == node) {
            marked |= m_loaded.marks[i].squares;
            matchNumber = int(i) + 1;
        }
    board()->setMarkedSquares(marked);
    updateMatchInfo(matchNumber);
    showMatchedImages(matchNumber);
    if (m_notation->currentNode() != node) m_notation->setCurrentNode(node);
}

void MainWindow::updateMatchInfo(int matchNumber)
{
    const int total = int(m_loaded.marks.size());
    if (!m_loaded.game || total == 0) {
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
    if (size_t(matchNumber) <= m_loaded.marks.size()) {
        const QList<MatchedImage> images = explainMatchedImages(m_loaded.marks[size_t(matchNumber - 1)].images);
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

void MainWindow::goToMatch(int direction)
{
    const auto &marks = m_loaded.marks;
    if (marks.empty()) return;
    // Marks are in game order; find the one after (or before) the current node's.
    int at = -1;
    for (int i = 0; i < int(marks.size()); ++i)
        if (marks[size_t(i)].node == m_currentNode) at = i;
    int next;
    if (at < 0)
        next = direction > 0 ? 0 : int(marks.size()) - 1;
    else
        next = (at + direction + int(marks.size())) % int(marks.size());
    showNode(marks[size_t(next)].node);
}

} // namespace wb
