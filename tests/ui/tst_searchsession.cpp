// The search session: a query becomes results, a selected game its marks and
// the shown match, as signals the widgets follow; cancel, running again,
// several databases and games held in memory (searched without a PGN detour).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamelist/gamelistmodel.h"
#include "game/notationorder.h"
#include "search/searchsession.h"
#include "testgames.h"

#include <QSignalSpy>
#include <QTest>

namespace {

using testgames::mates;

// Checks in the main line (move 3) and in a variation written before it (move 2).
const char *const Checks = "[White \"V\"]\n[Black \"W\"]\n[Result \"*\"]\n\n"
                           "1. e4 e5 2. Nf3 (2. Qh5 Nc6 3. Qxf7+ Kxf7) 2... d6 3. Bb5+ c6 *\n\n";

wb::GameSourcePtr source(const std::string &text, const char *name = "session.pgn")
{
    return testgames::source(text, name);
}

// The same games, held in memory (no indexed file behind them).
wb::GameSourcePtr inMemory(const wb::GameSourcePtr &from)
{
    std::vector<game::Game> games(size_t(from->gameCount()));
    for (int i = 0; i < from->gameCount(); ++i)
        if (!from->loadGame(i, games[size_t(i)])) qFatal("cannot load game %d", i);
    return std::make_shared<wb::MemoryGameSource>(std::move(games), QStringLiteral("memory"));
}

wb::SearchSummary summaryOf(const QSignalSpy &finished, int i)
{
    return finished.at(i).first().value<wb::SearchSummary>();
}

} // namespace

class TestSearchSession : public QObject {
    Q_OBJECT
private slots:
    void queryResultsGameMarks();
    void matchesWalkTheNotation();
    void queryErrorsAndNoDatabase();
    void cancel();
    void runAgain();
    void severalDatabasesAndMemory();
    void databasesChangeForgetsTheGame();
};

void TestSearchSession::queryResultsGameMarks()
{
    wb::SearchSession session;
    QSignalSpy databases(&session, &wb::SearchSession::databasesChanged);
    session.setDatabases({source(mates(2))});
    QCOMPARE(databases.count(), 1);
    QCOMPARE(session.games()->rowCount(), 6);

    QSignalSpy diagnostics(&session, &wb::SearchSession::diagnosticsChanged);
    QSignalSpy started(&session, &wb::SearchSession::searchStarted);
    QSignalSpy finished(&session, &wb::SearchSession::searchFinished);
    QSignalSpy counts(&session, &wb::SearchSession::matchedCountsChanged);
    QCOMPARE(session.run(QStringLiteral("cql() mate"), QString()), wb::SearchSession::RunResult::Started);
    QCOMPARE(diagnostics.count(), 1);
    QVERIFY(diagnostics.first().first().value<wb::EditorDiagnostics>().isEmpty());
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.first().first().toInt(), 6);
    QVERIFY(finished.wait(30000));
    QVERIFY(!summaryOf(finished, 0).cancelled);
    QCOMPARE(summaryOf(finished, 0).matchedGames, 2);
    // The results are the session's: the list, the records and the counts per database.
    QCOMPARE(session.games()->matchedGames(), 2);
    QCOMPARE(session.matchedPerDatabase(), std::vector<int>{2});
    QVERIFY(!counts.isEmpty());
    QVERIFY(session.query());

    // A matched game opens at its match, with the squares the engine recorded.
    QSignalSpy shown(&session, &wb::SearchSession::gameShown);
    QSignalSpy position(&session, &wb::SearchSession::positionShown);
    session.selectGame(4);
    QVERIFY(shown.wait(10000));
    QCOMPARE(shown.first().first().value<wb::LoadedGame>().index, 4);
    QCOMPARE(position.count(), 1);
    QCOMPARE(position.first().at(1).toInt(), 1); // match 1
    QCOMPARE(session.marks().size(), size_t(1));
    const game::NodeId mate = session.currentNode();
    QVERIFY(session.loadedGame().game->nodes[mate].position.isCheckmate());
    QVERIFY(session.markedSquares().any());
    // Moving off the match and back.
    session.showNode(0);
    QCOMPARE(position.last().at(1).toInt(), 0);
    QVERIFY(session.markedSquares().empty());
    session.goToMatch(+1);
    QCOMPARE(session.currentNode(), mate);
    QCOMPARE(position.last().at(1).toInt(), 1);

    // A game without a match opens at the start.
    session.selectGame(0);
    QVERIFY(shown.wait(10000));
    QCOMPARE(session.currentNode(), game::NodeId(0));
    QCOMPARE(position.last().at(1).toInt(), 0);
    QVERIFY(session.marks().empty());
}

