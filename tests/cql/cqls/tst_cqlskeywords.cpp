// CQL-S position and match list keywords, each with the seed's examples on
// a position or a game it talks about, and the errors for keywords of the
// index that are not implemented yet.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/keywordtable.h"
#include "cql/cqls/parser.h"
#include "cql/cqls/tocql6.h"

using namespace cqltest;
using namespace cqlstest;

namespace {

// Positions: 0 start, 1 e4, 2 e5, 3 Bc4, 4 Nc6, 5 Qh5, 6 Nf6, 7 Qxf7#.
const char *Scholar = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[WhiteElo \"2100\"]\n[BlackElo \"1900\"]\n"
                      "[Date \"2013.05.01\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

int scholar(const std::string &list) { return matches("(match (position " + list + "))", pgnGame(Scholar)); }

std::string positionError(const std::string &list) { return cqlsError("(match (position " + list + "))"); }

} // namespace

class TestCqlsKeywords : public QObject {
    Q_OBJECT
private slots:
    void logic_data();
    void logic();
    void notForms();
    void cond();
    void simple_data();
    void simple();
    void repetitionAndClock();
    void variations();
    void transforms_data();
    void transforms();
    void pieceCounts_data();
    void pieceCounts();
    void pawnCounts_data();
    void pawnCounts();
    void rays_data();
    void rays();
    void moves_data();
    void moves();
    void moveNumbers();
    void loweredKeywords();
    void invariantPartsOutsideImages();
    void sequences();
    void opposition();
    void startArrangements();
    void exchanges();
    void whiteAndBlackRanges();
    void relations();
    void cutAndExclude();
    void goodBishop();
    void repetitionAndPretransformCounts();
    void lines();
    void accumulators();
    void unstoppablePawns();
    void matchListGameInformation();
    void gameInformation();
    void matchListLogic();
    void matchCountAndSeveralLists();
    void errors_data();
    void errors();
    void everyIndexKeywordIsKnown();
};

void TestCqlsKeywords::logic_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<int>("matches");
    QTest::newRow(":and") << ":and ((position Ke1) (position ke8) (position :check))" << 1;
    QTest::newRow(":or") << ":or ((position Qh5) (position :mate))" << 3;
    QTest::newRow(":xor") << ":xor ((position Qh5) (position nf6))" << 2;
    QTest::newRow(":or of one") << ":or ((position :mate))" << 1;
}

void TestCqlsKeywords::logic()
{
    QFETCH(QString, list);
    QFETCH(int, matches);
    QCOMPARE(scholar(list.toStdString()), matches);
}

void TestCqlsKeywords::notForms()
{
    // Bare :not negates its list; with a list argument it negates that list; '!' is short for it.
    QCOMPARE(scholar("Qh5 :not"), 6);
    QCOMPARE(scholar(":not (position :check)"), 7);
    QCOMPARE(scholar("!:check"), 7);
    QCOMPARE(scholar("!:mate Qh5"), 2);
    // The seed: (position Ra3 :not) is (position [aQBNPK.]a3).
    for (const char *fen : {"4k3/8/8/8/8/R7/8/4K3 w - - 0 1", "4k3/8/8/8/8/r7/8/4K3 w - - 0 1",
                            "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/N7/8/4K3 w - - 0 1"}) {
        QCOMPARE(positionMatches("Ra3 :not", fen), positionMatches("[aQBNPK.]a3", fen));
    }
    QCOMPARE(positionMatches("Ra3 :not", "4k3/8/8/8/8/R7/8/4K3 w - - 0 1"), 0);
    // The seed's :xor example: White has a light- or a dark-squared bishop, not both.
    QCOMPARE(positionMatches(":xor ((position BD?) (position BL?))", chess::Position::StartFen), 0);
    QCOMPARE(positionMatches(":xor ((position BD?) (position BL?))", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), 1);
}

