// The per-game state of filters (filter.h's GameSlot): indices handed out
// while a query is compiled, kept by the evaluation context and reset for
// every game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

#include "cql/programaccess.h"

using namespace cqltest;

namespace {

const char *Consecutive = "cql(variations)\nmainline terminal\n"
                          "echo quiet (s t) { terminal variation consecutivemoves (s t) }";

int slotsOf(const cql::Query &q, cql::GameSlot kind)
{
    return cql::ProgramAccess::program(q).gameSlots.count[size_t(kind)];
}

} // namespace

class TestGameSlots : public QObject {
    Q_OBJECT
private slots:
    void allocationCountsByKind();
    void compileHandsOutSlots();
    void stateIsResetEveryGame();
};

void TestGameSlots::allocationCountsByKind()
{
    cql::GameSlotCounts outer, inner;
    {
        cql::GameSlotAllocation a(outer);
        QCOMPARE(cql::allocateGameSlot(cql::GameSlot::NestCovered), 0);
        QCOMPARE(cql::allocateGameSlot(cql::GameSlot::NestCovered), 1);
        QCOMPARE(cql::allocateGameSlot(cql::GameSlot::OnceReached), 0);
        {
            cql::GameSlotAllocation b(inner);
            QCOMPARE(cql::allocateGameSlot(cql::GameSlot::NestCovered), 0);
        }
        // The outer allocation counts on where it stopped.
        QCOMPARE(cql::allocateGameSlot(cql::GameSlot::NestCovered), 2);
    }
    QCOMPARE(outer.count[size_t(cql::GameSlot::NestCovered)], 3);
    QCOMPARE(outer.count[size_t(cql::GameSlot::OnceReached)], 1);
    QCOMPARE(outer.count[size_t(cql::GameSlot::GameComments)], 0);
    QCOMPARE(inner.count[size_t(cql::GameSlot::NestCovered)], 1);
}

void TestGameSlots::compileHandsOutSlots()
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(Consecutive, {}, d);
    QVERIFY(q);
    QCOMPARE(slotsOf(*q, cql::GameSlot::GameComments), 1);
    QCOMPARE(slotsOf(*q, cql::GameSlot::NestCovered), 0);
    // Each query counts from zero.
    auto again = cql::compile(Consecutive, {}, d);
    QVERIFY(again);
    QCOMPARE(slotsOf(*again, cql::GameSlot::GameComments), 1);
    // A quiet consecutivemoves writes nothing, so it keeps no comments.
    auto quiet = cql::compile("cql(variations)\nmainline terminal\n"
                              "echo quiet (s t) { terminal variation consecutivemoves quiet (s t) }",
                              {}, d);
    QVERIFY(quiet);
    QCOMPARE(slotsOf(*quiet, cql::GameSlot::GameComments), 0);
}

void TestGameSlots::stateIsResetEveryGame()
{
    // One evaluator, the same game twice: the once-per-game comments are
    // written for each game, not kept from the first.
    game::Game g = pgnGame("1. e4 (1. d4 e5 2. Nf3 Nc6) 1... e5 2. Nf3 Nc6 *\n");
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(Consecutive, {}, d);
    QVERIFY(q);
    cql::Evaluator ev(*q);
    const QString expected = QStringLiteral("s-move[1]@6 | t-move[1]@3 | s-move[2]@7 | t-move[2]@4 | "
                                            "s-move[3]@8 | t-move[3]@5");
    for (int k = 0; k < 2; ++k) {
        cql::GameResult r;
        ev.run(g, r);
        QVERIFY(r.matched);
        QCOMPARE(commentList(r), expected);
    }
}

QTEST_GUILESS_MAIN(TestGameSlots)
#include "tst_gameslots.moc"
