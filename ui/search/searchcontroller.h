// Runs a compiled query over every game of a source on worker threads,
// reporting hits in batches and progress to the GUI thread; cancellable.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"
#include "gamelist/searchresults.h"
#include "querycompiler.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <memory>

namespace wb {

struct SearchSummary {
    int searched = 0;        // games evaluated
    int total = 0;
    int matchedGames = 0;
    qint64 matchedPositions = 0;
    int gameErrors = 0;      // games that failed to load or evaluate
    double seconds = 0;
    int threads = 1;
    bool cancelled = false;
};

class SearchController : public QObject {
    Q_OBJECT
public:
    explicit SearchController(QObject *parent = nullptr);
    ~SearchController() override;

    bool isRunning() const { return m_running; }
    // 0 = one per core.
    void setThreadCount(int threads) { m_threads = threads; }

    // Starts a search; false (and nothing happens) when one is running.
    bool start(GameSourcePtr source, QueryPtr query);
    void cancel();
    // Blocks until the workers have stopped (shutdown, tests).
    void wait();

signals:
    void started(int total);
    void progress(int searched, int total, int matchedGames);
    void hitsFound(const QList<wb::GameHit> &hits);
    // A game that could not be read or evaluated: "game 17: illegal move ...".
    void gameProblem(const QString &message);
    void finished(const wb::SearchSummary &summary);

private:
    struct Run;
    void workerDone(const std::shared_ptr<Run> &run);

    std::shared_ptr<Run> m_run;
    // Its own pool: the global one stays free for loading the game the user clicks.
    QThreadPool m_pool;
    bool m_running = false;
    int m_threads = 0;
};

} // namespace wb

Q_DECLARE_METATYPE(wb::SearchSummary)