void TestCqlsKeywords::cond()
{
    // The seed's example: a white pawn on e7 makes the result that of "black pawn on e2".
    const char *c = ":cond ((position Pe7) (position pe2))";
    QCOMPARE(positionMatches(c, "k7/4P3/8/8/8/8/4p3/K7 w - - 0 1"), 1);
    QCOMPARE(positionMatches(c, "k7/4P3/8/8/8/8/8/K7 w - - 0 1"), 0);
    QCOMPARE(positionMatches(c, "k7/8/8/8/8/8/4p3/K7 w - - 0 1"), 0); // no clause matches
    // A final association alone is the fallback; the written-out form works too.
    QCOMPARE(positionMatches(":cond ((position Pe7) (position pe2) (position Ka1))", "k7/8/8/8/8/8/8/K7 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":cond (position Pe7) (position pe2)", "k7/4P3/8/8/8/8/4p3/K7 w - - 0 1"), 1);
    // The first clause that matches decides, even when its association fails
    // and a later clause or the fallback would match.
    const char *two = ":cond ((position Pe7) (position pe2) (position Ka1) (position kh8) (position Ka1))";
    QCOMPARE(positionMatches(two, "k7/4P3/8/8/8/8/8/K7 w - - 0 1"), 0); // Pe7, no pe2
    QCOMPARE(positionMatches(two, "7k/8/8/8/8/8/8/K7 w - - 0 1"), 1);   // second clause: kh8
    QCOMPARE(positionMatches(two, "k7/8/8/8/8/8/8/K7 w - - 0 1"), 0);   // second clause, no kh8
    QCOMPARE(positionMatches(two, "k7/8/8/8/8/8/8/1K6 w - - 0 1"), 0);  // fallback Ka1 fails
}

void TestCqlsKeywords::simple_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("matches");
    const QString start = QString::fromLatin1(chess::Position::StartFen);
    QTest::newRow(":castling K start") << ":castling K" << start << 1;
    QTest::newRow(":castling K none") << ":castling K"
                                      << "4k3/8/8/8/8/8/8/4K2R w - - 0 1" << 0;
    QTest::newRow(":castling K held") << ":castling K"
                                      << "4k3/8/8/8/8/8/8/4K2R w K - 0 1" << 1;
    QTest::newRow(":castling [KQ] one of them") << ":castling [KQ]"
                                                << "4k3/8/8/8/8/8/8/4K2R w K - 0 1" << 1;
    QTest::newRow(":castling K :castling Q") << ":castling K :castling Q"
                                             << "4k3/8/8/8/8/8/8/4K2R w K - 0 1" << 0;
    QTest::newRow(":castling q") << ":castling q"
                                 << "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1" << 1;
    QTest::newRow(":contactcheck") << ":contactcheck"
                                   << "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1" << 1;
    QTest::newRow(":contactcheck Q") << ":contactcheck Q"
                                     << "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1" << 1;
    QTest::newRow(":contactcheck R") << ":contactcheck R"
                                     << "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1" << 0;
    QTest::newRow(":contactcheck distant") << ":contactcheck"
                                           << "4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1" << 0;
    QTest::newRow(":contactcheck knight") << ":contactcheck"
                                          << "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1" << 1;
    QTest::newRow(":doublecheck") << ":doublecheck"
                                  << "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1" << 1;
    QTest::newRow(":doublecheck single") << ":doublecheck"
                                         << "4k3/8/3N4/8/8/8/8/5K2 b - - 0 1" << 0;
    QTest::newRow(":attackcount A k 2") << ":attackcount A k 2"
                                        << "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1" << 1;
    QTest::newRow(":attackcount A k 2 :flipcolor") << ":attackcount A k 2 :flipcolor"
                                                   << "4rk2/8/8/8/8/3n4/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":attackcount A .h3 1") << ":attackcount A .h3 1"
                                          << "4k3/8/8/8/8/8/6P1/4K3 w - - 0 1" << 1;
    QTest::newRow(":attackcount A .h3 1, twice") << ":attackcount A .h3 1" << start << 0;
    QTest::newRow(":attackcount [Kk] . 0") << ":attackcount [Kk] . 0" << start << 1;
    QTest::newRow(":attackcount A ??8 0") << ":attackcount A ??8 0" << start << 1;
    QTest::newRow(":check [Q]?8") << ":check [Q]?8"
                                  << "4k2Q/8/8/8/8/8/8/4K3 b - - 0 1" << 1;
    QTest::newRow(":check [Q]?8 by a rook") << ":check [Q]?8"
                                            << "4k2R/8/8/8/8/8/8/4K3 b - - 0 1" << 0;
    QTest::newRow(":endgame start") << ":endgame" << start << 0;
    QTest::newRow(":endgame rook") << ":endgame"
                                   << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" << 1;
    QTest::newRow(":endgame Q v RB") << ":endgame"
                                     << "4k3/8/8/3rb3/8/8/8/Q3K3 w - - 0 1" << 1;
    QTest::newRow(":endgame Q+R v R") << ":endgame"
                                      << "4k3/8/8/3r4/8/8/8/QR2K3 w - - 0 1" << 0;
    QTest::newRow(":matingmaterial KvK") << ":matingmaterial"
                                         << "4k3/8/8/8/8/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow("!:matingmaterial KvK") << "!:matingmaterial"
                                          << "4k3/8/8/8/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":matingmaterial KB v KB same colour") << ":matingmaterial"
                                                         << "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1" << 0;
    QTest::newRow(":matingmaterial KB v KB opposite") << ":matingmaterial"
                                                      << "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1" << 1;
    QTest::newRow(":matingmaterial KR v K") << ":matingmaterial"
                                            << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" << 1;
    QTest::newRow(":whitecannotwin KB") << ":whitecannotwin"
                                        << "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1" << 1;
    QTest::newRow(":whitecannotwin KR") << ":whitecannotwin"
                                        << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" << 0;
    QTest::newRow(":blackcannotwin K") << ":blackcannotwin"
                                       << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" << 1;
    QTest::newRow(":blackcannotwin :flipcolor") << ":whitecannotwin :flipcolor"
                                                << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" << 1;
    QTest::newRow(":losing never in chess") << ":losing" << start << 0;
    QTest::newRow("!:mustcapture always in chess") << "!:mustcapture" << start << 1;
    QTest::newRow(":kingonthehill never") << ":kingonthehill" << start << 0;
    QTest::newRow(":threechecks never") << ":threechecks" << start << 0;
    QTest::newRow(":fen") << ":fen \"" + start + "\"" << start << 1;
    QTest::newRow(":fen other") << ":fen \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"" << start << 0;
    QTest::newRow(":power a 6") << ":power a 6"
                                << "r3k3/p7/8/8/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":power A[a-h1-4] 10 25") << ":power A[a-h1-4] 10 25"
                                            << "4k3/8/8/Q7/8/8/PPP5/R1B1K3 w - - 0 1" << 1;
    QTest::newRow(":power A[a-h1-4] 10 25, start") << ":power A[a-h1-4] 10 25" << start << 0;
    QTest::newRow(":powerdifference U 4") << ":powerdifference U 4"
                                          << "r3k3/8/8/8/8/8/8/Q3K3 w - - 0 1" << 1;
    QTest::newRow(":powerdifference exchange") << ":powerdifference [RrBbNn] <=-2"
                                               << "r2rk3/8/8/8/8/8/8/B3K3 w - - 0 1" << 1;
    QTest::newRow(":powerdifference exchange, other side") << ":powerdifference [RrBbNn] <=-2"
                                                           << "b3k3/8/8/8/8/8/8/R2RK3 w - - 0 1" << 0;
    QTest::newRow(":powerdifference exchange :flipcolor") << ":flipcolor :powerdifference [RrBbNn] <=-2"
                                                          << "b3k3/8/8/8/8/8/8/R2RK3 w - - 0 1" << 1;
    QTest::newRow(":powerdifference Q q 0") << ":powerdifference Q q 0" << start << 1;
}

void TestCqlsKeywords::simple()
{
    QFETCH(QString, list);
    QFETCH(QString, fen);
    QFETCH(int, matches);
    QCOMPARE(positionMatches(list.toStdString(), fen.toStdString()), matches);
}

void TestCqlsKeywords::repetitionAndClock()
{
    QCOMPARE(scholar(":check"), 1);
    QCOMPARE(scholar(":mate"), 1);
    QCOMPARE(scholar(":wtm"), 4);
    QCOMPARE(scholar(":btm :initial"), 0);
    QCOMPARE(scholar(":initial"), 1);
    QCOMPARE(scholar(":terminal"), 1);
    QCOMPARE(scholar(":nocheck"), 7);
    QCOMPARE(scholar(":gameisover"), 1);
    QCOMPARE(scholar(":check Q"), 1);
    QCOMPARE(scholar(":check B"), 0);
    // Halfmove clocks: 0 0 0 1 2 3 4 0.
    QCOMPARE(scholar(":halfmoveclock >=3"), 2);
    QCOMPARE(scholar(":halfmoveclock <=30"), 8);
    // The start position comes back at plies 4 and 8: the third time is at ply 8.
    game::Game rep = pgnGame("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n");
    QCOMPARE(matches("(match (position :threefoldrepetition))", rep), 1);
    QCOMPARE(matches("(match (position :threefoldrepetition :initial))", rep), 0);
    QCOMPARE(matches("(match (position :fivefoldrepetition))", rep), 0);
    // :fen of the French position, reached after 1.e4 e6.
    game::Game french = pgnGame("1. e4 e6 2. d4 d5 *\n");
    QCOMPARE(
        matches("(match (position :fen \"rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"))", french), 1);
}

void TestCqlsKeywords::variations()
{
    game::Game g = pgnGame("1. e4 (1. d4 d5) e5 *\n");
    QCOMPARE(matches("(match (position :insidevariation))", g), 0);
    QCOMPARE(matches("(match (position :insidevariation :variations))", g), 2);
    QCOMPARE(matches("(match (position :variationsonly))", g), 2);
    QCOMPARE(matches("(match (position :variations))", g), 5);
    QCOMPARE(matches("(match (position !:insidevariation :variations))", g), 3);
}

void TestCqlsKeywords::transforms_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("matches");
    QTest::newRow(":flipcolor") << "Nd4 ne5 :flipcolor"
                                << "4k3/8/8/3n4/4N3/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":flipcolor identity") << "Nd4 ne5 :flipcolor"
                                         << "4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow("no :flipcolor") << "Nd4 ne5"
                                   << "4k3/8/8/3n4/4N3/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow(":flipdiagonal Ra8 -> h1") << "Ra8 :flipdiagonal"
                                             << "4k3/8/8/8/8/8/8/4K2R w - - 0 1" << 1;
    QTest::newRow(":flipdiagonal not a1") << "Ra8 :flipdiagonal"
                                          << "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" << 0;
    QTest::newRow(":flip Qc2 -> g6") << "Qc2 :flip"
                                     << "k7/8/6Q1/8/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":flipdihedral Qc2 not d2") << "Qc2 :flipdihedral"
                                              << "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1" << 0;
    QTest::newRow(":fliphorizontal :flipvertical Qd4 -> e5") << "Qd4 :fliphorizontal :flipvertical"
                                                             << "k7/8/8/4Q3/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":fliphorizontal Qd4 -> d5") << "Qd4 :fliphorizontal"
                                               << "4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":fliphorizontal Qd4 not e4") << "Qd4 :fliphorizontal"
                                                << "7k/8/8/8/4Q3/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow(":flipvertical Qd4 -> e4") << "Qd4 :flipvertical"
                                             << "7k/8/8/8/4Q3/8/8/4K3 w - - 0 1" << 1;
    // Trailing edge: Ke1 shifted up keeps e1, so it covers the whole e-file upwards.
    QTest::newRow(":shiftvertical Ke1 -> e3") << "Ke1 :shiftvertical"
                                              << "4k3/8/8/8/8/4K3/8/8 w - - 0 1" << 1;
    QTest::newRow(":shiftvertical Ke1 not d3") << "Ke1 :shiftvertical"
                                               << "4k3/8/8/8/8/3K4/8/8 w - - 0 1" << 0;
    QTest::newRow(":shifthorizontal Kb2 -> g2") << "Kb2 :shifthorizontal"
                                                << "4k3/8/8/8/8/8/6K1/8 w - - 0 1" << 1;
    QTest::newRow(":shifthorizontal Kb2 not g3") << "Kb2 :shifthorizontal"
                                                 << "4k3/8/8/8/8/6K1/8/8 w - - 0 1" << 0;
    QTest::newRow(":shiftmaindiagonal Kb2 -> d4") << "Kb2 :shiftmaindiagonal"
                                                  << "4k3/8/8/8/3K4/8/8/8 w - - 0 1" << 1;
    QTest::newRow(":shiftmaindiagonal Kb2 not d5") << "Kb2 :shiftmaindiagonal"
                                                   << "4k3/8/8/3K4/8/8/8/8 w - - 0 1" << 0;
    QTest::newRow(":shiftoffdiagonal Kb2 -> a3") << "Kb2 :shiftoffdiagonal"
                                                 << "4k3/8/8/8/8/K7/8/8 w - - 0 1" << 1;
    QTest::newRow(":shiftoffdiagonal Kb2 not d4") << "Kb2 :shiftoffdiagonal"
                                                  << "4k3/8/8/8/3K4/8/8/8 w - - 0 1" << 0;
    QTest::newRow(":shiftdiagonal Kb2 -> a3") << "Kb2 :shiftdiagonal"
                                              << "4k3/8/8/8/8/K7/8/8 w - - 0 1" << 1;
    QTest::newRow(":shiftdiagonal Kb2 -> d4") << "Kb2 :shiftdiagonal"
                                              << "4k3/8/8/8/3K4/8/8/8 w - - 0 1" << 1;
    QTest::newRow(":shift Rc3 Rd3 -> g5 h5") << "Rc3 Rd3 :shift"
                                             << "4k3/8/8/6RR/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":shift Rc3 Rd3 not g5 h6") << "Rc3 Rd3 :shift"
                                              << "4k3/8/7R/6R1/8/8/8/4K3 w - - 0 1" << 0;
    // The seed's tripled pawns, and one of them on the main diagonal (:inside).
    QTest::newRow("tripled pawns") << ":piececount P[b2-7] 3 :shifthorizontal"
                                   << "4k3/8/2P5/2P5/2P5/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow("doubled pawns") << ":piececount P[b2-7] 3 :shifthorizontal"
                                   << "4k3/8/2P5/2P5/8/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow(":inside on the diagonal")
        << ":inside P[b2-7] [b2,c3,d4,e5,f6,g7] :piececount P[b2-7] 3 :shifthorizontal"
        << "4k3/8/3P4/3P4/3P4/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":inside off the diagonal")
        << ":inside P[b2-7] [b2,c3,d4,e5,f6,g7] :piececount P[b2-7] 3 :shifthorizontal"
        << "4k3/8/2P5/2P5/2P5/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow(":flipcolor :btm") << "ke8 :btm :flipcolor"
                                     << "4k3/8/8/8/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":btm without") << "ke8 :btm"
                                  << "4k3/8/8/8/8/8/8/4K3 w - - 0 1" << 0;
}

void TestCqlsKeywords::transforms()
{
    QFETCH(QString, list);
    QFETCH(QString, fen);
    QFETCH(int, matches);
    QCOMPARE(positionMatches(list.toStdString(), fen.toStdString()), matches);
}

