// light / dark under transforms: a map that sends squares onto the other
// colour (mirror, quarter turn, flipcolor) turns light into dark.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {
// Both kings on dark squares (a1, c1), the white bishop on a light one (b1 is light).
const char *DarkKings = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
const char *MixedWhite = "8/8/8/8/8/8/8/KBk5 w - - 0 1";
} // namespace

class TestLightDarkTransform : public QObject {
    Q_OBJECT
private slots:
    void plainColours();
    void mirrorsSwapColours();
    void shiftsAndHalfTurns();
};

void TestLightDarkTransform::plainColours()
{
    game::Game g = positionGame(DarkKings);
    QCOMPARE(matchCount("light K", g), 0);
    QCOMPARE(matchCount("dark K", g), 1);
    QCOMPARE(matchCount("light A == A", g), 0);
}

void TestLightDarkTransform::mirrorsSwapColours()
{
    game::Game g = positionGame(DarkKings);
    // The allsamecolor example: every piece on a dark square.
    QCOMPARE(matchCount("flip light [Aa] == [Aa]", g), 1);
    QCOMPARE(matchCount("✵ light ◭ == ◭", g), 1);
    QCOMPARE(matchCount("flipvertical light K == K", g), 1);
    QCOMPARE(matchCount("fliphorizontal light K == K", g), 1);
    QCOMPARE(matchCount("rotate90 light K == K", g), 1);
    // flipcolor mirrors the ranks too: dark k on c1.
    QCOMPARE(matchCount("flipcolor light k == k", g), 1);
    // Not when the pieces stand on both colours.
    game::Game m = positionGame(MixedWhite);
    QCOMPARE(matchCount("flip light A == A", m), 0);
}

void TestLightDarkTransform::shiftsAndHalfTurns()
{
    game::Game g = positionGame(DarkKings);
    // A shift by one file moves every square onto the other colour.
    QCOMPARE(matchCount("shifthorizontal light K == K", g), 1);
    // The images that keep the colours still need a light king.
    QCOMPARE(matchCount("flip {light K == K  currenttransform == \"identity\"}", g), 0);
    QCOMPARE(matchCount("flip {dark K == K  currenttransform == \"identity\"}", g), 1);
}

QTEST_APPLESS_MAIN(TestLightDarkTransform)
#include "tst_lightdarktransform.moc"
