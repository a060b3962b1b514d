// A complement glued to a dash: ~T--(from) is (~T)--(from), a move by a piece
// off T, as the reference reads it (the followpath example relies on this).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

class TestComplementDash : public QObject {
    Q_OBJECT
private slots:
    void complementIsTheFromSet();
    void pieceAssignment();
};

void TestComplementDash::complementIsTheFromSet()
{
    game::Game g = pgnGame("1. Nf3 *\n");
    // The only move is the knight's, so nothing moves off g1 ...
    QCOMPARE(matchCount("~g1--(from)", g), 0);
    QCOMPARE(matchCount("~g1――(from)", g), 0);
    // ... and a move off e2 is the knight's, whose from square is the value.
    QCOMPARE(matchCount("~e2--(from) == g1", g), 1);
    QCOMPARE(matchCount("~e2--(from) == ~g1", g), 0);
    // Brackets still complement the whole dash.
    QCOMPARE(matchCount("~(g1--(from)) == ~g1", g), 1);
}

void TestComplementDash::pieceAssignment()
{
    game::Game g = pgnGame("1. e4 e5 2. Nf3 *\n");
    // After 1...e5 the knight moves: T2 is that piece, not a set of 63 squares.
    QCOMPARE(matchCount("piece T1 = Pe4 piece T2 = ~T1--(from) T2 == g1", g), 1);
}

QTEST_APPLESS_MAIN(TestComplementDash)
#include "tst_complementdash.moc"