void TestCqlsKeywords::pieceCounts_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("matches");
    const QString start = QString::fromLatin1(chess::Position::StartFen);
    QTest::newRow(":piececount R 2") << ":piececount R 2" << start << 1;
    QTest::newRow(":piececount R 3") << ":piececount R 3" << start << 0;
    QTest::newRow(":piececount [Rr][a?] 1 3") << ":piececount [Rr][a?] 1 3" << start << 1;
    QTest::newRow("seed: Nd4, rooks on a, queens on 8") << "Nd4 :piececount [Rr][a1-8] 1 3 :piececount [Qq][a-h8] 4"
                                                        << "QqQq3k/8/8/8/3N4/8/8/R3K3 w - - 0 1" << 1;
    QTest::newRow(":piececountdifference one designator") << ":piececountdifference [Rr][a1,a8,h1,h8] 1"
                                                          << "r3k3/8/8/8/8/8/8/R3K2R w - - 0 1" << 1;
    QTest::newRow(":piececountdifference two designators") << ":piececountdifference [B][b2,g2] [b][b7,g7] >0"
                                                           << "4k3/1b6/8/8/8/8/1B4B1/4K3 w - - 0 1" << 1;
    QTest::newRow(":piececountdifference two, equal") << ":piececountdifference [B][b2,g2] [b][b7,g7] >0"
                                                      << "4k3/1b4b1/8/8/8/8/1B4B1/4K3 w - - 0 1" << 0;
    QTest::newRow("seed: two bishops of one colour") << ":or ((position :piececount BL? 2) (position :piececount bL? "
                                                        "2) (position :piececount BD? 2) (position :piececount bD? 2))"
                                                     << "4k3/8/8/8/8/8/8/2B1KB1B w - - 0 1" << 1;
}

void TestCqlsKeywords::pieceCounts()
{
    QFETCH(QString, list);
    QFETCH(QString, fen);
    QFETCH(int, matches);
    QCOMPARE(positionMatches(list.toStdString(), fen.toStdString()), matches);
}

void TestCqlsKeywords::pawnCounts_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("matches");
    // White: a2 (isolated), c2 c3 (doubled), d4; black: h7 (passed? no white pawn ahead on g/h).
    const QString fen = "4k3/7p/8/8/3P4/2P5/P1P5/4K3 w - - 0 1";
    QTest::newRow("isolated >=2") << ":pawncount P isolated >=2" << fen << 0;
    QTest::newRow("isolated 1") << ":pawncount P isolated 1" << fen << 1;
    QTest::newRow("double 2") << ":pawncount P double 2" << fen << 1;
    QTest::newRow("double! 2") << ":pawncount P double! 2" << fen << 1;
    QTest::newRow("triple 0") << ":pawncount P triple 0" << fen << 1;
    QTest::newRow("single counts all") << ":pawncount P single 4" << fen << 1;
    QTest::newRow("connected 3") << ":pawncount P connected 3" << fen << 1;
    QTest::newRow("!connected 1") << ":pawncount P !connected 1" << fen << 1;
    QTest::newRow("passed black") << ":pawncount p passed >0 :btm"
                                  << "4k3/7p/8/8/3P4/2P5/P1P5/4K3 b - - 0 1" << 1;
    QTest::newRow("passed white") << ":pawncount P passed 4" << fen << 1;
    QTest::newRow("defended d4") << ":pawncount P defended 1" << fen << 1;
    QTest::newRow("defender c3") << ":pawncount P defender 1" << fen << 1;
    QTest::newRow("advanced none") << ":pawncount P advanced 0" << fen << 1;
    QTest::newRow("duo on rank 2") << ":pawncount P duo 2" << fen << 1;
    QTest::newRow("isolated-passed") << ":pawncount P isolated-passed 1" << fen << 1;
    QTest::newRow("[Pp] blocked") << ":pawncount [Pp] blocked 2"
                                  << "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow("blocked! apart") << ":pawncount [Pp] blocked! 0"
                                    << "4k3/8/3p4/8/3P4/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow("seed: quadrupled pawns :flipcolor") << ":pawncount p consecutive(4) >0 :flipcolor"
                                                       << "4k3/8/2P5/2P5/2P5/2P5/8/4K3 w - - 0 1" << 1;
    QTest::newRow("consecutive(5)") << ":pawncount P consecutive(5) >0"
                                    << "4k3/8/2P5/2P5/2P5/2P5/8/4K3 w - - 0 1" << 0;
    QTest::newRow("consecutive!(3) of four") << ":pawncount P consecutive!(3) >0"
                                             << "4k3/8/2P5/2P5/2P5/2P5/8/4K3 w - - 0 1" << 0;
    QTest::newRow("halfisolated") << ":pawncount P halfisolated 2"
                                  << "4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1" << 1;
    QTest::newRow("integrated") << ":pawncount P integrated 1"
                                << "4k3/8/8/8/8/8/2PPP3/4K3 w - - 0 1" << 1;
    QTest::newRow(":pawncountdifference passed") << ":pawncountdifference P passed >0" << fen << 1;
    QTest::newRow(":pawncountdifference two designators") << ":pawncountdifference P p isolated 0" << fen << 1;
}

void TestCqlsKeywords::pawnCounts()
{
    QFETCH(QString, list);
    QFETCH(QString, fen);
    QFETCH(int, matches);
    QCOMPARE(positionMatches(list.toStdString(), fen.toStdString()), matches);
}

void TestCqlsKeywords::rays_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("matches");
    // Seed: (k Q): a white queen attacks the black king.
    QTest::newRow(":ray (k Q)") << ":ray (k Q)"
                                << "4k3/8/8/8/8/8/8/4QK2 b - - 0 1" << 1;
    QTest::newRow(":ray (k Q) blocked") << ":ray (k Q)"
                                        << "4k3/8/8/8/4n3/8/8/4QK2 w - - 0 1" << 0;
    // Seed: a queen on the a-file pins a knight to the king on the upper half.
    QTest::newRow(":ray (Qa? n k[?4-8])") << ":ray (Qa? n k[?4-8])"
                                          << "8/8/8/Q1n1k3/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":ray (Qa? n k[?4-8]) low king") << ":ray (Qa? n k[?4-8])"
                                                   << "8/8/8/8/8/Q1n1k3/8/4K3 w - - 0 1" << 0;
    // Seed: three queens and the king with one empty square between each.
    QTest::newRow(":ray (Qa? Qc? Qe? kg?)") << ":ray (Qa? Qc? Qe? kg?)"
                                            << "8/8/8/8/Q1Q1Q1k1/8/8/4K3 b - - 0 1" << 1;
    QTest::newRow(":ray (Q n k) 2 4") << ":ray (Q n k) 2 4"
                                      << "8/8/8/Q1n1k1nQ/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":ray (Q n k) 2 4, one pin") << ":ray (Q n k) 2 4"
                                               << "8/8/8/Q1n1k3/8/8/8/4K3 w - - 0 1" << 0;
    // :rayattack takes only line pieces moving along the ray: a rook does not pin on a diagonal.
    QTest::newRow(":ray (A a k) rook diagonal") << ":ray (A a k)"
                                                << "7k/6n1/5R2/8/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":rayattack (A a k) rook diagonal") << ":rayattack (A a k)"
                                                      << "7k/6n1/5R2/8/8/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow(":rayattack (A a k) bishop") << ":rayattack (A a k)"
                                               << "7k/6n1/5B2/8/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":raydiagonal") << ":raydiagonal (A a k)"
                                  << "7k/6n1/5R2/8/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":rayorthogonal") << ":rayorthogonal (A a k)"
                                    << "7k/6n1/5R2/8/8/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow(":rayhorizontal") << ":rayhorizontal (Q n k)"
                                    << "8/8/8/Q1n1k3/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow(":rayvertical") << ":rayvertical (Q n k)"
                                  << "8/8/8/Q1n1k3/8/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow(":rayvertical :flipdiagonal") << ":rayvertical (Q n k) :flipdiagonal"
                                                << "8/8/8/Q1n1k3/8/8/8/4K3 w - - 0 1" << 1;
}

void TestCqlsKeywords::rays()
{
    QFETCH(QString, list);
    QFETCH(QString, fen);
    QFETCH(int, matches);
    QCOMPARE(positionMatches(list.toStdString(), fen.toStdString()), matches);
}

