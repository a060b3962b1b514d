// Bughouse games in BPGN, written for these tests (tests/data/variants/):
// both boards replayed, captures feeding the partner's pocket, drops of
// pieces taken on the other board, and broken files reported with their line.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/database.h"
#include "game/bughouse.h"
#include "game/replay.h"
#include "pgn/writer.h"
#include "pgntestutil.h"

#include <QtTest>

using namespace pgntest;

namespace {

std::string variantsPath(const char *name) { return std::string(CQLWB_TEST_DATA) + "/variants/" + name; }

std::vector<game::Game> readAll(const std::string &text)
{
    std::vector<game::Game> games;
    pgn::Reader reader;
    reader.resetText(text);
    game::Game g;
    game::GameBuilder builder(g);
    while (reader.readGame(builder))
        games.push_back(g);
    return games;
}

std::vector<std::string> mainlineSan(const game::Game &g)
{
    std::vector<std::string> out;
    for (game::NodeId n = g.root().firstChild; n != game::NoNode; n = g.nodes[n].firstChild)
        out.push_back(g.nodes[g.nodes[n].parent].position.san(g.nodes[n].move));
    return out;
}

const game::Node &lastNode(const game::Game &g) { return g.nodes[g.mainlineEnd()]; }

} // namespace

class TestBughouse : public QObject {
    Q_OBJECT

private slots:
    void markers()
    {
        int board = -1;
        chess::Color side = chess::White;
        QVERIFY(game::parseBoardMarker("12A", board, side));
        QCOMPARE(board, 0);
        QCOMPARE(side, chess::White);
        QVERIFY(game::parseBoardMarker("3b", board, side));
        QCOMPARE(board, 1);
        QCOMPARE(side, chess::Black);
        QVERIFY(!game::parseBoardMarker("12", board, side));
        QVERIFY(!game::parseBoardMarker("e4", board, side));
        QVERIFY(!game::parseBoardMarker("1C", board, side));
        QVERIFY(!game::parseBoardMarker("0-0", board, side));
        QVERIFY(game::isBughouseName("Bughouse"));
        QVERIFY(game::isBughouseName("bug house"));
        QVERIFY(!game::isBughouseName("Crazyhouse"));
    }

    void readsBothBoards()
    {
        const auto games = readAll(readFile(variantsPath("bughouse.bpgn")));
        QCOMPARE(games.size(), size_t(2));
        const game::Game &a = games[0];
        QVERIFY2(a.errors.empty(), a.errors.empty() ? "" : a.errors[0].message.c_str());
        QVERIFY(!a.unsupported);
        QCOMPARE(a.board, 'A');
        QCOMPARE(a.otherBoard.size(), size_t(1));
        const game::Game &b = a.otherBoard[0];
        QCOMPARE(b.board, 'B');
        QCOMPARE(a.variant(), chess::Variant::Crazyhouse);
        QCOMPARE(mainlineSan(a), (std::vector<std::string>{"e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@d4", "P@e5"}));
        QCOMPARE(mainlineSan(b), (std::vector<std::string>{"e4", "P@d5", "exd5", "Nf6", "P@e5", "Nxd5"}));
        // Players under the standard tags, for lists and output.
        QCOMPARE(a.tag("White"), std::string_view("Anna"));
        QCOMPARE(a.tag("Black"), std::string_view("Bert"));
        QCOMPARE(a.tag("WhiteElo"), std::string_view("1900"));
        QCOMPARE(b.tag("White"), std::string_view("Carl"));
        QCOMPARE(b.tag("Black"), std::string_view("Dora"));
        QCOMPARE(b.tag("Board"), std::string_view("B"));
        QCOMPARE(b.number, a.number);
        // The clock comments stay with their moves, on their board.
        QCOMPARE(a.text(a.nodes[a.root().firstChild].comment), std::string_view("59.9"));
        QCOMPARE(b.text(b.nodes[b.root().firstChild].comment), std::string_view("59.8"));
        QCOMPARE(lastNode(a).position.fen(),
                 std::string("rnb1kbnr/ppp1pppp/8/q3p3/3P4/2N5/PPPP1PPP/R1BQKBNR[] w KQkq - 0 5"));
        QCOMPARE(lastNode(b).position.fen(),
                 std::string("rnbqkb1r/pppppppp/8/3nP3/8/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 4"));
    }

    void captureFeedsPartnerPocket()
    {
        const auto games = readAll(readFile(variantsPath("bughouse.bpgn")));
        const game::Game &a = games[0];
        const game::Game &b = a.otherBoard[0];
        // 2A. exd5: White on A takes a pawn; Black on B, the partner, gets it
        // before 1b. (board B's position after 1B. e4), and nobody on A does.
        const game::Node &afterExd5 = a.nodes[a.nodes[a.nodes[a.root().firstChild].firstChild].firstChild];
        QCOMPARE(afterExd5.position.pocket().count(chess::White, chess::Pawn), 0);
        const game::Node &b1 = b.nodes[b.root().firstChild];
        QCOMPARE(b1.position.pocket().count(chess::Black, chess::Pawn), 1);
        QCOMPARE(b1.position.pocket().count(chess::White, chess::Pawn), 0);
        // 1b. P@d5 drops it.
        const game::Node &b2 = b.nodes[b1.firstChild];
        QVERIFY(b2.move.isDrop());
        QCOMPARE(b2.move.dropPiece(), chess::Pawn);
        QCOMPARE(b2.position.pocket().empty(chess::Black), true);
        // 3b. Nxd5 on B gives White on A the pawn 4A. P@d4 drops.
        const game::Node &a7 = a.nodes[a.mainlineEnd()];
        const game::Node &a6 = a.nodes[a7.parent];
        const game::Node &a5 = a.nodes[a6.parent];
        QVERIFY(a6.move.isDrop());
        QCOMPARE(a5.position.pocket().count(chess::White, chess::Pawn), 1);
        // The key follows the pocket: equal positions, equal keys.
        QCOMPARE(
            a5.position.key(),
            chess::Position::fromFen(a5.position.fen(), nullptr, false, nullptr, chess::Variant::Crazyhouse)->key());
    }

