// Compiling from the editor, the search through the core engine (streaming,
// progress, cancel, restart), saving matched games and loading a game with its marks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/databasesource.h"
#include "gamelist/gameloader.h"
#include "search/matchwriter.h"
#include "search/querycompiler.h"
#include "search/searchcontroller.h"
#include "testgames.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

wb::GameSourcePtr source(int copies) { return testgames::source(testgames::mates(copies), "search.pgn"); }

} // namespace

class TestSearchController : public QObject {
    Q_OBJECT
private slots:
    void compileReportsDiagnostics();
    void dialectFromFileName();
    void searchFindsMates_data();
    void searchFindsMates();
    void matchesStreamInOrder();
    void cancel();
    void runAgainCancelsFirst();
    void saveMatchingGames();
    void loaderMarksMatches();
};

void TestSearchController::compileReportsDiagnostics()
{
    const wb::CompiledQuery ok = wb::compileQuery(QStringLiteral("cql() mate"), QStringLiteral("q.cql"));
    QVERIFY(ok.query);
    const wb::CompiledQuery bare = wb::compileQuery(QStringLiteral("mate"), QString());
    QVERIFY2(bare.query, "a bare filter list compiles in the editor");
    const wb::CompiledQuery bad = wb::compileQuery(QStringLiteral("cql()\nmate }"), QStringLiteral("q.cql"));
    QVERIFY(!bad.query);
    QVERIFY(!bad.diagnostics.isEmpty());
    QCOMPARE(bad.diagnostics.first().line, 2);
    QCOMPARE(bad.diagnostics.first().severity, wb::EditorDiagnostic::Error);
}

void TestSearchController::dialectFromFileName()
{
    // One function decides for the editor, the compiler and the command line.
    QCOMPARE(cql::detectDialect("check", "a.cqls"), cql::Dialect::CqlS);
    QCOMPARE(cql::detectDialect("check", "a.cql"), cql::Dialect::Cql6);
    QCOMPARE(cql::detectDialect("check"), cql::Dialect::Cql6);
    QCOMPARE(cql::detectDialect("; a script\n(match (position))"), cql::Dialect::CqlS);
    // The editor compiles what it shows: a (match ...) text in an unnamed buffer is CQL-S.
    wb::CompiledQuery c = wb::compileQuery(QStringLiteral("(match (position :check))"), QString());
    QVERIFY(c.query);
}

void TestSearchController::searchFindsMates_data()
{
    QTest::addColumn<int>("copies");
    QTest::addColumn<int>("threads");
    QTest::newRow("small, one thread") << 1 << 1;
    QTest::newRow("several chunks, two threads") << 400 << 2;
}

void TestSearchController::searchFindsMates()
{
    QFETCH(int, copies);
    QFETCH(int, threads);
    const auto src = source(copies);
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    QVERIFY(q.query);
    wb::SearchController search;
    search.setThreadCount(threads);
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy hits(&search, &wb::SearchController::hitsFound);
    QSignalSpy progress(&search, &wb::SearchController::progress);
    QVERIFY(search.start(src, q.query));
    QVERIFY(search.isRunning());
    QVERIFY(finished.wait(30000));
    QVERIFY(!search.isRunning());
    const auto summary = finished.first().first().value<wb::SearchSummary>();
    QCOMPARE(summary.total, 3 * copies);
    QCOMPARE(summary.searched, 3 * copies);
    QCOMPARE(summary.matchedGames, copies);
    QVERIFY(!summary.cancelled);
    // Every game is reported once; exactly the mates matched.
    QList<int> seen(3 * copies, 0);
    for (const auto &args : hits)
        for (const wb::GameHit &h : args.first().value<QList<wb::GameHit>>()) {
            ++seen[h.game];
            QCOMPARE(h.matches > 0, h.game % 3 == 1);
        }
    QCOMPARE(seen, QList<int>(3 * copies, 1));
    // The engine's records: the mates, with the squares of the mated king.
    const auto records = search.matchRecords();
    QCOMPARE(int(records->size()), copies);
    for (const wb::MatchRecord &r : *records) {
        QCOMPARE(r.game % 3, 1);
        QCOMPARE(search.record(r.game), &r);
        QVERIFY(!r.result.matches.empty());
    }
    QVERIFY(!search.record(0));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toInt(), 3 * copies); // all games done
}

void TestSearchController::matchesStreamInOrder()
{
    // Enough games that matches arrive in several batches while the search runs.
    const auto src = source(20000);
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy hits(&search, &wb::SearchController::hitsFound);
    QSignalSpy progress(&search, &wb::SearchController::progress);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(search.start(src, q.query));
    QVERIFY(hits.wait(30000));
    const bool streaming = search.isRunning();
    QVERIFY(finished.wait(60000));
    qInfo("60,000 games in %lld ms, %lld batches of hits, %lld progress reports", qint64(timer.elapsed()),
          qint64(hits.count()), qint64(progress.count()));
    QVERIFY2(streaming, "the first hits arrive before the search ends");
    QVERIFY(hits.count() > 1);
    int next = 0;
    for (const auto &args : hits)
        for (const wb::GameHit &h : args.first().value<QList<wb::GameHit>>())
            QCOMPARE(h.game, next++); // in game order, each once
    QCOMPARE(next, 60000);
    // Progress counts up to the total and reports the elapsed time.
    int last = -1;
    for (const auto &args : progress) {
        QVERIFY(args.at(0).toInt() >= last);
        last = args.at(0).toInt();
        QCOMPARE(args.at(1).toInt(), 60000);
        QVERIFY(args.at(3).toDouble() >= 0);
    }
    QCOMPARE(last, 60000);
    QCOMPARE(finished.first().first().value<wb::SearchSummary>().matchedGames, 20000);
}