void TestCqlsKeywords::moves_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("pgn");
    QTest::addColumn<int>("expected");
    const QString s = QString::fromLatin1(Scholar);
    QTest::newRow(":movefrom Q") << ":movefrom Q" << s << 2;
    QTest::newRow(":movefrom U?8") << ":movefrom U?8" << s << 2;
    QTest::newRow(":movefrom . never") << ":movefrom ." << s << 0;
    QTest::newRow(":moveto p") << ":moveto p" << s << 1;
    QTest::newRow(":moveto U: captures") << ":moveto U" << s << 1;
    QTest::newRow(":moveto .: no capture") << ":moveto ." << s << 6;
    QTest::newRow(":movefrom B :moveto ?c?") << ":movefrom B :moveto ?c?" << s << 1;
    QTest::newRow(":ischeck") << ":ischeck" << s << 1;
    QTest::newRow(":ismate") << ":ismate" << s << 1;
    QTest::newRow(":isstalemate") << ":isstalemate" << s << 0;
    QTest::newRow("!:ischeck") << "!:ischeck" << s << 7;
    const QString ep = "1. e4 Nf6 2. e5 d5 3. exd6 *\n";
    QTest::newRow(":moveto .d6 :enpassant") << ":moveto .d6 :enpassant" << ep << 1;
    QTest::newRow(":enpassant") << ":enpassant" << ep << 1;
    const QString promo = "[FEN \"8/P6k/8/8/8/8/7p/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=R h1=N *\n";
    QTest::newRow(":promote [RBN] white only") << ":promote [RBN]" << promo << 1;
    QTest::newRow(":promote [rbn]") << ":promote [rbn]" << promo << 1;
    QTest::newRow(":promote [BN]a8") << ":promote [BN]a8" << promo << 0;
    QTest::newRow(":promote Ra8") << ":promote Ra8" << promo << 1;
    QTest::newRow(":promote [] no promotion") << ":promote []" << s << 7;
    QTest::newRow(":promote [] with promotions") << ":promote []" << promo << 0;
    const QString castle = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O *\n";
    QTest::newRow(":iscastling") << ":iscastling" << castle << 2;
    QTest::newRow(":iscastling K") << ":iscastling K" << castle << 1;
    QTest::newRow(":iscastling k") << ":iscastling k" << castle << 1;
    QTest::newRow(":iscastling [KQ]") << ":iscastling [KQ]" << castle << 1;
    QTest::newRow(":iscastling [Qq]") << ":iscastling [Qq]" << castle << 0;
    QTest::newRow(":iscastling K :flipcolor") << ":iscastling k :flipcolor" << castle << 2;
    const QString forced = "[FEN \"R6k/8/5K2/8/8/8/8/8 b - - 0 1\"]\n[SetUp \"1\"]\n\n1... Kh7 2. Ra7+ Kh8 *\n";
    QTest::newRow(":forced") << ":forced" << forced << 1;
    QTest::newRow(":forced :btm") << ":forced :wtm" << forced << 0;
    const QString last = "[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kxe2 Kd7 *\n";
    // The seed: only Antichess has a last piece to take (tst_cqlsvariantkeywords).
    QTest::newRow(":takeslastpiece, chess") << ":takeslastpiece" << last << 0;
    QTest::newRow(":takeslastpiece, a pawn left")
        << ":takeslastpiece"
        << "[FEN \"4k3/7p/8/8/8/8/4r3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kxe2 Kd7 *\n"
        << 0;
    const QString promoted =
        "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q Kd7 2. Qb7+ Ke6 3. Qc6+ Kxc6 *\n";
    QTest::newRow(":ispromotedpiece") << ":ispromotedpiece" << promoted << 2;
    QTest::newRow(":ispromotedpiece, black")
        << ":ispromotedpiece"
        << "[FEN \"4k3/8/8/8/8/8/p7/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n\n1... a1=N 2. Kd2 Nb3+ 3. Kc3 *\n"
        << 1;
    QTest::newRow(":ispromotedpiece, a queen from the start")
        << ":ispromotedpiece"
        << "[FEN \"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qa7 Kf8 2. Qb8+ *\n"
        << 0;
    QTest::newRow(":ispromotedpiece :movefrom Q~") << ":ispromotedpiece :moveto ?c6" << promoted << 1;
    QTest::newRow(":isdoublecheck") << ":isdoublecheck"
                                    << "[FEN \"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Nd6+ Kd7 *\n"
                                    << 1;
}

void TestCqlsKeywords::moves()
{
    QFETCH(QString, list);
    QFETCH(QString, pgn);
    QFETCH(int, expected);
    QCOMPARE(matches("(match (position " + list.toStdString() + "))", pgnGame(pgn.toStdString())), expected);
}

void TestCqlsKeywords::moveNumbers()
{
    // Seed: a piece is captured in the last move of the game.
    QCOMPARE(scholar(":halfmovenumber end-1 :moveto U"), 1);
    QCOMPARE(scholar(":halfmovenumber end"), 1);
    QCOMPARE(scholar(":halfmovenumber 0"), scholar(":initial"));
    QCOMPARE(scholar(":halfmovenumber end"), scholar(":terminal"));
    QCOMPARE(scholar(":halfmovenumber 2 4"), 3);
    // Move numbers: 1 1 2 2 3 3 4 4.
    QCOMPARE(scholar(":movenumber 2 3"), 4);
    QCOMPARE(scholar(":movenumber end"), 2);
    QCOMPARE(scholar(":movenumber end-3 end-2"), 4);
    QCOMPARE(scholar(":movenumber 4 :mate"), 1);
    QCOMPARE(scholar(":movenumber >=3 :check"), 1);
}

// Keywords compiled from their CQL 6 text, with the CQL-S arguments bound in.
void TestCqlsKeywords::loweredKeywords()
{
    // The scholar's mate: Black is mated at position 7, by the queen on f7. A
    // name with a quote and a backslash is bound as it is, not written into CQL 6 text.
    const std::pair<const char *, int> onScholar[] = {
        {"(position :check)", 1},
        {"(position :check Q)", 1},
        {"(position :check B)", 0},
        {"(position :check [QB]f7)", 1},
        {"(position :check Q :flipcolor)", 1},
        {"(position !:check :btm)", 3},
        {"(position :wtm :nocheck)", 4},
        {"(position :insidevariation)", 0},
        {"(position :isnull)", 0},
        {"(position :iscastling)", 0},
        {"(position :promote [])", 7},
        {":player a (position :mate)", 1},
        {":whiteplayer b (position :mate)", 0},
        {":blackplayer x\\\"y (position :mate)", 0},
    };
    for (auto [list, expected] : onScholar)
        QCOMPARE(matches("(match " + std::string(list) + ")", pgnGame(Scholar)), expected);
    // Castling and promotion by colour, and a promotion's target squares.
    const game::Game g = pgnGame("[FEN \"r3k1nr/7P/8/8/8/8/p7/4K2R w Kq - 0 1\"]\n[SetUp \"1\"]\n\n"
                                 "1. O-O O-O-O 2. hxg8=Q a1=N *\n");
    const std::pair<const char *, int> onPromotions[] = {
        {":iscastling K", 1},       {":iscastling [Kq]", 2},
        {":iscastling k", 0},       {":promote Q", 1},
        {":promote n", 1},          {":promote Qg8", 1},
        {":promote Qb8", 0},        {":promote N :flipcolor", 1},
        {":line \"O-O O-O-O\"", 1}, {":line \"h7xg8=Q a2-a1=N\"", 1},
    };
    for (auto [list, expected] : onPromotions)
        QCOMPARE(matches("(match (position " + std::string(list) + "))", g), expected);
    // The arguments' messages stay where the CQL-S reader finds them.
    QCOMPARE(positionError(":iscastling R"),
             std::string("1:30: ':iscastling' takes K, Q, k, q or a bracketed set of them"));
}

void TestCqlsKeywords::invariantPartsOutsideImages()
{
    // A check, a mate, a next move's kind or a move number is tested once,
    // outside the images of a transformed list: as many positions match as
    // when the keyword stands in a sub-list, inside every image.
    const char *games[] = {Scholar,
                           "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1"};
    const char *keywords[] = {":check",          ":ismate",     ":ischeck",     ":isnull",      "!:ischeck",
                              ":movenumber 3 5", ":elo 0 3000", ":doublecheck", ":contactcheck"};
    int matched = 0;
    for (const char *pgn : games)
        for (const char *k : keywords)
            for (const char *rest : {"Q :flip", "[Nn] :shift", "Q :flipcolor :fliphorizontal"}) {
                const game::Game g = pgnGame(pgn);
                // The keyword last: a designator after it would be its argument.
                const int outside = matches("(match (position " + std::string(rest) + " " + k + "))", g);
                const int inside =
                    matches("(match (position " + std::string(rest) + " :and ((position " + k + "))))", g);
                QCOMPARE(outside, inside);
                matched += outside;
            }
    QVERIFY(matched > 0);
}

void TestCqlsKeywords::sequences()
{
    // Seed: a rook on e8, the queen goes f3-g2; the same as with :movefrom/:moveto.
    game::Game g = pgnGame("[FEN \"4R3/7k/8/8/8/5Q2/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qg2 Kh6 2. Qf3 Kh7 *\n");
    QCOMPARE(matches("(match (position Re8 :sequence ((position Qf3 .g2) (position .f3 Qg2))))", g), 1);
    QCOMPARE(matches("(match (position Re8 :movefrom Qf3 :moveto .g2))", g), 1);
    QCOMPARE(matches("(match (position :sequence ((position Qg2) (position Qg2) (position Qf3))))", g), 1);
    QCOMPARE(matches("(match (position :sequence ((position Qf3) (position Qf3))))", g), 1);
    // Seed: a rook leaves a3, and later a rook leaves b4, with positions between.
    game::Game r =
        pgnGame("[FEN \"7k/8/8/8/8/R7/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Ra4 Kg8 2. Rb4 Kh8 3. Rb5 Kg8 *\n");
    const char *gapped = "(match (position :gappedsequence ((position :movefrom Ra3) (position :movefrom Rb4))))";
    QCOMPARE(matches(gapped, r), 1);
    QCOMPARE(matches("(match (position :sequence ((position :movefrom Ra3) (position :movefrom Rb4))))", r), 0);
    QCOMPARE(matches("(match (position :gappedsequence ((position :movefrom Rb4) (position :movefrom Ra3))))", r), 0);
    // Every position before a rook move from a3 and a later one from b4
    // (the line keeps what it learns between positions of a game).
    QCOMPARE(matches("(match (position :gappedsequence ((position :movefrom R) (position :movefrom Rb4))))", r), 3);
    QCOMPARE(matches("(match (position :gappedsequence ((position :btm) (position :movefrom R) (position :wtm))))", r),
             4);
    // What a gapped sequence learnt under one :forany binding is not used
    // under the next: the rook a1 fails the second step where the queen passes it.
    const game::Game s = pgnGame(Scholar);
    QCOMPARE(matches("(match :forany x U (position :gappedsequence ((position :btm) (position $x[f7]))))", s), 6);
    // The staircase idea under transforms: each step is transformed alike.
    QCOMPARE(matches("(match (position :flipcolor :sequence ((position :movefrom ra6) (position :movefrom Kh1))))", r),
             1);
    QCOMPARE(scholar(":iscontactcheck"), 1);
}

