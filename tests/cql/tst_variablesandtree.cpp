// Variables and the game tree: virtualmainline, currentmove, atomic (as CQL 6.2
// reads it), and ∊ / ∀ over the keys of a dictionary.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

int matches(const std::string &query, const char *pgn = "1. e4 e5 *\n")
{
    cql::GameResult r = runQuery(query, pgnGame(pgn));
    return r.error.empty() ? int(r.matches.size()) : -1;
}

} // namespace

class TestVariablesAndTree : public QObject {
    Q_OBJECT
private slots:
    void virtualMainline();
    void atomicUndoesAssignments();
    void atomicKeepsSuccess();
    void dictionaryKeys();
    void dictionaryKeyErrors();
    void currentMove();
};

void TestVariablesAndTree::virtualMainline()
{
    // Main line: start, e4, e5, Nf3 (4); the variation 1.d4 d5 2.c4 is a
    // variation's own main line (3); 2.Nf3 inside it leaves it again.
    const char *tree = "1. e4 (1. d4 d5 2. c4 (2. Nf3)) e5 2. Nf3 *\n";
    QCOMPARE(matches("cql(variations) virtualmainline", tree), 7);
    QCOMPARE(matches("cql(variations) virtualmainline variation", tree), 3);
    QCOMPARE(matches("cql(variations) not virtualmainline", tree), 1);
    QCOMPARE(matches("cql(variations) mainline", tree), 4);
}

void TestVariablesAndTree::atomicUndoesAssignments()
{
    // CQL 6.2 takes atomic only before an assignment.
    QCOMPARE(matches("cql() initial atomic {x = 1 false}"), -1);
    QCOMPARE(matches("cql() initial atomic check"), -1);
}

void TestVariablesAndTree::atomicKeepsSuccess()
{
    // Outside a path, atomic x = v is an assignment; compiling warns of nothing.
    QCOMPARE(matches("cql() initial x = 0 {atomic x = 1 true} x == 1"), 1);
    std::vector<cql::Diagnostic> d;
    QVERIFY(cql::compile("cql() atomic x = 1", {}, d));
    QVERIFY(d.empty());
    // After a path that matched, an atomic variable has the value the best
    // line left; after one that failed, its value from before (as CQL 6.2).
    QCOMPARE(matches("cql() initial atomic x = 0 {path -- {x += 1}} x == 1"), 1);
    QCOMPARE(matches("cql() initial atomic x = 0 {path -- {x += 1} -- {x += 1} false} or true x == 0"), 1);
    QCOMPARE(matches("cql() initial x = 0 {path -- {x += 1} -- {x += 1} false} or true x == 0"), 0);
}

void TestVariablesAndTree::dictionaryKeys()
{
    const std::string d = "cql() initial dictionary D D[\"a\"] = 1 D[\"b\"] = 2 ";
    QCOMPARE(matches(d + "Key∊D D[Key] == 2"), 1);
    QCOMPARE(matches(d + "Key∊D D[Key] == 3"), 0);
    QCOMPARE(matches(d + "∀Key∊D D[Key] >= 1"), 1);
    QCOMPARE(matches(d + "∀Key∊D D[Key] == 2"), 0);
    QCOMPARE(matches(d + "Key [element] D Key == \"b\""), 1);
    QCOMPARE(matches(d + "[forall] Key [element] D Key < \"c\""), 1);
    // Numeric keys, written with square ... in.
    const std::string n = "cql() initial dictionary Nums Nums[3] = 1 Nums[5] = 2 ";
    QCOMPARE(matches(n + "square all Key in Nums Key > 2"), 1);
    QCOMPARE(matches(n + "square all Key in Nums Key > 4"), 0);
    QCOMPARE(matches(n + "square Key in Nums Key > 4"), 1);
    // The body may count the keys.
    QCOMPARE(matches(n + "Count = 0  ∀Key∊Nums {Count += 1} Count == 2"), 1);
}

void TestVariablesAndTree::dictionaryKeyErrors()
{
    QVERIFY(firstError("cql() dictionary D Key∊D true").find("not known here") != std::string::npos);
    // Position keys iterate too (tst_positiondict).
    QCOMPARE(firstError("cql() dictionary D D[currentposition] = 1 Key∊D true"), std::string());
}

void TestVariablesAndTree::currentMove()
{
    // 1.e4 d5 2.exd5 Nf6 3.d4 Nxd5: seven positions, six moves.
    const char *game = "1. e4 d5 2. exd5 Nf6 3. d4 Nxd5 *\n";
    QCOMPARE(matches("cql() currentmove n--", game), 2);   // after ...Nf6 and ...Nxd5
    QCOMPARE(matches("cql() currentmove [x]", game), 2);   // after exd5 and Nxd5
    QCOMPARE(matches("cql() currentmove P--d4", game), 1); // after 3.d4 only
    QCOMPARE(matches("cql() currentmove --", game), 6);    // every position but the start
    QCOMPARE(matches("cql() n--", game), 2);               // the next move: before ...Nf6 and ...Nxd5
    QCOMPARE(matches("cql() not currentmove [x] and currentmove --", game), 4);
    QVERIFY(firstError("cql() currentmove legal --").find("expected a dash filter") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestVariablesAndTree)
#include "tst_variablesandtree.moc"
