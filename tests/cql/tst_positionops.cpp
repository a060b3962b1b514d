// Operators between two positions: x & y (squares alike in both), ~ of that,
// and the tree ordering ≺ ≼ ≻ ≽ ([<] [<=] [>] [>=]), on small inline games.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

int countOf(const std::string &text, const game::Game &g)
{
    cql::GameResult r = runQuery(text, g);
    if (!r.error.empty()) return -1;
    return int(r.matches.size());
}

// The knights go out and come back: the start position recurs at ply 4.
const char *Knights = "1. Nf3 Nf6 2. Ng1 Ng8 *\n";
// One variation: 1.e4 and 1.d4 share only the root.
const char *Branch = "1. e4 (1. d4 d5) 1... e5 *\n";

} // namespace

class TestPositionOps : public QObject {
    Q_OBJECT
private slots:
    void intersection();
    void complementOfIntersection();
    void ordering();
    void errors();
};

void TestPositionOps::intersection()
{
    game::Game g = pgnGame(Knights);
    // Only the start position and the one after 2...Ng8 have equal boards.
    QCOMPARE(countOf("cql()\necho quiet (s t) s & t == .", g), 2);
    QCOMPARE(countOf("cql()\necho quiet (s t) s ∩ t == ▦", g), 2);
    // After 1.Nf3 the board differs from the start on g1 and f3 only.
    QCOMPARE(countOf("cql()\nply == 1 #(parent & currentposition) == 62", g), 1);
    QCOMPARE(countOf("cql()\nply == 1 #(parent ∩ ∙) == 63", g), 0);
}

void TestPositionOps::complementOfIntersection()
{
    game::Game g = pgnGame(Knights);
    // ~(x & y): the squares whose contents differ.
    QCOMPARE(countOf("cql()\nply == 1 ~(parent & currentposition) == [g1,f3]", g), 1);
    QCOMPARE(countOf("cql()\nply == 2 ~(parent ∩ ∙) == [g8,f6]", g), 1);
    QCOMPARE(countOf("cql()\nply == 2 ~(parent ∩ ∙) == [g1,f3]", g), 0);
}

void TestPositionOps::ordering()
{
    game::Game g = pgnGame(Knights);
    // On one line every earlier position is an ancestor of every later one.
    QCOMPARE(countOf("cql()\necho quiet (s t) s ≺ t", g), 4);
    QCOMPARE(countOf("cql()\necho quiet (s t) s [<] t", g), 4);
    QCOMPARE(countOf("cql()\necho quiet (s t) s ≻ t", g), 4);
    QCOMPARE(countOf("cql()\necho quiet (s t) in all s ≼ t", g), 5);
    QCOMPARE(countOf("cql()\necho quiet (s t) in all s [>=] t", g), 5);
    QCOMPARE(countOf("cql()\necho quiet (s t) in all s ≺ t", g), 4);
    // Positions on different lines are not ordered.
    game::Game b = pgnGame(Branch);
    QCOMPARE(countOf("cql(variations)\necho quiet (s t) s ≺ t", b), 3); // root, 1.d4, 1.e4... with a later move
    QCOMPARE(countOf("cql(variations)\necho quiet (s t) {not s ≺ t not s ≻ t}", b), 4);
}

void TestPositionOps::errors()
{
    // A non-position on the left leaves the operator unparsed.
    QVERIFY(firstError("cql()\ncheck ≺ currentposition").find("≺") != std::string::npos);
    QVERIFY(firstError("cql()\ncurrentposition ≺ 3").find("position") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestPositionOps)
#include "tst_positionops.moc"
