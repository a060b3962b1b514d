// The game list and problems models: QAbstractItemModelTester, sorting,
// search results, and the adapter over a core database.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/databasesource.h"
#include "gamelist/gamelistmodel.h"
#include "problems/problemsmodel.h"

#include <QAbstractItemModelTester>
#include <QCollator>
#include <QElapsedTimer>
#include <QPersistentModelIndex>
#include <QSignalSpy>
#include <QTest>

using wb::GameListModel;

namespace {

const char *const Pgn = R"([Event "Club"]
[White "Carlsen"]
[Black "Anand"]
[Result "1-0"]
[Date "2014.11.23"]
[ECO "C65"]
[WhiteElo "2863"]
[BlackElo "2792"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0

[Event "Blitz"]
[White "Anand"]
[Black "Kasparov"]
[Result "0-1"]
[WhiteElo "2750"]

1. d4 d5 0-1

[Event "Match"]
[White "bronstein"]
[Black "Tal"]
[Result "1/2-1/2"]

1. c4 1/2-1/2
)";

std::shared_ptr<const wb::GameSource> database()
{
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->openText(Pgn, "test.pgn", {}, &error)) qFatal("cannot open test PGN: %s", error.c_str());
    return std::make_shared<wb::DatabaseSource>(std::move(db));
}

QStringList columnTexts(const GameListModel &m, int col)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.data(m.index(r, col)).toString();
    return out;
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void databaseSource();
    void gameListBasics();
    void gameListSorting_data();
    void gameListSorting();
    void sortKeepsPersistentIndexes();
    void backgroundSort();
    void searchResults();
    void matchesOnly();
    void problems();
};

void TestModels::databaseSource()
{
    const auto src = database();
    QCOMPARE(src->gameCount(), 3);
    QCOMPARE(src->name(), QStringLiteral("test.pgn"));
    const wb::GameInfo info = src->info(0);
    QCOMPARE(info.white, QStringLiteral("Carlsen"));
    QCOMPARE(info.eco, QStringLiteral("C65"));
    QCOMPARE(info.whiteElo, 2863);
    QCOMPARE(info.plies, 5);
    QCOMPARE(info.number, quint64(1));
    game::Game g;
    QString error;
    auto ctx = src->makeLoadContext();
    QVERIFY(src->loadGame(1, g, &error, ctx.get()));
    QCOMPARE(g.mainlinePlies(), 2);
    QCOMPARE(std::string(g.tag("Black")), std::string("Kasparov"));
    QVERIFY(!src->loadGame(7, g, &error));
    QVERIFY(error.contains(QLatin1String("8")));
    QVERIFY(src->hasGameText());
    QVERIFY(src->gameText(2).find("bronstein") != std::string_view::npos);
}

void TestModels::gameListBasics()
{
    GameListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setSource(database());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(GameListModel::ColumnCount));
    QCOMPARE(model.data(model.index(0, GameListModel::White)).toString(), QStringLiteral("Carlsen"));
    QCOMPARE(model.data(model.index(1, GameListModel::Result)).toString(), QStringLiteral("0-1"));
    QCOMPARE(model.data(model.index(1, GameListModel::BlackElo)), QVariant()); // not given
    QCOMPARE(model.data(model.index(2, GameListModel::Number)).toULongLong(), 3ULL);
    QCOMPARE(model.data(model.index(2, GameListModel::Matches)), QVariant()); // not searched
    QCOMPARE(model.headerData(GameListModel::Eco, Qt::Horizontal).toString(), QStringLiteral("ECO"));
    QCOMPARE(model.gameIndex(2), 2);
    QCOMPARE(model.gameIndex(3), -1);
}

void TestModels::gameListSorting_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("order");
    QTest::addColumn<QStringList>("whites");
    QTest::newRow("white asc, case-insensitive")
        << int(GameListModel::White) << int(Qt::AscendingOrder) << QStringList{"Anand", "bronstein", "Carlsen"};
    QTest::newRow("white desc") << int(GameListModel::White) << int(Qt::DescendingOrder)
                                << QStringList{"Carlsen", "bronstein", "Anand"};
    QTest::newRow("elo asc, missing first")
        << int(GameListModel::WhiteElo) << int(Qt::AscendingOrder) << QStringList{"bronstein", "Anand", "Carlsen"};
    QTest::newRow("plies desc") << int(GameListModel::Plies) << int(Qt::DescendingOrder)
                                << QStringList{"Carlsen", "Anand", "bronstein"};
    QTest::newRow("number desc") << int(GameListModel::Number) << int(Qt::DescendingOrder)
                                 << QStringList{"bronstein", "Anand", "Carlsen"};
}

void TestModels::gameListSorting()
{
    QFETCH(int, column);
    QFETCH(int, order);
    QFETCH(QStringList, whites);
    GameListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(database());
    model.sort(column, Qt::SortOrder(order));
    model.waitForSorted();
    QCOMPARE(columnTexts(model, GameListModel::White), whites);
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.rowOfGame(model.gameIndex(r)), r);
}

void TestModels::sortKeepsPersistentIndexes()
{
    GameListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(database());
    const QPersistentModelIndex carlsen(model.index(0, GameListModel::White));
    model.sort(GameListModel::White, Qt::AscendingOrder);
    model.waitForSorted();
    QCOMPARE(carlsen.row(), 2);
    QCOMPARE(carlsen.data().toString(), QStringLiteral("Carlsen"));
}

