// The Tree dock: the opening tree and the "what came next" tree of a search's
// matches, with figures checked against tests/data/tree/hand-counted.pgn
// (counted by hand in its README and below), whether the games were searched
// by the engine or evaluated in memory; a click follows a move on the board;
// and the GUI thread keeps answering while a large result is counted.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/boardwidget.h"
#include "gamelist/gamelistmodel.h"
#include "mainwindow/mainwindow.h"
#include "search/searchcontroller.h"
#include "search/searchsession.h"
#include "tree/nexttreemodel.h"
#include "tree/openingtreemodel.h"
#include "tree/treebuilder.h"
#include "tree/treepane.h"
#include "testgames.h"
#include "eventlatency.h"
#include "windowtest.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>

#include <QTreeView>

namespace {

const char *const Query = "cql(gamenumber 1 5) Nf3 nc6";

std::string handCountedText()
{
    QFile f(QStringLiteral(CQLWB_TEST_DATA "/tree/hand-counted.pgn"));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read hand-counted.pgn");
    return f.readAll().toStdString();
}

chess::Position after(std::initializer_list<const char *> sans)
{
    chess::Position p;
    for (const char *san : sans)
        p.play(p.parseSan(san));
    return p;
}

// The matches of the query over `source`, as the workbench's search records them.
std::shared_ptr<const wb::MatchRecords> searchMatches(const wb::GameSourcePtr &source)
{
    wb::SearchController controller;
    QSignalSpy finished(&controller, &wb::SearchController::finished);
    wb::CompiledQuery q = wb::compileQuery(QString::fromLatin1(Query), QStringLiteral("tree.cql"));
    if (!q.query) qFatal("the test query does not compile");
    controller.start(source, q.query);
    if (!finished.wait(20000)) qFatal("the search did not finish");
    return controller.matchRecords();
}

const wb::OpeningMove *find(const wb::OpeningTree &tree, const char *san)
{
    for (const wb::OpeningMove &m : tree.moves)
        if (m.san == QLatin1String(san)) return &m;
    return nullptr;
}

const wb::NextMove *find(const std::vector<wb::NextMove> &rows, const char *text)
{
    for (const wb::NextMove &m : rows)
        if (m.text == QLatin1String(text)) return &m;
    return nullptr;
}

// count, 1-0, draws, 0-1, average rating (-1: none)
void expect(const wb::TreeTally &t, int count, int whiteWins, int draws, int blackWins, int rating)
{
    QCOMPARE(t.count, count);
    QCOMPARE(t.whiteWins, whiteWins);
    QCOMPARE(t.draws, draws);
    QCOMPARE(t.blackWins, blackWins);
    QCOMPARE(t.averageRating(), rating);
}

} // namespace

class TestTree : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { windowtest::isolateSettings(QStringLiteral("tst_tree")); }
    void handCountedOpeningTree_data();
    void handCountedOpeningTree();
    void handCountedNextTree();
    void modelsShowTheFigures();
    void clickFollowsTheMove();
    void guiAnswersWhileCounting();
};

void TestTree::handCountedOpeningTree_data()
{
    QTest::addColumn<bool>("inMemory");
    QTest::newRow("engine search of an indexed file") << false;
    QTest::newRow("games evaluated in memory") << true;
}

