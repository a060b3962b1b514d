// xray (S1 ... Sn): a ray from a line piece on S1 that moves that way, with
// empty squares between consecutive arguments (the turton examples rely on it).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

class TestXray : public QObject {
    Q_OBJECT
private slots:
    void throughAPiece();
    void blockedBetweenArguments();
    void needsALinePieceMovingThatWay();
};

void TestXray::throughAPiece()
{
    // Rook e1, black knight e4, black king e8: a pin.
    const char *pin = "4k3/8/8/8/4n3/8/8/4R1K1 w - - 0 1";
    QCOMPARE(evalSet("xray (R n k)", pin), squares("e1"));
    // An empty square may be an argument (a critical square).
    QCOMPARE(evalSet("xray (R e2 n)", pin), squares("e1"));
}

void TestXray::blockedBetweenArguments()
{
    // A white pawn on e3 stands between the rook and the critical square e2..e4 line.
    const char *blocked = "4k3/8/8/8/4n3/4P3/8/4R1K1 w - - 0 1";
    QCOMPARE(evalSet("xray (R n k)", blocked), squares(""));
    QCOMPARE(evalSet("xray (R e2 P)", blocked), squares("e1"));
    QCOMPARE(evalSet("xray (R e4 k)", blocked), squares(""));
}

void TestXray::needsALinePieceMovingThatWay()
{
    // A knight or king has no x-ray; a rook has none along a diagonal,
    // a bishop none along a file.
    QCOMPARE(evalSet("xray (N e4 k)", "4k3/8/8/8/8/8/8/4N1K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (R c3 k)", "8/8/7k/8/8/8/8/1R4K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (B c3 k)", "8/8/5k2/8/8/8/8/1B4K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (B b1 k)", "8/8/7k/8/8/8/8/1B4K1 w - - 0 1"), squares(""));
    QCOMPARE(evalSet("xray (Q e4 k)", "8/8/8/8/8/8/8/1Q4K1 w - - 0 1"), squares(""));
    // A black pawn on e4 shields the king on g6 from the queen or bishop on b1.
    QCOMPARE(evalSet("xray (Q c2 p k)", "8/8/6k1/8/4p3/8/8/1Q4K1 w - - 0 1"), squares("b1"));
    QCOMPARE(evalSet("xray (B c2 p k)", "8/8/6k1/8/4p3/8/8/1B4K1 w - - 0 1"), squares("b1"));
}

QTEST_APPLESS_MAIN(TestXray)
#include "tst_xray.moc"