void TestSearchController::cancel()
{
    // One thread over 300,000 games: about a second, long enough to cancel in the middle.
    const auto src = source(100000);
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    wb::SearchController search;
    search.setThreadCount(1);
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy hits(&search, &wb::SearchController::hitsFound);
    QVERIFY(search.start(src, q.query));
    QVERIFY(hits.wait(30000)); // under way
    QVERIFY(search.isRunning());
    QElapsedTimer timer;
    timer.start();
    search.cancel();
    QVERIFY(finished.wait(30000));
    const qint64 ms = timer.elapsed();
    qInfo("cancel took %.2f ms", timer.nsecsElapsed() / 1e6);
    QVERIFY2(ms < 1000, qPrintable(QStringLiteral("cancel took %1 ms").arg(ms)));
    const auto summary = finished.first().first().value<wb::SearchSummary>();
    QVERIFY(summary.cancelled);
    QVERIFY(summary.searched < summary.total);
    QVERIFY(!search.isRunning());
}

void TestSearchController::runAgainCancelsFirst()
{
    const auto src = source(30000);
    const wb::CompiledQuery slow = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    const auto small = source(2);
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() stalemate or mate"), QString());
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy hits(&search, &wb::SearchController::hitsFound);
    QVERIFY(search.start(src, slow.query));
    QTest::qWait(20);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(search.start(small, q.query));
    // The first search reports itself cancelled at once; only the second one's hits follow.
    QCOMPARE(finished.count(), 1);
    QVERIFY(finished.first().first().value<wb::SearchSummary>().cancelled);
    hits.clear();
    QVERIFY(finished.wait(30000));
    qInfo("restart to second result: %lld ms", qint64(timer.elapsed()));
    QCOMPARE(finished.count(), 2);
    const auto second = finished.last().first().value<wb::SearchSummary>();
    QVERIFY(!second.cancelled);
    QCOMPARE(second.total, 6);
    QCOMPARE(second.matchedGames, 2);
    int reported = 0;
    for (const auto &args : hits)
        for (const wb::GameHit &h : args.first().value<QList<wb::GameHit>>()) {
            QVERIFY(h.game < 6);
            ++reported;
        }
    QCOMPARE(reported, 6);
    QCOMPARE(search.source(), small);
    QCOMPARE(int(search.matchRecords()->size()), 2);
    search.wait(); // the first driver has stopped too
}

void TestSearchController::saveMatchingGames()
{
    const auto src = source(3);
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate comment (\"mate found\")"), QString());
    QVERIFY(q.query);
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QVERIFY(search.start(src, q.query));
    QVERIFY(finished.wait(30000));
    QCOMPARE(int(search.matchRecords()->size()), 3);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("matches.pgn"));
    wb::MatchWriter writer;
    QSignalSpy saved(&writer, &wb::MatchWriter::finished);
    QVERIFY(writer.start(path, search.source(), search.matchRecords()));
    QVERIFY(writer.isRunning());
    QVERIFY(saved.wait(30000));
    const auto summary = saved.first().first().value<wb::SaveSummary>();
    QVERIFY2(summary.error.isEmpty(), qPrintable(summary.error));
    QCOMPARE(summary.games, 3);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QCOMPARE(text.count(QStringLiteral("[White \"C\"]")), 3);
    QVERIFY(!text.contains(QStringLiteral("[White \"A\"]")));
    // The numbers of the mating games (2, 5, 8) and the query's comment at the mate.
    QVERIFY2(text.contains(QStringLiteral("{Game number 2}")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("{Game number 5}")));
    QVERIFY(text.contains(QStringLiteral("{Game number 8}")));
    QCOMPARE(text.count(QStringLiteral("Qh4# {mate found")), 3);
    // Nothing but the target is left in the folder (the temporary file was renamed).
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("matches.pgn")});

    // An unwritable target fails with a message and no file.
    const QString bad = dir.filePath(QStringLiteral("missing/x.pgn"));
    const wb::SaveSummary failed = wb::writeMatchedGames(bad, *search.source(), *search.matchRecords());
    QVERIFY(!failed.error.isEmpty());
    QVERIFY(failed.error.contains(QStringLiteral("missing")));
}

void TestSearchController::loaderMarksMatches()
{
    const auto src = source(1);
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    const wb::LoadedGame g = wb::GameLoader::loadNow(*src, 1, q.query.get());
    QVERIFY(g.error.isEmpty());
    QVERIFY(g.game);
    QCOMPARE(int(g.marks.size()), 1);
    QCOMPARE(g.marks.front().node, g.game->mainlineEnd());
    const wb::LoadedGame plain = wb::GameLoader::loadNow(*src, 0, q.query.get());
    QVERIFY(plain.marks.empty());
    // Asynchronously, and a newer request wins.
    wb::GameLoader loader;
    QSignalSpy loaded(&loader, &wb::GameLoader::loaded);
    loader.load(src, 0, q.query);
    loader.load(src, 1, q.query);
    QVERIFY(loaded.wait(10000));
    QTest::qWait(50);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(loaded.first().first().value<wb::LoadedGame>().index, 1);
    QVERIFY(!loader.isLoading());
}

QTEST_MAIN(TestSearchController)
#include "tst_searchcontroller.moc"
