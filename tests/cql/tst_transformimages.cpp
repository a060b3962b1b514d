// Images of nested transforms (shift flip ..., flip shift ...): which images a
// shift keeps at the board's edge, and which count as the same image. The
// expected values are CQL 6.2's on the same positions.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {
// {Rh8 Kf6 kh6} mirrored onto the a-file and moved two ranks down: mate.
const char *ShiftedMate = "8/8/R7/8/k1K5/8/8/8 b - - 0 1";
// The same with the colours swapped (flipcolor).
const char *ShiftedMateBlack = "8/8/8/K1k5/8/r7/8/8 w - - 0 1";

// The value of a numeric filter at a position, -1 when it has none.
long long numberAt(const std::string &body, const char *fen)
{
    game::Game g = positionGame(fen);
    cql::GameResult r = runQuery("cql()\nx = " + body + "\ncomment(x)", g);
    for (const auto &c : r.comments)
        if (c.text != "CQL") return std::stoll(c.text);
    return -1;
}
} // namespace

class TestTransformImages : public QObject {
    Q_OBJECT
private slots:
    void shiftKeepsFlipsOnTheBoard();
    void flipcolorAroundShiftFlip();
    void severalSquaresPerDesignator();
    void imagesCountedAsSets();
};

void TestTransformImages::shiftKeepsFlipsOnTheBoard()
{
    game::Game g = positionGame(ShiftedMate);
    // Moving every mirror image of the pattern two ranks down pushes some
    // of them off the board; the ones that stay are still images.
    QCOMPARE(matchCount("shift flip {Rh8 Kf6 kh6 mate}", g), 1);
    QCOMPARE(matchCount("flip shift {Rh8 Kf6 kh6 mate}", g), 1);
    QCOMPARE(matchCount("shift {flip {Rh8 Kf6 kh6}} mate", g), 1);
    QCOMPARE(matchCount("shift flip {Rh8 Kf6 kh6 check}", g), 1);
    // Not a pure mirror image: flip alone does not reach it.
    QCOMPARE(matchCount("flip {Rh8 Kf6 kh6 mate}", g), 0);
}

void TestTransformImages::flipcolorAroundShiftFlip()
{
    for (const char *fen : {ShiftedMate, ShiftedMateBlack}) {
        game::Game g = positionGame(fen);
        QCOMPARE(matchCount("flipcolor shift flip {Rh8 Kf6 kh6 mate}", g), 1);
        QCOMPARE(matchCount("flipcolor flip shift {Rh8 Kf6 kh6 mate}", g), 1);
        QCOMPARE(matchCount("flipcolor {shift {flip {Rh8 Kf6 kh6 mate}}}", g), 1);
    }
    QCOMPARE(matchCount("shift flip {Rh8 Kf6 kh6 mate}", positionGame(ShiftedMateBlack)), 0);
}

void TestTransformImages::severalSquaresPerDesignator()
{
    game::Game g = positionGame(ShiftedMate);
    QCOMPARE(matchCount("shift flip {R[g8,h8] K[a1,f6] k[h6,h1]}", g), 1);
    QCOMPARE(matchCount("flipcolor shift flip {R[g8,h8] K[a1,f6] k[h6,h1] mate}", positionGame(ShiftedMateBlack)), 1);
}

void TestTransformImages::imagesCountedAsSets()
{
    // A shift of the four corners: the shifts by two ranks down and by five up
    // both leave {Ra6 Rh6}, one image.
    QCOMPARE(numberAt("shift count flip Rh8", ShiftedMate), 2LL);
    // The shifts of a rank pair are those of every rank pair: 2 images, not 8.
    QCOMPARE(numberAt("flip count shift {R[g8,h8] K}", ShiftedMate), 2LL);
    QCOMPARE(numberAt("shift count flip {Rh8 Kf6}", ShiftedMate), 1LL);
    QCOMPARE(numberAt("shift count flip {Rh8 Kf6 kh6}", ShiftedMateBlack), 0LL);
}

QTEST_APPLESS_MAIN(TestTransformImages)
#include "tst_transformimages.moc"
