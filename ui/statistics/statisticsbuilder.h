// Builds the statistics of a search's matches on a worker thread while the
// hits stream in: the GUI thread only hands over hits and receives small
// snapshots, so it never waits for the headers of 400k games.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"
#include "gamelist/searchresults.h"
#include "matchstatistics.h"

#include <QList>
#include <QObject>
#include <QThreadPool>
#include <memory>
#include <vector>

namespace wb {

class StatisticsBuilder : public QObject {
    Q_OBJECT
public:
    explicit StatisticsBuilder(QObject *parent = nullptr);
    ~StatisticsBuilder() override;

    // A new search of `source`, a list over databases named `names` whose
    // first games are at `firstGames`; forgets the last one's statistics.
    void start(GameSourcePtr source, std::vector<int> firstGames, QStringList names);
    void addHits(const QList<wb::GameHit> &hits);
    void clear();
    // Hits are waiting or being counted.
    bool isBusy() const;
    // Blocks until every hit given so far is counted and published (tests, benchmarks).
    void waitForIdle();

    const StatisticsSnapshot &snapshot() const { return m_snapshot; }
    // The games of a bucket, from the hits counted so far.
    std::vector<int> gamesIn(StatDimension dimension, int key) const;

signals:
    // snapshot() changed.
    void updated();

private:
    struct State;
    void schedule();
    static void work(const std::shared_ptr<State> &state, StatisticsBuilder *self);
    void publish(const std::shared_ptr<State> &state, const StatisticsSnapshot &snapshot);

    std::shared_ptr<State> m_state;
    StatisticsSnapshot m_snapshot;
    QThreadPool m_pool; // one thread: the worker runs batches in order
};

} // namespace wb
