// Corners of the grammar the official examples use: the empty square list `[]`,
// a transform before a comparison, countmoves, an arrow looser than a union.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

} // namespace

class TestGrammarCorners : public QObject {
    Q_OBJECT
private slots:
    void emptySquareList();
    void transformOverComparison();
    void countMovesPromotionOnce();
    void arrowLooserThanUnion();
};

void TestGrammarCorners::emptySquareList()
{
    QCOMPARE(evalSet("[]"), chess::SquareSet());
    // No blanks inside the brackets (CQL 6.2 refuses [ ]).
    QVERIFY(!compileBody("[ ]"));
    QCOMPARE(evalSet("[a1,h8]"), squares("a1 h8"));
    // An accumulator started empty grows by union.
    game::Game g = pgnGame("1. e4 e5 *\n");
    QVERIFY(runQuery("cql()\nS=[]\nS=S|e4\nS==e4", g).matched);
    QVERIFY(!runQuery("cql()\nS=[]\nS", g).matched);
}

void TestGrammarCorners::transformOverComparison()
{
    // `flipcolor 8<=F` compares; `flipcolor 1 2 F` is still a count range.
    QCOMPARE(firstError("cql()\nflipcolor 8<=sort \"n\" #P"), std::string());
    QCOMPARE(firstError("cql()\nflipcolor 1 2 check"), std::string());
    game::Game g = positionGame(chess::Position::StartFen);
    // 8 white pawns match directly; the colour-flipped copy counts black ones.
    QVERIFY(runQuery("cql()\nflipcolor 8<=#P", g).matched);
    QVERIFY(!runQuery("cql()\nflipcolor 9<=#P", g).matched);
    game::Game g2 = positionGame("4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1");
    QVERIFY(runQuery("cql()\nflipcolor 8<=#P", g2).matched);
    QVERIFY(!runQuery("cql()\n8<=#P", g2).matched);
}

void TestGrammarCorners::countMovesPromotionOnce()
{
    // White: king a1 hemmed in by its own pawns, pawn g7 can only promote.
    game::Game g = positionGame("k7/6P1/8/8/8/8/PP6/K7 w - - 0 1");
    // a2-a3 a2-a4 b2-b3 b2-b4 Kb1 and g8 once (not four times).
    QVERIFY(runQuery("cql()\ncountmoves legal -- == 6", g).matched);
    QVERIFY(!runQuery("cql()\ncountmoves legal -- == 9", g).matched);
    // CQL 6.2 takes no promotion after `legal`, nor a move filter.
    QVERIFY(!runQuery("cql()\ncountmoves legal --=N == 1", g).error.empty());
    QVERIFY(!runQuery("cql()\ncountmoves legal move promote A == 4", g).error.empty());
}

void TestGrammarCorners::arrowLooserThanUnion()
{
    // Start position: the knight b1 attacks a3 c3 d2; nothing white attacks e8.
    // b1->a3|e8 is b1->(a3|e8) = b1, not (b1->a3)|e8 = [b1,e8].
    QCOMPARE(evalSet("b1->a3|e8"), squares("b1"));
    QCOMPARE(evalSet("(b1->a3)|e8"), squares("b1 e8"));
    QCOMPARE(evalSet("a3|e8<-b1"), squares("a3"));
    // `attacks` keeps binding tighter than |.
    QCOMPARE(evalSet("b1 attacks a3|e8"), squares("b1 e8"));
}

QTEST_APPLESS_MAIN(TestGrammarCorners)
#include "tst_grammarcorners.moc"
