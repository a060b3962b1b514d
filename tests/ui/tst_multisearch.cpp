// Several databases at once: the combined source, one search over all of them
// (numbering, streaming, progress, cancel, problems named by file), the game
// list's Database column and saving matches from several files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/databasesource.h"
#include "gamelist/combinedsource.h"
#include "gamelist/gamelistmodel.h"
#include "search/matchwriter.h"
#include "search/querycompiler.h"
#include "search/searchcontroller.h"
#include "testgames.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

// "a.pgn": per copy, game 2 of 3 is a mate. "b.pgn": per copy, game 1 of 2 is
// a mate (scholar's mate) and game 2 a stalemate-free draw.
std::string pgnA(int copies)
{
    std::string out;
    for (int i = 0; i < copies; ++i) {
        out += "[White \"A1\"]\n[Black \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n";
        out += "[White \"A2\"]\n[Black \"x\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
        out += "[White \"A3\"]\n[Black \"x\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n";
    }
    return out;
}

std::string pgnB(int copies, bool broken = false)
{
    std::string out;
    for (int i = 0; i < copies; ++i) {
        out += "[White \"B1\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
        if (broken && i == 0)
            out += "[White \"B2\"]\n[Black \"y\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n"; // illegal
        else
            out += "[White \"B2\"]\n[Black \"y\"]\n[Result \"*\"]\n\n1. c4 c5 *\n\n";
    }
    return out;
}

using testgames::source;

QList<wb::GameHit> allHits(const QSignalSpy &spy)
{
    QList<wb::GameHit> out;
    for (const auto &args : spy)
        out += args.first().value<QList<wb::GameHit>>();
    return out;
}

} // namespace

class TestMultiSearch : public QObject {
    Q_OBJECT
private slots:
    void combinedSource();
    void searchTwoDatabases();
    void progressCoversAll();
    void cancelAcrossDatabases();
    void problemsNameTheFile();
    void gameListShowsDatabase();
    void saveMatchesFromBoth();
};

void TestMultiSearch::combinedSource()
{
    const auto a = source(pgnA(1), "a.pgn");
    const auto empty = std::make_shared<wb::MemoryGameSource>(std::vector<game::Game>{}, QStringLiteral("empty"));
    const auto b = source(pgnB(2), "b.pgn");
    const wb::CombinedGameSource c({a, empty, b});
    QCOMPARE(c.gameCount(), 7);
    QCOMPARE(c.parts().size(), 3);
    QCOMPARE(c.partOf(-1), -1);
    QCOMPARE(c.partOf(0), 0);
    QCOMPARE(c.partOf(2), 0);
    QCOMPARE(c.partOf(3), 2); // the empty part holds no game
    QCOMPARE(c.partOf(6), 2);
    QCOMPARE(c.partOf(7), -1);
    QCOMPARE(c.offset(2), 3);
    QCOMPARE(c.info(1).white, QStringLiteral("A2"));
    QCOMPARE(c.info(4).white, QStringLiteral("B2"));
    // Numbers are each file's own, as CQL counts them.
    QCOMPARE(c.info(4).number, quint64(2));
    QCOMPARE(c.databaseName(0), QStringLiteral("a.pgn"));
    QCOMPARE(c.databaseName(6), QStringLiteral("b.pgn"));
    auto ctx = c.makeLoadContext();
    game::Game g;
    QVERIFY(c.loadGame(5, g, nullptr, ctx.get()));
    QCOMPARE(std::string(g.tag("White")), std::string("B1"));
    QVERIFY(c.loadGame(1, g, nullptr, ctx.get()));
    QCOMPARE(std::string(g.tag("White")), std::string("A2"));
    QString error;
    QVERIFY(!c.loadGame(7, g, &error));
    QVERIFY(!error.isEmpty());
    // The in-memory part keeps no PGN text, so the whole does not claim to.
    QVERIFY(!c.hasGameText());
    const wb::CombinedGameSource files({a, b});
    QVERIFY(files.hasGameText());
    QVERIFY(files.gameText(3).find("Qxf7#") != std::string_view::npos);
}

