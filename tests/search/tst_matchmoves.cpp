// What the search records of a matched game for the workbench's trees
// (search::recordMatchMoves): result, ratings, mainline, and the moves after
// each matched position with their text, check and mate, as the engine's
// Match carries them when SearchOptions::recordMoves is on.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"
#include "search/matchmoves.h"
#include "search/search.h"

#include <QtTest>

namespace {

game::Game parsed(const char *text)
{
    game::Game g;
    game::GameParser parser;
    parser.parse(text, 1, {1, 1, 0}, g);
    return g;
}

cql::GameResult marks(std::initializer_list<game::NodeId> nodes)
{
    cql::GameResult r;
    r.matched = true;
    for (game::NodeId n : nodes)
        r.matches.push_back({n, {}, {}});
    return r;
}

QStringList texts(const search::MatchMoves &m, size_t match)
{
    QStringList out;
    for (int i = 0; i < search::NextPlies; ++i)
        out << QString::fromStdString(m.next[match * search::NextPlies + size_t(i)].text());
    return out;
}

} // namespace

class TestMatchMoves : public QObject {
    Q_OBJECT
private slots:
    void resultRatingsAndNextMoves();
    void startPositionAndPromotion();
    void searchRecordsThemWhenAsked();
};

void TestMatchMoves::resultRatingsAndNextMoves()
{
    const game::Game g = parsed("[WhiteElo \"2450\"]\n[BlackElo \"x\"]\n[Result \"0-1\"]\n\n"
                                "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Qxe2+ 5. Kxe2 0-1");
    search::MatchMoves m;
    search::recordMatchMoves(g, marks({0, 3, 6}), m);
    QCOMPARE(m.outcome, search::Outcome::BlackWin);
    QCOMPARE(m.whiteElo, uint16_t(2450));
    QCOMPARE(m.blackElo, uint16_t(0)); // not a number
    QVERIFY(!m.start);
    QCOMPARE(m.mainline.size(), size_t(9));
    QCOMPARE(m.next.size(), size_t(3 * search::NextPlies));
    QCOMPARE(texts(m, 0), QStringList({"e4", "d5", "exd5", "Qxd5"}));
    QCOMPARE(texts(m, 1), QStringList({"Qxd5", "Nc3", "Qe5+", "Be2"}));
    QCOMPARE(texts(m, 2), QStringList({"Be2", "Qxe2+", "Kxe2", ""})); // the game ends
    QVERIFY(!m.next[11].valid());
    QVERIFY(m.next[1].byBlack() && !m.next[0].byBlack());
    QVERIFY(m.next[4].capture() && !m.next[5].capture());
}

void TestMatchMoves::startPositionAndPromotion()
{
    const game::Game g =
        parsed("[FEN \"7k/4P3/8/8/8/8/8/R3K3 w Q - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O-O Kg7 2. e8=Q Kh6 *");
    search::MatchMoves m;
    search::recordMatchMoves(g, marks({0}), m);
    QVERIFY(m.start);
    QCOMPARE(m.start->key(), g.root().position.key());
    QCOMPARE(m.outcome, search::Outcome::Unknown);
    QCOMPARE(texts(m, 0), QStringList({"O-O-O", "Kg7", "e8=Q", "Kh6"}));
    search::MatchMoves last;
    search::recordMatchMoves(parsed("1. f3 e5 2. g4 Qh4# 0-1"), marks({3}), last);
    QCOMPARE(texts(last, 0), QStringList({"Qh4#", "", "", ""}));
    QVERIFY(last.next[0].mate() && last.next[0].check());
}

void TestMatchMoves::searchRecordsThemWhenAsked()
{
    std::vector<cql::Diagnostic> diagnostics;
    auto query = cql::compile("cql() check", {}, diagnostics);
    QVERIFY(query);
    db::Database d;
    std::string error;
    QVERIFY(
        d.openText("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Result \"*\"]\n\n1. d4 *\n", "t.pgn", {}, &error));
    for (bool record : {false, true}) {
        search::SearchOptions options;
        options.threads = 1;
        options.recordMoves = record;
        search::Search s(*query, options);
        s.addDatabase(d);
        std::vector<search::Match> matches;
        search::Callbacks cb;
        cb.onMatch = [&](search::Match &&m) { matches.push_back(std::move(m)); };
        s.run(cb);
        QCOMPARE(matches.size(), size_t(1));
        QCOMPARE(matches[0].moves.mainline.size(), record ? size_t(4) : size_t(0));
        QCOMPARE(matches[0].moves.next.size(), record ? size_t(search::NextPlies) : size_t(0));
        if (record) QVERIFY(!matches[0].moves.next[0].valid()); // mate: nothing after it
        if (record) QCOMPARE(matches[0].moves.outcome, search::Outcome::BlackWin);
    }
}

QTEST_MAIN(TestMatchMoves)
#include "tst_matchmoves.moc"
