// The short ways the parser and the filters take for common forms (--(mate),
// a colour's pieces attacking a king, a number between two bounds) give what
// the general forms give, under transforms and inside line too.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

#include "cql/logic.h"
#include "cql/state.h"

using namespace cqltest;

class TestShortPaths : public QObject {
    Q_OBJECT
private slots:
    void nextStateIsShort();
    void nextStateAsTheGeneralDash_data();
    void nextStateAsTheGeneralDash();
    void attackersOfAKing();
    void boundsFolded();
    void foldedBoundsAsTwoComparisons_data();
    void foldedBoundsAsTwoComparisons();
    void mateWhereTheGameGoesOn();
};

namespace {

// A mate, a stalemate and checks, on the mainline and in variations; a
// stalemate and a mate the game goes on from with a null move.
const char *Games[] = {
    "[FEN \"k7/8/1Q6/8/8/8/8/K7 b - - 0 1\"]\n[SetUp \"1\"]\n\n1... -- 2. Qc7 *\n",
    "[FEN \"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1\"]\n[SetUp \"1\"]\n\n1... -- *\n",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... g6 4. Qf3 Nf6 5. Qxf7#) 4. Qxf7# 1-0\n",
    "[FEN \"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qb6 (1. Qb7#) (1. Qh7 Kb8 2. Qb7#) *\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1\n",
    "1. d4 e5 2. dxe5 d6 3. exd6 Bxd6 4. Nf3 Nc6 5. Bg5 Nf6 6. e3 Bb4+ 7. c3 Qe7 8. cxb4 Qxb4+ 9. Nbd2 Ng4 "
    "(9... Nd5 10. Bd3) 10. a3 Qxb2 11. Bd3 Nxe3 12. fxe3 Qc3 13. Ke2 Qxd3+ 14. Kxd3 Bf5+ 15. Kc4 Be6+ *\n",
};

// The matched positions.
QList<int> nodes(const cql::GameResult &r)
{
    QList<int> out;
    for (const cql::PositionMark &m : r.matches)
        out << int(m.node);
    return out;
}

// The data's fast and general forms match the same positions of the games,
// with and without variations searched.
void sameMatchesOnGames()
{
    QFETCH(QString, fast);
    QFETCH(QString, general);
    int matched = 0;
    for (const char *pgn : Games) {
        const game::Game g = pgnGame(pgn);
        for (const char *header : {"cql()\n", "cql(variations)\n"}) {
            const cql::GameResult a = runQuery(header + fast.toStdString(), g);
            const cql::GameResult b = runQuery(header + general.toStdString(), g);
            QCOMPARE(QString::fromStdString(a.error), QString());
            QCOMPARE(QString::fromStdString(b.error), QString());
            QCOMPARE(nodes(a), nodes(b));
            matched += int(a.matches.size());
        }
    }
    QVERIFY(matched > 0);
}

bool fastPathTaken(const std::string &body)
{
    auto q = compileBody(body);
    if (!q) return false;
    const cql::Program &p = cql::ProgramAccess::program(*q);
    return p.body.size() == 1 && dynamic_cast<const cql::NextStateFilter *>(p.body[0].get());
}

} // namespace

void TestShortPaths::nextStateIsShort()
{
    QVERIFY(fastPathTaken("--(mate)"));
    QVERIFY(fastPathTaken("--(check)"));
    QVERIFY(fastPathTaken("--(stalemate)"));
    // More targets, sets or a capture: the general dash.
    QVERIFY(!fastPathTaken("--(mate true)"));
    QVERIFY(!fastPathTaken("Q--(mate)"));
    QVERIFY(!fastPathTaken("[x](check)"));
    QVERIFY(!fastPathTaken("--(wtm)"));
    // countmoves counts the moves of a dash with targets.
    std::vector<cql::Diagnostic> d;
    QVERIFY(compileBody("countmoves --(check) >= 1", &d));
}

void TestShortPaths::nextStateAsTheGeneralDash_data()
{
    QTest::addColumn<QString>("fast");
    QTest::addColumn<QString>("general");
    for (const char *state : {"mate", "check", "stalemate"}) {
        const QString s = state;
        const QString f = "--(" + s + ")", g = "--(" + s + " true)";
        QTest::newRow(state) << f << g;
        QTest::newRow(qPrintable(s + " flipcolor")) << "flipcolor {" + f + " wtm}"
                                                    << "flipcolor {" + g + " wtm}";
        QTest::newRow(qPrintable(s + " flip")) << "flip {" + f + " Q}"
                                               << "flip {" + g + " Q}";
        QTest::newRow(qPrintable(s + " not")) << "not " + f << "not " + g;
        QTest::newRow(qPrintable(s + " line")) << "line --> " + f + " --> ."
                                               << "line --> " + g + " --> .";
        QTest::newRow(qPrintable(s + " find")) << "find " + f << "find " + g;
    }
}