void TestMultiSearch::searchTwoDatabases()
{
    const auto a = source(pgnA(2), "a.pgn"); // mates at 1, 4
    const auto b = source(pgnB(2), "b.pgn"); // mates at 0, 2 -> combined 6, 8
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    QVERIFY(q.query);
    wb::SearchController search;
    search.setThreadCount(2);
    QSignalSpy started(&search, &wb::SearchController::started);
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy hits(&search, &wb::SearchController::hitsFound);
    QVERIFY(search.start(QList<wb::GameSourcePtr>{a, b}, q.query));
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.first().first().toInt(), 10);
    QVERIFY(finished.wait(30000));
    const auto summary = finished.first().first().value<wb::SearchSummary>();
    QVERIFY(!summary.cancelled);
    QCOMPARE(summary.total, 10);
    QCOMPARE(summary.searched, 10);
    QCOMPARE(summary.matchedGames, 4);
    // Every game of both files once, in order, numbered through both.
    const QList<wb::GameHit> all = allHits(hits);
    QCOMPARE(all.size(), 10);
    QList<int> matched;
    for (int i = 0; i < all.size(); ++i) {
        QCOMPARE(all[i].game, i);
        if (all[i].matches > 0) matched << all[i].game;
    }
    QCOMPARE(matched, (QList<int>{1, 4, 6, 8}));
    // The combined source the list shows: which file each match is from.
    const auto *combined = dynamic_cast<const wb::CombinedGameSource *>(search.source().get());
    QVERIFY(combined);
    QCOMPARE(search.sources(), (QList<wb::GameSourcePtr>{a, b}));
    QStringList from;
    for (int g : matched)
        from << search.source()->databaseName(g) + QLatin1Char(':') + search.source()->info(g).white;
    QCOMPARE(from,
             (QStringList{QStringLiteral("a.pgn:A2"), QStringLiteral("a.pgn:A2"), QStringLiteral("b.pgn:B1"),
                          QStringLiteral("b.pgn:B1")}));
    // Records with marks, found by combined number.
    QCOMPARE(int(search.matchRecords()->size()), 4);
    QVERIFY(search.record(6));
    QVERIFY(!search.record(5));
    QVERIFY(!search.record(6)->result.matches.empty());

    // Searching the same files again with the caller's numbering keeps it (the window compares pointers).
    const wb::GameSourcePtr same = search.source();
    QVERIFY(search.start(search.sources(), q.query, same));
    QVERIFY(finished.wait(30000));
    QCOMPARE(search.source(), same);
    QCOMPARE(int(search.matchRecords()->size()), 4);
}

void TestMultiSearch::progressCoversAll()
{
    const auto a = source(pgnA(4000), "a.pgn");
    const auto b = source(pgnB(6000), "b.pgn");
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy progress(&search, &wb::SearchController::progress);
    QSignalSpy hits(&search, &wb::SearchController::hitsFound);
    QVERIFY(search.start(QList<wb::GameSourcePtr>{a, b}, q.query));
    QVERIFY(finished.wait(60000));
    QVERIFY(!progress.isEmpty());
    int last = -1;
    for (const auto &args : progress) {
        QCOMPARE(args.at(1).toInt(), 24000); // the total is both files together
        QVERIFY(args.at(0).toInt() >= last);
        last = args.at(0).toInt();
    }
    QCOMPARE(last, 24000);
    QCOMPARE(progress.last().at(2).toInt(), 10000);
    const QList<wb::GameHit> all = allHits(hits);
    QCOMPARE(all.size(), 24000);
    QCOMPARE(all.last().game, 23999);
    QCOMPARE(finished.first().first().value<wb::SearchSummary>().matchedGames, 4000 + 6000);
}