void TestSearchSession::matchesWalkTheNotation()
{
    // The order is the notation's: the variation's check (written first) comes first.
    const auto src = source(Checks);
    game::Game g;
    QVERIFY(src->loadGame(0, g));
    const std::vector<uint32_t> order = game::notationRanks(g);
    QCOMPARE(order.size(), g.nodes.size());
    wb::SearchSession session;
    session.setDatabases({src});
    QSignalSpy finished(&session, &wb::SearchSession::searchFinished);
    QCOMPARE(session.run(QStringLiteral("cql(variations) check"), QString()), wb::SearchSession::RunResult::Started);
    QVERIFY(finished.wait(30000));
    QSignalSpy shown(&session, &wb::SearchSession::gameShown);
    session.selectGame(0);
    QVERIFY(shown.wait(10000));
    const auto &marks = session.marks();
    QCOMPARE(marks.size(), size_t(2));
    const auto &nodes = session.loadedGame().game->nodes;
    QVERIFY(nodes[marks[0].node].variationDepth > 0);
    QCOMPARE(nodes[marks[1].node].variationDepth, uint16_t(0));
    QVERIFY(order[marks[0].node] < order[marks[1].node]);
    QCOMPARE(session.currentNode(), marks[0].node);
    session.goToMatch(+1);
    QCOMPARE(session.currentNode(), marks[1].node);
    session.goToMatch(+1); // wraps round
    QCOMPARE(session.currentNode(), marks[0].node);
    session.goToMatch(-1);
    QCOMPARE(session.currentNode(), marks[1].node);
}

void TestSearchSession::queryErrorsAndNoDatabase()
{
    wb::SearchSession session;
    QSignalSpy diagnostics(&session, &wb::SearchSession::diagnosticsChanged);
    QSignalSpy started(&session, &wb::SearchSession::searchStarted);
    QCOMPARE(session.run(QStringLiteral("cql() mate"), QString()), wb::SearchSession::RunResult::NoDatabase);
    session.setDatabases({source(mates(1))});
    QCOMPARE(session.run(QStringLiteral("cql()\nmate }"), QString()), wb::SearchSession::RunResult::QueryErrors);
    QCOMPARE(diagnostics.count(), 2);
    QVERIFY(!session.diagnostics().isEmpty());
    QCOMPARE(session.diagnostics().first().line, 2);
    QCOMPARE(started.count(), 0);
    QVERIFY(!session.isRunning());
}

void TestSearchSession::cancel()
{
    wb::SearchSession session;
    session.controller()->setThreadCount(1);
    session.setDatabases({source(mates(30000))});
    QSignalSpy finished(&session, &wb::SearchSession::searchFinished);
    QCOMPARE(session.run(QStringLiteral("cql() mate"), QString()), wb::SearchSession::RunResult::Started);
    QVERIFY(session.isRunning());
    QVERIFY(session.isBusy());
    // At once: the search of 90,000 games is still at its start.
    session.cancel();
    QVERIFY(finished.wait(30000));
    QVERIFY(summaryOf(finished, 0).cancelled);
    QVERIFY(summaryOf(finished, 0).searched < 90000);
    QVERIFY(!session.isRunning());
    QVERIFY(session.games()->matchedGames() < 30000);
}