void TestTree::handCountedOpeningTree()
{
    QFETCH(bool, inMemory);
    wb::GameSourcePtr source = testgames::source(handCountedText(), "hand-counted.pgn");
    if (inMemory) {
        std::vector<game::Game> games;
        for (int i = 0; i < source->gameCount(); ++i) {
            games.emplace_back();
            QVERIFY(source->loadGame(i, games.back()));
        }
        source = std::make_shared<wb::MemoryGameSource>(std::move(games), QStringLiteral("memory"));
    }
    const auto records = searchMatches(source);
    QCOMPARE(records->size(), size_t(5)); // game 6 is outside the game numbers

    // The start: 1. e4 in games 1, 3, 4 (1-0, draw, 1-0; White 2500, 2400, 2700);
    // 1. Nf3 in game 2 (0-1, 2600); 1. d4 in game 5 (no result, no ratings).
    const wb::OpeningTree start = wb::openingTree(*records, chess::Position());
    QCOMPARE(start.games, 5);
    QCOMPARE(start.ended, 0);
    QCOMPARE(start.moves.size(), size_t(3));
    QCOMPARE(start.moves[0].san, QStringLiteral("e4"));
    expect(start.moves[0].tally, 3, 2, 1, 0, 2533);
    QCOMPARE(qRound(start.moves[0].tally.whiteScore() * 10), 833);
    expect(find(start, "Nf3")->tally, 1, 0, 0, 1, 2600);
    QCOMPARE(find(start, "Nf3")->tally.whiteScore(), 0.0);
    expect(find(start, "d4")->tally, 1, 0, 0, 0, -1);
    QCOMPARE(find(start, "d4")->tally.whiteScore(), -1.0);
    QCOMPARE(find(start, "Nf3")->game, 1);
    QCOMPARE(find(start, "Nf3")->ply, 1);

    // After 1. e4 Black moves: the rating is Black's (2400, none; 2650).
    const wb::OpeningTree e4 = wb::openingTree(*records, after({"e4"}));
    QCOMPARE(e4.games, 3);
    expect(find(e4, "e5")->tally, 2, 1, 1, 0, 2400);
    expect(find(e4, "c5")->tally, 1, 1, 0, 0, 2650);

    // 1. e4 e5 2. Nf3 Nc6 is reached by games 1 and 3, and by game 2 through
    // 1. Nf3 Nc6 2. e4 e5: a transposition, found by the position's key.
    const wb::OpeningTree ruy = wb::openingTree(*records, after({"e4", "e5", "Nf3", "Nc6"}));
    QCOMPARE(ruy.games, 3);
    QCOMPARE(ruy.moves.size(), size_t(2));
    QCOMPARE(ruy.moves[0].san, QStringLiteral("Bb5"));
    expect(ruy.moves[0].tally, 2, 1, 1, 0, 2450);
    QCOMPARE(ruy.moves[0].tally.whiteScore(), 75.0);
    expect(find(ruy, "Bc4")->tally, 1, 0, 0, 1, 2600);
    QCOMPARE(find(ruy, "Bc4")->game, 1);
    QCOMPARE(find(ruy, "Bc4")->ply, 5);
    QCOMPARE(wb::openingTree(*records, after({"Nf3", "Nc6", "e4", "e5"})).games, 3);

    // Game 1's last position: only game 1 (game 6 did not match) ends there.
    const wb::OpeningTree end = wb::openingTree(*records, after({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
    QCOMPARE(end.games, 1);
    QCOMPARE(end.ended, 1);
    QVERIFY(end.moves.empty());
    // A position no matched game reaches.
    QCOMPARE(wb::openingTree(*records, after({"a4"})).games, 0);
}

void TestTree::handCountedNextTree()
{
    const auto records = searchMatches(testgames::source(handCountedText(), "hand-counted.pgn"));
    // 17 matched positions; after each game's last one nothing is played (5).
    wb::TreeTally total;
    int ended = -1;
    const std::vector<wb::NextMove> top = wb::nextMoves(*records, {}, &total, &ended);
    QCOMPARE(total.count, 17);
    QCOMPARE(ended, 5);
    QStringList texts;
    int sum = 0;
    for (const wb::NextMove &m : top) {
        texts << m.text;
        sum += m.tally.count;
    }
    QCOMPARE(sum, 12);
    QCOMPARE(texts.size(), 11);
    QCOMPARE(texts.first(), QStringLiteral("Bb5")); // the only move played twice
    for (const char *t : {"a6", "e4", "e5", "Bc4", "Bc5", "Nf6", "d4", "cxd4", "c4", "e6"})
        QVERIFY2(texts.contains(QLatin1String(t)), t);
    // Bb5 in games 1 (1-0) and 3 (draw), by White rated 2500 and 2400.
    expect(top[0].tally, 2, 1, 1, 0, 2450);
    QCOMPARE(top[0].ended, 0);
    expect(find(top, "a6")->tally, 1, 1, 0, 0, 2400); // Black's rating in game 1
    expect(find(top, "Nf6")->tally, 1, 0, 1, 0, -1);  // game 3 gives no Black rating
    expect(find(top, "cxd4")->tally, 1, 1, 0, 0, 2650);
    QCOMPARE(find(top, "a6")->ended, 1);

    // Under Bb5: a6 (game 1) and Nf6 (game 3), after which the games end.
    const std::vector<wb::NextMove> bb5 = wb::nextMoves(*records, {top[0].key}, &total, &ended);
    QCOMPARE(total.count, 2);
    QCOMPARE(ended, 0);
    QCOMPARE(bb5.size(), size_t(2));
    QCOMPARE(find(bb5, "a6")->ended, 1);
    QCOMPARE(find(bb5, "a6")->game, 0);
    QCOMPARE(find(bb5, "Nf6")->game, 2);
    QCOMPARE(wb::gamesAfter(*records, {top[0].key}), std::vector<int>({0, 2}));

    // Game 2's first match (after 1... Nc6) is followed by 2. e4 e5 3. Bc4 Bc5: four plies deep.
    std::vector<wb::NextKey> line{find(top, "e4")->key};
    for (const char *t : {"e5", "Bc4", "Bc5"}) {
        const std::vector<wb::NextMove> rows = wb::nextMoves(*records, line);
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].text, QLatin1String(t));
        QCOMPARE(rows[0].game, 1);
        QCOMPARE(rows[0].match, 0);
        line.push_back(rows[0].key);
    }
    QVERIFY(wb::nextMoves(*records, line).empty()); // search::NextPlies deep, no more
}

void TestTree::modelsShowTheFigures()
{
    wb::TreeBuilder builder;
    builder.setRecords(searchMatches(testgames::source(handCountedText(), "hand-counted.pgn")));
    wb::TreePane pane(&builder);
    builder.showPosition(after({"e4", "e5", "Nf3", "Nc6"}));
    builder.waitForIdle();
    QVERIFY(builder.openingTreeCurrent());
    wb::OpeningTreeModel *opening = pane.openingModel();
    QCOMPARE(opening->rowCount(), 2);
    QCOMPARE(opening->index(0, wb::OpeningTreeModel::Move).data().toString(), QStringLiteral("Bb5"));
    QCOMPARE(opening->index(0, wb::OpeningTreeModel::Games).data().toString(), QStringLiteral("2"));
    QCOMPARE(opening->index(0, wb::OpeningTreeModel::Share).data().toString(), QStringLiteral("66.7%"));
    QCOMPARE(opening->index(0, wb::OpeningTreeModel::Score).data().toString(), QStringLiteral("75.0%"));
    QCOMPARE(opening->index(0, wb::OpeningTreeModel::Draws).data().toString(), QStringLiteral("50.0%"));
    QCOMPARE(opening->index(0, wb::OpeningTreeModel::Rating).data().toString(), QStringLiteral("2450"));
    QCOMPARE(pane.openingSummary(), QStringLiteral("3 matched games reach the position on the board."));

    // The "what came next" tree: its top level at once, a row's children when it is expanded.
    wb::NextTreeModel *next = pane.nextModel();
    QCOMPARE(next->rowCount(), 11);
    QCOMPARE(pane.nextSummary(), QStringLiteral("17 matched positions; 5 with no move after them."));
    const QModelIndex bb5 = next->index(0, 0);
    QCOMPARE(bb5.data().toString(), QStringLiteral("Bb5"));
    QVERIFY(next->hasChildren(bb5));
    QCOMPARE(next->rowCount(bb5), 0);
    QVERIFY(next->canFetchMore(bb5));
    next->fetchMore(bb5); // what expanding the row does
    QTRY_COMPARE(next->rowCount(bb5), 2);
    builder.waitForIdle();
    QCOMPARE(next->index(0, 0, bb5).data().toString(), QStringLiteral("a6"));
    QCOMPARE(next->index(0, wb::NextTreeModel::Rating, bb5).data().toString(), QStringLiteral("2400"));
    QVERIFY(!next->hasChildren(next->index(0, 0, bb5))); // game 1 ends after 3... a6
}

void TestTree::clickFollowsTheMove()
{
    QTemporaryDir dir;
    const QString path =
        windowtest::write(dir, QStringLiteral("hand.pgn"), QByteArray::fromStdString(handCountedText()));
    wb::MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openDatabase(path);
    QVERIFY(windowtest::waitIdle(w));
    w.setQueryText(QString::fromLatin1(Query));
    w.runQuery();
    QVERIFY(windowtest::waitIdle(w));
    wb::TreeBuilder *builder = w.tree();
    QTRY_VERIFY(builder->hasRecords() && !builder->isBusy());
    QDockWidget *dock = w.findChild<QDockWidget *>(QStringLiteral("TreeDock"));
    QVERIFY(dock);
    dock->show();
    dock->raise();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    // Game 1 is shown at its first match, after 2... Nc6: the tree is of that position.
    wb::SearchSession *s = w.session();
    QTRY_COMPARE(s->loadedGame().index, 0);
    QTRY_VERIFY(builder->openingTreeCurrent() && !builder->isBusy());
    QCOMPARE(builder->position().key(), after({"e4", "e5", "Nf3", "Nc6"}).key());
    wb::TreePane *pane = w.treePane();
    QTableView *view = pane->openingView();
    QCOMPARE(view->model()->rowCount(), 2);

    // Bc4 is not game 1's move: a click opens game 2, which played it, after 3. Bc4.
    const int bc4 = view->model()->index(0, 0).data().toString() == QLatin1String("Bc4") ? 0 : 1;
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(bc4, 0)).center());
    QTRY_COMPARE(s->loadedGame().index, 1);
    const chess::Position afterBc4 = after({"Nf3", "Nc6", "e4", "e5", "Bc4"});
    QTRY_COMPARE(w.board()->position().key(), afterBc4.key());
    QTRY_VERIFY(builder->openingTreeCurrent() && !builder->isBusy());
    QCOMPARE(builder->position().key(), afterBc4.key());
    QCOMPARE(view->model()->rowCount(), 1);
    QCOMPARE(view->model()->index(0, 0).data().toString(), QStringLiteral("Bc5"));

    // Bc5 is this game's own next move: the board steps into it.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(0, 0)).center());
    QTRY_COMPARE(w.board()->position().key(), after({"Nf3", "Nc6", "e4", "e5", "Bc4", "Bc5"}).key());
    QCOMPARE(s->loadedGame().index, 1);

    // "What came next": a click on a line shows its first game after that line,
    // and the button lists the games that have it.
    QTreeView *next = pane->nextView();
    const QModelIndex cxd4 = [&] {
        for (int r = 0; r < next->model()->rowCount(); ++r)
            if (next->model()->index(r, 0).data().toString() == QLatin1String("cxd4"))
                return next->model()->index(r, 0);
        return QModelIndex();
    }();
    QVERIFY(cxd4.isValid());
    next->scrollTo(cxd4);
    QTest::mouseClick(next->viewport(), Qt::LeftButton, {}, next->visualRect(cxd4).center());
    QTRY_COMPARE(s->loadedGame().index, 3);
    QTRY_COMPARE(w.board()->position().key(), after({"e4", "c5", "Nf3", "Nc6", "d4", "cxd4"}).key());
    auto *list = pane->findChild<QPushButton *>(QStringLiteral("listGames"));
    QVERIFY(list->isEnabled());
    QTest::mouseClick(list, Qt::LeftButton);
    QCOMPARE(w.gameListModel()->rowCount(), 1);

    // A new search empties the trees until it ends.
    w.runQuery();
    QVERIFY(windowtest::waitIdle(w));
    QCOMPARE(w.gameListModel()->rowCount(), 6);
    QTRY_VERIFY(builder->hasRecords() && !builder->isBusy());
    QCOMPARE(pane->nextModel()->rowCount(), 11);
}

