// Every example of the two CQL 6 manual pages among the seeds: direction
// filters (seed 004) and rotate90 (seed 003).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

class TestSeeds : public QObject {
    Q_OBJECT
private slots:
    void directions_data();
    void directions();
    void rotate90Set();
    void rotate90Kings_data();
    void rotate90Kings();
    void rotate90Ray();
    void rotate90CountFind();
};

void TestSeeds::directions_data()
{
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("fen");
    const QString start = QString::fromLatin1(chess::Position::StartFen);
    // Seed 004, empty-board examples (occupancy is ignored by direction filters).
    QTest::newRow("up 1 d4") << "up 1 d4"
                             << "d5" << start;
    QTest::newRow("up 2 d4") << "up 2 d4"
                             << "d6" << start;
    QTest::newRow("up 3 d4") << "up 3 d4"
                             << "d7" << start;
    QTest::newRow("up 1 3 d4") << "up 1 3 d4"
                               << "d5 d6 d7" << start;
    QTest::newRow("up d4") << "up d4"
                           << "d5 d6 d7 d8" << start;
    QTest::newRow("down 1 d4") << "down 1 d4"
                               << "d3" << start;
    QTest::newRow("down d4") << "down d4"
                             << "d1 d2 d3" << start;
    QTest::newRow("left 1 [d4,e5]") << "left 1 [d4,e5]"
                                    << "c4 d5" << start;
    QTest::newRow("left [d4,e5]") << "left [d4,e5]"
                                  << "a4 b4 c4 a5 b5 c5 d5" << start;
    QTest::newRow("right a1-8")
        << "right a1-8"
        << "b1 c1 d1 e1 f1 g1 h1 b2 c2 d2 e2 f2 g2 h2 b3 c3 d3 e3 f3 g3 h3 b4 c4 d4 e4 f4 g4 h4 "
           "b5 c5 d5 e5 f5 g5 h5 b6 c6 d6 e6 f6 g6 h6 b7 c7 d7 e7 f7 g7 h7 b8 c8 d8 e8 f8 g8 h8"
        << start;
    QTest::newRow("right 1 a-h2") << "right 1 a-h2"
                                  << "b2 c2 d2 e2 f2 g2 h2" << start;
    QTest::newRow("right 6 7 a-h2") << "right 6 7 a-h2"
                                    << "g2 h2" << start;
    QTest::newRow("up -2 d4") << "up -2 d4"
                              << "d2" << start;
    QTest::newRow("right -1 1 d4") << "right -1 1 d4"
                                   << "c4 d4 e4" << start;
    QTest::newRow("vertical 3 d4") << "vertical 3 d4"
                                   << "d7 d1" << start;
    QTest::newRow("diagonal 1 d4") << "diagonal 1 d4"
                                   << "e5 c5 c3 e3" << start;
    QTest::newRow("orthogonal d4") << "orthogonal d4"
                                   << "a4 b4 c4 d5 d6 d7 d8 e4 f4 g4 h4 d1 d2 d3" << start;
    QTest::newRow("horizontal 0 1 d4") << "horizontal 0 1 d4"
                                       << "c4 d4 e4" << start;
    QTest::newRow("horizontal -1 0 d4") << "horizontal -1 0 d4"
                                        << "c4 d4 e4" << start;
    QTest::newRow("horizontal -1 1 d4") << "horizontal -1 1 d4"
                                        << "c4 d4 e4" << start;
    // Seed 004, start position examples.
    QTest::newRow("up 1 P") << "up 1 P"
                            << "a3 b3 c3 d3 e3 f3 g3 h3" << start;
    QTest::newRow("up N") << "up N"
                          << "b2 b3 b4 b5 b6 b7 b8 g2 g3 g4 g5 g6 g7 g8" << start;
    // The seed writes "right 1 [Rq] = [b1,b8]", which holds for [Rr]; [Rq] also
    // moves the black queen d8 -> e8 (and h1 falls off the board).
    QTest::newRow("right 1 [Rr]") << "right 1 [Rr]"
                                  << "b1 b8" << start;
    QTest::newRow("right 1 [Rq]") << "right 1 [Rq]"
                                  << "b1 e8" << start;
    QTest::newRow("right 1 attack") << "right 1 (. attackedby Q)"
                                    << "d2 e2 f2 d1 f1" << start;
    QTest::newRow("knight hops from Q") << "flip up 2 right 1 Q"
                                        << "f2 e3 c3 b2" << start;
    QTest::newRow("diagonal diagonal h1")
        << "diagonal diagonal h1"
        << "b1 d1 f1 h1 a2 c2 e2 g2 b3 d3 f3 h3 a4 c4 e4 g4 b5 d5 f5 h5 a6 c6 e6 g6 b7 d7 f7 h7 a8 c8 e8 g8" << start;
    QTest::newRow("southwest 1 g2") << "southwest 1 g2"
                                    << "f1" << start;
    QTest::newRow("northeast 3 d5") << "northeast 3 d5"
                                    << "g8" << start;
}