void TestCqlsKeywords::opposition()
{
    // The seed: the start position gives White the opposition (White to move, six squares between).
    QCOMPARE(positionMatches(":opposition K", chess::Position::StartFen), 1);
    QCOMPARE(positionMatches(":opposition k", chess::Position::StartFen), 0);
    QCOMPARE(positionMatches(":opposition", chess::Position::StartFen), 1);
    // Direct opposition, one square between: the side not to move has it.
    QCOMPARE(positionMatches(":opposition K", "8/8/8/8/8/4k3/8/4K3 b - - 0 1"), 1);
    QCOMPARE(positionMatches(":opposition k", "8/8/8/8/8/4k3/8/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":opposition", "8/8/8/8/8/4k3/8/4K3 w - - 0 1"), 0);
    QCOMPARE(positionMatches(":opposition K", "8/8/8/8/8/8/2k5/4K3 b - - 0 1"), 0); // not on a line
    QVERIFY(cqlsError("(match (position :opposition Q))").find("takes K or k") != std::string::npos);
}

void TestCqlsKeywords::startArrangements()
{
    game::Game c960 =
        pgnGame("[Variant \"Chess960\"]\n[FEN \"bqnbrnkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBRNKR w HEhe - 0 1\"]\n"
                "[SetUp \"1\"]\n\n1. e4 *\n");
    game::Game shuffle =
        pgnGame("[FEN \"bnbqnrkr/pppppppp/8/8/8/8/PPPPPPPP/BNBQNRKR w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n");
    game::Game normal = pgnGame(Scholar);
    QCOMPARE(matches("(match :ischess960)", c960), 2);
    QCOMPARE(matches("(match :isshufflechess)", c960), 2);
    QCOMPARE(matches("(match :ischess960)", shuffle), 0);
    QCOMPARE(matches("(match :isshufflechess)", shuffle), 2);
    QCOMPARE(matches("(match :isshufflechess !:ischess960)", shuffle), 2);
    // The match list page: Chess960 includes the standard arrangement, Shuffle Chess all of Chess960.
    QCOMPARE(matches("(match :isshufflechess)", normal), 8);
    QCOMPARE(matches("(match :ischess960)", normal), 8);
    QCOMPARE(matches("(match :isshufflechess !:ischess960)", normal), 0);
    game::Game later = pgnGame("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 *\n");
    QCOMPARE(matches("(match :isshufflechess)", later), 0);
    QCOMPARE(matches("(match (position :ischess960 :initial))", c960), 1);
    // :checkcount counts checks of three-check chess: in chess only zero holds.
    QCOMPARE(scholar(":checkcount 0"), 8);
    QCOMPARE(scholar(":checkcount +0+0"), 8);
    QCOMPARE(scholar(":checkcount 2"), 0);
    QCOMPARE(scholar(":not :checkcount +0+0"), 0);
}

// The seed's "R1 : R2" forms: White's count in the first range, Black's in the second.
void TestCqlsKeywords::whiteAndBlackRanges()
{
    // :checkcount (checks White received : checks Black received) counts the
    // checks given in the game in chess too (the seed: unlike :threechecks it
    // can match in other variants); Three-check in tst_cqlsvariantkeywords.
    QCOMPARE(scholar(":checkcount 0 : 0"), 7);
    QCOMPARE(scholar(":checkcount <=2 : 3"), 0); // the seed's example
    QCOMPARE(scholar(":checkcount * : 0"), 7);
    QCOMPARE(scholar(":not :checkcount 0 : 0"), 1);
    QCOMPARE(scholar(":checkcount 0 : 1 :mate"), 1);
    QCOMPARE(scholar(":checkcount 1 : 0 :mate"), 0);
    QCOMPARE(scholar(":checkcount 1 : 0 :mate :flipcolor"), 1);
    QCOMPARE(positionError(":checkcount -1 : 0"),
             "1:35: ':checkcount' counts checks: its ranges start at zero or above");
    // :pawncount [Pp] passed >0 : >0 (the seed's :passedpawnrace example): both sides have passed pawns.
    const std::string both = "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", white = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount [Pp] passed >0 : >0", both), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] passed >0 : >0", white), 0);
    QCOMPARE(positionMatches(":pawncount [Pp] passed 1 : 0", white), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] passed 1 : 0", both), 0);
    QCOMPARE(positionMatches(":pawncount [pP] single 1 : 1", both), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] passed 100% : 100%", both), 1); // of each side's pawns
    QCOMPARE(positionMatches(":pawncount [Pp] passed 100% : 100%", white), 0);
    QCOMPARE(positionMatches(":pawncount [Pp] passed >0 : >0 :passedpawnrace", both), 1);
    // :unstoppablepawns [Pp] >0 : >0: each side has a pawn the other king cannot catch.
    const std::string race = "k7/8/8/8/7P/8/p7/7K w - - 0 1";
    QCOMPARE(positionMatches(":unstoppablepawns [Pp] >0 : >0", race), 1);
    QCOMPARE(positionMatches(":unstoppablepawns [Pp] 1 : 0", race), 0);
    QCOMPARE(positionMatches(":unstoppablepawns [Pp] 1 : 1", race), 1);
    QCOMPARE(positionMatches(":unstoppablepawns [Pp] >0 : >0", "k7/8/8/8/7P/8/8/7K w - - 0 1"), 0);
    // The seed's "(position :pawncount triple >0)": without a designator, the pawns of both sides.
    QCOMPARE(positionMatches(":pawncount triple >0", "4k3/8/8/2P5/2P5/2P5/8/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":pawncount triple >0", "4k3/2p5/2p5/2p5/8/8/8/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":pawncount triple >0", "4k3/2p5/2p5/8/8/2P5/2P5/4K3 w - - 0 1"), 0);
    QCOMPARE(positionMatches(":pawncount passed 1 : 1", both), 1);
    // A bad attribute is one error, not one more for its ranges.
    QCOMPARE(positionError(":pawncount bogus >0 : >0 :check"), "1:29: 'bogus' is not a pawn attribute");
    std::vector<cql::Diagnostic> d;
    QVERIFY(!compileCqls("(match (position :pawncount bogus >0 : >0 :check))", &d));
    QCOMPARE(int(d.size()), 1);
    // In CQL 6: each colour's count.
    QVERIFY(cql::cqls::convertToCql6("(match (position :pawncount [Pp] passed >0 : >0))")
                .text.find("(#(passedpawns & P) >= 1 and #(passedpawns & p) >= 1)")
            != std::string::npos);
    // :checkcount R1 : R2 counts the checks received on the way here, in CQL 6 too.
    for (const char *list : {":checkcount 0 : 0", ":checkcount <=2 : 3", ":checkcount 0 : 1", ":checkcount * : >=1"}) {
        const std::string script = std::string("(match (position ") + list + "))";
        const std::string cql6 = cql::cqls::convertToCql6(script).text;
        QVERIFY2(cql6.find("find all <-- {btm check not initial}") != std::string::npos, cql6.c_str());
        QCOMPARE(int(runQuery(cql6, pgnGame(Scholar)).matches.size()), scholar(list));
    }
    // Two ranges need pawns of both colours.
    QCOMPARE(positionError(":unstoppablepawns P >0 : >0"),
             "1:43: two ranges (White's : Black's) need a designator with pieces of both colours, as [Pp]");
    QCOMPARE(positionError(":pawncount p passed 1 : 1"),
             "1:42: two ranges (White's : Black's) need a designator with pieces of both colours, as [Pp]");
}

void TestCqlsKeywords::exchanges()
{
    // The queen takes a pawn defended by a pawn: +1 - 9.
    game::Game bad = pgnGame("[FEN \"4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qxe5+ dxe5 *\n");
    QCOMPARE(matches("(match (position :exchangeevaluation * <=-2))", bad), 1);
    QCOMPARE(matches("(match (position :exchangeevaluation * -8))", bad), 1);
    QCOMPARE(matches("(match (position :exchangeevaluation * >=0 :wtm))", bad), 0);
    QCOMPARE(matches("(match (position :exchangeevaluation * 9 :btm))", bad), 1);    // ...dxe5 wins the queen
    QCOMPARE(matches("(match (position :exchangeevaluation 1 >0 :wtm))", bad), 1);   // the first capture alone
    QCOMPARE(matches("(match (position :exchangeevaluation 1 >0 Q :wtm))", bad), 0); // the pawn is no queen
    QCOMPARE(matches("(match (position :exchangeevaluation 1 >0 Q))", bad), 1);      // ...dxe5 takes one
    QCOMPARE(matches("(match (position :exchangeevaluation 1 >0 p))", bad), 1);
    // The English page writes a range alone ("<=-3", a blunder): the depth is then unlimited.
    QCOMPARE(matches("(match (position :exchangeevaluation <=-3))", bad),
             matches("(match (position :exchangeevaluation * <=-3))", bad));
    QCOMPARE(matches("(match (position :exchangeevaluation <=-3 :wtm))", bad), 1);
    QCOMPARE(matches("(match (position :exchangeevaluation >=0 :wtm))", bad), 0);
    QCOMPARE(cqlsError("(match (position :exchangeevaluation 3))"),
             "1:18: ':exchangeevaluation' expects a range specifier");
    // The recapturing pawn is pinned to its king: the pawn is won.
    game::Game pinned = pgnGame("[FEN \"8/4k3/3p4/4p3/1B6/8/8/4QK2 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qxe5+ Kd7 *\n");
    QCOMPARE(matches("(match (position :exchangeevaluation * 1))", pinned), 1);
    // :maxswapevaluation: White threatens to win material (seed).
    QCOMPARE(positionMatches(":maxswapevaluation A a >0", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":maxswapevaluation A a >0", "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1"), 0);
    QCOMPARE(positionMatches(":maxswapevaluation A a -2", "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1"), 1);
    // A white queen can reach the eighth rank without loss (seed), or only with loss.
    QCOMPARE(positionMatches(":maxswapevaluation Q?1-7 ??8 >=0", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":maxswapevaluation Q?1-7 ??8 >=0", "1rk5/8/8/8/8/8/1p6/Q3K3 w - - 0 1"), 0);
    QCOMPARE(positionMatches(":maxswapevaluation Q?1-7 ??8 -9", "1rk5/8/8/8/8/8/1p6/Q3K3 w - - 0 1"), 1);
}

