// Worker threads pull chunks of game indexes from a shared counter, so fast
// and slow games balance out; results travel to the GUI thread in batches.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchcontroller.h"

#include <QMetaObject>
#include <QPointer>
#include <QThread>
#include <QtConcurrent>
#include <exception>

namespace wb {

namespace {
constexpr int Chunk = 256;
constexpr int MaxProblemMessages = 200;   // the log stays readable on a broken file
} // namespace

struct SearchController::Run {
    GameSourcePtr source;
    QueryPtr query;
    int total = 0;
    int threads = 1;
    std::atomic<int> next{0};
    std::atomic<bool> cancel{false};
    std::atomic<int> searched{0};
    std::atomic<int> matchedGames{0};
    std::atomic<qint64> matchedPositions{0};
    std::atomic<int> errors{0};
    std::atomic<int> workersLeft{0};
    QElapsedTimer timer;
    QList<QFuture<void>> futures;
};

SearchController::SearchController(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<wb::SearchSummary>();
    qRegisterMetaType<QList<wb::GameHit>>();
}

SearchController::~SearchController()
{
    cancel();
    wait();
}

bool SearchController::start(GameSourcePtr source, QueryPtr query)
{
    if (m_running || !source || !query)
        return false;
    auto run = std::make_shared<Run>();
    run->source = std::move(source);
    run->query = std::move(query);
    run->total = run->source->gameCount();
    run->threads = m_threads > 0 ? m_threads : qMax(1, QThread::idealThreadCount());
    run->threads = qMax(1, qMin(run->threads, (run->total + Chunk - 1) / Chunk));
    run->workersLeft = run->threads;
    run->timer.start();
    m_run = run;
    m_running = true;
    emit started(run->total);

    m_pool.setMaxThreadCount(run->threads);
    QPointer<SearchController> self(this);
    for (int t = 0; t < run->threads; ++t) {
        run->futures.append(QtConcurrent::run(&m_pool, [run, self] {
            cql::Evaluator evaluator(*run->query);
            cql::GameResult result;
            game::Game game;
            std::unique_ptr<LoadContext> context = run->source->makeLoadContext();
            QList<GameHit> hits;
            QStringList problems;
            while (!run->cancel.load(std::memory_order_relaxed)) {
                const int first = run->next.fetch_add(Chunk);
                if (first >= run->total)
                    break;
                const int last = qMin(first + Chunk, run->total);
                hits.clear();
                problems.clear();
                for (int i = first; i < last && !run->cancel.load(std::memory_order_relaxed); ++i) {
                    GameHit hit;
                    hit.game = i;
                    QString error;
                    bool ok = false;
                    try {
                        ok = run->source->loadGame(i, game, &error, context.get());
                        if (ok) {
                            evaluator.run(game, result);
                            if (!result.error.empty())
                                error = QString::fromStdString(result.error);
                        }
                    } catch (const std::exception &e) {
                        ok = false;
                        error = QString::fromUtf8(e.what());
                    }
                    if (!ok || !error.isEmpty()) {
                        const int n = run->errors.fetch_add(1);
                        if (n < MaxProblemMessages)
                            problems << SearchController::tr("game %1: %2").arg(i + 1).arg(error.isEmpty() ? SearchController::tr("cannot be read") : error);
                    }
                    if (ok && result.matched) {
                        hit.matches = qMax(1, int(result.matches.size()));
                        run->matchedGames.fetch_add(1, std::memory_order_relaxed);
                        run->matchedPositions.fetch_add(qint64(result.matches.size()), std::memory_order_relaxed);
                        if (!result.sortValues.empty()) {
                            hit.sortValue = result.sortValues.front().value;
                            hit.hasSortValue = true;
                        }
                    }
                    hits.append(hit);
                    run->searched.fetch_add(1, std::memory_order_relaxed);
                }
                const int searched = run->searched.load();
                const int matched = run->matchedGames.load();
                QMetaObject::invokeMethod(self, [self, hits, problems, searched, matched, total = run->total] {
                    if (!self)
                        return;
                    emit self->hitsFound(hits);
                    for (const QString &p : problems)
                        emit self->gameProblem(p);
                    emit self->progress(searched, total, matched);
                }, Qt::QueuedConnection);
            }
            if (run->workersLeft.fetch_sub(1) == 1)
                QMetaObject::invokeMethod(self, [self, run] {
                    if (self)
                        self->workerDone(run);
                }, Qt::QueuedConnection);
        }));
    }
    return true;
}

void SearchController::workerDone(const std::shared_ptr<Run> &run)
{
    if (run != m_run)
        return;
    SearchSummary s;
    s.searched = run->searched.load();
    s.total = run->total;
    s.matchedGames = run->matchedGames.load();
    s.matchedPositions = run->matchedPositions.load();
    s.gameErrors = run->errors.load();
    s.seconds = run->timer.nsecsElapsed() / 1e9;
    s.threads = run->threads;
    s.cancelled = run->cancel.load();
    m_running = false;
    m_run.reset();
    emit finished(s);
}

void SearchController::cancel()
{
    if (m_run)
        m_run->cancel = true;
}

void SearchController::wait()
{
    if (!m_run)
        return;
    for (auto &f : m_run->futures)
        f.waitForFinished();
}

} // namespace wb
