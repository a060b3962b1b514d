// Searching bughouse games: each board is searched as a game, and a match
// names its board (Match::board, "Game number N board B" in the output).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/query.h"
#include "database/database.h"
#include "search/search.h"

#include <QtTest>

namespace {

std::string variantsPath(const char *name) { return std::string(CQLWB_TEST_DATA) + "/variants/" + name; }

struct Found {
    uint64_t game;
    char board;
    size_t positions;
    std::string pgn;
};

std::vector<Found> searchBughouse(const std::string &query)
{
    std::vector<cql::Diagnostic> diags;
    auto q = cql::compile(query, {}, diags);
    if (!q) qWarning("query failed to compile: %s", query.c_str());
    std::vector<Found> found;
    if (!q) return found;
    db::Database d;
    std::string error;
    if (!d.open(variantsPath("bughouse.bpgn"), {}, &error)) qWarning("%s", error.c_str());
    search::SearchOptions options;
    options.formatPgn = true;
    options.threads = 2;
    search::Search s(*q, options);
    s.addDatabase(d);
    search::Callbacks cb;
    cb.onMatch = [&](search::Match &&m) { found.push_back({m.gameNumber, m.board, m.result.matches.size(), m.pgn}); };
    s.run(cb);
    return found;
}

} // namespace

class TestBughouseSearch : public QObject {
    Q_OBJECT

private slots:
    void cqlsVariantSelectsTheBoards()
    {
        // CQL-S :variant bughouse selects both boards of both games; they are
        // played under Crazyhouse rules but are not Crazyhouse games.
        const auto bughouse = searchBughouse("(match :variant bughouse)");
        QCOMPARE(bughouse.size(), size_t(4));
        QCOMPARE(std::count_if(bughouse.begin(), bughouse.end(), [](const Found &f) { return f.board == 'B'; }), 2);
        QVERIFY(searchBughouse("(match :variant crazyhouse)").empty());
        QVERIFY(searchBughouse("(match :variant normal)").empty());
    }

    void findsPositionOnBoardB()
    {
        // A white pawn on e5 beside a black knight on d5: only on board B of game 1.
        const auto found = searchBughouse("cql() Pe5 nd5");
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found[0].game, uint64_t(1));
        QCOMPARE(found[0].board, 'B');
        QCOMPARE(found[0].positions, size_t(1));
        QVERIFY(found[0].pgn.find("Game number 1 board B") != std::string::npos);
        QVERIFY(found[0].pgn.find("[White \"Carl\"]") != std::string::npos);
        QVERIFY(found[0].pgn.find("[Board \"B\"]") != std::string::npos);
    }

    void eachBoardIsAGame()
    {
        // A white pawn on e4: both boards of game 1, board A of game 2 (f3 and g4 on B).
        const auto e4 = searchBughouse("cql() Pe4");
        QCOMPARE(e4.size(), size_t(3));
        QCOMPARE(e4[0].board, 'A');
        QCOMPARE(e4[1].board, 'B');
        QCOMPARE(e4[2].game, uint64_t(2));
        QCOMPARE(e4[2].board, 'A');
        // The mate is on board B of game 2.
        const auto mate = searchBughouse("cql() mate");
        QCOMPARE(mate.size(), size_t(1));
        QCOMPARE(mate[0].game, uint64_t(2));
        QCOMPARE(mate[0].board, 'B');
    }
};

QTEST_APPLESS_MAIN(TestBughouseSearch)
#include "tst_bughousesearch.moc"