    void resultsAndMate()
    {
        const auto games = readAll(readFile(variantsPath("bughouse.bpgn")));
        const game::Game &a = games[1];
        QVERIFY(a.errors.empty());
        const game::Game &b = a.otherBoard[0];
        QCOMPARE(a.result, std::string("1-0"));
        QCOMPARE(b.result, std::string("0-1"));
        QCOMPARE(b.tag("Result"), std::string_view("0-1"));
        QVERIFY(lastNode(b).position.isCheckmate());
        QCOMPARE(a.mainlinePlies(), 4);
        QCOMPARE(b.mainlinePlies(), 4);
    }

    void brokenFilesNameTheLine()
    {
        const auto games = readAll(readFile(variantsPath("bughouse-broken.bpgn")));
        QCOMPARE(games.size(), size_t(3));
        QCOMPARE(games[0].errors.size(), size_t(1));
        QCOMPARE(games[0].errors[0].line, 5);
        QCOMPARE(games[0].errors[0].column, 8);
        QCOMPARE(games[0].errors[0].message, std::string("board A: 1A but Black is to move"));
        QCOMPARE(games[0].mainlinePlies(), 1);
        QCOMPARE(games[1].errors.size(), size_t(1));
        QCOMPARE(games[1].errors[0].line, 12);
        QCOMPARE(games[1].errors[0].column, 5);
        QVERIFY2(games[1].errors[0].message.find("board B: ") == 0
                     && games[1].errors[0].message.find("N@f3 at ply 1") != std::string::npos,
                 games[1].errors[0].message.c_str());
        QCOMPARE(games[2].errors.size(), size_t(1));
        QCOMPARE(games[2].errors[0].line, 18);
        QVERIFY(games[2].errors[0].message.find("move e4 has no board") == 0);
    }

    void checkReplaysBothBoards()
    {
        // cqlwb-cli -check's replay: both boards' plies, problems with their lines.
        game::Replayer good;
        QVERIFY(game::replayFile(variantsPath("bughouse.bpgn"), good));
        QCOMPARE(good.stats().games, uint64_t(2));
        QCOMPARE(good.stats().mainlinePlies, uint64_t(14 + 8));
        QCOMPARE(good.stats().gamesWithErrors, uint64_t(0));
        game::Replayer broken;
        std::vector<std::string> problems;
        broken.onProblem = [&](const game::ReplayedGame &g) {
            for (const game::GameError &e : g.errors)
                problems.push_back(std::to_string(e.line) + ":" + std::to_string(e.column) + " " + e.message);
        };
        QVERIFY(game::replayFile(variantsPath("bughouse-broken.bpgn"), broken));
        QCOMPARE(broken.stats().gamesWithErrors, uint64_t(3));
        QCOMPARE(problems.size(), size_t(3));
        QCOMPARE(problems[0], std::string("5:8 board A: 1A but Black is to move"));
        QVERIFY2(problems[1].find("12:5 board B: ") == 0, problems[1].c_str());
        QVERIFY2(problems[2].find("18:4 move e4 has no board") == 0, problems[2].c_str());
    }

    void boardWrittenAloneReadsBack()
    {
        // The search writes a matched board as a game of its own (Board tag):
        // read back, the drops of pieces from the unseen board are taken as given.
        const auto games = readAll(readFile(variantsPath("bughouse.bpgn")));
        const game::Game &b = games[0].otherBoard[0];
        std::string text;
        pgn::writeGame(text, b);
        QVERIFY(text.find("[Board \"B\"]") != std::string::npos);
        QVERIFY(text.find("P@d5") != std::string::npos);
        const auto back = readAll(text);
        QCOMPARE(back.size(), size_t(1));
        QVERIFY2(back[0].errors.empty(), back[0].errors.empty() ? "" : back[0].errors[0].message.c_str());
        QCOMPARE(back[0].board, 'B');
        QVERIFY(back[0].otherBoard.empty());
        QCOMPARE(mainlineSan(back[0]), mainlineSan(b));
        // Board A likewise: 4A. P@d4 drops the pawn taken on board B.
        const game::Game &a = games[0];
        const auto backA = readAll(pgn::gameToPgn(a));
        QCOMPARE(backA.size(), size_t(1));
        QVERIFY(backA[0].errors.empty());
        QCOMPARE(backA[0].board, 'A');
        QCOMPARE(mainlineSan(backA[0]), mainlineSan(a));
        QCOMPARE(lastNode(backA[0]).position.fen(), lastNode(a).position.fen());
    }

    void indexCountsMovesNotMarkers()
    {
        db::Database d;
        std::string error;
        QVERIFY(d.open(variantsPath("bughouse.bpgn"), {}, &error));
        QCOMPARE(d.size(), size_t(2));
        QCOMPARE(d.entry(0).plies, 14u);
        QCOMPARE(d.field(0, db::Field::Variant), std::string_view("Bughouse"));
        // Board A's players in the White and Black fields, as a loaded game has them.
        QCOMPARE(d.field(0, db::Field::White), std::string_view("Anna"));
        QCOMPARE(d.field(0, db::Field::Black), std::string_view("Bert"));
    }
};

QTEST_APPLESS_MAIN(TestBughouse)
#include "tst_bughouse.moc"
