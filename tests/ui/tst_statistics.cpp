// The statistics of the matches: figures checked against a database counted
// by hand, per database and while hits stream in; a bar or table row of the
// Statistics dock filters the game list; and the GUI thread keeps answering
// events while a large result is counted.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamelist/gamelistmodel.h"
#include "statistics/statisticsbuilder.h"
#include "statistics/statisticschart.h"
#include "statistics/statisticspane.h"
#include "statistics/statisticstablemodel.h"
#include "testgames.h"
#include "eventlatency.h"
#include "windowtest.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTimer>
#include <set>

namespace {

std::string game(const char *white, const char *black, const char *result, const char *date, const char *eco,
                 const char *whiteElo, const char *blackElo)
{
    std::string g = std::string("[White \"") + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result
        + "\"]\n[Date \"" + date + "\"]\n";
    if (*eco) g += std::string("[ECO \"") + eco + "\"]\n";
    if (*whiteElo) g += std::string("[WhiteElo \"") + whiteElo + "\"]\n";
    if (*blackElo) g += std::string("[BlackElo \"") + blackElo + "\"]\n";
    return g + "\n1. e4 e5 " + result + "\n\n";
}

// Six games; the sixth is never a match in these tests.
std::string handCounted()
{
    return game("Anna", "Bert", "1-0", "1990.01.01", "B20", "2450", "2350")    // mean 2400
        + game("Bert", "Anna", "1/2-1/2", "1990.??.??", "B27", "2380", "2420") // mean 2400
        + game("Carl", "Anna", "0-1", "1995.03.03", "C42", "2650", "2610")     // mean 2630
        + game("Anna", "Carl", "*", "????.??.??", "", "", "")                  // nothing known
        + game("Dora", "Bert", "1-0", "1995.05.05", "C45", "1900", "")         // one rating: 1900
        + game("Eve", "Fay", "0-1", "2001.01.01", "A00", "2850", "2810");
}

QList<wb::GameHit> hits(std::initializer_list<std::pair<int, int>> gameMatches)
{
    QList<wb::GameHit> out;
    for (auto [g, m] : gameMatches)
        out.append({g, m, 0, false});
    return out;
}

QStringList labels(const std::vector<wb::StatBucket> &buckets)
{
    QStringList out;
    for (const wb::StatBucket &b : buckets)
        out << b.label;
    return out;
}

// Checks a tally against games, positions, White wins, draws, Black wins and half points.
void expect(const wb::StatTally &t, int games, int positions, int whiteWins, int draws, int blackWins, int halfPoints)
{
    QCOMPARE(t.games, games);
    QCOMPARE(t.positions, qint64(positions));
    QCOMPARE(t.whiteWins, whiteWins);
    QCOMPARE(t.draws, draws);
    QCOMPARE(t.blackWins, blackWins);
    QCOMPARE(t.halfPoints, halfPoints);
}

std::set<int> listedGames(const wb::GameListModel *model)
{
    std::set<int> games;
    for (int r = 0; r < model->rowCount(); ++r)
        games.insert(model->gameIndex(r));
    return games;
}

} // namespace

class TestStatistics : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { windowtest::isolateSettings(QStringLiteral("tst_statistics")); }
    void handCounted();
    void perDatabaseAndStreaming();
    void barAndRowFilterTheGameList();
    void guiAnswersWhileCounting();
};

