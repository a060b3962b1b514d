// Direction ranges given by numeric variables (the chameleon example), and a
// complement glued to a dash (followpath).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

// White king e4 alone with the black king.
const char *Kings = "k7/8/8/8/4K3/8/8/8 w - - 0 1";

} // namespace

class TestDirectionRanges : public QObject {
    Q_OBJECT
private slots:
    void directionRangeFromVariable();
    void directionRangeParses();
    void everyRangeIsItsSteps();
    void complementGluedToDash();
};

void TestDirectionRanges::directionRangeFromVariable()
{
    game::Game g = positionGame(Kings);
    // 'up D S' with D a numeric variable moves exactly D steps.
    QCOMPARE(matchCount("D = 2\ne6 & up D K", g), 1);
    QCOMPARE(matchCount("D = 3\ne6 & up D K", g), 0);
    QCOMPARE(matchCount("D = 2\n#up D K == 1", g), 1);
    // Negative goes the other way, zero stays put.
    QCOMPARE(matchCount("D = -2\ne2 & up D K", g), 1);
    QCOMPARE(matchCount("D = 0\ne4 & up D K", g), 1);
    // Two directions with variables, as chameleon writes it: up 1, then right 2.
    QCOMPARE(matchCount("DR = 1\nDF = 2\ng5 & up DR right DF K", g), 1);
    QCOMPARE(matchCount("DR = 1\nDF = 2\nf5 & up DR right DF K", g), 0);
    // Two variable bounds make a range.
    QCOMPARE(matchCount("Lo = 1\nHi = 3\n#up Lo Hi K == 3", g), 1);
    // Off the board: nothing.
    QCOMPARE(matchCount("D = 5\nup D K", g), 0);
    // A flipped copy turns the direction, the variable keeps its value: only
    // the flipped K & down D e6 holds (fliphorizontal: rank 1 <-> 8).
    QCOMPARE(matchCount("D = 2\nK & up D e3", g), 0);
    QCOMPARE(matchCount("D = 2\nfliphorizontal {K & up D e3}", g), 1);
}

// Every written range (0 to 7; CQL 6.2 stops at 8) of every direction, from
// sets of one and of several squares, against the definition: the union of
// the single steps.
void TestDirectionRanges::everyRangeIsItsSteps()
{
    const std::pair<const char *, chess::SquareSet> bases[] = {
        {"e4", squares("e4")}, {"a1", squares("a1")}, {"h8", squares("h8")}, {"[a1,b7,g2,d5]", squares("a1 b7 g2 d5")}};
    const std::pair<const char *, std::pair<int, int>> directions[] = {
        {"up", {0, 1}},        {"down", {0, -1}},      {"left", {-1, 0}},      {"right", {1, 0}},
        {"northeast", {1, 1}}, {"northwest", {-1, 1}}, {"southeast", {1, -1}}, {"southwest", {-1, -1}}};
    for (const auto &[name, step] : directions)
        for (const auto &[baseText, base] : bases)
            for (int lo = 0; lo <= 7; ++lo)
                for (int hi = lo; hi <= 7; ++hi) {
                    chess::SquareSet expected;
                    for (int k = lo; k <= hi; ++k)
                        expected |= base.shifted(step.first * k, step.second * k);
                    const std::string expr =
                        std::string(name) + " " + std::to_string(lo) + " " + std::to_string(hi) + " " + baseText;
                    QVERIFY2(evalSet(expr) == expected, expr.c_str());
                }
}

void TestDirectionRanges::directionRangeParses()
{
    // chameleon.cql: a numeric variable after a direction is its range, not its set.
    QCOMPARE(firstError("cql()\nDeltaRank = 1\nDeltaFile = 1\n"
                        "square all Piece in A\n piecename Piece ==\n  piecename\n"
                        "   up DeltaRank\n   right DeltaFile\n     Piece"),
             std::string());
    // A set variable is still the direction's set.
    QCOMPARE(firstError("cql()\nS = K\nup S"), std::string());
}

void TestDirectionRanges::complementGluedToDash()
{
    // followpath.cql: 'piece T2= ~T1――(from)' is a move by a piece other
    // than T1, so ~ takes only the glued set on the dash's left.
    game::Game g = pgnGame("1. e4 e5 2. Nf3 *\n");
    QCOMPARE(matchCount("~e2――", g), 2);
    QCOMPARE(matchCount("~e2--", g), 2);
    QCOMPARE(matchCount("~e2――e4", g), 0);
    QCOMPARE(matchCount("~e7――e5", g), 0);
    QCOMPARE(matchCount("~g1――f3", g), 0);
    QCOMPARE(matchCount("~e2――e5", g), 1);
    // A dash is a logical filter: CQL 6.2 refuses its complement.
    QCOMPARE(matchCount("~(e2――e4)", g), -1);
    QCOMPARE(matchCount("(~e2)――", g), 2);
    // The dash's value is then the from square of that move.
    QCOMPARE(matchCount("X = ~g1――(from)\nX == e7", g), 1);
}

QTEST_GUILESS_MAIN(TestDirectionRanges)
#include "tst_directionranges.moc"
