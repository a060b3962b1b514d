// Benchmark: the workbench's statistics of the matches when every game of a
// database matched (the worst case for a result set), and the game list
// filtered to a bar of them.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Usage: bench_statistics [FILE]
//   default FILE: masters.pgn.zst in $CQLWB_SHARED_DIR/data or /work/shared/data
//   Prints: the whole result counted at once (what is left after a search whose
//   hits all arrive at its end), the part left after hits streamed in batches,
//   and the cost of filtering the game list to the largest year.
#include "masters.h"
#include "database/databasesource.h"
#include "gamelist/gamelistmodel.h"
#include "statistics/statisticsbuilder.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const std::string path = argc > 1 ? argv[1] : bench::mastersFile();
    const std::shared_ptr<db::Database> db = bench::openIndexed(path, "bench_statistics");
    if (!db) return 1;
    auto source = std::make_shared<wb::DatabaseSource>(db);
    const int n = source->gameCount();
    QElapsedTimer clock;

    QList<wb::GameHit> hits;
    hits.reserve(n);
    for (int g = 0; g < n; ++g)
        hits.append({g, 1 + g % 3, 0, false});

    wb::StatisticsBuilder builder;
    const QStringList names{QString::fromStdString(path)};

    // Every hit at once: the most the end of a search can leave to count.
    builder.start(source, {0}, names);
    clock.restart();
    builder.addHits(hits);
    builder.waitForIdle();
    const double once = clock.elapsed() / 1000.0;
    const wb::StatisticsSnapshot &s = builder.snapshot();
    std::printf("all %d matches counted at once: %.3f s (games %d, positions %lld, 1-0 %d, draws %d, 0-1 %d)\n", n,
                once, s.total.games, (long long)s.total.positions, s.total.whiteWins, s.total.draws, s.total.blackWins);

    // Streamed as a search delivers them (batches of 2000, ten a second would
    // be the search's pace; here as fast as the builder takes them), then the
    // time from the last batch to the final snapshot.
    builder.start(source, {0}, names);
    clock.restart();
    constexpr int Batch = 2000;
    for (int from = 0; from < n; from += Batch) {
        builder.addHits(hits.mid(from, std::min(Batch, n - from)));
        if (from + Batch < n) QThread::msleep(2);
        QCoreApplication::processEvents();
    }
    QElapsedTimer tail;
    tail.start();
    builder.waitForIdle();
    std::printf("streamed in batches of %d: %.3f s in all, %.3f s after the last batch\n", Batch,
                clock.elapsed() / 1000.0, tail.elapsed() / 1000.0);

    // A click on the biggest year's bar: its games, then the list filtered to them.
    const auto &years = builder.snapshot().of(wb::StatDimension::Year);
    if (!years.empty()) {
        const wb::StatBucket *biggest = &years.front();
        for (const wb::StatBucket &b : years)
            if (b.tally.games > biggest->tally.games) biggest = &b;
        wb::GameListModel list;
        list.setSource(source);
        clock.restart();
        const std::vector<int> games = builder.gamesIn(wb::StatDimension::Year, biggest->key);
        const double pick = clock.elapsed() / 1000.0;
        clock.restart();
        list.setGameFilter(games);
        std::printf("year %s (%zu games): picked in %.3f s, game list filtered in %.3f s (%d rows)\n",
                    qPrintable(biggest->label), games.size(), pick, clock.elapsed() / 1000.0, list.rowCount());
    }
    return 0;
}
