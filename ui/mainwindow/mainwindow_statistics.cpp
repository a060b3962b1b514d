// The Statistics dock: the builder follows the session's search, and a chosen
// bar or row narrows the game list to its games.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "gamelist/gamelistmodel.h"
#include "search/searchsession.h"
#include "statistics/statisticsbuilder.h"
#include "statistics/statisticspane.h"

#include <QDockWidget>
#include <QMenu>

namespace wb {

void MainWindow::createStatisticsDock()
{
    m_statistics = new StatisticsBuilder(this);
    m_statisticsPane = new StatisticsPane(m_statistics, this);
    // Under the board, where the chart has height.
    m_statisticsDock = addNotationTab(m_statisticsPane, tr("Statistics"), QStringLiteral("StatisticsDock"));

    SearchSession *s = m_session;
    connect(s, &SearchSession::searchStarted, this, &MainWindow::startStatistics);
    connect(s->controller(), &SearchController::hitsFound, this, [this, s](const QList<GameHit> &hits) {
        // Hits of a search over databases no longer listed are not these statistics'.
        if (s->controller()->source() == s->listSource()) m_statistics->addHits(hits);
    });
    connect(s, &SearchSession::databasesChanged, this, [this] {
        m_statistics->clear();
        m_statisticsPane->showFilter(QString(), 0);
    });
    connect(m_statisticsPane, &StatisticsPane::bucketChosen, this,
            [this, s](StatDimension dimension, int key, const QString &label) {
                const std::vector<int> games = m_statistics->gamesIn(dimension, key);
                s->games()->setGameFilter(games);
                m_statisticsPane->showFilter(label, int(games.size()));
                m_gamesDock->show();
                m_gamesDock->raise();
            });
    connect(m_statisticsPane, &StatisticsPane::showAllRequested, this, [this, s] {
        s->games()->clearGameFilter();
        m_statisticsPane->showFilter(QString(), 0);
    });
}

void MainWindow::startStatistics()
{
    const SearchSession *s = m_session;
    std::vector<int> firstGames;
    QStringList names;
    for (int d = 0; d < s->databases().size(); ++d) {
        firstGames.push_back(s->firstGameOf(d));
        names << s->databases()[d]->name();
    }
    m_statistics->start(s->listSource(), std::move(firstGames), names);
    m_statisticsPane->showFilter(QString(), 0);
}

void MainWindow::showDockNamed(const QString &name)
{
    // "statistics" or the dock's object name ("StatisticsDock").
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        if (dock->objectName().compare(name, Qt::CaseInsensitive) == 0
            || dock->objectName().compare(name + QLatin1String("Dock"), Qt::CaseInsensitive) == 0) {
            dock->show();
            dock->raise();
            return;
        }
    qWarning("cqlwb: no dock named %s", qPrintable(name));
}

} // namespace wb