void TestCqlsKeywords::relations()
{
    // The start placement comes back after 3.Ra1 with Black to move.
    game::Game tri =
        pgnGame("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Ra2 Kd8 2. Ra3 Ke8 3. Ra1 *\n");
    QCOMPARE(matches("(match (position :relation (:changesidetomove)))", tri), 1);
    QCOMPARE(matches("(match (position :relation (relation:changesidetomove)))", tri), 1);
    QCOMPARE(matches("(match (position :relation (:samesidetomove)))", tri), 0);
    QCOMPARE(matches("(match (position :relation ()))", tri), 0);
    QCOMPARE(matches("(match (position :relation (:ignoresidetomove)))", tri), 1);
    // The seed: the same position later, but for one or more missing white pieces.
    game::Game gone =
        pgnGame("[FEN \"4k3/3P4/8/8/8/8/8/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n\n1... Kxd7 2. Kf1 Ke8 3. Ke1 *\n");
    QCOMPARE(matches("(match (position :relation (relation:missingpiececount A 1 unlimited)))", gone), 1);
    QCOMPARE(matches("(match (position :relation (:missingpiececount U 1)))", gone), 1);
    QCOMPARE(matches("(match (position :relation (:missingpiececount a 1)))", gone), 0);
    QCOMPARE(matches("(match (position :relation (:missingpiececount A 2 3)))", gone), 0);
    QCOMPARE(matches("(match (position :relation (:originaldifferentcount 1 :missingpiececount A 1)))", gone), 1);
    QCOMPARE(matches("(match (position :relation (:originalsamecount 3 :missingpiececount A 1)))", gone), 0);
    QCOMPARE(matches("(match (position :relation (:originalsamecount 2 :missingpiececount A 1)))", gone), 1);
    // :pattern: only the squares of the list's designators are compared.
    QCOMPARE(matches("(match (position Pd7 :relation (:pattern :missingpiececount A 1)))", gone), 1);
    QCOMPARE(matches("(match (position Ke1 :relation (:pattern)))", gone), 1);         // pos 0 and 4: e1 holds the king
    QCOMPARE(cqlsError("(match (position :relation (:flip :shift)))"), std::string()); // tst_cqlsrelationtransforms
    QVERIFY(cqlsError("(match (position :relation (:frob)))").find("unknown relation list keyword")
            != std::string::npos);
}

void TestCqlsKeywords::cutAndExclude()
{
    game::Game g = pgnGame(Scholar);
    // Seed: games that end in mate, no side having given check before (the mate is the first check).
    QCOMPARE(matches("(match (position :mate) (position :cut :check))", g), 1);
    // The search stops after the first position of move 3 (position 4): the mate is not reached.
    QCOMPARE(matches("(match (position :mate) (position :cut :movenumber 3))", g), 0);
    QCOMPARE(matches("(match (position :mate) (position :cut :terminal))", g), 1);
    // The argument form cuts by its argument; the list itself stays.
    QCOMPARE(matches("(match (position :wtm :cut (position Qh5)))", g), 3);
    // :exclude: no position may match the list (or the argument).
    QCOMPARE(matches("(match (position :mate) (position :exclude Qh5))", g), 0);
    QCOMPARE(matches("(match (position :mate) (position :exclude qh4))", g), 1);
    QCOMPARE(matches("(match (position :mate :exclude (position Qh5)))", g), 0);
    QCOMPARE(matches("(match (position :mate :exclude (position Qh4)))", g), 1);
    // Cut before the excluded position: it is never searched; the game matches, positions 0-4 shown.
    QCOMPARE(matches("(match (position :cut :movenumber 3) (position :exclude Qh5))", g), 5);
    // In variations each line is cut on its own.
    game::Game v = pgnGame("1. e4 (1. d4 d5 2. c4) e5 2. Nf3 *\n");
    QCOMPARE(matches("(match (position :variations) (position :cut Pd4))", v), 5); // d5, c4 are cut
    QVERIFY(cqlsError("(match (position :or ((position :cut))))").find("belongs in a position list of the match list")
            != std::string::npos);
    // The position list page: A and B first match at the same position. A :cut
    // comes after the other lists there (the game matches); with :preceding
    // before them (the position is not searched, so the game fails).
    QCOMPARE(matches("(match (position Qh5 :cut (position Qh5)))", g), 1); // position 5, where the search stops
    QCOMPARE(matches("(match (position Qh5 :cut (position :preceding Qh5)))", g), 0);
    QCOMPARE(matches("(match (position :btm :cut (position Qh5)))", g), 3);            // positions 1, 3, 5
    QCOMPARE(matches("(match (position :btm :cut (position :preceding Qh5)))", g), 2); // positions 1, 3
    // In variations: d4 itself is not searched either (start, e4, e5, Nf3 are).
    QCOMPARE(matches("(match (position :variations) (position :cut (position :preceding Pd4)))", v), 4);
    QCOMPARE(cqlsError("(match (position :check :preceding))"),
             "1:25: ':preceding' belongs in the (position ...) list of a ':cut'");
    QCOMPARE(cqlsError("(match (position :check :exclude (position :preceding :mate)))"),
             "1:44: ':preceding' belongs in the (position ...) list of a ':cut'");
    // The seed's example spells :promote as :promotion: read so, with a warning.
    game::Game promo = pgnGame("[FEN \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1\"]\n\n1. b8=Q+ Kd7 2. Kf2 g1=Q+ *\n");
    std::vector<cql::Diagnostic> d;
    QVERIFY(compileCqls("(match (position :promotion U))", &d));
    QCOMPARE(int(d.size()), 1);
    QCOMPARE(QString::fromStdString(d[0].message), QString("':promotion' is read as ':promote'"));
    QCOMPARE(matches("(match (position :promotion U))", promo), matches("(match (position :promote U))", promo));
    QCOMPARE(matches("(match (position :promote U) (position :promotion U :cut))", promo),
             1); // the first promotion only
}

void TestCqlsKeywords::goodBishop()
{
    // A dark-squared white bishop on c1. Black pawns: a7, d6, e5 dark, b7 light;
    // white pawns: a2, c4, e4 light, g3 dark.
    // White pawns: a2 (light), c4 (light), e4 (light), g3 (dark).
    const std::string fen = "4k3/pp6/3p4/4p3/2P1P3/6P1/P7/2B1K3 w - - 0 1";
    // Opposing pawns on dark squares: 3 of 4 (75%); own pawns off dark squares: 3 of 4 (75%).
    QCOMPARE(positionMatches(":goodbishop B >=50% : >50%", fen), 1);
    QCOMPARE(positionMatches(":goodbishop B >50% : >50%", fen), 1);
    QCOMPARE(positionMatches(":goodbishop B >75% : >50%", fen), 0);
    QCOMPARE(positionMatches(":goodbishop B >50% : <75%", fen), 0);
    QCOMPARE(positionMatches(":goodbishop B[D?] 3 : 3", fen), 1);
    QCOMPARE(positionMatches(":goodbishop B[D?] 2 : 3", fen), 0);
    QCOMPARE(positionMatches(":goodbishop B[L?] 3 : 3", fen), 0); // no light-squared bishop
    QCOMPARE(positionMatches(":goodbishop [Bb] <=30% : <=20%", fen), 0);
    QCOMPARE(positionMatches(":goodbishop B 70% 80% : 70% 80%", fen), 1);
    QCOMPARE(positionMatches(":goodbishop B 40% 60% : 70% 80%", fen), 0);
    QVERIFY(cqlsError("(match (position :goodbishop N 1 : 1))").find("bishops only") != std::string::npos);
    QVERIFY(cqlsError("(match (position :goodbishop B 1 1))").find("expects ':'") != std::string::npos);
}

void TestCqlsKeywords::repetitionAndPretransformCounts()
{
    game::Game same = pgnGame("1. e4 d5 2. exd5 Qxd5 3. Nc3 *\n");      // two captures on d5, one after the other
    game::Game apart = pgnGame("1. e4 d5 2. exd5 c6 3. dxc6 Nxc6 *\n"); // captures on d5, c6 and c6
    game::Game none = pgnGame("1. e4 e5 2. Nf3 *\n");
    // Seed: at least N captures on the same square (each shift counted on its own).
    const char *pre = "(match (position :moveto [Aa]d4 :pretransformmatchcount >=2 :shift))";
    QCOMPARE(matches(pre, same), 2);
    QCOMPARE(matches(pre, apart), 2); // c6 twice
    QCOMPARE(matches("(match (position :moveto [Aa]d4 :pretransformmatchcount >=3 :shift))", apart), 0);
    QCOMPARE(matches("(match (position :moveto [Aa]d4 :matchcount >=3 :shift))", apart), 3);
    // Seed: consecutive captures.
    QCOMPARE(matches("(match (position :moveto U :repetitioncount >=2))", same), 2);
    QCOMPARE(matches("(match (position :moveto U :repetitioncount >=2))", apart), 2); // dxc6 Nxc6
    QCOMPARE(matches("(match (position :moveto U :repetitioncount >=3))", apart), 0);
    QCOMPARE(matches("(match (position :moveto U :repetitioncount 1))", apart), 1); // exd5 alone
    // A game without any capture: shown at its start.
    QCOMPARE(matches("(match (position :moveto U :repetitioncount 0))", none), 1);
    QCOMPARE(matches("(match (position :moveto U :repetitioncount 0))", same), 0);
    QCOMPARE(matches("(match (position :moveto U :pretransformrepetitioncount >=2 :shift))", same), 2);
    QCOMPARE(matches("(match (position :moveto Ud5 :pretransformrepetitioncount >=2 :shift))", apart), 2);
    QVERIFY(cqlsError("(match (position :matchcount 1 :repetitioncount 2))").find("one match or repetition count")
            != std::string::npos);
}