void TestSeeds::directions()
{
    QFETCH(QString, expr);
    QFETCH(QString, expected);
    QFETCH(QString, fen);
    chess::SquareSet got = evalSet(expr.toStdString(), fen.toStdString());
    chess::SquareSet want = squares(expected.toLatin1().constData());
    QCOMPARE(QString::fromStdString(got.toString()), QString::fromStdString(want.toString()));
}

void TestSeeds::rotate90Set()
{
    // "rotate90 a1 is the set [a1,h1,a8,h8]"
    QCOMPARE(evalSet("rotate90 a1"), squares("a1 h1 a8 h8"));
}

void TestSeeds::rotate90Kings_data()
{
    QTest::addColumn<QString>("fen");
    QTest::addColumn<bool>("match");
    // {Ka1 kh8} and its three rotations {Kh1 ka8} {Ka8 kh1} {Kh8 ka1}.
    QTest::newRow("Ka1 kh8") << "7k/8/8/8/8/8/8/K7 w - - 0 1" << true;
    QTest::newRow("Kh1 ka8") << "k7/8/8/8/8/8/8/7K w - - 0 1" << true;
    QTest::newRow("Ka8 kh1") << "K7/8/8/8/8/8/8/7k w - - 0 1" << true;
    QTest::newRow("Kh8 ka1") << "7K/8/8/8/8/8/8/k7 w - - 0 1" << true;
    QTest::newRow("Ka1 ka8 not opposite") << "k7/8/8/8/8/8/8/K7 w - - 0 1" << false;
    QTest::newRow("Kb1 kh8") << "7k/8/8/8/8/8/8/1K6 w - - 0 1" << false;
}

void TestSeeds::rotate90Kings()
{
    QFETCH(QString, fen);
    QFETCH(bool, match);
    game::Game g = positionGame(fen.toStdString());
    QCOMPARE(matchCount("rotate90 {Ka1 kh8}", g), match ? 1 : 0);
    // "This can also be done, more efficiently, via k==diagonal 7 K[a1,h1]" —
    // for a king on a1 or h1 only; check both give the same answer there.
    if (g.nodes[0].position.pieces(chess::WKing).first() == chess::A1
        || g.nodes[0].position.pieces(chess::WKing).first() == chess::H1)
        QCOMPARE(matchCount("k==diagonal 7 K[a1,h1]", g), match ? 1 : 0);
}

void TestSeeds::rotate90Ray()
{
    // "rotate90 ray right (R K) will match iff flip ray orthogonal (R K) matches"
    const char *fens[] = {
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",  // rook and king on the first rank
        "4k3/8/8/8/8/8/8/R2NK3 w - - 0 1", // blocked
        "k7/8/8/8/4R3/8/8/4K3 w - - 0 1",  // on a file
        "k7/8/8/8/8/2R5/8/4K3 w - - 0 1",  // nowhere in line
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",  // king left of the rook
    };
    bool expected[] = {true, false, true, false, true};
    for (size_t i = 0; i < std::size(fens); ++i) {
        game::Game g = positionGame(fens[i]);
        int a = matchCount("rotate90 ray right (R K)", g);
        int b = matchCount("flip ray orthogonal (R K)", g);
        QCOMPARE(a, b);
        QCOMPARE(a, expected[i] ? 1 : 0);
    }
}

void TestSeeds::rotate90CountFind()
{
    // "rotate90 count find {Qa1 qh8}" at the initial position counts the
    // rotations that occur somewhere in the game.
    game::Game g = pgnGame("[FEN \"4k3/8/8/8/8/8/8/Q3K2q w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                           "1. Kd2 Qh8 2. Ke3 Ke7 3. Qa8 Qh1 *\n");
    QVERIFY(g.nodes.size() == 7);
    // After 1...Qh8 the game shows {Qa1 qh8} itself, after 3...Qh1 its quarter
    // turn clockwise {Qa8 qh1}; {Qh1 qa8} and {Qh8 qa1} never occur.
    QCOMPARE(matchCount("initial (rotate90 count find {Qa1 qh8}) == 2", g), 1);
    QCOMPARE(matchCount("initial (rotate90 count find {Qa1 qh8}) == 1", g), 0);
    // Unparenthesised, the comparison belongs to find's argument (as in the
    // reference engine), and a count always matches.
    QCOMPARE(matchCount("initial rotate90 count find {Qa1 qh8} == 1", g), 1);
}

QTEST_GUILESS_MAIN(TestSeeds)
#include "tst_seeds.moc"