void TestSearchSession::runAgain()
{
    wb::SearchSession session;
    session.setDatabases({source(mates(20000))});
    QSignalSpy finished(&session, &wb::SearchSession::searchFinished);
    QCOMPARE(session.run(QStringLiteral("cql() mate"), QString()), wb::SearchSession::RunResult::Started);
    const wb::QueryPtr first = session.query();
    // Running again replaces the search: the first reports cancelled at once.
    QCOMPARE(session.run(QStringLiteral("cql() result 1/2-1/2"), QString()), wb::SearchSession::RunResult::Started);
    QCOMPARE(finished.count(), 1);
    QVERIFY(summaryOf(finished, 0).cancelled);
    QVERIFY(session.query() != first);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.count(), 2);
    QVERIFY(!summaryOf(finished, 1).cancelled);
    QCOMPARE(summaryOf(finished, 1).matchedGames, 20000);
    // Only the second query's matches are listed and recorded.
    QCOMPARE(session.games()->matchedGames(), 20000);
    QVERIFY(session.controller()->record(2));
    QVERIFY(!session.controller()->record(1));
}

void TestSearchSession::severalDatabasesAndMemory()
{
    // An indexed file, the same games in memory, and the file again: one run,
    // numbered through all three; the memory part is evaluated game by game.
    const auto file = source(mates(2), "a.pgn");
    const auto memory = inMemory(source(mates(1), "m.pgn"));
    const auto other = source(mates(1), "b.pgn");
    QVERIFY(!memory->database());
    wb::SearchSession session;
    session.setDatabases({file, memory, other});
    QCOMPARE(session.listSource()->gameCount(), 12);
    QCOMPARE(session.databaseOfGame(5), 0);
    QCOMPARE(session.databaseOfGame(6), 1);
    QCOMPARE(session.databaseOfGame(11), 2);
    QCOMPARE(session.databaseOfGame(12), -1);
    QCOMPARE(session.firstGameOf(2), 9);
    QSignalSpy finished(&session, &wb::SearchSession::searchFinished);
    QSignalSpy hits(session.controller(), &wb::SearchController::hitsFound);
    QSignalSpy progress(&session, &wb::SearchSession::searchProgress);
    QCOMPARE(session.run(QStringLiteral("cql() mate"), QString()), wb::SearchSession::RunResult::Started);
    QVERIFY(finished.wait(30000));
    const wb::SearchSummary s = summaryOf(finished, 0);
    QVERIFY(!s.cancelled);
    QCOMPARE(s.searched, 12);
    QCOMPARE(s.matchedGames, 4);
    QList<int> all, matched;
    for (const auto &args : hits)
        for (const wb::GameHit &h : args.first().value<QList<wb::GameHit>>()) {
            all << h.game;
            if (h.matches > 0) matched << h.game;
        }
    QCOMPARE(all.size(), 12);
    for (int i = 0; i < all.size(); ++i)
        QCOMPARE(all[i], i);
    QCOMPARE(matched, (QList<int>{1, 4, 7, 10}));
    QCOMPARE(session.matchedPerDatabase(), (std::vector<int>{2, 1, 1}));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toInt(), 12);
    QCOMPARE(progress.last().at(1).toInt(), 12);
    // The memory game's record has the engine's squares, as a file's has.
    const wb::MatchRecord *r = session.controller()->record(7);
    QVERIFY(r);
    QVERIFY(!r->result.matches.empty());
    QVERIFY(r->result.matches.front().squares.any());
    // The searched source is the session's list, not a copy made for the search.
    QCOMPARE(session.controller()->source(), session.listSource());

    // The header's game numbers hold for games in memory too.
    QCOMPARE(session.run(QStringLiteral("cql(gamenumber 3 9) mate"), QString()), wb::SearchSession::RunResult::Started);
    QVERIFY(finished.wait(30000));
    // Numbers count per file: a.pgn's game 5 only; the mates of the others are their games 2.
    QCOMPARE(session.games()->matchedGames(), 1);
}

void TestSearchSession::databasesChangeForgetsTheGame()
{
    wb::SearchSession session;
    session.setDatabases({source(mates(1))});
    QSignalSpy shown(&session, &wb::SearchSession::gameShown);
    session.selectGame(1);
    QVERIFY(shown.wait(10000));
    QVERIFY(session.loadedGame().game);
    session.setDatabases({});
    QVERIFY(!session.loadedGame().game);
    QCOMPARE(session.currentNode(), game::NoNode);
    QVERIFY(!session.listSource());
    QCOMPARE(session.games()->rowCount(), 0);
    session.selectGame(0); // nothing to load
    QVERIFY(!session.isBusy());
}

QTEST_MAIN(TestSearchSession)
#include "tst_searchsession.moc"