void TestShortPaths::nextStateAsTheGeneralDash() { sameMatchesOnGames(); }

void TestShortPaths::attackersOfAKing()
{
    // Looked up from the king (few targets) and piece by piece (one attacker
    // at a time): the start, a double check, a knight and a bishop, a pawn,
    // both kings attacked, a middlegame.
    const char *fens[] = {
        chess::Position::StartFen,           "4k3/8/8/8/8/8/4r3/r3K3 w - - 0 1",
        "4k3/8/8/1b6/8/3n4/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
        "4k3/8/8/1B6/8/3n4/8/4K3 w - - 0 1", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R b KQ - 0 9"};
    for (const char *fen : fens)
        for (const std::string fast :
             {"a attacks K", "A attacks k", "[Aa] attacks [Kk]", "A attacks [a1-h8]", "a attacks .e4"}) {
            const size_t space = fast.find(' ');
            const std::string general = "square x in " + fast.substr(0, space) + " x" + fast.substr(space);
            QCOMPARE(evalSet(fast, fen), evalSet(general, fen));
        }
}

void TestShortPaths::boundsFolded()
{
    // {X >= a X <= b}: one comparison inside another, X read once.
    auto partsOf = [](const std::string &body) {
        auto q = compileBody(body);
        if (!q) return -1;
        const cql::Filter *f = cql::ProgramAccess::program(*q).body[0].get();
        if (const auto *c = dynamic_cast<const cql::CompoundFilter *>(f)) return int(c->parts().size());
        return dynamic_cast<const cql::CompareFilter *>(f) ? 1 : -1;
    };
    // Other numbers, other sides or other pieces stay two comparisons.
    const std::pair<const char *, int> blocks[] = {
        {"{year >= 1990 year <= 2000}", 1},
        {"{elo white >= 2500 elo white <= 2600}", 1},
        {"{#R >= 1 #R <= 2}", 1},
        {"{power [Qq] > 8 power [Qq] < 13 wtm}", 2},
        {"{elo white >= 2500 elo black <= 2600}", 2},
        {"{#R >= 1 #r <= 2}", 2},
        {"{#R >= 1 #R != 2}", 2},
        {"{#(R attacks k) >= 1 #(R attacks k) <= 2}", 2},
    };
    for (auto [block, parts] : blocks)
        QCOMPARE(partsOf(block), parts);
}

void TestShortPaths::foldedBoundsAsTwoComparisons_data()
{
    QTest::addColumn<QString>("fast");
    QTest::addColumn<QString>("general");
    // A count, strict bounds, the ply, under a transform, in line, as a value.
    const char *pairs[][2] = {
        {"{#P >= 6 #P <= 7}", "{#P >= 6 true #P <= 7}"},
        {"{#p > 5 #p < 8}", "{#p > 5 true #p < 8}"},
        {"{ply >= 3 ply <= 9}", "{ply >= 3 true ply <= 9}"},
        {"flipcolor {power A >= 30 power A <= 38}", "flipcolor {power A >= 30 true power A <= 38}"},
        {"line --> {#N >= 1 #N <= 2} --> {movenumber >= 2 movenumber <= 4}",
         "line --> {#N >= 1 true #N <= 2} --> {movenumber >= 2 true movenumber <= 4}"},
        {"{#P >= 6 #P <= 7} == 7", "{#P >= 6 true #P <= 7} == 7"},
    };
    for (const auto &[fast, general] : pairs)
        QTest::newRow(fast) << QString(fast) << QString(general);
}

void TestShortPaths::foldedBoundsAsTwoComparisons() { sameMatchesOnGames(); }

void TestShortPaths::mateWhereTheGameGoesOn()
{
    // `mate` and `stalemate` skip the move generation where a move leaves the
    // position; a null move does not count. Each must match exactly where the
    // position itself says so.
    int mates = 0, stalemates = 0;
    for (const char *pgn : Games) {
        const game::Game g = pgnGame(pgn);
        for (const char *state : {"mate", "stalemate"}) {
            QList<int> expected;
            for (int n = 0; n < int(g.nodes.size()); ++n) {
                const chess::Position &p = g.nodes[size_t(n)].position;
                if (std::string_view(state) == "mate" ? p.isCheckmate() : p.isStalemate()) expected << n;
            }
            const cql::GameResult r = runQuery(std::string("cql(variations)\n") + state, g);
            QCOMPARE(QString::fromStdString(r.error), QString());
            QList<int> found = nodes(r);
            std::sort(found.begin(), found.end());
            QCOMPARE(found, expected);
            (std::string_view(state) == "mate" ? mates : stalemates) += int(found.size());
        }
    }
    QCOMPARE(mates, 5);
    QCOMPARE(stalemates, 3);
}

QTEST_APPLESS_MAIN(TestShortPaths)
#include "tst_shortpaths.moc"