void TestCqlsKeywords::lines()
{
    QCOMPARE(scholar(":line \"1.e2-e4 e7-e5 2.Bf1-c4 Nb8-c6\""), 1);
    QCOMPARE(scholar(":line (1.Pe2-e4 Pe7-e5 2.Pd2-d4)"), 0);
    QCOMPARE(scholar(":line (1.Pe2-e4 Pe7-e5)"), 1); // piece letters take the mover's colour
    QCOMPARE(scholar(":line \"e2-e4 e7-e5\""), 1);
    QCOMPARE(scholar(":line \"1...e7-e5\""), 1);
    QCOMPARE(scholar(":line \"2...e7-e5\""), 0);
    QCOMPARE(scholar(":line \"Bc4 nc6\""), 1);
    QCOMPARE(scholar(":line \"Bc4 Nc6\""),
             -1);                        // the seed: colours alternate without move numbers  // only the destination
    QCOMPARE(scholar(":line \"n\""), 2); // any black knight move to an empty square
    QCOMPARE(scholar(":line \"N\""), 0); // without move numbers the letter names the colour
    QCOMPARE(scholar(":line \"Nx\""), 0);
    QCOMPARE(scholar(":line \"Qh5xf7#\""), 1);
    QCOMPARE(scholar(":line \"Q:f7\""), 1);
    QCOMPARE(scholar(":line \"Qxf7+*\""), 0);  // check, but no mate: it is mate
    QCOMPARE(scholar(":line \"Qd1-h5-\""), 1); // no check
    QCOMPARE(scholar(":line \"Qd1-h5+\""), 0);
    QCOMPARE(scholar(":line \"Nb1-[ac]3\""), 0);
    QCOMPARE(scholar(":line \"ng8-[fh]6\""), 1);
    game::Game castle = pgnGame("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O *\n");
    QCOMPARE(matches("(match (position :line \"O-O\"))", castle), 2);
    QCOMPARE(matches("(match (position :line \"K-K\"))", castle), 1);
    QCOMPARE(matches("(match (position :line \"k-k\"))", castle), 1);
    QCOMPARE(matches("(match (position :line \"O-O-O\"))", castle), 0);
    QCOMPARE(matches("(match (position :line \"O-O-O-O nf6\"))", castle), 1);
    game::Game ep = pgnGame("1. e4 Nf6 2. e5 d5 3. exd6 *\n");
    QCOMPARE(matches("(match (position :line \"e5xd6 ep\"))", ep), 1);
    QCOMPARE(matches("(match (position :line \"Pe5-d6ep\"))", ep), 1);
    QCOMPARE(matches("(match (position :line \"e5xd6\"))", ep), 0); // the square is empty: no e.p. meant
    game::Game promo = pgnGame("[FEN \"8/P6k/8/8/8/8/7p/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=R h1=N *\n");
    QCOMPARE(matches("(match (position :line \"P=R\"))", promo), 1);
    QCOMPARE(matches("(match (position :line \"p=N\"))", promo), 1);
    QCOMPARE(matches("(match (position :line \"P=N\"))", promo), 0);
    QCOMPARE(matches("(match (position :line \"P=Q\"))", promo), 0);
    QCOMPARE(matches("(match (position :line \"a7-a8=R h2-h1=N\"))", promo), 1);
    QVERIFY(cqlsError("(match (position :line \"e2-e4 | d2-d4 | d7-d5\"))").find("'|'") != std::string::npos);
    // A '*' ending the moves makes the line :line*, whose pieces must be named (tst_cqlsseedkeywords::lineStar).
    QCOMPARE(cqlsError("(match (position :line \"e2-e4 e7-e6 *\"))"),
             "1:24: 'e2-e4': the moving piece is not determined (write one piece letter)");
    QVERIFY(cqlsError("(match (position :line \"Pe2-e4 * pe7-e6\"))").find("'*' is not a move") != std::string::npos);
    // Drop moves (drop chess, bughouse) are read, and a standard game never has one.
    game::Game opening = pgnGame("1. e4 e5 2. Nf3 Nc6 *");
    QCOMPARE(cqlsError("(match (position :line \"N@f3\"))"), std::string());
    QCOMPARE(matches("(match (position :line \"N@f3\"))", opening), 0);
    QCOMPARE(matches("(match (position :line \"P-e4 p@?7\"))", opening), 0);
    QCOMPARE(matches("(match (position :line \"P-e4 --\"))", opening), 1);
    QCOMPARE(matches("(match (position :line* \"Pe2-e4 n@c6\"))", opening), 0);
    QVERIFY(cqlsError("(match (position :line \"@f3\"))").find("a drop move is a piece") != std::string::npos);
    QVERIFY(cqlsError("(match (position :line \"N@f3 N@f4\"))").find("must alternate") != std::string::npos);
    QVERIFY(cqlsError("(match (position :line* \"Pe2-e4 [nb]@c6\"))").find("dropped piece is not determined")
            != std::string::npos);
    QVERIFY(cqlsError("(match (position :line \"e2-e4$\"))").find("not a move") != std::string::npos);
    QVERIFY(cqlsError("(match (position :line \"2.e2-e4 1...e7-e5\"))").find("ascend") != std::string::npos);
}

