// Variant games in PGN, written for these tests: the Variant tag's spellings,
// FEN tags with pockets and check counters, drops in the movetext, moves the
// variant's rules refuse, and the writer giving all of it back as lichess
// writes it.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/replay.h"
#include "pgn/writer.h"
#include "pgntestutil.h"

#include <QtTest>

using namespace pgntest;

namespace {

const char *const CrazyhouseGame = "[Event \"zh\"]\n[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n"
                                   "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @d4 P@e4 5. Nxe4 Qxa2 6. Rxa2 Bf5 "
                                   "7. Q@d8+ Kxd8 *\n";

// Drops the tags that carried the start: what a game made in memory has.
game::Game withoutStartTags(game::Game g)
{
    std::erase_if(g.tags, [](const auto &t) { return t.first == "FEN" || t.first == "SetUp" || t.first == "Variant"; });
    return g;
}

} // namespace

class TestVariantPgn : public QObject {
    Q_OBJECT

private slots:
    void variantTags_data()
    {
        QTest::addColumn<QString>("tag");
        QTest::addColumn<int>("variant");
        QTest::newRow("lichess three-check") << "Three-check" << int(chess::Variant::ThreeCheck);
        QTest::newRow("3-check") << "3-check" << int(chess::Variant::ThreeCheck);
        QTest::newRow("koth") << "koth" << int(chess::Variant::KingOfTheHill);
        QTest::newRow("lichess hill") << "King of the Hill" << int(chess::Variant::KingOfTheHill);
        QTest::newRow("suicide") << "suicide" << int(chess::Variant::Antichess);
        QTest::newRow("giveaway") << "Giveaway" << int(chess::Variant::Antichess);
        QTest::newRow("zh") << "zh" << int(chess::Variant::Crazyhouse);
        QTest::newRow("standard") << "Standard" << int(chess::Variant::Standard);
    }
    void variantTags()
    {
        QFETCH(QString, tag);
        QFETCH(int, variant);
        // 1. e3 b5 2. Bxb5: legal in each, and in Antichess forced.
        const game::Game g = readOne("[Variant \"" + tag.toStdString() + "\"]\n\n1. e3 b5 2. Bxb5 *\n");
        QVERIFY2(g.errors.empty() && !g.unsupported, errorsOf(g).c_str());
        QCOMPARE(int(g.root().position.variant()), variant);
        QCOMPARE(int(g.variant()), variant);
        QCOMPARE(int(g.nodes[g.mainlineEnd()].position.variant()), variant);
        QCOMPARE(g.mainlinePlies(), 3);
    }

    void crazyhouseDropsWrittenBack()
    {
        const game::Game g = readOne(CrazyhouseGame);
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QCOMPARE(g.mainlinePlies(), 14);
        std::string pgn = pgn::gameToPgn(g);
        std::replace(pgn.begin(), pgn.end(), '\n', ' ');
        // chessops's bare pawn drop comes back with its letter, as lichess writes it.
        QVERIFY2(pgn.find("4. P@d4 P@e4 5. Nxe4 Qxa2 6. Rxa2 Bf5 7. Q@d8+ Kxd8 *") != std::string::npos, pgn.c_str());
        QVERIFY2(pgn.find("[Variant \"Crazyhouse\"]") != std::string::npos, pgn.c_str());
        QVERIFY2(pgn.find("[FEN") == std::string::npos, pgn.c_str()); // the variant's own start
        const chess::Position &last = g.nodes[g.mainlineEnd()].position;
        // White has the pawn of Nxe4 (the queen of Rxa2 was dropped on d8);
        // Black the pawn of Qxa2 and that queen.
        QCOMPARE(last.pocket().text(), std::string("Ppq"));
        // The same game once more from what was written.
        const game::Game again = readOne(pgn);
        QCOMPARE(mainline(again), mainline(g));
        QCOMPARE(again.nodes[again.mainlineEnd()].position.fen(), last.fen());
        // Written from memory, without the tags it was read with: lichess's name comes back.
        const std::string rewritten = pgn::gameToPgn(withoutStartTags(g));
        QVERIFY2(rewritten.find("[Variant \"Crazyhouse\"]") != std::string::npos, rewritten.c_str());
    }

