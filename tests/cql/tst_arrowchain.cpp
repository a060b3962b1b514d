// Arrow chains x → y → z / x ← y ← z as lines of attack through the middle
// squares, and a number before a comparison after a transform (`flip 5 ≤ x`).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

// White rook a1, black knight a4, black king a8: the rook's line runs
// through the knight to the king.
const char *Line = "k7/8/8/8/n7/8/8/R6K w - - 0 1";
// The same with a white pawn on a6 cutting the line between knight and king.
const char *Blocked = "k7/8/P7/8/n7/8/8/R6K w - - 0 1";

int countOf(const std::string &text, const game::Game &g)
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(text, {}, d);
    if (!q) return -1;
    cql::GameResult r;
    cql::Evaluator ev(*q);
    ev.run(g, r);
    return int(r.matches.size());
}

} // namespace

class TestArrowChain : public QObject {
    Q_OBJECT
private slots:
    void throughAPiece();
    void throughEmptySquares();
    void leftArrows();
    void twoSetsStayAttacks();
    void onlyLinePiecesStartAChain();
    void transformCountOrComparison();
};

void TestArrowChain::throughAPiece()
{
    // The knight attacks nothing on the a-file, yet the chain holds.
    QCOMPARE(evalSet("R→n→k", Line), squares("a1"));
    QCOMPARE(evalSet("R -> n -> k", Line), squares("a1"));
    QCOMPARE(evalSet("R→n→k", Blocked), squares(""));
    // Not a nesting of attack tests: n → k alone is empty.
    QCOMPARE(evalSet("R→(n→k)", Line), squares(""));
}

void TestArrowChain::throughEmptySquares()
{
    QCOMPARE(evalSet("R→a3→n→k", Line), squares("a1"));
    QCOMPARE(evalSet("R→a2-3→n", Line), squares("a1"));
    // Only the named links may be occupied: the knight cuts this line.
    QCOMPARE(evalSet("R→a2-3→k", Line), squares(""));
    // The links must come in order along the line.
    QCOMPARE(evalSet("R→n→a3", Line), squares(""));
    // A knight on the first link has no line.
    QCOMPARE(evalSet("n→a3→a2", Line), squares(""));
}

void TestArrowChain::leftArrows()
{
    // Read the other way: the value is the leftmost set, where the line ends.
    QCOMPARE(evalSet("k←n←R", Line), squares("a8"));
    QCOMPARE(evalSet("k <- n <- R", Line), squares("a8"));
    QCOMPARE(evalSet("k←n←R", Blocked), squares(""));
}

void TestArrowChain::twoSetsStayAttacks()
{
    QCOMPARE(evalSet("R→n", Line), squares("a1"));
    QCOMPARE(evalSet("R→k", Line), squares(""));
    QCOMPARE(evalSet("n←R", Line), squares("a4"));
}

void TestArrowChain::onlyLinePiecesStartAChain()
{
    // Black king d5 checked by the pawn e4, a black pawn c6 behind the king,
    // the white king d3 next to the empty d4, a rook d1 below the king. As in
    // CQL 6.2, a pawn's or a king's attack goes on past nothing; a rook's does.
    const char *fen = "8/8/2p5/3k4/4P3/3K4/8/3R4 b - - 0 1";
    QCOMPARE(evalSet("P→k", fen), squares("e4"));
    QCOMPARE(evalSet("P→k→c6", fen), squares(""));
    QCOMPARE(evalSet("c6←k←P", fen), squares(""));
    QCOMPARE(evalSet("K→d4→k", fen), squares(""));
    QCOMPARE(evalSet("R→d2→K→d4", fen), squares("d1"));
}

void TestArrowChain::transformCountOrComparison()
{
    game::Game g = pgnGame("1. e4 e5 2. Nf3 Nc6 *\n");
    // `flip 5 <= x`: 5 is compared, not the transform's range.
    QCOMPARE(countOf("cql()\nflip 2 <= ply", g), 3);
    QCOMPARE(countOf("cql()\n✵ 2 ≤ ply", g), 3);
    // A number followed by a filter is still the range.
    QCOMPARE(countOf("cql()\nflip 1 8 N", g), 5);
    QCOMPARE(countOf("cql()\nflip 9 N", g), 0);
}

QTEST_GUILESS_MAIN(TestArrowChain)
#include "tst_arrowchain.moc"