void TestCqlsKeywords::accumulators()
{
    // The examples page: count white passed pawns with a shifted pattern.
    const std::string white = "Pd2 :piececount [pP][d3-7] 0 :piececount p[c3-7,e3-7] 0 :shift";
    const std::string three = white + " :accumulate white_passer_counter :sumrange white_passer_counter 3 8";
    QCOMPARE(positionMatches(three, "4k3/8/8/8/8/8/P1P1P3/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(three, "4k3/3p4/8/8/8/8/P1P1P3/4K3 w - - 0 1"), 0); // only a2 is passed
    QCOMPARE(positionMatches(white + " :accumulate n :sumrange n 1", "4k3/3p4/8/8/8/8/P1P1P3/4K3 w - - 0 1"), 1);
    // Two lists accumulate; the outer list reads both.
    const std::string both =
        ":sumrange w 2 8 :sumrange b 2 8 :and ((position Pd2 :piececount [pP][d3-7] 0 :piececount p[c3-7,e3-7] 0 "
        ":shift "
        ":accumulate w) (position pd7 :piececount [pP][d2-6] 0 :piececount P[c2-6,e2-6] 0 :shift :accumulate b))";
    QCOMPARE(positionMatches(both, "4k3/p1p5/8/8/8/8/5P1P/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(both, "4k3/p7/8/8/8/8/5P1P/4K3 w - - 0 1"), 0);
    // accumulate* counts each colour apart: two passers each is not three of one colour.
    const std::string star = ":or ((position :sumrange counter 3 8 " + std::string("Pd2 :piececount [pP][d3-7] 0 ")
        + ":piececount p[c3-7,e3-7] 0 :shift :flipcolor :accumulate* counter))";
    QCOMPARE(positionMatches(star, "4k3/p1p5/8/8/8/8/5P1P/4K3 w - - 0 1"), 0);
    QCOMPARE(positionMatches(star, "4k3/p1p1p3/8/8/8/8/8/4K3 w - - 0 1"), 1);
    std::string plain = star;
    plain.replace(plain.find("accumulate*"), 11, "accumulate");
    QCOMPARE(positionMatches(plain, "4k3/p1p5/8/8/8/8/5P1P/4K3 w - - 0 1"), 1);
    QVERIFY(cqlsError("(match (position :sumrange nobody 1))").find("no position list accumulates into 'nobody'")
            != std::string::npos);
    QVERIFY(cqlsError("(match (position :reset akku))").find("no position list accumulates into 'akku'")
            != std::string::npos);
}

void TestCqlsKeywords::unstoppablePawns()
{
    // a5 needs 3 moves; the black king on e6 is 4 king moves from a8 (3 when it moves first).
    QCOMPARE(positionMatches(":unstoppablepawns P 1", "8/8/4k3/P7/8/8/8/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":unstoppablepawns P 1", "8/8/4k3/P7/8/8/8/4K3 b - - 0 1"), 0);
    QCOMPARE(positionMatches(":unstoppablepawns P 0", "8/8/2k5/P7/8/8/8/4K3 w - - 0 1"), 1); // inside the square
    // The double step from the second rank counts.
    QCOMPARE(positionMatches(":unstoppablepawns P 1", "8/8/8/8/8/7k/P7/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":unstoppablepawns P 1", "8/8/8/8/5k2/8/P7/4K3 w - - 0 1"), 0);
    // A blocked path, or a defender with a piece: nothing counts.
    QCOMPARE(positionMatches(":unstoppablepawns P 0", "N7/8/4k3/P7/8/8/8/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":unstoppablepawns P 0", "8/8/4k3/P7/8/8/8/4K2n w - - 0 1"), 1);
    QCOMPARE(positionMatches(":unstoppablepawns p 1", "8/8/4k3/P7/8/8/8/4K3 w - - 0 1"), 0);
    QCOMPARE(positionMatches(":unstoppablepawns p 1 :flipcolor", "8/8/4k3/P7/8/8/8/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":unstoppablepawns p 1", "4k3/8/8/8/p7/8/4K3/8 b - - 0 1"), 1);
    QVERIFY(cqlsError("(match (position :unstoppablepawns N 1))").find("pawns only") != std::string::npos);
}

void TestCqlsKeywords::matchListGameInformation()
{
    game::Game g =
        pgnGame("[Event \"Berlin Open\"]\n[Site \"Berlin GER\"]\n[Round \"3.1\"]\n[White \"Coefficient, A\"]\n"
                "[Black \"Other, B\"]\n[ECO \"B12\"]\n[Result \"*\"]\n\n"
                "1. e4 {good} c6 $1 (1... e5) 2. d4 d5 *\n");
    game::Game plain = pgnGame("1. e4 e5 *\n");
    QCOMPARE(matches("(match :player coeff)", g), 5);
    QCOMPARE(matches("(match :player other)", g), 5);
    QCOMPARE(matches("(match :whiteplayer other)", g), 0);
    QCOMPARE(matches("(match :blackplayer OTHER)", g), 5);
    QCOMPARE(matches("(match :event berlin)", g), 5);
    QCOMPARE(matches("(match :site paris)", g), 0);
    QCOMPARE(matches("(match :plycount 4)", g), 5);
    QCOMPARE(matches("(match :plycount 40 60)", g), 0);
    QCOMPARE(matches("(match :round 3)", g), 5);
    QCOMPARE(matches("(match :round 0)", plain), 3);
    QCOMPARE(matches("(match :eco B12)", g), 5);
    QCOMPARE(matches("(match :eco B00-99)", g), 5);
    QCOMPARE(matches("(match :eco A11-39,C00-D99)", g), 0);
    QCOMPARE(matches("(match :eco A00-B20)", g), 5);
    QCOMPARE(matches("(match :eco *)", plain), 0);
    QCOMPARE(matches("(match :eco \xE2\x80\x93)", plain), 3);
    QCOMPARE(matches("(match :hasvariations)", g), 5);
    QCOMPARE(matches("(match !:hasvariations)", plain), 3);
    QCOMPARE(matches("(match :hascomments)", g), 5);
    QCOMPARE(matches("(match :hascomments)", plain), 0);
    QCOMPARE(matches("(match :hasannotation)", g), 5);
    QCOMPARE(matches("(match :hasannotation)", plain), 0);
    game::Game dated = pgnGame("[Date \"2010.10.27\"]\n\n1. e4 e5 *\n");
    QCOMPARE(matches("(match :date 2010-10-27)", dated), 3);
    QCOMPARE(matches("(match :date >=2010-10-28)", dated), 0);
    QCOMPARE(matches("(match :date <2010-10-28)", dated), 3);
    QCOMPARE(matches("(match :date 2010-10-01 2010-10-31)", dated), 3);
    QCOMPARE(matches("(match :date 2010-10-01 .. 2010-10-27)", dated), 0); // the end is excluded
    QCOMPARE(matches("(match :date 2010-10-01 .. 2010-10-28)", dated), 3);
    QCOMPARE(matches("(match :date 2010-10-27)", plain), 0); // no date
    QVERIFY(cqlsError("(match :date 27.10.2010)").find("expects a date") != std::string::npos);
    // :match in a position list: each of its lists matches somewhere in the game.
    QCOMPARE(matches("(match (position :initial :match ((position :check) (position Qh5))))", pgnGame(Scholar)), 1);
    QCOMPARE(matches("(match (position :initial :match ((position :stalemate) (position Qh5))))", pgnGame(Scholar)), 0);
    QVERIFY(cqlsError("(match :eco Z99)").find("not an ECO code") != std::string::npos);
    QVERIFY(cqlsError("(match :player \"C*\")").empty());  // quoted patterns: tst_cqlsseedkeywords
    QCOMPARE(matches("(match :hascomments de,en)", g), 0); // g's comments have no language marks
    QCOMPARE(matches("(match :hascomments xx)", g), 5);
}

void TestCqlsKeywords::gameInformation()
{
    game::Game g = pgnGame(Scholar);
    QCOMPARE(matches("(match :result 1-0)", g), 8);
    QCOMPARE(matches("(match :result 0-1)", g), 0);
    QCOMPARE(matches("(match !:result 0-1 (position :mate))", g), 1);
    QCOMPARE(matches("(match :year 2013 (position :mate))", g), 1);
    QCOMPARE(matches("(match :year 1934 2000)", g), 0);
    QCOMPARE(matches("(match :elo >=2100)", g), 8);
    QCOMPARE(matches("(match :whiteelo 2000 2200 :blackelo <2000 (position :initial))", g), 1);
    QCOMPARE(matches("(match :blackelo >2000)", g), 0);
    QCOMPARE(matches("(match (position :whiteelo 2100 :mate))", g), 1);
    QCOMPARE(matches("(match (position :result 1-0 :mate))", g), 1);
    QCOMPARE(matches("(match :gamenumber 1)", g), 8);
}

void TestCqlsKeywords::matchListLogic()
{
    game::Game g = pgnGame(Scholar);
    QCOMPARE(matches("(match :or ((match :result 0-1) (match :year 2013)))", g), 8);
    QCOMPARE(matches("(match :and ((match :result 1-0) (match :year 2012)))", g), 0);
    QCOMPARE(matches("(match :xor ((match :result 1-0) (match :year 2013)))", g), 0);
    QCOMPARE(matches("(match :not (match :result 0-1))", g), 8);
    QCOMPARE(matches("(match :cond (match :result 0-1) (match :year 2013) (match :year 2012))", g), 0);
    QCOMPARE(matches("(match :cond (match :result 1-0) (match :year 2013) (match :year 2012))", g), 8);
    QVERIFY(cqlsError("(match :or ((match (position))))").find("cannot contain position lists") != std::string::npos);
}

void TestCqlsKeywords::matchCountAndSeveralLists()
{
    game::Game g = pgnGame(Scholar);
    QCOMPARE(matches("(match (position :check :matchcount 1))", g), 1);
    QCOMPARE(matches("(match (position :check :matchcount 2 5))", g), 0);
    QCOMPARE(matches("(match (position :wtm :matchcount >=4))", g), 4);
    // Every position list must match some position; the positions shown are all they match.
    QCOMPARE(matches("(match (position :mate) (position Qh5))", g), 3);
    QCOMPARE(matches("(match (position :stalemate) (position Qh5))", g), 0);
    QCOMPARE(matches("(match (position :wtm :matchcount 5) (position :mate))", g), 0);
    QCOMPARE(matches("(match (position :wtm :matchcount 4) (position :mate))", g), 5);
    // (match) and (match (position)) select every game.
    QCOMPARE(matches("(match)", g), 8);
    QCOMPARE(matches("(match (position))", g), 8);
}

void TestCqlsKeywords::errors_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("error");
    QTest::newRow("position list keyword in the match list") << "(match\n  :ispromotedpiece)"
                                                             << "2:3: unknown match list keyword ':ispromotedpiece'";
    QTest::newRow("unknown keyword") << "(match (position :frobnicate))"
                                     << "1:18: unknown position list keyword ':frobnicate'";
    QTest::newRow("unknown match keyword") << "(match :frobnicate)"
                                           << "1:8: unknown match list keyword ':frobnicate'";
    QTest::newRow("bad designator") << "(match (position Xa1))"
                                    << "1:18: 'Xa1' is not a piece designator: 'X' is not a piece type";
    QTest::newRow("missing range") << "(match (position :piececount R))"
                                   << "1:18: ':piececount' expects a range specifier";
    QTest::newRow("bad range") << "(match (position :piececount R lots))"
                               << "1:32: 'lots' is not a range specifier";
    QTest::newRow("transform negated") << "(match (position !:flip))"
                                       << "1:18: ':flip' cannot be negated";
    QTest::newRow("pawn attribute order") << "(match (position :pawncount P forefront-double >0))"
                                          << "1:31: 'double' after 'forefront' never matches";
    QTest::newRow("pawn attribute unknown") << "(match (position :pawncount P frozen >0))"
                                            << "1:31: 'frozen' is not a pawn attribute";
    QTest::newRow("matchcount nested") << "(match (position :or ((position :matchcount 2))))"
                                       << "1:33: ':matchcount' belongs in a position list of the match list";
    QTest::newRow("not a match list") << "(position :check)"
                                      << "1:1: a CQL-S script starts with a (match ...) list";
    QTest::newRow("castling argument") << "(match (position :castling R))"
                                       << "1:28: ':castling' takes K, Q, k, q or a bracketed set of them";
    QTest::newRow("bad fen") << "(match (position :fen \"xyz\"))"
                             << "1:23: not a valid FEN";
    QTest::newRow(":line*") << "(match (position :line* (Pe2-e4 | Pe7-e5)))"
                            << "1:25: potential moves ('|') are not allowed in ':line*'";
    QTest::newRow(":ischeck with a range")
        << "(match (position :ischeck 0 2))"
        << "1:27: the range of ':ischeck' counts checks: its lower bound is at least 1";
}

void TestCqlsKeywords::errors()
{
    QFETCH(QString, script);
    QFETCH(QString, error);
    std::string got = cqlsError(script.toStdString());
    QVERIFY2(got.rfind(error.toStdString(), 0) == 0, got.c_str());
}

void TestCqlsKeywords::everyIndexKeywordIsKnown()
{
    // Every keyword of the seed's index compiles or is refused by name, never ignored.
    for (std::string_view k : cql::cqls::keywordsIn(cql::cqls::InPosition)) {
        std::string script = "(match (position :" + std::string(k) + "))";
        std::vector<cql::Diagnostic> d;
        auto q = compileCqls(script, &d);
        if (q) continue;
        QVERIFY2(!d.empty(), script.c_str());
        QVERIFY2(d[0].message.find("unknown") == std::string::npos, (script + ": " + d[0].message).c_str());
        QVERIFY2(d[0].message.find("not implemented") == std::string::npos, (script + ": " + d[0].message).c_str());
        QVERIFY2(d[0].message.find("':" + std::string(k) + "'") != std::string::npos
                     || d[0].message.find("expects") != std::string::npos
                     || d[0].message.find("belongs") != std::string::npos,
                 (script + ": " + d[0].message).c_str());
    }
    for (std::string_view k : cql::cqls::keywordsIn(cql::cqls::InMatch)) {
        std::string script = "(match :" + std::string(k) + ")";
        std::vector<cql::Diagnostic> d;
        auto q = compileCqls(script, &d);
        if (q) continue;
        QVERIFY2(!d.empty() && d[0].message.find("unknown") == std::string::npos, script.c_str());
        QVERIFY2(d[0].message.find("not implemented") == std::string::npos, (script + ": " + d[0].message).c_str());
    }
}

QTEST_GUILESS_MAIN(TestCqlsKeywords)
#include "tst_cqlskeywords.moc"