void TestTree::guiAnswersWhileCounting()
{
    // 400k matched games, as many as masters': eight openings, 24 plies each,
    // so the tree of a position 8 plies deep replays every game that far.
    const std::vector<std::vector<const char *>> lines{
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"},
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Nxe4", "d4", "b5"},
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "d3", "b5", "Bb3", "Be7"},
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "Qe2", "b5", "Bb3", "Be7"},
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "Nc3", "b5", "Bb3", "Be7"},
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "d4", "exd4", "O-O", "Be7"},
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "c3", "b5", "Bb3", "Be7"},
        {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "Bxc6", "dxc6", "O-O", "Bd6"},
    };
    std::vector<std::vector<chess::Move>> moves;
    for (const auto &line : lines) {
        chess::Position p;
        moves.emplace_back();
        for (const char *san : line) {
            moves.back().push_back(p.parseSan(san));
            p.play(moves.back().back());
        }
    }
    auto records = std::make_shared<wb::MatchRecords>();
    constexpr int Games = 400000;
    records->resize(Games);
    for (int g = 0; g < Games; ++g) {
        wb::MatchRecord &r = (*records)[size_t(g)];
        r.game = g;
        r.moves.mainline = moves[size_t(g % 8)];
        r.moves.outcome = search::Outcome(g % 3);
        r.moves.whiteElo = 2000 + g % 700;
    }
    const chess::Position deep = after({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"});

    const qint64 gap = eventlatency::bestLongestGap([&](qint64 &longestGap) {
        wb::TreeBuilder builder;
        builder.setRecords(records);
        eventlatency::Probe probe;
        QElapsedTimer clock;
        clock.start();
        int rounds = 0;
        do {
            builder.showPosition(rounds % 2 ? chess::Position() : deep);
            ++rounds;
            while (builder.isBusy())
                QTest::qWait(1);
        } while (clock.elapsed() <= 300 && rounds < 200);
        probe.stop();
        const qint64 took = clock.elapsed();
        qInfo("%d opening trees of %d games in %lld ms; %d timer ticks, longest gap %lld ms", rounds, Games, took,
              probe.ticks(), probe.longestGap());
        QVERIFY(builder.openingTreeCurrent());
        const wb::OpeningTree &t = builder.openingTree();
        QCOMPARE(t.games, Games);
        QCOMPARE(t.key, rounds % 2 ? deep.key() : chess::Position().key());
        QVERIFY2(took > 300, "the count was too quick to tell a blocked GUI thread from a free one");
        longestGap = probe.longestGap();
    });
    QVERIFY(gap >= 0);
    QVERIFY2(gap < eventlatency::MaxGapMs, qPrintable(eventlatency::gapMessage(gap)));
}

QTEST_MAIN(TestTree)
#include "tst_tree.moc"
