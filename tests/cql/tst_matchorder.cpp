// The evaluator lists a game's matched positions as the notation shows them,
// variations between the moves they are alternatives to (its walk finishes the
// main line first), so the workbench steps through them without sorting.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

#include "game/notationorder.h"

using namespace cqltest;

class TestMatchOrder : public QObject {
    Q_OBJECT
private slots:
    void marksInNotationOrder();
};

void TestMatchOrder::marksInNotationOrder()
{
    const game::Game g = pgnGame("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4 e5) 1... e5 2. Nf3 Nc6 *\n");
    cql::GameResult r = runQuery("cql(variations)\nwtm", g, true);
    QVERIFY(r.error.empty());
    // Positions with White to move: the start, after 1...e5 of each line, after d5, Nf6, Nc6 ...
    QCOMPARE(int(r.matches.size()), 6);
    const std::vector<uint32_t> rank = game::notationRanks(g);
    for (size_t i = 1; i < r.matches.size(); ++i)
        QVERIFY2(rank[r.matches[i - 1].node] < rank[r.matches[i].node], qPrintable(QString::number(i)));
    // The main line's last match comes last, after the variations of move 1.
    QCOMPARE(g.nodes[r.matches.back().node].variationDepth, uint16_t(0));
    QCOMPARE(g.nodes[r.matches.back().node].ply, uint16_t(4));
    // Without variations only the main line, in its order.
    r = runQuery("cql()\nwtm", g, true);
    QCOMPARE(int(r.matches.size()), 3);
}

QTEST_GUILESS_MAIN(TestMatchOrder)
#include "tst_matchorder.moc"
