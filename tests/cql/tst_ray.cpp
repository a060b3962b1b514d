// ray (S1 ... Sn): squares of the sets in that order along one line, with only
// empty squares between neighbours; the value is the squares where the rays
// end (the last set's), as in CQL 6.2, each checked against it. xray: a
// ray from a line piece on S1 that moves that way, with anything between
// consecutive arguments (the turton examples rely on it).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

class TestRay : public QObject {
    Q_OBJECT
private slots:
    void emptySquaresBetween();
    void directions();
    void asManySetsAsALine();
    void throughAPiece();
    void blockedBetweenArguments();
    void needsALinePieceMovingThatWay();
};

void TestRay::emptySquaresBetween()
{
    // Queen b1, knight e4 (white), black king h7: b1-h7 is a diagonal.
    const char *fen = "8/7k/8/8/4N3/8/8/1Q4K1 w - - 0 1";
    QCOMPARE(evalSet("ray (Q k)", fen), squares("")); // the knight stands between
    QCOMPARE(evalSet("ray (Q N k)", fen), squares("h7"));
    QCOMPARE(evalSet("ray (Q c2 N)", fen), squares("e4")); // an empty square as an argument
    QCOMPARE(evalSet("ray (Q N c2)", fen), squares(""));   // in that order only
    QCOMPARE(evalSet("ray (N k)", fen), squares("h7"));
    // The second set off every line through the first: nothing.
    QCOMPARE(evalSet("ray (Q c4)", fen), squares(""));
    QCOMPARE(evalSet("ray ([QN] k)", fen), squares("h7"));
    // The last set takes each of its empty squares up to the first piece; an
    // empty square of a middle set may count for it or be passed over.
    QCOMPARE(evalSet("ray (Q [c2,d3])", fen), squares("c2 d3"));
    QCOMPARE(evalSet("ray (Q [c2,d3] N)", fen), squares("e4"));
    QCOMPARE(evalSet("ray (Q c2 [d3,e4])", fen), squares("d3 e4"));
}

void TestRay::directions()
{
    const char *fen = "8/7k/8/8/4N3/8/8/1Q4K1 w - - 0 1";
    QCOMPARE(evalSet("ray diagonal (Q N)", fen), squares("e4"));
    QCOMPARE(evalSet("ray orthogonal (Q N)", fen), squares(""));
    QCOMPARE(evalSet("ray up (Q N)", fen), squares(""));
    QCOMPARE(evalSet("ray northeast (Q N)", fen), squares("e4"));
    QCOMPARE(evalSet("ray southwest (N Q)", fen), squares("b1"));
    QCOMPARE(evalSet("ray right (Q K)", fen), squares("g1"));
}

void TestRay::asManySetsAsALine()
{
    // Eight sets fill a line; a ninth can never be met (more sets than the
    // stack keeps: the evaluator takes another path for them).
    const char *fen = "8/8/8/8/8/8/8/RNBQKBNR w - - 0 1";
    QCOMPARE(evalSet("ray (R N B Q K B N R)", fen), squares("h1"));
    QCOMPARE(evalSet("ray (R N B Q K B N R .)", fen), squares(""));
    QCOMPARE(evalSet("ray (R N B Q K B N h1 .)", fen), squares(""));
    // Any square eight times: the edge, where every file and rank begins
    // (CQL 6.2 gives the same).
    QCOMPARE(evalSet("ray (. . . . . . . .)", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
             squares("a1 b1 c1 d1 e1 f1 g1 h1 a8 b8 c8 d8 e8 f8 g8 h8 a2 a3 a4 a5 a6 a7 h2 h3 h4 h5 h6 h7"));
    QCOMPARE(evalSet("ray (. . . . . . . . . . .)", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), squares(""));
}

void TestRay::throughAPiece()
{
    // Rook e1, black knight e4, black king e8: a pin.
    const char *pin = "4k3/8/8/8/4n3/8/8/4R1K1 w - - 0 1";
    QCOMPARE(evalSet("xray (R n k)", pin), squares("e8"));
    // An empty square may be an argument (a critical square).
    QCOMPARE(evalSet("xray (R e2 n)", pin), squares("e4"));
}

void TestRay::blockedBetweenArguments()
{
    // A white pawn on e3 stands between the rook and the critical square e2..e4 line.
    const char *blocked = "4k3/8/8/8/4n3/4P3/8/4R1K1 w - - 0 1";
    QCOMPARE(evalSet("xray (R n k)", blocked), squares(""));
    QCOMPARE(evalSet("xray (R e2 P)", blocked), squares("e3"));
    QCOMPARE(evalSet("xray (R e4 k)", blocked), squares(""));
}

void TestRay::needsALinePieceMovingThatWay()
{
    // A knight or king has no x-ray; a rook has none along a diagonal,
    // a bishop none along a file.
    QCOMPARE(evalSet("xray (N e4 k)", "4k3/8/8/8/8/8/8/4N1K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (R c3 k)", "8/8/7k/8/8/8/8/1R4K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (B c3 k)", "8/8/5k2/8/8/8/8/1B4K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (B b1 k)", "8/8/7k/8/8/8/8/1B4K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (Q e4 k)", "8/8/8/8/8/8/8/1Q4K1 w - - 0 1"), squares(""));
    // A black pawn on e4 shields the king on g6 from the queen or bishop on b1.
    QCOMPARE(evalSet("xray (Q c2 p k)", "8/8/6k1/8/4p3/8/8/1Q4K1 w - - 0 1"), squares("g6"));
    QCOMPARE(evalSet("xray (B c2 p k)", "8/8/6k1/8/4p3/8/8/1B4K1 w - - 0 1"), squares("g6"));
}

QTEST_APPLESS_MAIN(TestRay)
#include "tst_ray.moc"