void TestModels::backgroundSort()
{
    // Names in scrambled order, some differing only in case.
    std::string pgn;
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const int k = (i * 7919) % n;
        pgn += "[White \"" + std::string(k % 2 ? "player" : "Player") + std::to_string(k)
            + "\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
    }
    auto d = std::make_shared<db::Database>();
    std::string error;
    QVERIFY(d->openText(std::move(pgn), "many.pgn", {}, &error));
    GameListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(std::make_shared<wb::DatabaseSource>(std::move(d)));
    QCOMPARE(model.rowCount(), n);
    const QPersistentModelIndex first(model.index(0, GameListModel::White));
    const QString firstName = first.data().toString();
    QSignalSpy sorting(&model, &GameListModel::sortingChanged);
    QElapsedTimer timer;
    timer.start();
    model.sort(GameListModel::White, Qt::AscendingOrder);
    // sort() returns at once; clicking again before it is done restarts it.
    QVERIFY(model.isSorting());
    model.sort(GameListModel::White, Qt::DescendingOrder);
    const qint64 returned = timer.elapsed();
    QVERIFY(model.isSorting());
    QTRY_VERIFY_WITH_TIMEOUT(!model.isSorting(), 30000);
    qInfo("sort() returned after %lld ms, sorted %d rows in %lld ms", returned, n, qint64(timer.elapsed()));
    QCOMPARE(sorting.first().first().toBool(), true);
    QCOMPARE(sorting.last().first().toBool(), false);
    // Descending, by case-insensitive numeric collation; every game once.
    QCollator collator;
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    collator.setNumericMode(true);
    QList<bool> seen(n, false);
    for (int r = 0; r < n; ++r) {
        const int g = model.gameIndex(r);
        QVERIFY(!seen[g]);
        seen[g] = true;
        QCOMPARE(model.rowOfGame(g), r);
        if (r > 0) {
            const QString a = model.data(model.index(r - 1, GameListModel::White)).toString().toCaseFolded();
            const QString b = model.data(model.index(r, GameListModel::White)).toString().toCaseFolded();
            QVERIFY2(collator.compare(a, b) >= 0, qPrintable(a + QStringLiteral(" before ") + b));
        }
    }
    QCOMPARE(model.gameIndex(n - 1), 0);          // "Player0" is the smallest name
    QCOMPARE(first.data().toString(), firstName); // the persistent index followed its game
}

void TestModels::searchResults()
{
    GameListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(database());
    model.startResults();
    model.addHits({{0, 3, 17, true}, {1, 0, 0, false}});
    QCOMPARE(model.matchedGames(), 1);
    QCOMPARE(model.data(model.index(0, GameListModel::Matches)).toInt(), 3);
    QCOMPARE(model.data(model.index(0, GameListModel::SortValue)).toLongLong(), 17LL);
    QCOMPARE(model.data(model.index(1, GameListModel::Matches)).toInt(), 0);
    QCOMPARE(model.data(model.index(2, GameListModel::Matches)), QVariant());
    model.addHits({{2, 1, 40, true}});
    model.sort(GameListModel::SortValue, Qt::DescendingOrder);
    model.waitForSorted();
    QCOMPARE(columnTexts(model, GameListModel::White), (QStringList{"bronstein", "Carlsen", "Anand"}));
    model.sort(GameListModel::Matches, Qt::DescendingOrder);
    model.waitForSorted();
    QCOMPARE(columnTexts(model, GameListModel::White), (QStringList{"Carlsen", "bronstein", "Anand"}));
    model.clearResults();
    QCOMPARE(model.matchedGames(), 0);
    QCOMPARE(model.data(model.index(0, GameListModel::Matches)), QVariant());
}

void TestModels::matchesOnly()
{
    GameListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(database());
    model.setMatchesOnly(true);
    QCOMPARE(model.rowCount(), 0);
    model.startResults();
    model.addHits({{2, 2, 0, false}});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, GameListModel::White)).toString(), QStringLiteral("bronstein"));
    model.addHits({{0, 1, 0, false}, {1, 0, 0, false}});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.rowOfGame(1), -1);
    model.setMatchesOnly(false);
    QCOMPARE(model.rowCount(), 3);
}

void TestModels::problems()
{
    wb::ProblemsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiagnostics({{3, 7, 2, QStringLiteral("unknown filter 'kk'"), wb::EditorDiagnostic::Error},
                          {1, 1, 1, QStringLiteral("unused variable x"), wb::EditorDiagnostic::Warning}},
                         QStringLiteral("q.cql"));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.errorCount(), 1);
    QCOMPARE(model.warningCount(), 1);
    QCOMPARE(model.data(model.index(0, wb::ProblemsModel::Location)).toString(), QStringLiteral("q.cql:3:7"));
    QCOMPARE(model.data(model.index(0, wb::ProblemsModel::Message)).toString(), QStringLiteral("unknown filter 'kk'"));
    QCOMPARE(model.data(model.index(1, wb::ProblemsModel::Severity)).toString(), QStringLiteral("Warning"));
    QVERIFY(!model.data(model.index(0, wb::ProblemsModel::Severity), Qt::DecorationRole).value<QIcon>().isNull());
    model.setDiagnostics({});
    QCOMPARE(model.rowCount(), 0);
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