    void threeCheckFenTag()
    {
        // lichess's checks-given form in the FEN tag; Rh8 is White's third check.
        const game::Game g = readOne("[Variant \"Three-check\"]\n[SetUp \"1\"]\n"
                                     "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 4 30 +2+1\"]\n\n30. Rh8# 1-0\n");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QCOMPARE(g.root().position.checksGiven(chess::White), 2);
        const chess::Position &last = g.nodes[g.mainlineEnd()].position;
        QCOMPARE(last.variantEnd(), chess::VariantEnd::ThirdCheck);
        QCOMPARE(last.variantWinner(), chess::White);
        // Written back from memory, the FEN has chessops's checks-left field.
        const std::string pgn = pgn::gameToPgn(withoutStartTags(g));
        QVERIFY2(pgn.find("[Variant \"Three-check\"]") != std::string::npos, pgn.c_str());
        QVERIFY2(pgn.find("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 1+2 4 30\"]") != std::string::npos, pgn.c_str());
        QVERIFY2(pgn.find("30. Rh8# 1-0") != std::string::npos, pgn.c_str());
    }

    void crazyhouseFenTag()
    {
        // The ninth-rank pocket form, read as the bracket form, and a drop from it.
        const game::Game g = readOne("[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n"
                                     "[FEN \"7k/6pp/8/8/8/8/8/K7/R w - - 0 40\"]\n\n40. R@e8# 1-0\n");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QCOMPARE(g.root().position.fen(), std::string("7k/6pp/8/8/8/8/8/K7[R] w - - 0 40"));
        QVERIFY(g.nodes[g.mainlineEnd()].position.isCheckmate());
        const std::string pgn = pgn::gameToPgn(withoutStartTags(g));
        QVERIFY2(pgn.find("[FEN \"7k/6pp/8/8/8/8/8/K7[R] w - - 0 40\"]") != std::string::npos, pgn.c_str());
    }

    void movesTheRulesRefuse_data()
    {
        QTest::addColumn<QString>("pgn");
        QTest::addColumn<QString>("errors");
        QTest::addColumn<int>("plies");
        QTest::newRow("antichess must capture") << "[Variant \"Antichess\"]\n\n1. e3 b5 2. Nf3 *\n"
                                                << "3:13 illegal move Nf3 at ply 3\n"
                                                << 2;
        QTest::newRow("antichess has no castling")
            << "[Variant \"Antichess\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n"
            << "1:1 FEN: castling rights K dropped: Antichess has no castling\n4:4 illegal move O-O at ply 1\n"
            << 0;
        QTest::newRow("pawn drop on the last rank")
            << "[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[P] w - - 0 1\"]\n\n1. P@a8 *\n"
            << "4:4 illegal move P@a8 at ply 1\n"
            << 0;
        QTest::newRow("drop from an empty pocket") << "[Variant \"Crazyhouse\"]\n\n1. N@f3 *\n"
                                                   << "3:4 illegal move N@f3 at ply 1\n"
                                                   << 0;
        QTest::newRow("a king is never dropped") << "[Variant \"Crazyhouse\"]\n\n1. K@f3 *\n"
                                                 << "3:4 bad move K@f3 at ply 1\n"
                                                 << 0;
        QTest::newRow("a drop in standard chess") << "1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n"
                                                  << "1:26 bad move P@e4 at ply 5\n"
                                                  << 4;
        QTest::newRow("no move after the third check")
            << "[Variant \"Three-check\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0+3 4 30\"]\n\n30... Kd7 *\n"
            << "4:7 illegal move Kd7 at ply 1\n"
            << 0;
    }
    void movesTheRulesRefuse()
    {
        QFETCH(QString, pgn);
        QFETCH(QString, errors);
        QFETCH(int, plies);
        const game::Game g = readOne(pgn.toStdString());
        QCOMPARE(QString::fromStdString(errorsOf(g)), errors);
        QCOMPARE(g.mainlinePlies(), plies);
    }

    void replayerAgrees()
    {
        // The board-only replay of cqlwb-cli -check reads the same games cleanly.
        game::Replayer replayer;
        int problems = 0;
        replayer.onProblem = [&](const game::ReplayedGame &) { ++problems; };
        pgn::Reader reader;
        const std::string text = std::string(CrazyhouseGame)
            + "\n[Variant \"Antichess\"]\n\n1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6 4. a4 Nb4 5. a5 Nxc2 *\n";
        reader.resetText(text);
        while (reader.readGame(replayer)) {}
        QCOMPARE(problems, 0);
        QCOMPARE(replayer.stats().games, uint64_t(2));
        QCOMPARE(replayer.stats().mainlinePlies, uint64_t(14 + 10));
    }
};

QTEST_APPLESS_MAIN(TestVariantPgn)
#include "tst_variantpgn.moc"
