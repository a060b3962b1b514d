// One worker at a time drains the hits waiting; header fields are read
// outside the lock, so gamesIn() from the GUI thread only waits for a merge.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "statisticsbuilder.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QMutexLocker>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <atomic>

namespace wb {

struct StatisticsBuilder::State {
    GameSourcePtr source;
    std::vector<int> firstGames;
    std::atomic<bool> cancelled{false};

    mutable QMutex mutex; // guards what follows
    MatchStatistics stats;
    // Hits not counted yet, as the GUI thread handed them over: a shared copy
    // of each list costs it nothing, however many games the list holds.
    std::vector<QList<GameHit>> pending;
    int pendingSearched = 0;
    bool running = false;
};

namespace {

constexpr int Chunk = 2048;         // games read between merges
constexpr int PublishEveryMs = 250; // snapshots while a long batch is counted

int databaseOf(const std::vector<int> &firstGames, int game)
{
    auto it = std::upper_bound(firstGames.begin(), firstGames.end(), game);
    return it == firstGames.begin() ? 0 : int(it - firstGames.begin()) - 1;
}

} // namespace

StatisticsBuilder::StatisticsBuilder(QObject *parent) : QObject(parent) { m_pool.setMaxThreadCount(1); }

StatisticsBuilder::~StatisticsBuilder()
{
    if (m_state) m_state->cancelled = true;
    m_pool.waitForDone();
}

void StatisticsBuilder::start(GameSourcePtr source, std::vector<int> firstGames, QStringList names)
{
    if (m_state) m_state->cancelled = true;
    m_state = std::make_shared<State>();
    m_state->source = std::move(source);
    m_state->firstGames = std::move(firstGames);
    m_state->stats.setDatabaseNames(names);
    m_snapshot = m_state->stats.snapshot();
    emit updated();
}

void StatisticsBuilder::clear()
{
    if (m_state) m_state->cancelled = true;
    m_state.reset();
    m_snapshot = StatisticsSnapshot();
    emit updated();
}

void StatisticsBuilder::addHits(const QList<GameHit> &hits)
{
    if (!m_state || hits.isEmpty()) return;
    {
        QMutexLocker lock(&m_state->mutex);
        m_state->pendingSearched += int(hits.size());
        m_state->pending.push_back(hits);
        if (m_state->running) return; // the worker picks them up before it stops
        m_state->running = true;
    }
    schedule();
}

void StatisticsBuilder::schedule()
{
    std::shared_ptr<State> state = m_state;
    m_pool.start([state, this] { work(state, this); });
}

void StatisticsBuilder::work(const std::shared_ptr<State> &state, StatisticsBuilder *self)
{
    QElapsedTimer sincePublished;
    sincePublished.start();
    for (;;) {
        std::vector<QList<GameHit>> lists;
        int searched = 0;
        {
            QMutexLocker lock(&state->mutex);
            if (state->cancelled) {
                state->running = false;
                return;
            }
            lists.swap(state->pending);
            std::swap(searched, state->pendingSearched);
            if (lists.empty() && !searched) {
                state->running = false;
                return;
            }
        }
        std::vector<GameHit> batch;
        for (const QList<GameHit> &hits : lists)
            for (const GameHit &h : hits)
                if (h.matches > 0) batch.push_back(h);
        lists.clear();
        std::vector<GameStatKeys> keys;
        keys.reserve(std::min(batch.size(), size_t(Chunk)));
        for (size_t from = 0; from < batch.size(); from += Chunk) {
            if (state->cancelled) break;
            const size_t to = std::min(batch.size(), from + Chunk);
            keys.clear();
            for (size_t i = from; i < to; ++i) {
                const GameHit &h = batch[i];
                keys.push_back(MatchStatistics::keysOf(h.game, state->source->info(h.game), h.matches,
                                                       databaseOf(state->firstGames, h.game)));
            }
            QMutexLocker lock(&state->mutex);
            for (GameStatKeys &k : keys)
                state->stats.add(std::move(k));
            const bool last = to == batch.size();
            if (last) state->stats.addSearched(searched);
            if (!last && sincePublished.elapsed() >= PublishEveryMs) {
                self->publish(state, state->stats.snapshot());
                sincePublished.restart();
            }
        }
        if (batch.empty()) {
            QMutexLocker lock(&state->mutex);
            state->stats.addSearched(searched);
        }
        StatisticsSnapshot s;
        {
            QMutexLocker lock(&state->mutex);
            s = state->stats.snapshot();
        }
        self->publish(state, s);
        sincePublished.restart();
    }
}

void StatisticsBuilder::publish(const std::shared_ptr<State> &state, const StatisticsSnapshot &snapshot)
{
    // Runs on the worker; the GUI thread takes the copy unless a newer search started.
    QMetaObject::invokeMethod(
        this,
        [this, state, snapshot] {
            if (state != m_state) return;
            m_snapshot = snapshot;
            emit updated();
        },
        Qt::QueuedConnection);
}

bool StatisticsBuilder::isBusy() const
{
    if (!m_state) return false;
    QMutexLocker lock(&m_state->mutex);
    return m_state->running;
}

void StatisticsBuilder::waitForIdle()
{
    m_pool.waitForDone();
    // The worker's last snapshot is queued to this thread.
    QCoreApplication::sendPostedEvents(this);
}

std::vector<int> StatisticsBuilder::gamesIn(StatDimension dimension, int key) const
{
    if (!m_state) return {};
    QMutexLocker lock(&m_state->mutex);
    return m_state->stats.gamesIn(dimension, key);
}

} // namespace wb