void TestStatistics::handCounted()
{
    wb::StatisticsBuilder builder;
    builder.start(testgames::source(::handCounted(), "hand.pgn"), {0}, {QStringLiteral("hand.pgn")});
    builder.addHits(hits({{0, 2}, {1, 1}, {2, 3}, {3, 1}, {4, 4}, {5, 0}}));
    builder.waitForIdle();
    QVERIFY(!builder.isBusy());
    const wb::StatisticsSnapshot &s = builder.snapshot();
    QCOMPARE(s.searched, 6);
    // Games 1-5 matched: 1-0 twice, a draw, 0-1 once, one without result; White 2 + 2 + 1 half points of 4 games.
    expect(s.total, 5, 11, 2, 1, 1, 5);
    QCOMPARE(s.total.scorePercent(), 62.5);

    const auto &years = s.of(wb::StatDimension::Year);
    QCOMPARE(labels(years), QStringList({"1990", "1995", "unknown"}));
    expect(years[0].tally, 2, 3, 1, 1, 0, 3);
    expect(years[1].tally, 2, 7, 1, 0, 1, 2);
    expect(years[2].tally, 1, 1, 0, 0, 0, 0);
    QCOMPARE(years[2].tally.scorePercent(), -1.0);

    const auto &bands = s.of(wb::StatDimension::Rating);
    QCOMPARE(labels(bands), QStringList({"< 2000", "2400–2499", "2600–2699", "unknown"}));
    expect(bands[0].tally, 1, 4, 1, 0, 0, 2);
    expect(bands[1].tally, 2, 3, 1, 1, 0, 3);
    expect(bands[2].tally, 1, 3, 0, 0, 1, 0);

    const auto &ecos = s.of(wb::StatDimension::Eco);
    QCOMPARE(labels(ecos), QStringList({"B20–B29", "C40–C49", "unknown"}));
    expect(ecos[0].tally, 2, 3, 1, 1, 0, 3);
    expect(ecos[1].tally, 2, 7, 1, 0, 1, 2);

    // Players by games; a player's half points are the player's own.
    const auto &players = s.of(wb::StatDimension::Player);
    QCOMPARE(labels(players), QStringList({"Anna", "Bert", "Carl", "Dora"}));
    expect(players[0].tally, 4, 7, 1, 1, 1, 5); // won as White and as Black, drew, one open
    expect(players[1].tally, 3, 7, 2, 1, 0, 1);
    expect(players[2].tally, 2, 4, 0, 0, 1, 0);
    expect(players[3].tally, 1, 4, 1, 0, 0, 2);
    QCOMPARE(qRound(players[0].tally.scorePercent() * 10), 833);

    const auto &databases = s.of(wb::StatDimension::Database);
    QCOMPARE(labels(databases), QStringList({"hand.pgn"}));
    expect(databases[0].tally, 5, 11, 2, 1, 1, 5);

    // A bucket's games are the ones it counted.
    QCOMPARE(builder.gamesIn(wb::StatDimension::Player, players[0].key), std::vector<int>({0, 1, 2, 3}));
    QCOMPARE(builder.gamesIn(wb::StatDimension::Year, 1995), std::vector<int>({2, 4}));
    QCOMPARE(builder.gamesIn(wb::StatDimension::Rating, -1), std::vector<int>({3}));
    QCOMPARE(builder.gamesIn(wb::StatDimension::Eco, ecos[0].key), std::vector<int>({0, 1}));
    QVERIFY(builder.gamesIn(wb::StatDimension::Year, 2001).empty());

    // The table shows the same figures.
    wb::StatisticsTableModel table;
    table.setBuckets(wb::StatDimension::Player, players);
    QCOMPARE(table.rowCount(), 4);
    QCOMPARE(table.index(1, wb::StatisticsTableModel::Label).data().toString(), QStringLiteral("Bert"));
    QCOMPARE(table.index(1, wb::StatisticsTableModel::Games).data().toString(), QStringLiteral("3"));
    QCOMPARE(table.index(0, wb::StatisticsTableModel::Score).data().toString(), QStringLiteral("83.3%"));
    QCOMPARE(table.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Player"));
}

void TestStatistics::perDatabaseAndStreaming()
{
    wb::StatisticsBuilder builder;
    QSignalSpy updated(&builder, &wb::StatisticsBuilder::updated);
    // The same six games as two databases of three: "one" holds games 0-2, "two" 3-5.
    builder.start(testgames::source(::handCounted(), "hand.pgn"), {0, 3},
                  {QStringLiteral("one"), QStringLiteral("two")});
    builder.addHits(hits({{0, 2}, {1, 1}, {2, 3}}));
    builder.waitForIdle();
    QCOMPARE(builder.snapshot().total.games, 3);
    QCOMPARE(builder.snapshot().searched, 3);
    QCOMPARE(labels(builder.snapshot().of(wb::StatDimension::Database)), QStringList({"one"}));
    const int updates = int(updated.count());
    QVERIFY(updates >= 2); // start, then the counted batch

    builder.addHits(hits({{3, 1}, {4, 4}, {5, 0}}));
    builder.waitForIdle();
    QVERIFY(updated.count() > updates);
    const auto &databases = builder.snapshot().of(wb::StatDimension::Database);
    QCOMPARE(labels(databases), QStringList({"one", "two"}));
    expect(databases[0].tally, 3, 6, 1, 1, 1, 3);
    expect(databases[1].tally, 2, 5, 1, 0, 0, 2);
    QCOMPARE(builder.gamesIn(wb::StatDimension::Database, 1), std::vector<int>({3, 4}));

    // A new search starts from nothing; clear() forgets everything.
    builder.start(testgames::source(::handCounted(), "hand.pgn"), {0}, {QStringLiteral("hand.pgn")});
    QCOMPARE(builder.snapshot().total.games, 0);
    builder.addHits(hits({{5, 1}}));
    builder.waitForIdle();
    QCOMPARE(labels(builder.snapshot().of(wb::StatDimension::Player)), QStringList({"Eve", "Fay"}));
    builder.clear();
    QCOMPARE(builder.snapshot().total.games, 0);
    QVERIFY(builder.gamesIn(wb::StatDimension::Year, 2001).empty());
}

void TestStatistics::barAndRowFilterTheGameList()
{
    QTemporaryDir dir;
    const QString path = windowtest::write(dir, QStringLiteral("hand.pgn"), QByteArray::fromStdString(::handCounted()));
    wb::MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openDatabase(path);
    QVERIFY(windowtest::waitIdle(w));
    // The start position of every game but Eve's matches once.
    w.setQueryText(QStringLiteral("cql() initial not player white \"Eve\""));
    w.runQuery();
    QVERIFY(windowtest::waitIdle(w));
    wb::StatisticsPane *pane = w.statisticsPane();
    QCOMPARE(w.statistics()->snapshot().total.games, 5);
    QVERIFY(pane->summaryText().startsWith(QStringLiteral("5 games, 5 positions")));
    wb::GameListModel *list = w.gameListModel();
    QCOMPARE(list->rowCount(), 6);

    // A click on Anna's bar lists her four games.
    w.statisticsDock()->show();
    w.statisticsDock()->raise();
    pane->setDimension(wb::StatDimension::Player);
    wb::StatisticsChart *chart = pane->chart();
    QCOMPARE(chart->buckets().size(), size_t(4));
    QCOMPARE(chart->buckets()[0].label, QStringLiteral("Anna"));
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::mouseClick(chart, Qt::LeftButton, {}, chart->barRect(0).center());
    QVERIFY(list->hasGameFilter());
    QCOMPARE(listedGames(list), std::set<int>({0, 1, 2, 3}));
    auto *showAll = pane->findChild<QPushButton *>();
    QVERIFY(showAll && showAll->isVisible());

    // A table row does the same: 1995 holds games 3 and 5 (indices 2 and 4).
    pane->setDimension(wb::StatDimension::Year);
    QTableView *table = pane->table();
    QCOMPARE(table->model()->index(1, 0).data().toString(), QStringLiteral("1995"));
    const QRect cell = table->visualRect(table->model()->index(1, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(listedGames(list), std::set<int>({2, 4}));

    // "List All Games" undoes it, and so does a new search.
    QTest::mouseClick(showAll, Qt::LeftButton);
    QVERIFY(!list->hasGameFilter());
    QCOMPARE(list->rowCount(), 6);
    QTest::mouseClick(chart, Qt::LeftButton, {}, chart->barRect(0).center());
    QCOMPARE(list->rowCount(), 2);
    w.runQuery();
    QVERIFY(windowtest::waitIdle(w));
    QVERIFY(!list->hasGameFilter());
    QCOMPARE(list->rowCount(), 6);
    QVERIFY(!showAll->isVisible());
}

void TestStatistics::guiAnswersWhileCounting()
{
    // Enough games that counting them takes far longer than a frame.
    constexpr int Games = 150000;
    std::string text;
    text.reserve(size_t(Games) * 130);
    for (int i = 0; i < Games; ++i)
        text += "[White \"P" + std::to_string(i % 997) + "\"]\n[Black \"Q" + std::to_string(i % 991)
            + "\"]\n[Result \"1-0\"]\n[Date \"" + std::to_string(1900 + i % 120) + ".01.01\"]\n[ECO \"B"
            + std::to_string(10 + i % 90) + "\"]\n[WhiteElo \"2" + std::to_string(100 + i % 800)
            + "\"]\n\n1. e4 1-0\n\n";
    const wb::GameSourcePtr source = testgames::source(text, "many.pgn");
    QList<wb::GameHit> all;
    for (int g = 0; g < Games; ++g)
        all.append({g, 1, 0, false});

    const qint64 gap = eventlatency::bestLongestGap([&](qint64 &longestGap) {
        wb::StatisticsBuilder builder;
        builder.start(source, {0}, {QStringLiteral("many.pgn")});
        eventlatency::Probe probe;
        QElapsedTimer clock;
        clock.start();
        // Rounds of the same hits (the builder counts what it is given), three at
        // least (450k matches, as many as masters'), and more until the count
        // lasts long enough to tell, however fast the machine.
        int rounds = 0;
        do {
            for (int k = 0; k < 3; ++k, ++rounds)
                builder.addHits(all);
            while (builder.isBusy())
                QTest::qWait(1);
        } while (clock.elapsed() <= 300 && rounds < 60);
        QTest::qWait(20); // the last snapshot is delivered
        probe.stop();
        const qint64 took = clock.elapsed();
        qInfo("counted %d matches in %lld ms; %d timer ticks, longest gap %lld ms", rounds * Games, took, probe.ticks(),
              probe.longestGap());
        QCOMPARE(builder.snapshot().total.games, rounds * Games);
        // Without a worker the GUI thread would have been blocked for the whole count.
        QVERIFY2(took > 300, "the count was too quick to tell a blocked GUI thread from a free one");
        longestGap = probe.longestGap();
    });
    QVERIFY(gap >= 0);
    QVERIFY2(gap < eventlatency::MaxGapMs, qPrintable(eventlatency::gapMessage(gap)));
}

QTEST_MAIN(TestStatistics)
#include "tst_statistics.moc"