void TestMultiSearch::cancelAcrossDatabases()
{
    const auto a = source(pgnA(50000), "a.pgn");
    const auto b = source(pgnB(50000), "b.pgn");
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    wb::SearchController search;
    search.setThreadCount(1);
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy hits(&search, &wb::SearchController::hitsFound);
    QVERIFY(search.start(QList<wb::GameSourcePtr>{a, b}, q.query));
    QVERIFY(hits.wait(30000));
    QVERIFY(search.isRunning());
    QElapsedTimer timer;
    timer.start();
    search.cancel();
    QVERIFY(finished.wait(30000));
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QStringLiteral("cancel took %1 ms").arg(timer.elapsed())));
    const auto summary = finished.first().first().value<wb::SearchSummary>();
    QVERIFY(summary.cancelled);
    QCOMPARE(summary.total, 250000);
    QVERIFY(summary.searched < summary.total);
    // Hits stop at the cancel, still in order.
    const QList<wb::GameHit> all = allHits(hits);
    for (int i = 0; i < all.size(); ++i)
        QCOMPARE(all[i].game, i);
    QVERIFY(all.size() < 250000);
}

void TestMultiSearch::problemsNameTheFile()
{
    const auto a = source(pgnA(1), "a.pgn");
    const auto b = source(pgnB(1, true), "b.pgn");
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QSignalSpy problems(&search, &wb::SearchController::gameProblem);
    QVERIFY(search.start(QList<wb::GameSourcePtr>{a, b}, q.query));
    QVERIFY(finished.wait(30000));
    QCOMPARE(problems.count(), 1);
    const QString message = problems.first().first().toString();
    QVERIFY2(message.startsWith(QStringLiteral("b.pgn: game 2")), qPrintable(message));
    QCOMPARE(finished.first().first().value<wb::SearchSummary>().gameErrors, 1);
}

void TestMultiSearch::gameListShowsDatabase()
{
    const auto a = source(pgnA(1), "a.pgn");
    const auto b = source(pgnB(1), "b.pgn");
    const auto combined = std::make_shared<wb::CombinedGameSource>(QList<wb::GameSourcePtr>{a, b});
    wb::GameListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(combined);
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.headerData(wb::GameListModel::Database, Qt::Horizontal).toString(), QStringLiteral("Database"));
    QCOMPARE(model.data(model.index(0, wb::GameListModel::Database)).toString(), QStringLiteral("a.pgn"));
    QCOMPARE(model.data(model.index(4, wb::GameListModel::Database)).toString(), QStringLiteral("b.pgn"));
    QCOMPARE(model.data(model.index(3, wb::GameListModel::Number)).toULongLong(), 1ULL);

    // Matches of a search over both fill in, and "matches only" lists them from both files.
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QObject::connect(&search, &wb::SearchController::hitsFound, &model, &wb::GameListModel::addHits);
    model.startResults();
    QVERIFY(search.start(combined, q.query));
    QVERIFY(finished.wait(30000));
    QCOMPARE(model.matchedGames(), 2);
    model.setMatchesOnly(true);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, wb::GameListModel::Database)).toString(), QStringLiteral("a.pgn"));
    QCOMPARE(model.data(model.index(1, wb::GameListModel::Database)).toString(), QStringLiteral("b.pgn"));
    // Sorting by database, descending, puts b.pgn first.
    model.sort(wb::GameListModel::Database, Qt::DescendingOrder);
    model.waitForSorted();
    QCOMPARE(model.data(model.index(0, wb::GameListModel::Database)).toString(), QStringLiteral("b.pgn"));
}

void TestMultiSearch::saveMatchesFromBoth()
{
    const auto a = source(pgnA(1), "a.pgn");
    const auto b = source(pgnB(1), "b.pgn");
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() mate"), QString());
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    QVERIFY(search.start(QList<wb::GameSourcePtr>{a, b}, q.query));
    QVERIFY(finished.wait(30000));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("m.pgn"));
    const wb::SaveSummary s = wb::writeMatchedGames(path, *search.source(), *search.matchRecords());
    QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
    QCOMPARE(s.games, 2);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.indexOf(QStringLiteral("[White \"A2\"]")) < text.indexOf(QStringLiteral("[White \"B1\"]")));
    QVERIFY(text.contains(QStringLiteral("[White \"B1\"]")));
    // Each game keeps its number in its own file.
    QVERIFY(text.contains(QStringLiteral("{Game number 2}")));
    QVERIFY(text.contains(QStringLiteral("{Game number 1}")));
}

QTEST_MAIN(TestMultiSearch)
#include "tst_multisearch.moc"
